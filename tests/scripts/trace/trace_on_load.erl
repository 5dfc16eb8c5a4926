%% trace_pattern(on_load, ...): the pattern every module loaded from then
%% on gets (global, or local, meta and counters), changed by OTP's rules
%% (a kind goes with the same kind; global and the others replace each
%% other; restart and pause start no counter there); trace_info(on_load,
%% Item); loading a new version of a module clears its patterns and puts
%% the on_load pattern on it.
-module(trace_on_load).
-export([main/0]).

-define(T, trace_on_load_target).

all(S) -> io:format("~s ~p~n", [S, erlang:trace_info(on_load, all)]).

items() ->
    io:format("~p~n", [[catch erlang:trace_info(on_load, I)
                        || I <- [traced, match_spec, meta, meta_match_spec, call_count, call_time]]]).

funs(S) ->
    io:format("~s~n", [S]),
    [io:format("  ~p ~p~n", [{F, A}, erlang:trace_info({?T, F, A}, all)]) || {F, A} <- [{a, 1}, {b, 0}, {c, 1}]],
    ok.

set(Spec, Flags) -> io:format("~p ~p: ~p~n", [Spec, Flags, erlang:trace_pattern(on_load, Spec, Flags)]).

unload() ->
    _ = code:purge(?T),
    _ = code:delete(?T),
    _ = code:purge(?T),
    ok.

load() ->
    unload(),
    {module, ?T} = code:load_file(?T),
    ok.

collector(Acc) ->
    receive
        {dump, To} -> To ! {msgs, lists:reverse(Acc)}, collector([]);
        M -> collector([M | Acc])
    end.

dump(T) ->
    T ! {dump, self()},
    receive {msgs, L} -> [io:format("  ~p~n", [hide_ts(M)]) || M <- L] end,
    ok.

hide_ts(M) when element(1, M) =:= trace_ts -> setelement(tuple_size(M), M, ts);
hide_ts(M) -> M.

reason(Fun) -> try Fun() of R -> R catch C:R -> {C, R} end.

main() ->
    unload(),
    all("start"),
    items(),
    io:format("~p~n", [erlang:trace_info(on_load, bogus)]),

    %% how the on_load pattern changes
    set(true, []),
    all("global"),
    items(),
    set([{'_', [], [{return_trace}]}], [local]),
    all("local"),
    set(true, [call_count]),
    all("+count"),
    set(true, [meta]),
    all("+meta"),
    io:format("~p~n", [erlang:trace_info(on_load, meta) =:= {meta, self()}]),
    set(pause, [call_time]),
    all("pause time"),
    set(true, [call_time]),
    items(),
    set(false, [local]),
    all("-local"),
    set(false, [call_count]),
    all("-count"),
    set(false, []),
    all("false global"),
    set(false, [call_time, meta]),
    all("all off"),
    set(true, []),
    set(restart, [call_count]),
    all("restart after global"),
    set(true, [call_count]),
    all("count after global"),
    set(true, [global]),
    all("global after count"),
    set(false, [global]),
    all("global off"),
    io:format("~p~n", [[reason(fun() -> erlang:trace_pattern(on_load, S, Fl) end)
                        || {S, Fl} <- [{[{'_', [], []}], [call_count]}, {true, [bogus]},
                                       {true, [global, local]}, {bad, [local]}]]]),

    %% a module loaded with local (a spec), meta, call_count and call_time
    T = spawn(fun() -> collector([]) end),
    P = spawn(fun() -> collector([]) end),
    set([{'_', [], [{return_trace}]}], [local, {meta, T}, call_count, call_time]),
    items(),
    load(),
    funs("loaded"),
    1 = erlang:trace(self(), true, [call, {tracer, P}]),
    ?T:a(1),
    ?T:b(),
    erlang:trace(self(), false, [all]),
    io:format("~p~n", [[element(2, erlang:trace_info({?T, F, A}, call_count)) || {F, A} <- [{a, 1}, {b, 0}, {c, 1}]]]),
    io:format("~p~n", [[length(element(2, erlang:trace_info({?T, F, A}, call_time))) || {F, A} <- [{a, 1}, {b, 0}, {c, 1}]]]),
    io:format("call trace:~n"),
    dump(P),
    io:format("meta trace:~n"),
    dump(T),

    %% patterns set by hand go with a new version, which gets on_load's
    erlang:trace_pattern({?T, '_', '_'}, false, [local, meta, call_count, call_time]),
    erlang:trace_pattern({?T, a, 1}, true, [global]),
    erlang:trace_pattern({?T, c, 1}, [{'_', [], []}], [local]),
    funs("set by hand"),
    set(false, [local, meta, call_time]),
    load(),
    funs("reloaded (on_load: call_count)"),

    %% global: exported functions only
    set(true, [global]),
    all("global"),
    load(),
    funs("reloaded (on_load: global)"),
    set(false, []),
    all("off"),
    load(),
    funs("reloaded (on_load: off)"),
    unload(),
    ok.
