%% supervisor_bridge: OTP 25's bridge between a supervisor and a process
%% that is not an OTP behaviour. The bridge is a gen_server that traps
%% exits, starts the process through Module:init(Args) and links to it; it
%% ends with the process's exit reason when the process ends (a supervisor
%% report first, unless the reason is normal, shutdown or {shutdown, _}),
%% and calls Module:terminate(Reason, State) when it is stopped while the
%% process lives. Its reports are OTP's logger events, {supervisor,
%% progress} at info and {supervisor, error} at error.
-module(supervisor_bridge).
-behaviour(gen_server).

-export([start_link/2, start_link/3]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2, code_change/3]).
-export([format_log/1, format_log/2]).

-callback init(Args :: term()) ->
    {ok, Pid :: pid(), State :: term()} | ignore | {error, Error :: term()}.
-callback terminate(Reason :: (shutdown | term()), State :: term()) -> Ignored :: term().

%% OTP's layout (sys:get_state shows it).
-record(state, {mod, pid, child_state, name}).

start_link(Mod, Args) ->
    gen_server:start_link(supervisor_bridge, [Mod, Args, self], []).

start_link(Name, Mod, Args) ->
    gen_server:start_link(Name, supervisor_bridge, [Mod, Args, Name], []).

%% ---- the gen_server --------------------------------------------------------

init([Mod, Args, Name0]) ->
    process_flag(trap_exit, true),
    Name = case Name0 of
               self -> {self(), Mod};
               _ -> Name0
           end,
    case apply(Mod, init, [Args]) of
        {ok, Pid, ChildState} when is_pid(Pid) ->
            link(Pid),
            report_progress(Pid, Mod, Args, Name),
            {ok, #state{mod = Mod, pid = Pid, child_state = ChildState, name = Name}};
        ignore ->
            ignore;
        {error, Reason} ->
            {stop, Reason}
    end.

%% A bridge has no children a supervisor could manage.
handle_call(which_children, _From, State) ->
    {reply, [], State};
handle_call(_Request, _From, State) ->
    {reply, {error, badcall}, State}.

handle_cast(_Request, State) ->
    {noreply, State}.

handle_info({'EXIT', Pid, Reason}, #state{pid = Pid} = State) ->
    case Reason of
        normal -> ok;
        shutdown -> ok;
        {shutdown, _} -> ok;
        _ -> report_error(child_terminated, Reason, State)
    end,
    {stop, Reason, State#state{pid = undefined}};
handle_info(_Info, State) ->
    {noreply, State}.

%% The process has ended already, or Module:terminate/2 ends it.
terminate(_Reason, #state{pid = undefined}) ->
    ok;
terminate(Reason, #state{mod = Mod, child_state = ChildState}) ->
    apply(Mod, terminate, [Reason, ChildState]).

code_change(_OldVsn, State, _Extra) ->
    {ok, State}.

%% ---- reports ---------------------------------------------------------------

report_progress(Pid, Mod, Args, Name) ->
    log_report(info, #{label => {supervisor, progress},
                       report => [{supervisor, Name},
                                  {started, [{pid, Pid}, {mfa, {Mod, init, [Args]}}]}]},
               "PROGRESS REPORT", info_report, progress).

report_error(Context, Reason, #state{name = Name, pid = Pid, mod = Mod}) ->
    log_report(error, #{label => {supervisor, error},
                        report => [{supervisor, Name}, {errorContext, Context}, {reason, Reason},
                                   {offender, [{pid, Pid}, {mod, Mod}]}]},
               "SUPERVISOR REPORT", error_report, supervisor_report).

log_report(Level, Report, Title, Tag, Type) ->
    dbgsh_report:supervisor_log(?MODULE, #{mfa => {?MODULE, log_report, 5}, line => ?LINE,
                                          file => ?FILE}, Level, Report, Title, Tag, Type).

%% The report callbacks: error_logger's (its format depth, several lines)
%% and every other handler's.
format_log(Report) ->
    dbgsh_report:format_log(Report, fun limit/2, fun dbgsh_report:supervisor_multi/2).

format_log(Report, Options) ->
    dbgsh_report:format_log(Report, Options, fun format_single/2,
                            fun dbgsh_report:supervisor_multi/2).

%% At a depth, a progress report cuts the process's start argument, an
%% error report each field after the bridge's name.
limit(#{label := {supervisor, progress},
        report := [Bridge, {started, Child}]} = Report, Depth) ->
    {mfa, {M, F, [Args]}} = lists:keyfind(mfa, 1, Child),
    Cut = {mfa, {M, F, [io_lib:limit_term(Args, Depth)]}},
    Report#{report := [Bridge, {started, lists:keyreplace(mfa, 1, Child, Cut)}]};
limit(Report, Depth) ->
    dbgsh_report:limit_fields(Report, Depth).

format_single(#{label := {supervisor, progress},
                report := [{supervisor, Name}, {started, Child}]}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {pid, Pid} = lists:keyfind(pid, 1, Child),
    {mfa, MFA} = lists:keyfind(mfa, 1, Child),
    {"Supervisor: " ++ P ++ ". ~s pid=~w,mfa=" ++ P ++ ".",
     dbgsh_report:with_depth([Name], Opts) ++ ["Started:", Pid]
         ++ dbgsh_report:with_depth([MFA], Opts)};
format_single(#{label := {supervisor, _},
                report := [{supervisor, Name}, {errorContext, Context}, {reason, Reason},
                           {offender, Child}]}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {pid, Pid} = lists:keyfind(pid, 1, Child),
    {mod, Mod} = lists:keyfind(mod, 1, Child),
    {"Supervisor: " ++ P ++ ". Context: " ++ P ++ ". Reason: " ++ P ++ ". ~s pid=~w,mod=~w.",
     dbgsh_report:with_depth([Name, Context, Reason], Opts) ++ ["Offender:", Pid, Mod]};
format_single(Report, Opts) ->
    dbgsh_report:supervisor_multi(Report, Opts).
