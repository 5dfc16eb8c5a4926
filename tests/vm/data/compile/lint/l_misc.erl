-module(l_misc).
-compile(export_all).
-export([x/0]).
-import(lists, [reverse/1, map/2]).
-import(lists, [reverse/1]).

x() -> reverse([1]).
y(X) -> [Y || Y <- X, Z <- X].
z(X) -> [X || X <- [1, 2]].
w(X) -> #{X := 1}.
v() -> <<1:8/float>>.
u(A) -> B = A, fun(B) -> B end.
t(X) -> case X of {Y, Y} -> Y end.
s() -> F = fun S(0) -> 0; S(N) -> S(N - 1) end, F.
r(X) -> try X catch error:E:St when St =:= [] -> E end.
q() -> self() ! hi.
