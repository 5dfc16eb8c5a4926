-module(deep_tail_loop).
-export([main/0]).

%% A tail-recursive loop of 10,000,000 iterations runs in constant stack.
loop(0, Acc) -> Acc;
loop(N, Acc) -> loop(N - 1, Acc + (N band 7)).

loop2(N, N, Acc) -> Acc;
loop2(I, N, Acc) -> loop2(I + 1, N, Acc bxor I).

main() ->
    io:format("~p~n", [loop(10000000, 0)]),
    io:format("~p~n", [loop2(0, 10000000, 0)]),
    {memory, M} = process_info(self(), memory),
    io:format("~p~n", [M < 10000000]),
    ok.
