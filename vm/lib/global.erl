%% global: OTP 25's global name registration and global locks, on the
%% one node dbgsh runs.
%%
%% The name server, global_name_server, is a gen_server started by the
%% first call that needs it (OTP's kernel starts it at boot). It owns
%% three protected tables, which the reads use directly, as OTP's do:
%%   global_names      {Name, Pid, Method, MonitorRef}          a set
%%   global_pid_names  {Pid, Name}, a pid's names               a bag
%%   global_locks      {ResourceId, RequesterId, [{Pid, Ref}]}  a set
%% Registering, locking and undoing them are calls to the server, which
%% monitors each registered process and each lock holder, and drops what
%% it held when it ends. A name whose process has ended but whose 'DOWN'
%% the server has not had yet reads as undefined (OTP's where/1).
%%
%% Nodes: names live on this node only. A lock asked on a list of nodes
%% is set here when the list holds node(); the other nodes are not
%% connected, so, as in OTP, they take no part and do not refuse it.
%% There are no name clashes between nodes to resolve, so a resolve
%% function is checked and kept but never called.
%% (docs/differences-from-erlang.md, "Global names".)
-module(global).
-behaviour(gen_server).

-export([register_name/2, register_name/3, re_register_name/2, re_register_name/3,
         unregister_name/1, whereis_name/1, registered_names/0, send/2,
         set_lock/1, set_lock/2, set_lock/3, del_lock/1, del_lock/2,
         trans/2, trans/3, trans/4, sync/0, sync/1, disconnect/0,
         random_exit_name/3, random_notify_name/3, notify_all_name/3]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2]).

-define(SERVER, global_name_server).
-define(NAMES, global_names).
-define(PID_NAMES, global_pid_names).
-define(LOCKS, global_locks).

%% ---- names -----------------------------------------------------------------

%% yes, or no when Name is taken or Pid has a name already (unless the
%% kernel's global_multi_name_action is allow: then a pid may have
%% several, as OTP allows for backward compatibility).
register_name(Name, Pid) when is_pid(Pid) ->
    register_name(Name, Pid, fun random_exit_name/3).

register_name(Name, Pid, Method0) when is_pid(Pid) ->
    Method = resolve_fun(Method0),
    call({register, Name, Pid, Method}).

%% Always yes: Name goes to Pid whoever had it.
re_register_name(Name, Pid) when is_pid(Pid) ->
    re_register_name(Name, Pid, fun random_exit_name/3).

re_register_name(Name, Pid, Method0) when is_pid(Pid) ->
    Method = resolve_fun(Method0),
    call({re_register, Name, Pid, Method}).

unregister_name(Name) ->
    case whereis_name(Name) of
        undefined -> ok;
        _ -> call({unregister, Name})
    end.

whereis_name(Name) ->
    try ets:lookup(?NAMES, Name) of
        [{_, Pid, _, _}] ->
            case is_process_alive(Pid) of
                true -> Pid;
                false -> undefined
            end;
        [] ->
            undefined
    catch
        error:badarg -> undefined % no server yet: no names
    end.

registered_names() ->
    try ets:select(?NAMES, [{{'$1', '_', '_', '_'}, [], ['$1']}])
    catch error:badarg -> []
    end.

send(Name, Msg) ->
    case whereis_name(Name) of
        Pid when is_pid(Pid) ->
            Pid ! Msg,
            Pid;
        undefined ->
            exit({badarg, {Name, Msg}})
    end.

%% A resolve function, or the {Module, Function} form OTP still takes.
resolve_fun({M, F}) when is_atom(M), is_atom(F) -> fun M:F/3;
resolve_fun(Fun) when is_function(Fun, 3) -> Fun.

%% The resolve functions OTP offers. Of two pids on one node, the one that
%% compares greater is Max, the other Min, as OTP orders them.
random_exit_name(Name, Pid1, Pid2) ->
    {Min, Max} = min_max(Pid1, Pid2),
    logger:log(info, "global: Name conflict terminating ~tw\n", [{Name, Max}]),
    exit(Max, kill),
    Min.

random_notify_name(Name, Pid1, Pid2) ->
    {Min, Max} = min_max(Pid1, Pid2),
    Max ! {global_name_conflict, Name},
    Min.

notify_all_name(Name, Pid1, Pid2) ->
    Pid1 ! {global_name_conflict, Name, Pid2},
    Pid2 ! {global_name_conflict, Name, Pid1},
    none.

min_max(Pid1, Pid2) when node(Pid1) < node(Pid2) -> {Pid1, Pid2};
min_max(Pid1, Pid2) -> {Pid2, Pid1}.

%% ---- locks -----------------------------------------------------------------

%% Id is {ResourceId, RequesterId}: a resource is locked by one requester
%% at a time, which any number of processes may hold together; a holder
%% that ends lets go. Retries: how many more tries after the first
%% (infinity: until it is set), with OTP's random sleeps between them.
set_lock(Id) ->
    set_lock(Id, [node()], infinity, 1).

set_lock(Id, Nodes) ->
    set_lock(Id, Nodes, infinity, 1).

set_lock(Id, Nodes, Retries) when is_integer(Retries), Retries >= 0 ->
    set_lock(Id, Nodes, Retries, 1);
set_lock(Id, Nodes, infinity) ->
    set_lock(Id, Nodes, infinity, 1).

set_lock({_, _} = Id, Nodes, Retries, Times) ->
    case not lists:member(node(), Nodes) orelse call({set_lock, Id}) of
        true ->
            true;
        false when Retries =:= 0 ->
            false;
        false ->
            random_sleep(Times),
            set_lock(Id, Nodes, dec(Retries), Times + 1)
    end.

del_lock(Id) ->
    del_lock(Id, [node()]).

del_lock({_, _} = Id, Nodes) when is_list(Nodes) ->
    case lists:member(node(), Nodes) of
        true -> call({del_lock, Id});
        false -> true
    end.

%% Fun's value with the lock held, or aborted when it could not be set.
trans(Id, Fun) ->
    trans(Id, Fun, [node()], infinity).

trans(Id, Fun, Nodes) ->
    trans(Id, Fun, Nodes, infinity).

trans(Id, Fun, Nodes, Retries) ->
    case set_lock(Id, Nodes, Retries) of
        true ->
            try Fun()
            after del_lock(Id, Nodes)
            end;
        false ->
            aborted
    end.

%% OTP's waits between tries: a quarter of a second at most the first
%% time, twice as long each time after, at most 8 s.
random_sleep(Times) ->
    Max = case Times > 5 of
              true -> 8000;
              false -> (1 bsl Times) * 1000 div 8
          end,
    receive after rand:uniform(Max) -> ok end.

dec(infinity) -> infinity;
dec(N) -> N - 1.

%% ---- other nodes -----------------------------------------------------------

%% There are no other nodes to agree with: a call to the name server (it
%% has handled what came to it before).
sync() ->
    call(sync).

sync(Nodes) when is_list(Nodes) ->
    call(sync).

disconnect() ->
    [].

%% ---- the name server -------------------------------------------------------

call(Request) ->
    _ = server(),
    gen_server:call(?SERVER, Request, infinity).

%% Two processes may start it at once: the one that registers the name
%% wins, and the other one's start says so.
server() ->
    case whereis(?SERVER) of
        undefined ->
            case gen_server:start({local, ?SERVER}, ?MODULE, [], []) of
                {ok, Pid} -> Pid;
                {error, {already_started, Pid}} -> Pid
            end;
        Pid ->
            Pid
    end.

%% The state: what each monitor watches, Ref => {name, Name} | {lock,
%% ResourceId}.
init([]) ->
    _ = ets:new(?NAMES, [set, protected, named_table, {read_concurrency, true}]),
    _ = ets:new(?PID_NAMES, [bag, protected, named_table]),
    _ = ets:new(?LOCKS, [set, protected, named_table]),
    {ok, #{}}.

handle_call(sync, _From, Refs) ->
    {reply, ok, Refs};
handle_call({register, Name, Pid, Method}, _From, Refs) ->
    case whereis_name(Name) =:= undefined andalso single_name(Name, Pid) of
        true -> {reply, yes, insert_name(Name, Pid, Method, Refs)};
        false -> {reply, no, Refs}
    end;
handle_call({re_register, Name, Pid, Method}, _From, Refs) ->
    {reply, yes, insert_name(Name, Pid, Method, Refs)};
handle_call({unregister, Name}, _From, Refs) ->
    {reply, ok, delete_name(Name, Refs)};
handle_call({set_lock, {Resource, Requester}}, {Pid, _}, Refs) ->
    case ets:lookup(?LOCKS, Resource) of
        [{_, Requester, Holders}] ->
            case lists:keymember(Pid, 1, Holders) of
                true -> {reply, true, Refs};
                false -> {reply, true, insert_lock(Resource, Requester, Pid, Holders, Refs)}
            end;
        [_] ->
            {reply, false, Refs};
        [] ->
            {reply, true, insert_lock(Resource, Requester, Pid, [], Refs)}
    end;
handle_call({del_lock, {Resource, Requester}}, {Pid, _}, Refs) ->
    case ets:lookup(?LOCKS, Resource) of
        [{_, Requester, Holders}] ->
            case lists:keyfind(Pid, 1, Holders) of
                {Pid, Ref} ->
                    erlang:demonitor(Ref, [flush]),
                    {reply, true, remove_holder(Resource, Ref, maps:remove(Ref, Refs))};
                false ->
                    {reply, true, Refs}
            end;
        _ ->
            {reply, true, Refs}
    end.

handle_cast(_Request, Refs) ->
    {noreply, Refs}.

handle_info({'DOWN', Ref, process, _, _}, Refs) ->
    case maps:take(Ref, Refs) of
        {{name, Name}, Refs1} -> {noreply, drop_name(Name, Refs1)};
        {{lock, Resource}, Refs1} -> {noreply, remove_holder(Resource, Ref, Refs1)};
        error -> {noreply, Refs}
    end;
handle_info(Message, Refs) ->
    logger:log(warning, "The global_name_server received an unexpected message:\n"
               "handle_info(~tp, _)\n", [Message]),
    {noreply, Refs}.

%% False, with OTP's error report, when Pid has a name already and several
%% are not allowed.
single_name(Name, Pid) ->
    case ets:lookup(?PID_NAMES, Pid) of
        [] ->
            true;
        Named ->
            case application:get_env(kernel, global_multi_name_action) of
                {ok, allow} ->
                    true;
                _ ->
                    logger:log(error, "global: ~w registered under several names: ~tw\n",
                               [Pid, [Name | [N || {_, N} <- Named]]]),
                    false
            end
    end.

insert_name(Name, Pid, Method, Refs0) ->
    Refs = delete_name(Name, Refs0),
    Ref = erlang:monitor(process, Pid),
    true = ets:insert(?NAMES, {Name, Pid, Method, Ref}),
    true = ets:insert(?PID_NAMES, {Pid, Name}),
    Refs#{Ref => {name, Name}}.

delete_name(Name, Refs) ->
    case ets:lookup(?NAMES, Name) of
        [{_, _, _, Ref}] ->
            erlang:demonitor(Ref, [flush]),
            drop_name(Name, maps:remove(Ref, Refs));
        [] ->
            Refs
    end.

%% Name's rows out of the tables; its monitor is gone already.
drop_name(Name, Refs) ->
    [{_, Pid, _, _}] = ets:take(?NAMES, Name),
    true = ets:delete_object(?PID_NAMES, {Pid, Name}),
    Refs.

insert_lock(Resource, Requester, Pid, Holders, Refs) ->
    Ref = erlang:monitor(process, Pid),
    true = ets:insert(?LOCKS, {Resource, Requester, [{Pid, Ref} | Holders]}),
    Refs#{Ref => {lock, Resource}}.

%% The holder watched by Ref lets go of Resource; the lock goes with its
%% last holder.
remove_holder(Resource, Ref, Refs) ->
    [{_, Requester, Holders}] = ets:lookup(?LOCKS, Resource),
    case lists:keydelete(Ref, 2, Holders) of
        [] -> true = ets:delete(?LOCKS, Resource);
        Rest -> true = ets:insert(?LOCKS, {Resource, Requester, Rest})
    end,
    Refs.
