-module(otp_global).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2]).
-export([callback_mode/0, handle_event/4, handle_event/2, handle_call/2]).

%% global on one node: names (registering, clashes, a pid with two names,
%% sends, a registered process that ends), locks (requesters, holders
%% that share a lock, a holder that ends, trans), and a gen_server, a
%% supervisor, a gen_statem and a gen_event manager named {global, Name}
%% or {via, global, Name}. Pids print as their names below (A, B, ...,
%% me). This module is the callback module of all of them: init/1 tells
%% them apart by its argument.

init({sup, Child}) ->
    {ok, {#{strategy => one_for_one},
          [#{id => c, start => {gen_server, start_link, [{global, Child}, ?MODULE, 7, []]}}]}};
init({statem, D}) -> {ok, idle, D};
init({handler, Events}) -> {ok, Events};
init(N) -> {ok, N}.

handle_call(get, _From, N) -> {reply, N, N};
handle_call(whoami, _From, N) -> {reply, self(), N}.

handle_cast({add, K}, N) -> {noreply, N + K}.

handle_info(_, N) -> {noreply, N}.

callback_mode() -> handle_event_function.

handle_event({call, From}, get, S, D) -> {keep_state_and_data, [{reply, From, {S, D}}]};
handle_event(cast, {go, S}, _, D) -> {next_state, S, D + 1}.

handle_event(E, Events) -> {ok, [E | Events]}.

handle_call(get, Events) -> {ok, lists:reverse(Events), Events}.

main() ->
    names(),
    locks(),
    servers(),
    behaviours(),
    ok.

names() ->
    [A, B, C] = Ps = [worker() || _ <- lists:seq(1, 3)],
    N = fun(X) -> name(X, Ps) end,
    p(where_before, global:whereis_name(a)),
    p(names_before, global:registered_names()),
    p(register_a, global:register_name(a, A)),
    p(register_a_again, global:register_name(a, B)),
    p(register_a_same, global:register_name(a, A)),
    p(second_name_of_a, global:register_name(a2, A)),
    p(register_b_mfa, global:register_name(b, B, {global, notify_all_name})),
    p(register_c_fun, global:register_name(c, C, fun global:random_notify_name/3)),
    p(where_a, N(global:whereis_name(a))),
    p(where_a2, global:whereis_name(a2)),
    p(names, lists:sort(global:registered_names())),
    p(send_a, N(global:send(a, hello))),
    receive_in(A),
    p(send_none, catch global:send(none, hello)),
    p(unregister_a, global:unregister_name(a)),
    p(unregister_none, global:unregister_name(none)),
    p(re_register_b_to_a, global:re_register_name(b, A)),
    p(where_b, N(global:whereis_name(b))),
    p(names, lists:sort(global:registered_names())),
    p(bad_pid, error_of(fun() -> global:register_name(x, not_a_pid) end)),
    p(bad_resolve, error_of(fun() -> global:register_name(x, A, not_a_fun) end)),
    p(bad_re_register, error_of(fun() -> global:re_register_name(x, 1) end)),
    %% a process that has ended reads as undefined at once, and its
    %% names go once the server has its 'DOWN'
    stop(A),
    p(where_b_after_a_ended, global:whereis_name(b)),
    p(sync, global:sync()),
    p(names_after_a_ended, lists:sort(global:registered_names())),
    Dead = spawn(fun() -> ok end),
    stop(Dead),
    p(register_dead, global:register_name(dead, Dead)),
    p(where_dead, global:whereis_name(dead)),
    %% the resolve functions, called by hand
    p(notify_all, global:notify_all_name(n, B, C)),
    p(random_notify, N(global:random_notify_name(n, B, C))),
    [stop(P) || P <- [B, C]],
    ok = global:sync(),
    p(names_at_end, global:registered_names()).

locks() ->
    p(lock, global:set_lock({res, me})),
    p(lock_again, global:set_lock({res, me}, [node()], 0)),
    {Other, R1} = locker({res, other}),
    p(other_requester, R1),
    {Sharer, R2} = locker({res, me}),
    p(same_requester_other_process, R2),
    p(del_lock, global:del_lock({res, me})),
    {_, R3} = locker({res, other}),
    p(other_while_sharer_holds, R3),
    stop(Sharer),
    {_, R4} = locker({res, other}),
    p(other_after_sharer_ended, R4),
    p(trans_locked, global:trans({res, me}, fun() -> inside end, [node()], 0)),
    p(trans, global:trans({res2, me}, fun() -> inside end)),
    p(trans_nodes, global:trans({res2, me}, fun() -> global:set_lock({res2, x}, [node()], 0) end,
                                [node()])),
    p(trans_exit, catch global:trans({res2, me}, fun() -> exit(oops) end)),
    p(free_after_exit, global:set_lock({res2, x}, [node()], 0)),
    p(no_nodes, global:set_lock({res3, me}, [])),
    p(other_node, global:set_lock({res3, me}, [other@host])),
    p(del_not_held, global:del_lock({res9, me})),
    p(bad_id, error_of(fun() -> global:set_lock(not_a_pair) end)),
    p(bad_retries, error_of(fun() -> global:set_lock({res, me}, [node()], -1) end)),
    p(trans_not_a_fun, error_of(fun() -> global:trans({res4, me}, 5) end)),
    stop(Other).

servers() ->
    {ok, S} = gen_server:start({global, counter}, ?MODULE, 10, []),
    N = fun(X) -> name(X, [S]) end,
    p(where_counter, N(global:whereis_name(counter))),
    p(call, gen_server:call({global, counter}, get)),
    p(cast, gen_server:cast({global, counter}, {add, 5})),
    p(call_after_cast, gen_server:call({global, counter}, get, 1000)),
    p(cast_to_nobody, gen_server:cast({global, nobody}, {add, 1})),
    p(started_again, N(gen_server:start({global, counter}, ?MODULE, 0, []))),
    p(call_nobody, catch gen_server:call({global, nobody}, get)),
    p(via_global, N(gen_server:call({via, global, counter}, whoami))),
    p(stop, gen_server:stop({global, counter})),
    p(where_after_stop, global:whereis_name(counter)),
    {ok, V} = gen_server:start({via, global, by_via}, ?MODULE, 1, []),
    p(via_registered, global:whereis_name(by_via) =:= V),
    p(enter_loop_wrong_name,
      exit_of(fun() -> gen_server:enter_loop(?MODULE, [], 0, {global, not_mine}) end)),
    ok = gen_server:stop(V),
    ok = global:sync(),
    p(names_at_end, global:registered_names()).

behaviours() ->
    %% a supervisor and its child, both global
    {ok, Sup} = supervisor:start_link({global, otp_global_sup}, ?MODULE, {sup, otp_global_child}),
    unlink(Sup),
    C1 = global:whereis_name(otp_global_child),
    p(sup_where, global:whereis_name(otp_global_sup) =:= Sup),
    p(children, [{Id, P =:= C1, T} || {Id, P, T, _} <- supervisor:which_children({global, otp_global_sup})]),
    p(child_call, gen_server:call({global, otp_global_child}, get)),
    kill(C1),
    C2 = restarted(otp_global_child, C1, 100),
    p(restarted, {C2 =/= C1, global:whereis_name(otp_global_child) =:= C2}),
    p(terminate_child, supervisor:terminate_child({global, otp_global_sup}, c)),
    p(child_gone, catch gen_server:call({global, otp_global_child}, get)),
    p(sup_stop, gen_server:stop({global, otp_global_sup})),
    %% a state machine
    {ok, _} = gen_statem:start({global, otp_global_fsm}, ?MODULE, {statem, 0}, []),
    p(statem_get, gen_statem:call({global, otp_global_fsm}, get)),
    p(statem_cast, gen_statem:cast({global, otp_global_fsm}, {go, busy})),
    p(statem_get, gen_statem:call({global, otp_global_fsm}, get)),
    p(statem_cast_nobody, gen_statem:cast({global, nobody}, {go, busy})),
    p(statem_stop, gen_statem:stop({global, otp_global_fsm})),
    %% an event manager
    {ok, _} = gen_event:start({global, otp_global_events}),
    ok = gen_event:add_handler({global, otp_global_events}, ?MODULE, {handler, []}),
    p(notify, gen_event:notify({global, otp_global_events}, one)),
    p(sync_notify, gen_event:sync_notify({global, otp_global_events}, two)),
    p(events, gen_event:call({global, otp_global_events}, ?MODULE, get)),
    p(notify_nobody, gen_event:notify({global, nobody}, one)),
    p(handlers, gen_event:which_handlers({global, otp_global_events})),
    p(events_stop, gen_event:stop({global, otp_global_events})),
    ok = global:sync(),
    p(names_at_end, global:registered_names()).

%% Name's process once it is another than Old (a supervisor restarting it
%% may have the 'EXIT' of Old after the caller has its 'DOWN').
restarted(Name, Old, Tries) ->
    case global:whereis_name(Name) of
        New when is_pid(New), New =/= Old -> New;
        _ when Tries > 0 -> timer:sleep(10), restarted(Name, Old, Tries - 1)
    end.

%% A process that sets lock Id and answers whether it could: {Pid, Answer}.
locker(Id) ->
    Me = self(),
    P = spawn(fun() ->
                      Me ! {locked, self(), global:set_lock(Id, [node()], 0)},
                      receive stop -> ok end
              end),
    receive {locked, P, Answer} -> {P, Answer} end.

worker() ->
    spawn(fun Loop() ->
                  receive
                      stop -> ok;
                      {tell, To} -> To ! {got, self(), flush([])}, Loop()
                  end
          end).

flush(Acc) ->
    receive M -> flush([M | Acc]) after 0 -> lists:reverse(Acc) end.

receive_in(P) ->
    P ! {tell, self()},
    receive {got, P, Ms} -> p(received, Ms) end.

kill(P) ->
    Ref = monitor(process, P),
    exit(P, kill),
    receive {'DOWN', Ref, process, P, _} -> ok end.

stop(P) ->
    Ref = monitor(process, P),
    P ! stop,
    receive {'DOWN', Ref, process, P, _} -> ok end.

%% The reason of the error F raises; of the exit, for exit_of/1.
error_of(F) ->
    try F() of V -> {no_error, V}
    catch error:R -> R
    end.

exit_of(F) ->
    Me = self(),
    P = spawn(fun() -> Me ! {self(), try F() catch exit:R -> R end} end),
    receive {P, R} -> R end.

p(Label, Term) -> io:format("~p: ~p~n", [Label, Term]).

name(P, Ps) when is_pid(P) ->
    case lists:member(P, Ps) of
        true -> lists:nth(length(lists:takewhile(fun(Q) -> Q =/= P end, Ps)) + 1, ["A", "B", "C"]);
        false when P =:= self() -> me;
        false -> other_pid
    end;
name(T, Ps) when is_tuple(T) ->
    list_to_tuple(name(tuple_to_list(T), Ps));
name(L, Ps) when is_list(L) ->
    [name(X, Ps) || X <- L];
name(X, _) ->
    X.
