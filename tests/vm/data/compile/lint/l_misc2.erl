-module(l_misc2).
-export([a/1, b/0, c/1, d/2, e/0, f/1, g/1, h/1, i/0, j/1]).
-record(r, {a = foo(), b}).
a(X) -> X#r.a.
b() -> #r{b = 1}.
c(R) -> R#r{a = _ = 1}.
d(A, B) -> <<A:B/binary, _/binary>> = A.
e() -> X = 1, fun() -> X = 2 end.
f(X) -> [Y || {Y} <- X, Z <- Y].
g(X) -> case X of {ok, V} when V > 0 -> V; _ -> V end.
h(X) -> <<Y:X>> = <<>>, Y.
i() -> 1 = 2.
j(L) -> << <<X>> || X <- L, Y <- L >>.
foo() -> 1.
