-module(l_depr).
-export([a/0, b/0, c/0, d/0, e/1]).
-compile({nowarn_deprecated_function, [{erlang, phash, 2}]}).
a() -> erlang:now().
b() -> now().
c() -> random:uniform().
d() -> erlang:phash(x, 1).
e(X) when is_integer(X) -> slave:start(X).
