%% annos.erl: annotations with text ('maybe', 'else'), first_anno/last_anno
%% through macros, and unicode text.
-module(annos).
-define(M, 'maybe').
-define(P(X), {X, 'else'}).
f1() -> {'maybe', 'else', maybe, else, 'if', 'ma\x79be'}.
f2(X) -> try X catch 'maybe' -> 1; 'else':R -> R; {'else'} -> 2 end.
f3() -> ?M.
f4() -> ?P('maybe').
f5(X) -> try X catch [a | 'maybe'] -> 1 end.
'maybe'() -> ok.
f6() -> 'maybe' 'else'.
f7() -> fun 'maybe'/0.
f8() -> {'λ', "λ日本", 'ä', $λ}.
f9(Ä) -> Ä.
-define(Q(X), [X | 'else']).
f10() -> ?Q(1) ++ ?Q(?M).
f11(X) -> try X catch ?P(a) -> 1; ?Q(b) = Y -> Y end.
-record('maybe', {'else' = 'maybe'}).
f12(#'maybe'{'else' = E}) -> E.
f13() -> 'maybe'
