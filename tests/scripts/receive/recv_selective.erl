-module(recv_selective).
-export([main/0]).

flush() ->
    receive M -> [M | flush()] after 0 -> [] end.

main() ->
    [self() ! M || M <- [{low, 1}, {high, 1}, {low, 2}, {high, 2}, {mid, 1}, {low, 3}]],
    %% take all high messages first, in arrival order
    Highs = take(high),
    Mids = take(mid),
    Lows = take(low),
    io:format("~p ~p ~p~n", [Highs, Mids, Lows]),
    %% the first clause that matches the oldest message wins, not the first clause
    [self() ! M || M <- [b, a]],
    R = receive a -> got_a; b -> got_b end,
    io:format("~p ~p~n", [R, flush()]),
    %% priority receive: prefer urgent if present, else anything
    [self() ! M || M <- [normal1, {urgent, x}, normal2]],
    P1 = receive {urgent, U} -> {urgent, U} after 0 -> receive Any -> Any end end,
    P2 = receive {urgent, U2} -> {urgent, U2} after 0 -> receive Any2 -> Any2 end end,
    io:format("~p ~p ~p~n", [P1, P2, flush()]),
    ok.

take(Tag) ->
    receive {Tag, N} -> [N | take(Tag)] after 0 -> [] end.
