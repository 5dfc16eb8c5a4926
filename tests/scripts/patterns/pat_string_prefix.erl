-module(pat_string_prefix).
-export([main/0]).

id(X) -> X.

cmd("get " ++ Key) -> {get, Key};
cmd("set " ++ Rest) ->
    [K, V] = string:split(Rest, " "),
    {set, K, V};
cmd("q") -> quit;
cmd([$# | Comment]) -> {comment, Comment};
cmd(Other) -> {unknown, Other}.

main() ->
    Lines = ["get foo", "set a 1", "q", "#note", "frobnicate", "get ", "set"],
    lists:foreach(fun(L) -> io:format("~p -> ~p~n", [L, cmd(id(L))]) end, Lines),
    "ab" ++ T = id("abcdef"),
    io:format("~s~n", [T]),
    [$a, $b | T2] = id("abXY"),
    io:format("~p~n", [T2]),
    ok.
