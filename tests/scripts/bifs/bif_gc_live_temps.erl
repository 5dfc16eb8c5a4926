-module(bif_gc_live_temps).
-export([main/0]).

%% garbage_collect() in the middle of an expression: the terms built
%% after the last call returned must survive the collection.
id(X) -> X.

main() ->
    B = id([1, 2, 3]),
    T1 = {id(1), {a, B}, garbage_collect()},
    io:format("~p~n", [T1]),
    T2 = {id(2), [b | B], erlang:garbage_collect(self())},
    io:format("~p~n", [T2]),
    T3 = {id(3), {c, B, <<"xyz">>}, apply(erlang, garbage_collect, [])},
    io:format("~p~n", [T3]),
    F = fun erlang:garbage_collect/0,
    T4 = {id(4), #{k => B}, F()},
    io:format("~p~n", [T4]),
    T5 = [{id(I), {I, B}, garbage_collect()} || I <- lists:seq(1, 3)],
    io:format("~p~n", [T5]).
