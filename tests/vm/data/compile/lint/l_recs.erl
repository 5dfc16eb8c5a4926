-module(l_recs).
-export([a/0, b/1, c/1, d/0, e/1]).
-record(r, {a, b = 2, a}).
-record(r, {x}).
-record(s, {x = 1, y}).
-record(unused, {q}).

a() -> #r{a = 1, c = 2}.
b(R) -> R#s.z.
c(#s{y = Y, z = 1}) -> Y.
d() -> #nope{}.
e(R) -> R#s{x = 1, x = 2}.
