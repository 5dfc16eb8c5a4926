-module(err_calls).
-export([main/0]).

id(X) -> X.

e(F) ->
    try F() of V -> {ok, V}
    catch
        error:{badarity, {Fun, Args}} when is_function(Fun) -> {error, {badarity, {a_fun, Args}}};
        C:R -> {C, R}
    end.

main() ->
    io:format("~p~n", [e(fun() -> (id(nomod_zz_q)):f() end)]),
    io:format("~p~n", [e(fun() -> lists:no_fun_zz() end)]),
    io:format("~p~n", [e(fun() -> (id(self())):f() end)]),
    io:format("~p~n", [e(fun() -> (id(1))() end)]),
    io:format("~p~n", [e(fun() -> (id("fun"))(x) end)]),
    io:format("~p~n", [e(fun() -> (id(fun(A) -> A end))() end)]),
    io:format("~p~n", [e(fun() -> (id(fun(A, B) -> {A, B} end))(1) end)]),
    io:format("~p~n", [e(fun() -> (id(fun lists:reverse/1))([1], [2]) end)]),
    io:format("~p~n", [e(fun() -> apply(id(fun() -> x end), [arg]) end)]),
    io:format("~p~n", [e(fun() -> apply(id(not_a_fun), []) end)]),
    ok.
