%% tipport_client.erl: the reading side of tests/dbgcore/tipport/run.sh,
%% run by real erl: waits for the file Dir/port, reads the trace with
%% dbg:trace_client(ip, Port) (Form "int") or (ip, {"127.0.0.1", Port})
%% (Form "host"), printing every message (Form "count": counting them,
%% {drop, N} as N, and printing the count at the end); on the marker call it tries a
%% second client (OTP's trace_ip_drv accepts and closes it) and writes
%% Dir/go. Prints end_of_trace when the server closes the connection.
-module(tipport_client).
-export([main/1]).

main([Dir, Form]) ->
    Port = wait_port(filename:join(Dir, "port"), 400),
    Self = self(),
    Src = case Form of
              "host" -> {"127.0.0.1", Port};
              _ -> Port
          end,
    H = fun(end_of_trace, S) -> Self ! {eot, S}, S;
           (M, S) ->
                Form =:= "count" orelse io:format("~p~n", [M]),
                case M of
                    {trace, _, call, {tipport, marker, []}} -> Self ! connected;
                    _ -> ok
                end,
                case M of
                    {drop, N} -> S + N;
                    _ -> S + 1
                end
        end,
    dbg:trace_client(ip, Src, {H, 0}),
    Second = receive
                 connected ->
                     case gen_tcp:connect("127.0.0.1", Port, [binary, {active, false}]) of
                         {ok, S2} -> gen_tcp:recv(S2, 0, 5000);
                         E -> E
                     end
             after 20000 -> no_marker
             end,
    ok = file:write_file(filename:join(Dir, "go"), <<"go">>),
    receive
        {eot, Total} when Form =:= "count" -> io:format("end_of_trace, ~p messages or drops~n", [Total]);
        {eot, _} -> io:format("end_of_trace~n")
    after 60000 -> io:format("no end_of_trace~n")
    end,
    io:format("second client: ~p~n", [Second]),
    halt().

wait_port(_, 0) -> io:format("no port file~n"), halt(1);
wait_port(File, N) ->
    case file:read_file(File) of
        {ok, Bin} ->
            case string:split(binary_to_list(Bin), "\n") of
                [P, _] -> list_to_integer(P);
                _ -> timer:sleep(50), wait_port(File, N - 1)
            end;
        _ -> timer:sleep(50), wait_port(File, N - 1)
    end.
