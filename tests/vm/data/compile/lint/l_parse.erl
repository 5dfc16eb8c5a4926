-module(l_parse).
-export([f/1, g/0]).
f(X) -> X;
h(Y) -> Y.
g() -> ?UNDEF.
