-module(recv_after_zero).
-export([main/0]).

flush() ->
    receive M -> [M | flush()] after 0 -> [] end.

main() ->
    R1 = receive _ -> got after 0 -> empty end,
    io:format("~p~n", [R1]),
    self() ! one,
    self() ! two,
    R2 = receive X -> X after 0 -> empty end,
    io:format("~p~n", [R2]),
    io:format("~p~n", [flush()]),
    io:format("~p~n", [flush()]),
    %% after 0 with non-matching messages present
    self() ! {other, 1},
    R3 = receive {wanted, V} -> V after 0 -> no_match end,
    io:format("~p ~p~n", [R3, flush()]),
    ok.
