%% tipport.erl: the traced side of tests/dbgcore/tipport/run.sh, run by
%% dbgsh and by erl alike: opens an ip trace port, traces a worker, and
%% lets real erl's dbg:trace_client(ip, ...) (tipport_client.erl) read it.
%% The worker calls marker/0 first (queued until a client connects), then
%% writes the listen port to the file "port" and waits for the file "go",
%% which the client writes once it has read the marker: so the workload
%% after it runs with the client connected. Scenarios:
%%   calls: dbg:trace_port(ip, 0): call and return_from under a match
%%          spec with a guard (f(1) is not traced), a send.
%%   drop:  dbg:trace_port(ip, {0, Q}) and a burst of 10 calls before the
%%          client connects: the first Q messages wait, the rest are
%%          counted, and the client gets {drop, N}.
%%   stress: 20000 calls from 4 processes through a queue of 50: the
%%          client counts messages and drops.
-module(tipport).
-export([main/1, main/2, marker/0, f/1]).

marker() -> ok.
f(X) -> X * 2.

main(Scen) -> main(Scen, 8).

main(calls, _) ->
    run(dbg:trace_port(ip, 0), 0,
        fun(W) ->
                {ok, _} = dbg:p(W, [call]),
                {ok, _} = dbg:tp(tipport, f, 1, [{['$1'], [{'>', '$1', 1}], [{return_trace}]}])
        end,
        fun(W) -> {ok, _} = dbg:p(W, [send]) end, fun spaced/0);
main(drop, Q) ->
    run(dbg:trace_port(ip, {0, Q}), 10,
        fun(W) ->
                {ok, _} = dbg:p(W, [call]),
                {ok, _} = dbg:tp(tipport, f, 1, [])
        end,
        fun(_) -> ok end, fun spaced/0);
main(stress, _) ->
    run(dbg:trace_port(ip, {0, 50}), 0,
        fun(W) ->
                {ok, _} = dbg:p(W, [call, set_on_spawn]),
                {ok, _} = dbg:tp(tipport, f, 1, [])
        end,
        fun(_) -> ok end, fun stress/0).

%% Spaced: a queue of 1 holds one message while the port's thread writes
%% the one before.
spaced() -> [begin tipport:f(I), timer:sleep(50) end || I <- [1, 2, 3]].

%% 4 processes (traced through set_on_spawn) calling f 5000 times each,
%% the client reading all along: every call arrives or is counted.
stress() ->
    Self = self(),
    Ps = [spawn(fun() -> [tipport:f(I) || I <- lists:seq(1, 5000)], Self ! {ok, self()} end)
          || _ <- [1, 2, 3, 4]],
    [receive {ok, P} -> ok end || P <- Ps].

%% Setup(W) before the worker starts; AtGo(W) once the client is connected
%% (the worker's file calls send messages in erl: no send tracing before).
run(PortFun, Burst, Setup, AtGo, Live) ->
    {ok, _} = dbg:tracer(port, PortFun),
    {ok, Port} = dbg:trace_port_control(get_listen_port),
    {ok, T} = dbg:get_tracer(),
    out({name, erlang:port_info(T, name)}),
    out({flush, dbg:flush_trace_port()}),
    out({control_f, reason(catch erlang:port_control(T, $f, ""))}),
    <<0, Port:16>> = erlang:port_control(T, $p, "any data"),
    out(get_listen_port_ok),
    Self = self(),
    W = spawn(fun() ->
                      receive start -> ok end,
                      tipport:marker(),
                      [tipport:f(I) || I <- lists:seq(1, Burst)],
                      ok = file:write_file("port", integer_to_list(Port) ++ "\n"),
                      wait_go(200),
                      Self ! {at_go, self()},
                      receive continue -> ok end,
                      Live(),
                      Self ! {done, self()}
              end),
    Setup(W),
    {ok, _} = dbg:tp(tipport, marker, 0, []),
    W ! start,
    receive {at_go, W} -> AtGo(W), W ! continue after 20000 -> out(no_at_go) end,
    receive {done, W} -> ok after 20000 -> out(worker_timeout) end,
    Ref = erlang:trace_delivered(all),
    receive {trace_delivered, all, Ref} -> ok end,
    timer:sleep(100),
    dbg:stop(),
    out({closed, erlang:port_info(T, name)}).

wait_go(0) -> out(no_go);
wait_go(N) ->
    case file:read_file("go") of
        {ok, _} -> ok;
        _ -> timer:sleep(50), wait_go(N - 1)
    end.

reason({'EXIT', {R, _}}) -> R;
reason(Other) -> {no_exception, Other}.

out(T) -> io:format("~p~n", [T]).
