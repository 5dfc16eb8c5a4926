-module(arith_bignum_words).
-export([main/0, ops/2]).

%% Integers of one and two 64-bit words (the products of two smalls, their
%% sums, quotients and remainders), both signs: erl's results.

main() ->
    Vs = [0, -7, 1103515245, 2147483648, 16#7FFFFFFFFFFFFFF, -16#800000000000000,
          16#800000000000000, -16#FFFFFFFFFFFFFFFF, 16#10000000000000000,
          -16#FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF, 16#100000000000000000000000000000000],
    [io:format("~w ~w ~w~n", [A, B, ops(A, B)]) || A <- Vs, B <- Vs],
    ok.

ops(A, B) ->
    [A + B, A - B, A * B | case B of 0 -> []; _ -> [A div B, A rem B] end].
