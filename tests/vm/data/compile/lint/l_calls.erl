-module(l_calls).
-export([a/0, b/0, c/0, d/1, e/0, f/1]).
-compile({no_auto_import, [size/1]}).
-import(lists, [foldl/3]).
a() -> fun nothere/2.
b() -> fun record_info/2.
c() -> record_info(fields, nope).
d(X) -> record_info(bad, X).
e() -> size({}).
f(L) -> foldl(fun(A, B) -> A + B end, 0, L).
size(_) -> 0.
foldl(_, _, _) -> mine.
