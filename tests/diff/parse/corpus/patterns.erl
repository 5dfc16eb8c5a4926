-module(patterns).
-record(r, {a, b}).
f(X = Y, [H | T], {a, B}, <<C:8, D/binary>>, #{k := V}, #r{a = 1}, #r.a, "abc" ++ S, $a, -1, +2, 1 + 2,
  (Z), [_, _ | _], 'atom', 1.5, <<"x">>, [1, 2], #{}, X = {Y, Z} = W, - - 3, 2 * 3, #{a := 1, b := B2}) ->
    {X, Y, H, T, B, C, D, V, S, Z, W, B2}.
g(X) when X == 1; X =:= 2 -> ok.
h(<<X:8/integer-little-signed-unit:1, _/bits>>) -> X.
i([X || X <- []]) -> ok.
j(#{a => 1}) -> ok.
k(X#r.a) -> ok.
l(f()) -> ok.
m(a:b) -> ok.
n(catch X) -> X.
o(X ! Y) -> ok.
p(A andalso B) -> ok.
q(begin X end) -> X.
r(#r{}#r{}) -> ok.
s(#{}#{}) -> ok.
t(X) -> try X catch {a, b} -> 1; A:B:C when C -> 2; a:b -> 3; X:(Y) -> 4; error:badarg:St -> St end.
u(X) -> try X catch C:R:foo -> 1 end.
v(X) -> try X catch (C):R -> 1 end.
w(X) -> try X catch C:R:S:T -> 1 end.
x(<<X || X <- []>>) -> ok.
y(fun f/1) -> ok.
z(1 < 2) -> ok.
