-module(lc_basic).
-export([main/0]).

id(X) -> X.

main() ->
    L = id(lists:seq(1, 10)),
    io:format("~p~n", [[X * X || X <- L]]),
    io:format("~p~n", [[X || X <- L, X rem 2 =:= 0]]),
    io:format("~p~n", [[X || X <- L, X > 3, X < 8]]),
    io:format("~p~n", [[{X, Y} || X <- [1, 2, 3], Y <- [a, b]]]),
    io:format("~p~n", [[X + Y || X <- [10, 20], Y <- [1, 2, 3], X + Y =/= 22]]),
    io:format("~p~n", [[X || X <- []]]),
    io:format("~p~n", [[ok || _ <- L, false]]),
    io:format("~p~n", [[X || X <- id([1, a, "s", 2.0, {t}]), is_number(X)]]),
    ok.
