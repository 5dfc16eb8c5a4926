-module(guard_ops).
-export([main/0]).

id(X) -> X.

arith(X) when X * 2 + 1 =:= 7 -> three;
arith(X) when X rem 2 =:= 0, X div 2 > 2 -> even_big;
arith(X) when X band 16#F =:= 16#F -> low_nibble_set;
arith(X) when (X bsl 1) bor 1 =:= 5 -> two;
arith(X) when bnot X =:= -1 -> zero;
arith(X) when X bxor 1 =:= 0 -> one;
arith(X) when -X > 0 -> negative;
arith(X) when +X > 0 -> positive;
arith(_) -> other.

cmp(X, Y) when X == Y, X =/= Y -> equal_not_exact;
cmp(X, Y) when X =:= Y -> exact;
cmp(X, Y) when X < Y -> less;
cmp(X, Y) when X >= Y -> greater_or_equal.

bool(X) when X andalso true -> t;
bool(X) when not X -> f;
bool(_) -> neither.

bool2(X, Y) when X or Y -> or_true;
bool2(X, Y) when X xor Y -> xor_true;
bool2(X, Y) when (X and Y) =:= false -> and_false;
bool2(_, _) -> other.

main() ->
    io:format("~w~n", [[arith(id(N)) || N <- [3, 8, 31, 2, 0, 1, -4, 5, 4]]]),
    io:format("~w~n", [[cmp(id(A), id(B)) || {A, B} <- [{1, 1.0}, {1, 1}, {1, 2}, {b, a}, {1, a}]]]),
    io:format("~w~n", [[bool(id(V)) || V <- [true, false, 1]]]),
    io:format("~w~n", [[bool2(id(A), id(B)) || {A, B} <- [{true, false}, {false, false}, {1, true}]]]),
    ok.
