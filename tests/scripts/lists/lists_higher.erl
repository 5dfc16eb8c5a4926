-module(lists_higher).
-export([main/0]).

id(X) -> X.

main() ->
    L = id(lists:seq(1, 10)),
    io:format("~p~n", [lists:map(fun(X) -> X * X end, L)]),
    io:format("~p~n", [lists:filter(fun(X) -> X rem 2 =:= 0 end, L)]),
    io:format("~p~n", [lists:foldl(fun(X, A) -> A - X end, 0, L)]),
    io:format("~p~n", [lists:foldr(fun(X, A) -> [X | A] end, [], L)]),
    io:format("~p~n", [lists:foldl(fun(X, A) -> [X | A] end, [], L)]),
    io:format("~p~n", [lists:all(fun(X) -> X > 0 end, L)]),
    io:format("~p~n", [lists:any(fun(X) -> X > 9 end, L)]),
    io:format("~p~n", [lists:any(fun(X) -> X > 10 end, L)]),
    io:format("~p~n", [lists:partition(fun(X) -> X < 4 end, L)]),
    io:format("~p~n", [lists:splitwith(fun(X) -> X < 4 end, L)]),
    io:format("~p~n", [lists:takewhile(fun(X) -> X < 4 end, L)]),
    io:format("~p~n", [lists:dropwhile(fun(X) -> X < 4 end, L)]),
    io:format("~p~n", [lists:mapfoldl(fun(X, A) -> {X * 2, A + X} end, 0, L)]),
    io:format("~p~n", [lists:mapfoldr(fun(X, A) -> {[X], [X | A]} end, [], [a, b, c])]),
    io:format("~p~n", [lists:filtermap(fun(X) when X rem 3 =:= 0 -> {true, X * 10}; (X) -> X rem 5 =:= 0 end, L)]),
    io:format("~p~n", [lists:flatmap(fun(X) -> lists:duplicate(X, X) end, [1, 2, 3])]),
    io:format("~p~n", [lists:zf(fun(X) -> X > 8 end, L)]),
    put(seen, []),
    lists:foreach(fun(X) -> put(seen, [X | get(seen)]) end, [a, b, c]),
    io:format("~p~n", [get(seen)]),
    io:format("~p~n", [lists:search(fun(X) -> X > 4 end, L)]),
    io:format("~p~n", [lists:search(fun(X) -> X > 40 end, L)]),
    io:format("~p~n", [lists:sort(fun(A, B) -> A >= B end, L)]),
    io:format("~p~n", [lists:uniq([3, 1, 3, 2, 1])]),
    io:format("~p~n", [lists:uniq(fun(X) -> X rem 3 end, L)]),
    io:format("~p~n", [lists:enumerate([a, b, c])]),
    ok.
