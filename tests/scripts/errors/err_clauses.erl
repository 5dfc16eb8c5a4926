-module(err_clauses).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

f(1) -> one.
g(X) when X > 0 -> pos.

main() ->
    io:format("~p~n", [e(fun() -> f(id(2)) end)]),
    io:format("~p~n", [e(fun() -> g(id(-1)) end)]),
    io:format("~p~n", [e(fun() -> (fun(a) -> a end)(id(b)) end)]),
    io:format("~p~n", [e(fun() -> case id({x, 1}) of {y, _} -> y end end)]),
    io:format("~p~n", [e(fun() -> case id([1, 2]) of [] -> empty end end)]),
    io:format("~p~n", [e(fun() -> X = id(0), if X > 0 -> pos end end)]),
    io:format("~p~n", [e(fun() -> try id(v) of w -> w catch _:_ -> c end end)]),
    io:format("~p~n", [e(fun() -> {a, B} = id({b, 1}), B end)]),
    io:format("~p~n", [e(fun() -> [_] = id([]) end)]),
    io:format("~p~n", [e(fun() -> lists:map(id(nofun), [1]) end)]),
    ok.
