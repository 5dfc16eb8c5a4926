-module(l_guards).
-export([a/1, b/1, c/1, d/1, e/1, f/2]).

a(X) when foo(X) -> ok.
b(X) when X ++ [] =:= [] -> ok.
c(X) when lists:member(X, [1]) -> ok.
d(X) when is_integer(X), X = 1 -> ok.
e(X) when erlang:is_integer(X) -> ok.
f(X, Y) when X!Y -> ok.
foo(_) -> true.
