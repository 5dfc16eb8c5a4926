#!/usr/bin/env escript
%% erlside.escript: real erl's side of the trace log differential test
%% (tests/diff/tlog/run.sh).
%%   read FILE OUT                 dbg:trace_client(file, FILE, {Fun, _}):
%%                                 one ~w line per trace term into OUT, and
%%                                 a last line "error" if the client died
%%   read-wrap NAME SUFFIX N OUT   the same for the wrap set {NAME, wrap, SUFFIX, _, N}
%%   produce DIR                   traces DIR/tlt.erl with dbg:trace_port
%%                                 into DIR/erl.trc and the wrap set
%%                                 DIR/ew/w*.trc (size 400, count 4)
-mode(compile).

main(["read", File, Out]) ->
    collect(File, Out);
main(["read-wrap", Name, Suffix, N, Out]) ->
    collect({Name, wrap, Suffix, 1, list_to_integer(N)}, Out);
main(["produce", Dir]) ->
    produce(Dir);
main(_) ->
    io:format(standard_error, "usage: erlside.escript read FILE OUT | read-wrap NAME SUFFIX N OUT | produce DIR~n", []),
    halt(2).

%% The terms dbg:trace_client hands to its handler, in order.
collect(Spec, Out) ->
    Self = self(),
    Handler = fun(end_of_trace, S) -> Self ! {done, self()}, S;
                 (Term, S) -> Self ! {term, Term}, S
              end,
    Pid = dbg:trace_client(file, Spec, {Handler, ok}),
    Ref = monitor(process, Pid),
    Lines = wait(Ref, []),
    ok = file:write_file(Out, unicode:characters_to_binary(Lines)),
    halt(0).

wait(Ref, Acc) ->
    receive
        {term, T} -> wait(Ref, [io_lib:format("~w~n", [T]) | Acc]);
        {done, _} -> receive {'DOWN', Ref, _, _, _} -> ok end, lists:reverse(Acc);
        {'DOWN', Ref, _, _, normal} -> lists:reverse(Acc);
        {'DOWN', Ref, _, _, _Why} -> lists:reverse(["error\n" | Acc])
    end.

produce(Dir) ->
    Src = filename:join(Dir, "tlt.erl"),
    ok = file:write_file(Src, tlt_source()),
    {ok, tlt, Bin} = compile:file(Src, [binary]),
    {module, tlt} = code:load_binary(tlt, Src, Bin),
    %% one file: calls with exception trace, messages, process events
    File = filename:join(Dir, "erl.trc"),
    trace_run(dbg:trace_port(file, File), [c, m, p], fun tlt:run/0),
    %% a wrap set: many calls with timestamps, rotated
    ok = filelib:ensure_dir(filename:join([Dir, "ew", "x"])),
    trace_run(dbg:trace_port(file, {filename:join([Dir, "ew", "w"]), wrap, ".trc", 400, 4}),
              [c, timestamp], fun() -> tlt:many(60) end),
    halt(0).

trace_run(PortFun, Flags, Work) ->
    {ok, _} = dbg:tracer(port, PortFun),
    Self = self(),
    P = spawn(fun() -> receive go -> ok end, Work(), Self ! {done, self()} end),
    {ok, _} = dbg:p(P, Flags),
    {ok, _} = dbg:tpl(tlt, '_', [{'_', [], [{exception_trace}, {message, {caller}}]}]),
    P ! go,
    receive {done, P} -> ok end,
    timer:sleep(50),
    ok = dbg:flush_trace_port(),
    dbg:stop().

tlt_source() ->
    "-module(tlt).\n"
    "-export([run/0, many/1, f/2, g/1, h/1, loop/0]).\n"
    "f(A, B) -> A + B.\n"
    "g(X) -> {ok, X, 1.5, <<\"bin\">>, #{a => X, \"k\" => [1,2]}, [X | tail], \"str\",\n"
    "         'quoted atom', 'caf\\x{e9}', 123456789012345678901234567890, -7, make_ref(), self()}.\n"
    "h(X) -> error({bad, X}).\n"
    "loop() -> receive {From, M} -> From ! {reply, M}, loop(); stop -> ok end.\n"
    "run() ->\n"
    "    f(1, 2), g(7), catch h(3),\n"
    "    P = spawn_link(fun loop/0),\n"
    "    P ! {self(), hello}, receive {reply, _} -> ok end,\n"
    "    register(tlt_srv, P), unregister(tlt_srv),\n"
    "    P ! stop, unlink(P),\n"
    "    receive after 10 -> ok end,\n"
    "    ok.\n"
    "many(0) -> ok;\n"
    "many(N) -> f(N, N), many(N - 1).\n".
