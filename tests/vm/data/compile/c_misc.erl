-module(c_misc).
-compile(export_all).
-compile(nowarn_export_all).
-import(lists, [reverse/1]).
-vsn("1.0").
-author(me).
-on_load(init/0).
-define(M, ?MODULE).

init() -> ok.
imp(L) -> reverse(L).
mod() -> ?MODULE.
line() -> ?LINE.
self_call() -> ?M:mod().
dyn_call(M, F) -> M:F().
dyn_call2(M) -> M:foo(1, 2).
funcall(F) -> F(1, 2, 3).
chars() -> [$a, $\s, $\x{1F600}].
neg_pat(-1) -> minus_one;
neg_pat(1 + 1) -> two;
neg_pat(X) -> X.
big() -> 16#FFFFFFFFFFFFFFFFFFFFFFFF.
float_pat(1.0) -> one;
float_pat(_) -> other.
str_pat("abc" ++ Rest) -> Rest;
str_pat([$x | Rest]) -> Rest.
deep() -> {{{{{{{{{{a}}}}}}}}}}.
