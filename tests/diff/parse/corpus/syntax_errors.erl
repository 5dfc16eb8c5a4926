%% syntax_errors.erl: one erroneous form per line; each must fail exactly
%% where erl_parse fails, with erl_parse's descriptor.
-module(syntax_errors).
f1() -> fun a/b.
f2() -> fun a:b.
f3() -> fun X.
f4() -> fun (X) -> X.
f5() -> fun (X) -> X; Y(Z) -> Z end.
f6() -> fun F(X) -> X; G(Y) -> Y end.
f7() -> fun (X) -> X; (Y, Z) -> Z end.
f8(X) -> X; g8(X) -> X.
f9(X) -> X; f9() -> X.
f10(X) -> X; g10() -> X y.
f11(X) -> case X of end.
f12() -> if end.
f13() -> receive end.
f14(X) -> try X end.
f15(X) -> try X of end.
f16(X) -> try X catch end.
f17() -> begin end.
f18() -> X = .
f19() -> 1 + .
f20() -> [1,].
f21() -> [1|].
f22() -> [1|2,3].
f23() -> {1,}.
f24() -> #{a}.
f25() -> #{a => }.
f26() -> #r{a}.
f27() -> #r{a = }.
f28() -> #r.
f29(X) -> X#r.
f30() -> <<1:>>.
f31() -> <<1/>>.
f32() -> <<1/foo:>>.
f33() -> <<1/unit:a>>.
f34(X, Y, Z) -> <<X:Y:Z>>.
f35(X) -> [X || ].
f36(X) -> [X || X <- ].
f37() -> a:b:c().
f38() -> f()().
f39() -> 1 < 2 < 3.
f40() -> 1 == 2 /= 3.
f41() -> (1.
f42() -> ).
f43() -> end.
f44( -> a.
f45() a.
f46() when -> a.
f47(X) when X; -> a.
-.
- .
foo.
1 + 2.
-module.
-module().
-module(1).
-export([f/1, ]).
-export([f]).
-export([F/1]).
-record(r, {a, b = }).
-record(r, {a :: }).
-type t() :: .
-type t() :: fun(.
-spec f(X) -> .
-spec f.
-spec f() -> ok when .
-spec f() -> ok when X.
-callback f() -> ok when is_subtype(a, b).
-type t() :: #r{a}.
-type t() :: [a, b].
-type t() :: {a, }.
-type t() :: <<_:8, _:4>>.
-type t() :: <<X:8>>.
-type t() :: a:b.
-type t() :: m:t.
-type t(A, A) :: a.
-foo(bar) baz.
-foo(f(X)).
-foo(#{a := b}).
-foo(<<X>>).
f100() -> #{a => 1}#r.a.
f101(X) -> X#r.a#{}.
f102(X) -> X#r{}#{}.
f104(X, Y) -> X:Y#r.a.
f105(X) -> X#{}:f().
f107(L) -> <<X || X <- L, >>.
f108(L) -> << - X || X <- L>>.
f109(Y) -> [X || <<X>> + 1 <= Y].
f110(Y) -> [X || (<<X>>) <= Y].
f111(Y, Z) -> [X || <<X>> = Y <= Z].
f112() -> try a catch b:c:d:e -> 1 end.
f113() -> try a catch throw:X:Y -> 1; -> 2 end.
f114() -> receive after end.
f115() -> receive a -> 1 after 1 end.
f116() -> X = Y = .
f117() -> catch.
f118() -> fun m:f/a.
f122() -> a(1)(2).
f123(A) A.
f124() -> ; g() -> 1.
f125() -> 1; .
-record(r, {"a"}).
-record(r, {a = 1 :: }).
-record(r, {a::b::c}).
-record(r, {A :: b}).
-type t() :: a | (b :: c).
-spec f() -> fun(...).
f130() -> f(,).
f131() -> [a b].
f132() -> {a b}.
f133() -> #{a => b c}.
f134() -> <<a b>>.
f135() -> f(a b).
f136() -> case a of b -> c d end.
f137() -> case a of b c -> d end.
f138() -> fun() -> a b end.
f139() -> try a b catch _ -> c end.
f140() -> if a b -> c end.
f141() -> receive a -> b c end.
f142() -> begin a b end.
f143() -> "a" b.
f144() -> 'a' "b".
f145() -> 1 2.
f146() -> 1.5 2.
f147() -> $a $b.
f148() -> X Y.
f149() -> a 'b c'.
f150() -> a 'else'.
f151() -> a 'maybe'.
f152() -> a 16#FF.
f153() -> a "\x{1F600}".
f154() -> #.
f155() -> #1.
f156() -> #a.b.c.
f157() -> fun.
f158() -> fun (.
f159() -> fun ().
f160() -> fun () ->.
f161() -> fun () -> a; .
f162() -> fun () -> a; b.
f163() -> fun (a) -> b; C(d) -> e end.
f164() -> fun C() -> b; () -> e end.
f165() -> try a of b -> c end.
f166() -> try a of b -> c catch d end.
f167() -> try a of b -> c catch d -> e after end.
f168() -> try a after b catch c -> d end.
f169() -> case a of b when -> c end.
f170() -> case a of b when c; -> d end.
f171() -> <<a:b/c-d:e-f:1>>.
f172() -> <<a/c:1:2>>.
f173() -> <<(a)/binary-unit:8>>.
f174() -> <<a:(b)/binary>>.
f175() -> <<a:b()>>.
f176() -> <<a#r.b>>.
f177() -> <<#{}>>.
f178() -> << <<a>> || <<a>> <= b >>.
f179() -> a:#{}.
f180() -> a:(b).
f181() -> (a):b:c.
f182() -> - - .
f183() -> not not a.
f184() -> bnot.
f185() -> a ! .
f186() -> a orelse andalso b.
f187() -> [a|b|c].
f188() -> [a||b||c].
f189() -> {a, [b, {c, [d}]}.
f190() -> fun m:f/1(2).
