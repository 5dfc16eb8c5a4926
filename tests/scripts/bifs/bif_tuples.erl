-module(bif_tuples).
-export([main/0]).

id(X) -> X.

main() ->
    T = id({a, b, c}),
    io:format("~p~n", [element(2, T)]),
    io:format("~p~n", [setelement(2, T, x)]),
    io:format("~p~n", [T]),
    io:format("~p~n", [tuple_size(T)]),
    io:format("~p~n", [erlang:make_tuple(3, z)]),
    io:format("~p~n", [erlang:make_tuple(5, 0, [{2, two}, {4, four}])]),
    io:format("~p~n", [erlang:append_element(T, d)]),
    io:format("~p~n", [erlang:delete_element(1, T)]),
    io:format("~p~n", [erlang:insert_element(2, T, new)]),
    Big = erlang:make_tuple(100000, e),
    io:format("~p ~p~n", [tuple_size(Big), element(99999, setelement(99999, Big, last))]),
    io:format("~p~n", [try setelement(4, T, x) catch error:E -> E end]),
    io:format("~p~n", [try element(1, id([a])) catch error:E2 -> E2 end]),
    ok.
