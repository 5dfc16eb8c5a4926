-module(recv_loop_server).
-export([main/0]).

counter(N) ->
    receive
        {inc, By} -> counter(N + By);
        {get, From} -> From ! {count, N}, counter(N);
        stop -> ok
    end.

main() ->
    P = spawn(fun() -> counter(0) end),
    [P ! {inc, I} || I <- lists:seq(1, 100)],
    P ! {get, self()},
    receive {count, C} -> io:format("~p~n", [C]) end,
    P ! {inc, -50},
    P ! {get, self()},
    receive {count, C2} -> io:format("~p~n", [C2]) end,
    Ref = monitor(process, P),
    P ! stop,
    receive {'DOWN', Ref, process, _, Reason} -> io:format("~p~n", [Reason]) end,
    ok.
