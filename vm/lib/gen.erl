%% gen: the machinery OTP 25's behaviours share, for the dbgsh VM: starting
%% a named or anonymous process through proc_lib, name registration
%% ({local, Name}, {global, Name} and {via, Mod, Name}), and the
%% call protocol ({Label, {Pid, Tag}, Request} answered {Tag, Reply}, under
%% a monitor) with its timeouts and exit reasons.  A call with a timeout
%% and a request (send_request) monitor the server with an alias that goes
%% with the monitor ({alias, demonitor}): the tag is [alias | Mref], the
%% reply is sent to the alias, and a reply that comes after the caller
%% gave up is dropped, as in OTP.
-module(gen).

-export([call/3, call/4, check_response/2, check_response/3, debug_options/2,
         format_status/4, format_status_header/2, get_parent/0, get_proc_name/1,
         hibernate_after/1, init_it/6, init_it/7, name/1, receive_response/2,
         receive_response/3, reply/2, reqids_add/3, reqids_new/0, reqids_size/1,
         reqids_to_list/1, send_request/3, send_request/5, start/5, start/6, stop/1,
         stop/3, unregister_name/1, wait_response/2, wait_response/3]).

-define(DEFAULT_TIMEOUT, 5000).
-define(MAX_TIMEOUT, 16#ffffffff).
-define(IS_TIMEOUT(T), (T =:= infinity orelse (is_integer(T) andalso T >= 0))).

%% ---------------------------------------------------------------------
%% Starting: GenMod:init_it/6 runs in the new process.

start(GenMod, LinkP, Name, Mod, Args, Options) ->
    case where(Name) of
        undefined -> spawn_gen(GenMod, LinkP, [Name], Mod, Args, Options);
        Pid -> {error, {already_started, Pid}}
    end.

start(GenMod, LinkP, Mod, Args, Options) ->
    spawn_gen(GenMod, LinkP, [], Mod, Args, Options).

%% Name is [] or [ServerName]: init_it/6 or init_it/7.
spawn_gen(GenMod, link, Name, Mod, Args, Options) ->
    proc_lib:start_link(gen, init_it, [GenMod, self(), self()] ++ Name ++ [Mod, Args, Options],
                        timeout(Options), spawn_opts(Options));
spawn_gen(GenMod, monitor, Name, Mod, Args, Options) ->
    Ret = proc_lib:start_monitor(gen, init_it,
                                 [GenMod, self(), self()] ++ Name ++ [Mod, Args, Options],
                                 timeout(Options), spawn_opts(Options)),
    monitor_return(Ret);
spawn_gen(GenMod, _, Name, Mod, Args, Options) ->
    proc_lib:start(gen, init_it, [GenMod, self(), self] ++ Name ++ [Mod, Args, Options],
                   timeout(Options), spawn_opts(Options)).

monitor_return({{ok, Pid}, Mon}) when is_pid(Pid), is_reference(Mon) ->
    {ok, {Pid, Mon}};
monitor_return({Error, Mon}) when is_reference(Mon) ->
    receive {'DOWN', Mon, process, _, _} -> ok end,
    Error.

init_it(GenMod, Starter, Parent, Mod, Args, Options) ->
    apply(GenMod, init_it, [Starter, Parent, self(), Mod, Args, Options]).

init_it(GenMod, Starter, Parent, Name, Mod, Args, Options) ->
    case register_name(Name) of
        true -> apply(GenMod, init_it, [Starter, Parent, Name, Mod, Args, Options]);
        {false, Pid} -> proc_lib:init_ack(Starter, {error, {already_started, Pid}})
    end.

timeout(Options) ->
    case lists:keyfind(timeout, 1, Options) of
        {_, T} -> T;
        false -> infinity
    end.

spawn_opts(Options) ->
    case lists:keyfind(spawn_opt, 1, Options) of
        {_, Opts} -> Opts;
        false -> []
    end.

hibernate_after(Options) ->
    case lists:keyfind(hibernate_after, 1, Options) of
        {_, T} -> T;
        false -> infinity
    end.

%% The start options' {debug, Options} as sys keeps them; options that are
%% not a list are reported (an error_logger message, as OTP's) and ignored.
debug_options(Name, Options) ->
    case lists:keyfind(debug, 1, Options) of
        {debug, Debug} ->
            try sys:debug_options(Debug)
            catch
                _:_ ->
                    error_logger:format("~tp: ignoring erroneous debug options - ~tp~n",
                                        [Name, Debug]),
                    []
            end;
        false ->
            []
    end.

%% ---------------------------------------------------------------------
%% Names

where({global, Name}) -> global:whereis_name(Name);
where({via, Mod, Name}) -> apply(Mod, whereis_name, [Name]);
where({local, Name}) -> whereis(Name).

register_name({local, Name} = LN) ->
    try register(Name, self()) of
        true -> true
    catch
        error:_ -> {false, where(LN)}
    end;
register_name({global, Name} = GN) ->
    case global:register_name(Name, self()) of
        yes -> true;
        no -> {false, where(GN)}
    end;
register_name({via, Mod, Name} = VN) ->
    case apply(Mod, register_name, [Name, self()]) of
        yes -> true;
        no -> {false, where(VN)}
    end.

name({local, Name}) -> Name;
name({global, Name}) -> Name;
name({via, _, Name}) -> Name;
name(Pid) when is_pid(Pid) -> Pid.

unregister_name({local, Name}) ->
    try unregister(Name) of
        _ -> ok
    catch
        _:_ -> ok
    end;
unregister_name({global, Name}) ->
    _ = global:unregister_name(Name),
    ok;
unregister_name({via, Mod, Name}) ->
    _ = apply(Mod, unregister_name, [Name]),
    ok;
unregister_name(Pid) when is_pid(Pid) ->
    ok.

%% The name enter_loop was given, checked against the process's own.
get_proc_name(Pid) when is_pid(Pid) ->
    Pid;
get_proc_name({local, Name}) ->
    case process_info(self(), registered_name) of
        {registered_name, Name} -> Name;
        _ -> exit(process_not_registered)
    end;
get_proc_name({global, Name}) ->
    case global:whereis_name(Name) of
        Pid when Pid =:= self() -> Name;
        _ -> exit(process_not_registered_globally)
    end;
get_proc_name({via, Mod, Name}) ->
    case apply(Mod, whereis_name, [Name]) of
        Pid when Pid =:= self() -> Name;
        _ -> exit({process_not_registered_via, Mod})
    end.

get_parent() ->
    case get('$ancestors') of
        [Parent | _] when is_pid(Parent) -> Parent;
        [Parent | _] when is_atom(Parent) ->
            case whereis(Parent) of
                undefined -> exit(could_not_find_registered_name);
                Pid -> Pid
            end;
        _ -> exit(process_was_not_started_by_proc_lib)
    end.

%% ---------------------------------------------------------------------
%% Calls: {ok, Reply}, or an exit with the reason (noproc, timeout,
%% calling_self, the server's exit reason).

call(Process, Label, Request) ->
    call(Process, Label, Request, ?DEFAULT_TIMEOUT).

call(Process, Label, Request, Timeout) when is_pid(Process), ?IS_TIMEOUT(Timeout) ->
    do_call(Process, Label, Request, Timeout);
call(Process, Label, Request, Timeout) when ?IS_TIMEOUT(Timeout) ->
    for_process(Process, fun(Pid) -> do_call(Pid, Label, Request, Timeout) end).

do_call(Process, _, _, _) when Process =:= self() ->
    exit(calling_self);
do_call(Process, Label, Request, infinity) when is_pid(Process) ->
    Mref = erlang:monitor(process, Process),
    Process ! {Label, {self(), Mref}, Request},
    receive
        {Mref, Reply} ->
            erlang:demonitor(Mref, [flush]),
            {ok, Reply};
        {'DOWN', Mref, _, _, Reason} ->
            exit(Reason)
    end;
do_call(Process, Label, Request, Timeout) ->
    Mref = erlang:monitor(process, Process, [{alias, demonitor}]),
    Tag = [alias | Mref],
    erlang:send(Process, {Label, {self(), Tag}, Request}, [noconnect]),
    receive
        {[alias | Mref], Reply} ->
            erlang:demonitor(Mref, [flush]),
            {ok, Reply};
        {'DOWN', Mref, _, _, noconnection} ->
            exit({nodedown, node_of(Process)});
        {'DOWN', Mref, _, _, Reason} ->
            exit(Reason)
    after Timeout ->
            erlang:demonitor(Mref, [flush]),
            receive
                {[alias | Mref], Reply} -> {ok, Reply}
            after 0 ->
                    exit(timeout)
            end
    end.

node_of({_, N}) when is_atom(N) -> N;
node_of(Pid) when is_pid(Pid) -> node(Pid).

%% A reply to an aliased tag goes to the alias (a caller that gave up has
%% deactivated it); other replies go to the caller's pid.
reply({_To, [alias | Alias] = Tag}, Reply) when is_reference(Alias) ->
    Alias ! {Tag, Reply},
    ok;
reply({_To, [[alias | Alias] | _] = Tag}, Reply) when is_reference(Alias) ->
    Alias ! {Tag, Reply},
    ok;
reply({To, Tag}, Reply) ->
    try To ! {Tag, Reply}, ok
    catch _:_ -> ok
    end.

stop(Process) ->
    stop(Process, normal, infinity).

stop(Process, Reason, Timeout) when ?IS_TIMEOUT(Timeout) ->
    for_process(Process, fun(Pid) -> proc_lib:stop(Pid, Reason, Timeout) end).

%% Fun(Pid) for a pid, a local name, {Name, Node}, {global, Name} or {via,
%% Mod, Name}; exit(noproc) when there is no such process.
for_process(Pid, Fun) when is_pid(Pid) ->
    Fun(Pid);
for_process(Name, Fun) when is_atom(Name) ->
    case whereis(Name) of
        Pid when is_pid(Pid) -> Fun(Pid);
        undefined -> exit(noproc)
    end;
for_process({global, _} = Name, Fun) ->
    for_named(Name, Fun);
for_process({via, _, _} = Name, Fun) ->
    for_named(Name, Fun);
for_process({Name, Node}, Fun) when Node =:= node() ->
    for_process(Name, Fun);
for_process({_, Node}, _) when is_atom(Node) ->
    exit({nodedown, Node}).

for_named(Name, Fun) ->
    case where(Name) of
        Pid when is_pid(Pid) -> Fun(Pid);
        _ -> exit(noproc)
    end.

%% ---------------------------------------------------------------------
%% Asynchronous requests (send_request and its responses)

send_request(Process, Label, Request) when is_pid(Process) ->
    send_tagged(Process, Label, Request);
send_request(Process, Label, Request) ->
    try for_process(Process, fun(Pid) -> send_tagged(Pid, Label, Request) end)
    catch exit:Reason ->
            Mref = make_ref(),
            self() ! {'DOWN', Mref, process, Process, Reason},
            Mref
    end.

send_request(Process, Label, Request, ReqLabel, Ids) when is_map(Ids) ->
    maps:put(send_request(Process, Label, Request), ReqLabel, Ids).

send_tagged(Process, Label, Request) ->
    Mref = erlang:monitor(process, Process, [{alias, demonitor}]),
    _ = erlang:send(Process, {Label, {self(), [alias | Mref]}, Request}, [noconnect]),
    Mref.

wait_response(Id, Timeout) ->
    reply_or_down(Id, timeout_value(Timeout)).

wait_response(Ids, Timeout, Delete) when map_size(Ids) =:= 0, is_boolean(Delete) ->
    _ = timeout_value(Timeout),
    no_request;
wait_response(Ids, Timeout, Delete) when is_map(Ids), is_boolean(Delete) ->
    any_reply_or_down(Ids, timeout_value(Timeout), Delete).

%% As wait_response/2, but a timeout gives the request up: its monitor
%% goes, and a reply that came meanwhile is still taken.
receive_response(Id, Timeout) ->
    case reply_or_down(Id, timeout_value(Timeout)) of
        timeout ->
            erlang:demonitor(Id, [flush]),
            receive
                {[alias | Id], Reply} -> {reply, Reply}
            after 0 ->
                    timeout
            end;
        Result ->
            Result
    end.

receive_response(Ids, Timeout, Delete) when map_size(Ids) =:= 0, is_boolean(Delete) ->
    _ = timeout_value(Timeout),
    no_request;
receive_response(Ids, Timeout, Delete) when is_map(Ids), is_boolean(Delete) ->
    case any_reply_or_down(Ids, timeout_value(Timeout), Delete) of
        timeout ->
            maps:foreach(fun(Id, _) when is_reference(Id) -> erlang:demonitor(Id, [flush]);
                            (_, _) -> erlang:error(badarg)
                         end, Ids),
            flush_responses(Ids),
            timeout;
        Result ->
            Result
    end.

%% The reply to request Id, or the 'DOWN' of its monitor; timeout after T
%% milliseconds.
reply_or_down(Id, T) ->
    receive
        {[alias | Id], Reply} ->
            erlang:demonitor(Id, [flush]),
            {reply, Reply};
        {'DOWN', Id, _, Object, Reason} ->
            {error, {Reason, Object}}
    after T ->
            timeout
    end.

%% The same for whichever request of the collection Ids answers first.
any_reply_or_down(Ids, T, Delete) ->
    receive
        {[alias | Id], _} = Msg when is_map_key(Id, Ids) -> in_collection(Msg, Ids, Delete);
        {'DOWN', Id, _, _, _} = Msg when is_map_key(Id, Ids) -> in_collection(Msg, Ids, Delete)
    after T ->
            timeout
    end.

check_response(Msg, Id) when is_reference(Id) ->
    case Msg of
        {[alias | Id], Reply} ->
            erlang:demonitor(Id, [flush]),
            {reply, Reply};
        {'DOWN', Id, _, Object, Reason} ->
            {error, {Reason, Object}};
        _ ->
            no_reply
    end;
check_response(_, _) ->
    erlang:error(badarg).

check_response(_, Ids, Delete) when map_size(Ids) =:= 0, is_boolean(Delete) ->
    no_request;
check_response(Msg, Ids, Delete) when is_map(Ids), is_boolean(Delete) ->
    case Msg of
        {[alias | Id], _} when is_map_key(Id, Ids) -> in_collection(Msg, Ids, Delete);
        {'DOWN', Id, _, _, _} when is_map_key(Id, Ids) -> in_collection(Msg, Ids, Delete);
        _ -> no_reply
    end.

in_collection({[alias | Id], Reply}, Ids, Delete) ->
    _ = erlang:demonitor(Id, [flush]),
    in_collection({reply, Reply}, Id, Ids, Delete);
in_collection({'DOWN', Id, _, Object, Reason}, Ids, Delete) ->
    in_collection({error, {Reason, Object}}, Id, Ids, Delete).

in_collection(Resp, Id, Ids, false) ->
    {Resp, maps:get(Id, Ids), Ids};
in_collection(Resp, Id, Ids, true) ->
    {Label, Rest} = maps:take(Id, Ids),
    {Resp, Label, Rest}.

flush_responses(Ids) ->
    receive
        {[alias | Id], _} when is_map_key(Id, Ids) -> flush_responses(Ids)
    after 0 ->
            ok
    end.

timeout_value(infinity) -> infinity;
timeout_value(T) when is_integer(T), 0 =< T, T =< ?MAX_TIMEOUT -> T;
timeout_value({abs, T}) when is_integer(T) ->
    case T - erlang:monotonic_time(millisecond) of
        Left when Left < 0 -> 0;
        Left when Left > ?MAX_TIMEOUT -> erlang:error(badarg);
        Left -> Left
    end;
timeout_value(_) -> erlang:error(badarg).

reqids_new() -> maps:new().

reqids_size(Ids) when is_map(Ids) -> maps:size(Ids);
reqids_size(_) -> erlang:error(badarg).

reqids_add(Id, _, Ids) when is_reference(Id), is_map_key(Id, Ids) -> erlang:error(badarg);
reqids_add(Id, Label, Ids) when is_reference(Id), is_map(Ids) -> maps:put(Id, Label, Ids);
reqids_add(_, _, _) -> erlang:error(badarg).

reqids_to_list(Ids) when is_map(Ids) -> maps:to_list(Ids);
reqids_to_list(_) -> erlang:error(badarg).

%% ---------------------------------------------------------------------
%% Status for sys:get_status and the terminate report

format_status_header(Tag, Pid) when is_pid(Pid) -> lists:concat([Tag, " ", pid_to_list(Pid)]);
format_status_header(Tag, Name) when is_atom(Name) -> lists:concat([Tag, " ", Name]);
format_status_header(Tag, Name) -> {Tag, Name}.

%% Status (a map of state, message, reason, log) as the callback module's
%% format_status/1 or the older format_status/2 shows it.
format_status(Mod, Opt, Status, Args) ->
    case {erlang:function_exported(Mod, format_status, 1),
          erlang:function_exported(Mod, format_status, 2)} of
        {true, _} ->
            Bad = fun(What) -> Status#{'EXIT' => atom_to_list(Mod) ++ ":format_status/1 " ++ What} end,
            try apply(Mod, format_status, [Status]) of
                New when is_map(New) ->
                    Merged = maps:merge(Status, New),
                    case maps:size(Merged) =:= maps:size(New) of
                        true -> Merged;
                        false -> Bad("returned a map with unknown keys")
                    end;
                _ -> Bad("did not return a map")
            catch
                _:_ -> Bad("crashed")
            end;
        {false, true} when is_list(Args) ->
            try apply(Mod, format_status, [Opt, Args]) of
                Result -> Status#{'$status' => Result}
            catch
                throw:Result -> Status#{'$status' => Result};
                _:_ -> Status#{'EXIT' => atom_to_list(Mod) ++ ":format_status/2 crashed"}
            end;
        {false, _} ->
            Status
    end.
