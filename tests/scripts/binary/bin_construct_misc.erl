-module(bin_construct_misc).
-export([main/0]).

id(X) -> X.

main() ->
    A = id(<<"abc">>),
    io:format("~p~n", [<<A/binary, " ", A/binary>>]),
    io:format("~p~n", [<<A:2/binary>>]),
    io:format("~p~n", [<<"lit", A/binary, $!>>]),
    io:format("~w~n", [<<"utf8 literal ü"/utf8>>]),
    io:format("~w~n", [<<"é"/utf16>>]),
    io:format("~p~n", [<<1.0/float>>]),
    io:format("~p~n", [<<>>]),
    io:format("~p~n", [<<(id(<<>>))/binary>>]),
    io:format("~p~n", [binary_to_list(<<"x", (id(<<"y">>))/binary, "z">>)]),
    io:format("~p~n", [try <<(id(a))>> catch error:E -> E end]),
    io:format("~p~n", [try <<(id(1.5))>> catch error:E2 -> E2 end]),
    io:format("~p~n", [try <<(id("str"))/binary>> catch error:E3 -> E3 end]),
    io:format("~p~n", [byte_size(binary:copy(<<0>>, 100000))]),
    ok.
