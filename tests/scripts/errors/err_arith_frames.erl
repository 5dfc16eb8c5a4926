-module(err_arith_frames).
-export([main/0]).

%% Which frame tops the stack trace of a failing + or -: OTP leaves out
%% the erlang:'+'/'-' frame when it inlines the operator (an operand that
%% is a literal small integer or float; for -, only the second), and keeps
%% it otherwise (bignum or non-number literals, two variables, *).

id(X) -> X.

top(F) ->
    try F() of
        V -> {value, V}
    catch
        error:R:St ->
            {M, Fn, A, _} = hd(St),
            {R, M, Fn, A}
    end.

plus_lit() -> id(a) + 1.
lit_plus() -> 1 + id(a).
minus_lit() -> id(a) - 1.
lit_minus() -> 7 - id(a).
neg_lit_minus() -> -5 - id(a).
plus_var() -> id(a) + id(2).
minus_var() -> id(a) - id(2).
times_lit() -> id(a) * 2.
plus_float_lit() -> id(a) + 1.5.
float_lit_plus() -> 1.5 + id(a).
minus_float_lit() -> id(a) - 1.5.
plus_float_var() -> id(1.5) + id(a).
plus_big_small() -> id(a) + 576460752303423487.
plus_big_lit() -> id(a) + 576460752303423488.
plus_nil() -> id(a) + [].
minus_atom() -> id(a) - b.
big_result() -> id(1 bsl 70) + 1.
fine() -> X = id(5), X - 2.

main() ->
    Cases = [fun plus_lit/0, fun lit_plus/0, fun minus_lit/0, fun lit_minus/0,
             fun neg_lit_minus/0, fun plus_var/0, fun minus_var/0, fun times_lit/0,
             fun plus_float_lit/0, fun float_lit_plus/0, fun minus_float_lit/0,
             fun plus_float_var/0, fun plus_big_small/0, fun plus_big_lit/0,
             fun plus_nil/0, fun minus_atom/0, fun big_result/0, fun fine/0],
    [io:format("~p~n", [top(F)]) || F <- Cases],
    ok.
