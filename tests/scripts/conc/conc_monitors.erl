-module(conc_monitors).
-export([main/0]).

main() ->
    {P1, R1} = spawn_monitor(fun() -> exit(bye) end),
    receive {'DOWN', R1, process, P1, Why1} -> io:format("~p ~p ~p~n", [R1, P1, Why1]) end,
    P2 = spawn(fun() -> receive go -> ok end end),
    R2 = monitor(process, P2),
    P2 ! go,
    receive {'DOWN', R2, process, P2, Why2} -> io:format("~p ~p ~p~n", [R2, P2, Why2]) end,
    %% demonitor with flush removes a DOWN already queued
    P3 = spawn(fun() -> ok end),
    R3 = monitor(process, P3),
    receive after 50 -> ok end,
    io:format("~p~n", [demonitor(R3, [flush])]),
    io:format("~p~n", [receive {'DOWN', R3, _, _, _} -> got_down after 0 -> no_down end]),
    %% demonitor with info
    P4 = spawn(fun() -> receive stop -> ok end end),
    R4 = monitor(process, P4),
    io:format("~p~n", [demonitor(R4, [info])]),
    io:format("~p~n", [demonitor(R4, [info])]),
    P4 ! stop,
    %% two monitors on the same process give two DOWN messages
    P5 = spawn(fun() -> receive stop -> ok end end),
    Ra = monitor(process, P5),
    Rb = monitor(process, P5),
    P5 ! stop,
    Downs = [receive {'DOWN', R, process, P5, W} -> {R, W} end || R <- [Ra, Rb]],
    io:format("~p~n", [Downs]),
    %% monitor a registered name
    P6 = spawn(fun() -> receive stop -> exit(named_exit) end end),
    register(conc_monitors_named, P6),
    R6 = monitor(process, conc_monitors_named),
    conc_monitors_named ! stop,
    receive {'DOWN', R6, process, Item, W6} -> io:format("~p ~p~n", [Item, W6]) end,
    %% monitoring a name that is not registered
    R7 = monitor(process, conc_monitors_nobody),
    receive {'DOWN', R7, process, Item7, W7} -> io:format("~p ~p~n", [Item7, W7]) end,
    ok.
