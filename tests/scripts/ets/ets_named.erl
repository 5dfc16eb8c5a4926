-module(ets_named).
-export([main/0]).

%% Named tables: named_table, whereis/1, rename/2, a second table with a
%% taken name, info name/named_table, operations by name and by tid, and
%% unnamed tables sharing a name.

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

main() ->
    Name = ets_named_tab,
    Name = ets:new(Name, [named_table, set]),
    io:format("named_table ~p name ~p~n",
              [ets:info(Name, named_table), ets:info(Name, name)]),
    Tid = ets:whereis(Name),
    io:format("whereis is ref ~p~n", [is_reference(Tid)]),
    io:format("whereis missing ~p~n", [ets:whereis(ets_named_nosuch)]),
    true = ets:insert(Name, {a, 1}),
    true = ets:insert(Tid, {b, 2}),
    io:format("by name ~p by tid ~p~n", [ets:lookup(Name, b), ets:lookup(Tid, a)]),
    io:format("info by tid ~p ~p~n", [ets:info(Tid, name), ets:info(Tid, size)]),
    io:format("second new ~p~n",
              [t(fun() -> ets:new(id(ets_named_tab), [named_table]) end)]),
    io:format("unnamed same name ok ~p~n",
              [is_reference(ets:new(id(ets_named_tab), []))]),
    %% two unnamed tables with one name
    U1 = ets:new(shared_name, [set]),
    U2 = ets:new(shared_name, [ordered_set]),
    ets:insert(U1, {x, 1}),
    ets:insert(U2, {x, 2}),
    io:format("unnamed ~p ~p ~p ~p~n",
              [U1 =:= U2, ets:lookup(U1, x), ets:lookup(U2, x), ets:info(U2, name)]),
    io:format("unnamed not found by name ~p ~p~n",
              [t(fun() -> ets:lookup(id(shared_name), x) end),
               ets:whereis(shared_name)]),
    io:format("named_table false ~p~n", [ets:info(U1, named_table)]),
    %% rename
    New = ets:rename(Name, ets_named_new),
    io:format("rename -> ~p~n", [New]),
    io:format("old name ~p~n", [t(fun() -> ets:lookup(id(ets_named_tab), a) end)]),
    io:format("old whereis ~p~n", [ets:whereis(ets_named_tab)]),
    io:format("new name ~p ~p~n", [ets:lookup(ets_named_new, a), ets:info(ets_named_new, name)]),
    io:format("tid still valid ~p ~p~n",
              [ets:lookup(Tid, b), ets:whereis(ets_named_new) =:= Tid]),
    io:format("info by tid name ~p~n", [ets:info(Tid, name)]),
    %% the old name is free again
    Again = ets:new(ets_named_tab, [named_table, bag]),
    io:format("reuse ~p ~p~n", [Again, ets:info(Again, type)]),
    %% rename onto a taken name
    io:format("rename taken ~p~n",
              [t(fun() -> ets:rename(ets_named_new, id(ets_named_tab)) end)]),
    io:format("rename bad ~p~n", [t(fun() -> ets:rename(ets_named_new, id("str")) end)]),
    io:format("rename missing ~p~n",
              [t(fun() -> ets:rename(id(ets_named_nosuch), foo) end)]),
    %% renaming an unnamed table changes its name only
    R = ets:rename(U1, renamed_unnamed),
    io:format("rename unnamed ~p ~p ~p~n",
              [R =:= U1, ets:info(U1, name), ets:whereis(renamed_unnamed)]),
    %% delete by name frees it
    true = ets:delete(ets_named_new),
    io:format("deleted ~p ~p ~p~n",
              [ets:info(ets_named_new), ets:whereis(ets_named_new), ets:info(Tid)]),
    io:format("lookup deleted ~p~n", [t(fun() -> ets:lookup(Tid, a) end)]),
    true = ets:delete(ets_named_tab),
    io:format("both gone ~p~n", [ets:whereis(ets_named_tab)]),
    ok.
