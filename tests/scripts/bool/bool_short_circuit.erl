-module(bool_short_circuit).
-export([main/0]).

id(X) -> X.

side(X) -> put(calls, get(calls) + 1), X.

main() ->
    put(calls, 0),
    R1 = id(false) andalso side(true),
    R2 = id(true) orelse side(false),
    io:format("~p ~p ~p~n", [R1, R2, get(calls)]),
    R3 = id(true) andalso side(true),
    R4 = id(false) orelse side(false),
    io:format("~p ~p ~p~n", [R3, R4, get(calls)]),
    %% the right side of andalso/orelse may be any term
    io:format("~p ~p~n", [id(true) andalso id(not_bool), id(false) orelse id({x})]),
    %% and/or evaluate both sides
    put(calls, 0),
    R5 = id(false) and side(true),
    R6 = id(true) or side(false),
    io:format("~p ~p ~p~n", [R5, R6, get(calls)]),
    %% deep tail recursion through andalso stays flat
    AllPos = fun F([]) -> true; F([H | T]) -> H > 0 andalso F(T) end,
    io:format("~p~n", [AllPos(lists:seq(1, 1000000))]),
    ok.
