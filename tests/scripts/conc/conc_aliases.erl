-module(conc_aliases).
-export([main/0]).

%% Process aliases (alias/0,1, unalias/1, monitor/3's alias and tag
%% options, spawn_opt's {monitor, Options}) and the 'DOWN' message as a
%% signal: what arrives through an alias and when it stops arriving.

flush() -> receive M -> [M | flush()] after 20 -> [] end.

shape(T) when is_tuple(T) -> element(1, T);
shape(T) -> T.

waiter() -> spawn(fun() -> receive X -> exit(X) end end).

err(F) ->
    try F() of V -> {value, V} catch C:R -> {C, R} end.

main() ->
    %% alias/0,1 and the last option winning
    A = alias([reply]), A ! 1, A ! 2,
    io:format("reply: ~p ~p~n", [flush(), unalias(A)]),
    B = alias(), B ! 1, B ! 2,
    io:format("explicit: ~p ~p ~p~n", [flush(), unalias(B), unalias(B)]),
    B ! 3,
    io:format("after unalias: ~p~n", [flush()]),
    C = alias([reply, explicit_unalias]), C ! 1, C ! 2,
    io:format("reply,explicit: ~p ~p~n", [flush(), unalias(C)]),
    D = alias([explicit_unalias, reply]), D ! 1, D ! 2,
    io:format("explicit,reply: ~p ~p~n", [flush(), unalias(D)]),
    io:format("is_reference: ~p~n", [is_reference(alias())]),

    %% monitors' aliases
    P1 = waiter(),
    M1 = monitor(process, P1, [{alias, reply_demonitor}]),
    M1 ! a, M1 ! b, P1 ! bye,
    io:format("reply_demonitor: ~p ~p ~p~n", [flush(), unalias(M1), demonitor(M1, [info])]),
    P2 = waiter(),
    M2 = monitor(process, P2, [{alias, demonitor}, {tag, mytag}]),
    M2 ! a, P2 ! bye, timer:sleep(10), M2 ! c,
    Tagged = [case E of {T, R, process, _, Re} when R =:= M2 -> {T, Re}; _ -> E end || E <- flush()],
    io:format("demonitor: ~p ~p~n", [Tagged, unalias(M2)]),
    P3 = waiter(),
    M3 = monitor(process, P3, [{alias, explicit_unalias}]),
    io:format("demonitor explicit: ~p~n", [demonitor(M3, [info])]),
    M3 ! x, P3 ! bye,
    io:format("explicit monitor: ~p ~p~n", [flush(), unalias(M3)]),
    P4 = waiter(),
    M4 = monitor(process, P4, [{alias, demonitor}]),
    io:format("unalias monitor: ~p~n", [unalias(M4)]),
    M4 ! dropped, P4 ! bye,
    io:format("monitor stays: ~p ~p~n", [[shape(E) || E <- flush()], demonitor(M4, [info])]),
    P5 = waiter(),
    M5 = monitor(process, P5, [{alias, demonitor}]),
    demonitor(M5), M5 ! dropped, P5 ! bye,
    io:format("demonitor removes: ~p~n", [flush()]),

    %% monitoring oneself makes neither monitor nor alias
    M6 = monitor(process, self(), [{alias, reply_demonitor}]), M6 ! x,
    io:format("self: ~p ~p ~p~n", [flush(), unalias(M6), demonitor(M6, [info])]),

    %% monitoring what does not exist
    M7 = monitor(process, no_such_name, [{alias, demonitor}, {tag, tt}]), M7 ! x,
    io:format("dead demonitor: ~p ~p~n", [[shape(E) || E <- flush()], unalias(M7)]),
    M8 = monitor(process, no_such_name, [{alias, explicit_unalias}]), M8 ! x,
    io:format("dead explicit: ~p ~p~n", [[shape(E) || E <- flush()], unalias(M8)]),
    io:format("tag on dead: ~p~n", [[shape(E) || E <- begin monitor(process, P5, [{tag, t2}]), flush() end]]),

    %% the 'DOWN' message is a signal: demonitor after the target died
    %% but before the 'DOWN' was received leaves no 'DOWN' behind, and
    %% demonitor after receiving it finds no monitor
    P9 = waiter(),
    M9 = monitor(process, P9),
    P9 ! bye, receive {'DOWN', M9, _, _, _} -> ok end,
    io:format("info after DOWN: ~p~n", [demonitor(M9, [info])]),
    io:format("monitors: ~p~n", [process_info(self(), monitors)]),
    P10 = waiter(),
    M10 = monitor(process, P10, [{tag, {my, tag}}]),
    P10 ! bye, timer:sleep(10),
    io:format("queue: ~p~n", [[{shape(T), R =:= M10, Re} || {T, R, process, _, Re} <- element(2, process_info(self(), messages))]]),
    io:format("flush tagged: ~p ~p~n", [demonitor(M10, [flush, info]), flush()]),

    %% spawn_opt's monitor options
    {P11, M11} = spawn_opt(fun() -> receive {go, R} -> R ! hi, R ! hi2 end end,
                           [{monitor, [{alias, reply_demonitor}, {tag, sp}]}]),
    P11 ! {go, M11},
    io:format("spawn_opt alias: ~p~n", [flush()]),
    {_, M12} = spawn_opt(fun() -> ok end, [{monitor, [{tag, zz}]}]),
    receive {zz, M12, process, _, normal} -> io:format("spawn_opt tag~n") after 1000 -> io:format("no tag~n") end,

    %% someone else's alias, references that are no alias, sends to them
    Me = self(),
    spawn(fun() -> Me ! {other, alias()} end),
    receive {other, OA} -> io:format("unalias other's: ~p~n", [unalias(OA)]) end,
    io:format("send to ref: ~p ~p~n", [make_ref() ! hello, erlang:send(make_ref(), x, [noconnect])]),
    io:format("unalias ref: ~p~n", [unalias(make_ref())]),

    %% a late reply through an alias that its monitor took along
    Server = spawn(fun() -> receive {call, From, Tag} -> timer:sleep(50), From ! {Tag, late} end end),
    MS = monitor(process, Server, [{alias, demonitor}]),
    Server ! {call, MS, MS},
    R1 = receive {MS, V} -> V after 10 -> demonitor(MS, [flush]), timeout end,
    timer:sleep(80),
    io:format("late reply: ~p ~p~n", [R1, flush()]),

    %% a replying alias from another process, in order with other messages
    E = alias([reply]),
    spawn(fun() -> Me ! one, E ! two, Me ! three, E ! four end),
    timer:sleep(20),
    io:format("order: ~p~n", [flush()]),

    %% bad arguments
    io:format("~p~n", [err(fun() -> alias(foo) end)]),
    io:format("~p~n", [err(fun() -> alias([bad]) end)]),
    io:format("~p~n", [err(fun() -> unalias(foo) end)]),
    io:format("~p~n", [err(fun() -> monitor(process, self(), [{alias, reply}]) end)]),
    io:format("~p~n", [err(fun() -> monitor(process, self(), [alias]) end)]),
    io:format("~p~n", [err(fun() -> monitor(process, self(), bad) end)]),
    io:format("~p~n", [err(fun() -> spawn_opt(fun() -> ok end, [{monitor, [bad]}]) end)]),
    io:format("~p~n", [shape(element(2, err(fun() -> monitor(process, self(), [{tag, a}, {tag, b}]) end)))]),
    ok.
