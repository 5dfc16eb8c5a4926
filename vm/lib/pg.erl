%% pg: named process groups, OTP 23's replacement of pg2, on one node.
%% A scope is a gen_server registered under its name that owns a protected
%% ets table of the same name, one row per group with members:
%%   {Group, Members, LocalMembers}
%% (every member is local here, so the two lists are the same; the reads,
%% get_members/2 and the rest, go straight to the table, as OTP's do).
%% The server monitors each member and takes it out of its groups when it
%% ends, and tells the processes that watch the scope or a group of every
%% join and leave: {Ref, join | leave, Group, Pids}.
%% dbgsh runs one node, so there are no peer scopes to discover or sync
%% with (docs/differences-from-erlang.md, "Process groups").
-module(pg).
-behaviour(gen_server).

-export([start_link/0, start_link/1, start/1,
         join/2, join/3, leave/2, leave/3,
         monitor_scope/0, monitor_scope/1, monitor/1, monitor/2,
         demonitor/1, demonitor/2,
         get_members/1, get_members/2, get_local_members/1, get_local_members/2,
         which_groups/0, which_groups/1, which_local_groups/0, which_local_groups/1]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2]).

%% The scope of the functions without one (the kernel starts it when
%% asked to: start_pg).
-define(SCOPE, pg).

%% members: Pid => {MonitorRef, Groups}, a group once per join;
%% scope_watchers: Ref => Pid, for monitor_scope;
%% group_watchers: Ref => {Pid, Group}, for monitor/2, and
%% watched: Group => [{Pid, Ref}], the same the other way round.
-record(scope, {name, members = #{}, scope_watchers = #{}, group_watchers = #{},
                watched = #{}}).

%% ---- starting a scope ------------------------------------------------------

start_link() ->
    start_link(?SCOPE).

start_link(Scope) when is_atom(Scope) ->
    gen_server:start_link({local, Scope}, ?MODULE, [Scope], []).

start(Scope) when is_atom(Scope) ->
    gen_server:start({local, Scope}, ?MODULE, [Scope], []).

%% ---- joining and leaving ---------------------------------------------------

join(Group, PidOrPids) ->
    join(?SCOPE, Group, PidOrPids).

%% A pid may join a group more than once: it is then a member as many
%% times, and leaves once per leave.
join(Scope, Group, PidOrPids) when is_pid(PidOrPids); is_list(PidOrPids) ->
    ok = check_local(PidOrPids),
    gen_server:call(Scope, {join, Group, PidOrPids}, infinity).

leave(Group, PidOrPids) ->
    leave(?SCOPE, Group, PidOrPids).

%% not_joined when none of the pids is in the group.
leave(Scope, Group, PidOrPids) when is_pid(PidOrPids); is_list(PidOrPids) ->
    ok = check_local(PidOrPids),
    gen_server:call(Scope, {leave, Group, PidOrPids}, infinity).

%% ---- watching --------------------------------------------------------------

monitor_scope() ->
    monitor_scope(?SCOPE).

%% {Ref, #{Group => Members}}, and from then on every join and leave.
monitor_scope(Scope) ->
    gen_server:call(Scope, watch_scope, infinity).

monitor(Group) ->
    ?MODULE:monitor(?SCOPE, Group).

%% {Ref, Members}, and from then on every join and leave of Group.
monitor(Scope, Group) ->
    gen_server:call(Scope, {watch_group, Group}, infinity).

demonitor(Ref) ->
    ?MODULE:demonitor(?SCOPE, Ref).

%% ok, with the notices of Ref still in the queue taken out of it; false
%% when Ref watches nothing in Scope.
demonitor(Scope, Ref) ->
    case gen_server:call(Scope, {unwatch, Ref}, infinity) of
        ok -> drop_notices(Ref);
        false -> false
    end.

drop_notices(Ref) ->
    receive
        {Ref, Verb, _Group, _Pids} when Verb =:= join; Verb =:= leave ->
            drop_notices(Ref)
    after 0 ->
            ok
    end.

%% ---- reading the table -----------------------------------------------------

get_members(Group) ->
    get_members(?SCOPE, Group).

%% The members, the latest to join first; [] for a group without any or a
%% scope that is not running.
get_members(Scope, Group) ->
    row_field(Scope, Group, 2).

get_local_members(Group) ->
    get_local_members(?SCOPE, Group).

get_local_members(Scope, Group) ->
    row_field(Scope, Group, 3).

row_field(Scope, Group, Pos) ->
    try ets:lookup_element(Scope, Group, Pos)
    catch error:badarg -> []
    end.

which_groups() ->
    which_groups(?SCOPE).

which_groups(Scope) when is_atom(Scope) ->
    [Group || [Group] <- ets:match(Scope, {'$1', '_', '_'})].

which_local_groups() ->
    which_local_groups(?SCOPE).

which_local_groups(Scope) when is_atom(Scope) ->
    ets:select(Scope, [{{'$1', '_', '$2'}, [{'=/=', '$2', []}], ['$1']}]).

%% ---- the scope's server ----------------------------------------------------

init([Scope]) ->
    Scope = ets:new(Scope, [set, protected, named_table, {read_concurrency, true}]),
    {ok, #scope{name = Scope}}.

handle_call({join, Group, PidOrPids}, _From, #scope{members = Members} = S) ->
    Pids = pid_list(PidOrPids),
    Members1 = lists:foldl(fun(Pid, Acc) -> add_group(Pid, Group, Acc) end, Members, Pids),
    add_members(S, Group, Pids),
    notify(S, join, Group, Pids),
    {reply, ok, S#scope{members = Members1}};
handle_call({leave, Group, PidOrPids}, _From, #scope{members = Members} = S) ->
    Pids = pid_list(PidOrPids),
    case lists:foldl(fun(Pid, Acc) -> drop_group(Pid, Group, Acc) end, Members, Pids) of
        Members ->
            {reply, not_joined, S};
        Members1 ->
            remove_members(S, Group, Pids),
            {reply, ok, S#scope{members = Members1}}
    end;
handle_call(watch_scope, {Pid, _Tag}, #scope{name = Scope, scope_watchers = SW} = S) ->
    Groups = maps:from_list([{G, All} || [G, All] <- ets:match(Scope, {'$1', '$2', '_'})]),
    Ref = erlang:monitor(process, Pid),
    {reply, {Ref, Groups}, S#scope{scope_watchers = SW#{Ref => Pid}}};
handle_call({watch_group, Group}, {Pid, _Tag},
            #scope{name = Scope, group_watchers = GW, watched = W} = S) ->
    Ref = erlang:monitor(process, Pid),
    W1 = W#{Group => [{Pid, Ref} | maps:get(Group, W, [])]},
    {reply, {Ref, get_members(Scope, Group)},
     S#scope{group_watchers = GW#{Ref => {Pid, Group}}, watched = W1}};
handle_call({unwatch, Ref}, _From, S) ->
    case forget_watcher(Ref, S) of
        {ok, S1} ->
            erlang:demonitor(Ref),
            {reply, ok, S1};
        error ->
            {reply, false, S}
    end;
handle_call(_Request, _From, _S) ->
    erlang:error(badarg).

handle_cast(_Request, _S) ->
    erlang:error(badarg).

%% A member that ends leaves every group it joined, once per join; a
%% watcher that ends watches no more. A process may be both, with one
%% monitor for each role, and its two 'DOWN's may come in either order.
handle_info({'DOWN', Ref, process, Pid, _Reason}, #scope{members = Members} = S) ->
    case Members of
        #{Pid := {Ref, Groups}} ->
            [remove_members(S, Group, [Pid]) || Group <- Groups],
            {noreply, S#scope{members = maps:remove(Pid, Members)}};
        _ ->
            case forget_watcher(Ref, S) of
                {ok, S1} -> {noreply, S1};
                error -> {noreply, S}
            end
    end;
handle_info(_Info, _S) ->
    erlang:error(badarg).

terminate(_Reason, #scope{name = Scope}) ->
    true = ets:delete(Scope).

%% ---- inside the server -----------------------------------------------------

%% Only pids of this node join or leave: {nolocal, Bad} for anything else
%% in a list (the clause guards of join/3 and leave/3 take the rest).
check_local(Pid) when is_pid(Pid), node(Pid) =:= node() ->
    ok;
check_local(Pids) when is_list(Pids) ->
    lists:foreach(fun(Pid) when is_pid(Pid), node(Pid) =:= node() -> ok;
                     (Bad) -> erlang:error({nolocal, Bad})
                  end, Pids);
check_local(Bad) ->
    erlang:error({nolocal, Bad}).

pid_list(Pid) when is_pid(Pid) -> [Pid];
pid_list(Pids) -> Pids.

%% Pid's entry with Group added, the first one monitoring it.
add_group(Pid, Group, Members) ->
    case Members of
        #{Pid := {Ref, Groups}} ->
            Members#{Pid := {Ref, [Group | Groups]}};
        _ ->
            Members#{Pid => {erlang:monitor(process, Pid), [Group]}}
    end.

%% Pid's entry with one Group taken out (no monitor once it has none);
%% Members itself when Pid is not in Group.
drop_group(Pid, Group, Members) ->
    case Members of
        #{Pid := {Ref, [Group]}} ->
            erlang:demonitor(Ref),
            maps:remove(Pid, Members);
        #{Pid := {Ref, Groups}} ->
            case lists:member(Group, Groups) of
                true -> Members#{Pid := {Ref, lists:delete(Group, Groups)}};
                false -> Members
            end;
        _ ->
            Members
    end.

%% The new members go in front of the row's lists, in the order given.
add_members(#scope{name = Scope}, Group, Pids) ->
    case ets:lookup(Scope, Group) of
        [{Group, All, Local}] -> ets:insert(Scope, {Group, Pids ++ All, Pids ++ Local});
        [] -> ets:insert(Scope, {Group, Pids, Pids})
    end.

%% One occurrence of each of Pids taken out of the group's row (the row
%% goes with its last member), and the watchers told of all of Pids.
remove_members(#scope{name = Scope} = S, Group, Pids) ->
    case ets:lookup(Scope, Group) of
        [{Group, All, Local}] ->
            case All -- Pids of
                [] -> ets:delete(Scope, Group);
                All1 -> ets:insert(Scope, {Group, All1, Local -- Pids})
            end,
            notify(S, leave, Group, Pids);
        [] ->
            ok
    end.

%% {Ref, Verb, Group, Pids} to every watcher of the scope, then to every
%% watcher of the group.
notify(#scope{scope_watchers = SW, watched = W}, Verb, Group, Pids) ->
    maps:foreach(fun(Ref, Pid) -> Pid ! {Ref, Verb, Group, Pids} end, SW),
    [Pid ! {Ref, Verb, Group, Pids} || {Pid, Ref} <- maps:get(Group, W, [])],
    ok.

%% The state without watcher Ref, or error when Ref watches nothing.
forget_watcher(Ref, #scope{scope_watchers = SW, group_watchers = GW, watched = W} = S) ->
    case maps:take(Ref, SW) of
        {_Pid, SW1} ->
            {ok, S#scope{scope_watchers = SW1}};
        error ->
            case maps:take(Ref, GW) of
                {{Pid, Group}, GW1} ->
                    W1 = case maps:get(Group, W) -- [{Pid, Ref}] of
                             [] -> maps:remove(Group, W);
                             Left -> W#{Group := Left}
                         end,
                    {ok, S#scope{group_watchers = GW1, watched = W1}};
                error ->
                    error
            end
    end.
