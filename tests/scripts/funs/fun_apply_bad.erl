-module(fun_apply_bad).
-export([main/0]).

id(X) -> X.

show(F) ->
    try F() of V -> {ok, V}
    catch
        error:{badarity, {Fun, Args}} -> {badarity, is_function(Fun), Args};
        error:{badfun, Bad} -> {badfun, Bad};
        C:E -> {C, E}
    end.

main() ->
    F = id(fun(X) -> X end),
    io:format("~p~n", [show(fun() -> F(1, 2) end)]),
    io:format("~p~n", [show(fun() -> F() end)]),
    io:format("~p~n", [show(fun() -> (id(not_a_fun))(1) end)]),
    io:format("~p~n", [show(fun() -> (id({a, tuple}))() end)]),
    io:format("~p~n", [show(fun() -> (id(42))(1, 2) end)]),
    io:format("~p~n", [show(fun() -> apply(F, [1, 2, 3]) end)]),
    io:format("~p~n", [show(fun() -> apply(F, [ok]) end)]),
    io:format("~p~n", [show(fun() -> (id(fun lists:reverse/1))(a, b) end)]),
    ok.
