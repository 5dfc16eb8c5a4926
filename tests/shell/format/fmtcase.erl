%% fmtcase.erl: the erl side of tests/shell/format/run.sh. gen/1 writes trace
%% port files with real erl (dbg:trace_port, plain files and wrap sets),
%% hand-made records for every layout of dbg's default handler, and cut or
%% corrupted copies; clients/1 prints each through dbg:trace_client(file, F)
%% with the default handler, one "=== NAME" marker line before each. ours/1
%% runs inside dbgsh and writes files with dbgsh's own trace port.
-module(fmtcase).
-export([gen/1, clients/1, ours/1]).
-export([f/2, g/1, h/1, loop/1, child/1]).

%% ---- traced code -----------------------------------------------------------

f(I, X) -> {ok, I, X}.

g(X) when X > 2 -> error({too_big, X});
g(X) -> h(X) + 1.

h(X) -> X * 2.

child(Parent) ->
    receive
        {go, Reason} -> Parent ! {dying, self()}, exit(Reason)
    end.

loop(Parent) ->
    receive go -> ok end,
    Args = [1, -7, 123456789012345678901234567890, 3.25, atom, 'é', 'ā', "hello",
            "é", [257, 258], <<"bin">>, <<"é"/utf8>>, <<200, 1, 2>>, [],
            {a, "tuple", [1, 2]}, #{k => v, "s" => [1]}, self(),
            lists:seq(1, 40), {record, "a somewhat long string to wrap the line", [x, y, z],
                               {nested, 'Quoted Atom', <<"binary text">>}}],
    [fmtcase:f(I, A) || {I, A} <- lists:zip(lists:seq(1, length(Args)), Args)],
    [catch fmtcase:g(X) || X <- [1, 5]],
    register(fmtcase_reg, self()),
    unregister(fmtcase_reg),
    C = spawn_link(?MODULE, child, [self()]),
    unlink(C),
    C ! {go, {shutdown, "because"}},
    receive {dying, C} -> ok end,
    C ! too_late, % send_to_non_existing_process
    Parent ! {done, self()}.

%% ---- generation ---------------------------------------------------------------

gen(Dir) ->
    ok = filelib:ensure_dir(filename:join(Dir, "x")),
    File = fun(N) -> filename:join(Dir, N) end,
    scenario(File("real.trc"), [call, send, 'receive', procs], [call, send, 'receive', timestamp]),
    scenario(File("mono.trc"), [call, monotonic_timestamp], [send, 'receive', strict_monotonic_timestamp]),
    %% wrap sets: count 3, wrapped several times; count 8, not wrapped
    scenario({File("w"), wrap, ".trc", 300, 3}, [call, send], ['receive', timestamp]),
    scenario({File("u"), wrap, ".log", 2000, 8}, [call], [send]),
    crafted(File("crafted.trc")),
    Pid = self(),
    %% messages dbg's handler fails on (the second record)
    write_records(File("badarg"), [{trace, Pid, call, {m, f, [1]}}, {trace, Pid, send, x},
                                   {trace, Pid, call, {m, f, [2]}}]),
    write_records(File("caseclause"), [{trace, Pid, call, {m, f, []}},
                                       {seq_trace, 0, {send, 1, Pid, Pid, x}, {1, 2, 3}, extra},
                                       {trace, Pid, call, {m, f, [2]}}]),
    broken(File, "real.trc"),
    %% a copy x of the wrap set w whose middle file (in reading order) is cut
    WFiles = dbg:wrap_postsort(dbg:wrap_sort(dbg:wrap_presort(File("w"), ".trc"), 3)),
    3 = length(WFiles),
    Middle = lists:nth(2, WFiles),
    [begin
         {ok, B} = file:read_file(W),
         X = File("x" ++ lists:nthtail(length(File("w")), W)),
         ok = file:write_file(X, case W of Middle -> binary:part(B, 0, byte_size(B) - 4); _ -> B end)
     end || W <- WFiles],
    %% a copy y without the middle file: no rotation leaves that
    [begin
         Y = File("y" ++ lists:nthtail(length(File("w")), W)),
         {ok, _} = file:copy(W, Y)
     end || W <- WFiles, W =/= Middle],
    ok.

%% Traces two processes (flags F1 and F2) running loop/1 into Port's file(s).
scenario(PortSpec, F1, F2) ->
    Self = self(),
    Ws = [spawn(?MODULE, loop, [Self]) || _ <- [1, 2]],
    {ok, _} = dbg:tracer(port, dbg:trace_port(file, PortSpec)),
    [W1, W2] = Ws,
    {ok, _} = dbg:p(W1, F1),
    {ok, _} = dbg:p(W2, F2),
    {ok, _} = dbg:tpl(?MODULE, f, 2, [{'_', [], [{return_trace}]}]),
    {ok, _} = dbg:tpl(?MODULE, g, 1, [{'_', [], [{exception_trace}]}]),
    {ok, _} = dbg:tpl(?MODULE, h, 1, []),
    [begin W ! go, receive {done, W} -> ok end end || W <- Ws],
    dbg:flush_trace_port(),
    dbg:stop_clear().

%% Every layout of dbg:dhandler/2, and messages it ignores, as records.
crafted(Path) ->
    P = self(),
    Q = list_to_pid("<0.4321.7>"),
    Ts = {1700, 123456, 789},
    Long = {"a string that is long enough", lists:seq(1, 30), {deep, [a, b, c], <<"some bytes">>}},
    Msgs = [{trace, P, call, {m, f, [1, "two", 'three']}},
            {trace, P, call, {m, f, [Long, Long]}},
            {trace, P, call, {m, f, [a | b]}},
            {trace, P, call, {m, f, 2}},
            {trace, P, call, not_an_mfa},
            {trace, P, call, {m, f, [x]}, {matched, "info"}},
            {trace_ts, P, call, {m, f, [x]}, Ts},
            {trace_ts, P, call, {m, f, [x]}, [extra], Ts},
            {trace, P, return, {m, f, 1}},
            {trace, P, return, {m, f, 1}, value},
            {trace, P, return_from, {m, f, 1}, Long},
            {trace_ts, P, return_from, {m, f, 1}, ok, Ts},
            {trace, P, return_to, {m, f, 1}},
            {trace, P, exception_from, {m, f, 1}, {error, badarg}},
            {trace, P, send, {hello, 'é', "é"}, Q},
            {trace_ts, P, send, hello, Q, Ts},
            {trace, P, send_to_non_existing_process, msg, Q},
            {trace, P, 'receive', {dbg, ok}},
            {trace_ts, P, 'receive', {dbg, ok}, Ts},
            {trace, P, 'receive', [$a, 233, 256]},
            {trace_ts, P, 'receive', <<"é"/utf8>>, Ts},
            {trace, P, spawn, Q, {m, f, [1]}},
            {trace, P, spawn, Q, {m, f, [1]}, extra},
            {trace, P, spawned, Q, {m, f, []}},
            {trace, P, exit, {shutdown, Long}},
            {trace, P, link, Q},
            {trace, P, register, name},
            {trace, P, in, {m, f, 1}},
            {trace_ts, P, out, 0, Ts},
            {trace, P, gc_minor_start, [{heap_size, 10}, {old_heap_size, 0}]},
            {trace, P, custom_tag, 1, 2, 3, 4},
            {trace, P, 'ā', 'é'},
            {trace_ts, P, getting_linked, Q, {1, 2, 3}},
            {trace_ts, P, in, {m, f, 1}, -576460751234567},
            {seq_trace, 0, {send, 1, P, Q, {msg, "x"}}},
            {seq_trace, 1, {'receive', {2, 3}, P, Q, msg}, Ts},
            {seq_trace, 2, {print, 4, P, Q, "info"}},
            {seq_trace, 3, {other, info}},
            {seq_trace, 4, [not_a_tuple], Ts},
            drop,
            end_of_trace,
            {not_trace, P, call, {m, f, []}},
            {},
            {trace, P},
            {trace_ts, P, x},
            {drop, 5},
            {drop, 5, 6},
            {trace, P, call, {m, f, [{1.0e10, 0.1, -0.0}]}},
            {trace, P, call, {m, f, [lists:duplicate(60, $x)]}},
            {trace, P, call, {'Mod', 'Fun', ['A']}},
            {trace, P, call, {m, f, [#{a => #{b => [1, 2, 3]}, "key" => <<>>}]}},
            %% records over the reader's 64 KiB buffer
            {trace, P, call, {m, f, [lists:seq(1, 30000)]}},
            {trace, P, 'receive', binary:copy(<<"abc">>, 40000)}],
    {ok, F} = file:open(Path, [write, raw, binary]),
    [ok = file:write(F, record(M)) || M <- Msgs],
    ok = file:write(F, <<1, 42:32>>), % a drop record
    ok = file:write(F, record({trace, P, call, {m, f, [after_drop]}})),
    ok = file:close(F).

record(M) ->
    B = term_to_binary(M),
    <<0, (byte_size(B)):32, B/binary>>.

%% Base.trc, and Base.offset: where its second record starts.
write_records(Base, [First | _] = Msgs) ->
    ok = file:write_file(Base ++ ".trc", [record(M) || M <- Msgs]),
    ok = file:write_file(Base ++ ".offset", integer_to_list(byte_size(record(First)))).

%% Cut and corrupted copies of Name; writes NAME.offset files with the byte
%% offset of the record at fault.
broken(File, Name) ->
    {ok, B} = file:read_file(File(Name)),
    Offs = offsets(B, 0),
    K = length(Offs) div 2,
    At = lists:nth(K, Offs),                  % start of record K (1-based)
    <<_:At/binary, 0, Size:32, _/binary>> = B,
    Cases = [{"cut_header", binary:part(B, 0, At + 3)},
             {"cut_term", binary:part(B, 0, At + 5 + Size div 2)},
             {"cut_empty_term", binary:part(B, 0, At + 5)},
             {"bad_tag", <<(binary:part(B, 0, At))/binary, 7, (binary:part(B, At + 1, byte_size(B) - At - 1))/binary>>},
             {"bad_term", <<(binary:part(B, 0, At + 5))/binary, 130,
                            (binary:part(B, At + 6, byte_size(B) - At - 6))/binary>>}],
    [begin
         ok = file:write_file(File(C ++ ".trc"), Bin),
         ok = file:write_file(File(C ++ ".offset"), integer_to_list(At))
     end || {C, Bin} <- Cases],
    ok.

offsets(<<>>, _) -> [];
offsets(<<0, Size:32, _:Size/binary, Rest/binary>>, At) -> [At | offsets(Rest, At + 5 + Size)];
offsets(<<1, _:32, Rest/binary>>, At) -> [At | offsets(Rest, At + 5)].

%% ---- reading ----------------------------------------------------------------------

%% Specs: [{Name, Spec}], Spec as the second argument of trace_client/2.
%% The logger is off: the crash report of a client that dies on a broken
%% file is no output of the handler (and would land in a later section).
clients(Specs) ->
    ok = logger:set_primary_config(level, none),
    [begin
         io:format(user, "=== ~s~n", [Name]),
         P = dbg:trace_client(file, Spec),
         R = monitor(process, P),
         receive {'DOWN', R, _, _, _} -> ok end
     end || {Name, Spec} <- Specs],
    ok.

%% ---- dbgsh's own trace port (run inside dbgsh) ------------------------------------------

ours(Dir) ->
    Self = self(),
    W = spawn(?MODULE, loop, [Self]),
    dbg:tracer(port, dbg:trace_port(file, Dir ++ "/ours.trc")),
    dbg:p(W, [call, send, 'receive', procs]),
    dbg:tpl(?MODULE, f, 2, [{'_', [], [{return_trace}]}]),
    dbg:tpl(?MODULE, g, 1, [{'_', [], [{exception_trace}]}]),
    W ! go,
    receive {done, W} -> ok end,
    dbg:flush_trace_port(),
    dbg:stop_clear(),
    W2 = spawn(?MODULE, loop, [Self]),
    dbg:tracer(port, dbg:trace_port(file, {Dir ++ "/ow", wrap, ".trc", 400, 3})),
    dbg:p(W2, [call, send, timestamp]),
    dbg:tpl(?MODULE, f, 2, [{'_', [], [{return_trace}]}]),
    W2 ! go,
    receive {done, W2} -> ok end,
    dbg:flush_trace_port(),
    dbg:stop_clear().
