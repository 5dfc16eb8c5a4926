-module(prog_rpn_calc).
-export([main/0]).

rpn(Expr) ->
    try
        [Result] = lists:foldl(fun step/2, [], string:lexemes(Expr, " ")),
        {ok, Result}
    catch
        error:{badmatch, Stack} -> {error, {leftover, Stack}};
        error:function_clause -> {error, stack_underflow};
        throw:{bad_token, T} -> {error, {bad_token, T}};
        error:badarith -> {error, arithmetic}
    end.

step("+", [B, A | S]) -> [A + B | S];
step("-", [B, A | S]) -> [A - B | S];
step("*", [B, A | S]) -> [A * B | S];
step("/", [B, A | S]) -> [A / B | S];
step("^", [B, A | S]) -> [math:pow(A, B) | S];
step("sum", S) -> [lists:sum(S)];
step(Tok, S) when Tok =/= "+", Tok =/= "-", Tok =/= "*", Tok =/= "/", Tok =/= "^" ->
    case string:to_integer(Tok) of
        {N, ""} -> [N | S];
        _ -> case string:to_float(Tok) of
                 {F, ""} -> [F | S];
                 _ -> throw({bad_token, Tok})
             end
    end.

main() ->
    Exprs = ["3 4 +", "5 1 2 + 4 * + 3 -", "2 3 ^", "1.5 2 *", "10 4 /", "1 2 3 4 sum",
             "1 +", "1 2", "4 0 /", "2 x *", "99999999999999999999 99999999999999999999 *"],
    [io:format("~s => ~p~n", [E, rpn(E)]) || E <- Exprs],
    ok.
