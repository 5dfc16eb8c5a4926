-module(err_exit_reasons).
-export([main/0]).

id(X) -> X.

%% How an uncaught exception in a process shows up as its exit reason.
reason_of(F) ->
    {P, Ref} = spawn_monitor(F),
    receive {'DOWN', Ref, process, P, R} -> strip(R) end.

strip({Reason, [{_, _, _, _} | _]}) -> {Reason, stack};
strip(Other) -> Other.

main() ->
    io:format("~p~n", [reason_of(fun() -> ok end)]),
    io:format("~p~n", [reason_of(fun() -> exit(normal) end)]),
    io:format("~p~n", [reason_of(fun() -> exit(my_reason) end)]),
    io:format("~p~n", [reason_of(fun() -> exit({shutdown, why}) end)]),
    io:format("~p~n", [reason_of(fun() -> throw(ball) end)]),
    io:format("~p~n", [reason_of(fun() -> error(bad) end)]),
    io:format("~p~n", [reason_of(fun() -> id(1) / id(0) end)]),
    io:format("~p~n", [reason_of(fun() -> {a} = id(b) end)]),
    io:format("~p~n", [reason_of(fun() -> exit(self(), kill) end)]),
    io:format("~p~n", [reason_of(fun() -> exit(self(), normal), still_alive end)]),
    ok.
