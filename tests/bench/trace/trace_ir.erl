%% trace_ir: the workloads of tests/bench/trace/ir.sh, which counts with
%% callgrind the instructions dbgsh spends per trace event (a measure that
%% other programs on the machine do not move, unlike the ns of trace.sh).
%% run(Kind, N): N calls of tg/1 by a worker, traced to a file trace port
%% (file), to a collector (collector), or with a match spec whose guard
%% fails for every call (guard: row 2 of trace.sh, no event), to a tracer
%% module answering discard (discard: row 5, no event), or not traced and
%% no pattern set (none, the loop alone).
-module(trace_ir).
-export([run/2, tg/1]).

tg(X) -> X.

loop(0) -> ok;
loop(N) -> ?MODULE:tg(N), loop(N - 1).

run(Kind, N) ->
    {Tracer, Done} = tracer(Kind),
    Kind =:= none orelse (1 = erlang:trace_pattern({?MODULE, tg, 1}, spec(Kind), [global])),
    Self = self(),
    W = spawn(fun() -> receive go -> ok end, loop(N), Self ! {self(), done} end),
    Kind =:= none orelse (1 = erlang:trace(W, true, [call, tracer_opt(Kind, Tracer)])),
    W ! go,
    receive {W, done} -> ok end,
    Done().

%% discard: the erl_tracer example module (dbgcore/tracer/otp), which
%% answers discard to enabled(call, ...): row 5 of trace.sh.
tracer_opt(discard, State) -> {tracer, erl_msg_tracer, State};
tracer_opt(_, Tracer) -> {tracer, Tracer}.

spec(guard) -> [{['$1'], [{'<', '$1', 0}], []}];
spec(_) -> true.

tracer(file) ->
    File = "trace_ir.trc",
    Port = (dbg:trace_port(file, File))(),
    {Port, fun() -> _ = erlang:port_control(Port, $f, ""), erlang:port_close(Port), file:delete(File) end};
tracer(collector) ->
    C = dbgsh_trace:collector_open(100000, 16 bsl 20),
    {C, fun() -> dbgsh_trace:collector_close(C) end};
tracer(guard) ->
    Sink = spawn(fun() -> receive _ -> erlang:error(got_an_event) end end),
    {Sink, fun() -> exit(Sink, kill) end};
tracer(discard) ->
    State = spawn(fun() -> receive _ -> erlang:error(got_an_event) end end),
    {State, fun() -> exit(State, kill) end};
tracer(none) ->
    {none, fun() -> ok end}.
