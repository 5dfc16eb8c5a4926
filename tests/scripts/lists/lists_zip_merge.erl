-module(lists_zip_merge).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [lists:zip(id([1, 2, 3]), id([a, b, c]))]),
    io:format("~p~n", [lists:unzip(id([{1, a}, {2, b}]))]),
    io:format("~p~n", [lists:zip3([1, 2], [a, b], ["x", "y"])]),
    io:format("~p~n", [lists:unzip3([{1, a, x}, {2, b, y}])]),
    io:format("~p~n", [lists:zipwith(fun(X, Y) -> X * Y end, [1, 2, 3], [4, 5, 6])]),
    io:format("~p~n", [lists:zipwith3(fun(X, Y, Z) -> X + Y + Z end, [1, 2], [3, 4], [5, 6])]),
    io:format("~p~n", [lists:merge([1, 4, 7], [2, 3, 8])]),
    io:format("~p~n", [lists:merge([[1, 5], [2, 6], [3, 4]])]),
    io:format("~p~n", [lists:merge3([1], [3], [2])]),
    io:format("~p~n", [lists:umerge([1, 2, 3], [2, 3, 4])]),
    io:format("~p~n", [lists:merge(fun(A, B) -> A >= B end, [7, 4, 1], [8, 3, 2])]),
    io:format("~p~n", [try lists:zip([1, 2], [a]) catch error:E -> E end]),
    ok.
