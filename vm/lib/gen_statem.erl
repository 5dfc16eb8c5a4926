%% gen_statem: OTP 25's generic state machine for the dbgsh VM, over gen
%% (starts, names, calls) and proc_lib (the process): both callback modes,
%% state enter calls, postponed and inserted events, event, state, generic
%% and zero timeouts, callback module stacks, sys's system messages and
%% OTP's exit reasons.  The report of a machine's end goes to standard
%% error (OTP sends it to logger), in the text of OTP's format_log/2.
-module(gen_statem).

-export([behaviour_info/1, call/2, call/3, cast/2, check_response/2, check_response/3,
         enter_loop/4, enter_loop/5, enter_loop/6, format_log/1, format_log/2,
         format_status/2, init_it/6, receive_response/1, receive_response/2,
         receive_response/3, reply/1, reply/2, reqids_add/3, reqids_new/0,
         reqids_size/1, reqids_to_list/1, send_request/2, send_request/4, start/3,
         start/4, start_link/3, start_link/4, start_monitor/3, start_monitor/4, stop/1,
         stop/3, system_code_change/4, system_continue/3, system_get_state/1,
         system_replace_state/2, system_terminate/4, wait_response/1, wait_response/2,
         wait_response/3, wakeup_from_hibernate/3]).

-define(REL_TIME(T), (T =:= infinity orelse (is_integer(T) andalso T >= 0))).
-define(ABS_TIME(T), (T =:= infinity orelse is_integer(T))).

%% What changes rarely: the callback modules (the one in use first), the
%% mode they asked for, the parent, the name and hibernate_after.
-record(params, {mode = state_functions, enter = false, parent, modules = [], name,
                 hib_after = infinity, debug = []}).

%% The machine between events: its state and data, the postponed events
%% (the last postponed first), the running timeouts (Type => {TimerRef,
%% Msg}, TimerRef `zero` for a timeout of 0 ms), the zero timeouts in the
%% order they fire, and whether to hibernate before the next receive.
-record(machine, {state, data, postponed = [], timers = #{}, zeros = [],
                  hibernate = false}).

%% What a callback's actions collect for the transition: the inserted
%% events and the timeouts (both the last one first), hibernate, postpone.
-record(acc, {events = [], timeouts = [], hibernate = false, postpone = false}).

%% The callbacks a gen_statem module defines (what OTP's compiler makes of
%% gen_statem's -callback attributes).
behaviour_info(callbacks) ->
    [{init, 1}, {callback_mode, 0}, {state_name, 3}, {handle_event, 4}, {terminate, 3},
     {code_change, 4}, {format_status, 2}, {format_status, 1}];
behaviour_info(optional_callbacks) ->
    [{format_status, 1}, {format_status, 2}, {terminate, 3}, {code_change, 4},
     {state_name, 3}, {handle_event, 4}].

%% ---------------------------------------------------------------------
%% The client's side

start(Mod, Args, Options) ->
    gen:start(gen_statem, nolink, Mod, Args, Options).

start(Name, Mod, Args, Options) ->
    gen:start(gen_statem, nolink, Name, Mod, Args, Options).

start_link(Mod, Args, Options) ->
    gen:start(gen_statem, link, Mod, Args, Options).

start_link(Name, Mod, Args, Options) ->
    gen:start(gen_statem, link, Name, Mod, Args, Options).

start_monitor(Mod, Args, Options) ->
    gen:start(gen_statem, monitor, Mod, Args, Options).

start_monitor(Name, Mod, Args, Options) ->
    gen:start(gen_statem, monitor, Name, Mod, Args, Options).

stop(Server) ->
    gen:stop(Server).

stop(Server, Reason, Timeout) ->
    gen:stop(Server, Reason, Timeout).

%% A cast never fails: to a name nobody has, it is lost.
cast(Server, Msg) when is_pid(Server); is_atom(Server) ->
    send_quietly(Server, {'$gen_cast', Msg});
cast({global, Name}, Msg) ->
    cast({via, global, Name}, Msg);
cast({via, Mod, Name}, Msg) ->
    try apply(Mod, send, [Name, {'$gen_cast', Msg}]) of
        _ -> ok
    catch
        _:_ -> ok
    end;
cast({Name, Node} = Server, Msg) when is_atom(Name), is_atom(Node) ->
    send_quietly(Server, {'$gen_cast', Msg}).

send_quietly(Dest, Msg) ->
    try erlang:send(Dest, Msg)
    catch error:_ -> ok
    end,
    ok.

%% A call waits for ever unless told otherwise.  A plain or
%% {clean_timeout, T} timeout to anything but a local pid or {Name, node()}
%% goes through a proxy process, so that a late reply dies with the proxy;
%% {dirty_timeout, T} calls directly.
call(Server, Request) ->
    call(Server, Request, infinity).

call(Server, Request, infinity) ->
    direct_call(Server, Request, infinity, infinity);
call(Server, Request, {dirty_timeout, T} = Timeout) ->
    direct_call(Server, Request, Timeout, T);
call(Server, Request, {clean_timeout, T} = Timeout) ->
    clean_call(Server, Request, Timeout, T);
call(Server, Request, {_, _} = Timeout) ->
    erlang:error(badarg, [Server, Request, Timeout]);
call(Server, Request, Timeout) ->
    clean_call(Server, Request, Timeout, Timeout).

direct_call(Server, Request, Timeout, T) ->
    try gen:call(Server, '$gen_call', Request, T) of
        {ok, Reply} -> Reply
    catch
        exit:Reason:Stack ->
            erlang:raise(exit, {Reason, {gen_statem, call, [Server, Request, Timeout]}}, Stack)
    end.

clean_call(Server, Request, Timeout, T) when is_pid(Server) ->
    case node(Server) =:= node() of
        true -> direct_call(Server, Request, Timeout, T);
        false -> proxy_call(Server, Request, Timeout, T)
    end;
clean_call({Name, Node} = Server, Request, Timeout, T) when is_atom(Name), Node =:= node() ->
    direct_call(Server, Request, Timeout, T);
clean_call(Server, Request, Timeout, T) ->
    proxy_call(Server, Request, Timeout, T).

proxy_call(Server, Request, Timeout, T) ->
    Tag = make_ref(),
    Self = self(),
    Proxy = spawn(fun() ->
                          Self ! try gen:call(Server, '$gen_call', Request, T) of
                                     Result -> {Tag, Result}
                                 catch
                                     Class:Reason:Stack -> {Tag, Class, Reason, Stack}
                                 end
                  end),
    Mref = erlang:monitor(process, Proxy),
    receive
        {Tag, {ok, Reply}} ->
            erlang:demonitor(Mref, [flush]),
            Reply;
        {Tag, exit, Reason, Stack} ->
            erlang:demonitor(Mref, [flush]),
            erlang:raise(exit, {Reason, {gen_statem, call, [Server, Request, Timeout]}}, Stack);
        {Tag, Class, Reason, Stack} ->
            erlang:demonitor(Mref, [flush]),
            erlang:raise(Class, Reason, Stack);
        {'DOWN', Mref, _, _, Reason} ->
            exit(Reason)
    end.

reply({reply, From, Reply}) ->
    reply(From, Reply);
reply(Replies) when is_list(Replies) ->
    reply_all(Replies).

reply_all([{reply, From, Reply} | Replies]) ->
    reply(From, Reply),
    reply_all(Replies);
reply_all([]) ->
    ok.

reply(From, Reply) ->
    gen:reply(From, Reply).

send_request(Server, Request) ->
    try gen:send_request(Server, '$gen_call', Request)
    catch error:badarg -> erlang:error(badarg, [Server, Request])
    end.

send_request(Server, Request, Label, Ids) ->
    try gen:send_request(Server, '$gen_call', Request, Label, Ids)
    catch error:badarg -> erlang:error(badarg, [Server, Request, Label, Ids])
    end.

wait_response(Id) ->
    wait_response(Id, infinity).

wait_response(Id, Timeout) ->
    try gen:wait_response(Id, Timeout)
    catch error:badarg -> erlang:error(badarg, [Id, Timeout])
    end.

wait_response(Ids, Timeout, Delete) ->
    try gen:wait_response(Ids, Timeout, Delete)
    catch error:badarg -> erlang:error(badarg, [Ids, Timeout, Delete])
    end.

receive_response(Id) ->
    receive_response(Id, infinity).

receive_response(Id, Timeout) ->
    try gen:receive_response(Id, Timeout)
    catch error:badarg -> erlang:error(badarg, [Id, Timeout])
    end.

receive_response(Ids, Timeout, Delete) ->
    try gen:receive_response(Ids, Timeout, Delete)
    catch error:badarg -> erlang:error(badarg, [Ids, Timeout, Delete])
    end.

check_response(Msg, Id) ->
    try gen:check_response(Msg, Id)
    catch error:badarg -> erlang:error(badarg, [Msg, Id])
    end.

check_response(Msg, Ids, Delete) ->
    try gen:check_response(Msg, Ids, Delete)
    catch error:badarg -> erlang:error(badarg, [Msg, Ids, Delete])
    end.

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
%% Turning the calling process (started by proc_lib) into a state machine,
%% as if its init/1 had returned {ok, State, Data, Actions}

enter_loop(Mod, Options, State, Data) ->
    enter_loop(Mod, Options, State, Data, self()).

enter_loop(Mod, Options, State, Data, Actions) when is_list(Actions) ->
    enter_loop(Mod, Options, State, Data, self(), Actions);
enter_loop(Mod, Options, State, Data, Server) ->
    enter_loop(Mod, Options, State, Data, Server, []).

enter_loop(Mod, Options, State, Data, Server, Actions) ->
    is_atom(Mod) orelse erlang:error({atom, Mod}),
    Parent = gen:get_parent(),
    Name = gen:get_proc_name(Server),
    start_machine(Parent, Mod, Name, gen:hibernate_after(Options), gen:debug_options(Name, Options),
                  State, Data, Actions).

%% ---------------------------------------------------------------------
%% The machine: started by gen:init_it/6,7

init_it(Starter, self, Server, Mod, Args, Options) ->
    init_it(Starter, self(), Server, Mod, Args, Options);
init_it(Starter, Parent, Server, Mod, Args, Options) ->
    Name = gen:get_proc_name(Server),
    HibAfter = gen:hibernate_after(Options),
    Debug = gen:debug_options(Name, Options),
    Result = try
                 {ok, apply(Mod, init, [Args])}
             catch
                 throw:R -> {ok, R};
                 C:R:St -> {'EXIT', C, R, St}
             end,
    case Result of
        {ok, {ok, State, Data}} ->
            proc_lib:init_ack(Starter, {ok, self()}),
            start_machine(Parent, Mod, Name, HibAfter, Debug, State, Data, []);
        {ok, {ok, State, Data, Actions}} ->
            proc_lib:init_ack(Starter, {ok, self()}),
            start_machine(Parent, Mod, Name, HibAfter, Debug, State, Data, Actions);
        {ok, {stop, Reason}} ->
            %% unregistered before the starter hears of it, so that it can
            %% start another at once
            gen:unregister_name(Server),
            proc_lib:init_ack(Starter, {error, Reason}),
            exit(Reason);
        {ok, ignore} ->
            gen:unregister_name(Server),
            proc_lib:init_ack(Starter, ignore),
            exit(normal);
        {ok, Else} ->
            gen:unregister_name(Server),
            Error = {bad_return_from_init, Else},
            proc_lib:init_ack(Starter, {error, Error}),
            report(error, Error, current_stack(),
                   #params{parent = Parent, name = Name, modules = [Mod]}, #machine{}, []),
            exit(Error);
        {'EXIT', Class, Reason, Stack} ->
            gen:unregister_name(Server),
            proc_lib:init_ack(Starter, {error, Reason}),
            report(Class, Reason, Stack,
                   #params{parent = Parent, name = Name, modules = [Mod]}, #machine{}, []),
            erlang:raise(Class, Reason, Stack)
    end.

%% init/1 and enter_loop meet here.  The actions are handled as a state
%% callback's for a made-up event, {internal, init_state}, that is then
%% consumed (never postponed); the first state enter call follows them,
%% with the initial state as the old state.
start_machine(Parent, Mod, Name, HibAfter, Debug, State, Data, Actions) ->
    P0 = #params{parent = Parent, name = Name, modules = [Mod], hib_after = HibAfter,
                 debug = Debug},
    S = #machine{state = State, data = Data},
    Q = [{internal, init_state}],
    case callback_mode(P0, [Mod]) of
        #params{} = P ->
            actions(debug(P, {enter, Mod, State}), S, Q, {State, Data}, #acc{}, true, true,
                    listify(Actions) ++ [{postpone, false}]);
        {Class, Reason, Stack} ->
            terminate(Class, Reason, Stack, P0, S, Q)
    end.

%% Mod:callback_mode() into the params, or {Class, Reason, Stack}.
callback_mode(P, [Mod | _] = Modules) ->
    try apply(Mod, callback_mode, []) of
        Result -> callback_mode_result(P, Modules, Result)
    catch
        throw:Result -> callback_mode_result(P, Modules, Result);
        Class:Reason:Stack -> {Class, Reason, Stack}
    end.

callback_mode_result(P, Modules, Result) ->
    case mode_of(listify(Result), undefined, false) of
        {undefined, _} ->
            {error, {bad_return_from_callback_mode, Result}, current_stack()};
        {bad, _} ->
            {error, {bad_return_from_callback_mode, Result}, current_stack()};
        {Mode, Enter} ->
            P#params{modules = Modules, mode = Mode, enter = Enter}
    end.

mode_of([state_functions = M | T], _, Enter) -> mode_of(T, M, Enter);
mode_of([handle_event_function = M | T], _, Enter) -> mode_of(T, M, Enter);
mode_of([state_enter | T], Mode, _) -> mode_of(T, Mode, true);
mode_of([], Mode, Enter) -> {Mode, Enter};
mode_of(_, _, Enter) -> {bad, Enter}.

%% ---------------------------------------------------------------------
%% Receiving

loop(P, #machine{hibernate = true} = S) ->
    go_hibernate(P, S);
loop(P, S) ->
    receive_event(P, S).

go_hibernate(P, S) ->
    proc_lib:hibernate(gen_statem, wakeup_from_hibernate, [P, [], S]).

wakeup_from_hibernate(P, _Debug, S) ->
    receive_event(P, S).

receive_event(#params{hib_after = HibAfter} = P, S) ->
    receive
        Msg -> message(Msg, P, S)
    after HibAfter ->
            go_hibernate(P, S)
    end.

%% A message becomes an event: a call, a cast, a timeout this machine runs
%% (the message of a timer it has cancelled or restarted, or of anyone
%% else's, is info), or info.  A system message goes to sys; the parent's
%% exit ends the machine.
message({'$gen_call', From, Request}, P, S) ->
    handle_in(P, S, {{call, From}, Request});
message({'$gen_cast', Msg}, P, S) ->
    handle_in(P, S, {cast, Msg});
message({timeout, Ref, Type} = Msg, P, #machine{timers = Timers} = S) when is_reference(Ref) ->
    case Timers of
        #{Type := {Ref, Content}} ->
            handle_in(P, S#machine{timers = maps:remove(Type, Timers)}, {Type, Content});
        _ ->
            handle_in(P, S, {info, Msg})
    end;
message({system, From, Request}, #params{parent = Parent, debug = Debug} = P, S) ->
    sys:handle_system_msg(Request, From, Parent, gen_statem, Debug, {P, S},
                          S#machine.hibernate);
message({'EXIT', Parent, Reason}, #params{parent = Parent} = P, S) ->
    terminate(exit, Reason, current_stack(), P, S, []);
message(Msg, P, S) ->
    handle_in(P, S, {info, Msg}).

%% An event from outside the queue: a message or a zero timeout.
handle_in(P, S, Event) ->
    handle(debug(P, {in, Event, S#machine.state}), S, [Event]).

%% sys's debug events (vm/lib/sys.erl): P's debug options see Event.
debug(#params{debug = []} = P, _) ->
    P;
debug(#params{debug = Debug, name = Name} = P, Event) ->
    P#params{debug = sys:handle_debug(Debug, fun print_event/3, Name, Event)}.

print_event(Dev, {in, Event, State}, Name) ->
    io:format(Dev, "*DBG* ~tp receive ~ts in state ~tp~n", [Name, event_string(Event), State]);
print_event(Dev, {out, Reply, {To, _}}, Name) ->
    io:format(Dev, "*DBG* ~tp send ~tp to ~tw~n", [Name, Reply, To]);
print_event(Dev, {enter, Mod, State}, Name) ->
    io:format(Dev, "*DBG* ~tp enter ~tp in state ~tp~n", [Name, Mod, State]);
print_event(Dev, {module, Mod, State}, Name) ->
    io:format(Dev, "*DBG* ~tp module ~tp in state ~tp~n", [Name, Mod, State]);
print_event(Dev, {start_timer, Action, State}, Name) ->
    io:format(Dev, "*DBG* ~tp start_timer ~tp in state ~tp~n", [Name, Action, State]);
print_event(Dev, {insert_timeout, Event, State}, Name) ->
    io:format(Dev, "*DBG* ~tp insert_timeout ~tp in state ~tp~n", [Name, Event, State]);
print_event(Dev, {terminate, Reason, State}, Name) ->
    io:format(Dev, "*DBG* ~tp terminate ~tp in state ~tp~n", [Name, Reason, State]);
print_event(Dev, {Tag, Event, State, NextState}, Name) when Tag =:= postpone; Tag =:= consume ->
    States = case NextState of
                 State -> io_lib:format("~tp", [State]);
                 _ -> io_lib:format("~tp => ~tp", [State, NextState])
             end,
    io:format(Dev, "*DBG* ~tp ~tw ~ts in state ~ts~n", [Name, Tag, event_string(Event), States]).

event_string({{call, {Pid, _}}, Request}) -> io_lib:format("call ~tp from ~tw", [Request, Pid]);
event_string({Type, Content}) -> io_lib:format("~tw ~tp", [Type, Content]).

%% ---------------------------------------------------------------------
%% One event: the state callback, its actions, the state enter call, the
%% transition.  Q is the event queue, the event being handled first.

handle(P, #machine{hibernate = Hib} = S, [Event | _] = Q) ->
    %% a transition asked to hibernate but events were waiting: collect
    %% the garbage hibernating would have collected
    Hib andalso garbage_collect(),
    state_callback(P, S, Q, {S#machine.state, S#machine.data}, #acc{}, true, Event).

%% StateCall is false for a state enter call: Event is then {enter, OldState}.
state_callback(#params{mode = Mode, modules = [Mod | _]} = P, S, Q, {State, Data} = SD, Acc,
               StateCall, {Type, Content}) ->
    try
        case Mode of
            state_functions -> apply(Mod, State, [Type, Content, Data]);
            handle_event_function -> apply(Mod, handle_event, [Type, Content, State, Data])
        end
    of
        Result -> callback_result(P, S, Q, SD, Acc, StateCall, Result)
    catch
        throw:Result -> callback_result(P, S, Q, SD, Acc, StateCall, Result);
        Class:Reason:Stack -> terminate(Class, Reason, Stack, P, S, Q)
    end.

callback_result(P, S, Q, SD, Acc, StateCall, Result) ->
    case transition_of(Result, SD, StateCall) of
        {go, NextSD, CallEnter, Actions} ->
            actions(P, S, Q, NextSD, Acc, CallEnter, StateCall, listify(Actions));
        {stop, Reason, NextSD} ->
            terminate(exit, Reason, current_stack(), P, with(S, NextSD), Q);
        {stop_and_reply, Reason, Replies, NextSD} ->
            stop_and_reply(Reason, listify(Replies), P, with(S, NextSD), Q);
        {bad, Reason} ->
            terminate(error, Reason, current_stack(), P, with(S, SD), Q)
    end.

%% A callback's result: {go, {NextState, NextData}, CallEnter, Actions},
%% a stop, or {bad, Reason}.  A state enter call may not change the state.
transition_of(Result, {State, Data}, StateCall) ->
    case Result of
        {next_state, State, NData} -> {go, {State, NData}, false, []};
        {next_state, NState, NData} when StateCall -> {go, {NState, NData}, true, []};
        {next_state, _, _} -> {bad, {bad_state_enter_return_from_state_function, Result}};
        {next_state, State, NData, Actions} -> {go, {State, NData}, false, Actions};
        {next_state, NState, NData, Actions} when StateCall -> {go, {NState, NData}, true, Actions};
        {next_state, _, _, _} -> {bad, {bad_state_enter_return_from_state_function, Result}};
        {keep_state, NData} -> {go, {State, NData}, false, []};
        {keep_state, NData, Actions} -> {go, {State, NData}, false, Actions};
        keep_state_and_data -> {go, {State, Data}, false, []};
        {keep_state_and_data, Actions} -> {go, {State, Data}, false, Actions};
        {repeat_state, NData} -> {go, {State, NData}, true, []};
        {repeat_state, NData, Actions} -> {go, {State, NData}, true, Actions};
        repeat_state_and_data -> {go, {State, Data}, true, []};
        {repeat_state_and_data, Actions} -> {go, {State, Data}, true, Actions};
        stop -> {stop, normal, {State, Data}};
        {stop, Reason} -> {stop, Reason, {State, Data}};
        {stop, Reason, NData} -> {stop, Reason, {State, NData}};
        {stop_and_reply, Reason, Replies} -> {stop_and_reply, Reason, Replies, {State, Data}};
        {stop_and_reply, Reason, Replies, NData} ->
            {stop_and_reply, Reason, Replies, {State, NData}};
        _ -> {bad, {bad_return_from_state_function, Result}}
    end.

with(S, {State, Data}) ->
    S#machine{state = State, data = Data}.

stop_and_reply(Reason, [{reply, {To, _} = From, Reply} | Replies], P, S, Q) when is_pid(To) ->
    reply(From, Reply),
    stop_and_reply(Reason, Replies, debug(P, {out, Reply, From}), S, Q);
stop_and_reply(Reason, [], P, S, Q) ->
    terminate(exit, Reason, current_stack(), P, S, Q);
stop_and_reply(_, [Bad | _], P, S, Q) ->
    terminate(error, {bad_reply_action_from_state_function, Bad}, current_stack(), P, S, Q).

%% The actions, in order.  Replies are sent at once; the options
%% (hibernate, postpone) keep the last value given; inserted events and
%% timeouts are collected for the transition.  Then, if the state changed
%% (or repeat_state asked for it) and the mode has state_enter, the state
%% enter call, whose actions add to the same collection.
actions(P, S, Q, SD, Acc, CallEnter, StateCall, [Action | Actions]) ->
    Bad = fun(Kind) ->
                  terminate(error, {Kind, Action}, current_stack(), P, with(S, SD), Q)
          end,
    Next = fun(NP, NAcc) -> actions(NP, S, Q, SD, NAcc, CallEnter, StateCall, Actions) end,
    case Action of
        {reply, {To, _} = From, Reply} when is_pid(To) ->
            reply(From, Reply),
            Next(debug(P, {out, Reply, From}), Acc);
        {reply, _, _} ->
            Bad(bad_action_from_state_function);
        {hibernate, H} when is_boolean(H) ->
            Next(P, Acc#acc{hibernate = H});
        hibernate ->
            Next(P, Acc#acc{hibernate = true});
        {postpone, false} ->
            Next(P, Acc#acc{postpone = false});
        {postpone, true} when StateCall ->
            Next(P, Acc#acc{postpone = true});
        postpone when StateCall ->
            Next(P, Acc#acc{postpone = true});
        postpone ->
            Bad(bad_state_enter_action_from_state_function);
        {next_event, Type, Content} ->
            case event_type(Type) of
                true when StateCall ->
                    Next(debug(P, {in, {Type, Content}, element(1, SD)}),
                         Acc#acc{events = [{Type, Content} | Acc#acc.events]});
                true ->
                    Bad(bad_state_enter_action_from_state_function);
                false when StateCall ->
                    Bad(bad_action_from_state_function);
                false ->
                    Bad(bad_state_enter_action_from_state_function)
            end;
        {Change, Mod} when Change =:= change_callback_module, is_atom(Mod);
                           Change =:= push_callback_module, is_atom(Mod) ->
            Modules = P#params.modules,
            new_modules(case Change of
                            change_callback_module -> [Mod | tl(Modules)];
                            push_callback_module -> [Mod | Modules]
                        end, StateCall, P, Next, Bad, Acc, S, SD, Q);
        pop_callback_module when tl(P#params.modules) =/= [] ->
            new_modules(tl(P#params.modules), StateCall, P, Next, Bad, Acc, S, SD, Q);
        _ ->
            case timeout_action(Action) of
                bad -> Bad(bad_action_from_state_function);
                Timeout -> Next(P, Acc#acc{timeouts = [Timeout | Acc#acc.timeouts]})
            end
    end;
actions(#params{enter = true} = P, S, Q, SD, Acc, true, _, []) ->
    state_callback(P, S, Q, SD, Acc, false, {enter, S#machine.state});
actions(P, S, Q, SD, Acc, _, _, []) ->
    transition(P, S, Q, SD, Acc).

new_modules(_, false, _, _, Bad, _, _, _, _) ->
    Bad(bad_state_enter_action_from_state_function);
new_modules([Mod | _] = Modules, true, P, Next, _, Acc, S, SD, Q) ->
    case callback_mode(P, Modules) of
        #params{} = NP -> Next(debug(NP, {module, Mod, element(1, SD)}), Acc);
        {Class, Reason, Stack} -> terminate(Class, Reason, Stack, P, with(S, SD), Q)
    end.

event_type({call, {To, _}}) -> is_pid(To);
event_type(cast) -> true;
event_type(info) -> true;
event_type(internal) -> true;
event_type(Type) -> timeout_type(Type).

timeout_type(timeout) -> true;
timeout_type(state_timeout) -> true;
timeout_type({timeout, _}) -> true;
timeout_type(_) -> false.

%% A timeout action as {Type, Time, Msg, StartTimerOptions}, Time being a
%% time in ms (absolute when the options say so), infinity (cancel) or
%% update; or bad.  A bare time is an event timeout whose message is the
%% time itself.
timeout_action({Type, Time, Msg, Opts}) ->
    Options = listify(Opts),
    case timeout_type(Type) of
        true ->
            case abs_option(Options, false) of
                true when ?ABS_TIME(Time) -> {Type, Time, Msg, Options};
                false when ?REL_TIME(Time) -> {Type, Time, Msg, Options};
                _ -> bad
            end;
        false ->
            bad
    end;
timeout_action({Type, Time, Msg}) ->
    case timeout_type(Type) of
        true when ?REL_TIME(Time); Time =:= update -> {Type, Time, Msg, []};
        _ -> bad
    end;
timeout_action({Type, cancel}) ->
    case timeout_type(Type) of
        true -> {Type, infinity, undefined, []};
        false -> bad
    end;
timeout_action(Time) when ?REL_TIME(Time) ->
    {timeout, Time, Time, []};
timeout_action(_) ->
    bad.

abs_option([], Abs) -> Abs;
abs_option([{abs, Abs} | T], _) when is_boolean(Abs) -> abs_option(T, Abs);
abs_option(_, _) -> bad.

%% ---------------------------------------------------------------------
%% The transition: the event is consumed or postponed; a new state retries
%% the postponed events (oldest first, before the queued ones) and cancels
%% the state timeout; any transition cancels the event timeout.  Then the
%% timeouts of the actions start, and the inserted events go first in the
%% queue.

transition(P0, #machine{state = State, postponed = Postponed0, timers = Timers0,
                        zeros = Zeros0} = S, [Event | Events], {NState, NData}, Acc) ->
    {Postponed, P1} =
        case Acc#acc.postpone of
            true -> {[Event | Postponed0], debug(P0, {postpone, Event, State, NState})};
            false -> {Postponed0, debug(P0, {consume, Event, State, NState})}
        end,
    {Queue, NPostponed, {Timers1, Zeros1}} =
        case NState =:= State of
            true ->
                {Events, Postponed, cancel(timeout, {Timers0, Zeros0})};
            false ->
                {lists:reverse(Postponed, Events), [],
                 cancel(timeout, cancel(state_timeout, {Timers0, Zeros0}))}
        end,
    {Timers, Zeros, P} = start_timeouts(Acc#acc.timeouts, #{}, Timers1, Zeros1, [], P1, NState),
    done(P, S#machine{state = NState, data = NData, postponed = NPostponed, timers = Timers,
                      zeros = Zeros, hibernate = Acc#acc.hibernate},
         lists:reverse(Acc#acc.events, Queue)).

%% The queue's next event; when there is none, the first zero timeout;
%% when there is none either, the next message.
done(P, S, [_ | _] = Q) ->
    handle(P, S, Q);
done(P, #machine{zeros = [Type | Zeros], timers = Timers} = S, []) ->
    {zero, Content} = maps:get(Type, Timers),
    handle_in(P, S#machine{timers = maps:remove(Type, Timers), zeros = Zeros}, {Type, Content});
done(P, S, []) ->
    loop(P, S).

%% Timeouts, the last one set first: only that one of each type counts.
%% Zero timeouts fire after those already waiting, in the order they were
%% set; update changes a running timeout's message, or starts a zero one.
start_timeouts([], _, Timers, Zeros, NewZeros, P, _) ->
    {Timers, Zeros ++ NewZeros, P};
start_timeouts([{Type, _, _, _} | Rest], Seen, Timers, Zeros, NewZeros, P, NState)
  when is_map_key(Type, Seen) ->
    start_timeouts(Rest, Seen, Timers, Zeros, NewZeros, P, NState);
start_timeouts([{Type, Time, Msg, Opts} = Timeout | Rest], Seen0, Timers0, Zeros0, NewZeros, P0,
               NState) ->
    Seen = Seen0#{Type => true},
    case Time of
        infinity ->
            {Timers, Zeros} = cancel(Type, {Timers0, Zeros0}),
            start_timeouts(Rest, Seen, Timers, Zeros, NewZeros, P0, NState);
        update ->
            case Timers0 of
                #{Type := {Ref, _}} ->
                    start_timeouts(Rest, Seen, Timers0#{Type := {Ref, Msg}}, Zeros0, NewZeros, P0,
                                   NState);
                _ ->
                    start_timeouts(Rest, Seen, Timers0#{Type => {zero, Msg}}, Zeros0,
                                   [Type | NewZeros], P0, NState)
            end;
        0 ->
            P = debug(P0, {start_timer, Timeout, NState}),
            {Timers, Zeros} = cancel(Type, {Timers0, Zeros0}),
            start_timeouts(Rest, Seen, Timers#{Type => {zero, Msg}}, Zeros, [Type | NewZeros], P,
                           NState);
        _ ->
            Ref = erlang:start_timer(Time, self(), Type, Opts),
            P = debug(P0, {start_timer, Timeout, NState}),
            {Timers, Zeros} = cancel(Type, {Timers0, Zeros0}),
            start_timeouts(Rest, Seen, Timers#{Type => {Ref, Msg}}, Zeros, NewZeros, P, NState)
    end.

%% Stops a running timeout of that type (its message, when it has already
%% come, is taken out of the mailbox).
cancel(Type, {Timers, Zeros}) ->
    case Timers of
        #{Type := {zero, _}} ->
            {maps:remove(Type, Timers), lists:delete(Type, Zeros)};
        #{Type := {Ref, _}} ->
            case erlang:cancel_timer(Ref) of
                false -> receive {timeout, Ref, _} -> ok end;
                _ -> ok
            end,
            {maps:remove(Type, Timers), Zeros};
        _ ->
            {Timers, Zeros}
    end.

%% {Count, [{Type, Msg}]} as OTP lists them (in reverse term order of
%% their types).
list_timeouts(Timers) ->
    {maps:size(Timers),
     [{Type, Msg} || {Type, {_, Msg}} <- lists:reverse(lists:sort(maps:to_list(Timers)))]}.

listify(L) when is_list(L) -> L;
listify(X) -> [X].

%% The calling process's stack, which OTP's reasons for a stop or a bad
%% value carry.  Without process_info(Pid, current_stacktrace) (not in the
%% VM yet) the stack of an exception raised here stands in for it.
current_stack() ->
    {current_stacktrace, Stack} = process_info(self(), current_stacktrace),
    lists:dropwhile(fun({M, F, _, _}) -> {M, F} =:= {gen_statem, current_stack};
                       (_) -> false
                    end, Stack).

%% ---------------------------------------------------------------------
%% The end: Mod:terminate/3 when exported (a throw from it is ignored), a
%% report unless the reason is normal, shutdown or {shutdown, _}, then the
%% process ends with Class and Reason (an error's {Reason, Stack} through
%% proc_lib).

terminate(Class, Reason, Stack, #params{modules = [Mod | _]} = P,
          #machine{state = State, data = Data} = S, Q) ->
    case erlang:function_exported(Mod, terminate, 3) of
        true ->
            try apply(Mod, terminate, [Reason, State, Data])
            catch
                throw:_ -> ok;
                C:R:St ->
                    report(C, R, St, P, S, Q),
                    erlang:raise(C, R, St)
            end;
        false ->
            ok
    end,
    case Reason of
        normal -> debug(P, {terminate, Reason, State});
        shutdown -> debug(P, {terminate, Reason, State});
        {shutdown, _} -> debug(P, {terminate, Reason, State});
        _ -> report(Class, Reason, Stack, P, S, Q)
    end,
    case {Class, Stack} of
        {exit, []} -> exit(Reason);
        {error, []} -> erlang:error(Reason);
        {throw, []} -> throw(Reason);
        _ -> erlang:raise(Class, Reason, Stack)
    end.

%% ---------------------------------------------------------------------
%% sys callbacks.  Misc is {Params, Machine}.

system_continue(Parent, Debug, {P, S}) ->
    loop(P#params{parent = Parent, debug = Debug}, S).

system_terminate(Reason, Parent, Debug, {P, S}) ->
    terminate(exit, Reason, current_stack(), P#params{parent = Parent, debug = Debug}, S, []).

system_code_change({#params{modules = [Mod | _] = Modules} = P,
                    #machine{state = State, data = Data} = S}, _Module, OldVsn, Extra) ->
    Result = try apply(Mod, code_change, [OldVsn, State, Data, Extra])
             catch throw:R -> R
             end,
    case Result of
        {ok, NState, NData} ->
            case callback_mode(P, Modules) of
                #params{} = NP -> {ok, {NP, S#machine{state = NState, data = NData}}};
                {Class, Reason, Stack} -> erlang:raise(Class, Reason, Stack)
            end;
        {ok, _} = Else ->
            erlang:error({case_clause, Else});
        Else ->
            Else
    end.

system_get_state({_, #machine{state = State, data = Data}}) ->
    {ok, {State, Data}}.

system_replace_state(Fun, {P, #machine{state = State, data = Data} = S}) ->
    {NState, NData} = New = Fun({State, Data}),
    {ok, New, {P, S#machine{state = NState, data = NData}}}.

format_status(Opt, [PDict, SysState, Parent, Debug,
                    {#params{name = Name, modules = [Mod | _] = Modules},
                     #machine{state = State, data = Data, postponed = Postponed,
                              timers = Timers}}]) ->
    {Count, Timeouts} = list_timeouts(Timers),
    Status0 = #{state => State, data => Data, postponed => Postponed, log => sys:get_log(Debug),
                timeouts => Timeouts},
    Status = case gen:format_status(Mod, Opt, Status0, [PDict, State, Data]) of
                 #{'EXIT' := R} -> Status0#{'$status' => [{data, [{"State", {State, R}}]}]};
                 #{'$status' := L} = M when is_list(L) -> M;
                 #{'$status' := T} = M -> M#{'$status' := [T]};
                 #{state := St, data := D} = M -> M#{'$status' => [{data, [{"State", {St, D}}]}]}
             end,
    [{header, gen:format_status_header("Status for state machine", Name)},
     {data, [{"Status", SysState}, {"Parent", Parent}, {"Modules", Modules},
             {"Time-outs", {Count, maps:get(timeouts, Status)}},
             {"Logged Events", maps:get(log, Status)},
             {"Postponed", maps:get(postponed, Status)}]}
     | maps:get('$status', Status)].

%% ---------------------------------------------------------------------
%% The report of a machine's end: OTP's logger event (the map of
%% format_log/1,2, domain [otp], report_cb format_log/2).

report(Class, Reason, Stack, #params{name = Name, modules = [Mod | _] = Modules, mode = Mode,
                                     enter = Enter, debug = Debug},
       #machine{state = State, data = Data, postponed = Postponed, timers = Timers}, Q) ->
    {Count, Timeouts} = list_timeouts(Timers),
    Status = gen:format_status(Mod, terminate,
                               #{reason => Reason, state => State, data => Data, queue => Q,
                                 postponed => Postponed, timeouts => Timeouts,
                                 log => sys:get_log(Debug)},
                               [get(), State, Data]),
    Shown = case Status of
                #{'$status' := S} -> S;
                #{state := St, data := D} -> {St, D}
            end,
    Report = #{label => {gen_statem, terminate}, name => Name, queue => maps:get(queue, Status),
               postponed => maps:get(postponed, Status), modules => Modules,
               callback_mode => Mode, state_enter => Enter, state => Shown,
               timeouts => {Count, maps:get(timeouts, Status)}, log => maps:get(log, Status),
               reason => {Class, maps:get(reason, Status), Stack},
               client_info => client_info(Q)},
    dbgsh_report:log(?MODULE, error, #{mfa => {?MODULE, report, 4}, line => ?LINE,
                                       file => ?FILE}, Report,
                     #{domain => [otp], report_cb => fun gen_statem:format_log/2,
                       error_logger => #{tag => error, report_cb => fun gen_statem:format_log/1}}).

%% The caller of the call being handled, for the report
%% (dbgsh_report:client_info/1).
client_info([{{call, {Pid, _}}, _} | _]) when is_pid(Pid) -> dbgsh_report:client_info(Pid);
client_info(_) -> undefined.

%% logger's report callbacks.  format_log/1 formats at error_logger's
%% format depth, the terms cut to it beforehand (an event queue's first
%% event alone, then the rest; an empty log or no timers as they are).
format_log(Report) ->
    dbgsh_report:format_log(Report, fun limit_report/2, fun multi_line/2).

limit_report(#{label := {gen_statem, terminate}, queue := Q, postponed := Postponed,
               modules := Modules, state := State, timeouts := Timeouts, log := Log,
               reason := {Class, Reason, Stack}, client_info := Client} = Report, Depth) ->
    Limit = fun(T) -> io_lib:limit_term(T, Depth) end,
    Report#{queue := case Q of
                         [Event | Events] -> [Limit(Event) | Limit(Events)];
                         _ -> []
                     end,
            postponed := case Postponed of
                             [] -> [];
                             _ -> Limit(Postponed)
                         end,
            modules := Limit(Modules),
            state := Limit(State),
            timeouts := case Timeouts of
                            {0, _} -> Timeouts;
                            _ -> Limit(Timeouts)
                        end,
            log := [Limit(T) || T <- Log],
            reason := {Class, Limit(Reason), Limit(Stack)},
            client_info := dbgsh_report:limit_client(Client, Depth)}.

format_log(Report, Options) ->
    dbgsh_report:format_log(Report, Options, fun single_line/2, fun multi_line/2).

single_line(#{label := {gen_statem, terminate}, name := Name, queue := Q, state := Shown,
              log := Log, reason := {Class, Reason0, Stack0}, client_info := Client},
            #{depth := Depth} = Opts) ->
    P = dbgsh_report:directive(Opts),
    {Reason, Stack} = fix_reason(Class, Reason0, Stack0),
    Parts = [{"State machine " ++ P ++ " terminating. Reason: " ++ P, [Name, Reason]},
             {Stack =/= [], ". Stack: " ++ P, [Stack]},
             {Q =/= [], ". Last event: " ++ P, [hd_or_none(Q)]},
             {". State: " ++ P, [Shown]},
             {Log =/= [], ". Log: " ++ P, [Log]},
             {".", []}],
    {Format, Args} = join(Parts, Depth),
    {ClientFormat, ClientArgs} = dbgsh_report:client_single(Client, Opts),
    {Format ++ ClientFormat, Args ++ ClientArgs};
single_line(Report, Opts) ->
    multi_line(Report, Opts).

multi_line(#{label := {gen_statem, terminate}, name := Name, queue := Q, postponed := Postponed,
             modules := Modules, callback_mode := Mode, state_enter := Enter, state := Shown,
             timeouts := Timeouts, log := Log, reason := {Class, Reason0, Stack0},
             client_info := Client},
           #{depth := Depth} = Opts) ->
    P = dbgsh_report:directive(Opts),
    {Reason, Stack} = fix_reason(Class, Reason0, Stack0),
    ModeShown = case Enter of
                    true -> [Mode, state_enter];
                    false -> Mode
                end,
    Parts = [{"** State machine " ++ P ++ " terminating~n", [Name]},
             {Q =/= [], "** Last event = " ++ P ++ "~n", [hd_or_none(Q)]},
             {"** When server state  = " ++ P ++ "~n", [Shown]},
             {"** Reason for termination = " ++ P ++ ":" ++ P ++ "~n", [Class, Reason]},
             {"** Callback modules = " ++ P ++ "~n", [Modules]},
             {"** Callback mode = " ++ P ++ "~n", [ModeShown]},
             {length_at_least(Q, 2), "** Queued = " ++ P ++ "~n", [tl_or_none(Q)]},
             {Postponed =/= [], "** Postponed = " ++ P ++ "~n", [Postponed]},
             {Stack =/= [], "** Stacktrace =~n**  " ++ P ++ "~n", [Stack]},
             {not no_timeouts(Timeouts), "** Time-outs: " ++ P ++ "~n", [Timeouts]},
             {Log =/= [], "** Log =~n**  " ++ P ++ "~n", [Log]}],
    {Format, Args} = join(Parts, Depth),
    {ClientFormat, ClientArgs} = dbgsh_report:client_multi(Client, Opts),
    {Format ++ ClientFormat, Args ++ ClientArgs}.

%% The parts that are shown, as one format and its arguments (each
%% followed by the depth when there is one).
join(Parts, Depth) ->
    Shown = [{F, A} || Part <- Parts,
                       {F, A} <- case Part of
                                     {true, F1, A1} -> [{F1, A1}];
                                     {false, _, _} -> [];
                                     {F1, A1} -> [{F1, A1}]
                                 end],
    {lists:append([F || {F, _} <- Shown]),
     dbgsh_report:with_depth(lists:append([A || {_, A} <- Shown]), Depth)}.

hd_or_none([H | _]) -> H;
hd_or_none(_) -> none.

tl_or_none([_ | T]) -> T;
tl_or_none(_) -> none.

length_at_least([_, _ | _], 2) -> true;
length_at_least(_, _) -> false.

no_timeouts({0, _}) -> true;
no_timeouts(_) -> false.

%% An undef says which module or function is missing, without its frame.
fix_reason(error, undef, [{M, F, Args, _} | Rest] = Stack) ->
    case code:is_loaded(M) of
        false ->
            {{'module could not be loaded', M}, Rest};
        _ ->
            Arity = case is_list(Args) of
                        true -> length(Args);
                        false -> Args
                    end,
            case erlang:function_exported(M, F, Arity) of
                true -> {undef, Stack};
                false -> {{'function not exported', {M, F, Arity}}, Rest}
            end
    end;
fix_reason(_, Reason, Stack) ->
    {Reason, Stack}.
