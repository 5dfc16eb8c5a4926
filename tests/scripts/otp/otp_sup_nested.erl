-module(otp_sup_nested).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2]).

%% A supervision tree: supervisors under supervisors, gen_server workers;
%% ancestors, restarts that travel up the tree (an inner supervisor that
%% reaches its restart intensity is restarted by its parent), the order
%% the whole tree stops in, and sys on a supervisor (get_state,
%% get_status, suspend and resume).

%% This module is both the supervisors' callback module and the workers'.
init({sup, Flags, Specs}) ->
    {ok, {Flags, Specs}};
init({worker, Log, Name}) ->
    process_flag(trap_exit, true),
    Log ! {start, Name},
    {ok, {Log, Name}}.

handle_call(ancestors, _, S) -> {reply, get('$ancestors'), S};
handle_call({exit, Reason}, _, S) -> {stop, Reason, ok, S}.

handle_cast(_, S) -> {noreply, S}.

handle_info(_, S) -> {noreply, S}.

terminate(shutdown, {Log, Name}) -> Log ! {stop, Name};
terminate(_, _) -> ok.

worker(Id) ->
    #{id => Id, start => {gen_server, start_link, [?MODULE, {worker, self(), Id}, []]}}.

sup(Id, Flags, Specs) ->
    #{id => Id, type => supervisor,
      start => {supervisor, start_link, [?MODULE, {sup, Flags, Specs}]}}.

named_sup(Id, Name, Flags, Specs) ->
    #{id => Id, type => supervisor,
      start => {supervisor, start_link, [{local, Name}, ?MODULE, {sup, Flags, Specs}]}}.

log() ->
    receive
        {What, Name} when What =:= start; What =:= stop -> [{What, Name} | log()]
    after 0 -> []
    end.

child(Sup, Id) ->
    {Id, Pid, _, _} = lists:keyfind(Id, 1, supervisor:which_children(Sup)),
    Pid.

%% Ends a child (the pid) and waits until the supervisor Sup has replaced
%% its child Id.
crash(Sup, Id, Pid, How) ->
    Old = child(Sup, Id),
    Ref = monitor(process, Pid),
    case How of
        kill -> exit(Pid, kill);
        {call, Reason} -> gen_server:call(Pid, {exit, Reason})
    end,
    receive {'DOWN', Ref, process, Pid, _} -> ok end,
    wait_new(Sup, Id, Old).

wait_new(Sup, Id, Old) ->
    case child(Sup, Id) of
        Old -> timer:sleep(1), wait_new(Sup, Id, Old);
        New when is_pid(New) -> New;
        _ -> timer:sleep(1), wait_new(Sup, Id, Old)
    end.

main() ->
    process_flag(trap_exit, true),
    Leaf = sup(leaf, #{strategy => one_for_all, intensity => 0}, [worker(l1), worker(l2)]),
    Mid = named_sup(mid, otp_sup_nested_mid, #{strategy => rest_for_one, intensity => 2},
                    [worker(m1), Leaf, worker(m2)]),
    {ok, Top} = supervisor:start_link({local, otp_sup_nested_top}, ?MODULE,
                                      {sup, #{intensity => 5}, [worker(t1), Mid]}),
    io:format("started: ~p~n", [log()]),
    io:format("top: ~p~n", [[{Id, T, M} || {Id, _, T, M} <- supervisor:which_children(Top)]]),
    io:format("top counts: ~p~n", [supervisor:count_children(Top)]),
    MidPid = child(Top, mid),
    LeafPid = child(MidPid, leaf),
    io:format("mid is registered: ~p~n", [whereis(otp_sup_nested_mid) =:= MidPid]),
    io:format("mid counts: ~p~n", [supervisor:count_children(otp_sup_nested_mid)]),
    L1 = child(LeafPid, l1),
    Self = self(),
    io:format("ancestors of l1: ~p~n",
              [[case A of
                    LeafPid -> leaf;
                    Self -> test;
                    _ -> A
                end || A <- gen_server:call(L1, ancestors)]]),
    io:format("leaf's initial call: ~p~n", [proc_lib:translate_initial_call(LeafPid)]),

    %% l1 ends: leaf has intensity 0, so it ends; mid restarts it and m2
    %% (rest_for_one)
    NewLeaf = crash(MidPid, leaf, L1, {call, boom}),
    io:format("leaf gave up: ~p~n", [log()]),
    io:format("  leaf is new: ~p, mid is the same: ~p~n",
              [NewLeaf =/= LeafPid, child(Top, mid) =:= MidPid]),

    %% m1 is killed: everything after it in mid restarts
    crash(MidPid, m1, child(MidPid, m1), kill),
    io:format("m1 killed: ~p~n", [log()]),

    %% mid's third restart is one too many: top restarts mid (a new
    %% process under the same name), t1 is left alone
    NewMid = crash(Top, mid, child(MidPid, m2), {call, boom}),
    io:format("mid gave up: ~p~n", [log()]),
    io:format("  mid is new: ~p, registered: ~p~n",
              [NewMid =/= MidPid, whereis(otp_sup_nested_mid) =:= NewMid]),

    %% sys on a supervisor
    State = sys:get_state(Top),
    io:format("state: ~p ~p ~p ~p~n",
              [element(1, State), element(3, State), element(11, State),
               element(1, element(4, State))]),
    {status, Top, {module, Mod}, [_, SysState, Parent, _, Misc]} = sys:get_status(Top),
    io:format("status: ~p ~p ~p~n", [Mod, SysState, Parent =:= self()]),
    io:format("  ~p~n", [[case Item of
                              {data, [{"State", _}]} -> {data, state};
                              Other -> Other
                          end || Item <- Misc]]),
    %% suspended, the supervisor does not see its child's end until resumed
    T1 = child(Top, t1),
    ok = sys:suspend(Top),
    exit(T1, kill),
    Still = element(2, maps:get(t1, element(2, element(4, sys:get_state(Top))))),
    io:format("suspended: t1 still known as the old pid: ~p~n", [Still =:= T1]),
    ok = sys:resume(Top),
    wait_new(Top, t1, T1),
    io:format("resumed: ~p~n", [log()]),

    %% the whole tree stops, each supervisor's children newest first
    Ref = monitor(process, Top),
    exit(Top, shutdown),
    receive {'DOWN', Ref, process, Top, Why} -> io:format("top stopped: ~p~n", [Why]) end,
    io:format("  ~p~n", [log()]),
    ok.
