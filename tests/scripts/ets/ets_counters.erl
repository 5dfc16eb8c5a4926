-module(ets_counters).
-export([main/0]).

%% update_counter/3,4 (Incr, {Pos,Incr}, {Pos,Incr,Threshold,SetValue},
%% a list of ops, a default object) and update_element/3, with their
%% badarg cases, on set and ordered_set; bags refuse both.

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

main() ->
    [counters(Type) || Type <- [set, ordered_set]],
    defaults(),
    bad_counters(),
    elements(),
    bags(),
    ok.

counters(Type) ->
    io:format("== ~p~n", [Type]),
    T = ets:new(c, [Type]),
    ets:insert(T, {k, 0, 10, 100, x}),
    io:format("incr ~p~n", [ets:update_counter(T, k, 1)]),
    io:format("incr 5 ~p~n", [ets:update_counter(T, k, 5)]),
    io:format("decr ~p~n", [ets:update_counter(T, k, -10)]),
    io:format("pos 3 ~p~n", [ets:update_counter(T, k, {3, 7})]),
    %% threshold: incr above, decr below
    io:format("wrap up ~p~n", [ets:update_counter(T, k, {4, 10, 105, 1})]),
    io:format("wrap up again ~p~n", [ets:update_counter(T, k, {4, 10, 105, 1})]),
    io:format("over ~p~n", [ets:update_counter(T, k, {4, 104, 105, 0})]),
    io:format("at threshold ~p~n", [ets:update_counter(T, k, {4, 105, 105, 0})]),
    io:format("over by one ~p~n", [ets:update_counter(T, k, {4, 1, 105, 0})]),
    io:format("to threshold ~p~n", [ets:update_counter(T, k, {4, 1, 1, 0})]),
    io:format("wrap down ~p~n", [ets:update_counter(T, k, {3, -20, 0, 50})]),
    io:format("no wrap down ~p~n", [ets:update_counter(T, k, {3, -50, 0, 99})]),
    io:format("decr to threshold ~p~n", [ets:update_counter(T, k, {3, -1, -1, 5})]),
    %% an increment of 0 counts as not negative: above the threshold, wraps
    io:format("zero incr ~p~n", [ets:update_counter(T, k, {3, 0, -5, 7})]),
    io:format("object ~p~n", [ets:lookup(T, k)]),
    io:format("list ~p~n",
              [ets:update_counter(T, k, [{2, 1}, {3, 2}, {2, 1}, {4, 1000, 500, -1}])]),
    io:format("empty list ~p~n", [ets:update_counter(T, k, [])]),
    io:format("object ~p~n", [ets:lookup(T, k)]),
    %% bignums and back
    ets:insert(T, {big, 16#7ffffffffffffff0}),
    B1 = ets:update_counter(T, big, 16#100),
    io:format("big ~p~n", [B1]),
    io:format("big back ~p~n", [ets:update_counter(T, big, -16#100)]),
    io:format("huge ~p~n", [ets:update_counter(T, big, 1 bsl 100)]),
    io:format("negative ~p~n", [ets:update_counter(T, big, -(1 bsl 101))]).

defaults() ->
    io:format("== defaults~n"),
    T = ets:new(c, [set]),
    io:format("new ~p~n", [ets:update_counter(T, a, 1, {a, 10})]),
    io:format("existing ~p~n", [ets:update_counter(T, a, 1, {a, 1000})]),
    io:format("pos 3 ~p~n", [ets:update_counter(T, b, {3, 5}, {b, x, 0})]),
    io:format("list ~p~n", [ets:update_counter(T, c, [{2, 1}, {3, -1}], {c, 0, 0})]),
    %% the key in the default object is ignored; the key argument is used
    io:format("key ignored ~p ~p~n",
              [ets:update_counter(T, d, 2, {other, 5}), ets:lookup(T, d)]),
    io:format("all ~p~n", [lists:sort(ets:tab2list(T))]),
    O = ets:new(o, [ordered_set]),
    io:format("ordered ~p ~p~n", [ets:update_counter(O, 1, {2, 3}, {1, 1}), ets:tab2list(O)]),
    io:format("default too short ~p~n",
              [t(fun() -> ets:update_counter(T, e, {3, 1}, {e, 0}) end)]),
    io:format("default not integer ~p~n",
              [t(fun() -> ets:update_counter(T, e, 1, {e, x}) end)]),
    io:format("e absent ~p~n", [ets:member(T, e)]).

bad_counters() ->
    io:format("== bad counters~n"),
    T = ets:new(c, [set]),
    ets:insert(T, {k, 1, atom, 2.5}),
    io:format("missing key ~p~n", [t(fun() -> ets:update_counter(T, id(nokey), 1) end)]),
    io:format("atom field ~p~n", [t(fun() -> ets:update_counter(T, k, {3, 1}) end)]),
    io:format("float field ~p~n", [t(fun() -> ets:update_counter(T, k, {4, 1}) end)]),
    io:format("key pos ~p~n", [t(fun() -> ets:update_counter(T, k, {1, 1}) end)]),
    io:format("out of range ~p~n", [t(fun() -> ets:update_counter(T, k, {5, 1}) end)]),
    io:format("float incr ~p~n", [t(fun() -> ets:update_counter(T, k, id(1.0)) end)]),
    io:format("bad op ~p~n", [t(fun() -> ets:update_counter(T, k, id({2})) end)]),
    %% a list with one bad op changes nothing
    io:format("list bad ~p~n", [t(fun() -> ets:update_counter(T, k, [{2, 5}, {3, 1}]) end)]),
    io:format("object ~p~n", [ets:lookup(T, k)]),
    K = ets:new(kp, [set, {keypos, 2}]),
    ets:insert(K, {1, k, 3}),
    io:format("keypos 2: pos 1 ~p pos 3 ~p pos 2 ~p~n",
              [ets:update_counter(K, k, {1, 1}), ets:update_counter(K, k, 1),
               t(fun() -> ets:update_counter(K, k, {2, 1}) end)]).

elements() ->
    io:format("== update_element~n"),
    T = ets:new(e, [set]),
    ets:insert(T, {k, a, b, c}),
    io:format("one ~p ~p~n", [ets:update_element(T, k, {2, x}), ets:lookup(T, k)]),
    io:format("list ~p ~p~n",
              [ets:update_element(T, k, [{3, y}, {4, z}, {3, w}]), ets:lookup(T, k)]),
    io:format("missing ~p~n", [ets:update_element(T, nokey, {2, x})]),
    io:format("key pos ~p~n", [t(fun() -> ets:update_element(T, k, {1, k}) end)]),
    io:format("out of range ~p~n", [t(fun() -> ets:update_element(T, k, {5, v}) end)]),
    io:format("list with bad ~p ~p~n",
              [t(fun() -> ets:update_element(T, k, [{2, q}, {9, v}]) end), ets:lookup(T, k)]),
    io:format("empty list ~p~n", [ets:update_element(T, k, [])]),
    O = ets:new(o, [ordered_set]),
    ets:insert(O, [{1, a}, {2, b}]),
    io:format("ordered ~p ~p~n", [ets:update_element(O, 1.0, {2, c}), ets:tab2list(O)]).

bags() ->
    io:format("== bags~n"),
    [begin
         B = ets:new(b, [Type]),
         ets:insert(B, {k, 1}),
         io:format("~p counter ~p element ~p~n",
                   [Type, t(fun() -> ets:update_counter(B, k, 1) end),
                    t(fun() -> ets:update_element(B, k, {2, 5}) end)]),
         io:format("~p default ~p~n",
                   [Type, t(fun() -> ets:update_counter(B, z, 1, {z, 0}) end)])
     end || Type <- [bag, duplicate_bag]].
