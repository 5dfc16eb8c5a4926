-module(str_binary_strings).
-export([main/0]).

id(X) -> X.

main() ->
    B = id(<<"  Binary String  ">>),
    io:format("~p~n", [string:trim(B)]),
    io:format("~p~n", [string:uppercase(B)]),
    io:format("~p~n", [string:split(id(<<"k=v=w">>), "=")]),
    io:format("~p~n", [string:lexemes(id(<<"a b  c">>), " ")]),
    io:format("~p~n", [string:length(id(<<"abc">>))]),
    io:format("~p~n", [string:replace(id(<<"aXbXc">>), "X", "--", all)]),
    io:format("~p~n", [string:find(id(<<"find me">>), <<"me">>)]),
    io:format("~p~n", [unicode:characters_to_list(id(<<"abc">>))]),
    io:format("~p~n", [unicode:characters_to_binary(id(["ab", <<"cd">>, $e]))]),
    io:format("~p~n", [list_to_binary(id("abc"))]),
    io:format("~p~n", [binary_to_list(id(<<"abc">>))]),
    io:format("~p~n", [iolist_to_binary(id(["a", [<<"b">>, [$c]], <<>>]))]),
    io:format("~p~n", [atom_to_binary(id(hello))]),
    io:format("~p~n", [binary_to_atom(id(<<"world">>))]),
    io:format("~p~n", [string:concat(id("ab"), id("cd"))]),
    io:format("~s|~s~n", [id(<<"bin">>), id(["io", $l, <<"ist">>])]),
    ok.
