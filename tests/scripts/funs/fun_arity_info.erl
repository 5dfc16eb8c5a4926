-module(fun_arity_info).
-export([main/0]).

id(X) -> X.

main() ->
    Fs = [fun() -> 0 end, fun(_) -> 1 end, fun(_, _) -> 2 end, fun(_, _, _) -> 3 end,
          fun lists:map/2, fun id/1],
    io:format("~p~n", [[element(2, erlang:fun_info(F, arity)) || F <- Fs]]),
    io:format("~p~n", [[is_function(F, 2) || F <- Fs]]),
    io:format("~p~n", [[element(2, erlang:fun_info(F, type)) || F <- Fs]]),
    io:format("~p~n", [[element(2, erlang:fun_info(F, module)) || F <- Fs]]),
    X = id(7),
    G = fun() -> X end,
    {env, Env} = erlang:fun_info(G, env),
    io:format("~p~n", [is_list(Env)]),
    %% funs as map keys / in data structures
    M = #{add => fun erlang:'+'/2, sub => fun erlang:'-'/2},
    io:format("~p ~p~n", [(maps:get(add, M))(2, 3), (maps:get(sub, M))(2, 3)]),
    %% fun equality: the same fun value is equal to itself
    io:format("~p ~p~n", [G =:= G, fun lists:map/2 == fun lists:map/2]),
    ok.
