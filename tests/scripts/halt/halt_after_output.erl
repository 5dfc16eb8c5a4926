-module(halt_after_output).
-export([main/0]).

%% everything printed before halt/1 reaches stdout
main() ->
    [io:format("line ~p~n", [I]) || I <- lists:seq(1, 200)],
    halt(42).
