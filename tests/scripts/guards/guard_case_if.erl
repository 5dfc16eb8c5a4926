-module(guard_case_if).
-export([main/0]).

id(X) -> X.

sign(X) ->
    if X > 0 -> pos;
       X < 0 -> neg;
       true -> zero
    end.

describe(T) ->
    case T of
        {X, Y} when is_integer(X), is_integer(Y), X > Y -> desc;
        {X, Y} when is_integer(X), is_integer(Y) -> asc_or_eq;
        L when is_list(L), length(L) > 2 -> long;
        L when is_list(L) -> short;
        B when is_binary(B), byte_size(B) rem 2 =:= 0 -> even_bin;
        _ -> other
    end.

main() ->
    io:format("~w~n", [[sign(id(V)) || V <- [3, -2, 0, 0.0, -0.5, 1000000000000000000000]]]),
    io:format("~w~n", [[describe(id(V)) || V <- [{2, 1}, {1, 2}, {1, 1}, [1, 2, 3], [1], <<1, 2>>, <<1>>, x]]]),
    F = fun(X) when X > 0 -> pos; (X) when X < 0 -> neg; (_) -> zero end,
    io:format("~w~n", [lists:map(F, id([5, -5, 0]))]),
    ok.
