%% gb_sets: ordered sets as general balanced trees (Andersson), OTP 25's
%% API, results and exceptions.  A set is {Size, Node}, Node = nil |
%% {Element, Smaller, Bigger}; every operation builds OTP's very tree (and
%% keeps the same one of two equal elements), so printed sets are OTP's.
-module(gb_sets).

-export([add/2, add_element/2, balance/1, del_element/2, delete/2,
         delete_any/2, difference/2, empty/0, filter/2, fold/3, from_list/1,
         from_ordset/1, insert/2, intersection/1, intersection/2,
         is_disjoint/2, is_element/2, is_empty/1, is_member/2, is_set/1,
         is_subset/2, iterator/1, iterator_from/2, largest/1, new/0, next/1,
         singleton/1, size/1, smallest/1, subtract/2, take_largest/1,
         take_smallest/1, to_list/1, union/1, union/2]).

-define(SQ(X), ((X) * (X))).

%% The set operations walk both sorted lists when the smaller set is not
%% much smaller than the larger (N2 < N1 * round(C * ln N2)), else look
%% each element of the smaller up in the tree of the larger.
-define(C, 1.46).

empty() -> {0, nil}.

new() -> empty().

is_empty({0, nil}) -> true;
is_empty(_) -> false.

size({N, _}) -> N.

singleton(X) -> {1, {X, nil, nil}}.

is_set({0, nil}) -> true;
is_set({N, {_, _, _}}) when is_integer(N), N >= 0 -> true;
is_set(_) -> false.

%% ---------------------------------------------------------------------
%% Elements

is_element(X, S) -> is_member(X, S).

is_member(X, {_, T}) -> member(X, T).

member(X, {X1, Sm, _}) when X < X1 -> member(X, Sm);
member(X, {X1, _, Bi}) when X > X1 -> member(X, Bi);
member(_, {_, _, _}) -> true;
member(_, nil) -> false.

insert(X, {N, T}) ->
    N1 = N + 1,
    {N1, insert_node(X, T, ?SQ(N1))}.

%% As gb_trees: a leaf added below budget 0 makes {Tree, Height, Size}
%% climb to the subtree that is out of balance, which is rebuilt.
insert_node(X, {X1, Sm, Bi}, Budget) when X < X1 ->
    case insert_node(X, Sm, Budget bsr 1) of
        {Sm1, H1, N1} when is_integer(H1) -> check({X1, Sm1, Bi}, H1, N1, Bi);
        Sm1 -> {X1, Sm1, Bi}
    end;
insert_node(X, {X1, Sm, Bi}, Budget) when X > X1 ->
    case insert_node(X, Bi, Budget bsr 1) of
        {Bi1, H1, N1} when is_integer(H1) -> check({X1, Sm, Bi1}, H1, N1, Sm);
        Bi1 -> {X1, Sm, Bi1}
    end;
insert_node(X, nil, 0) -> {{X, nil, nil}, 1, 1};
insert_node(X, nil, _) -> {X, nil, nil};
insert_node(X, _, _) -> erlang:error({key_exists, X}).

check(T, H1, N1, Other) ->
    {H2, N2} = measure(Other),
    H = 2 * erlang:max(H1, H2),
    N = N1 + N2 + 1,
    if
        H > ?SQ(N) -> balance_node(T, N);
        true -> {T, H, N}
    end.

measure({_, nil, nil}) -> {1, 1};
measure({_, Sm, Bi}) ->
    {H1, N1} = measure(Sm),
    {H2, N2} = measure(Bi),
    {2 * erlang:max(H1, H2), N1 + N2 + 1};
measure(nil) -> {1, 0}.

add_element(X, S) -> add(X, S).

add(X, S) ->
    case is_member(X, S) of
        true -> S;
        false -> insert(X, S)
    end.

del_element(X, S) -> delete_any(X, S).

delete_any(X, S) ->
    case is_member(X, S) of
        true -> delete(X, S);
        false -> S
    end.

delete(X, {N, T}) -> {N - 1, delete_node(X, T)}.

delete_node(X, {X1, Sm, Bi}) when X < X1 -> {X1, delete_node(X, Sm), Bi};
delete_node(X, {X1, Sm, Bi}) when X > X1 -> {X1, Sm, delete_node(X, Bi)};
delete_node(_, {_, Sm, Bi}) -> join(Sm, Bi).

join(Sm, nil) -> Sm;
join(nil, Bi) -> Bi;
join(Sm, Bi) ->
    {X, Bi1} = pop_smallest(Bi),
    {X, Sm, Bi1}.

take_smallest({N, T}) ->
    {X, T1} = pop_smallest(T),
    {X, {N - 1, T1}}.

pop_smallest({X, nil, Bi}) -> {X, Bi};
pop_smallest({X, Sm, Bi}) ->
    {X1, Sm1} = pop_smallest(Sm),
    {X1, {X, Sm1, Bi}}.

take_largest({N, T}) ->
    {X, T1} = pop_largest(T),
    {X, {N - 1, T1}}.

pop_largest({X, Sm, nil}) -> {X, Sm};
pop_largest({X, Sm, Bi}) ->
    {X1, Bi1} = pop_largest(Bi),
    {X1, {X, Sm, Bi1}}.

smallest({_, T}) -> smallest_node(T).

smallest_node({X, nil, _}) -> X;
smallest_node({_, Sm, _}) -> smallest_node(Sm).

largest({_, T}) -> largest_node(T).

largest_node({X, _, nil}) -> X;
largest_node({_, _, Bi}) -> largest_node(Bi).

%% ---------------------------------------------------------------------
%% Conversions

to_list({_, T}) -> elements(T, []).

elements({X, Sm, Bi}, Acc) -> elements(Sm, [X | elements(Bi, Acc)]);
elements(nil, Acc) -> Acc.

from_list(L) -> from_ordset(ordsets:from_list(L)).

from_ordset(L) ->
    N = length(L),
    {N, from_sorted(L, N)}.

balance({N, T}) -> {N, balance_node(T, N)}.

balance_node(T, N) -> from_sorted(elements(T, []), N).

from_sorted(L, N) ->
    {T, _} = build(L, N),
    T.

%% The first N elements of L as a perfectly balanced tree, and the rest.
build(L, N) when N > 1 ->
    Right = (N - 1) div 2,
    {Sm, [X | L1]} = build(L, N - 1 - Right),
    {Bi, L2} = build(L1, Right),
    {{X, Sm, Bi}, L2};
build([X | L], 1) -> {{X, nil, nil}, L};
build(L, 0) -> {nil, L}.

%% The same from a list sorted in descending order.
from_reversed(L, N) ->
    {T, _} = build_rev(L, N),
    T.

build_rev(L, N) when N > 1 ->
    Left = (N - 1) div 2,
    {Bi, [X | L1]} = build_rev(L, N - 1 - Left),
    {Sm, L2} = build_rev(L1, Left),
    {{X, Sm, Bi}, L2};
build_rev([X | L], 1) -> {{X, nil, nil}, L};
build_rev(L, 0) -> {nil, L}.

%% ---------------------------------------------------------------------
%% Set algebra

%% Whether to walk the sorted lists rather than look up each of N1
%% elements in a tree of N2.
walk(_, N2) when N2 < 10 -> true;
walk(N1, N2) -> N2 < N1 * round(?C * math:log(N2)).

union({N1, T1}, {N2, T2}) when N2 < N1 -> union(elements(T2, []), N2, T1, N1);
union({N1, T1}, {N2, T2}) -> union(elements(T1, []), N1, T2, N2).

union(L, N1, T2, N2) ->
    case walk(N1, N2) of
        true -> merge_union(L, elements(T2, []), [], N1 + N2);
        false -> add_all(L, {N2, T2})
    end.

add_all([X | Xs], S) -> add_all(Xs, add(X, S));
add_all([], S) -> S.

%% N counts down from the sum of both sizes for each shared element.
%% Like ordsets:union/2 it swaps the lists when the second head is smaller.
merge_union([X | Xs], [Y | _] = Ys, Acc, N) when X < Y -> merge_union(Xs, Ys, [X | Acc], N);
merge_union([X | _] = Xs, [Y | Ys], Acc, N) when X > Y -> merge_union(Ys, Xs, [Y | Acc], N);
merge_union([X | Xs], [_ | Ys], Acc, N) -> merge_union(Xs, Ys, [X | Acc], N - 1);
merge_union([], Ys, Acc, N) -> {N, from_reversed(lists:reverse(Ys, Acc), N)};
merge_union(Xs, [], Acc, N) -> {N, from_reversed(lists:reverse(Xs, Acc), N)}.

union([S | Ss]) -> union_all(S, Ss);
union([]) -> empty().

union_all(S, [S1 | Ss]) -> union_all(union(S, S1), Ss);
union_all(S, []) -> S.

intersection({N1, T1}, {N2, T2}) when N2 < N1 -> intersection(elements(T2, []), N2, T1, N1);
intersection({N1, T1}, {N2, T2}) -> intersection(elements(T1, []), N1, T2, N2).

intersection(L, N1, T2, N2) ->
    case walk(N1, N2) of
        true -> merge_common(L, elements(T2, []), [], 0);
        false -> keep_members(L, T2, [], 0)
    end.

keep_members([X | Xs], T, Acc, N) ->
    case member(X, T) of
        true -> keep_members(Xs, T, [X | Acc], N + 1);
        false -> keep_members(Xs, T, Acc, N)
    end;
keep_members([], _, Acc, N) -> {N, from_reversed(Acc, N)}.

merge_common([X | Xs], [Y | _] = Ys, Acc, N) when X < Y -> merge_common(Xs, Ys, Acc, N);
merge_common([X | _] = Xs, [Y | Ys], Acc, N) when X > Y -> merge_common(Ys, Xs, Acc, N);
merge_common([X | Xs], [_ | Ys], Acc, N) -> merge_common(Xs, Ys, [X | Acc], N + 1);
merge_common([], _, Acc, N) -> {N, from_reversed(Acc, N)};
merge_common(_, [], Acc, N) -> {N, from_reversed(Acc, N)}.

intersection([S | Ss]) -> intersect_all(S, Ss).

intersect_all(S, [S1 | Ss]) -> intersect_all(intersection(S, S1), Ss);
intersect_all(S, []) -> S.

is_disjoint({N1, T1}, {N2, T2}) when N1 < N2 -> disjoint(T1, T2);
is_disjoint({_, T1}, {_, T2}) -> disjoint(T2, T1).

disjoint({X1, Sm1, Bi1}, {X2, Sm2, _} = T2) when X1 < X2 ->
    not member(X1, Sm2) andalso disjoint(Sm1, Sm2) andalso disjoint(Bi1, T2);
disjoint({X1, Sm1, Bi1}, {X2, _, Bi2} = T2) when X1 > X2 ->
    not member(X1, Bi2) andalso disjoint(Bi1, Bi2) andalso disjoint(Sm1, T2);
disjoint({_, _, _}, {_, _, _}) -> false;
disjoint(nil, _) -> true;
disjoint(_, nil) -> true.

subtract(S1, S2) -> difference(S1, S2).

difference({N1, T1}, {N2, T2}) ->
    L = elements(T1, []),
    case walk(N1, N2) of
        true -> merge_minus(L, elements(T2, []), [], N1);
        false -> drop_members(L, T2, [], 0)
    end.

drop_members([X | Xs], T, Acc, N) ->
    case member(X, T) of
        true -> drop_members(Xs, T, Acc, N);
        false -> drop_members(Xs, T, [X | Acc], N + 1)
    end;
drop_members([], _, Acc, N) -> {N, from_reversed(Acc, N)}.

%% N counts down from the size of the left set.
merge_minus([X | Xs], [Y | _] = Ys, Acc, N) when X < Y -> merge_minus(Xs, Ys, [X | Acc], N);
merge_minus([X | _] = Xs, [Y | Ys], Acc, N) when X > Y -> merge_minus(Xs, Ys, Acc, N);
merge_minus([_ | Xs], [_ | Ys], Acc, N) -> merge_minus(Xs, Ys, Acc, N - 1);
merge_minus([], _, Acc, N) -> {N, from_reversed(Acc, N)};
merge_minus(Xs, [], Acc, N) -> {N, from_reversed(lists:reverse(Xs, Acc), N)}.

is_subset({N1, T1}, {N2, T2}) ->
    L = elements(T1, []),
    case walk(N1, N2) of
        true -> sorted_subset(L, elements(T2, []));
        false -> all_members(L, T2)
    end.

all_members([X | Xs], T) ->
    case member(X, T) of
        true -> all_members(Xs, T);
        false -> false
    end;
all_members([], _) -> true.

sorted_subset([X | _], [Y | _]) when X < Y -> false;
sorted_subset([X | _] = Xs, [Y | Ys]) when X > Y -> sorted_subset(Xs, Ys);
sorted_subset([_ | Xs], [_ | Ys]) -> sorted_subset(Xs, Ys);
sorted_subset([], _) -> true;
sorted_subset(_, []) -> false.

%% ---------------------------------------------------------------------
%% Traversal

filter(P, S) when is_function(P, 1) -> from_ordset([X || X <- to_list(S), P(X)]).

fold(F, Acc, {_, T}) when is_function(F, 2) -> fold_node(F, Acc, T).

fold_node(F, Acc, {X, Sm, Bi}) -> fold_node(F, F(X, fold_node(F, Acc, Sm)), Bi);
fold_node(_, Acc, _) -> Acc.

iterator({_, T}) -> push_left(T, []).

push_left({_, nil, _} = T, Stack) -> [T | Stack];
push_left({_, Sm, _} = T, Stack) -> push_left(Sm, [T | Stack]);
push_left(nil, Stack) -> Stack.

iterator_from(X, {_, T}) -> push_from(X, T, []).

push_from(X, {X1, _, Bi}, Stack) when X1 < X -> push_from(X, Bi, Stack);
push_from(_, {_, nil, _} = T, Stack) -> [T | Stack];
push_from(X, {_, Sm, _} = T, Stack) -> push_from(X, Sm, [T | Stack]);
push_from(_, nil, Stack) -> Stack.

next([{X, _, Bi} | Stack]) -> {X, push_left(Bi, Stack)};
next([]) -> none.
