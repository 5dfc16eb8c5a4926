%% Trace ports' names: port_info(P, name) and the Driver of the open
%% event are the command dbg:trace_port/2's fun opens OTP's driver with:
%% "trace_file_drv n Path", "trace_file_drv w Size Count Time Len n
%% PathTail" for a wrap set (Len: the characters of Path), and
%% "trace_ip_drv PortNo QueueSize 2". The working directory is shown as
%% CWD, and Len as LEN when it is the length of the absolute name; names
%% are printed as byte lists too (they may not be ASCII).
-module(trace_port_name).
-export([main/0]).

%% The name with the working directory's bytes replaced by CWD.
norm(Name) ->
    {ok, Cwd} = file:get_cwd(),
    Bytes = binary_to_list(unicode:characters_to_binary(Cwd)),
    string:replace(Name, Bytes, "CWD", all).

show(What, P) -> show(What, P, none).

%% Base: the file name a wrap set was opened with.
show(What, P, Base) ->
    {name, Name0} = erlang:port_info(P, name),
    Name = case Base of
               none -> Name0;
               _ ->
                   Len = integer_to_list(length(filename:absname(Base))),
                   string:replace(Name0, " " ++ Len ++ " n ", " LEN n ")
           end,
    io:format("~s: ~w~n", [What, lists:flatten(norm(Name))]),
    io:format("  ~s~n", [[C || C <- lists:flatten(norm(Name)), C < 128]]),
    port_close(P).

main() ->
    show("file", (dbg:trace_port(file, "tpn.log"))()),
    show("file abs", (dbg:trace_port(file, filename:absname("tpn_abs.log")))()),
    show("wrap", (dbg:trace_port(file, {"tpn_w", wrap, ".log", 1000, 3}))(), "tpn_w"),
    show("wrap time", (dbg:trace_port(file, {"tpn_t", wrap, ".log", {time, 500}, 2}))(), "tpn_t"),
    show("wrap defaults", (dbg:trace_port(file, {"tpn_d", wrap, ".log"}))(), "tpn_d"),
    show("wrap size", (dbg:trace_port(file, {"tpn_s", wrap, ".l", 4096}))(), "tpn_s"),
    show("unicode", (dbg:trace_port(file, [16#e9, $., $l, $o, $g]))()),
    show("unicode wrap", (dbg:trace_port(file, {[$w, 16#e9], wrap, [$., 16#e8]}))(), [$w, 16#e9]),
    io:format("wrap without suffix: ~p~n",
              [try (dbg:trace_port(file, {"tpn_e", wrap, "", 4096}))() catch C:R -> {C, R} end]),
    show("ip", (dbg:trace_port(ip, 0))()),
    show("ip queue", (dbg:trace_port(ip, {0, 50}))()),
    P = (dbg:trace_port(file, "tpn_i.log"))(),
    io:format("port_info/1 name: ~p~n", [hd(erlang:port_info(P)) =:= erlang:port_info(P, name)]),
    port_close(P),
    %% the open event names the driver by the same text, as an atom
    erlang:trace(new_ports, true, [ports]),
    Q = (dbg:trace_port(file, "tpn_o.log"))(),
    receive
        {trace, Q, open, _, Drv} -> io:format("open: ~s~n", [norm(atom_to_list(Drv))])
    after 1000 -> io:format("open: none~n")
    end,
    erlang:trace(new_ports, false, [ports]),
    port_close(Q),
    ok.
