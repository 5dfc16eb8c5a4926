%% macros.erl: macro definition, expansion and epp's macro errors.
-module(macros).
-define(A, 1).
-define(B(X), {X, ?A}).
-define(B(X, Y), [X, Y]).
-define(C(), c).
-define(S(X), ??X).
-define(LINE2, ?LINE).
-define(EMPTY, ).
-define(F, fun() -> ok end).
-define(NEST(X), ?B(?B(X))).
-define(P(X), X + X).
-define(Q, ?P).
f1() -> ?A.
f2() -> ?B(1).
f3() -> ?B(1, 2).
f4() -> ?C().
f5() -> ?S(a + b * {c, "d", $e, 1.5, 'F g', [1|T], <<"x">>, #{k => v}}).
f6() -> ?LINE.
f7() -> ?LINE2.
f8() -> {?FILE, ?MODULE, ?MODULE_STRING, ?MACHINE, ?BEAM, ?OTP_RELEASE}.
f9(X) -> {?FUNCTION_NAME, ?FUNCTION_ARITY, X}.
f10(X, {Y, Z}, [A | B]) -> ?FUNCTION_ARITY.
f11() -> ?EMPTY ok.
f12() -> ?NEST(x).
f13() -> ?Q(3).
f14() -> ?A(1).
f15() -> ?B.
f16() -> ?UNDEF.
f17() -> ?UNDEF(1).
f18() -> ?B(1,2,3).
f19() -> ?B().
f20() -> ?B(,).
f21() -> ?B(a,).
f22() -> ?B((a, b)).
f23() -> ?B([a, b]).
f24() -> ?B({a, b}).
f25() -> ?B(fun() -> a, b end).
f26() -> ?B(fun F() -> a, b end).
f27() -> ?B(begin a, b end).
f28() -> ?B(case x of _ -> a, b end).
f29() -> ?B(<<a, b>>).
f30() -> ?B(try a, b catch _ -> c end).
f31() -> ?B(receive a -> b, c end).
f32() -> ?B(if true -> a, b end).
f33() -> ?1.
f34() -> ?.
f35() -> ?(.
f36() -> ?"s".
f37() -> ??A.
f38() -> ?'A'.
f39() -> ?'LINE'.
f40() -> ?'FUNCTION_NAME'.
-define(REC, ?REC).
f41() -> ?REC.
-define(R1, ?R2).
-define(R2, ?R1).
f42() -> ?R1.
-undef(A).
f43() -> ?A.
-define(A, 2).
f44() -> ?A.
-define(A, 3).
-define(MODULE, x).
-define(FILE, x).
-define(B(X), x).
-define(D(X, X), x).
-define(E(X) x).
-define(G, x.
-define(H(X, ), x).
-define(I(1), x).
-define("J", x).
-define J.
-define(K).
-define(L, ?M().
-undef(A, B).
-undef.
f45() -> ?FUNCTION_NAME.
?FUNCTION_NAME() -> ok.
-foo(?FUNCTION_NAME).
f46(?A, ?B(1)) -> ?FUNCTION_ARITY.
-define(FN, ?FUNCTION_NAME).
f47() -> ?FN.
-define(STR(X), ??X).
f48() -> ?STR(?A).
f49() -> ?STR("x\n" 'a b' [1,2] 3.0 $\s 16#1F 100000000000000000000000 'else').
-define(CALL(F, A), F(A)).
f50() -> ?CALL(foo, 1).
-define(M2(X), ?X).
f51() -> ?M2(A).
f52() -> ?B(?B(?B(1))).
-define(LOC(X), {X, ?LINE, x}).
f53() ->
    ?LOC(
        a).
-define(V, ?B(1)
).
f54() -> ?V.
-define(FEATURE_AVAILABLE, 7).
f55() -> {?FEATURE_AVAILABLE(maybe_expr), ?FEATURE_ENABLED(maybe_expr), ?FEATURE_AVAILABLE}.
f56() -> ?STR(?).
-define(UN(X), ??Y).
f57() -> ?UN(1).
-define(TWO, a, b).
f58() -> {?TWO}.
-define(lower, low).
-define('Quoted macro', quoted).
f59() -> {?lower, ?'Quoted macro'}.
f60() -> ?B(
  1).
f61() -> ?F.
f62() -> ?MODULE:f1().
f63() -> ?.A.
f64() -> ?end.
f65() -> ?(a).
f66() -> ?$a.
f67() -> ?1.5.
