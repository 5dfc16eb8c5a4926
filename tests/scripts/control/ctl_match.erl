-module(ctl_match).
-export([main/0]).

id(X) -> X.

main() ->
    %% = is an expression; its value is the right side
    X = (Y = id(3)) + 1,
    io:format("~p ~p~n", [X, Y]),
    Z = {A, B} = id({1, 2}),
    io:format("~p ~p ~p~n", [Z, A, B]),
    %% matching an already bound variable checks equality
    A = id(1),
    R = try A = id(2) catch error:E -> E end,
    io:format("~p~n", [R]),
    [First | _] = Rest = id("hello"),
    io:format("~p ~p~n", [First, Rest]),
    {_, _, C} = id({x, y, z}),
    io:format("~p~n", [C]),
    %% chained matches in a list
    L = [P = id(1), Q = id(2)],
    io:format("~p ~p~n", [L, P + Q]),
    ok.
