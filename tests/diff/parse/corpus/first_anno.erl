%% first_anno.erl: nodes whose annotation is first_anno/1 of a child, fed
%% locations out of order by macros.
-module(first_anno).
-define(A(X), {X, ?LINE}).
-define(B(X, Y), Y = X).
-define(C(X), [X, X | X]).
-define(F(X), X()).
f1(Y) -> ?B(1, Y).
f2() -> ?C(a).
f3() -> ?F(foo).
f4() -> ?F(m:foo).
f5(X) -> case ?A(X) of _ -> ok end.
f6() -> [?A(1), ?A(2) | ?A(3)].
f7() -> <<?A(1):8>>.
f8() -> if ?A(1) -> ok end.
f9(X) -> try X catch ?A(1) -> ok end.
-type t() :: ?A(x) | y.
-spec f10(X) -> X when X :: ?A(a).
f10(X) -> X.
-define(D, 1 + 2).
f11() -> ?D * 3.
f12() -> [?D, ?D].
f13(L) -> [?D || _ <- L].
