-module(bool_errors).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    io:format("~p~n", [e(fun() -> id(1) and id(true) end)]),
    io:format("~p~n", [e(fun() -> id(true) or id(1) end)]),
    io:format("~p~n", [e(fun() -> not id(1) end)]),
    io:format("~p~n", [e(fun() -> id(ok) xor id(false) end)]),
    io:format("~p~n", [e(fun() -> id(1) andalso id(true) end)]),
    io:format("~p~n", [e(fun() -> id(1) orelse id(true) end)]),
    io:format("~p~n", [e(fun() -> id(true) andalso id(1) end)]),
    io:format("~p~n", [e(fun() -> id(false) orelse id(1) end)]),
    ok.
