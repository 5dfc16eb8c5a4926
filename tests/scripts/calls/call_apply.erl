-module(call_apply).
-export([main/0, sum3/3, zero/0]).

sum3(A, B, C) -> A + B + C.
zero() -> 0.

main() ->
    io:format("~p~n", [apply(call_apply, sum3, [1, 2, 3])]),
    io:format("~p~n", [apply(?MODULE, zero, [])]),
    io:format("~p~n", [apply(fun sum3/3, [4, 5, 6])]),
    io:format("~p~n", [apply(fun(X) -> -X end, [7])]),
    io:format("~p~n", [erlang:apply(lists, seq, [1, 5])]),
    io:format("~p~n", [apply(erlang, '+', [1, 2])]),
    io:format("~p~n", [apply(erlang, element, [2, {a, b, c}])]),
    Args = [[3, 1, 2]],
    io:format("~p~n", [apply(lists, sort, Args)]),
    %% building calls from data
    Calls = [{lists, max, [[1, 5, 3]]}, {string, to_upper, ["abc"]}, {erlang, tuple_size, [{1, 2}]},
             {maps, get, [a, #{a => found}]}],
    io:format("~p~n", [[apply(M, F, A) || {M, F, A} <- Calls]]),
    ok.
