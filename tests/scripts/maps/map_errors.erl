-module(map_errors).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    M = id(#{a => 1}),
    io:format("~p~n", [e(fun() -> M#{b := 2} end)]),
    io:format("~p~n", [e(fun() -> (id(not_a_map))#{a => 1} end)]),
    io:format("~p~n", [e(fun() -> (id([1]))#{a := 1} end)]),
    io:format("~p~n", [e(fun() -> maps:get(zz, M) end)]),
    io:format("~p~n", [e(fun() -> maps:get(a, id(notmap)) end)]),
    io:format("~p~n", [e(fun() -> maps:update(zz, 1, M) end)]),
    io:format("~p~n", [e(fun() -> maps:put(a, 1, id(x)) end)]),
    io:format("~p~n", [e(fun() -> map_get(q, M) end)]),
    io:format("~p~n", [e(fun() -> map_size(id([])) end)]),
    io:format("~p~n", [e(fun() -> #{b := _} = M end)]),
    io:format("~p~n", [e(fun() -> maps:from_list(id([a])) end)]),
    io:format("~p~n", [e(fun() -> maps:to_list(id(x)) end)]),
    io:format("~p~n", [e(fun() -> maps:remove(a, id(x)) end)]),
    io:format("~p~n", [e(fun() -> maps:get(a, M, default) end)]),
    ok.
