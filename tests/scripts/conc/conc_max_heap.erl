-module(conc_max_heap).
-export([main/0]).

%% max_heap_size: a process over its limit is killed at a collection
%% (kill => true), or only reported (kill => false); tracers with
%% garbage_collection see gc_max_heap_size between a start and its end
%% or the exit.

grow(N) -> grow(N, []).
grow(0, A) -> length(A);
grow(N, A) -> grow(N - 1, [N | A]).

limit(Size, Kill) -> #{size => Size, kill => Kill, error_logger => false}.

main() ->
    %% killed: monitors and links see `killed`
    {P1, R1} = spawn_opt(fun() -> grow(100000) end, [monitor, {max_heap_size, limit(1000, true)}]),
    receive {'DOWN', R1, process, P1, Why1} -> io:format("monitor: ~p~n", [Why1]) end,
    process_flag(trap_exit, true),
    P2 = spawn_opt(fun() -> grow(100000) end, [link, {max_heap_size, limit(5000, true)}]),
    receive {'EXIT', P2, Why2} -> io:format("link: ~p~n", [Why2]) end,
    %% not killed: it runs to its end
    {P3, R3} = spawn_opt(fun() -> exit({done, grow(3000)}) end, [monitor, {max_heap_size, limit(2000, false)}]),
    receive {'DOWN', R3, process, P3, Why3} -> io:format("kill false: ~p~n", [Why3]) end,
    %% a limit set with process_flag/2 by the process itself
    {P4, R4} = spawn_monitor(fun() ->
                                     process_flag(max_heap_size, limit(3000, true)),
                                     grow(100000)
                             end),
    receive {'DOWN', R4, process, P4, Why4} -> io:format("process_flag: ~p~n", [Why4]) end,
    %% 0 is no limit
    {P5, R5} = spawn_opt(fun() -> exit(grow(20000)) end, [monitor, {max_heap_size, 0}]),
    receive {'DOWN', R5, process, P5, Why5} -> io:format("no limit: ~p~n", [Why5]) end,
    %% a process with a long message queue, killed while it grows
    {P6, R6} = spawn_opt(fun() -> receive go -> grow(100000) end end,
                         [monitor, {max_heap_size, limit(4000, true)}]),
    [P6 ! {msg, I} || I <- lists:seq(1, 10)],
    P6 ! go,
    receive {'DOWN', R6, process, P6, Why6} -> io:format("with messages: ~p~n", [Why6]) end,
    traced(true),
    traced(false),
    ok.

%% The trace of a process over its limit: the events around each
%% gc_max_heap_size, and how the trace ends.
traced(Kill) ->
    {P, R} = spawn_opt(fun() -> receive go -> grow(3000) end end,
                       [monitor, {max_heap_size, limit(2000, Kill)}]),
    erlang:trace(P, true, [garbage_collection, procs]),
    P ! go,
    receive {'DOWN', R, process, P, _} -> ok end,
    Events = collect(P),
    Tags = [T || {trace, _, T, _} <- Events],
    Around = around(Tags),
    io:format("kill ~p: ~p~n", [Kill, lists:usort([{step(B), step(A)} || {B, A} <- Around])]),
    io:format("ends its own start: ~p~n", [[ok || {B, A} <- Around, A =/= exit, kind(B) =/= kind(A)] =:= []]),
    io:format("last: ~p~n", [lists:last(Tags)]),
    [Info | _] = [I || {trace, _, gc_max_heap_size, I} <- Events],
    io:format("info keys: ~p~n", [[K || {K, _} <- Info]]),
    io:format("all integers: ~p~n", [lists:all(fun({_, V}) -> is_integer(V) andalso V >= 0 end, Info)]).

step(gc_minor_start) -> start;
step(gc_major_start) -> start;
step(gc_minor_end) -> 'end';
step(gc_major_end) -> 'end';
step(T) -> T.

kind(T) -> hd(string:tokens(atom_to_list(T), "_") -- ["gc"]).

%% {Before, After} for every gc_max_heap_size
around([B, gc_max_heap_size, A | T]) -> [{B, A} | around([A | T])];
around([_ | T]) -> around(T);
around([]) -> [].

collect(P) ->
    receive
        {trace, P, _, _} = M -> [M | collect(P)];
        {trace, P, _, _, _} -> collect(P)
    after 200 -> []
    end.
