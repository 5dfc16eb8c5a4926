-module(lc_patterns).
-export([main/0]).

id(X) -> X.

main() ->
    Pairs = id([{a, 1}, {b, 2}, bad, {c, 3}, {d}, {e, 5, x}]),
    %% generator patterns that do not match are skipped silently
    io:format("~p~n", [[K || {K, _} <- Pairs]]),
    io:format("~p~n", [[V || {_, V} <- Pairs, V > 1]]),
    io:format("~p~n", [[X || {X} <- Pairs]]),
    Nested = id([[1, 2], [3], [], [4, 5, 6]]),
    io:format("~p~n", [[X || L <- Nested, X <- L]]),
    io:format("~p~n", [[length(L) || L <- Nested]]),
    io:format("~p~n", [[H || [H | _] <- Nested]]),
    %% bound variable in a generator pattern filters
    Want = id(b),
    io:format("~p~n", [[V || {Want2, V} <- Pairs, Want2 =:= Want]]),
    io:format("~p~n", [[V || {K, V} <- Pairs, K =:= Want]]),
    ok.
