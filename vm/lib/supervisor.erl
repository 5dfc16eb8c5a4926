%% supervisor: OTP 25's supervisor behaviour for the dbgsh VM, written as a
%% gen_server callback module: child specifications and their checks, the
%% strategies one_for_one, one_for_all, rest_for_one and simple_one_for_one,
%% restart intensity, the shutdown protocol (monitor, exit(shutdown), kill
%% when the time is up), significant children and auto_shutdown.  Its
%% reports are OTP's logger events.
-module(supervisor).

-export([behaviour_info/1, check_childspecs/1, check_childspecs/2, code_change/3,
         count_children/1, delete_child/2, format_log/1, format_log/2, format_status/2,
         get_callback_module/1,
         get_childspec/2, handle_call/3, handle_cast/2, handle_info/2, init/1,
         restart_child/2, start_child/2, start_link/2, start_link/3, terminate/2,
         terminate_child/2, which_children/1]).

%% One child.  pid is the running process; undefined when there is none;
%% {restarting, OldPid} (OldPid may be undefined) while a failed restart
%% waits to be tried again; a list of pids only in a report about many
%% dynamic children.  The fields are OTP's, in OTP's order: the record is
%% part of start_child's error term and of what sys:get_state shows.
-record(child, {pid = undefined, id, mfargs, restart_type, significant, shutdown,
                child_type, modules = []}).

%% The gen_server state, with OTP's fields in OTP's order (sys:get_state).
%%   children   {Ids, #{Id => #child{}}}; while running, Ids are newest
%%              first: the order children are stopped in, and the order
%%              which_children lists them in
%%   dynamics   simple_one_for_one only: {maps, #{Pid => Args}} when the
%%              children may be restarted, {mapsets, #{Pid => []}} when they
%%              are temporary; a child waiting for a restart is keyed
%%              {restarting, OldPid}
%%   restarts   monotonic times (seconds) of the restarts in the last
%%              period, newest first
%%   dynamic_restarts  how many dynamic children wait for a restart
-record(state, {name, strategy, children = {[], #{}}, dynamics, intensity, period,
                restarts = [], dynamic_restarts = 0, auto_shutdown, module, args}).

-define(DEFAULT_FLAGS, #{strategy => one_for_one, intensity => 1, period => 5,
                         auto_shutdown => never}).
-define(SIMPLE(State), State#state.strategy =:= simple_one_for_one).

%% The callbacks a supervisor module defines.
behaviour_info(callbacks) -> [{init, 1}];
behaviour_info(optional_callbacks) -> [].

%% ---------------------------------------------------------------------
%% The API

start_link(Mod, Args) ->
    gen_server:start_link(supervisor, {self, Mod, Args}, []).

start_link(SupName, Mod, Args) ->
    gen_server:start_link(SupName, supervisor, {SupName, Mod, Args}, []).

start_child(Sup, SpecOrArgs) -> call(Sup, {start_child, SpecOrArgs}).

restart_child(Sup, Id) -> call(Sup, {restart_child, Id}).

delete_child(Sup, Id) -> call(Sup, {delete_child, Id}).

%% The child is gone when this returns, killed if it would not stop.
terminate_child(Sup, IdOrPid) -> call(Sup, {terminate_child, IdOrPid}).

get_childspec(Sup, IdOrPid) -> call(Sup, {get_childspec, IdOrPid}).

which_children(Sup) -> call(Sup, which_children).

count_children(Sup) -> call(Sup, count_children).

call(Sup, Request) -> gen_server:call(Sup, Request, infinity).

check_childspecs(Specs) ->
    check_childspecs(Specs, undefined).

check_childspecs(Specs, AutoShutdown) when is_list(Specs) ->
    case AutoShutdown =:= undefined orelse is_auto_shutdown(AutoShutdown) of
        true ->
            case check_specs(Specs, AutoShutdown) of
                {ok, _} -> ok;
                Error -> {error, Error}
            end;
        false ->
            {error, {badarg, AutoShutdown}}
    end;
check_childspecs(Specs, _) ->
    {error, {badarg, Specs}}.

%% The callback module of a running supervisor (release handling asks).
get_callback_module(Pid) ->
    {status, _, {module, _}, [_, _, _, _, Misc]} = sys:get_status(Pid),
    case lists:keyfind(supervisor, 1, Misc) of
        {supervisor, [{"Callback", Mod}]} -> Mod;
        _ ->
            [_, _, {data, [{"State", State}]} | _] = Misc,
            State#state.module
    end.

%% ---------------------------------------------------------------------
%% Child specifications

%% {ok, {Ids, Db}} with Ids in start order, or what is wrong.
check_specs(Specs, AutoShutdown) ->
    check_specs(Specs, AutoShutdown, [], #{}).

check_specs([Spec | Rest], AutoShutdown, Ids, Db) ->
    case check_spec(Spec, AutoShutdown) of
        {ok, #child{id = Id}} when is_map_key(Id, Db) ->
            %% OTP's name for a duplicate id
            {duplicate_child_name, Id};
        {ok, #child{id = Id} = Child} ->
            check_specs(Rest, AutoShutdown, [Id | Ids], Db#{Id => Child});
        Error ->
            Error
    end;
check_specs([], _, Ids, Db) ->
    {ok, {lists:reverse(Ids), Db}}.

%% {ok, #child{}} or what is wrong: the first check that fails, in OTP's
%% order (id, start, restart, significant, type, shutdown, modules).
check_spec(Spec, AutoShutdown) when is_map(Spec) ->
    catch spec_child(maps:merge(#{restart => permanent, type => worker}, Spec), AutoShutdown);
check_spec({Id, Start, Restart, Shutdown, Type, Modules}, AutoShutdown) ->
    check_spec(#{id => Id, start => Start, restart => Restart, significant => false,
                 shutdown => Shutdown, type => Type, modules => Modules}, AutoShutdown);
check_spec(Other, _) ->
    {invalid_child_spec, Other}.

spec_child(#{restart := Restart, type := Type} = Spec, AutoShutdown) ->
    Id = required(id, Spec, missing_id),
    Start = required(start, Spec, missing_start),
    case Start of
        {M, F, A} when is_atom(M), is_atom(F), is_list(A) -> ok;
        _ -> throw({invalid_mfa, Start})
    end,
    lists:member(Restart, [permanent, transient, temporary])
        orelse throw({invalid_restart_type, Restart}),
    Significant = maps:get(significant, Spec, false),
    check_significant(Significant, Restart, AutoShutdown),
    lists:member(Type, [worker, supervisor]) orelse throw({invalid_child_type, Type}),
    Shutdown = case Spec of
                   #{shutdown := S} -> S;
                   #{type := worker} -> 5000;
                   #{type := supervisor} -> infinity
               end,
    is_shutdown(Shutdown) orelse throw({invalid_shutdown, Shutdown}),
    Modules = case Spec of
                  #{modules := Ms} -> Ms;
                  _ -> [element(1, Start)]
              end,
    check_modules(Modules),
    {ok, #child{id = Id, mfargs = Start, restart_type = Restart, significant = Significant,
                shutdown = Shutdown, child_type = Type, modules = Modules}}.

required(Key, Spec, Missing) ->
    case Spec of
        #{Key := V} -> V;
        _ -> throw(Missing)
    end.

check_significant(true, _, never) ->
    throw({bad_combination, [{auto_shutdown, never}, {significant, true}]});
check_significant(true, permanent, _) ->
    throw({bad_combination, [{restart, permanent}, {significant, true}]});
check_significant(S, _, _) when is_boolean(S) ->
    ok;
check_significant(S, _, _) ->
    throw({invalid_significant, S}).

is_shutdown(brutal_kill) -> true;
is_shutdown(infinity) -> true;
is_shutdown(T) -> is_integer(T) andalso T >= 0.

check_modules(dynamic) -> ok;
check_modules(Ms) when is_list(Ms) -> check_module_list(Ms);
check_modules(Ms) -> throw({invalid_modules, Ms}).

check_module_list([M | Ms]) when is_atom(M) -> check_module_list(Ms);
check_module_list([M | _]) -> throw({invalid_module, M});
check_module_list([]) -> ok.

is_auto_shutdown(A) -> lists:member(A, [never, any_significant, all_significant]).

%% ---------------------------------------------------------------------
%% Supervisor flags

%% {ok, State} with the flags in it, or what is wrong with them.
with_flags(Flags, State) ->
    try check_flags(Flags) of
        #{strategy := S, intensity := I, period := P, auto_shutdown := A} ->
            {ok, State#state{strategy = S, intensity = I, period = P, auto_shutdown = A}}
    catch
        throw:Error -> Error
    end.

check_flags(Flags) when is_map(Flags) ->
    All = maps:merge(?DEFAULT_FLAGS, Flags),
    #{strategy := S, intensity := I, period := P, auto_shutdown := A} = All,
    lists:member(S, [one_for_one, one_for_all, rest_for_one, simple_one_for_one])
        orelse throw({invalid_strategy, S}),
    (is_integer(I) andalso I >= 0) orelse throw({invalid_intensity, I}),
    (is_integer(P) andalso P > 0) orelse throw({invalid_period, P}),
    is_auto_shutdown(A) orelse throw({invalid_auto_shutdown, A}),
    All;
check_flags({S, I, P}) ->
    check_flags(#{strategy => S, intensity => I, period => P, auto_shutdown => never});
check_flags(Other) ->
    throw({invalid_type, Other}).

%% ---------------------------------------------------------------------
%% gen_server callbacks: starting

%% SupName is the name the supervisor was started with, or self.
init({SupName, Mod, Args}) ->
    process_flag(trap_exit, true),
    case apply(Mod, init, [Args]) of
        {ok, {Flags, Specs}} ->
            State0 = #state{name = sup_name(SupName, Mod), module = Mod, args = Args,
                            auto_shutdown = never},
            case with_flags(Flags, State0) of
                {ok, State} when ?SIMPLE(State) -> init_dynamic(State, Specs);
                {ok, State} -> init_static(State, Specs);
                Error -> {stop, {supervisor_data, Error}}
            end;
        ignore ->
            ignore;
        Other ->
            {stop, {bad_return, {Mod, init, Other}}}
    end.

%% How reports name the supervisor.
sup_name(self, Mod) -> {self(), Mod};
sup_name(Name, _) -> Name.

%% Starts the children in order; when one fails, those already started
%% are stopped again and the supervisor does not start.
init_static(State, Specs) ->
    case check_specs(Specs, State#state.auto_shutdown) of
        {ok, Children} ->
            case start_children(Children, State#state.name) of
                {ok, Started} ->
                    {ok, State#state{children = Started}};
                {error, Partly, Reason} ->
                    _ = stop_children(Partly, State#state.name),
                    {stop, {shutdown, Reason}}
            end;
        Error ->
            {stop, {start_spec, Error}}
    end.

%% simple_one_for_one: exactly one spec, the template of every child.
init_dynamic(State, [Spec]) ->
    case check_specs([Spec], State#state.auto_shutdown) of
        {ok, Children} -> {ok, dyn_init(State#state{children = Children})};
        Error -> {stop, {start_spec, Error}}
    end;
init_dynamic(_, Specs) ->
    {stop, {bad_start_spec, Specs}}.

%% ---------------------------------------------------------------------
%% gen_server callbacks: requests

handle_call({start_child, Extra}, _From, State) when ?SIMPLE(State) ->
    #child{mfargs = {M, F, A}} = template(State),
    Args = A ++ Extra,
    case start_mfa(M, F, Args) of
        {ok, undefined} -> {reply, {ok, undefined}, State};
        {ok, Pid} -> {reply, {ok, Pid}, dyn_store(Pid, Args, State)};
        {ok, Pid, Info} -> {reply, {ok, Pid, Info}, dyn_store(Pid, Args, State)};
        Error -> {reply, Error, State}
    end;
handle_call({start_child, Spec}, _From, State) ->
    case check_spec(Spec, State#state.auto_shutdown) of
        {ok, Child} ->
            {Reply, NState} = add_child(Child, State),
            {reply, Reply, NState};
        Error ->
            {reply, {error, Error}, State}
    end;
handle_call({terminate_child, Id}, _From, State) when not is_pid(Id), ?SIMPLE(State) ->
    {reply, {error, simple_one_for_one}, State};
handle_call({terminate_child, IdOrPid}, _From, State) ->
    case find_child(IdOrPid, State) of
        {ok, Child} ->
            stop_child(Child, State#state.name),
            {reply, ok, forget_child(Child, State)};
        error ->
            {reply, {error, not_found}, State}
    end;
handle_call({restart_child, _}, _From, State) when ?SIMPLE(State) ->
    {reply, {error, simple_one_for_one}, State};
handle_call({restart_child, Id}, _From, State) ->
    case find_child(Id, State) of
        {ok, #child{pid = undefined} = Child} ->
            case start_child_proc(Child, State#state.name) of
                {ok, Pid} -> {reply, {ok, Pid}, set_pid(Pid, Id, State)};
                {ok, Pid, Info} -> {reply, {ok, Pid, Info}, set_pid(Pid, Id, State)};
                Error -> {reply, Error, State}
            end;
        {ok, #child{pid = {restarting, _}}} ->
            {reply, {error, restarting}, State};
        {ok, _} ->
            {reply, {error, running}, State};
        error ->
            {reply, {error, not_found}, State}
    end;
handle_call({delete_child, _}, _From, State) when ?SIMPLE(State) ->
    {reply, {error, simple_one_for_one}, State};
handle_call({delete_child, Id}, _From, State) ->
    case find_child(Id, State) of
        {ok, #child{pid = undefined}} ->
            {Ids, Db} = State#state.children,
            {reply, ok, State#state{children = {lists:delete(Id, Ids), maps:remove(Id, Db)}}};
        {ok, #child{pid = {restarting, _}}} ->
            {reply, {error, restarting}, State};
        {ok, _} ->
            {reply, {error, running}, State};
        error ->
            {reply, {error, not_found}, State}
    end;
handle_call({get_childspec, IdOrPid}, _From, State) ->
    case find_child(IdOrPid, State) of
        {ok, Child} -> {reply, {ok, child_spec(Child)}, State};
        error -> {reply, {error, not_found}, State}
    end;
handle_call(which_children, _From, State) when ?SIMPLE(State) ->
    #child{child_type = Type, modules = Mods} = template(State),
    {_, Db} = State#state.dynamics,
    Reply = [case Key of
                 {restarting, _} -> {undefined, restarting, Type, Mods};
                 Pid -> {undefined, Pid, Type, Mods}
             end || Key <- maps:keys(Db)],
    {reply, Reply, State};
handle_call(which_children, _From, State) ->
    {Ids, Db} = State#state.children,
    Reply = [case maps:get(Id, Db) of
                 #child{pid = {restarting, _}, child_type = Type, modules = Mods} ->
                     {Id, restarting, Type, Mods};
                 #child{pid = Pid, child_type = Type, modules = Mods} ->
                     {Id, Pid, Type, Mods}
             end || Id <- Ids],
    {reply, Reply, State};
handle_call(count_children, _From, State) when ?SIMPLE(State) ->
    #child{child_type = Type} = template(State),
    N = dyn_size(State),
    %% children waiting for a restart are counted, but not as active
    Active = N - State#state.dynamic_restarts,
    {Sups, Workers} = case Type of
                          supervisor -> {N, 0};
                          worker -> {0, N}
                      end,
    {reply, [{specs, 1}, {active, Active}, {supervisors, Sups}, {workers, Workers}], State};
handle_call(count_children, _From, State) ->
    {_, Db} = State#state.children,
    Count = fun(_, #child{pid = Pid, child_type = Type}, {Specs, Active, Sups, Workers}) ->
                    A = case is_pid(Pid) andalso is_process_alive(Pid) of
                            true -> Active + 1;
                            false -> Active
                        end,
                    case Type of
                        supervisor -> {Specs + 1, A, Sups + 1, Workers};
                        worker -> {Specs + 1, A, Sups, Workers + 1}
                    end
            end,
    {Specs, Active, Sups, Workers} = maps:fold(Count, {0, 0, 0, 0}, Db),
    {reply, [{specs, Specs}, {active, Active}, {supervisors, Sups}, {workers, Workers}], State}.

%% A restart that failed is tried again through this cast, so that the
%% requests already queued (a terminate_child, the parent's exit) come
%% first.
handle_cast({try_again_restart, IdOrPid}, State) ->
    case find_child_with_args(IdOrPid, State) of
        {ok, #child{pid = {restarting, _}} = Child} ->
            stop_or_go(restart(Child, State));
        _ ->
            {noreply, State}
    end.

%% A child ended (or some other linked process: ignored).
handle_info({'EXIT', Pid, Reason}, State) ->
    case find_child_with_args(Pid, State) of
        {ok, Child} -> stop_or_go(child_exited(Reason, Child, State));
        error -> {noreply, State}
    end;
handle_info(Msg, State) ->
    dbgsh_report:log(?MODULE, error, #{mfa => {?MODULE, handle_info, 2}, line => ?LINE,
                                       file => ?FILE},
                     {"Supervisor received unexpected message: ~tp~n", [Msg]},
                     #{domain => [otp], error_logger => #{tag => error}}),
    {noreply, State}.

stop_or_go({ok, State}) -> {noreply, State};
stop_or_go({shutdown, State}) -> {stop, shutdown, State}.

%% The supervisor ends: its children go first, newest first.
terminate(_Reason, State) when ?SIMPLE(State) ->
    stop_dynamic_children(State);
terminate(_Reason, State) ->
    _ = stop_children(State#state.children, State#state.name),
    ok.

%% A code change runs Mod:init/1 again with the first arguments: new flags
%% and specs, running children kept.
code_change(_OldVsn, #state{module = Mod, args = Args} = State, _Extra) ->
    case apply(Mod, init, [Args]) of
        {ok, {Flags, Specs}} ->
            case with_flags(Flags, State) of
                {ok, State1} -> update_specs(Specs, State1);
                {invalid_type, Flags} -> {error, {bad_flags, Flags}};
                Error -> {error, Error}
            end;
        ignore ->
            {ok, State};
        Error ->
            Error
    end.

update_specs(Specs, State) when ?SIMPLE(State) ->
    case check_specs(Specs, State#state.auto_shutdown) of
        {ok, {[_], _} = Children} -> {ok, State#state{children = Children}};
        Error -> {error, Error}
    end;
update_specs(Specs, State) ->
    case check_specs(Specs, State#state.auto_shutdown) of
        {ok, {NewIds, NewDb}} ->
            {OldIds, OldDb} = State#state.children,
            %% a spec that is still there takes over the old child's pid;
            %% the old children without a new spec stay as they are
            {Db, Kept} = lists:foldl(
                           fun(Id, {Db0, Kept0}) ->
                                   case NewDb of
                                       #{Id := New} ->
                                           Old = maps:get(Id, OldDb),
                                           {Db0#{Id := New#child{pid = Old#child.pid}}, Kept0};
                                       _ ->
                                           {Db0, [Id | Kept0]}
                                   end
                           end, {NewDb, []}, OldIds),
            Children = {lists:reverse(NewIds ++ Kept), maps:merge(maps:with(Kept, OldDb), Db)},
            {ok, State#state{children = Children}};
        Error ->
            {error, Error}
    end.

%% sys:get_status shows the state and the callback module; a terminating
%% supervisor's report shows the state as it is.
format_status(terminate, [_PDict, State]) ->
    State;
format_status(_, [_PDict, State]) ->
    [{data, [{"State", State}]}, {supervisor, [{"Callback", State#state.module}]}].

%% ---------------------------------------------------------------------
%% Starting children

%% Mod:F(Args) run by the supervisor: {ok, Pid}, {ok, Pid, Info},
%% {ok, undefined} for ignore, or {error, What} (a crash is caught as
%% {'EXIT', Reason}, any other value is the error itself).
start_mfa(M, F, A) ->
    case catch apply(M, F, A) of
        {ok, Pid} when is_pid(Pid) -> {ok, Pid};
        {ok, Pid, Info} when is_pid(Pid) -> {ok, Pid, Info};
        ignore -> {ok, undefined};
        {error, Error} -> {error, Error};
        What -> {error, What}
    end.

%% A child that starts gets a progress report, at info level (below the
%% default level).
start_child_proc(#child{mfargs = {M, F, A}} = Child, SupName) ->
    case start_mfa(M, F, A) of
        {ok, Pid} = Ok when is_pid(Pid) ->
            report_progress(Child#child{pid = Pid}, SupName),
            Ok;
        {ok, Pid, _} = Ok when is_pid(Pid) ->
            report_progress(Child#child{pid = Pid}, SupName),
            Ok;
        Other ->
            Other
    end.

%% start_child/2 with a spec, not simple_one_for_one.
add_child(#child{id = Id, restart_type = Restart} = Child, State) ->
    case find_child(Id, State) of
        error ->
            case start_child_proc(Child, State#state.name) of
                {ok, undefined} when Restart =:= temporary ->
                    {{ok, undefined}, State};
                {ok, Pid} ->
                    {{ok, Pid}, save_child(Child#child{pid = Pid}, State)};
                {ok, Pid, Info} ->
                    {{ok, Pid, Info}, save_child(Child#child{pid = Pid}, State)};
                {error, What} ->
                    {{error, {What, Child}}, State}
            end;
        {ok, #child{pid = Pid}} when is_pid(Pid) ->
            {{error, {already_started, Pid}}, State};
        {ok, _} ->
            {{error, already_present}, State}
    end.

%% A temporary child is never restarted: its arguments are not kept.
save_child(#child{id = Id, restart_type = Restart, mfargs = {M, F, _}} = Child0, State) ->
    Child = case Restart of
                temporary -> Child0#child{mfargs = {M, F, undefined}};
                _ -> Child0
            end,
    {Ids, Db} = State#state.children,
    State#state{children = {[Id | Ids], Db#{Id => Child}}}.

%% Starts the children {Ids, Db} (Ids in start order): {ok, Children}
%% with Ids newest first, or, at the first failure, {error, Children,
%% {failed_to_start_child, Id, Reason}} where Children holds the ones not
%% tried (not running), the failed one, then the started ones, in the
%% order to stop them.  A temporary child that answers ignore is dropped.
start_children({Ids, Db}, SupName) ->
    start_children(Ids, Db, [], SupName).

start_children([Id | Rest], Db, Started, SupName) ->
    Child = maps:get(Id, Db),
    case start_child_proc(Child, SupName) of
        {ok, undefined} when Child#child.restart_type =:= temporary ->
            start_children(Rest, maps:remove(Id, Db), Started, SupName);
        {ok, Pid} ->
            start_children(Rest, Db#{Id := Child#child{pid = Pid}}, [Id | Started], SupName);
        {ok, Pid, _Info} ->
            start_children(Rest, Db#{Id := Child#child{pid = Pid}}, [Id | Started], SupName);
        {error, Reason} ->
            report(start_error, Reason, Child, SupName),
            {error, {lists:reverse(Rest) ++ [Id | Started], Db},
             {failed_to_start_child, Id, Reason}}
    end;
start_children([], Db, Started, _) ->
    {ok, {Started, Db}}.

%% ---------------------------------------------------------------------
%% A child ended: {ok, State} or {shutdown, State} (the supervisor ends)

child_exited(Reason, #child{restart_type = permanent} = Child, State) ->
    report(child_terminated, Reason, Child, State#state.name),
    restart(Child, State);
child_exited(Reason, Child, State)
  when Reason =:= normal; Reason =:= shutdown; tuple_size(Reason) =:= 2,
                                                element(1, Reason) =:= shutdown ->
    auto_shutdown(Child, forget_child(Child, State));
child_exited(Reason, #child{restart_type = transient} = Child, State) ->
    report(child_terminated, Reason, Child, State#state.name),
    restart(Child, State);
child_exited(Reason, #child{restart_type = temporary} = Child, State) ->
    report(child_terminated, Reason, Child, State#state.name),
    auto_shutdown(Child, forget_child(Child, State)).

%% A significant child that ended for good may end the supervisor.
auto_shutdown(_, #state{auto_shutdown = never} = State) ->
    {ok, State};
auto_shutdown(#child{significant = Significant}, State) when Significant =/= true ->
    {ok, State};
auto_shutdown(_, #state{auto_shutdown = any_significant} = State) ->
    {shutdown, State};
auto_shutdown(_, State) when ?SIMPLE(State) ->
    case dyn_size(State) of
        0 -> {shutdown, State};
        _ -> {ok, State}
    end;
auto_shutdown(_, State) ->
    {_, Db} = State#state.children,
    Left = [C || C <- maps:values(Db), C#child.pid =/= undefined, C#child.significant =:= true],
    case Left of
        [] -> {shutdown, State};
        _ -> {ok, State}
    end.

%% One more restart, unless it is one too many in the period: then the
%% supervisor ends with reason shutdown.
restart(Child, State) ->
    case add_restart(State) of
        {ok, State1} ->
            case restart(State1#state.strategy, Child, State1) of
                {{try_again, IdOrPid}, State2} ->
                    gen_server:cast(self(), {try_again_restart, IdOrPid}),
                    {ok, State2};
                {ok, State2} ->
                    {ok, State2}
            end;
        {terminate, State1} ->
            report(shutdown, reached_max_restart_intensity, Child, State#state.name),
            {shutdown, forget_child(Child, State1)}
    end.

%% {ok, State} or {{try_again, IdOrPid}, State} when a start failed.
restart(simple_one_for_one, #child{pid = OldPid, mfargs = {M, F, A}} = Child, State0) ->
    State1 = case OldPid of
                 {restarting, _} ->
                     State0#state{dynamic_restarts = State0#state.dynamic_restarts - 1};
                 _ ->
                     State0
             end,
    State2 = dyn_erase(OldPid, State1),
    case start_mfa(M, F, A) of
        {ok, Pid} ->
            {ok, dyn_store(Pid, A, State2)};
        {ok, Pid, _Info} ->
            {ok, dyn_store(Pid, A, State2)};
        {error, Error} ->
            Waiting = restarting(OldPid),
            State3 = State2#state{dynamic_restarts = State2#state.dynamic_restarts + 1},
            report(start_error, Error, Child, State3#state.name),
            {{try_again, Waiting}, dyn_store(Waiting, A, State3)}
    end;
restart(one_for_one, #child{id = Id, pid = OldPid} = Child, State) ->
    case start_child_proc(Child, State#state.name) of
        {ok, Pid} ->
            {ok, set_pid(Pid, Id, State)};
        {ok, Pid, _Info} ->
            {ok, set_pid(Pid, Id, State)};
        {error, Reason} ->
            report(start_error, Reason, Child, State#state.name),
            {{try_again, Id}, set_pid(restarting(OldPid), Id, State)}
    end;
restart(rest_for_one, #child{id = Id} = Child, State) ->
    %% the child and those started after it; the others stay
    {Ids, Db} = State#state.children,
    {After, Before} = split_ids(Id, Ids, []),
    AfterDb = maps:with(After, Db),
    Own = maps:get(Id, AfterDb),
    Group = {After, AfterDb#{Id := Own#child{pid = undefined}}},
    {Result, {Ids2, Db2}} = restart_group(Child, Group, State#state.name),
    {Result, State#state{children = {Ids2 ++ Before, maps:merge(Db2, maps:with(Before, Db))}}};
restart(one_for_all, #child{id = Id} = Child, State) ->
    Children = forget_id(Id, State#state.children),
    {Result, Children2} = restart_group(Child, Children, State#state.name),
    {Result, State#state{children = Children2}}.

%% Ids is newest first: {the ids from the newest down to Id, the older ones}.
split_ids(Id, [Id | Older], Newer) -> {lists:reverse([Id | Newer]), Older};
split_ids(Id, [Other | Rest], Newer) -> split_ids(Id, Rest, [Other | Newer]).

%% Stops all of Children, then starts them again in their start order.
restart_group(Child, Children, SupName) ->
    case start_children(stop_children(Children, SupName), SupName) of
        {ok, Started} ->
            {ok, Started};
        {error, Partly, {failed_to_start_child, Failed, _}} ->
            Mark = case Failed =:= Child#child.id of
                       true -> restarting(Child#child.pid);
                       false -> {restarting, undefined}
                   end,
            {{try_again, Failed}, set_pid(Mark, Failed, Partly)}
    end.

restarting(Pid) when is_pid(Pid) -> {restarting, Pid};
restarting(Other) -> Other.

%% Intensity: at most `intensity` restarts within `period` seconds.
add_restart(#state{intensity = Max, period = Period, restarts = Times} = State) ->
    Now = erlang:monotonic_time(second),
    Recent = [Now | lists:takewhile(fun(T) -> T >= Now - Period end, Times)],
    NState = State#state{restarts = Recent},
    case length(Recent) =< Max of
        true -> {ok, NState};
        false -> {terminate, NState}
    end.

%% ---------------------------------------------------------------------
%% Stopping children

%% Stops the children {Ids, Db} in the order of Ids; returns them with Ids
%% reversed and no pids, the temporary ones removed.
stop_children({Ids, Db}, SupName) ->
    lists:foldl(fun(Id, {Kept, Db0}) ->
                        Child = maps:get(Id, Db0),
                        stop_child(Child, SupName),
                        case Child#child.restart_type of
                            temporary -> {Kept, maps:remove(Id, Db0)};
                            _ -> {[Id | Kept], Db0#{Id := Child#child{pid = undefined}}}
                        end
                end, {[], Db}, Ids).

stop_child(#child{pid = Pid} = Child, SupName) when is_pid(Pid) ->
    case shutdown(Child) of
        ok -> ok;
        {error, Reason} -> report(shutdown_error, Reason, Child, SupName)
    end;
stop_child(_, _) ->
    ok.

%% The shutdown protocol.  A monitor, not the link, tells when the child
%% is gone (a child that unlinked itself cannot hang the supervisor); the
%% link is then removed and the child's 'EXIT' taken from the mailbox, its
%% reason being the one that counts.  brutal_kill kills at once; a time
%% sends exit(shutdown) and kills when it has passed; infinity waits.
shutdown(#child{pid = Pid, shutdown = brutal_kill} = Child) ->
    Mon = erlang:monitor(process, Pid),
    exit(Pid, kill),
    receive
        {'DOWN', Mon, process, Pid, Reason} ->
            shutdown_result(killed, unlink_flush(Pid, Reason), Child)
    end;
shutdown(#child{pid = Pid, shutdown = Time} = Child) ->
    Mon = erlang:monitor(process, Pid),
    exit(Pid, shutdown),
    receive
        {'DOWN', Mon, process, Pid, Reason} ->
            shutdown_result(shutdown, unlink_flush(Pid, Reason), Child)
    after Time ->
            exit(Pid, kill),
            receive
                {'DOWN', Mon, process, Pid, Reason} ->
                    shutdown_result(shutdown, unlink_flush(Pid, Reason), Child)
            end
    end.

%% ok when the child ended as asked, or (unless it is permanent) normally.
shutdown_result(Expected, Reason, #child{restart_type = Restart}) ->
    case ended_as_asked(Expected, Reason, Restart) of
        true -> ok;
        false -> {error, Reason}
    end.

ended_as_asked(Reason, Reason, _) -> true;
ended_as_asked(_, _, permanent) -> false;
ended_as_asked(_, shutdown, _) -> true;
ended_as_asked(_, {shutdown, _}, _) -> true;
ended_as_asked(_, normal, _) -> true;
ended_as_asked(_, _, _) -> false.

%% After unlink/1 the child's 'EXIT', if it sent one, is in the mailbox.
unlink_flush(Pid, Default) ->
    unlink(Pid),
    receive
        {'EXIT', Pid, Reason} -> Reason
    after 0 ->
            Default
    end.

%% All dynamic children at once: the signal to each, one timer for all,
%% then the 'DOWN's; one report per distinct bad exit reason.
stop_dynamic_children(State) ->
    #child{shutdown = How} = Template = template(State),
    Signal = case How of
                 brutal_kill -> kill;
                 _ -> shutdown
             end,
    Expected = case How of
                   brutal_kill -> killed;
                   _ -> shutdown
               end,
    {_, Dyn} = State#state.dynamics,
    Waiting = maps:fold(fun(Pid, _, Acc) when is_pid(Pid) ->
                                Mon = erlang:monitor(process, Pid),
                                exit(Pid, Signal),
                                Acc#{Mon => Pid};
                           (_, _, Acc) ->
                                Acc
                        end, #{}, Dyn),
    Timer = case How of
                brutal_kill -> undefined;
                infinity -> undefined;
                Time -> erlang:start_timer(Time, self(), kill)
            end,
    Errors = wait_dynamic(Waiting, Timer, Expected, Template, #{}),
    maps:foreach(fun(Reason, Pids) ->
                         report(shutdown_error, Reason, Template#child{pid = Pids},
                                State#state.name)
                 end, Errors),
    ok.

%% Errors: #{Reason => [Pid]}.
wait_dynamic(Waiting, Timer, _, _, Errors) when map_size(Waiting) =:= 0 ->
    case Timer of
        undefined -> ok;
        _ ->
            _ = erlang:cancel_timer(Timer),
            receive {timeout, Timer, kill} -> ok after 0 -> ok end
    end,
    Errors;
wait_dynamic(Waiting, Timer, Expected, Template, Errors) ->
    receive
        {'DOWN', Mon, process, Pid, Reason0} when is_map_key(Mon, Waiting) ->
            Errors1 = case shutdown_result(Expected, unlink_flush(Pid, Reason0), Template) of
                          ok -> Errors;
                          {error, Reason} -> Errors#{Reason => [Pid | maps:get(Reason, Errors, [])]}
                      end,
            wait_dynamic(maps:remove(Mon, Waiting), Timer, Expected, Template, Errors1);
        {timeout, Timer, kill} when Timer =/= undefined ->
            maps:foreach(fun(_, Pid) -> exit(Pid, kill) end, Waiting),
            wait_dynamic(Waiting, undefined, Expected, Template, Errors)
    end.

%% ---------------------------------------------------------------------
%% The children: lookups and updates

%% By id; for simple_one_for_one by pid (the template with that pid).
%% A dead pid a simple_one_for_one supervisor does not know is taken for
%% one of its children that is already gone.
find_child(Pid, State) when is_pid(Pid), ?SIMPLE(State) ->
    case dyn_child(Pid, State) of
        {ok, _} = Found -> Found;
        error ->
            case dyn_child({restarting, Pid}, State) of
                {ok, _} = Found -> Found;
                error ->
                    case is_process_alive(Pid) of
                        true -> error;
                        false -> {ok, template(State)}
                    end
            end
    end;
find_child(Id, State) ->
    {_, Db} = State#state.children,
    maps:find(Id, Db).

%% As find_child/2, by pid for every strategy, with a dynamic child's own
%% start arguments (undefined for a temporary one).
find_child_with_args(Key, State) when ?SIMPLE(State) ->
    case dyn_child(Key, State) of
        {ok, #child{mfargs = {M, F, _}} = Child} ->
            {ok, Child#child{mfargs = {M, F, dyn_args(Key, State)}}};
        error ->
            error
    end;
find_child_with_args(Pid, State) when is_pid(Pid) ->
    {Ids, Db} = State#state.children,
    case [C || Id <- Ids, #child{pid = P} = C <- [maps:get(Id, Db)], P =:= Pid] of
        [Child | _] -> {ok, Child};
        [] -> error
    end;
find_child_with_args(Id, State) ->
    find_child(Id, State).

set_pid(Pid, Id, #state{children = Children} = State) ->
    State#state{children = set_pid(Pid, Id, Children)};
set_pid(Pid, Id, {Ids, Db}) ->
    Child = maps:get(Id, Db),
    {Ids, Db#{Id := Child#child{pid = Pid}}}.

%% A child that is not running any more: a temporary one is forgotten, the
%% others keep their spec without a pid.
forget_child(#child{pid = Pid}, State) when ?SIMPLE(State) ->
    dyn_erase(Pid, State);
forget_child(#child{id = Id}, State) ->
    State#state{children = forget_id(Id, State#state.children)}.

forget_id(Id, {Ids, Db}) ->
    case maps:get(Id, Db) of
        #child{restart_type = temporary} -> {lists:delete(Id, Ids), maps:remove(Id, Db)};
        Child -> {Ids, Db#{Id := Child#child{pid = undefined}}}
    end.

child_spec(#child{id = Id, mfargs = Start, restart_type = Restart, significant = Significant,
                  shutdown = Shutdown, child_type = Type, modules = Mods}) ->
    #{id => Id, start => Start, restart => Restart, significant => Significant,
      shutdown => Shutdown, type => Type, modules => Mods}.

%% ---------------------------------------------------------------------
%% simple_one_for_one: the template and the running children

template(#state{children = {[Id], Db}}) ->
    maps:get(Id, Db).

dyn_init(State) ->
    case template(State) of
        #child{restart_type = temporary} -> State#state{dynamics = {mapsets, #{}}};
        _ -> State#state{dynamics = {maps, #{}}}
    end.

dyn_size(#state{dynamics = {_, Db}}) -> map_size(Db).

%% Arguments are kept only for children that may be restarted.
dyn_store(Key, Args, #state{dynamics = {maps, Db}} = State) ->
    State#state{dynamics = {maps, Db#{Key => Args}}};
dyn_store(Key, _, #state{dynamics = {mapsets, Db}} = State) ->
    State#state{dynamics = {mapsets, Db#{Key => []}}}.

dyn_erase(Key, #state{dynamics = {Kind, Db}} = State) ->
    State#state{dynamics = {Kind, maps:remove(Key, Db)}}.

dyn_child(Key, #state{dynamics = {_, Db}} = State) ->
    case is_map_key(Key, Db) of
        true -> {ok, (template(State))#child{pid = Key}};
        false -> error
    end.

dyn_args(_, #state{dynamics = {mapsets, _}}) -> undefined;
dyn_args(Key, #state{dynamics = {maps, Db}}) -> maps:get(Key, Db).

%% ---------------------------------------------------------------------
%% Reports: OTP's logger events (label {supervisor, Context} or {supervisor,
%% progress}, the report a property list, domain [otp, sasl], report_cb
%% format_log/2, the formatter's title), printed by the default handler
%% as erl prints them.

report(Context, Reason, Child, SupName) ->
    log_report(error, #{label => {supervisor, Context},
                        report => [{supervisor, SupName}, {errorContext, Context},
                                   {reason, Reason}, {offender, offender(Child)}]},
               "SUPERVISOR REPORT", error_report, supervisor_report).

report_progress(Child, SupName) ->
    log_report(info, #{label => {supervisor, progress},
                       report => [{supervisor, SupName}, {started, offender(Child)}]},
               "PROGRESS REPORT", info_report, progress).

log_report(Level, Report, Title, Tag, Type) ->
    dbgsh_report:supervisor_log(?MODULE, #{mfa => {?MODULE, log_report, 5}, line => ?LINE,
                                          file => ?FILE}, Level, Report, Title, Tag, Type).

%% The report callbacks: error_logger's (its format depth, several lines)
%% and every other handler's.
format_log(#{label := {supervisor, _}} = Report) ->
    dbgsh_report:format_log(Report, fun dbgsh_report:limit_fields/2,
                            fun dbgsh_report:supervisor_multi/2).

format_log(Report, Options) ->
    dbgsh_report:format_log(Report, Options, fun format_single/2,
                            fun dbgsh_report:supervisor_multi/2).

%% One line: the supervisor, context and reason, then the child by id and
%% pid (or its number of children).
format_single(#{label := {supervisor, progress},
                report := [{supervisor, SupName}, {started, Child}]}, Opts) ->
    {ChildFormat, ChildArgs} = child_single(Child, "Started:"),
    {"Supervisor: " ++ dbgsh_report:directive(Opts) ++ "." ++ ChildFormat,
     dbgsh_report:with_depth([SupName], Opts) ++ ChildArgs};
format_single(#{label := {supervisor, _},
                report := [{supervisor, SupName}, {errorContext, Context}, {reason, Reason},
                           {offender, Child}]}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {ChildFormat, ChildArgs} = child_single(Child, "Offender:"),
    {"Supervisor: " ++ P ++ ". Context: " ++ P ++ ". Reason: " ++ P ++ "." ++ ChildFormat,
     dbgsh_report:with_depth([SupName, Context, Reason], Opts) ++ ChildArgs};
format_single(Report, Opts) ->
    dbgsh_report:supervisor_multi(Report, Opts).

child_single(Child, Tag) ->
    {id, Id} = lists:keyfind(id, 1, Child),
    case lists:keyfind(pid, 1, Child) of
        {pid, Pid} ->
            {" ~s id=~w,pid=~w.", [Tag, Id, Pid]};
        false ->
            {nb_children, N} = lists:keyfind(nb_children, 1, Child),
            {" ~s id=~w,nb_children=~w.", [Tag, Id, N]}
    end.

offender(#child{pid = Pid} = C) ->
    First = case Pid of
                Pids when is_list(Pids) -> {nb_children, length(Pids)};
                _ -> {pid, Pid}
            end,
    [First, {id, C#child.id}, {mfargs, C#child.mfargs}, {restart_type, C#child.restart_type},
     {significant, C#child.significant}, {shutdown, C#child.shutdown},
     {child_type, C#child.child_type}].
