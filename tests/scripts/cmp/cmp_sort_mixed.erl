-module(cmp_sort_mixed).
-export([main/0]).

id(X) -> X.

main() ->
    L = id([{b, 2}, {a, 3}, {a, 1}, {c, 0}, "zz", 'zz', 10, 9.5, [], [x], <<"bin">>, {a}, {a, 1, x}]),
    io:format("~p~n", [lists:sort(L)]),
    io:format("~p~n", [lists:reverse(lists:sort(L))]),
    io:format("~p~n", [lists:usort(id([b, a, c, a, b, 1, 1.0, 1]))]),
    io:format("~p~n", [lists:keysort(2, id([{x, 3}, {y, 1}, {z, 2}, {w, 1}]))]),
    io:format("~p~n", [lists:max(L)]),
    io:format("~p~n", [lists:min(L)]),
    io:format("~p~n", [lists:sort(id(["b", "a", "ab", "", "aa", "B"]))]),
    io:format("~p~n", [lists:sort(id([-1, -1.5, 0, -0.0, 1.0e-300, -(1 bsl 70), 1 bsl 70]))]),
    ok.
