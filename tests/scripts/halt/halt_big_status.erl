-module(halt_big_status).
-export([main/0]).

%% a bignum status: its low byte is the exit status (5)
main() ->
    io:format("before~n"),
    halt(1 bsl 70 + 5).
