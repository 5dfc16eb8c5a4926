-module(arith_small).
-export([main/0]).

id(X) -> X.

main() ->
    Pairs = [{7, 3}, {-7, 3}, {7, -3}, {-7, -3}, {0, 5}, {1, 1}],
    lists:foreach(fun({A0, B0}) ->
                          A = id(A0), B = id(B0),
                          io:format("~w ~w: ~w~n", [A, B, [A + B, A - B, A * B, A div B, A rem B,
                                                          A band B, A bor B, A bxor B]])
                  end, Pairs),
    io:format("~w~n", [[bnot id(X) || X <- [0, 1, -1, 255, -256]]]),
    io:format("~w~n", [[id(1) bsl N || N <- [0, 1, 10, 27, 28, 59, 60, 63, 64]]]),
    io:format("~w~n", [[id(-1) bsl N || N <- [0, 1, 10, 60]]]),
    io:format("~w~n", [[id(1024) bsr N || N <- [0, 1, 10, 11, 100]]]),
    io:format("~w~n", [[id(-1024) bsr N || N <- [0, 1, 10, 11, 100]]]),
    io:format("~w~n", [[id(5) bsl -1, id(5) bsr -1]]),
    io:format("~w~n", [[-id(5), +id(5), - -id(5)]]),
    io:format("~w~n", [[id(2) + id(3) * id(4), (id(2) + id(3)) * id(4), id(10) - id(2) - id(3), id(100) div id(10) div id(5)]]),
    ok.
