-module(halt_status).
-export([main/0]).

main() ->
    io:format("before halt~n"),
    io:format("~p~n", [lists:sum([1, 2, 3])]),
    halt(3).
