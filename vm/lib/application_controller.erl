%% application_controller: OTP 25's application controller for the dbgsh VM:
%% the registered process that loads, starts and stops applications, keeps
%% their environment, and ends the node when a permanent one ends. Started
%% on first use (erl starts it at boot), with kernel and stdlib loaded and
%% running; application specs come from App.app or App.app.src on the code
%% path (find_app_file/1), the environment from -config files.
-module(application_controller).

-export([load_application/1, unload_application/1, start_application/2,
         start_boot_application/2, stop_application/1, is_running/1,
         which_applications/0, which_applications/1, loaded_applications/0, info/0,
         set_env/2, set_env/3, set_env/4, unset_env/2, unset_env/3,
         get_pid_env/2, get_env/2, get_pid_all_env/1, get_all_env/1,
         get_pid_key/2, get_key/2, get_pid_all_key/1, get_all_key/1,
         get_master/1, get_application/1, get_application_module/1,
         start_type/1, permit_application/2]).
-export([start/0, init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2,
         code_change/3, init_starter/4, get_loaded/1]).
-export([format_log/1, format_log/2]).

-define(AC, application_controller).
-define(TAB, ac_tab).

%% OTP's records (the #appl{} in ac_tab is read by the client functions;
%% #appl_data{} is application_master's, defined the same there).
-record(appl_data, {name, regs = [], phases, mod, mods = [], maxP = infinity,
                    maxT = infinity}).
-record(appl, {name, appl_data, descr, id, vsn, restart_type, inc_apps, opt_apps, apps}).

%% loading and control: distributed applications, always [] here; the rest
%% as OTP's: starting [{App, RestartType, StartType, From}], running [{App,
%% MasterPid | undefined}], started [{App, RestartType}], start_req [{App,
%% From}], start_p_false (starts waiting for permit/2), conf_data (the
%% -config environment, [{App, [{Key, Value}]}]).
-record(state, {loading = [], starting = [], start_p_false = [], running = [],
                control = [], started = [], start_req = [], conf_data = []}).

-define(LOCATION, #{mfa => {?MODULE, ?FUNCTION_NAME, ?FUNCTION_ARITY}, line => ?LINE,
                    file => ?FILE}).

%% ---------------------------------------------------------------------
%% Start on first use

%% Starts the controller if it is not running: the client functions call
%% it before they call the process or read its table.
start() ->
    case ets:info(?TAB, owner) of
        undefined -> start_server();
        _ -> ok
    end.

start_server() ->
    case gen_server:start({local, ?AC}, ?MODULE, [], []) of
        {ok, _} ->
            ok;
        {error, {already_started, _}} ->
            %% another process is starting it: its init ends before this
            %% call is answered
            _ = gen_server:call(?AC, is_ready, infinity),
            ok;
        {error, Reason} ->
            exit(Reason)
    end.

call(Request) ->
    ok = start(),
    gen_server:call(?AC, Request, infinity).

call(Request, Timeout) ->
    ok = start(),
    gen_server:call(?AC, Request, Timeout).

%% ---------------------------------------------------------------------
%% Client functions

load_application(Application) ->
    call({load_application, Application}).

unload_application(AppName) ->
    call({unload_application, AppName}).

start_application(AppName, RestartType) ->
    call({start_application, AppName, RestartType}).

is_running(AppName) when is_atom(AppName) ->
    call({is_running, AppName}).

start_boot_application(Application, RestartType) ->
    case {application:load(Application), RestartType} of
        {ok, _} ->
            start_application(appl_name_of(Application), RestartType);
        {{error, {already_loaded, AppName}}, _} ->
            start_application(AppName, RestartType);
        {{error, {bad_environment_value, Env}}, permanent} ->
            Txt = io_lib:format("Bad environment variable: ~tp  Application: ~p",
                                [Env, Application]),
            exit({error, list_to_atom(lists:flatten(Txt))});
        {Error, _} ->
            Error
    end.

appl_name_of({application, Name, _}) -> Name;
appl_name_of(Name) -> Name.

stop_application(AppName) ->
    call({stop_application, AppName}).

which_applications() ->
    ok = start(),
    gen_server:call(?AC, which_applications).

which_applications(Timeout) ->
    call(which_applications, Timeout).

loaded_applications() ->
    ok = start(),
    ets:select(?TAB, [{{{loaded, '$1'}, #appl{descr = '$2', vsn = '$3', _ = '_'}}, [],
                       [{{'$1', '$2', '$3'}}]}]).

info() ->
    ok = start(),
    gen_server:call(?AC, info).

permit_application(AppName, Flag) ->
    call({permit_application, AppName, Flag}).

set_env(Config, Opts) ->
    case check_conf_data(Config) of
        ok -> call({set_env, Config, Opts}, proplists:get_value(timeout, Opts, 5000));
        {error, _} = Error -> Error
    end.

set_env(AppName, Key, Val) ->
    ok = start(),
    gen_server:call(?AC, {set_env, AppName, Key, Val, []}).

set_env(AppName, Key, Val, Opts) ->
    call({set_env, AppName, Key, Val, Opts}, proplists:get_value(timeout, Opts, 5000)).

unset_env(AppName, Key) ->
    ok = start(),
    gen_server:call(?AC, {unset_env, AppName, Key, []}).

unset_env(AppName, Key, Opts) ->
    call({unset_env, AppName, Key, Opts}, proplists:get_value(timeout, Opts, 5000)).

%% The application whose master is Master (a group leader), or undefined.
app_of_master(Master) ->
    ok = start(),
    case ets:match(?TAB, {{application_master, '$1'}, Master}) of
        [[AppName]] -> {ok, AppName};
        _ -> undefined
    end.

get_pid_env(Master, Key) ->
    case app_of_master(Master) of
        {ok, AppName} -> get_env(AppName, Key);
        undefined -> undefined
    end.

get_env(AppName, Key) ->
    ok = start(),
    case ets:lookup(?TAB, {env, AppName, Key}) of
        [{_, Val}] -> {ok, Val};
        _ -> undefined
    end.

get_pid_all_env(Master) ->
    case app_of_master(Master) of
        {ok, AppName} -> get_all_env(AppName);
        undefined -> []
    end.

get_all_env(AppName) ->
    ok = start(),
    [{Key, Val} || [Key, Val] <- ets:match(?TAB, {{env, AppName, '$1'}, '$2'})].

get_pid_key(Master, Key) ->
    case app_of_master(Master) of
        {ok, AppName} -> get_key(AppName, Key);
        undefined -> undefined
    end.

get_key(AppName, Key) ->
    case get_all_key(AppName) of
        {ok, Keys} ->
            case lists:keyfind(Key, 1, Keys) of
                {Key, Value} -> {ok, Value};
                false -> undefined
            end;
        undefined ->
            undefined
    end.

get_pid_all_key(Master) ->
    case app_of_master(Master) of
        {ok, AppName} -> get_all_key(AppName);
        undefined -> []
    end.

get_all_key(AppName) ->
    ok = start(),
    case ets:lookup(?TAB, {loaded, AppName}) of
        [{_, Appl}] ->
            Data = Appl#appl.appl_data,
            {ok, [{description, Appl#appl.descr},
                  {id, Appl#appl.id},
                  {vsn, Appl#appl.vsn},
                  {modules, Data#appl_data.mods},
                  {maxP, Data#appl_data.maxP},
                  {maxT, Data#appl_data.maxT},
                  {registered, Data#appl_data.regs},
                  {included_applications, Appl#appl.inc_apps},
                  {optional_applications, Appl#appl.opt_apps},
                  {applications, Appl#appl.apps},
                  {env, get_all_env(AppName)},
                  {mod, Data#appl_data.mod},
                  {start_phases, Data#appl_data.phases}]};
        _ ->
            undefined
    end.

start_type(Master) ->
    case app_of_master(Master) of
        {ok, AppName} -> gen_server:call(?AC, {start_type, AppName}, infinity);
        undefined -> undefined
    end.

get_master(AppName) ->
    ok = start(),
    case ets:lookup(?TAB, {application_master, AppName}) of
        [{_, Pid}] -> Pid;
        _ -> undefined
    end.

get_application(Master) ->
    app_of_master(Master).

%% The first loaded application that lists Module in its modules.
get_application_module(Module) ->
    ok = start(),
    Loaded = ets:match(?TAB, {{loaded, '$1'},
                              #appl{appl_data = #appl_data{mods = '$2', _ = '_'}, _ = '_'}}),
    case [AppName || [AppName, Modules] <- Loaded, lists:member(Module, Modules)] of
        [AppName | _] -> {ok, AppName};
        [] -> undefined
    end.

%% ---------------------------------------------------------------------
%% The server

init([]) ->
    process_flag(trap_exit, true),
    %% io goes to the user io server (erl's controller is a child of init)
    group_leader(user_pid(), self()),
    case catch read_config() of
        {ok, ConfData} ->
            case check_conf_data(ConfData) of
                ok ->
                    _ = ets:new(?TAB, [set, public, named_table, {read_concurrency, true}]),
                    S0 = #state{conf_data = ConfData},
                    {ok, S1} = load(S0, make_appl_i(kernel_spec())),
                    ok = complete_logger_env(),
                    {ok, S2} = load(S1, make_appl_i(stdlib_spec())),
                    {ok, S2#state{running = [{stdlib, undefined}, {kernel, undefined}],
                                  started = [{stdlib, permanent}, {kernel, permanent}]}};
                {error, Str} ->
                    boot_failure(lists:flatten(io_lib:format("invalid config data: ~ts", [Str])))
            end;
        {error, {File, Line, Str}} ->
            boot_failure(lists:flatten(io_lib:format("error in config file ~tp (~w): ~ts",
                                                     [File, Line, Str])))
    end.

%% The VM's user io server: pid <0.0.0>, which is no process (vm/proc.c).
user_pid() ->
    list_to_pid("<0.0.0>").

%% A controller that cannot start ends the node as erl's boot does.
boot_failure(Reason) ->
    halt_node("could not start kernel pid", Reason).

%% The first line is erl's erlang:display/1 of the tuple, on standard
%% output.
halt_node(What, Reason) ->
    erlang:display({What, ?AC, Reason}),
    io:put_chars(standard_error, [What, " (application_controller) (", Reason, ")\n"]),
    erlang:halt(1).

handle_call(is_ready, _From, S) ->
    {reply, ok, S};

handle_call({load_application, Application}, _From, S) ->
    case catch maybe_load_application(Application, S) of
        {ok, NewS} -> {reply, ok, NewS};
        {error, _} = Error -> {reply, Error, S};
        {'EXIT', R} -> {reply, {error, R}, S}
    end;

handle_call({unload_application, AppName}, _From, S) ->
    case lists:keymember(AppName, 1, S#state.running) of
        true ->
            {reply, {error, {running, AppName}}, S};
        false ->
            case get_loaded(AppName) of
                {true, _} -> {reply, ok, unload(AppName, S)};
                false -> {reply, {error, {not_loaded, AppName}}, S}
            end
    end;

handle_call({start_application, AppName, RestartType}, From, S) ->
    #state{running = Running, starting = Starting, start_p_false = SPF,
           started = Started, start_req = StartReq} = S,
    case lists:keyfind(AppName, 1, StartReq) of
        false ->
            case catch check_start_cond(AppName, RestartType, Started, Running) of
                {ok, Appl} ->
                    case permitted(AppName) of
                        true ->
                            spawn_starter(From, Appl, S, normal),
                            {noreply, S#state{starting = [{AppName, RestartType, normal, From}
                                                          | Starting],
                                              start_req = [{AppName, From} | StartReq]}};
                        false ->
                            {reply, ok, S#state{start_p_false = [{AppName, RestartType, normal, From} | SPF]}}
                    end;
                {error, _} = Error ->
                    {reply, Error, S}
            end;
        {AppName, _} ->
            %% already being started: answered with the first request
            {noreply, S#state{start_req = [{AppName, From} | StartReq]}}
    end;

handle_call({is_running, AppName}, _From, S) ->
    {reply, lists:keymember(AppName, 1, S#state.running), S};

handle_call({permit_application, AppName, Bool}, From, S) ->
    permit(AppName, Bool, From, S);

handle_call({stop_application, AppName}, _From, S) ->
    #state{running = Running, started = Started} = S,
    case lists:keyfind(AppName, 1, Running) of
        {_, Id} ->
            {_, Type} = lists:keyfind(AppName, 1, Started),
            stop_appl(AppName, Id, Type),
            {reply, ok, S#state{running = lists:keydelete(AppName, 1, Running),
                                started = lists:keydelete(AppName, 1, Started)}};
        false ->
            case lists:keymember(AppName, 1, Started) of
                true ->
                    {reply, ok, S#state{started = lists:keydelete(AppName, 1, Started)}};
                false ->
                    {reply, {error, {not_started, AppName}}, S}
            end
    end;

handle_call(which_applications, _From, S) ->
    Reply = [begin
                 {true, #appl{descr = Descr, vsn = Vsn}} = get_loaded(Name),
                 {Name, Descr, Vsn}
             end || {Name, _Id} <- S#state.running],
    {reply, Reply, S};

handle_call({set_env, Config, Opts}, _From, S) ->
    _ = [add_env(AppName, Env) || {AppName, Env} <- Config],
    case proplists:get_value(persistent, Opts, false) of
        true -> {reply, ok, S#state{conf_data = merge_env(S#state.conf_data, Config)}};
        false -> {reply, ok, S}
    end;

handle_call({set_env, AppName, Key, Val, Opts}, _From, S) ->
    ets:insert(?TAB, {{env, AppName, Key}, Val}),
    case proplists:get_value(persistent, Opts, false) of
        true ->
            Fun = fun(Env) -> lists:keystore(Key, 1, Env, {Key, Val}) end,
            {reply, ok, S#state{conf_data = change_app_env(S#state.conf_data, AppName, Fun)}};
        false ->
            {reply, ok, S}
    end;

handle_call({unset_env, AppName, Key, Opts}, _From, S) ->
    ets:delete(?TAB, {env, AppName, Key}),
    case proplists:get_value(persistent, Opts, false) of
        true ->
            Fun = fun(Env) -> lists:keydelete(Key, 1, Env) end,
            {reply, ok, S#state{conf_data = change_app_env(S#state.conf_data, AppName, Fun)}};
        false ->
            {reply, ok, S}
    end;

handle_call({start_type, AppName}, _From, S) ->
    StartType = case lists:keyfind(AppName, 1, S#state.starting) of
                    false -> local;
                    {_, _RestartType, Type, _Starter} -> Type
                end,
    {reply, StartType, S};

handle_call(info, _From, S) ->
    {reply, [{loaded, loaded_applications()},
             {loading, S#state.loading},
             {started, S#state.started},
             {start_p_false, S#state.start_p_false},
             {running, S#state.running},
             {starting, S#state.starting}], S}.

handle_cast({application_started, AppName, Res}, S) ->
    application_started(AppName, Res, S).

%% The result of a starter (init_starter/4): Res is {ok, MasterPid |
%% undefined}, {error, R} or {info, R} (a needed application not running).
application_started(AppName, Res, S) ->
    #state{starting = Starting, running = Running, started = Started,
           start_req = StartReq} = S,
    StartReq1 = reply_to_requester(AppName, StartReq, Res),
    {AppName, RestartType, _Type, _From} = lists:keyfind(AppName, 1, Starting),
    Done = S#state{starting = lists:keydelete(AppName, 1, Starting), start_req = StartReq1},
    case Res of
        {ok, Id} ->
            info_started(AppName),
            {noreply, Done#state{running = keyreplaceadd(AppName, Running, {AppName, Id}),
                                 started = keyreplaceadd(AppName, Started,
                                                         {AppName, RestartType})}};
        {error, R} when RestartType =:= temporary ->
            info_exited(AppName, R, RestartType),
            {noreply, Done};
        {info, _R} when RestartType =:= temporary ->
            {noreply, Done};
        {ErrInf, R} when RestartType =:= transient ->
            [info_exited(AppName, R, RestartType) || ErrInf =:= error],
            case R of
                {{'EXIT', normal}, _Call} -> {noreply, Done};
                _ -> {stop, to_string({application_start_failure, AppName, R}), Done}
            end;
        {error, R} ->
            info_exited(AppName, R, RestartType),
            {stop, to_string({application_start_failure, AppName, R}), Done};
        {info, R} ->
            {stop, to_string({application_start_failure, AppName, R}), Done}
    end.

%% A master ended: its restart type decides whether the node goes on.
handle_info({'EXIT', Pid, Reason}, S) ->
    ets:match_delete(?TAB, {{application_master, '_'}, Pid}),
    case lists:keyfind(Pid, 2, S#state.running) of
        {AppName, _} ->
            NewS = S#state{running = lists:keydelete(Pid, 2, S#state.running)},
            case lists:keyfind(AppName, 1, S#state.started) of
                {_, temporary} ->
                    info_exited(AppName, Reason, temporary),
                    {noreply, NewS};
                {_, transient} when Reason =:= normal ->
                    info_exited(AppName, Reason, transient),
                    {noreply, NewS};
                {_, Type} ->
                    info_exited(AppName, Reason, Type),
                    {stop, to_string({application_terminated, AppName, Reason}), NewS}
            end;
        false ->
            {noreply, S}
    end;

handle_info(_, S) ->
    {noreply, S}.

%% The controller ends only when an application takes the node down: the
%% running applications are stopped (newest first), then the node halts
%% as erl's does when init sees its controller die.
terminate(Reason, S) ->
    lists:foreach(fun({_AppName, Id}) when is_pid(Id) ->
                          Ref = erlang:monitor(process, Id),
                          unlink(Id),
                          exit(Id, shutdown),
                          receive
                              {'EXIT', Id, _} -> ok
                          after 0 ->
                                  receive {'DOWN', Ref, process, Id, _} -> ok end
                          end;
                     (_) ->
                          ok
                  end, S#state.running),
    true = ets:delete(?TAB),
    case io_lib:printable_list(Reason) of
        true -> halt_node("Kernel pid terminated", Reason);
        false -> halt_node("Kernel pid terminated", to_string(Reason))
    end.

code_change(_OldVsn, State, _Extra) ->
    {ok, State}.

%% ---------------------------------------------------------------------
%% Loading

get_loaded(App) ->
    AppName = get_appl_name(App),
    case ets:lookup(?TAB, {loaded, AppName}) of
        [{_Key, Appl}] -> {true, Appl};
        _ -> false
    end.

maybe_load_application(Application, S) ->
    case get_loaded(Application) of
        {true, _} -> throw({error, {already_loaded, Application}});
        false -> do_load_application(Application, S)
    end.

do_load_application(Application, S) ->
    case make_appl(Application) of
        {ok, Appl} -> load(S, Appl);
        Error -> Error
    end.

%% Loads one application and, recursively, its included applications. The
%% environment is the spec's, overridden by the -config file's.
load(S, {ApplData, ApplEnv, IncApps, OptApps, Descr, Id, Vsn, Apps}) ->
    Name = ApplData#appl_data.name,
    add_env(Name, merge_app_env(ApplEnv, conf_env(Name, S))),
    Appl = #appl{name = Name, descr = Descr, id = Id, vsn = Vsn, apps = Apps,
                 appl_data = ApplData, inc_apps = IncApps, opt_apps = OptApps},
    ets:insert(?TAB, {{loaded, Name}, Appl}),
    NewS = lists:foldl(fun(App, S1) ->
                               case get_loaded(App) of
                                   {true, _} -> S1;
                                   false ->
                                       case do_load_application(App, S1) of
                                           {ok, S2} -> S2;
                                           Error -> throw(Error)
                                       end
                               end
                       end, S, IncApps),
    {ok, NewS}.

unload(AppName, S) ->
    {ok, IncApps} = get_key(AppName, included_applications),
    del_env(AppName),
    ets:delete(?TAB, {loaded, AppName}),
    lists:foldl(fun(App, S1) ->
                        case get_loaded(App) of
                            false -> S1;
                            {true, _} -> unload(App, S1)
                        end
                end, S, IncApps).

get_appl_name(Name) when is_atom(Name) -> Name;
get_appl_name({application, Name, _}) when is_atom(Name) -> Name;
get_appl_name(Appl) -> throw({error, {bad_application, Appl}}).

%% An application's spec, from its file when given by name. Errors are
%% OTP's: {"no such file or directory", "App.app"} when there is none.
make_appl(Name) when is_atom(Name) ->
    FName = atom_to_list(Name) ++ ".app",
    case find_app_file(Name) of
        non_existing ->
            case builtin_spec(Name) of
                {ok, Spec} -> {ok, make_appl_i(Spec)};
                none -> {error, {file:format_error(enoent), FName}}
            end;
        {FullName, Kind} ->
            case consult(FullName) of
                {ok, [Application]} ->
                    {ok, make_appl_i(fill_modules(Kind, FullName, Application))};
                {error, Reason} ->
                    {error, {file:format_error(Reason), FName}}
            end
    end;
make_appl(Application) ->
    {ok, make_appl_i(Application)}.

%% Where App's spec is: for each code path directory in order, DIR/App.app
%% (what erl reads from an ebin directory), then DIR/App.app.src, then
%% DIR/src/App.app.src (sources, as rebar3 keeps them). {File, app | src},
%% or non_existing.
find_app_file(Name) ->
    Base = atom_to_list(Name),
    Candidates = [{filename:join(Dir, Rel), Kind}
                  || Dir <- code:get_path(),
                     {Rel, Kind} <- [{Base ++ ".app", app}, {Base ++ ".app.src", src},
                                     {filename:join("src", Base ++ ".app.src"), src}]],
    first_regular(Candidates).

first_regular([{File, Kind} | Rest]) ->
    case file:read_file_info(File) of
        {ok, Info} when element(3, Info) =:= regular -> {File, Kind};
        _ -> first_regular(Rest)
    end;
first_regular([]) ->
    non_existing.

%% An App.app.src without modules (or with []) gets the modules whose
%% sources are beside it, as rebar3 fills them in when it writes App.app.
fill_modules(src, File, {application, Name, Opts}) when is_list(Opts) ->
    case lists:keyfind(modules, 1, Opts) of
        Found when Found =:= false; Found =:= {modules, []} ->
            Dir = filename:dirname(File),
            Mods = case file:list_dir(Dir) of
                       {ok, Names} ->
                           lists:sort([list_to_atom(filename:basename(F, ".erl"))
                                       || F <- Names, filename:extension(F) =:= ".erl"]);
                       {error, _} ->
                           []
                   end,
            {application, Name, lists:keystore(modules, 1, Opts, {modules, Mods})};
        _ ->
            {application, Name, Opts}
    end;
fill_modules(_Kind, _File, Application) ->
    Application.

%% The terms of a file, each ended by a dot: {ok, Terms} or {error,
%% Reason} for file:format_error/1.
consult(File) ->
    case file:read_file(File) of
        {ok, Bin} ->
            case unicode:characters_to_list(Bin) of
                String when is_list(String) ->
                    case erl_scan:string(String) of
                        {ok, Tokens, _EndLine} -> parse_terms(Tokens, []);
                        {error, Reason, _EndLine} -> {error, Reason}
                    end;
                _ ->
                    {error, {none, file, "bad encoding"}}
            end;
        {error, Reason} ->
            {error, Reason}
    end.

parse_terms([], Acc) ->
    {ok, lists:reverse(Acc)};
parse_terms(Tokens, Acc) ->
    case lists:splitwith(fun(T) -> element(1, T) =/= dot end, Tokens) of
        {Term, [Dot | Rest]} ->
            case erl_parse:parse_term(Term ++ [Dot]) of
                {ok, T} -> parse_terms(Rest, [T | Acc]);
                {error, _} = Error -> Error
            end;
        {Term, []} ->
            case erl_parse:parse_term(Term) of
                {ok, T} -> {ok, lists:reverse([T | Acc])};
                {error, _} = Error -> Error
            end
    end.

make_appl_i({application, Name, Opts}) when is_atom(Name), is_list(Opts) ->
    Mod = case get_opt(mod, Opts, []) of
              {M, _A} = MA when is_atom(M) -> MA;
              [] -> [];
              Other -> throw({error, {badstartspec, Other}})
          end,
    {#appl_data{name = Name, regs = get_opt(registered, Opts, []), mod = Mod,
                phases = get_opt(start_phases, Opts, undefined),
                mods = get_opt(modules, Opts, []), maxP = get_opt(maxP, Opts, infinity),
                maxT = get_opt(maxT, Opts, infinity)},
     get_opt(env, Opts, []), get_opt(included_applications, Opts, []),
     get_opt(optional_applications, Opts, []), get_opt(description, Opts, ""),
     get_opt(id, Opts, ""), get_opt(vsn, Opts, ""), get_opt(applications, Opts, [])};
make_appl_i({application, Name, Opts}) when is_list(Opts) ->
    throw({error, {invalid_name, Name}});
make_appl_i({application, _Name, Opts}) ->
    throw({error, {invalid_options, Opts}});
make_appl_i(Appl) ->
    throw({error, {bad_application, Appl}}).

get_opt(Key, List, Default) ->
    case lists:keyfind(Key, 1, List) of
        {_Key, Val} -> Val;
        _ -> Default
    end.

%% kernel and stdlib, loaded and running from the start as in erl. Their
%% versions are OTP 25.0's (ERTS 13.0, erlang:system_info(version) here);
%% their modules, those of dbgsh's library that OTP puts in them.
kernel_spec() ->
    {application, kernel,
     [{description, "ERTS  CXC 138 10"}, {vsn, "8.4"},
      {modules, [application, application_controller, application_master,
                 application_starter, code, erl_ddll, file, logger, logger_filters,
                 logger_formatter, logger_std_h, os]},
      {registered, [application_controller, logger]},
      {applications, []},
      {env, [{logger_level, notice}, {logger_sasl_compatible, false}]}]}.

%% The kernel's logger environment as OTP's boot leaves it (logger's
%% init_default_config/2 sets it): the default handler's entry made, or
%% completed, from error_logger's type (standard_io unless it says
%% otherwise); none when that is silent or false, or when the environment
%% holds {handler, default, undefined} and error_logger names no type. A
%% bad error_logger leaves it as it is (logger reports it when it starts).
complete_logger_env() ->
    Env = case get_env(kernel, logger) of
              {ok, E} when is_list(E) -> E;
              _ -> []
          end,
    Type = case get_env(kernel, error_logger) of
               {ok, tty} -> standard_io;
               {ok, {file, F}} when is_list(F) -> {file, F};
               {ok, {file, F, M}} when is_list(F), is_list(M) -> {file, F, M};
               {ok, V} when V =:= false; V =:= silent -> none;
               {ok, _} -> bad;
               undefined ->
                   case lists:member({handler, default, undefined}, Env) of
                       true -> none;
                       false -> standard_io
                   end
           end,
    Formatter = #{formatter => {logger_formatter, #{legacy_header => true, single_line => false}}},
    Config = Formatter#{config => #{type => Type}},
    NewEnv = case lists:keyfind(default, 2, Env) of
                 _ when Type =:= none; Type =:= bad ->
                     Env;
                 {handler, default, logger_std_h, Own} ->
                     lists:keyreplace(default, 2, Env, {handler, default, logger_std_h, maps:merge(Config, Own)});
                 {handler, default, Module, Own} ->
                     lists:keyreplace(default, 2, Env, {handler, default, Module, maps:merge(Formatter, Own)});
                 _ ->
                     [{handler, default, logger_std_h, Config} | Env]
             end,
    true = ets:insert(?TAB, {{env, kernel, logger}, NewEnv}),
    ok.

%% The specs of the applications other than kernel and stdlib whose
%% modules are dbgsh's own: loadable and startable without an App.app on
%% the code path, as in erl, where OTP's are installed. An App.app on the
%% path comes first.
builtin_spec(crypto) ->
    {ok, {application, crypto,
          [{description, "CRYPTO"}, {vsn, "5.1"}, {modules, [crypto]}, {registered, []},
           {applications, [kernel, stdlib]},
           {env, [{fips_mode, false}, {rand_cache_size, 896}]}]}};
builtin_spec(_) ->
    none.

stdlib_spec() ->
    {application, stdlib,
     [{description, "ERTS  CXC 138 10"}, {vsn, "4.0"},
      {modules, [array, c, calendar, dict, erl_parse, erl_scan, ets, filename, gb_sets,
                 gb_trees, gen, gen_event, gen_server, gen_statem, io, io_lib, lists, maps,
                 ms_transform, orddict, ordsets, proc_lib, proplists, queue, rand, re, sets,
                 string, supervisor, sys, timer, unicode]},
      {registered, [timer_server]},
      {applications, [kernel]},
      {env, []}]}.

%% ---------------------------------------------------------------------
%% Starting and stopping

check_start_cond(AppName, RestartType, Started, Running) ->
    valid_restart_type(RestartType),
    case get_loaded(AppName) of
        {true, Appl} ->
            %% an application that ended is started but not running, and
            %% may be started again
            case lists:keymember(AppName, 1, Running) of
                true ->
                    {error, {already_started, AppName}};
                false ->
                    lists:foreach(
                      fun(AppName2) ->
                              case lists:keymember(AppName2, 1, Started) orelse
                                  lists:member(AppName2, Appl#appl.opt_apps) of
                                  true -> ok;
                                  false -> throw({error, {not_started, AppName2}})
                              end
                      end, Appl#appl.apps),
                    {ok, Appl}
            end;
        false ->
            {error, {not_loaded, AppName}}
    end.

valid_restart_type(permanent) -> true;
valid_restart_type(temporary) -> true;
valid_restart_type(transient) -> true;
valid_restart_type(RestartType) -> throw({error, {invalid_restart_type, RestartType}}).

%% kernel's permissions (permit/2): false only when set so.
permitted(AppName) ->
    case get_env(kernel, permissions) of
        {ok, Perms} -> not lists:member({AppName, false}, Perms);
        undefined -> true
    end.

%% The master is started from a process of its own, so that the
%% controller answers other requests meanwhile (an application's start
%% may call it); the result comes back as a cast.
spawn_starter(From, Appl, S, Type) ->
    spawn_link(?MODULE, init_starter, [From, Appl, S, Type]).

init_starter(_From, Appl, S, Type) ->
    process_flag(trap_exit, true),
    gen_server:cast(?AC, {application_started, Appl#appl.name,
                          catch start_appl(Appl, S, Type)}).

start_appl(Appl, S, Type) ->
    ApplData = Appl#appl.appl_data,
    case ApplData#appl_data.mod of
        [] ->
            {ok, undefined};
        _ ->
            lists:foreach(fun(AppName) ->
                                  case lists:keymember(AppName, 1, S#state.running) orelse
                                      lists:member(AppName, Appl#appl.opt_apps) of
                                      true -> ok;
                                      false -> throw({info, {not_running, AppName}})
                                  end
                          end, Appl#appl.apps),
            case application_master:start_link(ApplData, Type) of
                {ok, _Pid} = Ok -> Ok;
                {error, _Reason} = Error -> throw(Error)
            end
    end.

stop_appl(AppName, Id, Type) when is_pid(Id) ->
    unlink(Id),
    application_master:stop(Id),
    info_exited(AppName, stopped, Type),
    ets:delete(?TAB, {application_master, AppName});
stop_appl(AppName, undefined, Type) ->
    %% an application with no mod: nothing runs
    info_exited(AppName, stopped, Type).

reply_to_requester(AppName, StartReq, Res) ->
    R = case Res of
            {ok, _Id} -> ok;
            {info, Reason} -> {error, Reason};
            Error -> Error
        end,
    lists:foldl(fun({Name, From}, Acc) when Name =:= AppName ->
                        gen_server:reply(From, R),
                        Acc;
                   (Req, Acc) ->
                        [Req | Acc]
                end, [], StartReq).

keyreplaceadd(Key, List, New) ->
    case lists:keymember(Key, 1, List) of
        true -> lists:keyreplace(Key, 1, List, New);
        false -> [New | List]
    end.

%% permit/2 on this node (no application is distributed here).
permit(AppName, Bool, From, S) ->
    #state{starting = Starting, start_p_false = SPF, started = Started,
           running = Running, start_req = StartReq} = S,
    IsLoaded = get_loaded(AppName),
    IsStarting = lists:keyfind(AppName, 1, Starting),
    IsSPF = lists:keyfind(AppName, 1, SPF),
    IsStarted = lists:keyfind(AppName, 1, Started),
    IsRunning = lists:keyfind(AppName, 1, Running),
    case {Bool, IsLoaded, IsStarting, IsSPF, IsStarted, IsRunning} of
        {true, _, _, _, _, {_, _}} ->
            {reply, ok, S};
        {_, false, _, _, _, _} ->
            {reply, {error, {not_loaded, AppName}}, S};
        {true, {true, Appl}, false, {_, RestartType, normal, _}, false, false} ->
            update_permissions(AppName, Bool),
            spawn_starter(From, Appl, S, normal),
            {noreply, S#state{starting = [{AppName, RestartType, normal, From} | Starting],
                              start_p_false = lists:keydelete(AppName, 1, SPF),
                              start_req = [{AppName, From} | StartReq]}};
        {true, {true, Appl}, _, _, {AppName, RestartType}, false} ->
            update_permissions(AppName, Bool),
            spawn_starter(From, Appl, S, normal),
            {noreply, S#state{starting = [{AppName, RestartType, normal, From} | Starting],
                              started = lists:keydelete(AppName, 1, Started),
                              start_req = [{AppName, From} | StartReq]}};
        {false, _, _, _, _, {_, Id}} ->
            {_, Type} = lists:keyfind(AppName, 1, Started),
            stop_appl(AppName, Id, Type),
            update_permissions(AppName, Bool),
            {reply, ok, S#state{running = lists:keydelete(AppName, 1, Running)}};
        {false, _, false, {_, _, _, _}, false, false} ->
            update_permissions(AppName, Bool),
            {reply, ok, S#state{start_p_false = lists:keydelete(AppName, 1, SPF)}};
        _ ->
            update_permissions(AppName, Bool),
            {reply, ok, S}
    end.

update_permissions(AppName, Bool) ->
    T = {env, kernel, permissions},
    case ets:lookup(?TAB, T) of
        [] -> ets:insert(?TAB, {T, [{AppName, Bool}]});
        [{_, Perm}] -> ets:insert(?TAB, {T, [{AppName, Bool} | lists:keydelete(AppName, 1, Perm)]})
    end.

%% ---------------------------------------------------------------------
%% The environment

conf_env(Name, #state{conf_data = ConfData}) ->
    case lists:keyfind(Name, 1, ConfData) of
        {_Name, Env} -> Env;
        _ -> []
    end.

add_env(Name, Env) ->
    lists:foreach(fun({Key, Value}) -> ets:insert(?TAB, {{env, Name, Key}, Value}) end, Env).

del_env(Name) ->
    ets:match_delete(?TAB, {{env, Name, '_'}, '_'}).

%% Merges the environments of all applications: Env2 overrides Env1.
merge_env(Env1, Env2) ->
    merge_env(Env1, Env2, []).

merge_env([{App, AppEnv1} | T], Env2, Res) ->
    case get_env_key(App, Env2) of
        {value, AppEnv2, RestEnv2} ->
            merge_env(T, RestEnv2, [{App, merge_app_env(AppEnv1, AppEnv2)} | Res]);
        _ ->
            merge_env(T, Env2, [{App, AppEnv1} | Res])
    end;
merge_env([], Env2, Res) ->
    Env2 ++ Res.

change_app_env(Env, App, Fun) ->
    case get_env_key(App, Env) of
        {value, AppEnv, RestEnv} -> [{App, Fun(AppEnv)} | RestEnv];
        _ -> [{App, Fun([])} | Env]
    end.

%% Merges one application's environment: Env2 overrides Env1.
merge_app_env(Env1, Env2) ->
    merge_app_env(Env1, Env2, []).

merge_app_env([{Key, Val} | T], Env2, Res) ->
    case get_env_key(Key, Env2) of
        {value, NewVal, RestEnv} -> merge_app_env(T, RestEnv, [{Key, NewVal} | Res]);
        _ -> merge_app_env(T, Env2, [{Key, Val} | Res])
    end;
merge_app_env([], Env2, Res) ->
    Env2 ++ Res.

get_env_key(Key, Env) -> get_env_key(Env, Key, []).

get_env_key([{Key, Val} | T], Key, Res) -> {value, Val, T ++ Res};
get_env_key([H | T], Key, Res) -> get_env_key(T, Key, [H | Res]);
get_env_key([], _Key, Res) -> Res.

%% The syntax of a configuration: [{App, [{Par, Value}]}].
check_conf_data([]) ->
    ok;
check_conf_data(ConfData) when is_list(ConfData) ->
    [Application | ConfDataRem] = ConfData,
    case Application of
        {AppName, List} when is_atom(AppName), is_list(List) ->
            case lists:keymember(AppName, 1, ConfDataRem) of
                true ->
                    {error, "duplicate application config: " ++ atom_to_list(AppName)};
                false ->
                    case check_para(List, AppName) of
                        ok -> check_conf_data(ConfDataRem);
                        Error -> Error
                    end
            end;
        {AppName, List} when is_list(List) ->
            {error, "application: " ++ lists:flatten(io_lib:format("~tp", [AppName]))
                 ++ "; application name must be an atom"};
        {AppName, _List} ->
            {error, "application: " ++ lists:flatten(io_lib:format("~tp", [AppName]))
                 ++ "; parameters must be a list"};
        Else ->
            {error, "invalid application config: " ++ lists:flatten(io_lib:format("~tp", [Else]))}
    end;
check_conf_data(_ConfData) ->
    {error, "configuration must be a list ended by <dot><whitespace>"}.

check_para([], _AppName) ->
    ok;
check_para([{Para, Val} | ParaList], AppName) when is_atom(Para) ->
    case lists:keymember(Para, 1, ParaList) of
        true ->
            {error, "application: " ++ atom_to_list(AppName) ++ "; duplicate parameter: "
                 ++ atom_to_list(Para)};
        false ->
            case check_para_value(Para, Val, AppName) of
                ok -> check_para(ParaList, AppName);
                {error, _} = Error -> Error
            end
    end;
check_para([{Para, _Val} | _ParaList], AppName) ->
    {error, "application: " ++ atom_to_list(AppName) ++ "; invalid parameter name: "
         ++ lists:flatten(io_lib:format("~tp", [Para]))};
check_para([Else | _ParaList], AppName) ->
    {error, "application: " ++ atom_to_list(AppName) ++ "; invalid parameter: "
         ++ lists:flatten(io_lib:format("~tp", [Else]))}.

check_para_value(distributed, Apps, kernel) -> check_distributed(Apps);
check_para_value(_Para, _Val, _AppName) -> ok.

check_distributed([]) ->
    ok;
check_distributed([{App, List} | Apps]) when is_atom(App), is_list(List) ->
    check_distributed(Apps);
check_distributed([{App, infinity, List} | Apps]) when is_atom(App), is_list(List) ->
    check_distributed(Apps);
check_distributed([{App, Time, List} | Apps]) when is_atom(App), is_integer(Time), is_list(List) ->
    check_distributed(Apps);
check_distributed(_Else) ->
    {error, "application: kernel; erroneous parameter: distributed"}.

%% ---------------------------------------------------------------------
%% -config files (dbgsh -config FILE, given any number of times)

%% {ok, Env} merged over the files in order, or {error, {File, Line, Str}}
%% (thrown) for the first file that cannot be read.
read_config() ->
    {ok, lists:foldl(fun(File, Env) -> merge_env(Env, config_file(File)) end,
                     [], dbgsh_code:config_files())}.

%% A file's environment; FILE.config or FILE, as erl's -config; a
%% sys.config may name other config files, read relative to its directory.
config_file(FileName) ->
    BFName = filename:basename(FileName, ".config"),
    FName = filename:join(filename:dirname(FileName), BFName ++ ".config"),
    case load_file(FName) of
        {ok, NewEnv} when BFName =:= "sys" ->
            case check_conf_sys(NewEnv, [], [], filename:dirname(FName)) of
                {ok, SysEnv, []} -> SysEnv;
                {ok, _, [{error, {SysFName, Line, Str}} | _]} -> throw({error, {SysFName, Line, Str}})
            end;
        {ok, NewEnv} ->
            NewEnv;
        {error, {Line, _Mod, Str}} ->
            throw({error, {FName, Line, Str}})
    end.

check_conf_sys([File | T], SysEnv, Errors, DName) when is_list(File) ->
    BFName = filename:basename(File, ".config"),
    FName = filename:join(filename:dirname(File), BFName ++ ".config"),
    LName = case filename:pathtype(FName) of
                relative ->
                    RName = filename:join(DName, FName),
                    case file:read_file_info(RName) of
                        {ok, _} -> RName;
                        _ -> FName
                    end;
                _ ->
                    FName
            end,
    case load_file(LName) of
        {ok, NewEnv} ->
            check_conf_sys(T, merge_env(SysEnv, NewEnv), Errors, DName);
        {error, {Line, _Mod, Str}} ->
            check_conf_sys(T, SysEnv, [{error, {LName, Line, Str}} | Errors], DName)
    end;
check_conf_sys([Tuple | T], SysEnv, Errors, DName) ->
    check_conf_sys(T, merge_env(SysEnv, [Tuple]), Errors, DName);
check_conf_sys([], SysEnv, Errors, _) ->
    {ok, SysEnv, lists:reverse(Errors)}.

%% {ok, List} or {error, {Line, Mod, Str}} with erl's texts.
load_file(File) ->
    case file:read_file(File) of
        {ok, Bin} ->
            case unicode:characters_to_list(Bin) of
                String when is_list(String) -> scan_file(String ++ " ");
                _ -> {error, {none, scan_file, "bad encoding"}}
            end;
        {error, _} ->
            {error, {none, open_file, "configuration file not found"}}
    end.

scan_file(Str) ->
    case erl_scan:string(Str) of
        {ok, Tokens, _} ->
            case lists:splitwith(fun(T) -> element(1, T) =/= dot end, Tokens) of
                {_, []} ->
                    {error, {none, load_file, "no ending <dot> found"}};
                {Term, [Dot | Left]} ->
                    case erl_parse:parse_term(Term ++ [Dot]) of
                        {ok, L} when is_list(L), Left =:= [] -> {ok, L};
                        {ok, _} -> config_error();
                        {error, {_Line, _Mod, _Message} = Error} -> {error, Error}
                    end
            end;
        {error, {Line, Mod, Reason}, _} ->
            {error, {Line, Mod, apply(Mod, format_error, [Reason])}}
    end.

config_error() ->
    {error, {none, load_file, "configuration file must contain ONE list ended by <dot>"}}.

%% ---------------------------------------------------------------------
%% Reports, as OTP's logger events (erl's default handler prints the
%% "exited" ones; progress reports are info, below its level)

info_started(Name) ->
    log(?LOCATION, info,
                     #{label => {application_controller, progress},
                       report => [{application, Name}, {started_at, node()}]},
                     #{domain => [otp, sasl],
                       report_cb => fun application_controller:format_log/2,
                       logger_formatter => #{title => "PROGRESS REPORT"},
                       error_logger => #{tag => info_report, type => progress,
                                         report_cb => fun application_controller:format_log/1}}).

info_exited(Name, Reason, Type) ->
    log(?LOCATION, notice,
                     #{label => {application_controller, exit},
                       report => [{application, Name}, {exited, Reason}, {type, Type}]},
                     #{domain => [otp],
                       report_cb => fun application_controller:format_log/2,
                       error_logger => #{tag => info_report, type => std_info,
                                         report_cb => fun application_controller:format_log/1}}).

%% What ?LOG_INFO and ?LOG_NOTICE do: the event goes to logger when its
%% level is allowed for this module.
log(Location, Level, Report, Meta) ->
    dbgsh_report:log(?MODULE, Level, Location, Report, Meta).

%% error_logger's report callback: {Format, Args} at error_logger's
%% format depth, the values cut to it first.
format_log(#{label := {application_controller, _}} = LogReport) ->
    dbgsh_report:format_log(LogReport, fun dbgsh_report:limit_fields/2,
                            fun format_log_multi/2).

%% logger's report callback.
format_log(Report, FormatOpts) ->
    dbgsh_report:format_log(Report, FormatOpts, fun format_log_single/2,
                            fun format_log_multi/2).

format_log_single(#{label := {application_controller, progress},
                    report := [{application, Name}, {started_at, Node}]},
                  #{single_line := true, depth := Depth} = FormatOpts) ->
    P = dbgsh_report:directive(FormatOpts),
    {"Application: " ++ P ++ ". Started at: " ++ P ++ ".",
     dbgsh_report:with_depth([Name, Node], Depth)};
format_log_single(#{label := {application_controller, exit},
                    report := [{application, Name}, {exited, Reason}, {type, Type}]},
                  #{single_line := true, depth := Depth} = FormatOpts) ->
    P = dbgsh_report:directive(FormatOpts),
    {lists:append(["Application: ", P, ". Exited: ", P, ". Type: ", P, "."]),
     dbgsh_report:with_depth([Name, Reason, Type], Depth)};
format_log_single(Report, FormatOpts) ->
    format_log_multi(Report, FormatOpts).

format_log_multi(#{label := {application_controller, progress},
                   report := [{application, Name}, {started_at, Node}]},
                 #{depth := Depth} = FormatOpts) ->
    P = dbgsh_report:directive(FormatOpts),
    {lists:append(["    application: ", P, "~n", "    started_at: ", P, "~n"]),
     dbgsh_report:with_depth([Name, Node], Depth)};
format_log_multi(#{label := {application_controller, exit},
                   report := [{application, Name}, {exited, Reason}, {type, Type}]},
                 #{depth := Depth} = FormatOpts) ->
    P = dbgsh_report:directive(FormatOpts),
    {lists:append(["    application: ", P, "~n", "    exited: ", P, "~n", "    type: ", P, "~n"]),
     dbgsh_report:with_depth([Name, Reason, Type], Depth)}.

%% An exit reason the node's halt message can carry: a printable string.
to_string(Term) ->
    case io_lib:printable_list(Term) of
        true -> Term;
        false -> lists:flatten(io_lib:format("~0p", [Term]))
    end.
