-module(conc_preempt_tail_loop).
-export([main/0]).

%% A process spinning in a self tail call (and one bouncing between two
%% functions) is preempted: with one scheduler the others still run, and
%% its reductions keep growing.

spin(N) -> spin(N + 1).

ping(N) -> pong(N + 1).
pong(N) -> ping(N + 1).

main() ->
    A = spawn(fun() -> spin(0) end),
    B = spawn(fun() -> ping(0) end),
    timer:sleep(20),
    {reductions, R1} = process_info(A, reductions),
    {reductions, S1} = process_info(B, reductions),
    timer:sleep(20),
    {reductions, R2} = process_info(A, reductions),
    {reductions, S2} = process_info(B, reductions),
    io:format("~p~n", [{R2 > R1, S2 > S1}]),
    exit(A, kill),
    exit(B, kill),
    io:format("done~n").
