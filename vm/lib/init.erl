%% init: what programs ask of OTP 25's init. stop/0,1 and reboot/0 stop
%% the node as erl's do: they return ok at once, and a process of init's
%% stops the running applications (newest first, as the application
%% controller stops them at shutdown), then halts with the status. The
%% node's arguments are what erl -noshell has that mean something here
%% (progname, home); dbgsh boots no release, so there is no boot script,
%% no restart/0,1, and none of the boot's internals (boot/1,
%% get_configfd/1, make_permanent/2, ...).
-module(init).
-export([stop/0, stop/1, reboot/0, get_arguments/0, get_argument/1,
         get_plain_arguments/0, get_status/0, script_id/0,
         notify_when_started/1, wait_until_started/0, fetch_loaded/0,
         ensure_loaded/1]).

stop() -> stop(0).

%% Status: a non-negative integer, or a string of bytes (halt/1's slogan:
%% status 1). A second stop while one is under way changes
%% nothing.
stop(Status) ->
    case is_integer(Status) andalso Status >= 0 orelse io_lib:latin1_char_list(Status) of
        true -> shut_down(Status);
        false -> erlang:error(badarg, [Status])
    end.

%% No heart restarts the node here: the same as stop/0.
reboot() -> stop(0).

%% The stopper registers itself: one that finds the name taken (a stop
%% already under way) ends there.
shut_down(Status) ->
    _ = spawn(fun() ->
                      try register(dbgsh_init_stop, self()) of
                          true -> stopper(Status)
                      catch
                          error:badarg -> ok
                      end
              end),
    ok.

stopper(Status) ->
    Apps = case whereis(application_controller) of
               undefined -> [];
               _ -> [App || {App, _, _} <- application:which_applications(),
                            App =/= kernel, App =/= stdlib]
           end,
    [application:stop(App) || App <- Apps],
    erlang:halt(Status).

%% The flags erl -noshell has that mean something here, each with its
%% list of values.
get_arguments() ->
    Home = case os:getenv("HOME") of
               false -> [];
               H -> [{home, [H]}]
           end,
    [{progname, ["dbgsh"]} | Home].

get_argument(Flag) when is_atom(Flag) ->
    case [Values || {F, Values} <- get_arguments(), F =:= Flag] of
        [] -> error;
        Lists -> {ok, Lists}
    end;
get_argument(Flag) ->
    erlang:error(badarg, [Flag]).

%% No arguments after -extra: dbgsh's own are its options and files.
get_plain_arguments() -> [].

%% The node has started by the time a program runs.
get_status() -> {started, started}.

script_id() -> {"Erlang/OTP", "25"}.

notify_when_started(_Pid) -> started.

wait_until_started() -> ok.

fetch_loaded() -> code:all_loaded().

ensure_loaded(Module) -> code:ensure_loaded(Module).
