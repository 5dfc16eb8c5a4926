-module(lop_subtract).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    io:format("~p~n", [id([1, 2, 3, 2, 1]) -- id([2, 1])]),
    io:format("~p~n", [id([a, b, c]) -- id([d])]),
    io:format("~p~n", [id([a, a, a]) -- id([a, a])]),
    io:format("~p~n", [id([1, 1.0, 1]) -- id([1.0])]),
    io:format("~p~n", [id([1, 1.0, 1]) -- id([1])]),
    io:format("~p~n", [id("hello world") -- id("lo")]),
    io:format("~p~n", [id([]) -- id([a])]),
    io:format("~p~n", [id([{a, 1}, {b, 2}]) -- id([{a, 1}])]),
    %% right associative: A -- B -- C is A -- (B -- C)
    io:format("~p~n", [id([1, 2, 3]) -- id([1, 2]) -- id([1])]),
    io:format("~p~n", [e(fun() -> id([1]) -- id(a) end)]),
    io:format("~p~n", [e(fun() -> id(a) -- id([1]) end)]),
    io:format("~p~n", [e(fun() -> id([1 | 2]) -- id([1]) end)]),
    Big = lists:seq(1, 50000),
    io:format("~p~n", [length(Big -- lists:seq(1, 50000, 2))]),
    ok.
