-module(l_pats).
-export([a/1, b/1, c/1, d/1, e/1, f/1, g/1]).

a(X + 1) -> X.
b(f()) -> ok.
c(#{a => 1}) -> ok.
d(<<X:8, Y/binary, Z:8>>) -> {X, Y, Z}.
e(<<X/utf8-unit:8>>) -> X.
f(<<X:8/integer-float>>) -> X.
g([H | T] ++ [1]) -> H.
