-module(arith_literal_ops).
-export([main/0]).

%% Additions and subtractions of a literal integer, in the places where the
%% VM fuses them with the instruction after them (a call taking the result,
%% a return of it, a loop's in-place tail call), on small integers, at the
%% edges of the small range (where the result is a bignum), on floats
%% (-0.0 - 0 is -0.0, -0.0 + 0 is 0.0), on bignums, and on non-numbers:
%% OTP reports X - K with K < 0 with an erlang:'-' frame, X - K with K >= 0
%% and X + K without.

-define(SMALL_MAX, 576460752303423487).
-define(SMALL_MIN, -576460752303423488).

id(X) -> X.

%% fib: the subtractions fused with the calls, the addition with the return
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

%% a loop with two counters: both additions fused with the tail call
loop(0, Acc) -> Acc;
loop(N, Acc) -> loop(N - 1, Acc + 3).

%% the same with a subtraction of a negative literal (framed on failure)
loopn(0, Acc) -> Acc;
loopn(N, Acc) -> loopn(N - 1, Acc - (-2)).

next(X) -> X + 1.
prev(X) -> X - 1.
minus0(X) -> X - 0.
plus0(X) -> X + 0.
minus_neg(X) -> X - (-1).
minus_max(X) -> X - ?SMALL_MAX.
minus_min(X) -> X - ?SMALL_MIN.
plus_min(X) -> X + ?SMALL_MIN.
twice(X) -> id(X - 5) + id(X + 5).
sum_ret(X, Y) -> X + Y.
diff_ret(X, Y) -> X - Y.
inc_ret(X) -> X + 7.

e(F) ->
    try F() of
        V -> {ok, V}
    catch
        C:R:St -> {C, R, top(St)}
    end.

%% the top frame's function (an operator frame says which operator failed)
top([{M, F, A, _} | _]) when is_list(A) -> {M, F, length(A)};
top([{M, F, A, _} | _]) -> {M, F, A}.

main() ->
    io:format("~p~n", [[fib(N) || N <- lists:seq(0, 15)]]),
    io:format("~p~n", [[loop(N, 0) || N <- [0, 1, 2, 10, 10000]]]),
    io:format("~p~n", [[loopn(N, 1) || N <- [0, 1, 5000]]]),
    Cases = [fun() -> next(1) end,
             fun() -> next(?SMALL_MAX) end,
             fun() -> next(?SMALL_MIN - 1) end,
             fun() -> next(1.5) end,
             fun() -> next(-0.0) end,
             fun() -> next(a) end,
             fun() -> prev(0) end,
             fun() -> prev(?SMALL_MIN) end,
             fun() -> prev(?SMALL_MAX + 1) end,
             fun() -> prev(1.0) end,
             fun() -> prev(-0.0) end,
             fun() -> prev("x") end,
             fun() -> minus0(-0.0) end,
             fun() -> minus0(3) end,
             fun() -> minus0(b) end,
             fun() -> plus0(-0.0) end,
             fun() -> plus0(c) end,
             fun() -> minus_neg(?SMALL_MAX) end,
             fun() -> minus_neg(-0.0) end,
             fun() -> minus_neg(d) end,
             fun() -> minus_max(-2) end,
             fun() -> minus_max(e) end,
             fun() -> minus_min(0) end,
             fun() -> minus_min(-1) end,
             fun() -> minus_min(f) end,
             fun() -> plus_min(-1) end,
             fun() -> plus_min(g) end,
             fun() -> twice(10) end,
             fun() -> twice(?SMALL_MAX) end,
             fun() -> twice(2.5) end,
             fun() -> twice(h) end,
             fun() -> sum_ret(?SMALL_MAX, 1) end,
             fun() -> sum_ret(1, 2.0) end,
             fun() -> sum_ret(i, 1) end,
             fun() -> diff_ret(?SMALL_MIN, 1) end,
             fun() -> diff_ret(1, j) end,
             fun() -> inc_ret(?SMALL_MAX - 3) end,
             fun() -> inc_ret(k) end,
             fun() -> fib(2.0) end,
             fun() -> fib(l) end,
             fun() -> loop(3, m) end,
             fun() -> loop(2, ?SMALL_MAX - 4) end,
             fun() -> loop(o, 0) end,
             fun() -> loopn(2, n) end,
             fun() -> loopn(1, ?SMALL_MAX) end],
    lists:foreach(fun(F) -> io:format("~p~n", [e(F)]) end, Cases),
    ok.
