-module(mac_constants).
-export([main/0]).

-define(PI, 3.14159).
-define(GREETING, "hello").
-define(TIMEOUT, 5000).
-define(EMPTY, ).
-define(TUPLE, {a, b, c}).
-define(EXPR, (1 + 2) * 3).

main() ->
    io:format("~p ~p ~p ~p~n", [?PI, ?GREETING, ?TIMEOUT, ?TUPLE]),
    io:format("~p~n", [?EXPR]),
    io:format("~p~n", [[?EMPTY 1]]),
    io:format("~p~n", [?PI * 2]),
    ok.
