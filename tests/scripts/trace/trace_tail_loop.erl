%% Breakpoints on functions that call themselves in tail position: the
%% VM's tail calls skip the callee's entry unless its breakpoint slot holds
%% a record (vm/interp.c: tail_call_in), so each call still stops at the
%% breakpoint. call_count and local call trace of such loops, with the
%% loop's counter in place (compile_asm.c: coalesce_tail_args) and its base
%% case laid out last (compile_gen.c: put_base_case_last).
-module(trace_tail_loop).
-export([main/0, loop/2, down/1, walk/2]).

loop(0, Acc) -> Acc;
loop(N, Acc) -> loop(N - 1, Acc + 1).

down(N) when N > 0 -> down(N - 1);
down(_) -> done.

walk([], Acc) -> Acc;
walk([H | T], Acc) -> walk(T, Acc + H).

main() ->
    Fs = [{loop, 2}, {down, 1}, {walk, 2}],
    [erlang:trace_pattern({?MODULE, F, A}, true, [call_count]) || {F, A} <- Fs],
    R1 = [loop(id(1000), 0), down(id(50)), walk(lists:seq(1, 100), 0)],
    io:format("~p~n", [R1]),
    [io:format("~p/~p ~p~n", [F, A, erlang:trace_info({?MODULE, F, A}, call_count)]) || {F, A} <- Fs],
    [erlang:trace_pattern({?MODULE, F, A}, false, [call_count]) || {F, A} <- Fs],
    %% local call trace: every call reported, in order
    Self = self(),
    P = spawn(fun() -> receive go -> ok end, Self ! {res, loop(id(3), 10), down(id(2))} end),
    1 = erlang:trace(P, true, [call, {tracer, Self}]),
    erlang:trace_pattern({?MODULE, loop, 2}, true, [local]),
    erlang:trace_pattern({?MODULE, down, 1}, true, [local]),
    P ! go,
    io:format("~p~n", [collect([])]),
    %% patterns off: the loops run without stopping, and count nothing
    erlang:trace_pattern({?MODULE, '_', '_'}, false, [local]),
    io:format("~p~n", [[loop(id(100), 0), down(id(10))]]),
    ok.

collect(Acc) ->
    receive
        {res, _, _} = R -> lists:reverse([R | Acc]);
        {trace, _, call, MFA} -> collect([MFA | Acc])
    after 5000 -> {timeout, lists:reverse(Acc)}
    end.

id(X) -> X.
