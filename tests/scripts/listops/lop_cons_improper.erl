-module(lop_cons_improper).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [[id(1) | id(2)]]),
    io:format("~p~n", [[id(1), id(2) | id(3)]]),
    io:format("~p~n", [[id(a) | id([b, c])]]),
    io:format("~w~n", [[id(a) | id({t})]]),
    io:format("~p~n", [[[1, 2] | [3]]]),
    [H | T] = id([1 | 2]),
    io:format("~p ~p~n", [H, T]),
    io:format("~p~n", [is_list(id([1 | 2]))]),
    io:format("~p~n", [try length(id([1 | 2])) catch error:R -> R end]),
    io:format("~p~n", [[$a, $b | "cd"]]),
    io:format("~p~n", [[$a | <<"b">>]]),
    io:format("~p~n", [iolist_to_binary([id("ab") | id(<<"cd">>)])]),
    ok.
