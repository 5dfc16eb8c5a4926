-module(map_patterns_guards).
-export([main/0]).

id(X) -> X.

handle(#{op := add, args := [A, B]}) -> A + B;
handle(#{op := neg, args := [A]}) -> -A;
handle(#{op := Op}) -> {unknown_op, Op};
handle(M) when is_map(M), map_size(M) =:= 0 -> empty;
handle(_) -> invalid.

main() ->
    Reqs = [#{op => add, args => [2, 3]}, #{op => neg, args => [7], extra => ignored},
            #{op => mul, args => []}, #{}, #{args => []}, notmap],
    io:format("~p~n", [[handle(id(R)) || R <- Reqs]]),
    G = fun(M) when is_map_key(k, M), map_get(k, M) > 5 -> big_k;
           (M) when is_map_key(k, M) -> small_k;
           (_) -> no_k end,
    io:format("~p~n", [[G(id(M)) || M <- [#{k => 10}, #{k => 1}, #{j => 1}]]]),
    %% the same variable in key position and value
    K = id(key),
    F = fun(#{K := V}) -> {found, V}; (_) -> missing end,
    io:format("~p~n", [[F(id(M)) || M <- [#{key => 1}, #{other => 2}]]]),
    %% map in a list comprehension generator pattern
    io:format("~p~n", [[V || #{v := V} <- id([#{v => 1}, #{w => 2}, #{v => 3, w => 4}])]]),
    ok.
