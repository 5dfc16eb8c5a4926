-module(conc_links_trap).
-export([main/0]).

main() ->
    process_flag(trap_exit, true),
    P1 = spawn_link(fun() -> exit(custom_reason) end),
    receive {'EXIT', P1, R1} -> io:format("~p ~p~n", [P1, R1]) end,
    P2 = spawn_link(fun() -> ok end),
    receive {'EXIT', P2, R2} -> io:format("~p ~p~n", [P2, R2]) end,
    P3 = spawn_link(fun() -> throw(up) end),
    receive {'EXIT', P3, {R3, _}} -> io:format("~p ~p~n", [P3, R3]) end,
    P4 = spawn_link(fun() -> receive never -> ok end end),
    exit(P4, kill),
    receive {'EXIT', P4, R4} -> io:format("~p ~p~n", [P4, R4]) end,
    P5 = spawn_link(fun() -> receive never -> ok end end),
    exit(P5, going_down),
    receive {'EXIT', P5, R5} -> io:format("~p ~p~n", [P5, R5]) end,
    %% an untrapped linked process dies with the same reason
    Me = self(),
    P6 = spawn(fun() ->
                       Child = spawn_link(fun() -> receive go -> exit(boom) end end),
                       Me ! {child, Child},
                       receive never -> ok end
               end),
    monitor(process, P6),
    receive {child, C} -> C ! go end,
    receive {'DOWN', _, process, P6, R6} -> io:format("~p ~p~n", [P6, R6]) end,
    %% a normal exit does not kill an untrapped linked process
    P7 = spawn(fun() ->
                       spawn_link(fun() -> ok end),
                       receive after 50 -> Me ! {p7, still_alive} end
               end),
    receive {p7, S} -> io:format("~p~n", [S]) end,
    _ = P7,
    ok.
