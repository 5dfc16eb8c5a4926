-module(pat_repeated).
-export([main/0]).

id(X) -> X.

same({X, X}) -> same;
same({_, _}) -> different.

triple([X, X, X]) -> {all, X};
triple([X, _, X]) -> {ends, X};
triple(_) -> none.

main() ->
    io:format("~p~n", [[same(id(P)) || P <- [{1, 1}, {1, 2}, {1, 1.0}, {a, a}, {"x", "x"},
                                           {{1, [2]}, {1, [2]}}, {<<1>>, <<1>>}, {0.0, -0.0}]]]),
    io:format("~p~n", [[triple(id(L)) || L <- [[1, 1, 1], [1, 2, 1], [1, 2, 3], [a, a], [x, x, x, x]]]]),
    X = id(5),
    R = case id({5, 6}) of
            {X, Y} -> {matched_bound, Y};
            _ -> nomatch
        end,
    io:format("~p~n", [R]),
    R2 = case id({6, 6}) of
             {X, _} -> matched;
             {_, _} -> not_bound_value
         end,
    io:format("~p~n", [R2]),
    ok.
