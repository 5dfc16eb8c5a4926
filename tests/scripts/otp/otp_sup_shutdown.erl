-module(otp_sup_shutdown).
-export([main/0]).
-export([init/1, worker/3, child/4, parent/1]).

%% The shutdown protocol: exit(shutdown) and a wait (a time, infinity),
%% brutal_kill, the kill when the time has passed, a child that unlinked
%% itself, a child ending with another reason, a supervisor child; the
%% order children are stopped in; the parent's exit; dynamic children
%% stopped all at once.

init({Flags, Specs}) -> {ok, {Flags, Specs}}.

%% Runs in the supervisor: waits until the child traps exits, then tells
%% the test process (so its messages come in start order).
worker(Log, Name, How) ->
    Pid = spawn_link(?MODULE, child, [Log, Name, How, self()]),
    receive {Pid, ready} -> ok end,
    Log ! {ready, Name, Pid},
    {ok, Pid}.

child(Log, Name, How, Sup) ->
    case How of
        plain -> ok;
        unlinked -> unlink(Sup), process_flag(trap_exit, true);
        _ -> process_flag(trap_exit, true)
    end,
    Sup ! {self(), ready},
    receive
        {'EXIT', _, shutdown} ->
            case How of
                quick -> ok;
                {delay, T} -> timer:sleep(T);
                {reason, R} -> exit(R);
                _ -> timer:sleep(infinity)
            end,
            Log ! {cleanup, Name},
            exit(shutdown)
    end.

spec(Id, How, Shutdown) -> spec(self(), Id, How, Shutdown).

spec(Log, Id, How, Shutdown) ->
    #{id => Id, start => {?MODULE, worker, [Log, Id, How]}, shutdown => Shutdown}.

sup_spec(Id, Flags, Specs) ->
    #{id => Id, start => {supervisor, start_link, [?MODULE, {Flags, Specs}]},
      type => supervisor}.

%% The pids of the children, in the order they came up.
ready(0) -> [];
ready(N) -> receive {ready, Name, Pid} -> [{Name, Pid} | ready(N - 1)] end.

log() ->
    receive
        {cleanup, Name} -> [Name | log()]
    after 0 -> []
    end.

now_ms() -> erlang:monotonic_time(millisecond).

%% terminate_child, then how the child ended, the cleanups done and the
%% time it took.
terminate(Sup, Id, Pid) ->
    Ref = monitor(process, Pid),
    T0 = now_ms(),
    R = supervisor:terminate_child(Sup, Id),
    T = now_ms() - T0,
    %% The supervisor saw the child's exit before it answered, but our
    %% 'DOWN' comes from the child, not from it: no order between the two.
    Down = receive {'DOWN', Ref, process, Pid, Why} -> Why after 5000 -> still_running end,
    {R, Down, log(), T}.

%% A process that starts a supervisor, then dies when told.
parent(Test) ->
    {ok, Sup} = supervisor:start_link(?MODULE, {#{}, [spec(Test, p1, quick, 1000)]}),
    Test ! {sup, Sup},
    receive {die, Reason} -> exit(Reason) end.

main() ->
    process_flag(trap_exit, true),
    Specs = [spec(quick, quick, 1000), spec(slow, slow, 100), spec(brutal, slow, brutal_kill),
             spec(brutal_plain, plain, brutal_kill), spec(patient, {delay, 150}, infinity),
             spec(unlinked, unlinked, 100), spec(odd, {reason, odd}, 1000),
             spec(plain, plain, 1000)],
    {ok, S1} = supervisor:start_link(?MODULE, {#{}, Specs}),
    Pids = ready(length(Specs)),
    [begin
         {R, Down, Cleanups, T} = terminate(S1, Id, Pid),
         %% only the waits that must be there are checked
         Waited = case Id of
                      slow -> [{waited, T >= 90}];
                      unlinked -> [{waited, T >= 90}];
                      patient -> [{waited, T >= 140}];
                      _ -> []
                  end,
         io:format("~p: ~p, child exit ~p, cleanup ~p ~p~n", [Id, R, Down, Cleanups, Waited])
     end || {Id, Pid} <- Pids],
    io:format("children: ~p~n", [[{Id, P} || {Id, P, _, _} <- supervisor:which_children(S1)]]),
    io:format("again: ~p~n", [supervisor:terminate_child(S1, quick)]),
    io:format("restart all: ~p~n",
              [[element(1, supervisor:restart_child(S1, Id)) || {Id, _} <- Pids]]),
    ready(length(Specs)),

    %% A supervisor child: the default shutdown is infinity, and its own
    %% children are stopped before terminate_child returns.
    Inner = [spec(inner1, quick, 1000), spec(inner2, {delay, 50}, 1000)],
    {ok, Sub} = supervisor:start_child(S1, sup_spec(sub, #{}, Inner)),
    ready(2),
    io:format("sub spec: ~p~n", [maps:get(shutdown, element(2, supervisor:get_childspec(S1, sub)))]),
    {R2, Down2, Cleanups2, _} = terminate(S1, sub, Sub),
    io:format("sub: ~p, exit ~p, cleanup ~p~n", [R2, Down2, Cleanups2]),
    {ok, _} = supervisor:restart_child(S1, sub),
    ready(2),

    %% An exit signal from a process that is neither parent nor child
    {Stranger, SRef} = spawn_monitor(fun() -> exit(S1, from_a_stranger) end),
    receive {'DOWN', SRef, process, Stranger, _} -> ok end,
    io:format("stranger's exit: ~p~n", [supervisor:count_children(S1)]),

    %% The parent's exit: every child stopped, newest first
    Ref1 = monitor(process, S1),
    exit(S1, shutdown),
    receive {'DOWN', Ref1, process, S1, Why1} -> io:format("supervisor exit: ~p~n", [Why1]) end,
    io:format("cleanups: ~p~n", [log()]),
    Parent = spawn(?MODULE, parent, [self()]),
    S2 = receive {sup, S} -> S end,
    ready(1),
    Ref2 = monitor(process, S2),
    Parent ! {die, going},
    receive {'DOWN', Ref2, process, S2, Why2} -> io:format("parent died: ~p ~p~n", [Why2, log()]) end,

    %% Dynamic children, all signalled at once, one timer for all
    Dyn = fun(Shutdown) ->
                  {ok, D} = supervisor:start_link(?MODULE,
                                                  {#{strategy => simple_one_for_one},
                                                   [#{id => dyn, start => {?MODULE, worker, [self()]},
                                                      shutdown => Shutdown}]}),
                  [{ok, _} = supervisor:start_child(D, [N, How])
                   || {N, How} <- [{d1, quick}, {d2, slow}, {d3, {reason, odd}}, {d4, slow},
                                   {d5, plain}]],
                  Kids = ready(5),
                  Refs = [{N, monitor(process, P)} || {N, P} <- Kids],
                  DRef = monitor(process, D),
                  T0 = now_ms(),
                  exit(D, shutdown),
                  receive {'DOWN', DRef, process, D, _} -> ok end,
                  T = now_ms() - T0,
                  Exits = [{N, receive {'DOWN', R, process, _, Why} -> Why end} || {N, R} <- Refs],
                  Waited = case Shutdown of
                               brutal_kill -> [];
                               _ -> [{waited, T >= 90}]
                           end,
                  io:format("dynamic, shutdown ~p: ~p~n    cleanups ~p ~p~n",
                            [Shutdown, Exits, lists:sort(log()), Waited])
          end,
    Dyn(100),
    Dyn(brutal_kill),
    ok.
