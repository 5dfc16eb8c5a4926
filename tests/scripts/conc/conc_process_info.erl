-module(conc_process_info).
-export([main/0, waiter/1, linked/0, busy/1, peer/3]).

%% process_info/1,2 of other processes, item by item: a process blocked in
%% receive with messages, links, monitors, a dictionary and a name; a busy
%% process on another scheduler; two processes asking about each other.

id(X) -> X.

waiter(Parent) ->
    register(conc_pi_waiter, self()),
    process_flag(trap_exit, true),
    process_flag(priority, high),
    put(k1, v1),
    put(k2, {a, "b"}),
    L = spawn(?MODULE, linked, []),
    link(L),
    M = spawn(?MODULE, linked, []),
    register(conc_pi_named, M),
    monitor(process, M),
    monitor(process, conc_pi_named),
    Parent ! {ready, self(), L, M},
    wait_stop(L, M).

wait_stop(L, M) ->
    receive
        stop -> L ! stop, M ! stop;
        {sync, From} -> From ! {synced, self()}, wait_stop(L, M)
    end.


linked() -> receive stop -> ok end.

busy(0) -> receive stop -> done end;
busy(N) -> busy(N - 1).

peer(Parent, _Other, 0) -> Parent ! {done, self()};
peer(Parent, Other, N) ->
    case process_info(Other, [status, message_queue_len, links]) of
        undefined -> ok; % it finished first
        [{status, _}, {message_queue_len, Len}, {links, []}] when is_integer(Len) -> ok
    end,
    peer(Parent, Other, N - 1).

main() ->
    Self = self(),
    W = spawn(?MODULE, waiter, [Self]),
    {L, M} = receive {ready, W, L0, M0} -> {L0, M0} end,
    Ref = monitor(process, W),
    W ! m1,
    W ! {m2, [1, 2]},
    W ! <<"m3">>,
    W ! {sync, Self},
    receive {synced, W} -> ok end,
    io:format("message_queue_len ~p~n", [process_info(W, message_queue_len)]),
    io:format("messages ~p~n", [process_info(W, messages)]),
    io:format("links ~p~n", [process_info(W, links) =:= {links, [L]}]),
    {monitors, Mons} = process_info(W, monitors),
    io:format("monitors ~p~n", [lists:sort(Mons) =:= lists:sort([{process, M}, {process, {conc_pi_named, node()}}])]),
    io:format("monitored_by ~p~n", [process_info(W, monitored_by) =:= {monitored_by, [Self]}]),
    {dictionary, D} = process_info(W, dictionary),
    io:format("dictionary ~p~n", [lists:sort(D)]),
    io:format("status ~p~n", [process_info(W, status)]),
    io:format("current_function ~p~n", [process_info(W, current_function)]),
    io:format("initial_call ~p~n", [process_info(W, initial_call)]),
    io:format("registered_name ~p~n", [process_info(W, registered_name)]),
    io:format("trap_exit ~p~n", [process_info(W, trap_exit)]),
    io:format("group_leader ~p~n", [process_info(W, group_leader) =:= {group_leader, group_leader()}]),
    io:format("priority ~p~n", [process_info(W, priority)]),
    io:format("error_handler ~p~n", [process_info(W, error_handler)]),
    Sizes = [heap_size, total_heap_size, stack_size, reductions, memory],
    [begin
         {I, V} = process_info(W, I),
         io:format("~p ~p~n", [I, is_integer(V) andalso V > 0])
     end || I <- Sizes],
    {total_heap_size, THS} = process_info(W, total_heap_size),
    {heap_size, HS} = process_info(W, heap_size),
    io:format("total >= heap ~p~n", [THS >= HS]),
    io:format("list ~p~n", [process_info(W, [registered_name, status, message_queue_len, trap_exit])]),
    io:format("list empty ~p~n", [process_info(W, [])]),
    io:format("keys ~p~n", [[K || {K, _} <- process_info(W)]]),
    {registered_name, conc_pi_named} = process_info(M, registered_name),
    io:format("unregistered ~p ~p~n", [process_info(L, registered_name), process_info(L, [registered_name])]),
    io:format("keys unregistered ~p~n", [[K || {K, _} <- process_info(L)]]),
    io:format("status self ~p~n", [process_info(self(), status)]),
    io:format("bad item ~p~n", [err(fun() -> process_info(W, id(bad_item)) end)]),
    io:format("bad item list ~p~n", [err(fun() -> process_info(W, id([status, bad_item])) end)]),
    io:format("bad pid ~p~n", [err(fun() -> process_info(id(foo), status) end)]),
    io:format("bad list ~p~n", [err(fun() -> process_info(W, id([status | trap_exit])) end)]),
    W ! stop,
    receive {'DOWN', Ref, process, W, R} -> io:format("down ~p~n", [R]) end,
    io:format("dead ~p ~p ~p~n", [process_info(W, status), process_info(W, [status]), process_info(W)]),
    io:format("dead bad item ~p~n", [err(fun() -> process_info(W, id(bad_item)) end)]),

    %% messages and signals the other process has not looked at yet
    W2 = spawn(fun() -> process_flag(trap_exit, true), Self ! trapping, receive never -> ok end end),
    receive trapping -> ok end,
    W2 ! a,
    W2 ! {b, "c"},
    exit(W2, foo),
    link(W2),
    io:format("incoming ~p~n", [process_info(W2, [message_queue_len, messages, links])
                                =:= [{message_queue_len, 3}, {messages, [a, {b, "c"}, {'EXIT', Self, foo}]},
                                     {links, [Self]}]]),
    %% group_leader/2 of another process
    GL = spawn(fun() -> receive never -> ok end end),
    io:format("group_leader/2 ~p ~p~n", [group_leader(GL, W2), process_info(W2, group_leader) =:= {group_leader, GL}]),
    unlink(W2),
    W2Ref = monitor(process, W2),
    exit(W2, kill),
    receive {'DOWN', W2Ref, process, W2, killed} -> ok end,
    io:format("group_leader/2 dead ~p~n", [err(fun() -> group_leader(GL, W2) end)]),
    exit(GL, kill),

    %% a process that runs while it is asked about
    B = spawn(?MODULE, busy, [3000000]),
    BRef = monitor(process, B),
    Seen = [process_info(B, [status, current_function, initial_call]) || _ <- lists:seq(1, 200)],
    Ok = lists:all(fun(undefined) -> true;
                      ([{status, S}, {current_function, CF}, {initial_call, IC}]) ->
                           lists:member(S, [running, runnable, waiting])
                               andalso lists:member(CF, [{?MODULE, busy, 1}, {erlang, apply, 2}])
                               andalso IC =:= {?MODULE, busy, 1}
                   end, Seen),
    io:format("busy ~p~n", [Ok]),
    R1 = reds(B),
    R2 = reds(B),
    io:format("reductions grow ~p~n", [R2 >= R1]),
    B ! stop,
    receive {'DOWN', BRef, process, B, BR} -> io:format("busy down ~p~n", [BR]) end,

    %% two processes asking about each other
    Q1 = spawn(fun() -> receive {go, Other} -> peer(Self, Other, 2000) end end),
    Q2 = spawn(fun() -> receive {go, Other} -> peer(Self, Other, 2000) end end),
    Q1 ! {go, Q2},
    Q2 ! {go, Q1},
    receive {done, Q1} -> ok end,
    receive {done, Q2} -> ok end,
    io:format("peers done~n"),
    ok.

err(F) ->
    try F() catch C:R:S -> [{M, Fn, A, _} | _] = S, {C, R, {M, Fn, length(A)}} end.

reds(P) ->
    case process_info(P, reductions) of
        {reductions, R} -> R;
        undefined -> 0
    end.
