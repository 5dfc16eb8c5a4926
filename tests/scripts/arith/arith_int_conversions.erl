-module(arith_int_conversions).
-export([main/0]).

id(X) -> X.

main() ->
    Big = id(123456789012345678901234567890),
    io:format("~p~n", [integer_to_list(Big)]),
    io:format("~p~n", [integer_to_list(-Big, 16)]),
    io:format("~p~n", [integer_to_list(Big, 36)]),
    io:format("~p~n", [integer_to_binary(Big, 2)]),
    io:format("~p~n", [list_to_integer("-123456789012345678901234567890")]),
    io:format("~p~n", [list_to_integer("zz", 36)]),
    io:format("~p~n", [list_to_integer("-FFFFFFFFFFFFFFFFFFFF", 16)]),
    io:format("~p~n", [binary_to_integer(<<"+42">>)]),
    io:format("~p~n", [[integer_to_list(id(255), B) || B <- [2, 8, 10, 16, 36]]]),
    io:format("~p~n", [float(Big)]),
    io:format("~p~n", [trunc(1.0e25)]),
    io:format("~p~n", [round(-1.5e20)]),
    io:format("~p~n", [Big == float(Big)]),
    io:format("~p~n", [id(9007199254740993) == id(9007199254740992.0)]),
    io:format("~p~n", [id(9007199254740993) < id(9007199254740994.0)]),
    ok.
