-module(lists_basic).
-export([main/0]).

id(X) -> X.

main() ->
    L = id([3, 1, 4, 1, 5, 9, 2, 6]),
    io:format("~p~n", [lists:reverse(L)]),
    io:format("~p~n", [lists:reverse(L, [tail])]),
    io:format("~p~n", [lists:sort(L)]),
    io:format("~p~n", [lists:usort(L)]),
    io:format("~p~n", [lists:nth(3, L)]),
    io:format("~p~n", [lists:nthtail(5, L)]),
    io:format("~p~n", [lists:last(L)]),
    io:format("~p~n", [lists:droplast(L)]),
    io:format("~p~n", [lists:sum(L)]),
    io:format("~p~n", [lists:max(L)]),
    io:format("~p~n", [lists:min(L)]),
    io:format("~p~n", [lists:member(9, L)]),
    io:format("~p~n", [lists:member(7, L)]),
    io:format("~p~n", [lists:append([[1], [2, 3], [], [4]])]),
    io:format("~p~n", [lists:append("ab", "cd")]),
    io:format("~p~n", [lists:concat([a, "b", 1, 2.5])]),
    io:format("~p~n", [lists:flatten([1, [2, [3, [4]], []], 5])]),
    io:format("~p~n", [lists:flatten([a, [b]], [c])]),
    io:format("~p~n", [lists:flatlength([1, [2, [3]], 4])]),
    io:format("~p~n", [lists:duplicate(3, x)]),
    io:format("~p~n", [lists:seq(1, 10, 3)]),
    io:format("~p~n", [lists:seq(10, 1, -2)]),
    io:format("~p~n", [lists:seq(5, 4)]),
    io:format("~p~n", [lists:sublist(L, 3)]),
    io:format("~p~n", [lists:sublist(L, 2, 4)]),
    io:format("~p~n", [lists:delete(1, L)]),
    io:format("~p~n", [lists:subtract(L, [1, 9])]),
    io:format("~p~n", [lists:split(3, L)]),
    io:format("~p~n", [lists:prefix([3, 1], L)]),
    io:format("~p~n", [lists:suffix([2, 6], L)]),
    ok.
