%% application: OTP 25's application module for the dbgsh VM: loading,
%% starting and stopping applications and reading their keys and
%% environment, over application_controller (started on first use), and
%% the application behaviour. Single node: no distributed applications
%% (takeover/2 is not here).
-module(application).

-export([behaviour_info/1]).
-export([ensure_all_started/1, ensure_all_started/2, start/1, start/2, start_boot/1,
         start_boot/2, stop/1, load/1, load/2, unload/1, which_applications/0,
         which_applications/1, loaded_applications/0, permit/2]).
-export([ensure_started/1, ensure_started/2]).
-export([set_env/1, set_env/2, set_env/3, set_env/4, unset_env/2, unset_env/3]).
-export([get_env/1, get_env/2, get_env/3, get_all_env/0, get_all_env/1]).
-export([get_key/1, get_key/2, get_all_key/0, get_all_key/1]).
-export([get_application/0, get_application/1, get_supervisor/1, info/0]).
-export([start_type/0]).

%% OTP 25 declares start/2 and stop/1; prep_stop/1, start_phase/3 and
%% config_change/3 are called when exported.
behaviour_info(callbacks) -> [{start, 2}, {stop, 1}];
behaviour_info(optional_callbacks) -> [].

load(Application) ->
    load1(Application, []).

%% A distributed application: there is no dist_ac process here (nor in an
%% erl node without distribution), so the call fails as erl's does, the
%% application staying loaded.
load(Application, DistNodes) ->
    load1(Application, DistNodes).

load1(Application, DistNodes) ->
    case application_controller:load_application(Application) of
        ok when DistNodes =/= [] ->
            AppName = get_appl_name(Application),
            exit({noproc, {gen_server, call,
                           [dist_ac, {load_application, AppName, DistNodes}, infinity]}});
        Else ->
            Else
    end.

unload(Application) ->
    application_controller:unload_application(Application).

ensure_all_started(Application) ->
    ensure_all_started(Application, temporary).

%% Starts Application after the applications it needs (its
%% `applications`, first to last, each after its own), those not running
%% yet: {ok, Started} in start order. On a failure the ones started here
%% are stopped again and the error names the application that failed.
ensure_all_started(Application, Type) ->
    case ensure_all_started([Application], [], Type, []) of
        {ok, Started} ->
            {ok, lists:reverse(Started)};
        {error, Reason, Started} ->
            _ = [stop(App) || App <- Started],
            {error, Reason}
    end.

ensure_all_started([App | Apps], OptionalApps, Type, Started) ->
    case application_controller:is_running(App) of
        false ->
            case ensure_loaded(App) of
                {ok, Name} ->
                    case ensure_started(Name, App, Type, Started) of
                        {ok, NewStarted} -> ensure_all_started(Apps, OptionalApps, Type, NewStarted);
                        Error -> Error
                    end;
                {error, {"no such file or directory", _} = Reason} ->
                    case lists:member(App, OptionalApps) of
                        true -> ensure_all_started(Apps, OptionalApps, Type, Started);
                        false -> {error, {App, Reason}, Started}
                    end;
                {error, Reason} ->
                    {error, {App, Reason}, Started}
            end;
        true ->
            ensure_all_started(Apps, OptionalApps, Type, Started)
    end;
ensure_all_started([], _OptionalApps, _Type, Started) ->
    {ok, Started}.

ensure_started(Name, App, Type, Started) ->
    {ok, ChildApps} = get_key(Name, applications),
    {ok, OptionalApps} = get_key(Name, optional_applications),
    case ensure_all_started(ChildApps, OptionalApps, Type, Started) of
        {ok, NewStarted} ->
            case application_controller:start_application(Name, Type) of
                ok -> {ok, [App | NewStarted]};
                {error, {already_started, App}} -> {ok, NewStarted};
                {error, Reason} -> {error, {App, Reason}, NewStarted}
            end;
        Error ->
            Error
    end.

start(Application) ->
    start(Application, temporary).

start(Application, RestartType) ->
    case ensure_loaded(Application) of
        {ok, Name} -> application_controller:start_application(Name, RestartType);
        Error -> Error
    end.

ensure_loaded(Application) ->
    case load(Application) of
        ok -> {ok, get_appl_name(Application)};
        {error, {already_loaded, Name}} -> {ok, Name};
        Error -> Error
    end.

ensure_started(Application) ->
    ensure_started(Application, temporary).

ensure_started(Application, RestartType) ->
    case start(Application, RestartType) of
        ok -> ok;
        {error, {already_started, Application}} -> ok;
        Error -> Error
    end.

start_boot(Application) ->
    start_boot(Application, temporary).

start_boot(Application, RestartType) ->
    application_controller:start_boot_application(Application, RestartType).

permit(Application, Bool) ->
    case Bool of
        true -> ok;
        false -> ok;
        Bad -> exit({badarg, {?MODULE, permit, [Application, Bad]}})
    end,
    application_controller:permit_application(Application, Bool).

stop(Application) ->
    application_controller:stop_application(Application).

which_applications() ->
    application_controller:which_applications().

which_applications(infinity) ->
    application_controller:which_applications(infinity);
which_applications(Timeout) when is_integer(Timeout), Timeout >= 0 ->
    application_controller:which_applications(Timeout).

loaded_applications() ->
    application_controller:loaded_applications().

info() ->
    application_controller:info().

set_env(Config) when is_list(Config) ->
    set_env(Config, []).

set_env(Config, Opts) when is_list(Config), is_list(Opts) ->
    case application_controller:set_env(Config, Opts) of
        ok -> ok;
        {error, Msg} -> erlang:error({badarg, Msg}, [Config, Opts])
    end.

set_env(Application, Key, Val) ->
    application_controller:set_env(Application, Key, Val).

set_env(Application, Key, Val, infinity) ->
    set_env(Application, Key, Val, [{timeout, infinity}]);
set_env(Application, Key, Val, Timeout) when is_integer(Timeout), Timeout >= 0 ->
    set_env(Application, Key, Val, [{timeout, Timeout}]);
set_env(Application, Key, Val, Opts) when is_list(Opts) ->
    application_controller:set_env(Application, Key, Val, Opts).

unset_env(Application, Key) ->
    application_controller:unset_env(Application, Key).

unset_env(Application, Key, infinity) ->
    unset_env(Application, Key, [{timeout, infinity}]);
unset_env(Application, Key, Timeout) when is_integer(Timeout), Timeout >= 0 ->
    unset_env(Application, Key, [{timeout, Timeout}]);
unset_env(Application, Key, Opts) when is_list(Opts) ->
    application_controller:unset_env(Application, Key, Opts).

%% The calling process's application is the one whose master is its
%% group leader.
get_env(Key) ->
    application_controller:get_pid_env(group_leader(), Key).

get_env(Application, Key) ->
    application_controller:get_env(Application, Key).

get_env(Application, Key, Def) ->
    case get_env(Application, Key) of
        {ok, Val} -> Val;
        undefined -> Def
    end.

get_all_env() ->
    application_controller:get_pid_all_env(group_leader()).

get_all_env(Application) ->
    application_controller:get_all_env(Application).

get_key(Key) ->
    application_controller:get_pid_key(group_leader(), Key).

get_key(Application, Key) ->
    application_controller:get_key(Application, Key).

get_all_key() ->
    application_controller:get_pid_all_key(group_leader()).

get_all_key(Application) ->
    application_controller:get_all_key(Application).

get_application() ->
    application_controller:get_application(group_leader()).

get_application(Pid) when is_pid(Pid) ->
    case process_info(Pid, group_leader) of
        {group_leader, Gl} -> application_controller:get_application(Gl);
        undefined -> undefined
    end;
get_application(Module) when is_atom(Module) ->
    application_controller:get_application_module(Module).

%% OTP 26's: the top supervisor of a running application.
get_supervisor(Application) when is_atom(Application) ->
    case application_controller:get_master(Application) of
        undefined ->
            undefined;
        Master ->
            case application_master:get_child(Master) of
                {Root, _App} -> {ok, Root};
                error -> undefined
            end
    end.

start_type() ->
    application_controller:start_type(group_leader()).

get_appl_name(Name) when is_atom(Name) -> Name;
get_appl_name({application, Name, _}) when is_atom(Name) -> Name.
