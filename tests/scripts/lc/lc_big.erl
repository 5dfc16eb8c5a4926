-module(lc_big).
-export([main/0]).

id(X) -> X.

main() ->
    N = id(200000),
    L = [X * 2 || X <- lists:seq(1, N)],
    io:format("~p ~p ~p~n", [length(L), hd(L), lists:last(L)]),
    io:format("~p~n", [lists:sum([X || X <- L, X rem 3 =:= 0])]),
    Grid = [{X, Y} || X <- lists:seq(1, 300), Y <- lists:seq(1, 300)],
    io:format("~p ~p~n", [length(Grid), lists:nth(45000, Grid)]),
    ok.
