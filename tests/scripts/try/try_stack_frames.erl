-module(try_stack_frames).
-export([main/0, remote_fc/1]).

id(X) -> X.

%% Only the first frame's {M,F,Arity} is printed (args lists as their length).
first([{M, F, A, _} | _]) when is_list(A) -> {M, F, length(A)};
first([{M, F, A, _} | _]) -> {M, F, A}.

fc(a) -> a.
remote_fc(b) -> b.

run(Name, Fun) ->
    try Fun() of
        V -> io:format("~p: value ~p~n", [Name, V])
    catch
        C:R:S -> io:format("~p: ~p ~p ~p~n", [Name, C, R, first(S)])
    end.

%% For errors raised by operators and inside funs the first frame is a BEAM
%% detail (operator frame or not, compiler-made fun names): class and reason only.
run_noframe(Name, Fun) ->
    try Fun() of
        V -> io:format("~p: value ~p~n", [Name, V])
    catch
        C:R -> io:format("~p: ~p ~p~n", [Name, C, R])
    end.

thrower(X) -> throw(X).

deep(0) -> error(bottom);
deep(N) -> [deep(N - 1)].

main() ->
    run(function_clause, fun() -> fc(id(b)) end),
    run(remote_function_clause, fun() -> ?MODULE:remote_fc(id(a)) end),
    run_noframe(badarith, fun() -> id(1) + id(x) end),
    run_noframe(division, fun() -> id(1) div id(0) end),
    run(badarg_bif, fun() -> atom_to_list(id("x")) end),
    run(element, fun() -> element(id(5), id({})) end),
    run(lists_bif, fun() -> lists:reverse(id(notalist)) end),
    run(deep_error, fun() -> deep(100) end),
    run(thrown, fun() -> thrower(id(t)) end),
    run_noframe(lambda_clause, fun() -> (fun(1) -> one end)(id(2)) end),
    ok.
