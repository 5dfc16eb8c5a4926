-module(arith_bignum_factorial).
-export([main/0]).

id(X) -> X.

fact(0) -> 1;
fact(N) -> N * fact(N - 1).

digits(0) -> 0;
digits(N) -> 1 + digits(N div 10).

digit_sum(0) -> 0;
digit_sum(N) -> N rem 10 + digit_sum(N div 10).

isqrt(N) -> isqrt(N, N, (N + 1) div 2).
isqrt(_, X, Y) when Y >= X -> X;
isqrt(N, _, Y) -> isqrt(N, Y, (Y + N div Y) div 2).

gcd(A, 0) -> A;
gcd(A, B) -> gcd(B, A rem B).

main() ->
    F100 = fact(id(100)),
    io:format("~p~n", [F100]),
    io:format("~p ~p~n", [digits(F100), digit_sum(F100)]),
    F1000 = fact(id(1000)),
    io:format("~p ~p~n", [digits(F1000), digit_sum(F1000)]),
    io:format("~p~n", [F1000 rem id(1000000007)]),
    io:format("~p~n", [isqrt(F100)]),
    io:format("~p~n", [gcd(fact(id(60)), fact(id(40)) + 1)]),
    io:format("~p~n", [gcd(fact(id(50)), fact(id(45)))  =:= fact(45)]),
    io:format("~p~n", [F1000 div fact(id(998))]),
    ok.
