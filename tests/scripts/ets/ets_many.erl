-module(ets_many).
-export([main/0]).

%% A sanity run on large tables: 100,000 integer keys in a set and an
%% ordered_set, lookups, deleting half, first/next over the ordered_set,
%% foldl sums. Only counts and sums are printed.

-define(N, 100000).

main() ->
    S = ets:new(s, [set]),
    O = ets:new(o, [ordered_set]),
    %% inserted in a scrambled order
    Keys = [(I * 7919) rem ?N || I <- lists:seq(0, ?N - 1)],
    [begin ets:insert(S, {K, K * 2}), ets:insert(O, {K, K * 2}) end || K <- Keys],
    io:format("sizes ~p ~p~n", [ets:info(S, size), ets:info(O, size)]),
    io:format("lookups ~p ~p~n", [found(S), found(O)]),
    io:format("first ~p last ~p~n", [ets:first(O), ets:last(O)]),
    %% delete the odd keys
    [begin ets:delete(S, K), ets:delete(O, K) end || K <- lists:seq(1, ?N - 1, 2)],
    io:format("after delete ~p ~p~n", [ets:info(S, size), ets:info(O, size)]),
    io:format("lookups ~p ~p~n", [found(S), found(O)]),
    io:format("walk ~p~n", [walk(O, ets:first(O), 0, 0)]),
    io:format("walk set ~p~n", [walk(S, ets:first(S), 0, 0)]),
    io:format("reverse walk ~p~n", [rwalk(O, ets:last(O), 0)]),
    Sum = fun({K, V}, {A, B}) -> {A + K, B + V} end,
    io:format("foldl ~p ~p~n", [ets:foldl(Sum, {0, 0}, S), ets:foldl(Sum, {0, 0}, O)]),
    io:format("foldr ~p~n", [ets:foldr(Sum, {0, 0}, O)]),
    io:format("select_count ~p ~p~n",
              [ets:select_count(S, [{{'$1', '_'}, [{'<', '$1', 1000}], [true]}]),
               ets:select_count(O, [{{'$1', '_'}, [{'<', '$1', 1000}], [true]}])]),
    io:format("ordered range ~p~n",
              [ets:select(O, [{{'$1', '_'}, [{'>=', '$1', 50000}, {'<', '$1', 50010}], ['$1']}])]),
    io:format("counters ~p~n",
              [lists:sum([ets:update_counter(S, K, 1) || K <- lists:seq(0, 998, 2)])]),
    io:format("select_delete ~p ~p~n",
              [ets:select_delete(O, [{{'$1', '_'}, [{'>=', '$1', 1000}], [true]}]),
               ets:info(O, size)]),
    io:format("tab2list ~p ~p~n", [length(ets:tab2list(S)), length(ets:tab2list(O))]),
    true = ets:delete_all_objects(S),
    io:format("cleared ~p~n", [ets:info(S, size)]),
    ok.

%% How many keys 0..N-1 are found, and the sum of their values.
found(T) ->
    lists:foldl(fun(K, {C, Sum}) ->
                        case ets:lookup(T, K) of
                            [{K, V}] -> {C + 1, Sum + V};
                            [] -> {C, Sum}
                        end
                end, {0, 0}, lists:seq(0, ?N - 1)).

walk(_T, '$end_of_table', N, Sum) -> {N, Sum};
walk(T, K, N, Sum) -> walk(T, ets:next(T, K), N + 1, Sum + K).

%% Counts the keys, checking that each is smaller than the last.
rwalk(_T, '$end_of_table', N) -> N;
rwalk(T, K, N) ->
    case ets:prev(T, K) of
        P when P =:= '$end_of_table'; P < K -> rwalk(T, P, N + 1)
    end.
