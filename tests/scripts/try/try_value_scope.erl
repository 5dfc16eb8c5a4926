-module(try_value_scope).
-export([main/0]).

id(X) -> X.

safe_div(A, B) ->
    try A div B of
        Q when Q > 10 -> {big, Q};
        Q -> {small, Q}
    catch
        error:badarith -> infinity
    end.

parse(S) ->
    try list_to_integer(S) of
        N -> {int, N}
    catch
        error:badarg ->
            try list_to_float(S) of
                F -> {float, F}
            catch
                error:badarg -> {bad, S}
            end
    end.

main() ->
    io:format("~p~n", [[safe_div(id(A), id(B)) || {A, B} <- [{100, 3}, {10, 3}, {1, 0}]]]),
    io:format("~p~n", [[parse(id(S)) || S <- ["42", "-7", "3.25", "1e3", "abc", "1.0e3"]]]),
    %% the value of a try is the value of the matching branch
    V = try id(5) of 5 -> five catch _:_ -> oops end,
    io:format("~p~n", [V]),
    %% throw used for non-local return out of a fold
    Find = fun(P, L) -> try lists:foreach(fun(X) -> case P(X) of true -> throw({found, X}); false -> ok end end, L), not_found
                         catch throw:{found, X} -> {found, X} end end,
    io:format("~p ~p~n", [Find(fun(X) -> X > 3 end, [1, 2, 5, 7]), Find(fun(X) -> X > 30 end, [1, 2])]),
    ok.
