%% send and 'receive' events of ports (erlang:trace(Port, true, [send,
%% 'receive'])) for what the ports both sides can open do: port_command
%% ({command, Data}: an I/O vector for the file port, one binary for the
%% ip port), port_control ({control, {Op, Data}} and the reply sent back),
%% port_connect, port_close, exit signals of linked processes, and trace
%% messages written to a tracer port (from no process). In OTP's order
%% with the running_ports and ports events.
-module(trace_port_msgs).
-export([main/0]).

t(F) -> try F() catch C:R -> {C, R} end.

%% The data of a trace message written to a tracer port, decoded.
show_msg({trace, P, 'receive', {From, {command, Bin}}}) when is_binary(Bin), byte_size(Bin) > 0,
                                                          binary_part(Bin, 0, 1) =:= <<131>> ->
    {trace, P, 'receive', {from(From), {command, {etf, binary_to_term(Bin)}}}};
show_msg({trace, P, 'receive', {From, {command, [Bin]}}}) when is_binary(Bin), byte_size(Bin) > 0,
                                                            binary_part(Bin, 0, 1) =:= <<131>> ->
    {trace, P, 'receive', {from(From), {command, [{etf, binary_to_term(Bin)}]}}};
show_msg({trace, P, 'receive', {From, {command, V}}}) when is_list(V) ->
    {trace, P, 'receive', {From, {command, [sizes(B) || B <- V]}}};
show_msg({trace, P, 'receive', {From, {command, B}}}) when byte_size(B) > 16 ->
    {trace, P, 'receive', {From, {command, sizes(B)}}};
show_msg(M) -> M.

%% OTP's sender of what comes from no process: <0.32767.8191>.
from(From) ->
    case pid_to_list(From) of
        "<0.32767.8191>" -> no_process;
        _ -> From
    end.

sizes(B) when byte_size(B) > 16 -> {bytes, byte_size(B)};
sizes(B) -> B.

flush() ->
    receive M -> io:format("  ~w~n", [show_msg(M)]), flush()
    after 100 -> ok
    end.

show(What, V) ->
    io:format("~s: ~p~n", [What, V]),
    flush().

open(file, N) -> (dbg:trace_port(file, "trace_port_msgs_" ++ integer_to_list(N) ++ ".log"))();
open(ip, _) -> (dbg:trace_port(ip, 0))().

tr(P, Flags) -> erlang:trace(P, true, Flags ++ [{tracer, self()}]).

main() ->
    process_flag(trap_exit, true),
    run(file),
    run(ip),
    ok.

run(Kind) ->
    io:format("==== ~p~n", [Kind]),
    Self = self(),
    P = open(Kind, 1),
    show("trace", tr(P, [send, 'receive'])),
    show("flags", erlang:trace_info(P, flags)),
    show("command", port_command(P, <<"abc">>)),
    show("command list", port_command(P, ["ab", $c, [<<"d">>]])),
    show("command opts", port_command(P, "xyz", [nosuspend])),
    show("command empty", port_command(P, [])),
    show("command empty bin", port_command(P, <<>>)),
    Big = binary:copy(<<7>>, 65),
    show("command vector", port_command(P, ["a", Big, "b", [binary:copy(<<1>>, 64), "c"], Big])),
    show("command sub", port_command(P, binary:part(binary:copy(<<2>>, 200), 1, 65))),
    <<_:4, Unaligned:65/binary, _/bits>> = binary:copy(<<7>>, 70),
    show("command unaligned", port_command(P, ["a", Unaligned, "b"])),
    show("command deep", port_command(P, [[[[[["deep"]]]]], <<>> | <<"tail">>])),
    show("control", t(fun() -> port_control(P, $f, ["a", <<"b">>]) end)),
    show("control bits", t(fun() -> port_control(P, $f, <<1:12>>) end)),
    show("control bad", t(fun() -> port_control(P, $z, "q") end)),
    show("control p", t(fun() -> byte_size(port_control(P, $p, [])) end)),
    show("port_info", element(1, erlang:port_info(P, name))),
    Other = spawn(fun() -> receive _ -> ok end end),
    show("connect other", port_connect(P, Other)),
    show("connect self", port_connect(P, Self)),
    show("other normal", begin Other ! go, timer:sleep(50) end),
    show("running too", tr(P, [running_ports, ports])),
    show("command", port_command(P, <<"abc">>)),
    show("control", t(fun() -> port_control(P, $f, []) end)),
    show("control bad", t(fun() -> port_control(P, $z, []) end)),
    O2 = spawn(fun() -> receive _ -> ok end end),
    show("connect", port_connect(P, O2)),
    show("connect back", port_connect(P, Self)),
    O2 ! go,
    flush(),
    %% a tracer port gets trace messages from no process
    T = spawn(fun() -> receive _ -> ok end end),
    show("tracer of", erlang:trace(T, true, [procs, {tracer, P}])),
    show("trace message", link(T)),
    erlang:trace(T, false, [procs]),
    erlang:trace(P, false, [running_ports, ports]),
    T2 = spawn(fun() -> receive _ -> ok end end),
    show("trace message only", begin erlang:trace(T2, true, [procs, {tracer, P}]), link(T2) end),
    erlang:trace(T2, false, [procs]),
    show("send only", erlang:trace(P, false, ['receive'])),
    show("control", t(fun() -> port_control(P, $f, []) end)),
    show("command", port_command(P, <<"abc">>)),
    show("receive only", {erlang:trace(P, false, [send]), tr(P, ['receive'])}),
    show("control", t(fun() -> port_control(P, $f, []) end)),
    show("port_close", port_close(P)),
    %% closed by its owner's exit
    tr_owner(Kind, bye),
    tr_owner(Kind, normal),
    %% closed by a linked process that is not its owner
    O6 = spawn(fun() -> receive _ -> exit(boom) end end),
    P6 = open(Kind, 6),
    tr(P6, [send, 'receive', ports]),
    show("link other", {port_connect(P6, O6), port_connect(P6, Self)}),
    show("other boom", begin O6 ! go, timer:sleep(50) end),
    ok.

tr_owner(Kind, Reason) ->
    Self = self(),
    O = spawn(fun() ->
                      P = open(Kind, 4),
                      erlang:trace(P, true, [send, 'receive', ports, {tracer, Self}]),
                      Self ! {port, P},
                      receive _ -> exit(Reason) end
              end),
    receive {port, _} -> ok end,
    show(io_lib:format("owner exits ~p", [Reason]), begin O ! go, timer:sleep(50) end).
