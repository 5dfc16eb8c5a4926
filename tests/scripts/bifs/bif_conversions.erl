-module(bif_conversions).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [atom_to_list(id(abc))]),
    io:format("~p~n", [atom_to_binary(id(abc), utf8)]),
    io:format("~p~n", [binary_to_atom(id(<<"xyz">>), utf8)]),
    io:format("~p~n", [binary_to_existing_atom(id(<<"ok">>), utf8)]),
    io:format("~p~n", [list_to_atom(id("with space"))]),
    io:format("~p~n", [integer_to_list(id(255), 16)]),
    io:format("~p~n", [integer_to_binary(id(-255))]),
    io:format("~p~n", [binary_to_integer(id(<<"ff">>), 16)]),
    io:format("~p~n", [float_to_binary(id(0.5))]),
    io:format("~p~n", [binary_to_float(id(<<"0.5">>))]),
    io:format("~p~n", [tuple_to_list(id({1, {2}, [3]}))]),
    io:format("~p~n", [list_to_tuple(id([]))]),
    io:format("~p~n", [binary_to_list(id(<<1, 2, 3>>))]),
    io:format("~p~n", [list_to_binary(id([1, 2, [3, <<4>>]]))]),
    io:format("~p~n", [iolist_to_binary(id([<<"a">>, $b | <<"c">>]))]),
    io:format("~p~n", [erlang:iolist_size(id([<<"ab">>, [$c, [$d]]]))]),
    io:format("~p~n", [bitstring_to_list(id(<<1, 2:4>>))]),
    io:format("~p~n", [list_to_bitstring(id([1, <<2:4>>]))]),
    io:format("~p~n", [erlang:list_to_integer(id("-0"))]),
    io:format("~p~n", [term_to_binary(id({ok, 1}))]),
    io:format("~p~n", [binary_to_term(term_to_binary(id(#{k => [v]})))]),
    io:format("~p~n", [erlang:atom_to_list(id('UPPER'))]),
    io:format("~p~n", [try binary_to_integer(id(<<"12x">>)) catch error:E -> E end]),
    ok.
