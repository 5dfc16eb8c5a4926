-module(l_funs).
-export([a/0, b/1, c/1, missing/2]).
-export([a/0]).

a() -> b(1), undefined_fn(2).
b(X) -> X.
b(_) -> again.
c(X) -> fun(X) -> X end.
d() -> unused.
e() -> d().
length(L) -> L.
call_len() -> length([1]).
