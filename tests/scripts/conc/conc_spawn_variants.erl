-module(conc_spawn_variants).
-export([main/0, worker/2]).

worker(Parent, X) -> Parent ! {worker, X * 10}.

main() ->
    Me = self(),
    P1 = spawn(?MODULE, worker, [Me, 1]),
    receive {worker, V1} -> io:format("~p~n", [V1]) end,
    P2 = spawn_link(?MODULE, worker, [Me, 2]),
    receive {worker, V2} -> io:format("~p~n", [V2]) end,
    {P3, R3} = spawn_monitor(?MODULE, worker, [Me, 3]),
    receive {worker, V3} -> io:format("~p~n", [V3]) end,
    receive {'DOWN', R3, process, P3, Why} -> io:format("~p~n", [Why]) end,
    P4 = spawn_opt(fun() -> Me ! {opt, self()} end, [link]),
    receive {opt, P4} -> io:format("opt ok~n") end,
    {P5, R5} = spawn_opt(fun() -> exit(opt_monitor) end, [monitor]),
    receive {'DOWN', R5, process, P5, W5} -> io:format("~p~n", [W5]) end,
    io:format("~p~n", [[is_pid(P) || P <- [P1, P2, P3, P4, P5]]]),
    io:format("~p~n", [length(lists:usort([P1, P2, P3, P4, P5, self()]))]),
    io:format("~p~n", [self() =:= self()]),
    Child = spawn(fun() -> Me ! {parent_seen, self()} end),
    receive {parent_seen, Ch} -> io:format("~p~n", [Ch =:= Child]) end,
    %% a spawn of an undefined function: the process dies with undef
    {P6, R6} = spawn_monitor(no_such_module_zz, f, []),
    receive {'DOWN', R6, process, P6, {undef, [{M, F, A, _} | _]}} -> io:format("~p~n", [{undef, M, F, A}]) end,
    ok.
