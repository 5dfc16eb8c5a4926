-module(halt_zero).
-export([main/0]).

main() ->
    io:format("halting with 0~n"),
    halt(0),
    io:format("never printed~n").
