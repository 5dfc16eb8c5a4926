%% Scheduling and garbage collection events: in/out with the function a
%% process runs in (the receive's function when it waits, the initial call
%% before it ran, the caller of erlang:yield/0), running_procs like
%% running, out_exited (exiting) after exit, kill and receive timeout,
%% flags removed while running, set_on_spawn; gc_minor_* and gc_major_*
%% with their info lists (keys and order printed, numbers only checked
%% for consistency: they differ between VMs), erlang:garbage_collect/0 as
%% one major collection between in and out. Every traced process is
%% waiting when its flags are set, so each sequence is deterministic.
-module(trace_running_gc).
-export([main/0, waiter/0, nested/0, inner/0, timed/0, yielder/0, self_tracer/1, quitter/0,
         explicit_gc/0, builder/0, spawner/0]).

%% ---- the traced programs

waiter() -> receive go -> ok end, receive stop -> ok end.
nested() -> receive go -> ok end, inner(), done.
inner() -> receive stop -> ok end.
timed() -> receive go -> ok end, receive after 10 -> ok end.
yielder() -> receive go -> ok end, erlang:yield(), receive stop -> ok end.
self_tracer(T) -> erlang:trace(self(), true, [running, {tracer, T}]), receive go -> ok end.
quitter() -> receive go -> ok end, erlang:trace(self(), false, [running]), receive stop -> ok end.
explicit_gc() -> receive go -> ok end, erlang:garbage_collect(), receive stop -> ok end.
builder() -> receive go -> ok end, L = build(20000, []), receive stop -> length(L) end.
%% Spawns a child as asked and tells when it has ended (monitored from
%% its start: a monitor set later would wake it, an in/out pair more).
spawner() ->
    receive {spawn, From, How} -> ok end,
    {C, Ref} = start(How),
    From ! {child, C},
    receive {'DOWN', Ref, process, C, _} -> From ! {ended, C} end.

build(0, Acc) -> Acc;
build(N, Acc) -> build(N - 1, [{N} | Acc]).

start(named) -> spawn_monitor(?MODULE, nested, []);
start(fun_) -> spawn_monitor(fun() -> nested() end).

%% ---- a tracer that keeps what it gets until asked

tracer() -> spawn(fun() -> tracer_loop([]) end).
tracer_loop(Acc) ->
    receive
        {dump, From} -> From ! {events, lists:reverse(Acc)};
        M -> tracer_loop([M | Acc])
    end.

%% Every event of P (which has ended) that T got, delivered first.
events(T, P) ->
    Ref = erlang:trace_delivered(P),
    receive {trace_delivered, P, Ref} -> ok end,
    T ! {dump, self()},
    receive {events, Es} -> Es end.

wait_waiting(P) ->
    case process_info(P, status) of
        {status, waiting} -> ok;
        _ -> receive after 1 -> wait_waiting(P) end
    end.

%% Spawns F, traces it with Flags once it waits in receive, sends it
%% Msgs (each once it waits again) and returns its events once it ended.
run(F, Flags, Msgs) ->
    T = tracer(),
    {P, Ref} = spawn_monitor(?MODULE, F, []),
    wait_waiting(P),
    erlang:trace(P, true, [{tracer, T} | Flags]),
    lists:foreach(fun(M) -> wait_waiting(P), P ! M end, Msgs),
    receive {'DOWN', Ref, process, P, _} -> ok end,
    {P, events(T, P)}.

show(Es) -> [io:format("  ~p~n", [strip(E)]) || E <- Es], ok.

strip(E) when element(1, E) =:= trace -> list_to_tuple(tl(tl(tuple_to_list(E))));
strip(E) -> E.

sched(Title, F, Flags, Msgs) ->
    io:format("~s~n", [Title]),
    {_, Es} = run(F, Flags, Msgs),
    show(Es).

%% ---- gc events: collections and their info lists

-define(KEYS, [wordsize, old_heap_block_size, heap_block_size, mbuf_size, recent_size, stack_size,
               old_heap_size, heap_size, bin_vheap_size, bin_vheap_block_size, bin_old_vheap_size,
               bin_old_vheap_block_size]).

%% The collections of a gc event list: minor, major, or minor_to_major (a
%% minor collection that ran as a major one), or {bad, Rest}.
groups([]) -> [];
groups([{gc_minor_start, _}, {gc_minor_end, _}, {gc_major_start, _}, {gc_major_end, _} | R]) ->
    [minor_to_major | groups(R)];
groups([{gc_minor_start, _}, {gc_minor_end, _} | R]) -> [minor | groups(R)];
groups([{gc_major_start, _}, {gc_major_end, _} | R]) -> [major | groups(R)];
groups(R) -> [{bad, [T || {T, _} <- R]}].

info_ok(Info) ->
    [K || {K, _} <- Info] =:= ?KEYS andalso
        lists:all(fun({_, V}) -> is_integer(V) andalso V >= 0 end, Info) andalso
        proplists:get_value(heap_size, Info) =< proplists:get_value(heap_block_size, Info) andalso
        proplists:get_value(old_heap_size, Info) =< proplists:get_value(old_heap_block_size, Info).

gc_report(Es) ->
    Gcs = [{T, I} || {trace, _, T, I} <- Es],
    Gs = groups(Gcs),
    io:format("  collections parse: ~p~n", [[G || {bad, _} = G <- Gs]]),
    io:format("  some minor: ~p, some major: ~p~n",
              [lists:member(minor, Gs), lists:member(minor_to_major, Gs) orelse lists:member(major, Gs)]),
    io:format("  infos ok: ~p~n", [lists:all(fun({_, I}) -> info_ok(I) end, Gcs)]),
    io:format("  old heap empty after major: ~p~n",
              [lists:all(fun({_, I}) ->
                                 proplists:get_value(old_heap_size, I) =:= 0 andalso
                                     proplists:get_value(old_heap_block_size, I) =:= 0
                         end, [G || {gc_major_end, _} = G <- Gcs])]).

main() ->
    sched("running: receive in a called function", nested, [running], [go, stop]),
    sched("running_procs", nested, [running_procs], [go, stop]),
    sched("running and running_procs: one event each", waiter, [running, running_procs], [go, stop]),
    sched("exiting", waiter, [exiting], [go, stop]),
    sched("running, exiting, procs", waiter, [running, exiting, procs], [go, stop]),
    sched("receive timeout", timed, [running, exiting], [go]),
    sched("erlang:yield/0", yielder, [running], [go, stop]),
    sched("flag removed while running", quitter, [running], [go, stop]),
    io:format("killed while waiting~n"),
    T1 = tracer(),
    {K, KRef} = spawn_monitor(?MODULE, waiter, []),
    wait_waiting(K),
    erlang:trace(K, true, [{tracer, T1}, running, exiting, procs]),
    exit(K, kill),
    receive {'DOWN', KRef, process, K, R1} -> io:format("  ~p~n", [R1]) end,
    show(events(T1, K)),
    io:format("killed, exiting only~n"),
    T2 = tracer(),
    {K2, KRef2} = spawn_monitor(?MODULE, waiter, []),
    wait_waiting(K2),
    erlang:trace(K2, true, [{tracer, T2}, exiting]),
    exit(K2, kill),
    receive {'DOWN', KRef2, process, K2, _} -> ok end,
    show(events(T2, K2)),
    io:format("traces itself~n"),
    T3 = tracer(),
    {S, SRef} = spawn_monitor(?MODULE, self_tracer, [T3]),
    wait_waiting(S),
    S ! go,
    receive {'DOWN', SRef, process, S, _} -> ok end,
    show(events(T3, S)),
    io:format("timestamp~n"),
    {_, Ts} = run(waiter, [running, timestamp], [go, stop]),
    io:format("  ~p~n", [[{element(3, E), tuple_size(E), element(1, E)} || E <- Ts]]),
    [begin
         io:format("set_on_spawn, ~p child~n", [How]),
         T4 = tracer(),
         {Sp, SpRef} = spawn_monitor(?MODULE, spawner, []),
         wait_waiting(Sp),
         erlang:trace(Sp, true, [{tracer, T4}, set_on_spawn, running, exiting]),
         Sp ! {spawn, self(), How},
         C = receive {child, Pid} -> Pid end,
         wait_waiting(C),
         C ! go,
         wait_waiting(C),
         C ! stop,
         receive {ended, C} -> ok end,
         receive {'DOWN', SpRef, process, Sp, _} -> ok end,
         show([E || E <- events(T4, C), element(2, E) =:= C])
     end || How <- [named, fun_]],
    io:format("garbage_collect/0 with running~n"),
    {_, Ex} = run(explicit_gc, [running, garbage_collection], [go, stop]),
    show([case E of
              {trace, _, Tag, Info} when is_list(Info) -> {Tag, [K0 || {K0, _} <- Info] =:= ?KEYS};
              _ -> E
          end || E <- Ex]),
    io:format("gc info keys~n  ~p~n", [?KEYS]),
    io:format("a process that builds a list~n"),
    {_, Bs} = run(builder, [garbage_collection], [go, stop]),
    gc_report(Bs),
    io:format("trace_info~n"),
    P9 = spawn(?MODULE, waiter, []),
    erlang:trace(P9, true, [running, exiting, running_procs, garbage_collection]),
    io:format("  ~p~n", [erlang:trace_info(P9, flags)]),
    erlang:trace(P9, false, [all]),
    exit(P9, kill),
    ok.
