-module(l_bin2).
-export([a/1, b/1, c/1, d/1, e/1, f/0, g/1, h/1]).
a(<<X/binary, Y:8>>) -> {X, Y}.
b(<<"abc"/binary>>) -> ok.
c(<<X:8/utf8>>) -> X.
d(<<X:8/integer-float>>) -> X.
e(<<X:8/foo>>) -> X.
f() -> <<1.0:20/float>>.
g(<<X/integer-unit:8>>) -> X.
h(<<X:8/signed-unsigned>>) -> X.
