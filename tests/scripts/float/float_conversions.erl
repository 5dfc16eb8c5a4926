-module(float_conversions).
-export([main/0]).

id(X) -> X.

e(F) -> try F() catch error:R -> {error, R} end.

main() ->
    io:format("~p~n", [[list_to_float(id(S)) || S <- ["1.0", "-0.5", "1.5e10", "2.0E-3", "123.456e+2"]]]),
    io:format("~p~n", [[e(fun() -> list_to_float(id(S)) end) || S <- ["1", "1.", ".5", "1e5", "abc", "1.0x"]]]),
    io:format("~p~n", [binary_to_float(id(<<"6.25">>))]),
    io:format("~p~n", [[trunc(id(X)) || X <- [1.9, -1.9, 1.0e18, -1.0e18, 123456789012345.6]]]),
    io:format("~p~n", [[float(id(X)) || X <- [0, -3, 1 bsl 60, 1 bsl 64]]]),
    io:format("~p~n", [e(fun() -> float(id(1 bsl 1024)) end)]),
    io:format("~p~n", [[erlang:float_to_list(id(X), [{decimals, 2}]) || X <- [0.005, 0.015, 0.025, 1.0e10]]]),
    io:format("~p~n", [[trunc(id(X)) || X <- [0.0, -0.0]]]),
    io:format("~p~n", [list_to_float(float_to_list(id(0.1))) =:= 0.1]),
    io:format("~p~n", [[X == trunc(X) || X <- [id(3.0), id(3.5)]]]),
    ok.
