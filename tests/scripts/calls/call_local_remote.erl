-module(call_local_remote).
-export([main/0, pub/1, pub/2]).

pub(X) -> {pub1, X}.
pub(X, Y) -> {pub2, X, Y}.
priv(X) -> {priv, X}.

main() ->
    io:format("~p~n", [pub(1)]),
    io:format("~p~n", [?MODULE:pub(2)]),
    io:format("~p~n", [call_local_remote:pub(3, 4)]),
    io:format("~p~n", [priv(5)]),
    M = call_local_remote,
    F = pub,
    io:format("~p~n", [M:F(6)]),
    io:format("~p~n", [M:pub(7, 8)]),
    io:format("~p~n", [[lists:F2([9, 8]) || F2 <- [reverse, sort, last]]]),
    io:format("~p~n", [erlang:length([1, 2, 3])]),
    io:format("~p~n", [(call_local_remote):pub(x)]),
    ok.
