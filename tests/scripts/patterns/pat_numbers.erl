-module(pat_numbers).
-export([main/0]).

id(X) -> X.

n(0) -> int_zero;
n(0.0) -> float_zero;
n(-1) -> minus_one;
n(16#FF) -> hex_ff;
n(2#1010) -> bin_ten;
n($A) -> char_a;
n(1.5e3) -> float_1500;
n(12345678901234567890) -> big;
n(-12345678901234567890) -> neg_big;
n(_) -> other.

main() ->
    Ns = [0, 0.0, -1, 255, 10, 65, 1500.0, 1500, 12345678901234567890,
          -12345678901234567890, 12345678901234567891, 1.0, -0.0],
    io:format("~p~n", [[{N, n(id(N))} || N <- Ns]]),
    ok.
