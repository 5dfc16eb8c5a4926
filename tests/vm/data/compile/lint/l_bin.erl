-module(l_bin).
-export([a/1, b/1, c/0, d/1, e/1]).
a(<<X:8, Rest/binary>> = <<Y:16>>) -> {X, Rest, Y}.
b(B) -> <<X:S>> = B, X.
c() -> <<1:4/utf8>>.
d(<<"abc":8>>) -> ok.
e(<<X:3.5>>) -> X.
