%% Tracing ports: erlang:trace/3 on a port, on existing_ports and
%% new_ports, trace_info/2 of ports and new_ports, and the events of the
%% ports and running_ports flags (open, closed, getting_linked, in/out) on
%% the ports both sides can open: dbg:trace_port(file, F)'s.
-module(trace_ports).
-export([main/0]).

t(F) -> try F() catch C:R -> {C, R} end.

%% The messages that came, in order, once none has come for a while (the
%% events of OTP's ports arrive after the call that caused them).
flush() ->
    receive
        {trace, _, open, Pid, Drv} ->
            io:format("  ~p~n", [{open, Pid, lists:prefix("trace_file_drv", atom_to_list(Drv))}]),
            flush();
        M ->
            io:format("  ~p~n", [M]),
            flush()
    after 100 -> ok
    end.

show(What, V) ->
    io:format("~s: ~p~n", [What, V]),
    flush().

port(Name) -> (dbg:trace_port(file, Name))().

main() ->
    Self = self(),
    io:format("self ~p~n", [Self]),
    P = port("trace_ports_1.log"),
    io:format("port ~p~n", [P]),
    show("untraced", {erlang:trace_info(P, flags), erlang:trace_info(P, tracer)}),
    show("info all", t(fun() -> erlang:trace_info(P, all) end)),
    show("info bogus", t(fun() -> erlang:trace_info(P, bogus) end)),
    show("cpu_timestamp", t(fun() -> erlang:trace(P, true, [cpu_timestamp]) end)),
    show("bad how", t(fun() -> erlang:trace(P, maybe, [ports]) end)),
    show("bad flag", t(fun() -> erlang:trace(P, true, [bogus]) end)),
    show("no flags", {erlang:trace(P, true, []), erlang:trace_info(P, flags), erlang:trace_info(P, tracer)}),
    show("process flags", {erlang:trace(P, true, [call, procs]), erlang:trace_info(P, flags)}),
    show("off", {erlang:trace(P, false, [all]), erlang:trace_info(P, flags), erlang:trace_info(P, tracer)}),
    show("on", erlang:trace(P, true, [ports, running_ports])),
    show("flags", erlang:trace_info(P, flags)),
    show("tracer", erlang:trace_info(P, tracer) =:= {tracer, Self}),

    %% what running_ports reports for each thing done to a port
    show("control", port_control(P, $f, "")),
    show("bad control", t(fun() -> port_control(P, $z, "") end)),
    show("command", port_command(P, <<"abc">>)),
    show("command list", port_command(P, [<<"a">>, "bc"])),
    show("port_info", element(1, erlang:port_info(P, name))),
    show("port_info/1", is_list(erlang:port_info(P))),
    Q = spawn(fun() -> receive stop -> ok end end),
    show("connect", port_connect(P, Q)),
    show("connect again", port_connect(P, Q)),
    show("connect self", port_connect(P, Self)),
    show("timestamp", erlang:trace(P, true, [timestamp])),
    port_control(P, $f, ""),
    receive {trace_ts, P, in, control, {_, _, _}} -> io:format("  in control with a timestamp~n") end,
    receive {trace_ts, P, out, control, {_, _, _}} -> io:format("  out control with a timestamp~n") end,
    show("timestamp off", erlang:trace(P, false, [timestamp])),
    show("close", port_close(P)),
    show("closed", {erlang:trace_info(P, flags), erlang:trace_info(P, bogus)}),
    show("closed trace", t(fun() -> erlang:trace(P, true, [ports]) end)),
    Q ! stop,

    %% another tracer
    O = spawn(fun() -> receive stop -> ok end end),
    P2 = port("trace_ports_2.log"),
    show("other tracer", erlang:trace(P2, true, [ports, {tracer, O}])),
    show("mine too", t(fun() -> erlang:trace(P2, true, [running_ports]) end)),
    show("named", erlang:trace(P2, true, [running_ports, {tracer, O}])),
    show("off without tracer", erlang:trace(P2, false, [ports])),
    show("flags", {erlang:trace_info(P2, flags), erlang:trace_info(P2, tracer) =:= {tracer, O}}),
    O ! stop,
    timer:sleep(50),
    show("tracer gone", {erlang:trace_info(P2, flags), erlang:trace_info(P2, tracer)}),
    show("dead tracer", {erlang:trace(P2, true, [ports, {tracer, O}]), erlang:trace_info(P2, flags)}),
    show("mine now", {erlang:trace(P2, true, [ports]), erlang:trace_info(P2, flags)}),
    erlang:trace(P2, false, [all]),

    %% a port tracing itself gets none of its own events
    show("itself", erlang:trace(P2, true, [running_ports, {tracer, P2}])),
    port_control(P2, $f, ""),
    show("output", erlang:port_info(P2, output)),
    erlang:trace(P2, false, [all]),

    %% a tracer port is scheduled for each trace message it gets
    show("tracee", erlang:trace(P2, true, [running_ports])),
    show("to the port", erlang:trace(Self, true, [procs, {tracer, P2}])),
    spawn(fun() -> ok end),
    flush(),
    erlang:trace(Self, false, [all]),
    erlang:trace(P2, false, [all]),
    port_close(P2),

    %% existing ports get every flag named, when one concerns ports
    show("existing_ports procs", erlang:trace(existing_ports, true, [procs])),
    show("existing_ports call", erlang:trace(existing_ports, true, [call, return_to])),
    show("existing_ports cpu", t(fun() -> erlang:trace(existing_ports, true, [timestamp, cpu_timestamp]) end)),
    P3 = port("trace_ports_3.log"),
    show("existing_ports", erlang:trace(existing_ports, true, [send, procs]) =:= length(erlang:ports())),
    show("flags", erlang:trace_info(P3, flags)),
    show("existing_ports off", erlang:trace(existing_ports, false, [send, procs]) =:= length(erlang:ports())),
    show("flags", erlang:trace_info(P3, flags)),
    port_close(P3),

    %% new ports: only the port flags
    show("new_ports before", {erlang:trace_info(new_ports, flags), erlang:trace_info(new_ports, tracer)}),
    show("new_ports all", erlang:trace(new_ports, true, [all])),
    show("new_ports", {erlang:trace_info(new_ports, flags), erlang:trace_info(new_ports, tracer) =:= {tracer, Self}}),
    show("new", erlang:trace_info(new, flags)),
    show("new_ports off send", erlang:trace(new_ports, false, [send])),
    show("new_ports", {erlang:trace_info(new_ports, flags), erlang:trace_info(new_ports, tracer)}),
    show("new_ports call", erlang:trace(new_ports, true, [call])),
    show("new_ports", erlang:trace_info(new_ports, flags)),
    show("new_ports cpu", t(fun() -> erlang:trace(new_ports, true, [timestamp, cpu_timestamp]) end)),
    show("new_ports all item", t(fun() -> erlang:trace_info(new_ports, all) end)),
    show("new_ports bogus", t(fun() -> erlang:trace_info(new_ports, bogus) end)),
    show("new_ports on", erlang:trace(new_ports, true, [ports, running_ports])),
    show("new_ports", erlang:trace_info(new_ports, flags)),

    %% born traced: the events of its opening
    P4 = port("trace_ports_4.log"),
    show("opened", {P4, erlang:trace_info(P4, flags)}),

    %% its owner exits normally: the port closes
    R = spawn(fun() -> Self ! {port, port("trace_ports_5.log")}, receive stop -> ok end end),
    P5 = receive {port, X5} -> X5 end,
    show("opened by", R),
    R ! stop,
    flush(),

    %% a linked process that is not connected exits normally: the port
    %% stays, and loses the link silently
    R6 = spawn(fun() -> receive stop -> ok end end),
    show("connect", port_connect(P4, R6)),
    show("connect back", port_connect(P4, Self)),
    R6 ! stop,
    flush(),
    show("links", element(2, erlang:port_info(P4, links)) =:= [Self]),

    %% its owner exits abnormally: the port closes with its reason, and the
    %% links get the exit signal after the event
    process_flag(trap_exit, true),
    R7 = spawn(fun() -> Self ! {port, port("trace_ports_7.log")}, receive stop -> exit(boom) end end),
    P7 = receive {port, X7} -> X7 end,
    show("connect", port_connect(P7, Self)),
    R7 ! stop,
    flush(),
    show("gone", [erlang:port_info(X) || X <- [P5, P7]]),

    show("new_ports off", erlang:trace(new_ports, false, [ports, running_ports])),
    show("new_ports", erlang:trace_info(new_ports, flags)),
    show("close", port_close(P4)),
    P8 = port("trace_ports_8.log"),
    show("untraced", erlang:trace_info(P8, flags)),
    port_close(P8),
    flush(),
    process_flag(trap_exit, false),
    ok.
