%% gen_server: OTP 25's generic server for the dbgsh VM, over gen (starts,
%% names, calls) and proc_lib (the process): the callback protocol (init,
%% handle_call/cast/info/continue, terminate, format_status), timeouts,
%% hibernate (through proc_lib:hibernate/3), the system messages
%% of sys and its debug events (in, out, noreply, continue), and OTP's
%% exit reasons.  Reports of a server's end and of
%% unexpected messages are logger events, as in OTP.
-module(gen_server).

-export([abcast/2, abcast/3, behaviour_info/1, call/2, call/3, cast/2, check_response/2, check_response/3,
         enter_loop/3, enter_loop/4, enter_loop/5, format_log/1, format_log/2,
         format_status/2, init_it/6,
         multi_call/2, multi_call/3, multi_call/4, receive_response/2,
         receive_response/3, reply/2, reqids_add/3, reqids_new/0, reqids_size/1,
         reqids_to_list/1, send_request/2, send_request/4, start/3, start/4,
         start_link/3, start_link/4, start_monitor/3, start_monitor/4, stop/1, stop/3,
         system_code_change/4, system_continue/3, system_get_state/1,
         system_replace_state/2, system_terminate/4, wait_response/2, wait_response/3,
         wake_hib/6]).

-define(IS_TIMEOUT(T), (T =:= infinity orelse (is_integer(T) andalso T >= 0))).

%% The callbacks a gen_server module defines (what OTP's compiler makes of
%% gen_server's -callback attributes).
behaviour_info(callbacks) ->
    [{init, 1}, {handle_call, 3}, {handle_cast, 2}, {handle_info, 2}, {handle_continue, 2},
     {terminate, 2}, {code_change, 3}, {format_status, 2}, {format_status, 1}];
behaviour_info(optional_callbacks) ->
    [{handle_info, 2}, {handle_continue, 2}, {terminate, 2}, {code_change, 3},
     {format_status, 1}, {format_status, 2}].

%% ---------------------------------------------------------------------
%% The client's side

start(Mod, Args, Options) ->
    gen:start(gen_server, nolink, Mod, Args, Options).

start(Name, Mod, Args, Options) ->
    gen:start(gen_server, nolink, Name, Mod, Args, Options).

start_link(Mod, Args, Options) ->
    gen:start(gen_server, link, Mod, Args, Options).

start_link(Name, Mod, Args, Options) ->
    gen:start(gen_server, link, Name, Mod, Args, Options).

start_monitor(Mod, Args, Options) ->
    gen:start(gen_server, monitor, Mod, Args, Options).

start_monitor(Name, Mod, Args, Options) ->
    gen:start(gen_server, monitor, Name, Mod, Args, Options).

stop(Server) ->
    gen:stop(Server).

stop(Server, Reason, Timeout) ->
    gen:stop(Server, Reason, Timeout).

call(Server, Request) ->
    case catch gen:call(Server, '$gen_call', Request) of
        {ok, Reply} -> Reply;
        {'EXIT', Reason} -> exit({Reason, {gen_server, call, [Server, Request]}})
    end.

call(Server, Request, Timeout) ->
    case catch gen:call(Server, '$gen_call', Request, Timeout) of
        {ok, Reply} -> Reply;
        {'EXIT', Reason} -> exit({Reason, {gen_server, call, [Server, Request, Timeout]}})
    end.

%% A cast never fails: to a name nobody has, it is lost.
cast({global, Name}, Request) ->
    cast({via, global, Name}, Request);
cast({via, Mod, Name}, Request) ->
    catch apply(Mod, send, [Name, {'$gen_cast', Request}]),
    ok;
cast({Name, Node} = Dest, Request) when is_atom(Name), is_atom(Node) ->
    send_quietly(Dest, {'$gen_cast', Request});
cast(Dest, Request) when is_atom(Dest); is_pid(Dest) ->
    send_quietly(Dest, {'$gen_cast', Request}).

send_quietly(Dest, Msg) ->
    try erlang:send(Dest, Msg)
    catch error:_ -> ok
    end,
    ok.

reply(From, Reply) ->
    gen:reply(From, Reply).

%% One node: the named server here, or a bad node for any other.
abcast(Name, Request) when is_atom(Name) ->
    abcast([node()], Name, Request).

abcast(Nodes, Name, Request) when is_list(Nodes), is_atom(Name) ->
    [send_quietly({Name, N}, {'$gen_cast', Request}) || N <- Nodes, is_atom(N)],
    abcast.

multi_call(Name, Request) when is_atom(Name) ->
    multi_call([node()], Name, Request, infinity).

multi_call(Nodes, Name, Request) when is_list(Nodes), is_atom(Name) ->
    multi_call(Nodes, Name, Request, infinity).

multi_call(Nodes, Name, Request, Timeout)
  when is_list(Nodes), is_atom(Name), ?IS_TIMEOUT(Timeout) ->
    lists:foldl(fun(Node, {Replies, Bad}) when Node =:= node() ->
                        try gen:call(Name, '$gen_call', Request, Timeout) of
                            {ok, Reply} -> {[{Node, Reply} | Replies], Bad}
                        catch exit:_ -> {Replies, [Node | Bad]}
                        end;
                   (Node, {Replies, Bad}) when is_atom(Node) ->
                        {Replies, [Node | Bad]};
                   (_, Acc) ->
                        Acc
                end, {[], []}, Nodes).

send_request(Server, Request) ->
    try gen:send_request(Server, '$gen_call', Request)
    catch error:badarg -> erlang:error(badarg, [Server, Request])
    end.

send_request(Server, Request, Label, Ids) ->
    try gen:send_request(Server, '$gen_call', Request, Label, Ids)
    catch error:badarg -> erlang:error(badarg, [Server, Request, Label, Ids])
    end.

wait_response(Id, Timeout) ->
    try gen:wait_response(Id, Timeout)
    catch error:badarg -> erlang:error(badarg, [Id, Timeout])
    end.

wait_response(Ids, Timeout, Delete) ->
    try gen:wait_response(Ids, Timeout, Delete)
    catch error:badarg -> erlang:error(badarg, [Ids, Timeout, Delete])
    end.

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
%% Turning the calling process (started by proc_lib) into a server

enter_loop(Mod, Options, State) when is_atom(Mod), is_list(Options) ->
    enter_loop(Mod, Options, State, self(), infinity).

enter_loop(Mod, Options, State, {Scope, _} = Name)
  when is_atom(Mod), is_list(Options), (Scope =:= local orelse Scope =:= global) ->
    enter_loop(Mod, Options, State, Name, infinity);
enter_loop(Mod, Options, State, {via, _, _} = Name) when is_atom(Mod), is_list(Options) ->
    enter_loop(Mod, Options, State, Name, infinity);
enter_loop(Mod, Options, State, How)
  when is_atom(Mod), is_list(Options), ?IS_TIMEOUT(How);
       is_atom(Mod), is_list(Options), How =:= hibernate ->
    enter_loop(Mod, Options, State, self(), How);
enter_loop(Mod, Options, State, {continue, _} = How) when is_atom(Mod), is_list(Options) ->
    enter_loop(Mod, Options, State, self(), How).

enter_loop(Mod, Options, State, Name, How)
  when is_atom(Mod), is_list(Options), ?IS_TIMEOUT(How);
       is_atom(Mod), is_list(Options), How =:= hibernate;
       is_atom(Mod), is_list(Options), element(1, How) =:= continue, tuple_size(How) =:= 2 ->
    ProcName = gen:get_proc_name(Name),
    Parent = gen:get_parent(),
    Debug = gen:debug_options(ProcName, Options),
    loop(Parent, ProcName, State, Mod, How, gen:hibernate_after(Options), Debug).

%% ---------------------------------------------------------------------
%% The server: started by gen:init_it/6,7

init_it(Starter, self, Name, Mod, Args, Options) ->
    init_it(Starter, self(), Name, Mod, Args, Options);
init_it(Starter, Parent, Name0, Mod, Args, Options) ->
    Name = gen:name(Name0),
    Debug = gen:debug_options(Name, Options),
    HibAfter = gen:hibernate_after(Options),
    case run_init(Mod, Args) of
        {ok, {ok, State}} ->
            proc_lib:init_ack(Starter, {ok, self()}),
            loop(Parent, Name, State, Mod, infinity, HibAfter, Debug);
        {ok, {ok, State, How}} when ?IS_TIMEOUT(How); How =:= hibernate ->
            proc_lib:init_ack(Starter, {ok, self()}),
            loop(Parent, Name, State, Mod, How, HibAfter, Debug);
        {ok, {ok, State, {continue, _} = How}} ->
            proc_lib:init_ack(Starter, {ok, self()}),
            loop(Parent, Name, State, Mod, How, HibAfter, Debug);
        {ok, {stop, Reason}} ->
            %% unregistered before the starter hears of it, so that it can
            %% start another at once
            gen:unregister_name(Name0),
            proc_lib:init_ack(Starter, {error, Reason}),
            exit(Reason);
        {ok, ignore} ->
            gen:unregister_name(Name0),
            proc_lib:init_ack(Starter, ignore),
            exit(normal);
        {ok, Else} ->
            Error = {bad_return_value, Else},
            proc_lib:init_ack(Starter, {error, Error}),
            exit(Error);
        {'EXIT', Class, Reason, Stack} ->
            gen:unregister_name(Name0),
            proc_lib:init_ack(Starter, {error, exit_reason(Class, Reason, Stack)}),
            erlang:raise(Class, Reason, Stack)
    end.

run_init(Mod, Args) ->
    try
        {ok, apply(Mod, init, [Args])}
    catch
        throw:R -> {ok, R};
        Class:R:Stack -> {'EXIT', Class, R, Stack}
    end.

%% How: infinity, a time in ms, hibernate or {continue, C}.  Debug is
%% sys's debug options: [] (the common case) costs one test an event.
loop(Parent, Name, State, Mod, {continue, C} = Msg, HibAfter, Debug) ->
    Debug1 = debug(Debug, Name, Msg),
    Result = dispatch(Mod, handle_continue, C, State),
    common_reply(Result, Parent, Name, undefined, Msg, Mod, HibAfter, State, Debug1);
loop(Parent, Name, State, Mod, hibernate, HibAfter, Debug) ->
    proc_lib:hibernate(gen_server, wake_hib, [Parent, Name, State, Mod, HibAfter, Debug]);
loop(Parent, Name, State, Mod, infinity, HibAfter, Debug) ->
    receive
        Msg -> decode(Msg, Parent, Name, State, Mod, infinity, HibAfter, Debug, false)
    after HibAfter ->
            loop(Parent, Name, State, Mod, hibernate, HibAfter, Debug)
    end;
loop(Parent, Name, State, Mod, Time, HibAfter, Debug) ->
    Msg = receive
              Input -> Input
          after Time ->
                  timeout
          end,
    decode(Msg, Parent, Name, State, Mod, Time, HibAfter, Debug, false).

wake_hib(Parent, Name, State, Mod, HibAfter, Debug) ->
    receive
        Msg -> decode(Msg, Parent, Name, State, Mod, hibernate, HibAfter, Debug, true)
    end.

decode({system, From, Req}, Parent, Name, State, Mod, Time, HibAfter, Debug, Hib) ->
    sys:handle_system_msg(Req, From, Parent, gen_server, Debug, [Name, State, Mod, Time, HibAfter],
                          Hib);
decode({'EXIT', Parent, Reason} = Msg, Parent, Name, State, Mod, _, _, Debug, _) ->
    terminate(exit, Reason, [], false, Name, undefined, Msg, Mod, State, Debug);
decode(Msg, Parent, Name, State, Mod, _, HibAfter, Debug, _) ->
    handle_msg(Msg, Parent, Name, State, Mod, HibAfter, debug(Debug, Name, {in, Msg})).

handle_msg({'$gen_call', From, Request}, Parent, Name, State, Mod, HibAfter, Debug) ->
    case call_callback(Mod, Request, From, State) of
        {ok, {reply, Reply, NState}} ->
            Debug1 = reply(Name, From, Reply, NState, Debug),
            loop(Parent, Name, NState, Mod, infinity, HibAfter, Debug1);
        {ok, {reply, Reply, NState, How}} when ?IS_TIMEOUT(How); How =:= hibernate ->
            Debug1 = reply(Name, From, Reply, NState, Debug),
            loop(Parent, Name, NState, Mod, How, HibAfter, Debug1);
        {ok, {reply, Reply, NState, {continue, _} = How}} ->
            Debug1 = reply(Name, From, Reply, NState, Debug),
            loop(Parent, Name, NState, Mod, How, HibAfter, Debug1);
        {ok, {stop, Reason, Reply, NState}} ->
            try terminate(exit, Reason, [], false, Name, From, Request, Mod, NState, Debug)
            after reply(Name, From, Reply, NState, Debug)
            end;
        Other ->
            common_reply(Other, Parent, Name, From, Request, Mod, HibAfter, State, Debug)
    end;
handle_msg({'$gen_cast', Request} = Msg, Parent, Name, State, Mod, HibAfter, Debug) ->
    common_reply(dispatch(Mod, handle_cast, Request, State),
                 Parent, Name, undefined, Msg, Mod, HibAfter, State, Debug);
handle_msg(Msg, Parent, Name, State, Mod, HibAfter, Debug) ->
    common_reply(dispatch(Mod, handle_info, Msg, State),
                 Parent, Name, undefined, Msg, Mod, HibAfter, State, Debug).

common_reply(Result, Parent, Name, From, Msg, Mod, HibAfter, State, Debug) ->
    case Result of
        {ok, {noreply, NState}} ->
            Debug1 = debug(Debug, Name, {noreply, NState}),
            loop(Parent, Name, NState, Mod, infinity, HibAfter, Debug1);
        {ok, {noreply, NState, How}} when ?IS_TIMEOUT(How); How =:= hibernate ->
            Debug1 = debug(Debug, Name, {noreply, NState}),
            loop(Parent, Name, NState, Mod, How, HibAfter, Debug1);
        {ok, {noreply, NState, {continue, _} = How}} ->
            Debug1 = debug(Debug, Name, {noreply, NState}),
            loop(Parent, Name, NState, Mod, How, HibAfter, Debug1);
        {ok, {stop, Reason, NState}} ->
            terminate(exit, Reason, [], false, Name, From, Msg, Mod, NState, Debug);
        {'EXIT', Class, Reason, Stack} ->
            terminate(Class, Reason, Stack, true, Name, From, Msg, Mod, State, Debug);
        {ok, Bad} ->
            terminate(exit, {bad_return_value, Bad}, [], false, Name, From, Msg, Mod, State, Debug)
    end.

%% The reply is sent before the event is seen.
reply(Name, From, Reply, State, Debug) ->
    reply(From, Reply),
    debug(Debug, Name, {out, Reply, From, State}).

debug([], _, _) -> [];
debug(Debug, Name, Event) -> sys:handle_debug(Debug, fun print_event/3, Name, Event).

%% How sys prints an event of a server (trace, log print, log_to_file).
print_event(Dev, {in, {'$gen_call', {From, _}, Call}}, Name) ->
    io:format(Dev, "*DBG* ~tp got call ~tp from ~tw~n", [Name, Call, From]);
print_event(Dev, {in, {'$gen_cast', Cast}}, Name) ->
    io:format(Dev, "*DBG* ~tp got cast ~tp~n", [Name, Cast]);
print_event(Dev, {in, Msg}, Name) ->
    io:format(Dev, "*DBG* ~tp got ~tp~n", [Name, Msg]);
print_event(Dev, {out, Msg, {To, _}, State}, Name) ->
    io:format(Dev, "*DBG* ~tp sent ~tp to ~tw, new state ~tp~n", [Name, Msg, To, State]);
print_event(Dev, {noreply, State}, Name) ->
    io:format(Dev, "*DBG* ~tp new state ~tp~n", [Name, State]);
print_event(Dev, Event, Name) ->
    io:format(Dev, "*DBG* ~tp dbg  ~tp~n", [Name, Event]).

%% {ok, Result} (a throw is a result too) or {'EXIT', Class, Reason, Stack}.
call_callback(Mod, Request, From, State) ->
    try
        {ok, apply(Mod, handle_call, [Request, From, State])}
    catch
        throw:R -> {ok, R};
        Class:R:Stack -> {'EXIT', Class, R, Stack}
    end.

dispatch(Mod, Fun, Msg, State) ->
    try
        {ok, apply(Mod, Fun, [Msg, State])}
    catch
        throw:R ->
            {ok, R};
        error:undef = R:Stack when Fun =:= handle_info ->
            case erlang:function_exported(Mod, handle_info, 2) of
                false ->
                    report_unexpected(Mod, Msg),
                    {ok, {noreply, State}};
                true ->
                    {'EXIT', error, R, Stack}
            end;
        Class:R:Stack ->
            {'EXIT', Class, R, Stack}
    end.

%% The end of a server: Mod:terminate/2 when exported, a report unless the
%% reason is normal, shutdown or {shutdown, _}, then the process exits
%% with Reason (an error's {Reason, Stack} through proc_lib).
terminate(Class, Reason, Stack, WithStack, Name, From, Msg, Mod, State, Debug) ->
    case terminate_callback(Mod, exit_reason(Class, Reason, Stack), State) of
        {'EXIT', C, R, S} ->
            report_end(R, S, Name, From, Msg, Mod, State, Debug),
            erlang:raise(C, R, S);
        _ ->
            case {Class, Reason} of
                {exit, normal} -> ok;
                {exit, shutdown} -> ok;
                {exit, {shutdown, _}} -> ok;
                _ when WithStack -> report_end(Reason, Stack, Name, From, Msg, Mod, State, Debug);
                _ -> report_end(Reason, undefined, Name, From, Msg, Mod, State, Debug)
            end
    end,
    case Stack of
        [] -> exit(Reason);
        _ -> erlang:raise(Class, Reason, Stack)
    end.

terminate_callback(Mod, Reason, State) ->
    case erlang:function_exported(Mod, terminate, 2) of
        true ->
            try
                {ok, apply(Mod, terminate, [Reason, State])}
            catch
                throw:R -> {ok, R};
                Class:R:Stack -> {'EXIT', Class, R, Stack}
            end;
        false ->
            {ok, ok}
    end.

exit_reason(error, Reason, Stack) -> {Reason, Stack};
exit_reason(_, Reason, _) -> Reason.

%% ---------------------------------------------------------------------
%% sys callbacks.  Misc is [Name, State, Mod, Time, HibernateAfter] as in
%% OTP, so sys:get_status shows the same data.

system_continue(Parent, Debug, [Name, State, Mod, Time, HibAfter]) ->
    loop(Parent, Name, State, Mod, Time, HibAfter, Debug).

system_terminate(Reason, _Parent, Debug, [Name, State, Mod, _, _]) ->
    terminate(exit, Reason, [], false, Name, undefined, [], Mod, State, Debug).

system_code_change([Name, State, Mod, Time, HibAfter], _Module, OldVsn, Extra) ->
    case catch apply(Mod, code_change, [OldVsn, State, Extra]) of
        {ok, NState} -> {ok, [Name, NState, Mod, Time, HibAfter]};
        Else -> Else
    end.

system_get_state([_, State, _, _, _]) ->
    {ok, State}.

system_replace_state(Fun, [Name, State, Mod, Time, HibAfter]) ->
    NState = Fun(State),
    {ok, NState, [Name, NState, Mod, Time, HibAfter]}.

format_status(Opt, [PDict, SysState, Parent, Debug, [Name, State, Mod, _, _]]) ->
    Header = gen:format_status_header("Status for generic server", Name),
    Status = case gen:format_status(Mod, Opt, #{state => State, log => sys:get_log(Debug)},
                                    [PDict, State]) of
                 #{'EXIT' := R} = M -> M#{'$status' => [{data, [{"State", R}]}]};
                 #{'$status' := S} = M when is_list(S) -> M;
                 #{'$status' := S} = M -> M#{'$status' := [S]};
                 #{state := S} = M -> M#{'$status' => [{data, [{"State", S}]}]}
             end,
    [{header, Header},
     {data, [{"Status", SysState}, {"Parent", Parent},
             {"Logged events", log_states(Mod, maps:get(log, Status))}]}
     | maps:get('$status', Status)].

%% The logged events, their states as format_status shows a state: done
%% already when Mod has format_status/1 (it was given the log).
log_states(Mod, Log) ->
    case erlang:function_exported(Mod, format_status, 1) of
        true ->
            Log;
        false ->
            [case Event of
                 {out, Msg, From, State} -> {out, Msg, From, shown_state(Mod, State)};
                 {noreply, State} -> {noreply, shown_state(Mod, State)};
                 _ -> Event
             end || Event <- Log]
    end.

shown_state(Mod, State) ->
    maps:get(state, gen:format_status(Mod, terminate, #{state => State}, [get(), State])).

%% ---------------------------------------------------------------------
%% Reports: logger events as OTP's (label, fields, domain [otp], report_cb
%% format_log/2, and format_log/1 for error_logger's handlers), so that
%% levels, filters and handlers see them; the default handler prints
%% them as erl does.

report_end(Reason, Stack, Name, From, Msg, Mod, State, Debug) ->
    Status = gen:format_status(Mod, terminate,
                               #{reason => Reason, state => State, message => Msg,
                                 log => sys:get_log(Debug)},
                               [get(), State]),
    Why = case Stack of
              undefined -> maps:get(reason, Status);
              _ -> {maps:get(reason, Status), Stack}
          end,
    Report = #{label => {gen_server, terminate},
               name => Name,
               last_message => maps:get(message, Status),
               state => maps:get('EXIT', Status,
                                 maps:get('$status', Status, maps:get(state, Status))),
               log => log_states(Mod, maps:get(log, Status)),
               reason => Why,
               client_info => client_info(From)},
    log_report(error, error, Report).

report_unexpected(Mod, Msg) ->
    log_report(warning, warning_msg, #{label => {gen_server, no_handle_info},
                                       module => Mod, message => Msg}).

log_report(Level, Tag, Report) ->
    dbgsh_report:log(?MODULE, Level, #{mfa => {?MODULE, log_report, 3}, line => ?LINE,
                                       file => ?FILE}, Report,
                     #{domain => [otp], report_cb => fun gen_server:format_log/2,
                       error_logger => #{tag => Tag, report_cb => fun gen_server:format_log/1}}).

%% The calling client as the report names it (dbgsh_report:client_info/1).
client_info({Pid, _}) when is_pid(Pid) -> dbgsh_report:client_info(Pid);
client_info(Pid) when is_pid(Pid) -> dbgsh_report:client_info(Pid);
client_info(_) -> undefined.

%% The report's text for error_logger's handlers: depth error_logger's
%% format depth, the terms cut to it beforehand, on several lines.
format_log(Report) ->
    dbgsh_report:format_log(Report, fun limit_report/2, fun format_multi/2).

limit_report(#{label := {gen_server, terminate}, last_message := Msg, state := State,
               log := Log, reason := Reason, client_info := Client} = Report, Depth) ->
    Report#{last_message => io_lib:limit_term(Msg, Depth),
            state => io_lib:limit_term(State, Depth),
            log => [io_lib:limit_term(L, Depth) || L <- Log],
            reason => io_lib:limit_term(Reason, Depth),
            client_info => dbgsh_report:limit_client(Client, Depth)};
limit_report(#{label := {gen_server, no_handle_info}, message := Msg} = Report, Depth) ->
    Report#{message => io_lib:limit_term(Msg, Depth)}.

%% The report's text for logger's formatter, under its options (depth,
%% chars_limit, single_line, encoding).
format_log(Report, Options) ->
    dbgsh_report:format_log(Report, Options, fun format_single/2, fun format_multi/2).

format_single(#{label := {gen_server, terminate}, name := Name, last_message := Msg,
                state := State, log := Log, reason := Reason, client_info := Client}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {LogF, LogA} = case Log of
                       [] -> {"", []};
                       _ -> {" Log: " ++ P, dbgsh_report:with_depth([Log], Opts)}
                   end,
    {ClientF, ClientA} = dbgsh_report:client_single(Client, Opts),
    {lists:append(["Generic server ", P, " terminating. Reason: ", P, ". Last message: ", P,
                   ". State: ", P, ".", LogF, ClientF]),
     dbgsh_report:with_depth([Name, fix_reason(Reason), Msg, State], Opts) ++ LogA ++ ClientA};
format_single(#{label := {gen_server, no_handle_info}, module := Mod, message := Msg}, Opts) ->
    P = dbgsh_report:directive(Opts),
    {"Undefined handle_info in " ++ P ++ ". Unhandled message: " ++ P ++ ".",
     dbgsh_report:with_depth([Mod, Msg], Opts)};
format_single(Report, Opts) ->
    format_multi(Report, Opts).

format_multi(#{label := {gen_server, terminate}, name := Name, last_message := Msg,
               state := State, log := Log, reason := Reason, client_info := Client}, Opts) ->
    P = dbgsh_report:directive(Opts),
    LogF = case Log of
               [] -> [];
               _ -> ["** Log ==~n** [", lists:join(",~n    ", [P || _ <- Log]), "]~n"]
           end,
    {ClientF, ClientA} = dbgsh_report:client_multi(Client, Opts),
    {lists:flatten(["** Generic server ", P, " terminating \n** Last message in was ", P,
                    "~n** When Server state == ", P, "~n** Reason for termination ==~n** ", P,
                    "~n", LogF, ClientF]),
     dbgsh_report:with_depth([Name, Msg, State, fix_reason(Reason) | Log], Opts) ++ ClientA};
format_multi(#{label := {gen_server, no_handle_info}, module := Mod, message := Msg}, Opts) ->
    %% (the module with ~p whatever the depth, as OTP)
    {"** Undefined handle_info in ~p~n** Unhandled message: " ++ dbgsh_report:directive(Opts)
     ++ "~n",
     [Mod | dbgsh_report:with_depth([Msg], Opts)]}.

%% An undef naming a module that is not loaded, or a function it does
%% not export, says which.
fix_reason({undef, [{M, F, A, L} | MFAs]} = Reason) ->
    case code:is_loaded(M) of
        false ->
            {'module could not be loaded', [{M, F, A, L} | MFAs]};
        _ ->
            case erlang:function_exported(M, F, length(A)) of
                true -> Reason;
                false -> {'function not exported', [{M, F, A, L} | MFAs]}
            end
    end;
fix_reason(Reason) ->
    Reason.
