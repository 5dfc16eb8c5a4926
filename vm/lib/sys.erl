%% sys: the system message protocol of OTP 25's sys module for the dbgsh VM,
%% enough for gen_server and proc_lib:stop: suspend, resume, get_state,
%% replace_state, get_status, terminate, and handle_system_msg/6,7 for the
%% process side.  The debug facilities (trace, log, statistics, install)
%% are not here: a {debug, _} request is answered unknown_debug.
-module(sys).

-export([get_state/1, get_state/2, get_status/1, get_status/2, handle_system_msg/6,
         handle_system_msg/7, replace_state/2, replace_state/3, resume/1, resume/2,
         suspend/1, suspend/2, terminate/2, terminate/3]).

%% ---------------------------------------------------------------------
%% The caller's side: a gen call labelled `system`.

suspend(Name) -> send(Name, suspend).
suspend(Name, Timeout) -> send(Name, suspend, Timeout).

resume(Name) -> send(Name, resume).
resume(Name, Timeout) -> send(Name, resume, Timeout).

get_status(Name) -> send(Name, get_status).
get_status(Name, Timeout) -> send(Name, get_status, Timeout).

get_state(Name) -> or_error(send(Name, get_state)).
get_state(Name, Timeout) -> or_error(send(Name, get_state, Timeout)).

replace_state(Name, Fun) -> or_error(send(Name, {replace_state, Fun})).
replace_state(Name, Fun, Timeout) -> or_error(send(Name, {replace_state, Fun}, Timeout)).

terminate(Name, Reason) -> send(Name, {terminate, Reason}).
terminate(Name, Reason, Timeout) -> send(Name, {terminate, Reason}, Timeout).

or_error({error, Reason}) -> erlang:error(Reason);
or_error(Value) -> Value.

%% The exit reason names the sys function called, as OTP's does.
send(Name, Request) ->
    case catch gen:call(Name, system, Request) of
        {ok, Reply} -> Reply;
        {'EXIT', Reason} -> exit({Reason, {sys, function_of(Request), [Name | args_of(Request)]}})
    end.

send(Name, Request, Timeout) ->
    case catch gen:call(Name, system, Request, Timeout) of
        {ok, Reply} -> Reply;
        {'EXIT', Reason} ->
            exit({Reason, {sys, function_of(Request), [Name | args_of(Request)] ++ [Timeout]}})
    end.

function_of({terminate, _}) -> terminate;
function_of(Atom) -> Atom.

args_of({terminate, Reason}) -> [Reason];
args_of(_) -> [].

%% ---------------------------------------------------------------------
%% The process's side: Mod exports system_continue/3 and
%% system_terminate/4, optionally system_get_state/1,
%% system_replace_state/2 and format_status/2.

handle_system_msg(Msg, From, Parent, Mod, Debug, Misc) ->
    system_msg(running, Msg, From, Parent, Mod, Debug, Misc).

%% Hib (the process was hibernating) makes no difference here.
handle_system_msg(Msg, From, Parent, Mod, Debug, Misc, _Hib) ->
    system_msg(running, Msg, From, Parent, Mod, Debug, Misc).

system_msg(SysState, Msg, From, Parent, Mod, Debug, Misc) ->
    {Next, Reply, NMisc} = command(SysState, Msg, Parent, Mod, Debug, Misc),
    _ = gen:reply(From, Reply),
    case Next of
        running -> apply(Mod, system_continue, [Parent, Debug, NMisc]);
        suspended -> suspended(Parent, Mod, Debug, NMisc);
        {terminating, Reason} -> apply(Mod, system_terminate, [Reason, Parent, Debug, NMisc])
    end.

%% Suspended: only system messages and the parent's exit are taken.
suspended(Parent, Mod, Debug, Misc) ->
    receive
        {system, From, Msg} ->
            system_msg(suspended, Msg, From, Parent, Mod, Debug, Misc);
        {'EXIT', Parent, Reason} ->
            apply(Mod, system_terminate, [Reason, Parent, Debug, Misc])
    end.

%% {NextState, Reply, NewMisc}
command(_, suspend, _, _, _, Misc) -> {suspended, ok, Misc};
command(_, resume, _, _, _, Misc) -> {running, ok, Misc};
command(S, get_state, _, Mod, _, Misc) -> {S, state_of(Mod, Misc), Misc};
command(S, {replace_state, Fun}, _, Mod, _, Misc) ->
    {Reply, NMisc} = replace(Fun, Mod, Misc),
    {S, Reply, NMisc};
command(S, get_status, Parent, Mod, Debug, Misc) ->
    {S, status(S, Parent, Mod, Debug, Misc), Misc};
command(S, {debug, _}, _, _, _, Misc) -> {S, unknown_debug, Misc};
command(_, {terminate, Reason}, _, _, _, Misc) -> {{terminating, Reason}, ok, Misc};
command(S, Other, _, _, _, Misc) -> {S, {error, {unknown_system_msg, Other}}, Misc}.

state_of(Mod, Misc) ->
    case erlang:function_exported(Mod, system_get_state, 1) of
        true ->
            try
                {ok, State} = apply(Mod, system_get_state, [Misc]),
                State
            catch
                C:E -> {error, {callback_failed, {Mod, system_get_state}, {C, E}}}
            end;
        false -> Misc
    end.

replace(Fun, Mod, Misc) ->
    case erlang:function_exported(Mod, system_replace_state, 2) of
        true ->
            try
                {ok, State, NMisc} = apply(Mod, system_replace_state, [Fun, Misc]),
                {State, NMisc}
            catch
                C:E -> {{error, {callback_failed, {Mod, system_replace_state}, {C, E}}}, Misc}
            end;
        false ->
            try
                NMisc = Fun(Misc),
                {NMisc, NMisc}
            catch
                C:E -> {{error, {callback_failed, Fun, {C, E}}}, Misc}
            end
    end.

status(S, Parent, Mod, Debug, Misc) ->
    Dict = get(),
    Shown = case erlang:function_exported(Mod, format_status, 2) of
                true -> apply(Mod, format_status, [normal, [Dict, S, Parent, Debug, Misc]]);
                false -> Misc
            end,
    {status, self(), {module, Mod}, [Dict, S, Parent, Debug, Shown]}.
