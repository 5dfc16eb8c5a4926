-module(conc_ping_pong).
-export([main/0]).

pong() ->
    receive
        {ping, N, From} -> From ! {pong, N}, pong();
        stop -> ok
    end.

ping(_, 0, Acc) -> lists:reverse(Acc);
ping(Pong, N, Acc) ->
    Pong ! {ping, N, self()},
    receive {pong, N} -> ping(Pong, N - 1, [N | Acc]) end.

main() ->
    Pong = spawn(fun pong/0),
    io:format("~p~n", [ping(Pong, 10, [])]),
    Many = ping(Pong, 100000, []),
    io:format("~p ~p~n", [length(Many), lists:sum(Many)]),
    Pong ! stop,
    ok.
