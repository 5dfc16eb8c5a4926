-module(otp_sup_significant).
-export([main/0]).
-export([init/1, worker/2, loop/2]).

%% Significant children and auto_shutdown: a significant child's end (when
%% it is not restarted) ends the supervisor with any_significant, the last
%% one's with all_significant, never with never; what is refused; nested
%% supervisors ending their parent in turn.

init({Flags, Specs}) -> {ok, {Flags, Specs}}.

worker(Log, Name) ->
    Log ! {start, Name},
    {ok, spawn_link(?MODULE, loop, [Log, Name])}.

loop(Log, Name) ->
    process_flag(trap_exit, true),
    receive
        {'EXIT', _, shutdown} -> Log ! {stop, Name}, exit(shutdown);
        {exit, Reason} -> exit(Reason)
    end.

spec(Id, Restart, Significant) ->
    #{id => Id, start => {?MODULE, worker, [self(), Id]}, restart => Restart,
      significant => Significant}.

log() ->
    receive
        {What, Name} when What =:= start; What =:= stop -> [{What, Name} | log()]
    after 0 -> []
    end.

start(Auto, Specs) -> start(Auto, one_for_one, Specs).

start(Auto, Strategy, Specs) ->
    supervisor:start_link(?MODULE, {#{auto_shutdown => Auto, strategy => Strategy,
                                      intensity => 10}, Specs}).

%% Ends child Id; then either the supervisor ended (its exit reason) or
%% it goes on (the children it has now).
exit_child(Sup, Id, Reason) ->
    {Id, Pid, _, _} = lists:keyfind(Id, 1, supervisor:which_children(Sup)),
    exit_pid(Sup, Id, Pid, Reason).

exit_pid(Sup, Id, Pid, Reason) ->
    Ref = monitor(process, Pid),
    Pid ! {exit, Reason},
    receive {'DOWN', Ref, process, Pid, _} -> ok end,
    Result = wait(Sup, Pid),
    io:format("~p exits ~p: ~p ~p~n", [Id, Reason, Result, log()]).

wait(Sup, Pid) ->
    case catch supervisor:which_children(Sup) of
        {'EXIT', _} ->
            receive {'EXIT', Sup, Why} -> {sup_exit, Why} end;
        Children ->
            case lists:keymember(Pid, 2, Children) of
                true -> timer:sleep(1), wait(Sup, Pid);
                false -> [{Id, is_pid(P)} || {Id, P, _, _} <- Children]
            end
    end.

stop(Sup) ->
    Ref = monitor(process, Sup),
    unlink(Sup),
    exit(Sup, shutdown),
    receive {'DOWN', Ref, process, Sup, _} -> ok end.

main() ->
    process_flag(trap_exit, true),
    io:format("refused:~n"),
    [io:format("  ~p~n", [start(A, [spec(x, R, S)])])
     || {A, R, S} <- [{never, transient, true}, {any_significant, permanent, true},
                      {all_significant, permanent, true}, {any_significant, transient, 1}]],
    io:format("check_childspecs: ~p~n",
              [[supervisor:check_childspecs([spec(x, R, true)], A)
                || {A, R} <- [{never, transient}, {any_significant, permanent},
                              {any_significant, transient}, {undefined, transient},
                              {undefined, permanent}, {sometimes, transient}]]]),
    {ok, S0} = start(never, []),
    io:format("start_child refused: ~p~n", [supervisor:start_child(S0, spec(x, temporary, true))]),
    log(),

    %% any_significant
    {ok, S1} = start(any_significant, [spec(a, permanent, false), spec(t, transient, true),
                                       spec(m, temporary, true)]),
    log(),
    exit_child(S1, t, boom),
    exit_child(S1, a, boom),
    exit_child(S1, t, normal),
    {ok, S2} = start(any_significant, [spec(a, permanent, false), spec(m, temporary, true)]),
    log(),
    exit_child(S2, m, boom),
    {ok, S3} = start(any_significant, [spec(a, permanent, false), spec(t, transient, true)]),
    log(),
    exit_child(S3, t, {shutdown, done}),
    %% a significant child stopped through the API does not count
    {ok, S4} = start(any_significant, [spec(a, permanent, false), spec(t, transient, true)]),
    log(),
    io:format("terminate_child: ~p ~p~n", [supervisor:terminate_child(S4, t), log()]),
    io:format("  still there: ~p~n", [supervisor:count_children(S4)]),
    io:format("  spec: ~p~n", [maps:get(significant, element(2, supervisor:get_childspec(S4, t)))]),
    stop(S4),
    io:format("  stopped: ~p~n", [log()]),

    %% all_significant: the last significant child to end
    {ok, S5} = start(all_significant, [spec(a, permanent, false), spec(t1, transient, true),
                                       spec(t2, transient, true), spec(m, temporary, true),
                                       spec(n, temporary, false)]),
    log(),
    exit_child(S5, t1, normal),
    exit_child(S5, n, normal),
    exit_child(S5, m, shutdown),
    exit_child(S5, t2, boom),
    exit_child(S5, t2, normal),

    %% never: significant is false everywhere, nothing ends the supervisor
    {ok, S6} = start(never, [spec(t, transient, false)]),
    log(),
    exit_child(S6, t, normal),
    stop(S6),

    %% simple_one_for_one with all_significant
    {ok, S7} = supervisor:start_link(?MODULE,
                                     {#{strategy => simple_one_for_one,
                                        auto_shutdown => all_significant},
                                      [#{id => d, start => {?MODULE, worker, [self()]},
                                         restart => transient, significant => true}]}),
    {ok, D1} = supervisor:start_child(S7, [d1]),
    {ok, D2} = supervisor:start_child(S7, [d2]),
    log(),
    exit_pid(S7, d1, D1, normal),
    exit_pid(S7, d2, D2, normal),

    %% one_for_all with a significant transient child that is restarted
    {ok, S8} = start(any_significant, one_for_all, [spec(a, permanent, false),
                                                    spec(t, transient, true)]),
    log(),
    exit_child(S8, t, boom),
    exit_child(S8, t, normal),

    %% nested: the inner supervisor is a significant child of the outer
    Inner = #{id => inner, type => supervisor, restart => transient, significant => true,
              start => {supervisor, start_link,
                        [?MODULE, {#{auto_shutdown => any_significant},
                                   [spec(i, transient, true)]}]}},
    {ok, Outer} = start(any_significant, [spec(o, permanent, false), Inner]),
    log(),
    {inner, InnerPid, supervisor, _} = lists:keyfind(inner, 1, supervisor:which_children(Outer)),
    {i, IPid, _, _} = lists:keyfind(i, 1, supervisor:which_children(InnerPid)),
    IRef = monitor(process, InnerPid),
    IPid ! {exit, normal},
    receive {'DOWN', IRef, process, InnerPid, IWhy} -> io:format("inner: ~p~n", [IWhy]) end,
    receive {'EXIT', Outer, Why} -> io:format("outer: ~p ~p~n", [Why, log()]) end,
    ok.
