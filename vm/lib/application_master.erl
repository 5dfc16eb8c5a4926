%% application_master: OTP 25's application master for the dbgsh VM. One
%% per running application: the group leader of its processes (it relays
%% their io to its own group leader), the parent of the process that runs
%% the callback module's start/2 and stop/1 around the top supervisor, and
%% the one that kills what is left of the application when it ends.
-module(application_master).

-export([start_link/2, start_type/0, stop/1, get_child/1]).
-export([init/4, start_it/4]).

-record(appl_data, {name, regs = [], phases, mod, mods = [], maxP = infinity,
                    maxT = infinity}).

%% child: the process running the callback module (start_it/4); children
%% and procs are kept as OTP keeps them; gleader: where io goes; req: the
%% get_child requests waiting for the child's answer.
-record(state, {child, appl_data, children = [], procs = 0, gleader, req = []}).

%% Called by the controller's starter process: {ok, Pid} once the
%% callback module's start/2 returned, or {error, Reason}.
start_link(ApplData, Type) ->
    Parent = whereis(application_controller),
    proc_lib:start_link(application_master, init, [Parent, self(), ApplData, Type]).

%% The start type of the application of the calling process.
start_type() ->
    group_leader() ! {start_type, self()},
    receive
        {start_type, Type} -> Type
    after 5000 ->
            {error, timeout}
    end.

stop(AppMaster) -> call(AppMaster, stop).

%% {TopSupervisor, Mod}, or error.
get_child(AppMaster) -> call(AppMaster, get_child).

call(AppMaster, Req) ->
    Tag = make_ref(),
    Ref = erlang:monitor(process, AppMaster),
    AppMaster ! {Req, Tag, self()},
    receive
        {'DOWN', Ref, process, _, _Info} ->
            ok;
        {Tag, Res} ->
            erlang:demonitor(Ref, [flush]),
            Res
    end.

init(Parent, Starter, ApplData, Type) ->
    link(Parent),
    process_flag(trap_exit, true),
    OldGleader = group_leader(),
    %% the master is its own group leader and the one of every process of
    %% the application: that is how get_env/1, get_application/0 and the
    %% final kill find them
    group_leader(self(), self()),
    Name = ApplData#appl_data.name,
    ets:insert(ac_tab, {{application_master, Name}, self()}),
    State = #state{appl_data = ApplData, gleader = OldGleader},
    case start_it(State, Type) of
        {ok, Pid} ->
            ok = set_timer(ApplData#appl_data.maxT),
            unlink(Starter),
            proc_lib:init_ack(Starter, {ok, self()}),
            main_loop(Parent, State#state{child = Pid});
        {error, Reason} ->
            exit(Reason);
        Else ->
            exit(Else)
    end.

start_it(State, Type) ->
    Tag = make_ref(),
    Pid = spawn_link(application_master, start_it, [Tag, State, self(), Type]),
    init_loop(Pid, Tag, State, Type).

init_loop(Pid, Tag, State, Type) ->
    receive
        IoReq when element(1, IoReq) =:= io_request ->
            relay_to_group_leader(IoReq, State),
            init_loop(Pid, Tag, State, Type);
        {Tag, Res} ->
            Res;
        {'EXIT', Pid, Reason} ->
            {error, Reason};
        {start_type, From} ->
            From ! {start_type, Type},
            init_loop(Pid, Tag, State, Type);
        Other ->
            init_loop(Pid, Tag, handle_msg(Other, State), Type)
    end.

main_loop(Parent, State) ->
    receive
        IoReq when element(1, IoReq) =:= io_request ->
            relay_to_group_leader(IoReq, State),
            main_loop(Parent, State);
        {'EXIT', Parent, Reason} ->
            terminate(Reason, State);
        {'EXIT', Child, Reason} when State#state.child =:= Child ->
            terminate(Reason, State#state{child = undefined});
        {'EXIT', _, timeout} ->
            terminate(normal, State);
        {'EXIT', Pid, _Reason} ->
            main_loop(Parent, State#state{children = lists:delete(Pid, State#state.children),
                                          procs = State#state.procs - 1});
        {start_type, From} ->
            From ! {start_type, local},
            main_loop(Parent, State);
        Other ->
            main_loop(Parent, handle_msg(Other, State))
    end.

terminate_loop(Child, State) ->
    receive
        IoReq when element(1, IoReq) =:= io_request ->
            relay_to_group_leader(IoReq, State),
            terminate_loop(Child, State);
        {'EXIT', Child, _} ->
            ok;
        Other ->
            terminate_loop(Child, handle_msg(Other, State))
    end.

handle_msg({get_child, Tag, From}, State) ->
    get_child_i(State, Tag, From);
handle_msg({stop, Tag, From}, State) ->
    catch terminate(normal, State),
    From ! {Tag, ok},
    exit(normal);
handle_msg({child, Ref, GrandChild, Mod}, #state{req = Reqs0} = State) ->
    {value, {_, Tag, From}, Reqs} = lists:keytake(Ref, 1, Reqs0),
    From ! {Tag, {GrandChild, Mod}},
    State#state{req = Reqs};
handle_msg(_, State) ->
    State.

terminate(Reason, State = #state{child = Child, children = Children, req = Reqs}) ->
    _ = [From ! {Tag, error} || {_, Tag, From} <- Reqs],
    terminate_child(Child, State),
    kill_children(Children),
    exit(Reason).

%% io of the application's processes goes on to the master's own group
%% leader. The VM's user io server (a group leader with no process, which
%% the controller has) cannot take a message: io:request/2 answers for it.
relay_to_group_leader({io_request, From, ReplyAs, Request} = IoReq, #state{gleader = Gl}) ->
    case is_pid(Gl) andalso is_process_alive(Gl) of
        true -> Gl ! IoReq;
        false -> From ! {io_reply, ReplyAs, io:request(Gl, Request)}
    end,
    ok.

%% The process that runs the callback module: start/2 (and the start
%% phases), then waits for the master's word to stop, or for the top
%% supervisor's end.
start_it(Tag, State, From, Type) ->
    process_flag(trap_exit, true),
    ApplData = State#state.appl_data,
    case {ApplData#appl_data.phases, ApplData#appl_data.mod} of
        {undefined, _} ->
            start_it_old(Tag, From, Type, ApplData);
        {Phases, {application_starter, [M, A]}} ->
            start_it_new(Tag, From, Type, M, A, Phases, [ApplData#appl_data.name]);
        {Phases, {M, A}} ->
            start_it_new(Tag, From, Type, M, A, Phases, [ApplData#appl_data.name]);
        {OtherP, OtherM} ->
            From ! {Tag, {error, {bad_keys, {{mod, OtherM}, {start_phases, OtherP}}}}}
    end.

start_it_old(Tag, From, Type, ApplData) ->
    {M, A} = ApplData#appl_data.mod,
    case catch apply(M, start, [Type, A]) of
        {ok, Pid} ->
            link(Pid),
            From ! {Tag, {ok, self()}},
            loop_it(From, Pid, M, []);
        {ok, Pid, AppState} ->
            link(Pid),
            From ! {Tag, {ok, self()}},
            loop_it(From, Pid, M, AppState);
        {'EXIT', normal} ->
            From ! {Tag, {error, {{'EXIT', normal}, {M, start, [Type, A]}}}};
        {error, Reason} ->
            From ! {Tag, {error, {Reason, {M, start, [Type, A]}}}};
        Other ->
            From ! {Tag, {error, {bad_return, {{M, start, [Type, A]}, Other}}}}
    end.

start_it_new(Tag, From, Type, M, A, Phases, Apps) ->
    case catch start_the_app(Type, M, A, Phases, Apps) of
        {ok, Pid, AppState} ->
            From ! {Tag, {ok, self()}},
            loop_it(From, Pid, M, AppState);
        Error ->
            From ! {Tag, Error}
    end.

start_the_app(Type, M, A, Phases, Apps) ->
    case start_supervisor(Type, M, A) of
        {ok, Pid, AppState} ->
            link(Pid),
            case application_starter:start(Phases, Type, Apps) of
                ok ->
                    {ok, Pid, AppState};
                Error2 ->
                    unlink(Pid),
                    Error2
            end;
        Error ->
            Error
    end.

start_supervisor(Type, M, A) ->
    case catch apply(M, start, [Type, A]) of
        {ok, Pid} -> {ok, Pid, []};
        {ok, Pid, AppState} -> {ok, Pid, AppState};
        {error, Reason} -> {error, {Reason, {M, start, [Type, A]}}};
        {'EXIT', normal} -> {error, {{'EXIT', normal}, {M, start, [Type, A]}}};
        Other -> {error, {bad_return, {{M, start, [Type, A]}, Other}}}
    end.

loop_it(Parent, Child, Mod, AppState) ->
    receive
        {Parent, get_child, Ref} ->
            Parent ! {child, Ref, Child, Mod},
            loop_it(Parent, Child, Mod, AppState);
        {Parent, terminate} ->
            NewAppState = prep_stop(Mod, AppState),
            exit(Child, shutdown),
            receive {'EXIT', Child, _} -> ok end,
            catch apply(Mod, stop, [NewAppState]),
            exit(normal);
        {'EXIT', Parent, Reason} ->
            NewAppState = prep_stop(Mod, AppState),
            exit(Child, Reason),
            receive {'EXIT', Child, _} -> ok end,
            catch apply(Mod, stop, [NewAppState]),
            exit(Reason);
        {'EXIT', Child, Reason} ->
            %% every reason, normal too, ends the application
            NewAppState = prep_stop(Mod, AppState),
            catch apply(Mod, stop, [NewAppState]),
            exit(Reason);
        _ ->
            loop_it(Parent, Child, Mod, AppState)
    end.

%% prep_stop/1 is optional; a crash in it is reported and the state kept.
prep_stop(Mod, AppState) ->
    case catch apply(Mod, prep_stop, [AppState]) of
        {'EXIT', {undef, _}} ->
            AppState;
        {'EXIT', Reason} ->
            [logger:macro_log(#{mfa => {?MODULE, prep_stop, 2}, line => ?LINE, file => ?FILE},
                             error, [{?MODULE, shutdown_error}, {Mod, {prep_stop, [AppState]}},
                                     {error_info, Reason}],
                             #{domain => [otp], error_logger => #{tag => error_report,
                                                                  type => std_error}})
             || logger:allow(error, ?MODULE)],
            AppState;
        NewAppState ->
            NewAppState
    end.

get_child_i(#state{child = Child, req = Reqs} = State, Tag, From) ->
    Ref = erlang:make_ref(),
    case is_pid(Child) andalso erlang:is_process_alive(Child) of
        true ->
            Child ! {self(), get_child, Ref},
            State#state{req = [{Ref, Tag, From} | Reqs]};
        false ->
            From ! {Tag, error},
            State
    end.

terminate_child(undefined, _) ->
    ok;
terminate_child(Child, State) ->
    Child ! {self(), terminate},
    terminate_loop(Child, State).

%% Every process still in the application (its group leader is the
%% master) is killed, until none is left.
kill_children(Children) ->
    lists:foreach(fun(Pid) -> exit(Pid, kill) end, Children),
    kill_all_procs().

kill_all_procs() ->
    kill_all_procs_1(processes(), self(), 0).

kill_all_procs_1([Self | Ps], Self, N) ->
    kill_all_procs_1(Ps, Self, N);
kill_all_procs_1([P | Ps], Self, N) ->
    case process_info(P, group_leader) of
        {group_leader, Self} ->
            exit(P, kill),
            kill_all_procs_1(Ps, Self, N + 1);
        _ ->
            kill_all_procs_1(Ps, Self, N)
    end;
kill_all_procs_1([], _, 0) ->
    ok;
kill_all_procs_1([], _, _) ->
    kill_all_procs().

%% maxT: the application ends (normally) after Time ms.
set_timer(infinity) ->
    ok;
set_timer(Time) ->
    {ok, _} = timer:exit_after(Time, timeout),
    ok.
