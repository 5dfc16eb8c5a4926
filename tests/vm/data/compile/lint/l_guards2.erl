-module(l_guards2).
-export([a/1, b/1, c/1, d/1, e/1, f/1, g/1]).
a(X) when integer(X) -> ok.
b(X) when is_record(X, nope) -> ok.
c(X) when record(X, nope2) -> ok.
d(X) when length(X) > self() -> ok.
e(X) when fun() -> X end -> ok.
f(X) when X#{a => 1} =:= X -> ok.
g(X) when [Y || Y <- X] =:= [] -> ok.
