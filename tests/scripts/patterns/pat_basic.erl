-module(pat_basic).
-export([main/0]).

id(X) -> X.

classify(0) -> zero;
classify(1.0) -> one_float;
classify(1) -> one_int;
classify(an_atom) -> atom;
classify("str") -> string;
classify([]) -> nil;
classify({}) -> empty_tuple;
classify(<<>>) -> empty_binary;
classify(#{}) -> map;
classify(_) -> other.

main() ->
    Items = [0, 1, 1.0, an_atom, "str", [], {}, <<>>, #{}, #{a => 1}, 0.0, -0.0, 2, "st"],
    io:format("~p~n", [[{I, classify(id(I))} || I <- Items]]),
    {A, B, C} = id({1, two, "three"}),
    io:format("~p ~p ~p~n", [A, B, C]),
    [H | T] = id([a, b, c]),
    io:format("~p ~p~n", [H, T]),
    [X1, X2 | Rest] = id(lists:seq(1, 5)),
    io:format("~w ~w ~w~n", [X1, X2, Rest]),
    {ok, {nested, [_, {deep, D}]}} = id({ok, {nested, [skip, {deep, 42}]}}),
    io:format("~p~n", [D]),
    ok.
