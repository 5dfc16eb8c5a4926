%% ordsets: sets as sorted lists without duplicates (elements compared
%% with ==), OTP 25's API, results and exceptions.  Where two elements are
%% equal but not identical (1 and 1.0) the one kept is the one OTP keeps.
-module(ordsets).

-export([add_element/2, del_element/2, filter/2, fold/3, from_list/1,
         intersection/1, intersection/2, is_disjoint/2, is_element/2,
         is_empty/1, is_set/1, is_subset/2, new/0, size/1, subtract/2,
         to_list/1, union/1, union/2]).

new() -> [].

is_set([E | Es]) -> ascending(Es, E);
is_set([]) -> true;
is_set(_) -> false.

ascending([E | Es], Prev) when Prev < E -> ascending(Es, E);
ascending([_ | _], _) -> false;
ascending([], _) -> true.

size(S) -> length(S).

is_empty(S) -> S =:= [].

to_list(S) -> S.

from_list(L) -> lists:usort(L).

is_element(E, [H | T]) when E > H -> is_element(E, T);
is_element(E, [H | _]) when E < H -> false;
is_element(_, [_ | _]) -> true;
is_element(_, []) -> false.

add_element(E, [H | T]) when E > H -> [H | add_element(E, T)];
add_element(E, [H | _] = S) when E < H -> [E | S];
add_element(_, [_ | _] = S) -> S;
add_element(E, []) -> [E].

del_element(E, [H | T]) when E > H -> [H | del_element(E, T)];
del_element(E, [H | _] = S) when E < H -> S;
del_element(_, [_ | T]) -> T;
del_element(_, []) -> [].

%% The recursion swaps its arguments when the second set's head is
%% smaller, so of two equal elements the one from the set that was
%% "first" at that point survives.
union([A | As], [B | _] = Bs) when A < B -> [A | union(As, Bs)];
union([A | _] = As, [B | Bs]) when A > B -> [B | union(Bs, As)];
union([A | As], [_ | Bs]) -> [A | union(As, Bs)];
union([], Bs) -> Bs;
union(As, []) -> As.

union(Sets) -> lists:umerge(Sets).

intersection([A | As], [B | _] = Bs) when A < B -> intersection(As, Bs);
intersection([A | _] = As, [B | Bs]) when A > B -> intersection(Bs, As);
intersection([A | As], [_ | Bs]) -> [A | intersection(As, Bs)];
intersection([], _) -> [];
intersection(_, []) -> [].

intersection([S1, S2 | Ss]) -> intersect_all(intersection(S1, S2), Ss);
intersection([S]) -> S.

intersect_all(S, [S1 | Ss]) -> intersect_all(intersection(S, S1), Ss);
intersect_all(S, []) -> S.

is_disjoint([A | As], [B | _] = Bs) when A < B -> is_disjoint(As, Bs);
is_disjoint([A | _] = As, [B | Bs]) when A > B -> is_disjoint(Bs, As);
is_disjoint([_ | _], [_ | _]) -> false;
is_disjoint([], _) -> true;
is_disjoint(_, []) -> true.

subtract([A | As], [B | _] = Bs) when A < B -> [A | subtract(As, Bs)];
subtract([A | _] = As, [B | Bs]) when A > B -> subtract(As, Bs);
subtract([_ | As], [_ | Bs]) -> subtract(As, Bs);
subtract([], _) -> [];
subtract(As, []) -> As.

is_subset([A | _], [B | _]) when A < B -> false;
is_subset([A | _] = As, [B | Bs]) when A > B -> is_subset(As, Bs);
is_subset([_ | As], [_ | Bs]) -> is_subset(As, Bs);
is_subset([], _) -> true;
is_subset(_, []) -> false.

fold(F, Acc, S) -> lists:foldl(F, Acc, S).

filter(P, S) -> lists:filter(P, S).
