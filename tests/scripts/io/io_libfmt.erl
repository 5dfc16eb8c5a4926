-module(io_libfmt).
-export([main/0]).

id(X) -> X.

main() ->
    S = io_lib:format("~p-~w-~s", [id({x}), id(1), id("s")]),
    io:format("~p~n", [lists:flatten(S)]),
    io:format("~p~n", [iolist_to_binary(io_lib:format("~5.2f", [id(3.14159)]))]),
    io:format("~p~n", [lists:flatten(io_lib:format("~8.16.0B", [id(255)]))]),
    io:format("~p~n", [lists:flatten(io_lib:format("~-6s|", [id("ab")]))]),
    io:format("~p~n", [lists:flatten(io_lib:format("~6.2.*s|", [$., id("abcd")]))]),
    io:format("~p~n", [try io_lib:format("~d", [id(a)]) catch error:E -> E end]),
    io:format("~p~n", [try io_lib:format("~p ~p", [id(1)]) catch error:E2 -> E2 end]),
    io:format("~p~n", [try io_lib:format("~q", []) catch error:E3 -> E3 end]),
    io:format("~p~n", [try io:format("~s~n", [id(1)]) catch error:E4 -> E4 end]),
    io:format("~p~n", [try io:format("~.0f~n", [id(1.0)]) catch error:E5 -> E5 end]),
    io:format("~p~n", [lists:flatten(io_lib:format("~p", [id(lists:seq(1, 30))]))]),
    io:format("~p~n", [io_lib:fwrite("~w", [id(ok)])]),
    io:format("~s~n", [io_lib:format("~p", [id(#{key => [1, 2], other => {a, b}})])]),
    io:format("~p~n", [lists:flatten(io_lib:format("~ts", [id("plain")]))]),
    io:format("~p~n", [lists:flatten(io_lib:format("~tp", [id("str")]))]),
    ok.
