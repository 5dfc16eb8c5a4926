-module(float_compare).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [[id(1) == id(1.0), id(1) =:= id(1.0), id(1) /= id(1.0), id(1) =/= id(1.0)]]),
    io:format("~p~n", [[id(0.0) == id(-0.0), id(0.0) =:= id(-0.0), id(0.0) < id(-0.0)]]),
    io:format("~p~n", [lists:sort(id([3, 2.5, 1, 2.0, 2, 1.0, -0.0, 0, 0.0]))]),
    io:format("~p~n", [lists:usort(id([1, 1.0, 2, 2.0]))]),
    io:format("~p~n", [[id(1 bsl 64) > id(1.0e19), id(1 bsl 64) < id(1.9e19), id(-(1 bsl 64)) < id(-1.0e19)]]),
    io:format("~p~n", [[id(0.1) + id(0.2) == id(0.3), abs(id(0.1) + id(0.2) - id(0.3)) < 1.0e-15]]),
    io:format("~p~n", [[max(id(1), id(1.0)), max(id(1.0), id(1)), min(id(2), id(2.0)), min(id(2.0), id(2))]]),
    ok.
