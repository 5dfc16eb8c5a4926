-module(lists_misc).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [lists:join(id(", "), id(["a", "b", "c"]))]),
    io:format("~p~n", [lists:join(x, [])]),
    io:format("~p~n", [lists:sublist([a, b], 5)]),
    io:format("~p~n", [lists:nthtail(0, [a])]),
    io:format("~p~n", [lists:split(0, [a, b])]),
    io:format("~p~n", [lists:max([1, a, "s", {t}])]),
    io:format("~p~n", [lists:min([1, a, "s", {t}])]),
    io:format("~p~n", [lists:sum([1, 2.5, 3])]),
    io:format("~p~n", [lists:reverse([])]),
    io:format("~p~n", [lists:usort([{1, a}, {1, a}, {1.0, a}])]),
    io:format("~p~n", [lists:sort([{b, 1}, {a, 2}, {a, 1}])]),
    io:format("~p~n", [lists:rmerge([3, 2], [4, 1])]),
    io:format("~p~n", [lists:append([])]),
    io:format("~p~n", [lists:foldl(fun(X, {Mn, Mx}) -> {min(X, Mn), max(X, Mx)} end, {1000, -1000}, [5, -3, 99, 0])]),
    io:format("~p~n", [try lists:nth(0, [a]) catch error:E -> E end]),
    io:format("~p~n", [try lists:last([]) catch error:E2 -> E2 end]),
    io:format("~p~n", [try lists:max([]) catch error:E3 -> E3 end]),
    ok.
