-module(ets_fixtable).
-export([main/0]).

%% safe_fixtable/2: a walk with first/next that deletes every key it
%% passes, or inserts new ones, on each hash table type, sees every object
%% that was there when it started; info's fixed and safe_fixed; a fixer's
%% fixes go when it exits. A bag takes a list of objects from its end.

walk_delete(T) ->
    true = ets:safe_fixtable(T, true),
    N = walk_delete(T, ets:first(T), 0),
    true = ets:safe_fixtable(T, false),
    N.

walk_delete(_T, '$end_of_table', N) -> N;
walk_delete(T, K, N) ->
    ets:delete(T, K),
    walk_delete(T, ets:next(T, K), N + 1).

walk_insert(T) ->
    true = ets:safe_fixtable(T, true),
    Seen = walk_insert(T, ets:first(T), []),
    true = ets:safe_fixtable(T, false),
    Seen.

walk_insert(_T, '$end_of_table', Seen) -> Seen;
walk_insert(T, K, Seen) when is_integer(K), K =< 300 ->
    ets:insert(T, {K + 1000, new}),
    walk_insert(T, ets:next(T, K), [K | Seen]);
walk_insert(T, K, Seen) ->
    walk_insert(T, ets:next(T, K), Seen).

main() ->
    [begin
         T = ets:new(t, [Type]),
         ets:insert(T, [{I, I} || I <- lists:seq(1, 300)]),
         ets:insert(T, [{I, x} || I <- lists:seq(1, 50), Type =/= set]),
         N = walk_delete(T),
         io:format("~p walk_delete keys ~p left ~p~n", [Type, N, ets:info(T, size)]),
         ets:insert(T, [{I, I} || I <- lists:seq(1, 300)]),
         Seen = walk_insert(T),
         io:format("~p walk_insert saw all old ~p size ~p~n",
                   [Type, lists:sort(Seen) =:= lists:seq(1, 300), ets:info(T, size)]),
         ets:delete(T)
     end || Type <- [set, bag, duplicate_bag]],
    T = ets:new(t, [public]),
    ets:insert(T, {a, 1}),
    io:format("fixed ~p ~p~n", [ets:info(T, fixed), ets:info(T, safe_fixed)]),
    true = ets:safe_fixtable(T, true),
    true = ets:safe_fixtable(T, true),
    {{_, _, _}, [{P, 2}]} = ets:info(T, safe_fixed),
    {Mono, [{P, 2}]} = ets:info(T, safe_fixed_monotonic_time),
    io:format("fixed twice ~p ~p ~p~n", [ets:info(T, fixed), P =:= self(), is_integer(Mono)]),
    true = ets:safe_fixtable(T, false),
    io:format("once ~p~n", [element(2, ets:info(T, safe_fixed)) =:= [{self(), 1}]]),
    true = ets:safe_fixtable(T, false),
    true = ets:safe_fixtable(T, false),
    io:format("released ~p~n", [ets:info(T, fixed)]),
    Self = self(),
    {Pid, Ref} = spawn_monitor(fun() -> ets:safe_fixtable(T, true), Self ! fixed end),
    receive fixed -> ok end,
    receive {'DOWN', Ref, process, Pid, _} -> ok end,
    io:format("fixer gone ~p~n", [ets:info(T, fixed)]),
    io:format("bad ~p~n", [try ets:safe_fixtable(T, maybe) catch C:R -> {C, R} end]),
    B = ets:new(b, [bag]),
    ets:insert(B, {k, 0}),
    ets:insert(B, [{k, 1}, {j, 1}, {k, 2}]),
    ets:insert(B, {k, 3}),
    ets:insert(B, [{k, 4}, {k, 0}]),
    io:format("bag order ~p~n", [ets:lookup(B, k)]),
    D = ets:new(d, [duplicate_bag]),
    ets:insert(D, {k, 0}),
    ets:insert(D, [{k, 1}, {k, 2}, {k, 1}]),
    io:format("duplicate_bag order ~p~n", [ets:lookup(D, k)]).
