%% bench_vm: the VM benchmarks of `make bench`, run unchanged on dbgsh and
%% on erl. main/0 prints one line per workload: "result NAME MILLISECONDS",
%% the wall time of the workload alone (after a warm-up run of it).
-module(bench_vm).
-export([main/0]).

main() ->
    lists:foreach(fun({Name, F}) ->
                          F(),
                          T0 = erlang:monotonic_time(),
                          F(),
                          T1 = erlang:monotonic_time(),
                          Ms = erlang:convert_time_unit(T1 - T0, native, microsecond) / 1000,
                          io:format("result ~s ~.3f~n", [Name, Ms])
                  end, workloads()).

workloads() ->
    [{"fib(30)", fun() -> fib(30) end},
     {"tail_loop_20M", fun() -> loop(20000000, 0) end},
     {"ping_pong_200k", fun() -> ping_pong(200000) end},
     {"spawn_exit_100k", fun() -> spawn_exit(100000) end},
     {"spawn_answer_lc_100k", fun() -> spawn_answer(100000) end},
     {"ring_10k_x10", fun() -> ring(10000, 10) end},
     {"gc_lists_300x10k", fun() -> gc_lists(300, 0) end},
     {"deep_recursion_300k", fun() -> deep(300000) end},
     {"lists_sort_100k", fun() -> length(lists:sort(pseudo_random(100000, 1, []))) end},
     {"bignum_fact_2000", fun() -> fact(2000, 1) end},
     {"map_build_100k", fun() -> map_size(map_build(100000, #{})) end},
     {"binary_build_match_1M", fun() -> bin_sum(bin_build(100000, <<>>), 0) end},
     {"ets_set_insert_lookup_200k", fun() -> ets_rw(set, 200000) end},
     {"ets_ordered_insert_lookup_200k", fun() -> ets_rw(ordered_set, 200000) end},
     {"ets_update_counter_200k", fun() -> ets_counters(200000) end},
     {"ets_select_x20_100k", fun() -> ets_select(100000, 20) end}].

%% Inserts N objects into a new table of Type, looks each up, deletes it.
ets_rw(Type, N) ->
    T = ets:new(t, [Type]),
    ets_insert(T, N),
    N = ets_lookup(T, N, 0),
    ets:delete(T).

ets_insert(_, 0) -> ok;
ets_insert(T, N) -> ets:insert(T, {N, N * 2, <<"value">>}), ets_insert(T, N - 1).

ets_lookup(_, 0, Acc) -> Acc;
ets_lookup(T, N, Acc) ->
    [{N, _, _}] = ets:lookup(T, N),
    ets_lookup(T, N - 1, Acc + 1).

%% N update_counter calls over 100 counters.
ets_counters(N) ->
    T = ets:new(t, [set]),
    ets:insert(T, [{K, 0} || K <- lists:seq(0, 99)]),
    ets_count(T, N),
    ets:delete(T).

ets_count(_, 0) -> ok;
ets_count(T, N) -> ets:update_counter(T, N rem 100, 1), ets_count(T, N - 1).

%% A select with a guard over a table of N objects, Times times.
ets_select(N, Times) ->
    T = ets:new(t, [set]),
    ets_insert(T, N),
    Ms = [{{'$1', '$2', '_'}, [{'<', '$1', 1000}], ['$2']}],
    _ = [length(ets:select(T, Ms)) || _ <- lists:seq(1, Times)],
    ets:delete(T).

fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

loop(0, Acc) -> Acc;
loop(N, Acc) -> loop(N - 1, Acc + 1).

ping_pong(N) ->
    Pong = spawn(fun pong/0),
    ping(N, Pong),
    Pong ! stop,
    ok.

ping(0, _) -> ok;
ping(N, Pong) ->
    Pong ! {ping, self()},
    receive pong -> ping(N - 1, Pong) end.

pong() ->
    receive
        {ping, From} -> From ! pong, pong();
        stop -> ok
    end.

spawn_exit(N) ->
    Self = self(),
    [spawn(fun() -> Self ! done end) || _ <- lists:seq(1, N)],
    wait(N).

wait(0) -> ok;
wait(N) -> receive done -> wait(N - 1) end.

%% Spawns N processes from a list comprehension and collects their
%% answers with another: both are body recursions, so the receiving
%% process is N frames deep while the messages arrive (a collection per
%% few messages made this quadratic once: docs/internals/gc.md).
spawn_answer(N) ->
    Self = self(),
    _ = [spawn(fun() -> Self ! {d, I} end) || I <- lists:seq(1, N)],
    length([receive {d, X} -> X end || _ <- lists:seq(1, N)]).

%% A body recursion N deep that makes garbage at every level: the heap
%% must grow with the stack, or every collection scans all of it.
deep(0) -> 0;
deep(N) -> _ = lists:seq(1, 10), 1 + deep(N - 1).

ring(N, Rounds) ->
    First = lists:foldl(fun(_, Next) -> spawn(fun() -> relay(Next) end) end, self(), lists:seq(1, N - 1)),
    [begin First ! token, receive token -> ok end end || _ <- lists:seq(1, Rounds)],
    First ! stop,
    ok.

relay(Next) ->
    receive
        stop -> Next ! stop;
        M -> Next ! M, relay(Next)
    end.

gc_lists(0, Acc) -> Acc;
gc_lists(N, Acc) ->
    L = lists:reverse(lists:seq(1, 10000)),
    gc_lists(N - 1, Acc + hd(L)).

pseudo_random(0, _, Acc) -> Acc;
pseudo_random(N, X, Acc) ->
    X1 = (X * 1103515245 + 12345) rem 2147483648,
    pseudo_random(N - 1, X1, [X1 | Acc]).

fact(0, Acc) -> Acc;
fact(N, Acc) -> fact(N - 1, N * Acc).

map_build(0, M) -> M;
map_build(N, M) -> map_build(N - 1, M#{N => N * 2}).

bin_build(0, B) -> B;
bin_build(N, B) -> bin_build(N - 1, <<B/binary, N:32, (N band 255):8>>).

bin_sum(<<X:32, Y:8, Rest/binary>>, Acc) -> bin_sum(Rest, Acc + X + Y);
bin_sum(<<>>, Acc) -> Acc.
