-module(rec_basic).
-export([main/0]).

-record(point, {x = 0, y = 0}).
-record(person, {name, age = 18, email = undefined, tags = []}).
-record(empty, {}).

id(X) -> X.

main() ->
    P = #point{},
    Q = #point{x = 3},
    R = #point{y = id(4), x = id(5)},
    io:format("~p ~p ~p~n", [P, Q, R]),
    io:format("~p ~p~n", [R#point.x, R#point.y]),
    Alice = #person{name = "Alice"},
    io:format("~p~n", [Alice]),
    Bob = Alice#person{name = "Bob", age = 40},
    io:format("~p~n", [Bob]),
    io:format("~p ~p~n", [#person.name, #person.tags]),
    io:format("~p~n", [record_info(fields, person)]),
    io:format("~p~n", [record_info(size, person)]),
    io:format("~p~n", [#empty{}]),
    io:format("~p~n", [tuple_size(#empty{})]),
    io:format("~p~n", [element(#person.age, Bob)]),
    %% record as a plain tuple
    io:format("~p~n", [#point{x = 1, y = 2} =:= {point, 1, 2}]),
    ok.
