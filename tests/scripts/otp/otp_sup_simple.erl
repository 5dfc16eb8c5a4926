-module(otp_sup_simple).
-export([main/0]).
-export([init/1, worker/3, loop/1]).

%% simple_one_for_one: children started from the one template with extra
%% arguments, what their restart types do, the API on dynamic children
%% (by pid only), which_children and count_children, and the errors.

init({Restart, Type}) ->
    {ok, {#{strategy => simple_one_for_one, intensity => 100},
          [#{id => template, start => {?MODULE, worker, [self()]}, restart => Restart,
             type => Type, shutdown => 1000}]}}.

%% Runs in the supervisor; Sup is the supervisor itself (the template's
%% argument), then the extra arguments of start_child.
worker(Sup, Log, How) when Sup =:= self() ->
    Log ! {start, How},
    case How of
        {value, V} -> V;
        {info, I} -> {ok, spawn_link(?MODULE, loop, [Log]), I};
        crash -> erlang:error(crashed);
        _ -> {ok, spawn_link(?MODULE, loop, [Log])}
    end.

loop(Log) ->
    receive
        {exit, Reason} -> exit(Reason)
    end.

log() ->
    receive
        {start, How} -> [How | log()]
    after 0 -> []
    end.

sup(Restart) -> sup(Restart, worker).

sup(Restart, Type) ->
    {ok, S} = supervisor:start_link(?MODULE, {Restart, Type}),
    S.

add(Sup, How) -> supervisor:start_child(Sup, [self(), How]).

pids(Sup) -> [P || {undefined, P, worker, [?MODULE]} <- supervisor:which_children(Sup)].

%% Ends a child and waits until the supervisor has dealt with it.
exit_child(Sup, Pid, Reason) ->
    Ref = monitor(process, Pid),
    Pid ! {exit, Reason},
    receive {'DOWN', Ref, process, Pid, _} -> ok end,
    wait_gone(Sup, Pid).

wait_gone(Sup, Pid) ->
    case lists:member(Pid, pids(Sup)) of
        true -> timer:sleep(1), wait_gone(Sup, Pid);
        false -> ok
    end.

shape({error, {{'EXIT', {R, Stack}}, _}}) when is_list(Stack) -> {error, {{'EXIT', {R, stack}}, child}};
shape({error, {'EXIT', {R, Stack}}}) when is_list(Stack) -> {error, {'EXIT', {R, stack}}};
shape(X) -> X.

main() ->
    process_flag(trap_exit, true),
    S = sup(permanent),
    io:format("empty: ~p ~p~n", [supervisor:which_children(S), supervisor:count_children(S)]),
    {ok, P1} = add(S, plain),
    {ok, P2, extra} = add(S, {info, extra}),
    io:format("ignore: ~p~n", [add(S, {value, ignore})]),
    io:format("error: ~p~n", [add(S, {value, {error, nope}})]),
    io:format("bad value: ~p~n", [add(S, {value, {ok, not_a_pid}})]),
    io:format("crash: ~p~n", [shape(add(S, crash))]),
    io:format("started: ~p~n", [log()]),
    io:format("children: ~p~n", [pids(S) =:= lists:sort([P1, P2])]),
    io:format("count: ~p~n", [supervisor:count_children(S)]),
    io:format("get_childspec by pid: ~p~n", [supervisor:get_childspec(S, P1)]),
    io:format("get_childspec by id: ~p~n", [supervisor:get_childspec(S, template)]),
    io:format("terminate by id: ~p~n", [supervisor:terminate_child(S, template)]),
    io:format("restart_child: ~p~n", [supervisor:restart_child(S, P1)]),
    io:format("delete_child: ~p~n", [supervisor:delete_child(S, P1)]),
    io:format("terminate a stranger: ~p~n", [supervisor:terminate_child(S, self())]),
    Dead = spawn(fun() -> ok end),
    DRef = monitor(process, Dead),
    receive {'DOWN', DRef, process, Dead, _} -> ok end,
    io:format("terminate a dead pid: ~p~n", [supervisor:terminate_child(S, Dead)]),
    io:format("get_childspec of a stranger: ~p~n", [supervisor:get_childspec(S, self())]),
    %% a permanent child is restarted with the same arguments
    exit_child(S, P1, normal),
    io:format("permanent exits normal: ~p ~p~n", [log(), length(pids(S))]),
    [P1b] = pids(S) -- [P2],
    exit_child(S, P1b, boom),
    io:format("and again, same arguments: ~p ~p~n", [log(), length(pids(S))]),
    [P3] = pids(S) -- [P2],
    Ref3 = monitor(process, P3),
    io:format("terminate by pid: ~p~n", [supervisor:terminate_child(S, P3)]),
    receive {'DOWN', Ref3, process, P3, R3} -> io:format("  child exit: ~p~n", [R3]) end,
    io:format("  left: ~p, restarted: ~p~n", [pids(S) =:= [P2], log()]),
    io:format("terminate it again: ~p~n", [supervisor:terminate_child(S, P3)]),

    T = sup(transient),
    {ok, T1} = add(T, a),
    {ok, T2} = add(T, b),
    {ok, T3} = add(T, c),
    log(),
    exit_child(T, T1, normal),
    exit_child(T, T2, {shutdown, x}),
    io:format("transient, normal and {shutdown, _}: ~p ~p~n", [log(), pids(T) =:= [T3]]),
    exit_child(T, T3, boom),
    io:format("transient, boom: ~p ~p~n", [log(), supervisor:count_children(T)]),

    Tmp = sup(temporary),
    {ok, M1} = add(Tmp, a),
    {ok, M2} = add(Tmp, b),
    log(),
    exit_child(Tmp, M1, boom),
    io:format("temporary, boom: ~p ~p~n", [log(), pids(Tmp) =:= [M2]]),
    io:format("temporary spec: ~p~n", [supervisor:get_childspec(Tmp, M2)]),
    io:format("temporary ignore: ~p~n", [add(Tmp, {value, ignore})]),

    Sups = sup(permanent, supervisor),
    {ok, _} = supervisor:start_child(Sups, [self(), plain]),
    io:format("supervisor type: ~p ~p~n",
              [[{Id, Type, Mods} || {Id, _, Type, Mods} <- supervisor:which_children(Sups)],
               supervisor:count_children(Sups)]),

    %% start_child's extra arguments are appended to the template's
    io:format("wrong arity: ~p~n", [shape(supervisor:start_child(S, [self()]))]),
    %% all children are stopped with the supervisor
    Kids = pids(S) ++ pids(T),
    Refs = [monitor(process, K) || K <- Kids],
    [begin unlink(X), exit(X, shutdown) end || X <- [S, T, Tmp, Sups]],
    io:format("children's exits: ~p~n",
              [[receive {'DOWN', R, process, _, Why} -> Why end || R <- Refs]]),
    ok.
