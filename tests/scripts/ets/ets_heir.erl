-module(ets_heir).
-export([main/0]).

%% heir and 'ETS-TRANSFER' when the owner dies (normal exit, kill),
%% setopts/2 heir, give_away/3 and its badarg cases. Pids are compared,
%% never printed.

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

main() ->
    heir(),
    give_away(),
    ok.

%% A table owned by a new process, which runs funs on it until stop.
owned(Opts) ->
    owned(owned, Opts).

owned(Name, Opts) ->
    Me = self(),
    {Pid, Mon} = spawn_monitor(fun() ->
                                       T = ets:new(Name, Opts),
                                       ets:insert(T, {k, v}),
                                       Me ! {tab, self(), T},
                                       owner_loop(T)
                               end),
    T = receive {tab, Pid, Tab} -> Tab end,
    {Pid, Mon, T}.

owner_loop(T) ->
    receive
        {do, From, F} ->
            From ! {done, self(), t(fun() -> F(T) end)},
            owner_loop(T);
        stop ->
            ok
    end.

%% Runs F(Table) in the owner.
do(Pid, F) ->
    Pid ! {do, self(), F},
    receive {done, Pid, X} -> X end.

stop(Pid, Mon) ->
    Pid ! stop,
    receive {'DOWN', Mon, process, Pid, Why} -> Why end.

heir() ->
    io:format("== heir~n"),
    Me = self(),
    {Pid, Mon, T} = owned([{heir, Me, my_data}]),
    io:format("heir is me ~p owner is other ~p~n",
              [ets:info(T, heir) =:= Me, ets:info(T, owner) =:= Pid]),
    io:format("down ~p~n", [stop(Pid, Mon)]),
    receive
        {'ETS-TRANSFER', Tab, From, Data} ->
            io:format("transfer tab ~p from ~p data ~p~n", [Tab =:= T, From =:= Pid, Data])
    end,
    io:format("owner now me ~p lookup ~p~n", [ets:info(T, owner) =:= Me, ets:lookup(T, k)]),
    io:format("mine: insert ~p~n", [ets:insert(T, {k2, v2})]),
    %% setopts: heir none, then back
    {Pid2, Mon2, T2} = owned([{heir, Me, x}]),
    io:format("setopts non-owner ~p~n", [t(fun() -> ets:setopts(T2, {heir, none}) end)]),
    io:format("setopts own ~p ~p~n",
              [ets:setopts(T, {heir, none}), ets:info(T, heir)]),
    io:format("setopts heir self ~p ~p~n",
              [ets:setopts(T, [{heir, Me, again}]), ets:info(T, heir) =:= Me]),
    io:format("setopts bad ~p ~p~n",
              [t(fun() -> ets:setopts(T, {keypos, id(2)}) end),
               t(fun() -> ets:setopts(T, {heir, id(notapid), x}) end)]),
    io:format("no heir by default ~p~n", [ets:info(ets:new(x, []), heir)]),
    io:format("down ~p~n", [stop(Pid2, Mon2)]),
    receive
        {'ETS-TRANSFER', Tab2, From2, Data2} ->
            io:format("transfer 2 tab ~p from ~p data ~p~n",
                      [Tab2 =:= T2, From2 =:= Pid2, Data2])
    end,
    %% heir set later by the owner; a table whose heir was removed dies
    %% with its owner
    {Pid3, Mon3, T3} = owned([]),
    io:format("set heir ~p ~p~n",
              [do(Pid3, fun(Tb) -> ets:setopts(Tb, {heir, Me, later}) end),
               ets:info(T3, heir) =:= Me]),
    io:format("remove heir ~p ~p~n",
              [do(Pid3, fun(Tb) -> ets:setopts(Tb, {heir, none}) end),
               ets:info(T3, heir)]),
    io:format("down ~p info ~p~n", [stop(Pid3, Mon3), ets:info(T3)]),
    %% the heir gets the table from a killed owner too
    {Pid4, Mon4, T4} = owned([{heir, Me, killed}]),
    exit(Pid4, kill),
    receive {'DOWN', Mon4, process, Pid4, Why4} -> io:format("down ~p~n", [Why4]) end,
    receive
        {'ETS-TRANSFER', Tab4, From4, Data4} ->
            io:format("transfer 4 tab ~p from ~p data ~p~n",
                      [Tab4 =:= T4, From4 =:= Pid4, Data4])
    end,
    %% a table its owner deleted is not inherited
    {Pid5, Mon5, T5} = owned([{heir, Me, deleted}]),
    ok = do(Pid5, fun(Tb) -> ets:delete(Tb), ok end),
    io:format("deleted by owner ~p~n", [ets:info(T5)]),
    stop(Pid5, Mon5),
    receive {'ETS-TRANSFER', _, _, _} -> io:format("unexpected transfer~n")
    after 0 -> ok
    end,
    ok.

give_away() ->
    io:format("== give_away~n"),
    Me = self(),
    T = ets:new(gift, [protected]),
    ets:insert(T, {k, 1}),
    R = make_ref(),
    P = spawn(fun() ->
                      receive
                          {'ETS-TRANSFER', Tab, From, Gift} ->
                              Me ! {R, Tab =:= T, From =:= Me, Gift,
                                    ets:info(Tab, owner) =:= self(),
                                    t(fun() -> ets:insert(Tab, {k, 2}) end)}
                      end,
                      receive stop -> ok end
              end),
    io:format("heir none ~p~n", [ets:info(T, heir)]),
    io:format("give_away ~p~n", [ets:give_away(T, P, {the, gift})]),
    receive
        {R, SameTab, FromMe, Gift, OwnerIsP, Ins} ->
            io:format("received tab ~p from ~p gift ~p owner ~p insert ~p~n",
                      [SameTab, FromMe, Gift, OwnerIsP, Ins])
    end,
    io:format("owner is P ~p~n", [ets:info(T, owner) =:= P]),
    io:format("I can read ~p but not write ~p~n",
              [ets:lookup(T, k), t(fun() -> ets:insert(T, {k, 3}) end)]),
    io:format("give back by non-owner ~p~n", [t(fun() -> ets:give_away(T, Me, x) end)]),
    Mon = monitor(process, P),
    P ! stop,
    receive {'DOWN', Mon, process, P, _} -> ok end,
    io:format("gone with P ~p~n", [ets:info(T)]),
    T2 = ets:new(gift2, []),
    io:format("to self ~p~n", [t(fun() -> ets:give_away(T2, self(), x) end)]),
    Dead = spawn(fun() -> ok end),
    DMon = monitor(process, Dead),
    receive {'DOWN', DMon, process, Dead, _} -> ok end,
    io:format("to dead ~p~n", [t(fun() -> ets:give_away(T2, Dead, x) end)]),
    io:format("to non-pid ~p~n", [t(fun() -> ets:give_away(T2, id(self_atom), x) end)]),
    io:format("still mine ~p~n", [ets:info(T2, owner) =:= self()]),
    %% the failed give_aways sent nothing
    receive {'ETS-TRANSFER', _, _, _} = M -> io:format("stray ~p~n", [M])
    after 0 -> io:format("no stray messages~n")
    end.
