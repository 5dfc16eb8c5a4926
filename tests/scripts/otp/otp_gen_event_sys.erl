-module(otp_gen_event_sys).
-behaviour(gen_event).
-export([main/0]).
-export([init/1, handle_event/2, handle_call/2, terminate/2, format_status/1]).

%% sys on a gen_event manager: get_state ({Mod, Id, State} per handler, Id
%% false for a plain one), replace_state (a fun that crashes or returns
%% another shape for one handler leaves that handler alone), get_status
%% (its shape, the header for pids and names, the installed handlers as
%% format_status/1 shows them: a crash, a non-map or unknown keys keep the
%% state, and the `log` a handler returns is what the next one gets and
%% what "Logged Events" shows), suspend/resume around notify, and
%% terminate (handlers get `stop`, supervisors get shutdown).

init({Name, N}) -> {ok, {Name, N}}.

handle_event(E, {Name, N}) ->
    log({event, Name, E}),
    {ok, {Name, N + 1}}.

handle_call(get, S) -> {ok, S, S}.

terminate(Args, {Name, N}) ->
    log({terminate, Name, Args, N}),
    ok.

format_status(#{state := {hide, N}} = S) -> S#{state := {hide, hidden, N}};
format_status(#{state := {crash, _}}) -> erlang:error(crash);
format_status(#{state := {not_map, _}}) -> not_a_map;
format_status(#{state := {bad_keys, _}} = S) -> S#{whatever => 1};
format_status(#{state := {partial, _}}) -> #{state => partial};
format_status(#{state := {add_log, _}, log := Log} = S) -> S#{log := [from_add_log | Log]};
format_status(#{state := {see_log, N}, log := Log} = S) -> S#{state := {see_log, N, Log}};
format_status(S) -> S.

log(M) ->
    case whereis(otp_ge_sys_watch) of
        undefined -> ok;
        W -> W ! {log, M}
    end.

logs() ->
    receive {log, M} -> [M | logs()] after 0 -> [] end.

p(Label, Value) ->
    io:format("~p~n", [{Label, Value}]).

pl(Label, Value) ->
    Logs = logs(),
    io:format("~p~n", [{Label, Value, Logs}]).

%% sys:get_status, with this process and the manager shown as atoms (the
%% header string keeps the pid, which the output normalisation numbers)
status(M) ->
    {status, Pid, Mod, [PDict, SysState, Parent, Debug, Misc]} = sys:get_status(M),
    Mgr = case is_pid(M) of true -> M; false -> whereis(M) end,
    Keys = lists:sort([K || {K, _} <- PDict, K =:= '$initial_call' orelse K =:= '$ancestors']),
    {Pid =:= Mgr, Mod, SysState, hide(Parent, Mgr), Debug,
     Keys, proplists:get_value('$initial_call', PDict), hide(Misc, Mgr)}.

hide(P, _) when P =:= self() -> self;
hide(P, Mgr) when P =:= Mgr -> mgr;
hide(T, Mgr) when is_tuple(T) -> list_to_tuple(hide(tuple_to_list(T), Mgr));
hide([H | T], Mgr) -> [hide(H, Mgr) | hide(T, Mgr)];
hide(X, _) -> X.

main() ->
    register(otp_ge_sys_watch, self()),
    {ok, M} = gen_event:start_link(),
    p(get_state_empty, sys:get_state(M)),
    ok = gen_event:add_handler(M, ?MODULE, {a, 0}),
    ok = gen_event:add_handler(M, {?MODULE, 1}, {b, 10}),
    ok = gen_event:add_sup_handler(M, {?MODULE, 2}, {c, 20}),
    p(get_state, sys:get_state(M)),
    p(get_status, status(M)),
    %% replace_state
    p(replace_state, sys:replace_state(M, fun({Mod, Id, {Name, N}}) -> {Mod, Id, {Name, N + 1}} end)),
    p(after_replace, {gen_event:call(M, ?MODULE, get), gen_event:call(M, {?MODULE, 1}, get)}),
    p(replace_crash_one, sys:replace_state(M, fun({_, 1, _}) -> erlang:error(no);
                                                 ({Mod, Id, {Name, N}}) -> {Mod, Id, {Name, N * 2}} end)),
    p(replace_other_id, sys:replace_state(M, fun({Mod, false, S}) -> {Mod, 3, S};
                                                 ({Mod, Id, {Name, N}}) -> {Mod, Id, {Name, N + 100}} end)),
    p(replace_other_module, sys:replace_state(M, fun({_, 2, S}) -> {other, 2, S};
                                                     (X) -> X end)),
    p(replace_not_tuple, sys:replace_state(M, fun({_, 1, _}) -> nope; (X) -> X end)),
    p(replace_crash_all, sys:replace_state(M, fun(_) -> exit(all) end)),
    p(get_state, sys:get_state(M)),
    p(which, gen_event:which_handlers(M)),
    %% suspend and resume around notify
    ok = sys:suspend(M),
    ok = gen_event:notify(M, while_suspended),
    p(suspended_state, sys:get_state(M)),
    {_, _, SysState, _, _, _, _, _} = status(M),
    pl(suspended_status, SysState),
    ok = sys:resume(M),
    pl(resumed_state, sys:get_state(M)),
    %% format_status/1
    {ok, F} = gen_event:start({local, otp_ge_sys_fmt}),
    [ok = gen_event:add_handler(otp_ge_sys_fmt, {?MODULE, Name}, {Name, 1})
     || Name <- [plain, hide, crash, not_map, bad_keys, partial, see_log, add_log]],
    ok = gen_event:add_handler(otp_ge_sys_fmt, ?MODULE, {see_log, 0}),
    p(named_status, status(otp_ge_sys_fmt)),
    p(get_state_unformatted, sys:get_state(otp_ge_sys_fmt)),
    Ref = monitor(process, F),
    %% sys replies before the handlers' terminate callbacks run: their logs
    %% are all in the queue once the DOWN is (one sender, in order)
    Suspended = {sys:suspend(F), sys:terminate(F, normal)},
    receive {'DOWN', Ref, process, F, R} -> pl(sys_terminate_suspended, Suspended), p(down, R) end,
    %% sys:terminate
    process_flag(trap_exit, true),
    MRef = monitor(process, M),
    Terminated = sys:terminate(M, {shutdown, sys}),
    receive {'DOWN', MRef, process, M, R2} -> pl(sys_terminate, Terminated), p(down, R2) end,
    receive {gen_event_EXIT, H, R3} -> p(supervisor_told, {H, R3}) after 1000 -> p(supervisor_told, none) end,
    receive {'EXIT', M, R4} -> p(parent_exit, R4) after 1000 -> p(parent_exit, none) end,
    ok.
