-module(lop_append).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    io:format("~p~n", [id([1, 2]) ++ id([3, 4])]),
    io:format("~p~n", [id([]) ++ id([a])]),
    io:format("~p~n", [id([a]) ++ id([])]),
    io:format("~p~n", [id([a]) ++ id(b)]),
    io:format("~p~n", [id([]) ++ id(b)]),
    io:format("~p~n", [id("abc") ++ id("def")]),
    io:format("~p~n", [id([1]) ++ id([2]) ++ id([3]) ++ id([[4]])]),
    io:format("~p~n", [e(fun() -> id(a) ++ id([1]) end)]),
    io:format("~p~n", [e(fun() -> id([1 | 2]) ++ id([3]) end)]),
    L = lists:seq(1, 100000),
    io:format("~p~n", [length(L ++ L)]),
    io:format("~p~n", [lists:last(id([x]) ++ L)]),
    ok.
