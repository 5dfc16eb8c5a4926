-module(otp_sup_strategy).
-export([main/0]).
-export([init/1, worker/2, loop/2]).

%% The four strategies' restarts, and the restart types: which children a
%% child's end stops and starts again, in which order, and which ones it
%% leaves alone.  Children report their starts and stops to the test
%% process; the supervisor stops them one at a time, so the order is
%% fixed.

init({Strategy, Specs}) ->
    {ok, {#{strategy => Strategy, intensity => 100, period => 10}, Specs}}.

%% Runs in the supervisor.
worker(Log, Name) ->
    Log ! {start, Name},
    {ok, spawn_link(?MODULE, loop, [Log, Name])}.

loop(Log, Name) ->
    process_flag(trap_exit, true),
    receive
        {'EXIT', _, shutdown} ->
            Log ! {stop, Name},
            exit(shutdown);
        {exit, Reason} ->
            exit(Reason)
    end.

spec(Id, Restart) ->
    #{id => Id, start => {?MODULE, worker, [self(), Id]}, restart => Restart}.

children(Sup) -> [{Id, P} || {Id, P, _, _} <- supervisor:which_children(Sup)].

%% Ends child Id with Reason and waits until the supervisor has dealt
%% with it (the child's entry changed); prints what happened.
exit_child(Sup, Id, Reason) ->
    Before = children(Sup),
    {Id, Pid} = lists:keyfind(Id, 1, Before),
    Ref = monitor(process, Pid),
    Pid ! {exit, Reason},
    receive {'DOWN', Ref, process, Pid, _} -> ok end,
    After = wait_change(Sup, Id, Pid),
    io:format("~p exits ~p: ~p~n    ~p~n", [Id, Reason, log(), compare(Before, After)]).

wait_change(Sup, Id, Pid) ->
    Now = children(Sup),
    case lists:keyfind(Id, 1, Now) of
        {Id, Pid} -> timer:sleep(1), wait_change(Sup, Id, Pid);
        _ -> Now
    end.

%% Each child now: same pid, new pid, not running, or gone.
compare(Before, After) ->
    [{Id, case lists:keyfind(Id, 1, After) of
              false -> gone;
              {Id, undefined} -> undefined;
              {Id, P} when P =:= Old -> same;
              {Id, _} -> new
          end} || {Id, Old} <- Before].

log() ->
    receive
        {What, Name} when What =:= start; What =:= stop -> [{What, Name} | log()]
    after 0 -> []
    end.

start(Strategy, Specs) ->
    {ok, Sup} = supervisor:start_link(?MODULE, {Strategy, Specs}),
    io:format("~p started: ~p~n", [Strategy, log()]),
    Sup.

main() ->
    process_flag(trap_exit, true),
    S1 = start(one_for_one, [spec(a, permanent), spec(b, transient), spec(c, temporary),
                             spec(d, permanent)]),
    exit_child(S1, a, boom),
    exit_child(S1, b, normal),
    io:format("restart b: ~p ~p~n", [element(1, supervisor:restart_child(S1, b)), log()]),
    exit_child(S1, b, {shutdown, x}),
    io:format("restart b: ~p ~p~n", [element(1, supervisor:restart_child(S1, b)), log()]),
    exit_child(S1, b, shutdown),
    io:format("restart b: ~p ~p~n", [element(1, supervisor:restart_child(S1, b)), log()]),
    exit_child(S1, b, boom),
    exit_child(S1, c, boom),
    exit_child(S1, d, normal),
    exit_child(S1, d, shutdown),
    exit_child(S1, d, kill),
    io:format("counts: ~p~n", [supervisor:count_children(S1)]),

    S2 = start(one_for_all, [spec(a, permanent), spec(b, temporary), spec(c, permanent),
                             spec(d, transient)]),
    exit_child(S2, c, boom),
    exit_child(S2, d, normal),
    exit_child(S2, a, normal),
    io:format("counts: ~p~n", [supervisor:count_children(S2)]),

    S3 = start(rest_for_one, [spec(a, permanent), spec(b, permanent), spec(c, temporary),
                              spec(d, transient), spec(e, permanent)]),
    exit_child(S3, e, boom),
    exit_child(S3, b, boom),
    exit_child(S3, d, {shutdown, done}),
    exit_child(S3, a, boom),
    io:format("counts: ~p~n", [supervisor:count_children(S3)]),

    %% a child added later is the newest: stopped first, restarted last
    S4 = start(rest_for_one, [spec(a, permanent), spec(b, permanent)]),
    {ok, _} = supervisor:start_child(S4, spec(z, permanent)),
    io:format("added: ~p ~p~n", [log(), [Id || {Id, _} <- children(S4)]]),
    exit_child(S4, a, boom),
    S5 = start(one_for_all, [spec(a, permanent), spec(b, permanent)]),
    {ok, _} = supervisor:start_child(S5, spec(z, permanent)),
    io:format("added: ~p~n", [log()]),
    exit_child(S5, b, boom),

    %% the supervisor's own end stops every child, newest first
    [begin
         Ref = monitor(process, S),
         exit(S, shutdown),
         receive {'DOWN', Ref, process, S, R} -> io:format("stopped (~p): ~p~n", [R, log()]) end
     end || S <- [S1, S2, S3, S4, S5]],
    ok.
