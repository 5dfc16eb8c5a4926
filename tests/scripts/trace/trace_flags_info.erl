%% erlang:trace/3 flags and tracers, as trace_info reports them, and its
%% badarg cases.
-module(trace_flags_info).
-export([main/0]).

main() ->
    P = spawn(fun() -> receive _ -> ok end end),
    T = spawn(fun Sink() -> receive _ -> Sink() end end),
    show(catch erlang:trace(P, true, [send, 'receive', {tracer, T}])),
    show(erlang:trace_info(P, flags)),
    show(erlang:trace_info(P, tracer) =:= {tracer, T}),
    show(catch erlang:trace(P, true, [call, {tracer, self()}])),
    show(catch erlang:trace(P, true, [procs, {tracer, T}])),
    show(erlang:trace_info(P, flags)),
    show(catch erlang:trace(P, false, [send, {tracer, T}])),
    show(erlang:trace_info(P, flags)),
    show(catch erlang:trace(P, false, [all])),
    show(erlang:trace_info(P, flags)),
    show(erlang:trace_info(P, tracer)),
    show(catch erlang:trace(P, true, [all, {tracer, T}])),
    show(erlang:trace_info(P, flags)),
    show(catch erlang:trace(P, true, [cpu_timestamp, arity])),
    show(catch erlang:trace(P, false, [all])),
    show(catch erlang:trace(P, true, [bogus])),
    show(catch erlang:trace(P, maybe, [call])),
    show(catch erlang:trace(P, true, call)),
    show(catch erlang:trace(P, true, [{tracer, not_a_pid}])),
    show(catch erlang:trace(nobody, true, [call])),
    show(catch erlang:trace(new, true, [call, {tracer, T}])),
    show(erlang:trace_info(new, flags)),
    show(catch erlang:trace(new, false, [call])),
    show(erlang:trace_info(new, flags)),
    show(catch erlang:trace_info(P, bogus_item)),
    %% cpu_timestamp: with all only, and never among a process's flags
    show(catch erlang:trace(P, true, [cpu_timestamp])),
    show(catch erlang:trace(processes, true, [cpu_timestamp])),
    show(catch erlang:trace(all, true, [cpu_timestamp])),
    show(catch erlang:trace(all, true, [])),
    show(catch erlang:trace(P, true, [])),
    show(erlang:trace_info(P, flags)),
    %% all is no item for a process or new
    show(catch erlang:trace_info(P, all)),
    show(catch erlang:trace_info(new, all)),
    %% turning flags off for new processes turns them all off
    show(catch erlang:trace(new, true, [call, send, {tracer, T}])),
    show(catch erlang:trace(new, false, [send])),
    show(erlang:trace_info(new, flags)),
    ok.

show({'EXIT', {Reason, _}}) -> io:format("error ~p~n", [Reason]);
show(X) -> io:format("~p~n", [X]).
