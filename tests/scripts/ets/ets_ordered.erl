-module(ets_ordered).
-export([main/0]).

%% ordered_set: term order over mixed key types, 1 and 1.0 as one key
%% (but two keys in a set), first/last/next/prev, next/prev of a key that
%% is not in the table (the neighbouring key), '$end_of_table', and
%% next/prev of a missing key in a set (badarg).

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

keys() ->
    [<<"bin">>, {1, 2}, [a], atom, 3, 2.5, -1, [], {}, <<>>, "str", {0},
     -1.5e10, 100000000000000000000, zzz, {1, 1, 1}, [a, b], b, 0, 0.0e0].

walk(_T, '$end_of_table', _Step, Acc) ->
    lists:reverse(Acc);
walk(T, K, Step, Acc) ->
    walk(T, ets:Step(T, K), Step, [K | Acc]).

main() ->
    O = ets:new(o, [ordered_set]),
    [ets:insert(O, {K, I}) || {I, K} <- lists:zip(lists:seq(1, length(keys())), keys())],
    io:format("size ~p~n", [ets:info(O, size)]),
    io:format("tab2list~n~w~n", [ets:tab2list(O)]),
    io:format("first ~p last ~p~n", [ets:first(O), ets:last(O)]),
    io:format("forward ~w~n", [walk(O, ets:first(O), next, [])]),
    io:format("backward ~w~n", [walk(O, ets:last(O), prev, [])]),
    %% 0 and 0.0 are one key: the later insert replaced the whole object,
    %% key term included
    io:format("lookup 0 ~p lookup 0.0 ~p~n", [ets:lookup(O, 0), ets:lookup(O, 0.0)]),
    one_vs_float(),
    missing_keys(O),
    ends(),
    ok.

one_vs_float() ->
    O = ets:new(o, [ordered_set]),
    S = ets:new(s, [set]),
    [begin ets:insert(T, {1, int}), ets:insert(T, {1.0, float}) end || T <- [O, S]],
    io:format("ordered_set size ~p ~p ~p~n",
              [ets:info(O, size), ets:lookup(O, 1), ets:lookup(O, 1.0)]),
    io:format("set size ~p ~p ~p~n",
              [ets:info(S, size), ets:lookup(S, 1), ets:lookup(S, 1.0)]),
    io:format("member ~p ~p~n", [ets:member(O, 1.0), ets:member(S, 2.0)]),
    ets:insert(O, {2.0, float2}),
    io:format("lookup 2 ~p~n", [ets:lookup(O, 2)]),
    io:format("next 1 ~p next 1.0 ~p prev 2 ~p~n",
              [ets:next(O, 1), ets:next(O, 1.0), ets:prev(O, 2)]),
    io:format("take 2 ~p ~p~n", [ets:take(O, 2), ets:info(O, size)]),
    io:format("delete 1.0 ~p ~p~n", [ets:delete(O, 1.0), ets:tab2list(O)]),
    B = ets:new(b, [bag]),
    ets:insert(B, {1, int}),
    ets:insert(B, {1.0, float}),
    io:format("bag ~p ~p~n", [ets:lookup(B, 1), ets:lookup(B, 1.0)]).

missing_keys(O) ->
    io:format("next missing: ~w~n",
              [[{K, ets:next(O, K)} || K <- [-5, 1, 2.7, aaa, {1, 1}, [b], <<"c">>]]]),
    io:format("prev missing: ~w~n",
              [[{K, ets:prev(O, K)} || K <- [-5, 1, 2.7, aaa, {1, 1}, [b], <<"c">>]]]),
    io:format("next of last ~p prev of first ~p~n",
              [ets:next(O, ets:last(O)), ets:prev(O, ets:first(O))]),
    io:format("beyond ~p ~p~n", [ets:next(O, <<"zzz">>), ets:prev(O, -1.0e20)]),
    S = ets:new(s, [set]),
    ets:insert(S, [{1}, {3}]),
    io:format("set next missing ~p~n", [t(fun() -> ets:next(S, id(2)) end)]),
    io:format("set prev missing ~p~n", [t(fun() -> ets:prev(S, id(2)) end)]),
    %% from the last key of a set (whichever it is) next is the end
    io:format("set walk ~p~n", [lists:sort(walk(S, ets:first(S), next, []))]),
    io:format("set last is first ~p~n", [ets:last(S) =:= ets:first(S)]),
    io:format("next deleted tab ~p~n",
              [t(fun() -> T = ets:new(x, []), ets:delete(T), ets:next(T, 1) end)]).

ends() ->
    O = ets:new(o, [ordered_set]),
    S = ets:new(s, [set]),
    io:format("empty ~p ~p ~p ~p~n", [ets:first(O), ets:last(O), ets:first(S), ets:last(S)]),
    io:format("empty next ~p ~p~n", [ets:next(O, 1), ets:prev(O, 1)]),
    ets:insert(O, {only}),
    io:format("one ~p ~p ~p ~p~n",
              [ets:first(O), ets:last(O), ets:next(O, only), ets:prev(O, only)]),
    %% '$end_of_table' is an ordinary key too
    ets:insert(O, {'$end_of_table'}),
    io:format("eot key ~p ~p~n", [ets:tab2list(O), ets:first(O)]).
