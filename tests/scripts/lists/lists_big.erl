-module(lists_big).
-export([main/0]).

id(X) -> X.

main() ->
    N = id(1000000),
    L = lists:seq(1, N),
    io:format("~p~n", [length(L)]),
    io:format("~p~n", [lists:sum(L)]),
    io:format("~p~n", [lists:foldl(fun(X, A) -> A + X * X end, 0, L)]),
    R = lists:reverse(L),
    io:format("~p ~p~n", [hd(R), lists:nth(N, R)]),
    S = lists:sort([(X * 7919) rem 100003 || X <- lists:seq(1, 100000)]),
    io:format("~p ~p ~p~n", [hd(S), lists:last(S), lists:nth(50000, S)]),
    M = lists:map(fun(X) -> X + 1 end, L),
    io:format("~p~n", [lists:last(M)]),
    F = lists:filter(fun(X) -> X rem 100000 =:= 0 end, L),
    io:format("~p~n", [F]),
    ok.
