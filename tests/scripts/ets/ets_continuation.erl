-module(ets_continuation).
-export([main/0]).

%% Chunked traversal: select/3 + select/1, match/3 + match/1,
%% match_object/3 + match_object/1, select_reverse/3 + select_reverse/1
%% on an ordered_set (chunks in key order), and the union of the chunks
%% on a set (chunk boundaries in hash tables are unspecified).

id(X) -> X.

t(F) ->
    try F() catch C:R -> {C, R} end.

%% Follows a chunked traversal to the end; returns the chunks.
chunks('$end_of_table', _Next) ->
    [];
chunks({Objs, Cont}, Next) ->
    [Objs | chunks(Next(Cont), Next)].

show(What, First, Next) ->
    Cs = chunks(First, Next),
    io:format("~s: ~p chunks~n", [What, length(Cs)]),
    [io:format("  ~w~n", [C]) || C <- Cs],
    ok.

main() ->
    O = ets:new(o, [ordered_set]),
    ets:insert(O, [{N, N * 10} || N <- lists:seq(1, 25)]),
    All = [{'$1', [], ['$1']}],
    show("select", ets:select(O, All, 10), fun ets:select/1),
    show("select guard", ets:select(O, [{{'$1', '$2'}, [{'>', '$2', 55}], ['$2']}], 7),
         fun ets:select/1),
    show("select limit 1 few", ets:select(O, [{{'$1', '_'}, [{'<', '$1', 3}], ['$1']}], 1),
         fun ets:select/1),
    show("match", ets:match(O, {'$1', '_'}, 10), fun ets:match/1),
    show("match_object", ets:match_object(O, {'_', '_'}, 10), fun ets:match_object/1),
    show("select_reverse", ets:select_reverse(O, All, 10), fun ets:select_reverse/1),
    show("select_reverse guard",
         ets:select_reverse(O, [{{'$1', '_'}, [{'=<', '$1', 12}], ['$1']}], 5),
         fun ets:select_reverse/1),
    show("limit bigger than table", ets:select(O, All, 100), fun ets:select/1),
    show("limit exact", ets:select(O, All, 25), fun ets:select/1),
    io:format("no match ~p~n", [ets:select(O, [{{'_', nope}, [], ['$_']}], 10)]),
    io:format("match no match ~p~n", [ets:match(O, {'$1', nope}, 10)]),
    io:format("reverse no match ~p~n", [ets:select_reverse(O, [{{'_', nope}, [], [x]}], 10)]),
    E = ets:new(e, [ordered_set]),
    io:format("empty ~p ~p~n", [ets:select(E, All, 5), ets:match_object(E, '_', 5)]),
    io:format("limit 0 ~p~n", [t(fun() -> ets:select(O, All, id(0)) end)]),
    io:format("limit neg ~p~n", [t(fun() -> ets:match(O, '$1', id(-1)) end)]),
    io:format("select/1 end ~p~n", [ets:select('$end_of_table')]),
    io:format("match/1 end ~p~n", [ets:match('$end_of_table')]),
    io:format("match_object/1 end ~p~n", [ets:match_object('$end_of_table')]),
    io:format("select_reverse/1 end ~p~n", [ets:select_reverse('$end_of_table')]),
    io:format("select/1 bad ~p~n", [t(fun() -> ets:select(id(nonsense)) end)]),
    %% changes between chunks of an ordered_set: the objects that exist
    %% all along are each returned once, in order (whether the new and
    %% deleted ones are seen is not specified)
    {C1, Cont} = ets:select(O, All, 10),
    ets:insert(O, [{0, 0}, {26, 260}]),
    ets:delete(O, 11),
    io:format("first ~w~n", [C1]),
    Rest = lists:append(chunks(ets:select(Cont), fun ets:select/1)),
    io:format("rest ~w~n", [[X || {K, _} = X <- Rest, K >= 1, K =< 25, K =/= 11]]),
    hash_tables(),
    ok.

hash_tables() ->
    [begin
         S = ets:new(s, [Type]),
         ets:insert(S, [{N, N rem 3} || N <- lists:seq(1, 25)]),
         [ets:insert(S, {N, extra}) || Type =/= set, N <- [1, 2]],
         union(Type, "select", ets:select(S, [{{'$1', '$2'}, [], [{{'$1', '$2'}}]}], 10),
               fun ets:select/1),
         union(Type, "select guard", ets:select(S, [{{'$1', 0}, [], ['$1']}], 3),
               fun ets:select/1),
         union(Type, "match", ets:match(S, {'$1', '$2'}, 10), fun ets:match/1),
         union(Type, "match_object", ets:match_object(S, {'_', 1}, 4),
               fun ets:match_object/1),
         union(Type, "select_reverse", ets:select_reverse(S, [{'$1', [], ['$1']}], 10),
               fun ets:select_reverse/1),
         io:format("~p no match ~p~n", [Type, ets:select(S, [{{'_', nope}, [], [x]}], 10)])
     end || Type <- [set, bag, duplicate_bag]],
    ok.

union(Type, What, First, Next) ->
    Cs = chunks(First, Next),
    io:format("~p ~s: chunks>=1 ~p~n  ~w~n",
              [Type, What, length(Cs) >= 1, lists:sort(lists:append(Cs))]).
