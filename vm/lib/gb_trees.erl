%% gb_trees: general balanced trees (Andersson), OTP 25's API, results and
%% exceptions.  A tree is {Size, Node}, Node = nil | {Key, Value, Smaller,
%% Bigger}, keys compared with ==.  Insertion rebalances exactly when and
%% where OTP does, so printed trees are OTP's.
-module(gb_trees).

-export([balance/1, delete/2, delete_any/2, empty/0, enter/3, from_orddict/1,
         get/2, insert/3, is_defined/2, is_empty/1, iterator/1,
         iterator_from/2, keys/1, largest/1, lookup/2, map/2, next/1, size/1,
         smallest/1, take/2, take_any/2, take_largest/1, take_smallest/1,
         to_list/1, update/3, values/1]).

%% A tree of N nodes may be as high as 2 * log2(N); heights are kept as
%% powers of two and compared with N * N.
-define(SQ(X), ((X) * (X))).

empty() -> {0, nil}.

is_empty({0, nil}) -> true;
is_empty(_) -> false.

size({N, _}) when is_integer(N), N >= 0 -> N.

%% ---------------------------------------------------------------------
%% Lookups

lookup(K, {_, T}) -> lookup_node(K, T).

lookup_node(K, {K1, _, Sm, _}) when K < K1 -> lookup_node(K, Sm);
lookup_node(K, {K1, _, _, Bi}) when K > K1 -> lookup_node(K, Bi);
lookup_node(_, {_, V, _, _}) -> {value, V};
lookup_node(_, nil) -> none.

is_defined(K, {_, T}) -> defined(K, T).

defined(K, {K1, _, Sm, _}) when K < K1 -> defined(K, Sm);
defined(K, {K1, _, _, Bi}) when K > K1 -> defined(K, Bi);
defined(_, {_, _, _, _}) -> true;
defined(_, nil) -> false.

get(K, {_, T}) -> get_node(K, T).

get_node(K, {K1, _, Sm, _}) when K < K1 -> get_node(K, Sm);
get_node(K, {K1, _, _, Bi}) when K > K1 -> get_node(K, Bi);
get_node(_, {_, V, _, _}) -> V.

smallest({_, T}) -> smallest_node(T).

smallest_node({K, V, nil, _}) -> {K, V};
smallest_node({_, _, Sm, _}) -> smallest_node(Sm).

largest({_, T}) -> largest_node(T).

largest_node({K, V, _, nil}) -> {K, V};
largest_node({_, _, _, Bi}) -> largest_node(Bi).

to_list({_, T}) -> pairs(T, []).

pairs({K, V, Sm, Bi}, Acc) -> pairs(Sm, [{K, V} | pairs(Bi, Acc)]);
pairs(nil, Acc) -> Acc.

keys({_, T}) -> keys(T, []).

keys({K, _, Sm, Bi}, Acc) -> keys(Sm, [K | keys(Bi, Acc)]);
keys(nil, Acc) -> Acc.

values({_, T}) -> values(T, []).

values({_, V, Sm, Bi}, Acc) -> values(Sm, [V | values(Bi, Acc)]);
values(nil, Acc) -> Acc.

%% ---------------------------------------------------------------------
%% Changes

update(K, V, {N, T}) -> {N, update_node(K, V, T)}.

update_node(K, V, {K1, V1, Sm, Bi}) when K < K1 -> {K1, V1, update_node(K, V, Sm), Bi};
update_node(K, V, {K1, V1, Sm, Bi}) when K > K1 -> {K1, V1, Sm, update_node(K, V, Bi)};
update_node(K, V, {_, _, Sm, Bi}) -> {K, V, Sm, Bi}.

insert(K, V, {N, T}) when is_integer(N) ->
    N1 = N + 1,
    {N1, insert_node(K, V, T, ?SQ(N1))}.

%% Budget halves at each level; a new leaf below budget 0 means the path
%% is too long, and the result {Tree, Height, Size} climbs until the
%% subtree that is out of balance, which is rebuilt.
insert_node(K, V, {K1, V1, Sm, Bi}, Budget) when K < K1 ->
    case insert_node(K, V, Sm, Budget bsr 1) of
        {Sm1, H1, N1} -> check({K1, V1, Sm1, Bi}, H1, N1, Bi);
        Sm1 -> {K1, V1, Sm1, Bi}
    end;
insert_node(K, V, {K1, V1, Sm, Bi}, Budget) when K > K1 ->
    case insert_node(K, V, Bi, Budget bsr 1) of
        {Bi1, H1, N1} -> check({K1, V1, Sm, Bi1}, H1, N1, Sm);
        Bi1 -> {K1, V1, Sm, Bi1}
    end;
insert_node(K, V, nil, 0) -> {{K, V, nil, nil}, 1, 1};
insert_node(K, V, nil, _) -> {K, V, nil, nil};
insert_node(K, _, _, _) -> erlang:error({key_exists, K}).

check(T, H1, N1, Other) ->
    {H2, N2} = measure(Other),
    H = 2 * erlang:max(H1, H2),
    N = N1 + N2 + 1,
    if
        H > ?SQ(N) -> balance_node(T, N);
        true -> {T, H, N}
    end.

%% {2^height, size} of a subtree.
measure({_, _, nil, nil}) -> {1, 1};
measure({_, _, Sm, Bi}) ->
    {H1, N1} = measure(Sm),
    {H2, N2} = measure(Bi),
    {2 * erlang:max(H1, H2), N1 + N2 + 1};
measure(nil) -> {1, 0}.

enter(K, V, T) ->
    case is_defined(K, T) of
        true -> update(K, V, T);
        false -> insert(K, V, T)
    end.

balance({N, T}) -> {N, balance_node(T, N)}.

balance_node(T, N) -> from_pairs(pairs(T, []), N).

from_orddict(L) ->
    N = length(L),
    {N, from_pairs(L, N)}.

from_pairs(L, N) ->
    {T, []} = build(L, N),
    T.

%% The first N pairs of L as a perfectly balanced tree, and the rest.
build(L, N) when N > 1 ->
    Right = (N - 1) div 2,
    {Sm, [{K, V} | L1]} = build(L, N - 1 - Right),
    {Bi, L2} = build(L1, Right),
    {{K, V, Sm, Bi}, L2};
build([{K, V} | L], 1) -> {{K, V, nil, nil}, L};
build(L, 0) -> {nil, L}.

delete_any(K, T) ->
    case is_defined(K, T) of
        true -> delete(K, T);
        false -> T
    end.

delete(K, {N, T}) when is_integer(N), N >= 0 -> {N - 1, delete_node(K, T)}.

delete_node(K, {K1, V1, Sm, Bi}) when K < K1 -> {K1, V1, delete_node(K, Sm), Bi};
delete_node(K, {K1, V1, Sm, Bi}) when K > K1 -> {K1, V1, Sm, delete_node(K, Bi)};
delete_node(_, {_, _, Sm, Bi}) -> join(Sm, Bi).

%% Both subtrees of a removed node: the smallest of Bi takes its place.
join(Sm, nil) -> Sm;
join(nil, Bi) -> Bi;
join(Sm, Bi) ->
    {K, V, Bi1} = pop_smallest(Bi),
    {K, V, Sm, Bi1}.

take_any(K, T) ->
    case is_defined(K, T) of
        true -> take(K, T);
        false -> error
    end.

take(K, {N, T}) when is_integer(N), N >= 0 ->
    {V, T1} = take_node(K, T),
    {V, {N - 1, T1}}.

take_node(K, {K1, V1, Sm, Bi}) when K < K1 ->
    {V, Sm1} = take_node(K, Sm),
    {V, {K1, V1, Sm1, Bi}};
take_node(K, {K1, V1, Sm, Bi}) when K > K1 ->
    {V, Bi1} = take_node(K, Bi),
    {V, {K1, V1, Sm, Bi1}};
take_node(_, {_, V, Sm, Bi}) -> {V, join(Sm, Bi)}.

take_smallest({N, T}) when is_integer(N), N >= 0 ->
    {K, V, T1} = pop_smallest(T),
    {K, V, {N - 1, T1}}.

pop_smallest({K, V, nil, Bi}) -> {K, V, Bi};
pop_smallest({K, V, Sm, Bi}) ->
    {K1, V1, Sm1} = pop_smallest(Sm),
    {K1, V1, {K, V, Sm1, Bi}}.

take_largest({N, T}) when is_integer(N), N >= 0 ->
    {K, V, T1} = pop_largest(T),
    {K, V, {N - 1, T1}}.

pop_largest({K, V, Sm, nil}) -> {K, V, Sm};
pop_largest({K, V, Sm, Bi}) ->
    {K1, V1, Bi1} = pop_largest(Bi),
    {K1, V1, {K, V, Sm, Bi1}}.

map(F, {N, T}) when is_function(F, 2) -> {N, map_node(F, T)}.

map_node(_, nil) -> nil;
map_node(F, {K, V, Sm, Bi}) -> {K, F(K, V), map_node(F, Sm), map_node(F, Bi)}.

%% ---------------------------------------------------------------------
%% Iterators: a stack of the nodes still to visit, smallest on top.

iterator({_, T}) -> push_left(T, []).

push_left({_, _, nil, _} = T, Stack) -> [T | Stack];
push_left({_, _, Sm, _} = T, Stack) -> push_left(Sm, [T | Stack]);
push_left(nil, Stack) -> Stack.

iterator_from(K, {_, T}) -> push_from(K, T, []).

push_from(K, {K1, _, _, Bi}, Stack) when K1 < K -> push_from(K, Bi, Stack);
push_from(_, {_, _, nil, _} = T, Stack) -> [T | Stack];
push_from(K, {_, _, Sm, _} = T, Stack) -> push_from(K, Sm, [T | Stack]);
push_from(_, nil, Stack) -> Stack.

next([{K, V, _, Bi} | Stack]) -> {K, V, push_left(Bi, Stack)};
next([]) -> none.
