-module(arith_mixed).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [[id(1) + id(2.5), id(3) * id(0.5), id(7) / id(2), id(6) / id(3), id(2.0) - id(2)]]),
    io:format("~p~n", [id(1 bsl 70) + id(0.5)]),
    io:format("~p~n", [id(1 bsl 70) / id(1 bsl 69)]),
    io:format("~p~n", [id(10) / id(4)]),
    io:format("~p~n", [[id(X) rem 3 || X <- [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]]]),
    io:format("~p~n", [[id(X) div 3 || X <- [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]]]),
    io:format("~p~n", [lists:sum(lists:seq(1, 1000))]),
    io:format("~p~n", [lists:foldl(fun(X, A) -> X * A end, 1, lists:seq(1, 30))]),
    io:format("~p~n", [erlang:abs(id(-(1 bsl 100)))]),
    io:format("~p~n", [[max(id(1), id(1.0)), min(id(1), id(1.0)), max(id(2), id(a)), min(id([]), id({}))]]),
    ok.
