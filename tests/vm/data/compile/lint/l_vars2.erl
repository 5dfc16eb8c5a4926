-module(l_vars2).
-export([a/1, b/1, c/1, d/0, e/1, f/1, g/1, h/1, i/1, j/2]).

a(X) ->
    receive
        {X, Y} -> ok;
        Z -> Z
    after 10 -> Y = 1
    end,
    Y.

b(L) -> [X || X <- L], X.

c(X) ->
    try
        A = X
    of
        B -> B
    catch
        _ -> ok
    end,
    A.

d() ->
    receive
        M -> N = M
    end,
    N.

e(X) -> case X of {A, _} -> A; [A] -> A end, A.

f(X) -> begin Y = X end, Y.

g(X) -> V = case X of 1 -> a; _ -> b end, V.

h(X) -> try X catch _:E:St -> {E, St} end.

i(X) ->
    St = 1,
    try X catch _:E:St -> {E, St} end.

j(A, B) ->
    if A -> C = 1; B -> C = 2; true -> C = 3 end,
    C.
