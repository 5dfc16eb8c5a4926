%% sys: OTP 25's sys module for the dbgsh VM: the system messages
%% (suspend, resume, get_state, replace_state, get_status, change_code,
%% terminate), handle_system_msg/6,7 for the process side, and the debug
%% facilities a process keeps in its Debug list: trace (events printed as
%% they happen), log (the last N events), log_to_file, statistics, and
%% installed debug funs.  The Debug list has OTP's shape, since
%% sys:get_status shows it.
-module(sys).

-export([change_code/4, change_code/5, debug_options/1, get_debug/3, get_log/1, get_state/1,
         get_state/2, get_status/1, get_status/2, handle_debug/4, handle_system_msg/6,
         handle_system_msg/7, install/2, install/3, log/2, log/3, log_to_file/2, log_to_file/3,
         no_debug/1, no_debug/2, print_log/1, remove/2, remove/3, replace_state/2,
         replace_state/3, resume/1, resume/2, statistics/2, statistics/3, suspend/1, suspend/2,
         suspend_loop_hib/6, terminate/2, terminate/3, trace/2, trace/3]).

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

%% Taken only while the process is suspended.
change_code(Name, Mod, Vsn, Extra) -> send(Name, {change_code, Mod, Vsn, Extra}).
change_code(Name, Mod, Vsn, Extra, Timeout) ->
    send(Name, {change_code, Mod, Vsn, Extra}, Timeout).

%% The debug commands: Flag true | {true, N} | false | get | print.
log(Name, Flag) -> send(Name, {debug, {log, Flag}}).
log(Name, Flag, Timeout) -> send(Name, {debug, {log, Flag}}, Timeout).

trace(Name, Flag) -> send(Name, {debug, {trace, Flag}}).
trace(Name, Flag, Timeout) -> send(Name, {debug, {trace, Flag}}, Timeout).

log_to_file(Name, File) -> send(Name, {debug, {log_to_file, File}}).
log_to_file(Name, File, Timeout) -> send(Name, {debug, {log_to_file, File}}, Timeout).

statistics(Name, Flag) -> send(Name, {debug, {statistics, Flag}}).
statistics(Name, Flag, Timeout) -> send(Name, {debug, {statistics, Flag}}, Timeout).

no_debug(Name) -> send(Name, {debug, no_debug}).
no_debug(Name, Timeout) -> send(Name, {debug, no_debug}, Timeout).

install(Name, {_, _} = Spec) -> send(Name, {debug, {install, Spec}});
install(Name, {_, _, _} = Spec) -> send(Name, {debug, {install, Spec}}).
install(Name, {_, _} = Spec, Timeout) -> send(Name, {debug, {install, Spec}}, Timeout);
install(Name, {_, _, _} = Spec, Timeout) -> send(Name, {debug, {install, Spec}}, Timeout).

remove(Name, FunOrId) -> send(Name, {debug, {remove, FunOrId}}).
remove(Name, FunOrId, Timeout) -> send(Name, {debug, {remove, FunOrId}}, Timeout).

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
function_of({change_code, _, _, _}) -> change_code;
function_of({debug, {Command, _}}) -> Command;
function_of(Atom) -> Atom.

args_of({terminate, Reason}) -> [Reason];
args_of({change_code, Mod, Vsn, Extra}) -> [Mod, Vsn, Extra];
args_of({debug, {_, Arg}}) -> [Arg];
args_of(_) -> [].

%% ---------------------------------------------------------------------
%% The process's side: Mod exports system_continue/3 and
%% system_terminate/4, optionally system_get_state/1,
%% system_replace_state/2 and format_status/2.

handle_system_msg(Msg, From, Parent, Mod, Debug, Misc) ->
    system_msg(running, Msg, From, Parent, Mod, Debug, Misc, false).

handle_system_msg(Msg, From, Parent, Mod, Debug, Misc, Hib) ->
    system_msg(running, Msg, From, Parent, Mod, Debug, Misc, Hib).

system_msg(SysState, Msg, From, Parent, Mod, Debug, Misc, Hib) ->
    {Next, Reply, NDebug, NMisc} = command(SysState, Msg, Parent, Mod, Debug, Misc),
    _ = gen:reply(From, Reply),
    case Next of
        running -> apply(Mod, system_continue, [Parent, NDebug, NMisc]);
        suspended -> suspended(Parent, Mod, NDebug, NMisc, Hib);
        {terminating, Reason} -> apply(Mod, system_terminate, [Reason, Parent, NDebug, NMisc])
    end.

%% Suspended: only system messages and the parent's exit are taken.  A
%% process that was hibernating goes back to hibernation while it waits.
suspended(Parent, Mod, Debug, Misc, true) ->
    suspend_loop_hib(suspended, Parent, Mod, Debug, Misc, true);
suspended(Parent, Mod, Debug, Misc, Hib) ->
    receive
        {system, From, Msg} ->
            system_msg(suspended, Msg, From, Parent, Mod, Debug, Misc, Hib);
        {'EXIT', Parent, Reason} ->
            apply(Mod, system_terminate, [Reason, Parent, Debug, Misc])
    end.

suspend_loop_hib(SysState, Parent, Mod, Debug, Misc, Hib) ->
    receive
        {system, From, Msg} ->
            system_msg(SysState, Msg, From, Parent, Mod, Debug, Misc, Hib);
        {'EXIT', Parent, Reason} ->
            apply(Mod, system_terminate, [Reason, Parent, Debug, Misc])
    after 0 ->
            proc_lib:hibernate(sys, suspend_loop_hib, [SysState, Parent, Mod, Debug, Misc, Hib])
    end.

%% {NextState, Reply, NewDebug, NewMisc}
command(_, suspend, _, _, Debug, Misc) -> {suspended, ok, Debug, Misc};
command(_, resume, _, _, Debug, Misc) -> {running, ok, Debug, Misc};
command(S, get_state, _, Mod, Debug, Misc) -> {S, state_of(Mod, Misc), Debug, Misc};
command(S, {replace_state, Fun}, _, Mod, Debug, Misc) ->
    {Reply, NMisc} = replace(Fun, Mod, Misc),
    {S, Reply, Debug, NMisc};
command(S, get_status, Parent, Mod, Debug, Misc) ->
    {S, status(S, Parent, Mod, Debug, Misc), Debug, Misc};
command(S, {debug, What}, _, _, Debug, Misc) ->
    {Reply, NDebug} = debug_command(What, Debug),
    {S, Reply, NDebug, Misc};
command(_, {terminate, Reason}, _, _, Debug, Misc) -> {{terminating, Reason}, ok, Debug, Misc};
command(suspended, {change_code, Module, Vsn, Extra}, _, Mod, Debug, Misc) ->
    case catch apply(Mod, system_code_change, [Misc, Module, Vsn, Extra]) of
        {ok, NMisc} -> {suspended, ok, Debug, NMisc};
        Else -> {suspended, {error, Else}, Debug, Misc}
    end;
command(S, Other, _, _, Debug, Misc) -> {S, {error, {unknown_system_msg, Other}}, Debug, Misc}.

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

%% ---------------------------------------------------------------------
%% Debugging.  Debug is a list of options, each {Key, Data}, at most one
%% per key, the newest first:
%%   {trace, true}             events printed on standard_io
%%   {log, Ring}               the last N events (the ring below)
%%   {log_to_file, Fd}         events printed to a file
%%   {statistics, {StartTime, {reductions, R}, In, Out}}
%%   {Fun, FunState}           an installed fun
%%   {FunId, {Fun, FunState}}  an installed fun with an id
%% An event is logged as {Event, Extra, FormatFun}: the process's
%% FormatFun(Device, Event, Extra) prints it.

-define(LOG_SIZE, 10).

debug_command({trace, true}, Debug) -> {ok, add_option(trace, true, Debug)};
debug_command({trace, false}, Debug) -> {ok, lists:keydelete(trace, 1, Debug)};
debug_command({log, true}, Debug) ->
    {ok, add_option(log, ring_resize(?LOG_SIZE, current_ring(Debug)), Debug)};
debug_command({log, {true, N}}, Debug) when is_integer(N), N >= 1 ->
    {ok, add_option(log, ring_resize(N, current_ring(Debug)), Debug)};
debug_command({log, false}, Debug) -> {ok, lists:keydelete(log, 1, Debug)};
debug_command({log, print}, Debug) ->
    print_log(Debug),
    {ok, Debug};
debug_command({log, get}, Debug) -> {{ok, get_log(Debug)}, Debug};
debug_command({log_to_file, false}, Debug) -> {ok, close_log_file(Debug)};
debug_command({log_to_file, File}, Debug) ->
    Rest = close_log_file(Debug),
    case open_log_file(File) of
        {ok, Fd} -> {ok, add_option(log_to_file, Fd, Rest)};
        error -> {{error, open_file}, Rest}
    end;
debug_command({statistics, true}, Debug) -> {ok, add_option(statistics, new_stats(), Debug)};
debug_command({statistics, false}, Debug) -> {ok, lists:keydelete(statistics, 1, Debug)};
debug_command({statistics, get}, Debug) ->
    {{ok, stats_report(get_debug(statistics, Debug, none))}, Debug};
debug_command(no_debug, Debug) ->
    _ = close_log_file(Debug),
    {ok, []};
debug_command({install, {Fun, FunState}}, Debug) -> {ok, add_option(Fun, FunState, Debug)};
debug_command({install, {FunId, Fun, FunState}}, Debug) ->
    {ok, add_option(FunId, {Fun, FunState}, Debug)};
debug_command({remove, FunOrId}, Debug) -> {ok, lists:keydelete(FunOrId, 1, Debug)};
debug_command(_, Debug) -> {unknown_debug, Debug}.

%% An option already there is kept as it is.
add_option(Key, Data, Debug) ->
    case lists:keymember(Key, 1, Debug) of
        true -> Debug;
        false -> [{Key, Data} | Debug]
    end.

get_debug(Key, Debug, Default) ->
    case lists:keyfind(Key, 1, Debug) of
        {Key, Data} -> Data;
        false -> Default
    end.

current_ring(Debug) -> get_debug(log, Debug, ring_new(?LOG_SIZE)).

open_log_file(File) ->
    try file:open(File, [write, {encoding, utf8}]) of
        {ok, Fd} -> {ok, Fd};
        _ -> error
    catch
        _:_ -> error
    end.

close_log_file(Debug) ->
    case lists:keyfind(log_to_file, 1, Debug) of
        {log_to_file, Fd} ->
            ok = file:close(Fd),
            lists:keydelete(log_to_file, 1, Debug);
        false ->
            Debug
    end.

%% The start options' {debug, Options}: what a process begins with.
%% Options it does not know, and files it cannot open, are left out.
debug_options(Options) ->
    lists:foldl(fun debug_option/2, [], Options).

debug_option(trace, Debug) -> add_option(trace, true, Debug);
debug_option(log, Debug) -> add_option(log, ring_new(?LOG_SIZE), Debug);
debug_option({log, N}, Debug) when is_integer(N), N > 0 -> add_option(log, ring_new(N), Debug);
debug_option(statistics, Debug) -> add_option(statistics, new_stats(), Debug);
debug_option({log_to_file, File}, Debug) ->
    case open_log_file(File) of
        {ok, Fd} -> add_option(log_to_file, Fd, Debug);
        error -> Debug
    end;
debug_option({install, {Fun, FunState}}, Debug) -> add_option(Fun, FunState, Debug);
debug_option({install, {FunId, Fun, FunState}}, Debug) ->
    add_option(FunId, {Fun, FunState}, Debug);
debug_option(_, Debug) -> Debug.

%% An event of the process: each option in turn sees it.  An installed
%% fun returns (or throws) its next state, or done to remove itself; one
%% that fails is removed.
handle_debug([], _, _, _) ->
    [];
handle_debug([{trace, true} = Opt | T], FormatFun, Extra, Event) ->
    FormatFun(standard_io, Event, Extra),
    [Opt | handle_debug(T, FormatFun, Extra, Event)];
handle_debug([{log, Ring} | T], FormatFun, Extra, Event) ->
    [{log, ring_put({Event, Extra, FormatFun}, Ring)} | handle_debug(T, FormatFun, Extra, Event)];
handle_debug([{log_to_file, Fd} = Opt | T], FormatFun, Extra, Event) ->
    FormatFun(Fd, Event, Extra),
    [Opt | handle_debug(T, FormatFun, Extra, Event)];
handle_debug([{statistics, Stats} | T], FormatFun, Extra, Event) ->
    [{statistics, count_event(Event, Stats)} | handle_debug(T, FormatFun, Extra, Event)];
%% (as OTP's: a fun installed without an id whose state is a pair is
%% taken for one with an id)
handle_debug([{FunId, {Fun, FunState}} | T], FormatFun, Extra, Event) ->
    case run_debug_fun(Fun, FunState, Event, Extra) of
        done -> handle_debug(T, FormatFun, Extra, Event);
        {next, Next} -> [{FunId, {Fun, Next}} | handle_debug(T, FormatFun, Extra, Event)]
    end;
handle_debug([{Fun, FunState} | T], FormatFun, Extra, Event) ->
    case run_debug_fun(Fun, FunState, Event, Extra) of
        done -> handle_debug(T, FormatFun, Extra, Event);
        {next, Next} -> [{Fun, Next} | handle_debug(T, FormatFun, Extra, Event)]
    end.

run_debug_fun(Fun, FunState, Event, Extra) ->
    try Fun(FunState, Event, Extra) of
        done -> done;
        Next -> {next, Next}
    catch
        throw:done -> done;
        throw:Next -> {next, Next};
        _:_ -> done
    end.

print_log(Debug) ->
    lists:foreach(fun({Event, Extra, FormatFun}) -> FormatFun(standard_io, Event, Extra) end,
                  ring_items(current_ring(Debug))).

get_log(Debug) ->
    [Event || {Event, _, _} <- ring_items(current_ring(Debug))].

%% Statistics: the local time and the reductions when they were turned
%% on, messages in and out since.
new_stats() -> {erlang:localtime(), process_info(self(), reductions), 0, 0}.

count_event({in, _}, {Time, Reds, In, Out}) -> {Time, Reds, In + 1, Out};
count_event({in, _, _}, {Time, Reds, In, Out}) -> {Time, Reds, In + 1, Out};
count_event({out, _, _}, {Time, Reds, In, Out}) -> {Time, Reds, In, Out + 1};
count_event({out, _, _, _}, {Time, Reds, In, Out}) -> {Time, Reds, In, Out + 1};
count_event(_, Stats) ->
    Stats.

stats_report({Time, {reductions, Reds}, In, Out}) ->
    {reductions, Now} = process_info(self(), reductions),
    [{start_time, Time}, {current_time, erlang:localtime()}, {reductions, Now - Reds},
     {messages_in, In}, {messages_out, Out}];
stats_report(_) ->
    no_statistics.

%% The log: the last N items in a ring that sys:get_status shows, so in
%% OTP's shape.  Filling up: [Free | Newest...Oldest], Free > 0 the
%% places left.  Full: [Back | Front], Front the oldest items in order
%% and Back the newest in reverse; an item goes on Back as one leaves
%% Front, and an empty Front takes Back reversed.
ring_new(N) -> [N].

ring_put(Item, [Back | Front]) when is_list(Back) ->
    case Front of
        [_ | Older] -> [[Item | Back] | Older];
        [] ->
            [_ | Older] = lists:reverse(Back, [Item]),
            [[] | Older]
    end;
ring_put(Item, [1 | Items]) -> [[Item | Items]];
ring_put(Item, [Free | Items]) -> [Free - 1, Item | Items].

ring_items([Back | Front]) when is_list(Back) -> Front ++ lists:reverse(Back);
ring_items([_ | Items]) -> lists:reverse(Items).

%% The last N items of Ring in a ring of N places.
ring_resize(N, Ring) ->
    lists:foldl(fun ring_put/2, ring_new(N), ring_items(Ring)).
