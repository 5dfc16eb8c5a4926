-module(ets_owner).
-export([main/0]).

%% Access rights (private, protected, public) seen from another process,
%% and the table dying with its owner (normal exit, kill, named table).
%% Pids are compared, never printed.

t(F) ->
    try F() catch C:R -> {C, R} end.

%% Runs F in a new process and returns what it returned (or raised).
other(F) ->
    Me = self(),
    R = make_ref(),
    spawn(fun() -> Me ! {R, t(F)} end),
    receive {R, X} -> X end.
main() ->
    access(),
    owner_exit(),
    ok.

access() ->
    [begin
         T = ets:new(acc, [P]),
         ets:insert(T, {k, 1}),
         io:format("~p protection ~p owner is self ~p~n",
                   [P, ets:info(T, protection), ets:info(T, owner) =:= self()]),
         io:format("  other lookup ~p~n", [other(fun() -> ets:lookup(T, k) end)]),
         io:format("  other member ~p~n", [other(fun() -> ets:member(T, k) end)]),
         io:format("  other select ~p~n",
                   [other(fun() -> ets:select(T, [{'_', [], ['$_']}]) end)]),
         io:format("  other first ~p~n", [other(fun() -> ets:first(T) end)]),
         io:format("  other insert ~p~n", [other(fun() -> ets:insert(T, {o, 2}) end)]),
         io:format("  other update_counter ~p~n",
                   [other(fun() -> ets:update_counter(T, k, 1) end)]),
         io:format("  other delete key ~p~n", [other(fun() -> ets:delete(T, o) end)]),
         io:format("  other info ~p~n", [other(fun() -> ets:info(T, protection) end)]),
         io:format("  other give_away ~p~n",
                   [other(fun() -> ets:give_away(T, self(), x) end)]),
         io:format("  owner sees ~p~n", [lists:sort(ets:tab2list(T))]),
         %% any process may delete a public table
         io:format("  other delete table ~p~n", [other(fun() -> ets:delete(T) end)]),
         io:format("  info ~p~n", [ets:info(T, protection)]),
         P =:= public orelse ets:delete(T)
     end || P <- [private, protected, public]],
    D = ets:new(dflt, []),
    io:format("default protection ~p~n", [ets:info(D, protection)]).

%% A table owned by a new process, which waits for stop.
owned(Opts) ->
    owned(owned, Opts).

owned(Name, Opts) ->
    Me = self(),
    {Pid, Mon} = spawn_monitor(fun() ->
                                       T = ets:new(Name, Opts),
                                       ets:insert(T, {k, v}),
                                       Me ! {tab, self(), T},
                                       receive stop -> ok end
                               end),
    T = receive {tab, Pid, Tab} -> Tab end,
    {Pid, Mon, T}.

stop(Pid, Mon) ->
    Pid ! stop,
    receive {'DOWN', Mon, process, Pid, Why} -> Why end.

owner_exit() ->
    io:format("== owner exit~n"),
    {Pid, Mon, T} = owned([public]),
    io:format("alive ~p ~p~n", [ets:lookup(T, k), ets:info(T, owner) =:= Pid]),
    io:format("down ~p~n", [stop(Pid, Mon)]),
    io:format("info ~p ~p~n", [ets:info(T), ets:info(T, size)]),
    io:format("lookup ~p~n", [t(fun() -> ets:lookup(T, k) end)]),
    {Pid2, Mon2, T2} = owned(ets_owner_named, [named_table]),
    io:format("named ~p ~p~n", [T2, ets:whereis(ets_owner_named) =/= undefined]),
    io:format("down ~p~n", [stop(Pid2, Mon2)]),
    io:format("named after ~p ~p~n",
              [ets:whereis(ets_owner_named), t(fun() -> ets:lookup(ets_owner_named, k) end)]),
    %% killed owner
    {Pid3, Mon3, T3} = owned([]),
    exit(Pid3, kill),
    receive {'DOWN', Mon3, process, Pid3, Why3} -> io:format("killed ~p~n", [Why3]) end,
    io:format("info ~p~n", [ets:info(T3)]).
