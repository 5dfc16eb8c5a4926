-module(fun_refs).
-export([main/0, double/1, pair/2]).

double(X) -> 2 * X.
pair(A, B) -> {A, B}.
local_triple(X) -> 3 * X.

main() ->
    F1 = fun double/1,
    F2 = fun local_triple/1,
    F3 = fun ?MODULE:double/1,
    F4 = fun lists:reverse/1,
    M = lists, F = seq, A = 2,
    F5 = fun M:F/A,
    io:format("~p ~p ~p ~p ~p~n", [F1(4), F2(4), F3(4), F4([1, 2, 3]), F5(1, 4)]),
    io:format("~p~n", [lists:map(fun erlang:abs/1, [-1, 2, -3])]),
    io:format("~p~n", [lists:zipwith(fun pair/2, [a, b], [1, 2])]),
    %% external funs print readably and compare by M/F/A
    io:format("~p ~p~n", [F4, F5]),
    io:format("~p ~p~n", [F3 =:= fun ?MODULE:double/1, F4 =:= fun lists:reverse/1]),
    io:format("~p~n", [erlang:fun_info(F4, arity)]),
    io:format("~p~n", [[erlang:fun_info(F5, K) || K <- [module, name, arity, type]]]),
    io:format("~p~n", [[erlang:fun_info(F1, K) || K <- [module, arity, type]]]),
    ok.
