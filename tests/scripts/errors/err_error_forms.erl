-module(err_error_forms).
-export([main/0]).

id(X) -> X.

main() ->
    R1 = try error(id(reason), [a, b]) catch error:R:S -> {R, arity_of(S)} end,
    io:format("~p~n", [R1]),
    R2 = try erlang:error({custom, 1}) catch error:{custom, N} -> N end,
    io:format("~p~n", [R2]),
    R3 = try exit(id(normal)) catch exit:normal -> caught_normal end,
    io:format("~p~n", [R3]),
    R4 = try throw(id([list])) catch Class:Reason -> {Class, Reason} end,
    io:format("~p~n", [R4]),
    R5 = try erlang:raise(error, id(reraised), []) catch error:reraised:St -> St end,
    io:format("~p~n", [R5]),
    R6 = (catch error(id(in_catch))),
    io:format("~p~n", [element(1, element(2, R6))]),
    R7 = try error(id(x), none) catch error:x:S7 -> arity_of(S7) end,
    io:format("~p~n", [R7]),
    ok.

arity_of([{M, F, A, _} | _]) when is_list(A) -> {M, F, length(A)};
arity_of([{M, F, A, _} | _]) -> {M, F, A}.
