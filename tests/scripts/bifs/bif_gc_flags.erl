-module(bif_gc_flags).
-export([main/0]).

%% The collector's options: spawn_opt's, process_flag/2's and
%% erlang:system_flag/2's, as process_info/2 and system_info/1 show them,
%% and the values each refuses.

show(Label, F) ->
    R = try F() catch error:E:St -> {error, E, cause(St)} end,
    io:format("~s: ~p~n", [Label, R]).

cause([{_, _, _, Loc} | _]) ->
    case proplists:get_value(error_info, Loc) of
        #{cause := C} -> C;
        _ -> none
    end.

in_new(F) ->
    Self = self(),
    Pid = spawn(fun() -> Self ! {self(), try F() catch error:E:St -> {error, E, cause(St)} end} end),
    receive {Pid, R} -> R end.

items() -> [min_heap_size, min_bin_vheap_size, fullsweep_after, max_heap_size, priority].

opts(O) ->
    P = spawn_opt(fun() -> receive stop -> ok end end, O),
    Info = process_info(P, items()),
    GC = process_info(P, garbage_collection),
    P ! stop,
    {Info, GC}.

main() ->
    show("defaults", fun() -> opts([]) end),
    show("min_heap_size", fun() -> opts([{min_heap_size, 1000}]) end),
    show("min_heap_size small", fun() -> opts([{min_heap_size, 10}]) end),
    show("min_bin_vheap_size", fun() -> opts([{min_bin_vheap_size, 100000}]) end),
    show("fullsweep_after", fun() -> opts([{fullsweep_after, 10}]) end),
    show("fullsweep_after wraps", fun() -> opts([{fullsweep_after, 70000}]) end),
    show("max_heap_size int", fun() -> opts([{max_heap_size, 5000}]) end),
    show("max_heap_size map", fun() -> opts([{max_heap_size, #{size => 5000, kill => false}}]) end),
    show("max_heap_size other keys", fun() -> opts([{max_heap_size, #{size => 5000, foo => 1}}]) end),
    show("max then min", fun() -> opts([{max_heap_size, 5000}, {min_heap_size, 1000}]) end),
    show("priority", fun() -> opts([{priority, high}, {message_queue_data, off_heap}]) end),
    show("monitor opts", fun() -> {P, R} = spawn_opt(fun() -> ok end, [{monitor, []}]),
                                  receive {'DOWN', R, process, P, W} -> W end end),
    [show(io_lib:format("bad ~w", [O]), fun() -> spawn_opt(fun() -> ok end, O) end)
     || O <- [[{min_heap_size, -1}], [{min_heap_size, 1.0}], [{min_bin_vheap_size, x}],
              [{fullsweep_after, -1}], [{fullsweep_after, 1 bsl 59}], [{priority, foo}],
              [{message_queue_data, foo}], [{max_heap_size, 100}], [{max_heap_size, #{}}],
              [{max_heap_size, #{size => 5000, kill => 1}}], [{max_heap_size, #{size => -1}}],
              [{max_heap_size, 1 bsl 59}], [{max_heap_size, 2000}, {min_heap_size, 3000}],
              [{foo, 1}], [foo], [{min_heap_size, 1000} | bar], bar, [{monitor, x}]]],
    show("bad spawn_opt/4", fun() -> spawn_opt(lists, seq, [1, 2], [{fullsweep_after, x}]) end),

    %% process_flag/2 returns the old value; the new one shows at once
    show("process_flag", fun() -> in_new(fun() ->
        A = process_flag(min_heap_size, 1000),
        B = process_flag(min_heap_size, 0),
        C = process_flag(min_bin_vheap_size, 100000),
        D = process_flag(fullsweep_after, 20),
        E = process_flag(max_heap_size, #{size => 100000, error_logger => false}),
        %% more than this process grows to: a GC-stress build collects here
        F = process_flag(max_heap_size, 60000),
        G = process_flag(max_heap_size, (1 bsl 59) - 1),
        H = process_flag(max_heap_size, 0),
        {[A, B, C, D, E, F, G, H], process_info(self(), items())}
    end) end),
    show("max under min", fun() -> in_new(fun() ->
        process_flag(min_heap_size, 3000),
        process_flag(max_heap_size, 2000) end) end),
    [show(io_lib:format("bad process_flag ~w", [V]), fun() -> in_new(fun() -> process_flag(F, V) end) end)
     || {F, V} <- [{min_heap_size, -1}, {min_bin_vheap_size, 1 bsl 59}, {fullsweep_after, x},
                   {max_heap_size, 232}, {max_heap_size, -1}, {max_heap_size, 1 bsl 59},
                   {max_heap_size, #{kill => false}}, {max_heap_size, #{size => 0, error_logger => 1}},
                   {max_heap_size, foo}, {no_such_flag, 1}]],

    %% erlang:system_flag/2: what processes spawned afterwards start with
    Saved = [erlang:system_info(K) || K <- [min_heap_size, min_bin_vheap_size, fullsweep_after]],
    SavedMax = erlang:system_info(max_heap_size),
    show("system_info", fun() -> [erlang:system_info(K) || K <- [min_heap_size, min_bin_vheap_size,
                                                                  fullsweep_after, max_heap_size]] end),
    show("system_flag", fun() ->
        [erlang:system_flag(min_heap_size, 1000),
         erlang:system_flag(min_bin_vheap_size, 100000),
         erlang:system_flag(fullsweep_after, 30),
         erlang:system_flag(max_heap_size, #{size => 0, kill => false})] end),
    show("system_info after", fun() -> [erlang:system_info(K) || K <- [min_heap_size, min_bin_vheap_size,
                                                                        fullsweep_after, max_heap_size]] end),
    show("spawned after", fun() -> opts([]) end),
    show("integer takes the system's kill", fun() -> opts([{max_heap_size, 4000}]) end),
    show("process_flag int", fun() -> in_new(fun() ->
        process_flag(max_heap_size, 100000), process_info(self(), max_heap_size) end) end),
    show("max under system min", fun() -> erlang:system_flag(max_heap_size, 1000) end),
    [show(io_lib:format("bad system_flag ~w", [V]), fun() -> erlang:system_flag(F, V) end)
     || {F, V} <- [{min_heap_size, -1}, {fullsweep_after, 1 bsl 60}, {max_heap_size, #{}},
                   {min_bin_vheap_size, x}, {no_such_flag, 1}]],
    show("system_info bad", fun() -> erlang:system_info(no_such_item) end),
    %% restore
    [erlang:system_flag(K, V) || {K, V} <- Saved],
    erlang:system_flag(max_heap_size, SavedMax),
    show("restored", fun() -> [erlang:system_info(K) || K <- [min_heap_size, min_bin_vheap_size,
                                                               fullsweep_after, max_heap_size]] end),
    ok.
