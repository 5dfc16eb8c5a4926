-module(otp_sup_intensity).
-export([main/0]).
-export([init/1, worker/3, loop/2]).

%% Restart intensity: restarts counted in the period, the supervisor's end
%% (reason shutdown) one restart too many, what does not count.  Restarts
%% that fail: the child shows as restarting, the API answers `restarting`,
%% the restart is tried again (each try counts), terminate_child ends the
%% tries.  A gated start function makes each try wait for the test, which
%% queues requests first (gen_server:send_request), so what they see is
%% fixed.

init({Flags, Specs}) -> {ok, {Flags, Specs}}.

%% Runs in the supervisor.  With the gate closed, each start asks the test
%% process whether to fail.
worker(Log, Gate, Name) ->
    Go = case ets:lookup(Gate, Name) of
             [{Name, closed}] ->
                 Log ! {attempt, Name},
                 receive {go, R} -> R end;
             _ -> ok
         end,
    case Go of
        ok ->
            Log ! {start, Name},
            {ok, spawn_link(?MODULE, loop, [Log, Name])};
        fail ->
            {error, {failed, Name}}
    end.

loop(Log, Name) ->
    process_flag(trap_exit, true),
    receive
        {'EXIT', _, shutdown} -> Log ! {stop, Name}, exit(shutdown);
        {exit, Reason} -> exit(Reason)
    end.

spec(Gate, Id) -> spec(Gate, Id, permanent).

spec(Gate, Id, Restart) ->
    #{id => Id, start => {?MODULE, worker, [self(), Gate, Id]}, restart => Restart}.

log() ->
    receive
        {What, Name} when What =:= start; What =:= stop -> [{What, Name} | log()]
    after 0 -> []
    end.

children(Sup) -> [{Id, P} || {Id, P, _, _} <- supervisor:which_children(Sup)].

shown(Sup) -> [{Id, kind(P)} || {Id, P} <- children(Sup)].

kind(P) when is_pid(P) -> pid;
kind(P) -> P.

%% Ends child Id and waits for the supervisor to replace it, or to end.
exit_child(Sup, Id, Reason) ->
    {Id, Pid} = lists:keyfind(Id, 1, children(Sup)),
    Ref = monitor(process, Pid),
    Pid ! {exit, Reason},
    receive {'DOWN', Ref, process, Pid, _} -> ok end,
    wait_change(Sup, Id, Pid).

wait_change(Sup, Id, Pid) ->
    case catch children(Sup) of
        {'EXIT', _} -> sup_gone;
        Now ->
            case lists:keyfind(Id, 1, Now) of
                {Id, Pid} -> timer:sleep(1), wait_change(Sup, Id, Pid);
                _ -> ok
            end
    end.

restarts(Sup) -> length(element(8, sys:get_state(Sup))).

sup_exit(Sup) ->
    receive {'EXIT', Sup, Why} -> Why end.

%% Requests queued while the supervisor waits in a start, then the answer
%% to that start; the replies, in order.
while_waiting(Sup, Requests, Answer) ->
    Ids = [gen_server:send_request(Sup, R) || R <- Requests],
    Sup ! {go, Answer},
    [element(2, gen_server:receive_response(Id, infinity)) || Id <- Ids].

attempt(Name) ->
    receive {attempt, Name} -> ok end.

main() ->
    process_flag(trap_exit, true),
    Gate = ets:new(gate, [public]),
    %% at most 2 restarts in 10 s (tuple flags)
    {ok, S1} = supervisor:start_link(?MODULE, {{one_for_one, 2, 10}, [spec(Gate, a), spec(Gate, b)]}),
    io:format("started: ~p~n", [log()]),
    exit_child(S1, a, boom),
    exit_child(S1, b, boom),
    io:format("two restarts: ~p, counted ~p~n", [log(), restarts(S1)]),
    io:format("third: ~p~n", [exit_child(S1, a, boom)]),
    io:format("supervisor exit: ~p ~p~n", [sup_exit(S1), log()]),

    %% intensity 0: the first restart is one too many
    {ok, S2} = supervisor:start_link(?MODULE, {#{intensity => 0}, [spec(Gate, a), spec(Gate, b)]}),
    log(),
    exit_child(S2, b, boom),
    io:format("intensity 0: ~p ~p~n", [sup_exit(S2), log()]),

    %% ends that are not restarts do not count
    {ok, S3} = supervisor:start_link(?MODULE, {#{intensity => 1},
                                               [spec(Gate, p), spec(Gate, t, transient),
                                                spec(Gate, m, temporary)]}),
    log(),
    exit_child(S3, t, normal),
    exit_child(S3, m, boom),
    {ok, _} = supervisor:restart_child(S3, t),
    exit_child(S3, t, {shutdown, x}),
    io:format("not counted: ~p ~p~n", [restarts(S3), shown(S3)]),
    exit_child(S3, p, boom),
    io:format("one counted: ~p~n", [restarts(S3)]),
    exit_child(S3, p, boom),
    io:format("one too many: ~p ~p~n", [sup_exit(S3), log()]),

    %% simple_one_for_one: the same count over all children
    {ok, S4} = supervisor:start_link(?MODULE, {#{strategy => simple_one_for_one, intensity => 1},
                                               [#{id => d, start => {?MODULE, worker, [self(), Gate]}}]}),
    {ok, D1} = supervisor:start_child(S4, [d1]),
    {ok, D2} = supervisor:start_child(S4, [d2]),
    log(),
    R1 = monitor(process, D1),
    D1 ! {exit, boom},
    receive {'DOWN', R1, process, D1, _} -> ok end,
    {start, d1} = receive {start, _} = St -> St end,
    R2 = monitor(process, D2),
    D2 ! {exit, boom},
    receive {'DOWN', R2, process, D2, _} -> ok end,
    io:format("dynamic: ~p ~p~n", [sup_exit(S4), log()]),

    %% a restart that fails is tried again; the child is `restarting`
    {ok, S5} = supervisor:start_link(?MODULE, {#{intensity => 10}, [spec(Gate, a), spec(Gate, g)]}),
    log(),
    ets:insert(Gate, {g, closed}),
    {g, G} = lists:keyfind(g, 1, children(S5)),
    G ! {exit, boom},
    attempt(g),
    io:format("while restarting: ~p~n",
              [while_waiting(S5, [which_children, count_children, {restart_child, g},
                                  {delete_child, g}, {start_child, spec(Gate, g)}],
                                 fail)]),
    attempt(g),
    io:format("second try: ~p~n", [while_waiting(S5, [count_children], fail)]),
    attempt(g),
    io:format("third try: ~p~n", [while_waiting(S5, [count_children], ok)]),
    io:format("restarted: ~p ~p, counted ~p~n", [log(), shown(S5), restarts(S5)]),
    %% terminate_child ends the tries
    {g, G2} = lists:keyfind(g, 1, children(S5)),
    G2 ! {exit, boom},
    attempt(g),
    io:format("terminate while restarting: ~p~n",
              [while_waiting(S5, [{terminate_child, g}, which_children], fail)]),
    io:format("no more tries: ~p~n", [shown(S5)]),
    receive {attempt, g} -> io:format("unexpected try~n") after 50 -> ok end,
    [ok] = while_restart_child(S5, g, fail),
    io:format("restart_child fails: ~p~n", [get(reply)]),
    [ok] = while_restart_child(S5, g, ok),
    io:format("restart_child: ~p ~p~n", [element(1, get(reply)), log()]),
    Ref5 = monitor(process, S5),
    unlink(S5),
    exit(S5, shutdown),
    receive {'DOWN', Ref5, process, S5, _} -> ok end,
    io:format("stopped: ~p~n", [log()]),

    %% each try counts: with intensity 2 the third try is not made
    ets:delete(Gate, g),
    {ok, S6} = supervisor:start_link(?MODULE, {#{intensity => 2}, [spec(Gate, g)]}),
    log(),
    ets:insert(Gate, {g, closed}),
    {g, G3} = lists:keyfind(g, 1, children(S6)),
    G3 ! {exit, boom},
    attempt(g),
    S6 ! {go, fail},
    attempt(g),
    S6 ! {go, fail},
    io:format("tries counted: ~p~n", [sup_exit(S6)]),
    receive {attempt, g} -> io:format("unexpected try~n") after 0 -> ok end,

    %% rest_for_one: a later child fails to start again; it is the one
    %% tried again, with those after it
    ets:delete(Gate, g),
    {ok, S7} = supervisor:start_link(?MODULE, {#{strategy => rest_for_one, intensity => 10},
                                               [spec(Gate, a), spec(Gate, g), spec(Gate, c)]}),
    log(),
    ets:insert(Gate, {g, closed}),
    {a, A} = lists:keyfind(a, 1, children(S7)),
    A ! {exit, boom},
    attempt(g),
    io:format("group restart fails: ~p~n", [while_waiting(S7, [which_children], fail)]),
    io:format("  so far: ~p~n", [log()]),
    attempt(g),
    io:format("tried again: ~p~n", [while_waiting(S7, [which_children], ok)]),
    io:format("  then: ~p ~p~n", [log(), shown(S7)]),

    %% simple_one_for_one: a dynamic child restarting
    {ok, S8} = supervisor:start_link(?MODULE, {#{strategy => simple_one_for_one, intensity => 10},
                                               [#{id => d, start => {?MODULE, worker, [self(), Gate]}}]}),
    {ok, _} = supervisor:start_child(S8, [x1]),
    ets:delete(Gate, g),
    {ok, X2} = supervisor:start_child(S8, [g]),
    log(),
    ets:insert(Gate, {g, closed}),
    X2 ! {exit, boom},
    attempt(g),
    io:format("dynamic restarting: ~p~n", [while_waiting(S8, [which_children, count_children], fail)]),
    attempt(g),
    io:format("dynamic restarted: ~p~n", [while_waiting(S8, [count_children], ok)]),
    io:format("  ~p~n", [[kind(P) || {_, P, _, _} <- supervisor:which_children(S8)]]),
    ok.

%% restart_child/2 while the test answers the start it makes.
while_restart_child(Sup, Id, Answer) ->
    Req = gen_server:send_request(Sup, {restart_child, Id}),
    attempt(Id),
    Sup ! {go, Answer},
    {reply, Reply} = gen_server:receive_response(Req, infinity),
    put(reply, Reply),
    [ok].
