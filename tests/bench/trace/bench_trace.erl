%% bench_trace: the trace benchmarks of tests/bench/trace.sh, run unchanged
%% on dbgsh and on erl (docs/internals/bench-trace.md says what each row
%% measures). main/3 prints "result ROW VALUE" (ns per call or event, bytes
%% per event, or ms), "info ROW TEXT" and "skip ROW REASON" lines.
-module(bench_trace).
-export([main/3, tg/1]).

%% Calls per measurement of the cheap rows (1, 2, 5) and of the rows that
%% build a trace message per call (3, 4); repetitions of each (the median
%% of the differences to a baseline measured in the same repetition).
-define(N_FAST, 1000000).
-define(N_MSG, 1000000).
-define(REPS_FAST, 9).
-define(CHUNK, 10000).
-define(REPS_MSG, 3).
-define(REPS_SET, 3).
%% Row 6: generated modules bench_tp_01..29 (998 functions plus
%% module_info/0,1 each: 29,000 functions).
-define(GEN_MODULES, 29).

%% Side: erl | dbgsh. Dir: the driver's work directory (the trace file,
%% the tracer NIF on erl). Rows: a list of row names (atoms).
main(Side, Dir, Rows) ->
    NifOk = Side =:= dbgsh orelse load_tracer_nif(Dir),
    warm_up(),
    lists:foreach(fun(Row) -> run_row(Row, Dir, NifOk) end, Rows).

load_tracer_nif(Dir) ->
    case filelib:is_regular(filename:join(Dir, "erl_msg_tracer.so")) of
        false ->
            false;
        true ->
            case erl_msg_tracer:load(Dir) of
                ok -> true;
                Error -> io:format("info 5 load_nif: ~p~n", [Error]), false
            end
    end.

warm_up() ->
    gloop(?N_FAST),
    lloop(?N_FAST).

%% ---- the workloads ---------------------------------------------------------

%% The traced functions: tg is called remotely (a global pattern sees it),
%% lf locally (only a local pattern does).
tg(X) -> X.
lf(X) -> X.

gloop(0) -> ok;
gloop(N) -> ?MODULE:tg(N), gloop(N - 1).

lloop(0) -> ok;
lloop(N) -> lf(N), lloop(N - 1).

%% ---- the rows --------------------------------------------------------------

run_row('1g', _Dir, _) ->
    %% A global pattern on tg, the calling process untraced.
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, tg, 1}, true, [global]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, tg, 1}, false, [global]) end,
    result('1g', per_call('1g', fun gloop/1, ?N_FAST, ?REPS_FAST, Pat, fun(_) -> ok end, Clear));
run_row('1l', _Dir, _) ->
    %% A local pattern on lf, the calling process untraced.
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, lf, 1}, true, [local]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, lf, 1}, false, [local]) end,
    result('1l', per_call('1l', fun lloop/1, ?N_FAST, ?REPS_FAST, Pat, fun(_) -> ok end, Clear));
run_row('2', _Dir, _) ->
    %% A traced process; the spec's guard fails for every argument (> 0).
    Sink = spawn(fun sink/0),
    Spec = [{['$1'], [{'<', '$1', 0}], []}],
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, tg, 1}, Spec, [global]) end,
    Flags = fun(W) -> 1 = erlang:trace(W, true, [call, {tracer, Sink}]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, tg, 1}, false, [global]) end,
    result('2', per_call('2', fun gloop/1, ?N_FAST, ?REPS_FAST, Pat, Flags, Clear)),
    {message_queue_len, 0} = process_info(Sink, message_queue_len),
    exit(Sink, kill);
run_row('3', _Dir, _) ->
    process_tracer();
run_row('4', Dir, _) ->
    file_port(Dir);
run_row('7', _Dir, _) ->
    collector();
run_row('5', _Dir, false) ->
    io:format("skip 5 no tracer NIF on this side (erl_nif.h missing or load failed)~n");
run_row('5', _Dir, true) ->
    %% erl_msg_tracer answers discard to enabled(call, ...).
    State = spawn(fun sink/0),
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, tg, 1}, true, [global]) end,
    Flags = fun(W) -> 1 = erlang:trace(W, true, [call, {tracer, erl_msg_tracer, State}]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, tg, 1}, false, [global]) end,
    result('5', per_call('5', fun gloop/1, ?N_FAST, ?REPS_FAST, Pat, Flags, Clear)),
    {message_queue_len, 0} = process_info(State, message_queue_len),
    exit(State, kill);
run_row('6', _Dir, _) ->
    set_patterns();
run_row('6s', _Dir, _) ->
    stall().

result(Row, Value) ->
    io:format("result ~s ~.3f~n", [Row, float(Value)]).

%% Loop in a fresh worker without anything (the baseline), then with
%% Pat() set and Flags(Worker) applied, N calls each: the median over Reps
%% of the difference of the runs' median chunks, per call in ns.
per_call(Row, Loop, N, Reps, Pat, Flags, Clear) ->
    Times = [begin
                 {Base, _} = time_worker(Loop, N, fun(_) -> ok end),
                 Pat(),
                 {With, _} = time_worker(Loop, N, Flags),
                 Clear(),
                 {Base, With}
             end || _ <- lists:seq(1, Reps)],
    io:format("info ~s untraced loop: ~.2f ns/call~n", [Row, median([B || {B, _} <- Times]) / ?CHUNK]),
    median([W - B || {B, W} <- Times]) / ?CHUNK.

median(L) ->
    lists:nth((length(L) + 1) div 2, lists:sort(L)).

%% {MedianChunkNs, TotalNs} of N calls of Loop in a new process that
%% Setup(Pid) prepared.
time_worker(Loop, N, Setup) ->
    W = start_worker(Loop, N),
    Setup(W),
    W ! go,
    receive {W, Chunk, Total} -> {Chunk, Total} end.

%% A process that, told go, runs Loop(?CHUNK) N div ?CHUNK times, timing
%% each run (the median chunk is robust to the other programs of a busy
%% machine), and sends {self(), MedianChunkNs, TotalNs} to the caller.
start_worker(Loop, N) ->
    Parent = self(),
    spawn(fun() ->
                  receive go -> ok end,
                  T0 = erlang:monotonic_time(nanosecond),
                  Chunks = chunks(Loop, N div ?CHUNK, []),
                  T1 = erlang:monotonic_time(nanosecond),
                  Parent ! {self(), median(Chunks), T1 - T0}
          end).

chunks(_, 0, Acc) ->
    Acc;
chunks(Loop, K, Acc) ->
    T0 = erlang:monotonic_time(nanosecond),
    Loop(?CHUNK),
    T1 = erlang:monotonic_time(nanosecond),
    chunks(Loop, K - 1, [T1 - T0 | Acc]).

sink() ->
    receive _ -> sink() end.

%% Row 3: call trace to a process that counts the messages, on the same
%% scheduler as the traced loop. 3a and 3b: the tracer waits (in a receive
%% that only the parent's drain message matches) until the loop is done,
%% then takes every message out; 3a is the traced loop's time per call
%% (making and queueing the messages; median chunk), 3b the time from go
%% until the tracer has them all. 3c: the tracer takes them out as they
%% come (whenever the loop is preempted); from go until it has them all.
process_tracer() ->
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, tg, 1}, true, [global]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, tg, 1}, false, [global]) end,
    N = ?N_MSG,
    Times = [begin
                 Base = time_worker(fun gloop/1, N, fun(_) -> ok end),
                 Pat(),
                 Waits = traced_to_counter(N, true),
                 {_, Counts} = traced_to_counter(N, false),
                 Clear(),
                 {Base, Waits, Counts}
             end || _ <- lists:seq(1, ?REPS_MSG)],
    result('3a', median([C - B || {{B, _}, {C, _}, _} <- Times]) / ?CHUNK),
    result('3b', median([T - B || {{_, B}, {_, T}, _} <- Times]) / N),
    result('3c', median([T - B || {{_, B}, _, T} <- Times]) / N),
    io:format("info 3 untraced loop: ~.2f ns/call~n", [median([B || {{B, _}, _, _} <- Times]) / ?CHUNK]).

%% {MedianChunkNs, TotalNs} of N traced calls to a counting tracer that
%% waits for the loop to end first (Wait) or counts all along; the total
%% ends when the tracer has counted N.
traced_to_counter(N, Wait) ->
    Parent = self(),
    Counter = case Wait of
                  true -> spawn(fun() -> receive {Parent, drain} -> count(N, Parent) end end);
                  false -> spawn(fun() -> count(N, Parent) end)
              end,
    W = start_worker(fun gloop/1, N),
    1 = erlang:trace(W, true, [call, {tracer, Counter}]),
    T0 = erlang:monotonic_time(nanosecond),
    W ! go,
    Chunk = receive {W, C, _} -> C end,
    Wait andalso (Counter ! {self(), drain}),
    receive {Counter, counted} -> ok end,
    {Chunk, erlang:monotonic_time(nanosecond) - T0}.

count(0, Parent) -> Parent ! {self(), counted};
count(N, Parent) -> receive _ -> count(N - 1, Parent) end.

%% Row 4: call trace to dbg's file trace port. 4a: the traced loop per
%% call (median chunk); 4b: from go until every event is in the file
%% (trace_delivered, then the port's flush); 4c: the file's bytes per event.
file_port(Dir) ->
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, tg, 1}, true, [global]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, tg, 1}, false, [global]) end,
    N = ?N_MSG,
    File = filename:join(Dir, "bench.trc"),
    Times = [begin
                 Base = time_worker(fun gloop/1, N, fun(_) -> ok end),
                 _ = file:delete(File),
                 Port = (dbg:trace_port(file, File))(),
                 Pat(),
                 W = start_worker(fun gloop/1, N),
                 1 = erlang:trace(W, true, [call, {tracer, Port}]),
                 T0 = erlang:monotonic_time(nanosecond),
                 W ! go,
                 Chunk = receive {W, C, _} -> C end,
                 Ref = erlang:trace_delivered(W),
                 receive {trace_delivered, W, Ref} -> ok end,
                 _ = erlang:port_control(Port, $f, ""),
                 Total = erlang:monotonic_time(nanosecond) - T0,
                 Clear(),
                 {ok, Size} = file_size(File),
                 erlang:port_close(Port),
                 {ok, Closed} = file_size(File),
                 {Base, {Chunk, Total}, Size, Closed}
             end || _ <- lists:seq(1, ?REPS_MSG)],
    _ = file:delete(File),
    {_, _, Size, Closed} = hd(Times),
    result('4a', median([C - B || {{B, _}, {C, _}, _, _} <- Times]) / ?CHUNK),
    result('4b', median([T - B || {{_, B}, {_, T}, _, _} <- Times]) / N),
    result('4c', Closed / N),
    io:format("info 4 untraced loop: ~.2f ns/call~n", [median([B || {{B, _}, _, _, _} <- Times]) / ?CHUNK]),
    io:format("info 4 ~w events: ~w bytes after the flush, ~w after closing~n",
              [N, Size, Closed]).

%% Row 7: call trace to the shell's collector (dbgsh_trace:collector_open/2,
%% a port keeping the last events in a ring); erl has none, so its side is
%% the nearest thing OTP offers, a process tracer that drops what it gets.
%% 7a: the traced loop per call (median chunk); 7b: until every event is in
%% the ring (or received).
collector() ->
    Pat = fun() -> 1 = erlang:trace_pattern({?MODULE, tg, 1}, true, [global]) end,
    Clear = fun() -> erlang:trace_pattern({?MODULE, tg, 1}, false, [global]) end,
    N = ?N_MSG,
    Ours = erlang:function_exported(dbgsh_trace, collector_open, 2),
    Times = [begin
                 Base = time_worker(fun gloop/1, N, fun(_) -> ok end),
                 {Tracer, Done} =
                     case Ours of
                         true ->
                             C = dbgsh_trace:collector_open(100000, 16 bsl 20),
                             {C, fun() -> dbgsh_trace:collector_close(C) end};
                         false ->
                             Self = self(),
                             D = spawn(fun() -> count(N, Self) end),
                             {D, fun() -> receive {D, counted} -> ok end end}
                     end,
                 Pat(),
                 W = start_worker(fun gloop/1, N),
                 1 = erlang:trace(W, true, [call, {tracer, Tracer}]),
                 T0 = erlang:monotonic_time(nanosecond),
                 W ! go,
                 Chunk = receive {W, Ch, _} -> Ch end,
                 Ref = erlang:trace_delivered(W),
                 receive {trace_delivered, W, Ref} -> ok end,
                 Done(),
                 Total = erlang:monotonic_time(nanosecond) - T0,
                 Clear(),
                 {Base, {Chunk, Total}}
             end || _ <- lists:seq(1, ?REPS_MSG)],
    result('7a', median([C - B || {{B, _}, {C, _}} <- Times]) / ?CHUNK),
    result('7b', median([T - B || {{_, B}, {_, T}} <- Times]) / N),
    io:format("info 7 ~s~n", [case Ours of
                                  true -> "dbgsh: the collector";
                                  false -> "erl: a process tracer dropping every message (no collector)"
                              end]).

file_size(File) ->
    case file:read_file_info(File) of
        {ok, Info} -> {ok, element(2, Info)};
        Error -> Error
    end.

%% Row 6: a local pattern on every function of the 29 generated modules,
%% one trace_pattern call per module (6), and one {'_','_','_'} call over
%% everything loaded (6all). The ms of the best rep; the clears too (info).
set_patterns() ->
    Ms = gen_modules(),
    Sets = [begin
                {T1, C1} = timed(fun() -> set_each(Ms, true) end),
                {T2, C2} = timed(fun() -> set_each(Ms, false) end),
                {T3, C3} = timed(fun() -> erlang:trace_pattern({'_', '_', '_'}, true, [local]) end),
                {T4, C4} = timed(fun() -> erlang:trace_pattern({'_', '_', '_'}, false, [local]) end),
                {{T1, C1}, {T2, C2}, {T3, C3}, {T4, C4}}
            end || _ <- lists:seq(1, ?REPS_SET)],
    Min = fun(I) -> lists:min([element(1, element(I, S)) || S <- Sets]) / 1.0e6 end,
    Count = fun(I) -> element(2, element(I, hd(Sets))) end,
    result('6', Min(1)),
    result('6all', Min(3)),
    io:format("info 6 modules: ~w functions matched, set ~.2f ms, clear ~.2f ms (~w calls)~n",
              [Count(1), Min(1), Min(2), length(Ms)]),
    io:format("info 6all {'_','_','_'}: ~w functions matched, set ~.2f ms, clear ~.2f ms~n",
              [Count(3), Min(3), Min(4)]).

gen_modules() ->
    Ms = [list_to_atom(lists:flatten(io_lib:format("bench_tp_~2..0w", [I])))
          || I <- lists:seq(1, ?GEN_MODULES)],
    [{module, M} = code:ensure_loaded(M) || M <- Ms],
    Ms.

set_each(Ms, How) ->
    lists:sum([erlang:trace_pattern({M, '_', '_'}, How, [local]) || M <- Ms]).

timed(F) ->
    T0 = erlang:monotonic_time(nanosecond),
    R = F(),
    {erlang:monotonic_time(nanosecond) - T0, R}.

%% Row 6s (run with 2 schedulers): while this process sets and clears the
%% patterns of row 6, another process spins reading the clock: the longest
%% gap it sees (6s), against the longest in a window as long (at most 2 s)
%% with nothing set (6q). A scheduler paused by the setting shows as a gap
%% near the time of the longest call.
stall() ->
    Ms = gen_modules(),
    T0 = erlang:monotonic_time(nanosecond),
    {During, Calls} = spin_during(fun() ->
                                          [timed(fun() -> set_each(Ms, true) end),
                                           timed(fun() -> set_each(Ms, false) end),
                                           timed(fun() -> erlang:trace_pattern({'_', '_', '_'}, true, [local]) end),
                                           timed(fun() -> erlang:trace_pattern({'_', '_', '_'}, false, [local]) end)]
                                  end),
    Window = min(erlang:monotonic_time(nanosecond) - T0, 2000000000),
    {Quiet, _} = spin_during(fun() -> busy_wait(Window) end),
    result('6s', During / 1.0e6),
    result('6q', Quiet / 1.0e6),
    io:format("info 6s longest gap of a spinning process: ~.2f ms while setting and clearing "
              "(~s ms), ~.2f ms in ~w ms with nothing set~n",
              [During / 1.0e6, lists:join(" ", [io_lib:format("~.1f", [T / 1.0e6]) || {T, _} <- Calls]),
               Quiet / 1.0e6, Window div 1000000]).

spin_during(F) ->
    Parent = self(),
    S = spawn(fun() ->
                      Parent ! {self(), spinning},
                      spin(Parent, erlang:monotonic_time(nanosecond), 0)
              end),
    receive {S, spinning} -> ok end,
    R = F(),
    S ! stop,
    receive {S, Gap} -> {Gap, R} end.

spin(Parent, Last, Max) ->
    receive
        stop -> Parent ! {self(), Max}
    after 0 ->
            Now = erlang:monotonic_time(nanosecond),
            spin(Parent, Now, max(Max, Now - Last))
    end.

busy_wait(Ns) ->
    End = erlang:monotonic_time(nanosecond) + Ns,
    busy_until(End).

busy_until(End) ->
    case erlang:monotonic_time(nanosecond) >= End of
        true -> ok;
        false -> busy_until(End)
    end.
