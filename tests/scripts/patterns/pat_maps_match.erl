-module(pat_maps_match).
-export([main/0]).

id(X) -> X.

kind(#{type := circle, r := R}) -> {circle, R};
kind(#{type := square} = M) -> {square, maps:get(side, M, 1)};
kind(#{}) -> unknown;
kind(_) -> not_a_map.

main() ->
    io:format("~p~n", [[kind(id(X)) || X <- [#{type => circle, r => 2}, #{type => square, side => 4},
                                            #{type => square}, #{r => 1}, [], #{type => circle}]]]),
    K = id(key),
    #{K := V} = id(#{key => value, other => 1}),
    io:format("~p~n", [V]),
    #{{a, tuple} := T, 1 := One} = id(#{{a, tuple} => tup, 1 => one, 1.0 => float_one}),
    io:format("~p ~p~n", [T, One]),
    ok.
