-module(ets_basic).
-export([main/0]).

%% The core table operations on each table type: new/2, insert/2,
%% insert_new/2, lookup/2, member/2, lookup_element/3, delete/2,
%% delete_object/2, delete_all_objects/1, take/2, the keypos option,
%% delete/1, and the badarg cases. Results of hash tables are sorted.
%% Objects of one key in a bag are inserted one insert/2 call at a time:
%% OTP keeps the insertion order across calls, but within one list
%% (ets:insert(Bag, [{k,1},{k,2}])) it reverses it, and a list with two
%% objects of one key in a set leaves which one wins undefined.

-record(person, {name, age}).

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

sorted(T) -> lists:sort(ets:tab2list(T)).

main() ->
    [each_type(Type) || Type <- [set, ordered_set, bag, duplicate_bag]],
    insert_new(),
    lookup_element(),
    delete_object(),
    keypos(),
    bad_inserts(),
    deleted_table(),
    ok.

each_type(Type) ->
    T = ets:new(tab, [Type]),
    io:format("== ~p~n", [Type]),
    io:format("ref ~p type ~p size ~p~n",
              [is_reference(T), ets:info(T, type), ets:info(T, size)]),
    true = ets:insert(T, {a, 1}),
    true = ets:insert(T, [{b, 2}, {c, 3}]),
    true = ets:insert(T, {a, 4}),
    true = ets:insert(T, {a, 1}),
    io:format("size ~p~n", [ets:info(T, size)]),
    io:format("all ~p~n", [sorted(T)]),
    io:format("lookup a ~p~n", [ets:lookup(T, a)]),
    io:format("lookup z ~p~n", [ets:lookup(T, z)]),
    io:format("member ~p ~p~n", [ets:member(T, b), ets:member(T, z)]),
    io:format("lookup_element a 2 ~p~n", [ets:lookup_element(T, a, 2)]),
    io:format("take a ~p~n", [ets:take(T, a)]),
    io:format("take a again ~p~n", [ets:take(T, a)]),
    io:format("delete b ~p, missing ~p~n", [ets:delete(T, b), ets:delete(T, z)]),
    io:format("after ~p size ~p~n", [sorted(T), ets:info(T, size)]),
    true = ets:insert(T, [{k, N} || N <- lists:seq(1, 5)]),
    io:format("before clear ~p~n", [ets:info(T, size)]),
    io:format("delete_all_objects ~p~n", [ets:delete_all_objects(T)]),
    io:format("after clear ~p ~p~n", [ets:info(T, size), ets:tab2list(T)]),
    true = ets:insert(T, {again, 1}),
    io:format("reuse ~p~n", [ets:tab2list(T)]),
    io:format("delete ~p~n", [ets:delete(T)]).

insert_new() ->
    io:format("== insert_new~n"),
    S = ets:new(s, [set]),
    io:format("~p ~p~n", [ets:insert_new(S, {a, 1}), ets:insert_new(S, {a, 2})]),
    io:format("lookup ~p~n", [ets:lookup(S, a)]),
    %% a list is all or nothing
    io:format("list with dup key ~p~n", [ets:insert_new(S, [{b, 1}, {a, 3}])]),
    io:format("b ~p~n", [ets:member(S, b)]),
    io:format("fresh list ~p~n", [ets:insert_new(S, [{b, 1}, {c, 2}])]),
    io:format("all ~p~n", [sorted(S)]),
    io:format("empty list ~p~n", [ets:insert_new(S, [])]),
    B = ets:new(b, [bag]),
    io:format("bag ~p ~p ~p~n", [ets:insert_new(B, {a, 1}), ets:insert_new(B, {a, 2}),
                                 ets:lookup(B, a)]),
    io:format("bad ~p~n", [t(fun() -> ets:insert_new(S, [{d, 1}, nope]) end)]),
    io:format("d ~p~n", [ets:member(S, d)]).

lookup_element() ->
    io:format("== lookup_element~n"),
    S = ets:new(s, [set]),
    ets:insert(S, {k, v1, v2}),
    io:format("~p ~p ~p~n", [ets:lookup_element(S, k, 1), ets:lookup_element(S, k, 2),
                             ets:lookup_element(S, k, 3)]),
    io:format("missing ~p~n", [t(fun() -> ets:lookup_element(S, nokey, 2) end)]),
    io:format("pos 4 ~p~n", [t(fun() -> ets:lookup_element(S, k, id(4)) end)]),
    io:format("pos 0 ~p~n", [t(fun() -> ets:lookup_element(S, k, id(0)) end)]),
    B = ets:new(b, [bag]),
    [ets:insert(B, {k, N}) || N <- [1, 2, 3]],
    io:format("bag ~p~n", [ets:lookup_element(B, k, 2)]),
    D = ets:new(d, [duplicate_bag]),
    [ets:insert(D, {k, N}) || N <- [1, 1, 2]],
    io:format("dbag ~p~n", [ets:lookup_element(D, k, 2)]),
    ets:insert(B, {k, 4, extra}),
    io:format("bag short ~p~n", [t(fun() -> ets:lookup_element(B, k, 3) end)]).

delete_object() ->
    io:format("== delete_object~n"),
    S = ets:new(s, [set]),
    ets:insert(S, [{a, 1}, {b, 2}]),
    io:format("set wrong ~p ~p~n", [ets:delete_object(S, {a, 2}), sorted(S)]),
    io:format("set right ~p ~p~n", [ets:delete_object(S, {a, 1}), sorted(S)]),
    B = ets:new(b, [bag]),
    [ets:insert(B, O) || O <- [{a, 1}, {a, 2}, {a, 3}, {b, 1}]],
    io:format("bag ~p ~p~n", [ets:delete_object(B, {a, 2}), ets:lookup(B, a)]),
    D = ets:new(d, [duplicate_bag]),
    [ets:insert(D, O) || O <- [{a, 1}, {a, 2}, {a, 1}, {a, 1}]],
    io:format("dbag lookup ~p~n", [ets:lookup(D, a)]),
    io:format("dbag ~p ~p~n", [ets:delete_object(D, {a, 1}), ets:lookup(D, a)]),
    io:format("size ~p~n", [ets:info(D, size)]).

keypos() ->
    io:format("== keypos~n"),
    T = ets:new(people, [set, {keypos, #person.name}]),
    io:format("keypos ~p~n", [ets:info(T, keypos)]),
    ets:insert(T, [#person{name = bob, age = 30}, #person{name = ann, age = 25}]),
    io:format("~p~n", [ets:lookup(T, bob)]),
    io:format("~p~n", [ets:lookup_element(T, ann, #person.age)]),
    ets:insert(T, #person{name = bob, age = 31}),
    io:format("~p~n", [sorted(T)]),
    O = ets:new(o, [ordered_set, {keypos, 2}]),
    ets:insert(O, [{x, 3, c}, {y, 1, a}, {z, 2, b}]),
    io:format("~p~n", [ets:tab2list(O)]),
    io:format("short ~p~n", [t(fun() -> ets:insert(O, {only}) end)]),
    io:format("short in list ~p~n", [t(fun() -> ets:insert(O, [{w, 4}, {only}]) end)]),
    io:format("size ~p~n", [ets:info(O, size)]),
    io:format("keypos 0 ~p~n", [t(fun() -> ets:new(x, [{keypos, id(0)}]) end)]).

bad_inserts() ->
    io:format("== bad inserts~n"),
    S = ets:new(s, [set]),
    io:format("atom ~p~n", [t(fun() -> ets:insert(S, id(foo)) end)]),
    io:format("empty tuple ~p~n", [t(fun() -> ets:insert(S, id({})) end)]),
    io:format("list with atom ~p~n", [t(fun() -> ets:insert(S, [{a}, id(b)]) end)]),
    io:format("improper ~p~n", [t(fun() -> ets:insert(S, [{a} | id({b})]) end)]),
    io:format("size ~p~n", [ets:info(S, size)]),
    io:format("empty list ~p~n", [ets:insert(S, [])]),
    io:format("bad type ~p~n", [t(fun() -> ets:new(x, [id(nosuchtype)]) end)]),
    io:format("bad name ~p~n", [t(fun() -> ets:new(id("x"), []) end)]).

deleted_table() ->
    io:format("== deleted~n"),
    T = ets:new(gone, [set]),
    ets:insert(T, {a, 1}),
    true = ets:delete(T),
    io:format("lookup ~p~n", [t(fun() -> ets:lookup(T, a) end)]),
    io:format("insert ~p~n", [t(fun() -> ets:insert(T, {a, 2}) end)]),
    io:format("delete ~p~n", [t(fun() -> ets:delete(T) end)]),
    io:format("info ~p ~p~n", [ets:info(T), ets:info(T, size)]),
    io:format("nosuch ~p~n", [t(fun() -> ets:lookup(id(nosuch_ets_tab), 1) end)]).
