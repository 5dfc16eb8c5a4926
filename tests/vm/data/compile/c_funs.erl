-module(c_funs).
-export([adder/1, fact/1, compose/2, local/0, remote/0, dyn/3, lc/2, lc2/1, bcs/1, apply3/3, apply2/2,
         nested_funs/1, gen_fun/2, filters/1, map_lc/1, deep_lc/3]).

adder(N) -> fun(X) -> X + N end.

fact(N) ->
    F = fun Fact(0) -> 1; Fact(K) -> K * Fact(K - 1) end,
    F(N).

compose(F, G) -> fun(X) -> F(G(X)) end.

local() -> lists:map(fun double/1, [1, 2, 3]).
double(X) -> X * 2.

remote() -> fun erlang:abs/1.

dyn(M, F, A) -> fun M:F/A.

lc(L, N) -> [{X, Y} || X <- L, Y <- lists:seq(1, N), X =/= Y].

lc2(L) -> [X || {ok, X} <- L].

bcs(L) -> << <<(X * 2)>> || X <- L >>.

apply3(M, F, A) -> {apply(M, F, A), erlang:apply(M, F, [1, 2]), M:F(1), apply(lists, reverse, [A])}.

apply2(F, A) -> {apply(F, A), apply(F, [1])}.

nested_funs(X) ->
    F = fun(Y) -> G = fun(Z) -> X + Y + Z end, G(1) end,
    F(2).

gen_fun(A, B) -> fun(X, Y) when X > A -> {X, Y, B}; (_, _) -> no end.

filters(L) -> [X || X <- L, is_integer(X), X rem 2 =:= 0, check(X)].
check(X) -> X > 2.

map_lc(M) -> [K || {K, _} <- maps:to_list(M)].

deep_lc(A, B, C) -> [{X, Y, Z} || X <- A, Y <- B, Z <- C, X < Y, Y < Z].
