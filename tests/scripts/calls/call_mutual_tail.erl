-module(call_mutual_tail).
-export([main/0, ping/1, pong/1]).

%% mutually tail-recursive remote and local calls must not grow the stack
ping(0) -> done_ping;
ping(N) -> ?MODULE:pong(N - 1).
pong(0) -> done_pong;
pong(N) -> ping(N - 1).

loop_apply(0, Acc) -> Acc;
loop_apply(N, Acc) -> apply(fun loop_apply/2, [N - 1, Acc + 1]).

main() ->
    io:format("~p~n", [ping(1000001)]),
    io:format("~p~n", [ping(1000000)]),
    io:format("~p~n", [catch loop_apply(3, 0)]),
    ok.
