-module(lc_strings_maps).
-export([main/0]).

id(X) -> X.

main() ->
    S = id("Hello, World"),
    io:format("~s~n", [[C || C <- S, C >= $a, C =< $z]]),
    io:format("~s~n", [[if C >= $a, C =< $z -> C - 32; true -> C end || C <- S]]),
    M = id(#{a => 1, b => 2, c => 3}),
    io:format("~p~n", [lists:sort([{V, K} || {K, V} <- maps:to_list(M)])]),
    io:format("~p~n", [maps:from_list([{K, V * 10} || {K, V} <- maps:to_list(M), V > 1])]),
    Words = string:tokens(id("the quick brown fox jumps"), " "),
    io:format("~p~n", [[{W, length(W)} || W <- Words, length(W) > 3]]),
    %% list comprehension over a binary-derived list
    io:format("~p~n", [[B + 1 || B <- binary_to_list(id(<<1, 2, 3>>))]]),
    %% comprehension with side effects runs in order
    [io:format("~p ", [X]) || X <- id([x, y, z])],
    io:format("~n"),
    ok.
