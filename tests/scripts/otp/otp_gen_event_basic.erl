-module(otp_gen_event_basic).
-behaviour(gen_event).
-export([main/0]).
-export([init/1, handle_event/2, handle_call/2, handle_info/2, terminate/2]).
-export([register_name/2, unregister_name/1, whereis_name/1, send/2]).

%% gen_event: start/0,1,2, start_link/0,1,2, start_monitor/0,1,2, names
%% (local and via), what add_handler returns for every kind of init/1
%% outcome, which_handlers (newest first, duplicates allowed), notify and
%% sync_notify, call/3,4, send_request and the responses (an {error, _}
%% reply comes unwrapped), delete_handler, handlers removed by their own
%% callbacks (remove_handler, crashes, bad returns), handle_info, stop/1,3,
%% the parent's exit, and the exits of calls to dead or unknown managers.
%% Every handler here is this module; its state is {Name, EventsSeen} and
%% each callback reports to the test process, which reads the reports
%% after a synchronous request to the manager (so they are all there).

init({ok, Name}) -> log({init, Name}), {ok, {Name, []}};
init({hib, Name}) -> log({init, Name}), {ok, {Name, []}, hibernate};
init({error, R}) -> {error, R};
init(bad) -> what;
init(throw) -> throw(thrown);
init(throw_ok) -> throw({ok, {thrown, []}});
init(crash) -> erlang:error(init_crash);
init(exit) -> exit(init_exit).

handle_event(E, {Name, Seen}) ->
    log({event, Name, E}),
    case E of
        {crash, Name} -> erlang:error(event_crash);
        {exit, Name} -> exit(event_exit);
        {bad, Name} -> bad_return;
        {remove, Name} -> remove_handler;
        {hib, Name} -> {ok, {Name, [E | Seen]}, hibernate};
        {throw, Name} -> throw({ok, {Name, [thrown | Seen]}});
        _ -> {ok, {Name, [E | Seen]}}
    end.

handle_call(get, {Name, Seen} = S) -> {ok, {Name, lists:reverse(Seen)}, S};
handle_call({remove, R}, _) -> {remove_handler, R};
handle_call(crash, _) -> erlang:error(call_crash);
handle_call(bad, _) -> bad_call_return;
handle_call({hib, R}, S) -> {ok, R, S, hibernate};
handle_call(throw, S) -> throw({ok, thrown_reply, S});
handle_call({sleep, T}, S) -> timer:sleep(T), {ok, slept, S};
handle_call({reply, R}, S) -> {ok, R, S}.

handle_info({crash, Name} = M, {Name, _}) -> log({info, Name, M}), erlang:error(info_crash);
handle_info(M, {Name, _} = S) -> log({info, Name, M}), {ok, S}.

terminate(_, {bad_terminate, _}) -> erlang:error(terminate_crash);
terminate(Args, {Name, Seen}) ->
    log({terminate, Name, shape(Args), lists:reverse(Seen)}),
    {terminated, Name}.

%% A via registry: names kept in a registered process's dictionary.
register_name(Name, Pid) -> reg({register, Name, Pid}).
unregister_name(Name) -> reg({unregister, Name}).
whereis_name(Name) -> reg({whereis, Name}).
send(Name, Msg) ->
    case whereis_name(Name) of
        undefined -> exit({badarg, {Name, Msg}});
        Pid -> Pid ! Msg, Pid
    end.

reg(Req) ->
    otp_ge_basic_reg ! {self(), Req},
    receive {otp_ge_basic_reg, R} -> R end.

registry() ->
    receive
        {From, {register, N, P}} ->
            R = case get(N) of undefined -> put(N, P), yes; _ -> no end,
            From ! {otp_ge_basic_reg, R};
        {From, {unregister, N}} -> erase(N), From ! {otp_ge_basic_reg, ok};
        {From, {whereis, N}} ->
            From ! {otp_ge_basic_reg, case get(N) of undefined -> undefined; P -> P end}
    end,
    registry().

log(M) ->
    case whereis(otp_ge_basic_watch) of
        undefined -> ok;
        W -> W ! {log, M}
    end.

%% the reports received so far (call after a synchronous request)
logs() ->
    receive {log, M} -> [M | logs()] after 0 -> [] end.

%% {'EXIT', {Reason, Stack}} anywhere in a term: the stack becomes its
%% first frame as {M, F, Arity}
shape({'EXIT', {R, [{M, F, A, _} | _]}}) -> {'EXIT', {shape(R), {M, F, arity(A)}}};
shape(T) when is_tuple(T) -> list_to_tuple(shape(tuple_to_list(T)));
shape([H | T]) -> [shape(H) | shape(T)];
shape(X) -> X.

arity(A) when is_list(A) -> length(A);
arity(A) -> A.

p(Label, Value) ->
    io:format("~p~n", [{Label, shape(Value)}]).

%% a result and the reports that came with it
pl(Label, Value) ->
    Logs = logs(),
    io:format("~p~n", [{Label, shape(Value), Logs}]).

linked(P) ->
    {links, L} = process_info(self(), links),
    lists:member(P, L).

where(P) ->
    timer:sleep(20),
    {current_function, F} = process_info(P, current_function),
    F.

down(P) ->
    Ref = monitor(process, P),
    receive {'DOWN', Ref, process, P, R} -> R end.

%% the exit of a call, with manager pids shown as `mgr`
caught(F, Mgrs) ->
    try F() of
        V -> {value, V}
    catch
        exit:R -> {exit, hide(R, Mgrs)};
        error:R -> {error, hide(R, Mgrs)}
    end.

hide(T, Mgrs) when is_pid(T) ->
    case lists:member(T, Mgrs) of true -> mgr; false -> T end;
hide(T, Mgrs) when is_tuple(T) -> list_to_tuple(hide(tuple_to_list(T), Mgrs));
hide([H | T], Mgrs) -> [hide(H, Mgrs) | hide(T, Mgrs)];
hide(X, _) -> X.

start_section() ->
    {ok, P0} = gen_event:start(),
    p(start0, {is_pid(P0), linked(P0), gen_event:which_handlers(P0)}),
    {ok, PA} = gen_event:start({local, otp_ge_basic_a}),
    p(start_local, whereis(otp_ge_basic_a) =:= PA),
    p(start_taken, gen_event:start({local, otp_ge_basic_a})),
    p(start_taken_opts, gen_event:start({local, otp_ge_basic_a}, [{timeout, 1000}])),
    {ok, P1} = gen_event:start([]),
    {ok, P2} = gen_event:start([{timeout, 1000}]),
    p(start_opts, {is_pid(P1), is_pid(P2), P1 =/= P2}),
    {ok, PB} = gen_event:start({local, otp_ge_basic_b}, [{hibernate_after, 10}]),
    p(start_local_opts, {whereis(otp_ge_basic_b) =:= PB, gen_event:which_handlers(otp_ge_basic_b)}),
    p(hibernate_after, where(PB)),
    p(hibernate_after_wakes, gen_event:which_handlers(otp_ge_basic_b)),
    [ok = gen_event:stop(P) || P <- [P0, PA, P1, P2, PB]],
    p(stopped_names, {whereis(otp_ge_basic_a), whereis(otp_ge_basic_b)}),
    {ok, L0} = gen_event:start_link(),
    {ok, L1} = gen_event:start_link({local, otp_ge_basic_c}),
    {ok, L2} = gen_event:start_link([{timeout, 1000}]),
    {ok, L3} = gen_event:start_link({local, otp_ge_basic_d}, []),
    p(start_link, {[linked(L) || L <- [L0, L1, L2, L3]],
                   whereis(otp_ge_basic_c) =:= L1, whereis(otp_ge_basic_d) =:= L3}),
    p(start_link_taken, gen_event:start_link({local, otp_ge_basic_c})),
    p(start_link_taken_opts, gen_event:start_link({local, otp_ge_basic_c}, [])),
    [ok = gen_event:stop(L) || L <- [L0, L1, L2, L3]],
    p(start_link_stopped, {[linked(L) || L <- [L0, L1, L2, L3]], whereis(otp_ge_basic_c)}),
    {ok, {M0, R0}} = gen_event:start_monitor(),
    p(start_monitor, {is_pid(M0), is_reference(R0), linked(M0)}),
    {ok, {M1, R1}} = gen_event:start_monitor({local, otp_ge_basic_e}),
    {ok, {M2, R2}} = gen_event:start_monitor([]),
    {ok, {M3, R3}} = gen_event:start_monitor({local, otp_ge_basic_f}, [{timeout, 1000}]),
    p(start_monitor_named, {whereis(otp_ge_basic_e) =:= M1, whereis(otp_ge_basic_f) =:= M3,
                            is_pid(M2), is_reference(R2), R0 =/= R1}),
    p(start_monitor_taken, gen_event:start_monitor({local, otp_ge_basic_e})),
    p(start_monitor_taken_opts, gen_event:start_monitor({local, otp_ge_basic_e}, [])),
    ok = gen_event:stop(M0),
    receive {'DOWN', R0, process, M0, D0} -> p(monitor_down, D0) end,
    ok = gen_event:stop(otp_ge_basic_e),
    ok = gen_event:stop(M2, {shutdown, x}, infinity),
    ok = gen_event:stop(otp_ge_basic_f, normal, 1000),
    receive {'DOWN', R1, process, M1, D1} -> p(monitor_down_named, D1) end,
    receive {'DOWN', R2, process, M2, D2} -> p(monitor_down_reason, D2) end,
    receive {'DOWN', R3, process, M3, D3} -> p(monitor_down_stop3, D3) end,
    %% via names
    register(otp_ge_basic_reg, spawn_link(fun registry/0)),
    Via = {via, ?MODULE, mgr},
    {ok, V} = gen_event:start(Via),
    p(via_whereis, whereis_name(mgr) =:= V),
    p(via_taken, gen_event:start(Via) =:= {error, {already_started, V}}),
    pl(via_add, gen_event:add_handler(Via, ?MODULE, {ok, via})),
    p(via_notify, gen_event:notify(Via, via_event)),
    pl(via_sync_notify, gen_event:sync_notify(Via, via_sync)),
    p(via_call, gen_event:call(Via, ?MODULE, get)),
    p(via_which, gen_event:which_handlers(Via)),
    p(via_notify_nobody, gen_event:notify({via, ?MODULE, nobody}, x)),
    p(via_call_nobody, caught(fun() -> gen_event:call({via, ?MODULE, nobody}, ?MODULE, get) end, [])),
    pl(via_stop, gen_event:stop(Via)).

add_section() ->
    {ok, M} = gen_event:start(),
    p(empty, gen_event:which_handlers(M)),
    pl(add_plain, gen_event:add_handler(M, ?MODULE, {ok, a})),
    pl(add_id, gen_event:add_handler(M, {?MODULE, 1}, {ok, b})),
    pl(add_hibernate, gen_event:add_handler(M, {?MODULE, 2}, {hib, c})),
    p(init_hibernated, where(M)),
    pl(add_error, gen_event:add_handler(M, {?MODULE, 3}, {error, no})),
    pl(add_bad_value, gen_event:add_handler(M, {?MODULE, 4}, bad)),
    pl(add_throw, gen_event:add_handler(M, {?MODULE, 5}, throw)),
    pl(add_throw_ok, gen_event:add_handler(M, {?MODULE, 6}, throw_ok)),
    pl(add_crash, gen_event:add_handler(M, {?MODULE, 7}, crash)),
    pl(add_exit, gen_event:add_handler(M, {?MODULE, 8}, exit)),
    pl(add_no_clause, gen_event:add_handler(M, {?MODULE, 9}, unknown)),
    pl(add_no_module, gen_event:add_handler(M, otp_ge_basic_nomod, x)),
    p(which, gen_event:which_handlers(M)),
    %% events: every handler, newest first, in the order sent
    p(notify, gen_event:notify(M, e1)),
    pl(sync_notify, gen_event:sync_notify(M, e2)),
    p(call, gen_event:call(M, ?MODULE, get)),
    p(call_id, gen_event:call(M, {?MODULE, 1}, get, 1000)),
    p(call_thrown_state, gen_event:call(M, {?MODULE, 6}, get, infinity)),
    p(call_unknown_id, gen_event:call(M, {?MODULE, 99}, get)),
    p(call_unknown_module, gen_event:call(M, otp_ge_basic_other, get)),
    p(call_hibernate, gen_event:call(M, {?MODULE, 1}, {hib, r})),
    p(call_hibernated, where(M)),
    p(call_throw, gen_event:call(M, {?MODULE, 1}, throw)),
    pl(call_remove, gen_event:call(M, {?MODULE, 6}, {remove, bye})),
    pl(call_crash, gen_event:call(M, {?MODULE, 2}, crash)),
    pl(call_bad, gen_event:call(M, {?MODULE, 1}, bad)),
    p(which, gen_event:which_handlers(M)),
    %% a call that times out; the late reply is not delivered
    ok = gen_event:add_handler(M, {?MODULE, slow}, {ok, slow}),
    _ = logs(),
    p(call_timeout, caught(fun() -> gen_event:call(M, {?MODULE, slow}, {sleep, 200}, 20) end, [M])),
    p(after_timeout, gen_event:call(M, {?MODULE, slow}, get)),
    p(stray, receive Any -> Any after 0 -> none end),
    %% delete_handler: terminate/2 gets the arguments, its value is returned
    pl(delete, gen_event:delete_handler(M, {?MODULE, slow}, my_args)),
    pl(delete_again, gen_event:delete_handler(M, {?MODULE, slow}, my_args)),
    p(delete_unknown, gen_event:delete_handler(M, otp_ge_basic_other, x)),
    p(delete_plain_as_id, gen_event:delete_handler(M, {?MODULE, a}, x)),
    ok = gen_event:add_handler(M, {?MODULE, bt}, {ok, bad_terminate}),
    pl(delete_terminate_crash, gen_event:delete_handler(M, {?MODULE, bt}, x)),
    %% the same handler twice
    pl(add_twice, gen_event:add_handler(M, ?MODULE, {ok, a2})),
    p(which_twice, gen_event:which_handlers(M)),
    pl(sync_notify_twice, gen_event:sync_notify(M, e3)),
    p(call_twice, gen_event:call(M, ?MODULE, get)),
    pl(delete_twice, gen_event:delete_handler(M, ?MODULE, once)),
    p(call_after_delete, gen_event:call(M, ?MODULE, get)),
    p(which_after_delete, gen_event:which_handlers(M)),
    pl(stop, gen_event:stop(M)).

event_section() ->
    {ok, M} = gen_event:start(),
    [ok = gen_event:add_handler(M, H, {ok, N})
     || {H, N} <- [{?MODULE, x}, {{?MODULE, c}, c}, {{?MODULE, e}, e}, {{?MODULE, b}, b},
                   {{?MODULE, r}, r}, {{?MODULE, h}, h}, {{?MODULE, t}, t}, {{?MODULE, i}, i}]],
    _ = logs(),
    p(which, gen_event:which_handlers(M)),
    pl(remove_handler, gen_event:sync_notify(M, {remove, r})),
    pl(event_crash, gen_event:sync_notify(M, {crash, c})),
    p(notify_exit, gen_event:notify(M, {exit, e})),
    p(which, gen_event:which_handlers(M)),
    pl(event_exit, ok),
    pl(bad_return, gen_event:sync_notify(M, {bad, b})),
    pl(throw_return, gen_event:sync_notify(M, {throw, t})),
    p(thrown_state, gen_event:call(M, {?MODULE, t}, get)),
    ok = gen_event:notify(M, {hib, h}),
    p(event_hibernated, where(M)),
    pl(which, gen_event:which_handlers(M)),
    M ! hello,
    pl(info, gen_event:which_handlers(M)),
    M ! {crash, i},
    pl(info_crash, gen_event:which_handlers(M)),
    p(alive, is_process_alive(M)),
    %% stop/1: terminate(stop, _) for each, newest first
    Ref = monitor(process, M),
    pl(stop, gen_event:stop(M)),
    receive {'DOWN', Ref, process, M, R} -> p(stop_down, R) end,
    %% stop/3: the handlers still get `stop`; a crashing terminate is no matter
    {ok, M3} = gen_event:start({local, otp_ge_basic_s}),
    ok = gen_event:add_handler(otp_ge_basic_s, ?MODULE, {ok, s1}),
    ok = gen_event:add_handler(otp_ge_basic_s, {?MODULE, bt}, {ok, bad_terminate}),
    ok = gen_event:add_handler(otp_ge_basic_s, {?MODULE, 2}, {ok, s2}),
    _ = logs(),
    Ref3 = monitor(process, M3),
    pl(stop3, gen_event:stop(otp_ge_basic_s, {shutdown, done}, 1000)),
    receive {'DOWN', Ref3, process, M3, R3} -> p(stop3_down, R3) end,
    p(stop3_name, whereis(otp_ge_basic_s)),
    %% the parent's exit stops the manager, even a normal one
    Self = self(),
    lists:foreach(
      fun(Why) ->
              Parent = spawn(fun() ->
                                     {ok, C} = gen_event:start_link(),
                                     ok = gen_event:add_handler(C, ?MODULE, {ok, child}),
                                     Self ! {child, C},
                                     receive go -> exit(Why) end
                             end),
              C = receive {child, Cp} -> Cp end,
              CRef = monitor(process, C),
              Parent ! go,
              receive {'DOWN', CRef, process, C, CR} -> pl({parent_exit, Why}, CR) end
      end, [normal, {shutdown, parent_gone}]),
    %% dead and unknown managers
    Ms = [M, M3],
    p(call_dead, caught(fun() -> gen_event:call(M, ?MODULE, get) end, Ms)),
    p(call4_dead, caught(fun() -> gen_event:call(M, ?MODULE, get, 500) end, Ms)),
    p(call_nobody, caught(fun() -> gen_event:call(otp_ge_basic_nobody, ?MODULE, get) end, Ms)),
    p(call_nobody_node, caught(fun() -> gen_event:call({otp_ge_basic_nobody, node()}, ?MODULE, get) end, Ms)),
    p(which_dead, caught(fun() -> gen_event:which_handlers(M) end, Ms)),
    p(which_nobody, caught(fun() -> gen_event:which_handlers(otp_ge_basic_nobody) end, Ms)),
    p(add_dead, caught(fun() -> gen_event:add_handler(M, ?MODULE, {ok, z}) end, Ms)),
    p(add_nobody, caught(fun() -> gen_event:add_handler(otp_ge_basic_nobody, ?MODULE, {ok, z}) end, Ms)),
    p(delete_dead, caught(fun() -> gen_event:delete_handler(M, ?MODULE, x) end, Ms)),
    p(sync_notify_dead, caught(fun() -> gen_event:sync_notify(M, x) end, Ms)),
    p(notify_dead, caught(fun() -> gen_event:notify(M, x) end, Ms)),
    p(notify_nobody, caught(fun() -> gen_event:notify(otp_ge_basic_nobody, x) end, Ms)),
    p(notify_nobody_node, caught(fun() -> gen_event:notify({otp_ge_basic_nobody, node()}, x) end, Ms)),
    p(swap_dead, caught(fun() -> gen_event:swap_handler(M, {?MODULE, x}, {?MODULE, y}) end, Ms)),
    p(stop_dead, caught(fun() -> gen_event:stop(M) end, Ms)),
    p(stop_nobody, caught(fun() -> gen_event:stop(otp_ge_basic_nobody) end, Ms)),
    p(logs, logs()).

request_section() ->
    {ok, M} = gen_event:start(),
    ok = gen_event:add_handler(M, ?MODULE, {ok, q}),
    ok = gen_event:add_handler(M, {?MODULE, c}, {ok, qc}),
    _ = logs(),
    Id1 = gen_event:send_request(M, ?MODULE, get),
    p(receive_response, gen_event:receive_response(Id1, 1000)),
    Id2 = gen_event:send_request(M, otp_ge_basic_other, get),
    p(receive_response_bad_module, gen_event:receive_response(Id2, infinity)),
    Id3 = gen_event:send_request(M, ?MODULE, {reply, {error, mine}}),
    p(wait_response_error_reply, gen_event:wait_response(Id3, 1000)),
    Id4 = gen_event:send_request(M, ?MODULE, {reply, {ok, fine}}),
    Msg = receive Any -> Any end,
    p(check_response_other, gen_event:check_response(not_a_reply, Id4)),
    p(check_response, gen_event:check_response(Msg, Id4)),
    Id5 = gen_event:send_request(M, {?MODULE, c}, crash),
    pl(receive_response_crash, gen_event:receive_response(Id5, 1000)),
    Ids0 = gen_event:reqids_new(),
    Ids1 = gen_event:send_request(M, ?MODULE, {reply, one}, first, Ids0),
    Ids2 = gen_event:send_request(M, {?MODULE, c}, get, second, Ids1),
    Ids3 = gen_event:reqids_add(gen_event:send_request(M, ?MODULE, {reply, three}), third, Ids2),
    p(reqids_size, gen_event:reqids_size(Ids3)),
    p(reqids_labels, lists:sort([L || {_, L} <- gen_event:reqids_to_list(Ids3)])),
    {Ra, La, Ids4} = gen_event:receive_response(Ids3, 1000, true),
    {Rb, Lb, Ids5} = gen_event:wait_response(Ids4, 1000, true),
    {Rc, Lc, Ids6} = gen_event:receive_response(Ids5, 1000, false),
    p(collection, {lists:sort([{La, Ra}, {Lb, Rb}, {Lc, Rc}]), gen_event:reqids_size(Ids6)}),
    p(collection_empty, gen_event:receive_response(gen_event:reqids_new(), 1000, true)),
    ok = gen_event:stop(M),
    _ = logs(),
    Id6 = gen_event:send_request(M, ?MODULE, get),
    p(receive_response_dead, hide(gen_event:receive_response(Id6, 1000), [M])),
    Id7 = gen_event:send_request(otp_ge_basic_nobody, ?MODULE, get),
    p(receive_response_nobody, gen_event:receive_response(Id7, 1000)).

main() ->
    register(otp_ge_basic_watch, self()),
    start_section(),
    add_section(),
    request_section(),
    event_section(),
    ok.
