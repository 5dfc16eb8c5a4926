-module(mac_predefined).
-export([main/0, other/2]).

other(A, B) -> {?FUNCTION_NAME, ?FUNCTION_ARITY, A, B}.

main() ->
    io:format("~p~n", [?MODULE]),
    io:format("~p~n", [?MODULE_STRING]),
    io:format("~p~n", [?LINE]),
    io:format("~p ~p~n", [?FUNCTION_NAME, ?FUNCTION_ARITY]),
    io:format("~p~n", [other(1, 2)]),
    F = fun() -> {?FUNCTION_NAME, ?FUNCTION_ARITY, ?LINE} end,
    io:format("~p~n", [F()]),
    io:format("~p~n", [filename:basename(?FILE)]),
    io:format("~p~n", [?MODULE:other(x, y)]),
    ok.
