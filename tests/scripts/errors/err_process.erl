-module(err_process).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

dead_pid() ->
    {P, Ref} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', Ref, process, P, _} -> P end.

main() ->
    Dead = dead_pid(),
    io:format("~p~n", [e(fun() -> link(Dead) end)]),
    io:format("~p~n", [e(fun() -> unlink(Dead) end)]),
    io:format("~p~n", [e(fun() -> Dead ! msg end)]),
    io:format("~p~n", [e(fun() -> exit(Dead, kill) end)]),
    io:format("~p~n", [e(fun() -> process_info(Dead) end)]),
    io:format("~p~n", [e(fun() -> is_process_alive(Dead) end)]),
    io:format("~p~n", [e(fun() -> register(err_process_name, Dead) end)]),
    io:format("~p~n", [e(fun() -> no_such_registered_name_zz ! msg end)]),
    io:format("~p~n", [e(fun() -> receive after id(-1) -> ok end end)]),
    io:format("~p~n", [e(fun() -> receive after id(infinit) -> ok end end)]),
    io:format("~p~n", [e(fun() -> receive after id(1.5) -> ok end end)]),
    io:format("~p~n", [e(fun() -> erlang:send_after(id(-5), self(), x) end)]),
    Ref = monitor(process, Dead),
    io:format("~p~n", [receive {'DOWN', Ref, process, P, R} -> {down, P =:= Dead, R} after 1000 -> none end]),
    process_flag(trap_exit, true),
    io:format("~p~n", [e(fun() -> link(Dead) end)]),
    io:format("~p~n", [receive {'EXIT', P2, R2} -> {exit, P2 =:= Dead, R2} after 1000 -> none end]),
    ok.
