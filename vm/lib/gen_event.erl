%% gen_event: OTP 25's event manager for the dbgsh VM, over gen (starts,
%% names, calls) and proc_lib (the process). A manager holds a list of
%% handlers, each a callback module (or {Module, Id}) with its own state;
%% every event goes to every handler, newest first. Handlers come and go
%% (add, delete, swap, a crash removes one), may be supervised by a process
%% that hears of their end as {gen_event_EXIT, Handler, Reason}, and the
%% manager answers the system messages of sys. Reports of a handler's
%% crash and of unexpected messages go to standard error (OTP sends them
%% to logger) in the text of OTP's format_log/2.
-module(gen_event).

-export([add_handler/3, add_sup_handler/3, behaviour_info/1, call/3, call/4, check_response/2,
         check_response/3, delete_handler/3, format_log/1, format_log/2, format_status/2,
         init_it/6, notify/2, receive_response/2, receive_response/3, reqids_add/3,
         reqids_new/0, reqids_size/1, reqids_to_list/1, send_request/3, send_request/5,
         start/0, start/1, start/2, start_link/0, start_link/1, start_link/2, start_monitor/0,
         start_monitor/1, start_monitor/2, stop/1, stop/3, swap_handler/3, swap_sup_handler/3,
         sync_notify/2, system_code_change/4, system_continue/3, system_get_state/1,
         system_replace_state/2, system_terminate/4, wait_response/2, wait_response/3,
         wake_hib/5, which_handlers/1]).

%% One installed handler. The field order is OTP's: sys:get_status shows
%% these tuples as they are.
-record(handler, {module, id = false, state, supervised = false}).

%% What gen:start passes as the callback module: a manager has none.
-define(NO_CALLBACK, 'no callback module').

behaviour_info(callbacks) ->
    [{init, 1}, {handle_event, 2}, {handle_call, 2}, {handle_info, 2}, {terminate, 2},
     {code_change, 3}, {format_status, 2}, {format_status, 1}];
behaviour_info(optional_callbacks) ->
    [{handle_info, 2}, {terminate, 2}, {code_change, 3}, {format_status, 1},
     {format_status, 2}].

%% ---------------------------------------------------------------------
%% Starting and stopping a manager

start() -> gen:start(?MODULE, nolink, ?NO_CALLBACK, [], []).

start(Name) when is_tuple(Name) -> gen:start(?MODULE, nolink, Name, ?NO_CALLBACK, [], []);
start(Options) when is_list(Options) -> gen:start(?MODULE, nolink, ?NO_CALLBACK, [], Options).

start(Name, Options) -> gen:start(?MODULE, nolink, Name, ?NO_CALLBACK, [], Options).

start_link() -> gen:start(?MODULE, link, ?NO_CALLBACK, [], []).

start_link(Name) when is_tuple(Name) -> gen:start(?MODULE, link, Name, ?NO_CALLBACK, [], []);
start_link(Options) when is_list(Options) -> gen:start(?MODULE, link, ?NO_CALLBACK, [], Options).

start_link(Name, Options) -> gen:start(?MODULE, link, Name, ?NO_CALLBACK, [], Options).

start_monitor() -> gen:start(?MODULE, monitor, ?NO_CALLBACK, [], []).

start_monitor(Name) when is_tuple(Name) -> gen:start(?MODULE, monitor, Name, ?NO_CALLBACK, [], []);
start_monitor(Options) when is_list(Options) ->
    gen:start(?MODULE, monitor, ?NO_CALLBACK, [], Options).

start_monitor(Name, Options) -> gen:start(?MODULE, monitor, Name, ?NO_CALLBACK, [], Options).

stop(Manager) -> gen:stop(Manager).

stop(Manager, Reason, Timeout) -> gen:stop(Manager, Reason, Timeout).

%% ---------------------------------------------------------------------
%% The client's side. Requests to the manager are gen calls labelled with
%% the caller's pid, as OTP's are, and wait forever; a call to a handler
%% waits 5 s by default and names gen_event:call in its exit reason.

add_handler(Manager, Handler, Args) -> rpc(Manager, {add_handler, Handler, Args}).

add_sup_handler(Manager, Handler, Args) ->
    rpc(Manager, {add_sup_handler, Handler, Args, self()}).

delete_handler(Manager, Handler, Args) -> rpc(Manager, {delete_handler, Handler, Args}).

swap_handler(Manager, {H1, A1}, {H2, A2}) -> rpc(Manager, {swap_handler, H1, A1, H2, A2}).

swap_sup_handler(Manager, {H1, A1}, {H2, A2}) ->
    rpc(Manager, {swap_sup_handler, H1, A1, H2, A2, self()}).

which_handlers(Manager) -> rpc(Manager, which_handlers).

sync_notify(Manager, Event) -> rpc(Manager, {sync_notify, Event}).

%% A notification never fails: to a name nobody has, it is lost, except
%% that a local name nobody has raises badarg as `!` does.
notify({global, Name}, Event) ->
    notify({via, global, Name}, Event);
notify({via, Mod, Name}, Event) ->
    catch apply(Mod, send, [Name, {notify, Event}]),
    ok;
notify(Manager, Event) ->
    Manager ! {notify, Event},
    ok.

call(Manager, Handler, Query) ->
    try gen:call(Manager, self(), {call, Handler, Query}) of
        {ok, Reply} -> Reply
    catch
        exit:Reason -> exit({Reason, {?MODULE, call, [Manager, Handler, Query]}})
    end.

call(Manager, Handler, Query, Timeout) ->
    try gen:call(Manager, self(), {call, Handler, Query}, Timeout) of
        {ok, Reply} -> Reply
    catch
        exit:Reason -> exit({Reason, {?MODULE, call, [Manager, Handler, Query, Timeout]}})
    end.

rpc(Manager, Request) ->
    {ok, Reply} = gen:call(Manager, self(), Request, infinity),
    Reply.

%% Requests to a handler without waiting. A reply {error, _} (a handler
%% that is not there, or one that crashed) is given as it is, not as
%% {reply, {error, _}}.
send_request(Manager, Handler, Request) ->
    try gen:send_request(Manager, self(), {call, Handler, Request})
    catch error:badarg -> erlang:error(badarg, [Manager, Handler, Request])
    end.

send_request(Manager, Handler, Request, Label, Ids) ->
    try gen:send_request(Manager, self(), {call, Handler, Request}, Label, Ids)
    catch error:badarg -> erlang:error(badarg, [Manager, Handler, Request, Label, Ids])
    end.

wait_response(Id, Timeout) ->
    try gen:wait_response(Id, Timeout) of
        Result -> unwrap(Result)
    catch error:badarg -> erlang:error(badarg, [Id, Timeout])
    end.

wait_response(Ids, Timeout, Delete) ->
    try gen:wait_response(Ids, Timeout, Delete) of
        Result -> unwrap(Result)
    catch error:badarg -> erlang:error(badarg, [Ids, Timeout, Delete])
    end.

receive_response(Id, Timeout) ->
    try gen:receive_response(Id, Timeout) of
        Result -> unwrap(Result)
    catch error:badarg -> erlang:error(badarg, [Id, Timeout])
    end.

receive_response(Ids, Timeout, Delete) ->
    try gen:receive_response(Ids, Timeout, Delete) of
        Result -> unwrap(Result)
    catch error:badarg -> erlang:error(badarg, [Ids, Timeout, Delete])
    end.

check_response(Msg, Id) ->
    try gen:check_response(Msg, Id) of
        Result -> unwrap(Result)
    catch error:badarg -> erlang:error(badarg, [Msg, Id])
    end.

check_response(Msg, Ids, Delete) ->
    try gen:check_response(Msg, Ids, Delete) of
        Result -> unwrap(Result)
    catch error:badarg -> erlang:error(badarg, [Msg, Ids, Delete])
    end.

unwrap({reply, {error, _} = Error}) -> Error;
unwrap({{reply, {error, _} = Error}, Label, Ids}) -> {Error, Label, Ids};
unwrap(Result) -> Result.

reqids_new() ->
    gen:reqids_new().

reqids_size(Ids) ->
    try gen:reqids_size(Ids)
    catch error:badarg -> erlang:error(badarg, [Ids])
    end.

reqids_add(Id, Label, Ids) ->
    try gen:reqids_add(Id, Label, Ids)
    catch error:badarg -> erlang:error(badarg, [Id, Label, Ids])
    end.

reqids_to_list(Ids) ->
    try gen:reqids_to_list(Ids)
    catch error:badarg -> erlang:error(badarg, [Ids])
    end.

%% ---------------------------------------------------------------------
%% The manager: started by gen:init_it/6,7. It traps exits, to hear of
%% the processes that supervise its handlers.

init_it(Starter, self, Name, Mod, Args, Options) ->
    init_it(Starter, self(), Name, Mod, Args, Options);
init_it(Starter, Parent, Name0, _, _, Options) ->
    process_flag(trap_exit, true),
    Name = gen:name(Name0),
    Debug = gen:debug_options(Name, Options),
    HibAfter = gen:hibernate_after(Options),
    proc_lib:init_ack(Starter, {ok, self()}),
    loop(Parent, Name, [], HibAfter, Debug, false).

%% Handlers: the list of #handler{}, newest first. Hib: a handler asked
%% for hibernation while handling the last message.
loop(Parent, Name, Handlers, HibAfter, Debug, true) ->
    proc_lib:hibernate(?MODULE, wake_hib, [Parent, Name, Handlers, HibAfter, Debug]);
loop(Parent, Name, Handlers, HibAfter, Debug, false) ->
    receive
        Msg -> decode(Msg, Parent, Name, Handlers, HibAfter, Debug, false)
    after HibAfter ->
            loop(Parent, Name, Handlers, HibAfter, Debug, true)
    end.

wake_hib(Parent, Name, Handlers, HibAfter, Debug) ->
    receive
        Msg -> decode(Msg, Parent, Name, Handlers, HibAfter, Debug, true)
    end.

decode({system, From, Req}, Parent, Name, Handlers, HibAfter, Debug, Hib) ->
    sys:handle_system_msg(Req, From, Parent, ?MODULE, Debug, [Name, Handlers, HibAfter, Hib], Hib);
decode({'EXIT', Parent, Reason}, Parent, Name, Handlers, _, _, _) ->
    terminate_server(Reason, Parent, Handlers, Name);
decode(Msg, Parent, Name, Handlers, HibAfter, [], _) ->
    handle_msg(Msg, Parent, Name, Handlers, HibAfter, []);
decode(Msg, Parent, Name, Handlers, HibAfter, Debug, _) ->
    Debug1 = sys:handle_debug(Debug, fun print_event/3, Name, {in, Msg}),
    handle_msg(Msg, Parent, Name, Handlers, HibAfter, Debug1).

%% How sys prints a manager's event (its only one: a message in).
print_event(Dev, {in, {notify, Event}}, Name) ->
    io:format(Dev, "*DBG* ~tp got event ~tp~n", [Name, Event]);
print_event(Dev, {in, {_, _, {call, Handler, Query}}}, Name) ->
    io:format(Dev, "*DBG* ~tp(~tp) got call ~tp~n", [Name, Handler, Query]);
print_event(Dev, {in, Msg}, Name) ->
    io:format(Dev, "*DBG* ~tp got ~tp~n", [Name, Msg]);
print_event(Dev, Event, Name) ->
    io:format(Dev, "*DBG* ~tp : ~tp~n", [Name, Event]).

handle_msg({notify, Event}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, NHandlers} = notify_all(Event, handle_event, Handlers, Name),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({_, From, {sync_notify, Event}}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, NHandlers} = notify_all(Event, handle_event, Handlers, Name),
    gen:reply(From, ok),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({'EXIT', Pid, Reason}, Parent, Name, Handlers, HibAfter, Debug) ->
    %% The end of a process that supervises handlers ends them; then the
    %% exit goes to every handler left as any other message does.
    Left = [H || H <- Handlers, not supervisor_ended(H, Pid, Reason, Name)],
    {_, NHandlers} = notify_all({'EXIT', Pid, Reason}, handle_info, Left, Name),
    loop(Parent, Name, NHandlers, HibAfter, Debug, false);
handle_msg({_, From, {call, Handler, Query}}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, Reply, NHandlers} = call_handler(Handler, Query, Handlers, Name),
    gen:reply(From, Reply),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({_, From, {add_handler, Handler, Args}}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, Reply, NHandlers} = add(new_handler(Handler, false), Args, Handlers),
    gen:reply(From, Reply),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({_, From, {add_sup_handler, Handler, Args, Sup}}, Parent, Name, Handlers, HibAfter, Debug) ->
    link(Sup),
    {Hib, Reply, NHandlers} = add(new_handler(Handler, Sup), Args, Handlers),
    gen:reply(From, Reply),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({_, From, {delete_handler, Handler, Args}}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Reply, NHandlers} =
        case take(Handler, Handlers) of
            {H, Rest} -> {terminate_handler(H, Args, delete, Name, normal), Rest};
            error -> {{error, module_not_found}, Handlers}
        end,
    gen:reply(From, Reply),
    loop(Parent, Name, NHandlers, HibAfter, Debug, false);
handle_msg({_, From, {swap_handler, H1, A1, H2, A2}}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, Reply, NHandlers} = swap(H1, A1, H2, A2, Handlers, false, Name),
    gen:reply(From, Reply),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({_, From, {swap_sup_handler, H1, A1, H2, A2, Sup}}, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, Reply, NHandlers} = swap(H1, A1, H2, A2, Handlers, Sup, Name),
    gen:reply(From, Reply),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib);
handle_msg({_, From, stop}, Parent, Name, Handlers, _, _) ->
    catch terminate_server(normal, Parent, Handlers, Name),
    gen:reply(From, ok);
handle_msg({_, From, which_handlers}, Parent, Name, Handlers, HibAfter, Debug) ->
    gen:reply(From, [handler_id(H) || H <- Handlers]),
    loop(Parent, Name, Handlers, HibAfter, Debug, false);
handle_msg({_, From, get_modules}, Parent, Name, Handlers, HibAfter, Debug) ->
    gen:reply(From, lists:usort([H#handler.module || H <- Handlers])),
    loop(Parent, Name, Handlers, HibAfter, Debug, false);
handle_msg(Other, Parent, Name, Handlers, HibAfter, Debug) ->
    {Hib, NHandlers} = notify_all(Other, handle_info, Handlers, Name),
    loop(Parent, Name, NHandlers, HibAfter, Debug, Hib).

%% The manager's end: every handler's terminate(stop, State), the links
%% to their supervisors (but the parent's) undone, then exit.
terminate_server(Reason, Parent, Handlers, Name) ->
    [terminate_handler(H, stop, stop, Name, shutdown) || H <- Handlers],
    [unlink(Sup) || #handler{supervised = Sup} <- Handlers, is_pid(Sup), Sup =/= Parent],
    exit(Reason).

supervisor_ended(#handler{supervised = Pid} = H, Pid, Reason, Name) ->
    terminate_handler(H, {stop, Reason}, {parent_terminated, {Pid, Reason}}, Name, shutdown),
    true;
supervisor_ended(_, _, _, _) ->
    false.

%% ---------------------------------------------------------------------
%% Handlers

new_handler({Mod, Id}, Sup) -> #handler{module = Mod, id = Id, supervised = Sup};
new_handler(Mod, Sup) -> #handler{module = Mod, supervised = Sup}.

handler_id(#handler{module = Mod, id = false}) -> Mod;
handler_id(#handler{module = Mod, id = Id}) -> {Mod, Id}.

is_handler({Mod, Id}, #handler{module = Mod, id = Id}) -> true;
is_handler(Mod, #handler{module = Mod, id = false}) -> true;
is_handler(_, _) -> false.

%% {Handler, the others in their order} or error.
take(Id, Handlers) -> take(Id, Handlers, []).

take(Id, [H | T], Seen) ->
    case is_handler(Id, H) of
        true -> {H, lists:reverse(Seen, T)};
        false -> take(Id, T, [H | Seen])
    end;
take(_, [], _) ->
    error.

%% {Hib, Reply, Handlers}: init's {ok, S} installs the handler first in
%% the list; anything else (an error, a throw, a crash's {'EXIT', _}) is
%% the reply and installs nothing.
add(#handler{module = Mod} = H, Args, Handlers) ->
    case catch apply(Mod, init, [Args]) of
        {ok, State} -> {false, ok, [H#handler{state = State} | Handlers]};
        {ok, State, hibernate} -> {true, ok, [H#handler{state = State} | Handlers]};
        Other -> {false, Other, Handlers}
    end.

%% swap_handler and swap_sup_handler: H1's terminate(A1, State) gives
%% what H2's init gets with A2 (error when H1 is not installed). H2 is
%% supervised by Sup, or for a plain swap by H1's supervisor.
swap(H1, A1, H2, A2, Handlers, Sup, Name) ->
    {Result, NewSup, Rest} =
        case take(H1, Handlers) of
            {#handler{supervised = Old} = H, Others} ->
                To = case Sup of
                         false -> Old;
                         _ -> Sup
                     end,
                {terminate_handler(H, A1, swapped, Name, {swapped, H2, To}), To, Others};
            error ->
                {error, Sup, Handlers}
        end,
    case is_pid(NewSup) of
        true -> link(NewSup);
        false -> ok
    end,
    case add(new_handler(H2, NewSup), {A2, Result}, Rest) of
        {Hib, ok, NHandlers} -> {Hib, ok, NHandlers};
        {Hib, What, NHandlers} -> {Hib, {error, What}, NHandlers}
    end.

%% Event (or, for handle_info, a message) to every handler in turn:
%% {Hib, Handlers left}.
notify_all(Event, Fun, [H | T], Name) ->
    case update(H, Fun, Event, Name) of
        {ok, H1} ->
            {Hib, Rest} = notify_all(Event, Fun, T, Name),
            {Hib, [H1 | Rest]};
        {hibernate, H1} ->
            {_, Rest} = notify_all(Event, Fun, T, Name),
            {true, [H1 | Rest]};
        no ->
            notify_all(Event, Fun, T, Name)
    end;
notify_all(_, _, [], _) ->
    {false, []}.

update(#handler{module = Mod, state = State} = H, Fun, Event, Name) ->
    case catch apply(Mod, Fun, [Event, State]) of
        {ok, NState} ->
            {ok, H#handler{state = NState}};
        {ok, NState, hibernate} ->
            {hibernate, H#handler{state = NState}};
        {swap_handler, A1, NState, H2, A2} ->
            swap_from_callback(H, A1, NState, H2, A2, Name);
        remove_handler ->
            terminate_handler(H, remove_handler, remove, Name, normal),
            no;
        {'EXIT', {undef, [{Mod, handle_info, [_, _], _} | _]}} ->
            report_no_handle_info(Mod, Event),
            {ok, H};
        Other ->
            terminate_handler(H, {error, Other}, Event, Name, crash),
            no
    end.

%% A callback's {swap_handler, ...}: the new handler keeps the old one's
%% supervisor. {ok, Handler} or no when its init fails.
swap_from_callback(#handler{supervised = Sup} = H, A1, State, H2, A2, Name) ->
    Result = terminate_handler(H#handler{state = State}, A1, swapped, Name, {swapped, H2, Sup}),
    #handler{module = Mod2} = New = new_handler(H2, Sup),
    case catch apply(Mod2, init, [{A2, Result}]) of
        {ok, NState} ->
            {ok, New#handler{state = NState}};
        Other ->
            %% OTP reports this with the handler's state in the reason's
            %% place: reason crash, state {error, Other}.
            end_report(New, crash, {error, Other}, Name, false),
            no
    end.

%% {Hib, Reply, Handlers} for a call to one handler.
call_handler(Id, Query, Handlers, Name) ->
    case take(Id, Handlers) of
        error ->
            {false, {error, bad_module}, Handlers};
        {#handler{module = Mod, state = State} = H, Rest} ->
            case catch apply(Mod, handle_call, [Query, State]) of
                {ok, Reply, NState} ->
                    {false, Reply, replace(Id, H#handler{state = NState}, Handlers)};
                {ok, Reply, NState, hibernate} ->
                    {true, Reply, replace(Id, H#handler{state = NState}, Handlers)};
                {swap_handler, Reply, A1, NState, H2, A2} ->
                    case swap_from_callback(H, A1, NState, H2, A2, Name) of
                        {ok, New} -> {false, Reply, replace(Id, New, Handlers)};
                        no -> {false, Reply, Rest}
                    end;
                {remove_handler, Reply} ->
                    terminate_handler(H, remove_handler, remove, Name, normal),
                    {false, Reply, Rest};
                Other ->
                    terminate_handler(H, {error, Other}, Query, Name, crash),
                    {false, {error, Other}, Rest}
            end
    end.

replace(Id, New, [H | T]) ->
    case is_handler(Id, H) of
        true -> [New | T];
        false -> [H | replace(Id, New, T)]
    end;
replace(_, New, []) ->
    [New].

%% A handler's end: its terminate(Args, State) when exported (the result,
%% or ok), a report unless How is normal, shutdown or a swap, and its
%% supervisor told {gen_event_EXIT, Handler, How}. How is crash for a
%% callback that failed, when the report and the message give what it
%% returned or raised instead (Args is {error, That}).
terminate_handler(#handler{module = Mod, state = State} = H, Args, LastIn, Name, How) ->
    Result = case erlang:function_exported(Mod, terminate, 2) of
                 true -> catch apply(Mod, terminate, [Args, State]);
                 false -> ok
             end,
    Reason = case {How, Args} of
                 {crash, {error, Why}} -> Why;
                 _ -> How
             end,
    end_report(H, Reason, State, LastIn, Name),
    Result.

end_report(H, Reason, State, LastIn, Name) ->
    case Reason of
        normal -> ok;
        shutdown -> ok;
        {swapped, _, _} -> ok;
        _ -> report_crash(H, Reason, State, LastIn, Name)
    end,
    case H#handler.supervised of
        false -> ok;
        Sup -> Sup ! {gen_event_EXIT, handler_id(H), Reason}
    end,
    ok.

%% ---------------------------------------------------------------------
%% sys callbacks. Misc is [Name, Handlers, HibernateAfter, Hib] as in OTP.

system_continue(Parent, Debug, [Name, Handlers, HibAfter, Hib]) ->
    loop(Parent, Name, Handlers, HibAfter, Debug, Hib).

system_terminate(Reason, Parent, _Debug, [Name, Handlers, _, _]) ->
    terminate_server(Reason, Parent, Handlers, Name).

system_code_change([Name, Handlers, HibAfter, Hib], Module, OldVsn, Extra) ->
    NHandlers = [case H of
                     #handler{module = Module, state = State} ->
                         {ok, NState} = apply(Module, code_change, [OldVsn, State, Extra]),
                         H#handler{state = NState};
                     _ ->
                         H
                 end || H <- Handlers],
    {ok, [Name, NHandlers, HibAfter, Hib]}.

%% The state is a list of {Module, Id, State}, Id false for a handler
%% added as a bare module.
system_get_state([_, Handlers, _, _]) ->
    {ok, [{Mod, Id, State} || #handler{module = Mod, id = Id, state = State} <- Handlers]}.

%% The fun sees each handler's {Module, Id, State}; a handler whose fun
%% fails, or returns another module or id, keeps its state.
system_replace_state(Fun, [Name, Handlers, HibAfter, Hib]) ->
    {NHandlers, States} =
        lists:unzip([begin
                         Cur = {Mod, Id, State},
                         try Fun(Cur) of
                             {Mod, Id, NState} = New -> {H#handler{state = NState}, New};
                             _ -> {H, Cur}
                         catch
                             _:_ -> {H, Cur}
                         end
                     end || #handler{module = Mod, id = Id, state = State} = H <- Handlers]),
    {ok, States, [Name, NHandlers, HibAfter, Hib]}.

format_status(Opt, [PDict, SysState, Parent, Debug, [Name, Handlers, _, _]]) ->
    Header = gen:format_status_header("Status for event handler", Name),
    {Shown, Log} =
        lists:mapfoldl(fun(#handler{module = Mod, state = State} = H, Log0) ->
                               Status = gen:format_status(Mod, Opt, #{log => Log0, state => State},
                                                          [PDict, State]),
                               {H#handler{state = maps:get('$status', Status,
                                                           maps:get(state, Status))},
                                maps:get(log, Status)}
                       end, sys:get_log(Debug), Handlers),
    [{header, Header},
     {data, [{"Status", SysState}, {"Logged Events", Log}, {"Parent", Parent}]},
     {items, {"Installed handlers", Shown}}].

%% ---------------------------------------------------------------------
%% Reports: OTP's logger events (label, fields, domain [otp], report_cb
%% format_log/2, and format_log/1 for error_logger's handlers)

report_crash(H, Exit, State, LastIn, Name) ->
    %% Exit comes from a catch: format_status sees the reason without its
    %% 'EXIT' and stack, which the report puts back.
    {Reason, Wrap} = case Exit of
                         {'EXIT', {R, Stack}} -> {R, fun(X) -> {'EXIT', {X, Stack}} end};
                         {'EXIT', R} -> {R, fun(X) -> {'EXIT', X} end};
                         R -> {R, fun(X) -> X end}
                     end,
    Status = gen:format_status(H#handler.module, terminate,
                               #{state => State, message => LastIn, reason => Reason},
                               [get(), State]),
    Report = #{label => {gen_event, terminate}, handler => handler_id(H), name => Name,
               last_message => maps:get(message, Status),
               state => maps:get('$status', Status, maps:get(state, Status)),
               reason => Wrap(maps:get(reason, Status))},
    log_report(error, error, Report).

report_no_handle_info(Mod, Msg) ->
    log_report(warning, warning_msg,
               #{label => {gen_event, no_handle_info}, module => Mod, message => Msg}).

log_report(Level, Tag, Report) ->
    dbgsh_report:log(?MODULE, Level, #{mfa => {?MODULE, log_report, 3}, line => ?LINE,
                                       file => ?FILE}, Report,
                     #{domain => [otp], report_cb => fun gen_event:format_log/2,
                       error_logger => #{tag => Tag, report_cb => fun gen_event:format_log/1}}).

%% format_log/1 is error_logger's report_cb: {Format, Args} at
%% error_logger's format depth, the terms cut to it beforehand.
format_log(Report) ->
    dbgsh_report:format_log(Report, fun limit_report/2, fun multi_line/2).

limit_report(#{label := {gen_event, terminate}, last_message := Msg, state := State,
               reason := Reason} = Report, Depth) ->
    Report#{last_message := io_lib:limit_term(Msg, Depth),
            state := io_lib:limit_term(State, Depth),
            reason := io_lib:limit_term(Reason, Depth)};
limit_report(#{label := {gen_event, no_handle_info}, message := Msg} = Report, Depth) ->
    Report#{message := io_lib:limit_term(Msg, Depth)}.

%% format_log/2, every other handler's.
format_log(Report, Options) ->
    dbgsh_report:format_log(Report, Options, fun single_line/2, fun multi_line/2).

single_line(#{label := {gen_event, terminate}, handler := Handler, name := Name,
              last_message := LastIn, state := State, reason := Reason}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {lists:append(["Generic event handler ", P, " crashed. Installed: ", P, ". Last event: ", P,
                   ". State: ", P, ". Reason: ", P, "."]),
     dbgsh_report:with_depth([Handler, Name, LastIn, State, fix_reason(Reason)], Opts)};
single_line(#{label := {gen_event, no_handle_info}, module := Mod, message := Msg}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {lists:append(["Undefined handle_info in ", P, ". Unhandled message: ", P, "."]),
     dbgsh_report:with_depth([Mod, Msg], Opts)};
single_line(Report, Opts) ->
    multi_line(Report, Opts).

multi_line(#{label := {gen_event, terminate}, handler := Handler, name := Name,
             last_message := LastIn, state := State, reason := Reason}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {lists:append(["** gen_event handler ", P, " crashed.\n", "** Was installed in ", P, "\n",
                   "** Last event was: ", P, "\n", "** When handler state == ", P, "\n",
                   "** Reason == ", P, "\n"]),
     dbgsh_report:with_depth([Handler, Name, LastIn, State, fix_reason(Reason)], Opts)};
multi_line(#{label := {gen_event, no_handle_info}, module := Mod, message := Msg}, Opts) ->
    %% OTP's text: the module always ~p
    {"** Undefined handle_info in ~p\n** Unhandled message: " ++ dbgsh_report:directive(Opts)
     ++ "\n",
     [Mod | dbgsh_report:with_depth([Msg], Opts)]}.

%% An undef from a callback says whether the module could not be loaded
%% or the function is not exported.
fix_reason({'EXIT', {undef, [{M, F, A, _} | _] = MFAs} = Reason}) ->
    case code:is_loaded(M) of
        false ->
            {'module could not be loaded', MFAs};
        _ ->
            case erlang:function_exported(M, F, length(A)) of
                true -> Reason;
                false -> {'function not exported', MFAs}
            end
    end;
fix_reason({'EXIT', Reason}) ->
    Reason;
fix_reason(Reason) ->
    Reason.
