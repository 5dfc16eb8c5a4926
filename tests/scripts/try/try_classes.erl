-module(try_classes).
-export([main/0]).

id(X) -> X.

%% Only the first frame's {M,F,Arity} is printed (args lists as their length).
frame([{M, F, A, _} | _]) when is_list(A) -> {M, F, length(A)};
frame([{M, F, A, _} | _]) -> {M, F, A};
frame(Other) -> {no_frame, Other}.

run(Fun) ->
    try Fun() of
        V -> {value, V}
    catch
        Class:Reason:Stack -> {Class, Reason, frame(Stack)}
    end.

thrower() -> throw(ball).
exiter() -> exit(bye).
errorer() -> error(my_error).
error_args(X) -> error(with_args, [X]).
bad_atom(X) -> list_to_atom(X).

main() ->
    io:format("~p~n", [run(fun thrower/0)]),
    io:format("~p~n", [run(fun exiter/0)]),
    io:format("~p~n", [run(fun errorer/0)]),
    io:format("~p~n", [run(fun() -> error_args(7) end)]),
    io:format("~p~n", [element(1, run(fun() -> bad_atom(id(1)) end))]),
    io:format("~p~n", [run(fun() -> ok end)]),
    io:format("~p~n", [run(fun() -> erlang:raise(throw, raised, []) end)]),
    io:format("~p~n", [run(fun() -> erlang:raise(error, raised, [{m, f, 1, []}]) end)]),
    io:format("~p~n", [run(fun() -> erlang:raise(exit, raised, [{m, f, [a, b], []}]) end)]),
    io:format("~p~n", [run(fun() -> erlang:raise(bad_class, raised, []) end)]),
    io:format("~p~n", [run(fun() -> list_to_atom(id(42)) end)]),
    ok.
