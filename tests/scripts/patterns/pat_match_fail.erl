-module(pat_match_fail).
-export([main/0]).

id(X) -> X.

try_match(F) ->
    try F() of
        V -> {ok, V}
    catch
        error:{badmatch, V} -> {badmatch, V};
        error:E -> {error, E}
    end.

main() ->
    io:format("~p~n", [try_match(fun() -> {a, _} = id({b, 1}) end)]),
    io:format("~p~n", [try_match(fun() -> [_, _] = id([1, 2, 3]) end)]),
    io:format("~p~n", [try_match(fun() -> 1 = id(1.0) end)]),
    io:format("~p~n", [try_match(fun() -> <<X:8>> = id(<<1, 2>>), X end)]),
    io:format("~p~n", [try_match(fun() -> #{a := _} = id(#{b => 1}) end)]),
    io:format("~p~n", [try_match(fun() -> {X, X} = id({1, 2}) end)]),
    io:format("~p~n", [try_match(fun() -> "abc" ++ _ = id("abd") end)]),
    io:format("~p~n", [try_match(fun() -> {ok, V} = id({ok, 3}), V * 2 end)]),
    ok.
