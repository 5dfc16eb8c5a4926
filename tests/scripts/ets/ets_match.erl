-module(ets_match).
-export([main/0]).

%% match/2, match_object/2, select/2 with hand-written match specs ('$_',
%% '$$', guards, bound and unbound keys), select_count/2, select_delete/2,
%% match_delete/2, select_reverse/2, select_replace/2, bad specs, bags.
%% Results from hash tables are sorted.

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

s(L) -> lists:sort(L).

fill(T) ->
    ets:insert(T, [{N, N * N, if N rem 2 =:= 0 -> even; true -> odd end}
                   || N <- lists:seq(1, 10)]),
    ets:insert(T, [{a, "str", {x, 1}}, {b, 2.5, {y, 2}}, {{t, 1}, [1, 2], z}]).

main() ->
    [run(Type) || Type <- [set, ordered_set]],
    bags(),
    mutate(set),
    mutate(ordered_set),
    bad(),
    ok.

run(Type) ->
    io:format("== ~p~n", [Type]),
    T = ets:new(m, [Type]),
    fill(T),
    io:format("match odd ~w~n", [s(ets:match(T, {'$1', '_', odd}))]),
    io:format("match two vars ~w~n", [s(ets:match(T, {'$2', '$1', even}))]),
    io:format("match bound key ~p~n", [ets:match(T, {3, '$1', '$2'})]),
    io:format("match bound key miss ~p~n", [ets:match(T, {99, '$1', '_'})]),
    io:format("match nested ~p~n", [s(ets:match(T, {'_', '_', {'$1', '$2'}}))]),
    io:format("match repeated var ~p~n", [s(ets:match(T, {'$1', '$1', '_'}))]),
    io:format("match no vars ~p~n", [ets:match(T, {a, '_', '_'})]),
    io:format("match arity 2 ~p~n", [ets:match(T, {'$1', '$2'})]),
    io:format("match_object ~p~n", [s(ets:match_object(T, {'_', '_', {'_', '_'}}))]),
    io:format("match_object bound ~p~n", [ets:match_object(T, {{t, 1}, '_', '_'})]),
    io:format("match_object all ~p~n", [length(ets:match_object(T, '_'))]),
    io:format("match_object partial key ~p~n", [s(ets:match_object(T, {{t, '_'}, '_', '_'}))]),
    Gt = [{{'$1', '$2', '_'}, [{'>', '$2', 30}], ['$1']}],
    io:format("select > ~w~n", [s(ets:select(T, Gt))]),
    io:format("select $_ ~w~n",
              [s(ets:select(T, [{{'$1', '_', even}, [{'<', '$1', 5}], ['$_']}]))]),
    io:format("select $$ ~w~n",
              [s(ets:select(T, [{{'$1', '$2', odd}, [{'>=', '$1', 7}], ['$$']}]))]),
    io:format("select is_integer ~w~n",
              [s(ets:select(T, [{{'$1', '_', '_'}, [{is_integer, '$1'}], ['$1']}]))]),
    io:format("select not integer ~p~n",
              [s(ets:select(T, [{{'$1', '_', '_'}, [{'not', {is_integer, '$1'}}], ['$1']}]))]),
    io:format("select element ~p~n",
              [s(ets:select(T, [{{'$1', '_', '$3'},
                                 [{is_tuple, '$3'}, {'==', {element, 2, '$3'}, 2}],
                                 [{{'$1', {element, 1, '$3'}}}]}]))]),
    io:format("select andalso/orelse ~w~n",
              [s(ets:select(T, [{{'$1', '$2', '_'},
                                 [{'orelse', {'==', '$1', 1},
                                   {'andalso', {is_integer, '$2'}, {'>', '$2', 80}}}],
                                 ['$1']}]))]),
    io:format("select two clauses ~p~n",
              [s(ets:select(T, [{{'$1', '_', odd}, [{'<', '$1', 4}], [{{odd, '$1'}}]},
                                {{'$1', '_', even}, [{'>', '$1', 8}], [{{even, '$1'}}]}]))]),
    io:format("select arith body ~w~n",
              [s(ets:select(T, [{{'$1', '$2', '_'}, [{'=<', '$1', 3}],
                                 [{'+', '$1', {'*', 2, '$2'}}]}]))]),
    io:format("select const body ~p~n",
              [ets:select(T, [{{b, '_', '_'}, [], [found, {const, {a, b}}]}])]),
    io:format("select guard error is false ~p~n",
              [s(ets:select(T, [{{'$1', '$2', '_'}, [{'>', {'+', '$2', 1}, 1}], ['$1']}]))]),
    io:format("select bound key ~p~n", [ets:select(T, [{{5, '$1', '_'}, [], ['$1']}])]),
    io:format("select empty spec list ~p~n", [ets:select(T, [])]),
    io:format("select_count ~p ~p~n",
              [ets:select_count(T, [{{'_', '_', odd}, [], [true]}]),
               ets:select_count(T, [{{'_', '_', '_'}, [], [false]}])]),
    io:format("select_count non-true body ~p~n",
              [ets:select_count(T, [{{'$1', '_', '_'}, [], ['$1']}])]),
    ok.

bags() ->
    io:format("== bags~n"),
    [begin
         B = ets:new(b, [Type]),
         [ets:insert(B, O) || O <- [{k, 1}, {k, 2}, {j, 1}, {k, 1}, {k, 3}]],
         io:format("~p match ~p~n", [Type, s(ets:match(B, {'$1', 1}))]),
         io:format("~p match bound ~p~n", [Type, s(ets:match(B, {k, '$1'}))]),
         io:format("~p match_object bound ~p~n", [Type, s(ets:match_object(B, {k, '_'}))]),
         io:format("~p select_replace ~p~n",
                   [Type, t(fun() -> ets:select_replace(B, [{{k, '$1'}, [], [{{k, '$1'}}]}]) end)]),
         io:format("~p select ~p~n",
                   [Type, s(ets:select(B, [{{'$1', '$2'}, [{'>', '$2', 1}], ['$_']}]))]),
         io:format("~p select_count ~p~n",
                   [Type, ets:select_count(B, [{{k, '_'}, [], [true]}])]),
         io:format("~p match_delete ~p ~p~n",
                   [Type, ets:match_delete(B, {k, 1}), s(ets:tab2list(B))]),
         io:format("~p select_delete ~p ~p~n",
                   [Type, ets:select_delete(B, [{{'_', '$1'}, [{'>', '$1', 2}], [true]}]),
                    s(ets:tab2list(B))])
     end || Type <- [bag, duplicate_bag]].

mutate(Type) ->
    io:format("== mutate ~p~n", [Type]),
    T = ets:new(m, [Type]),
    fill(T),
    io:format("select_delete ~p~n",
              [ets:select_delete(T, [{{'_', '_', odd}, [], [true]}])]),
    io:format("left ~p~n", [ets:info(T, size)]),
    io:format("select_delete non-true ~p ~p~n",
              [ets:select_delete(T, [{{'_', '_', even}, [], [false]}]),
               ets:select_delete(T, [{{'$1', '_', even}, [], ['$1']}])]),
    io:format("match_delete ~p ~w~n", [ets:match_delete(T, {'_', '_', {'_', '_'}}),
                                      s(ets:tab2list(T))]),
    ets:insert(T, [{N, N} || N <- lists:seq(1, 6)]),
    io:format("select_replace ~p~n",
              [ets:select_replace(T, [{{'$1', '$2'}, [{'>', '$1', 3}],
                                       [{{'$1', {'*', '$2', 100}}}]}])]),
    io:format("after ~w~n", [s(ets:tab2list(T))]),
    io:format("replace key change ~p~n",
              [t(fun() -> ets:select_replace(T, [{{'$1', '$2'}, [],
                                                   [{{{'+', '$1', 1}, '$2'}}]}]) end)]),
    io:format("replace '$_' ~p~n",
              [ets:select_replace(T, [{{'$1', '$2'}, [{'<', '$1', 3}], ['$_']}])]),
    io:format("replace keep key ~p~n",
              [ets:select_replace(T, [{{'$1', '$2'}, [{'==', '$1', 2}], [{{'$1', two}}]}])]),
    io:format("replace arity ~p~n",
              [ets:select_replace(T, [{{'$1', '_', '$3'}, [{'==', '$3', even}],
                                       [{{'$1', '$3'}}]}])]),
    io:format("after ~w~n", [s(ets:tab2list(T))]),
    io:format("delete all ~p ~p~n",
              [ets:select_delete(T, [{'_', [], [true]}]), ets:info(T, size)]).

bad() ->
    io:format("== bad~n"),
    T = ets:new(m, [ordered_set]),
    ets:insert(T, [{N, N} || N <- lists:seq(1, 5)]),
    io:format("select_reverse ~w~n",
              [ets:select_reverse(T, [{{'$1', '$2'}, [{'>', '$2', 2}], ['$1']}])]),
    S = ets:new(m, [set]),
    Bad = [id([{bad}]), id(notalist), id([{'_', notalist, []}]),
           id([{'_', [], [{foo, '$1'}, {nosuchbif, 1}]}]),
           id([{'_', [{nosuchbif}], []}]), id([{'_', [], ['$1']} | x])],
    [io:format("bad ~p: ~p ~p~n", [I, t(fun() -> ets:select(S, B) end),
                                    t(fun() -> ets:select(T, B) end)])
     || {I, B} <- lists:zip(lists:seq(1, length(Bad)), Bad)],
    io:format("unbound var in body ~p~n",
              [t(fun() -> ets:select(T, [{{'$1', '_'}, [], ['$2']}]) end)]),
    io:format("select_count bad ~p~n", [t(fun() -> ets:select_count(T, id(x)) end)]),
    io:format("select_delete bad ~p~n", [t(fun() -> ets:select_delete(T, id([x])) end)]),
    io:format("match bad tab ~p~n", [t(fun() -> ets:match(id(nosuch_tab_m), '_') end)]).
