%% instr_test: instrument (vm/lib/instrument.erl over vm/alloc.c) from
%% Erlang. main(Mode) runs the tests that apply to how dbgsh was started:
%% status (the default), map (+Mim true) or off (+Mis false); each prints
%% "ok NAME" or "FAIL NAME: Why", then "instr_test: N passed, N failed".
%% Expected figures are what the test itself allocated, never our numbers.
-module(instr_test).
-export([main/1]).

-define(MB, (1024 * 1024)).

main(Mode) ->
    Tests = tests(Mode),
    Results = [run(Name, Fun) || {Name, Fun} <- Tests],
    Passed = length([ok || ok <- Results]),
    io:format("instr_test: ~w passed, ~w failed~n", [Passed, length(Results) - Passed]).

run(Name, Fun) ->
    try Fun() of
        _ -> io:format("ok ~s~n", [Name]), ok
    catch
        Class:Why:Stack ->
            io:format("FAIL ~s: ~p:~p~n  ~p~n", [Name, Class, Why, Stack]),
            failed
    end.

tests(status) ->
    common() ++
        [{"memory_data is false without the map", fun() -> false = instrument:memory_data() end},
         {"store_memory_data is false without the map", fun() -> false = instrument:store_memory_data(tmp("md")) end}];
tests(map) ->
    common() ++
        [{"a process's blocks carry its pid", fun process_blocks/0},
         {"the map's sum agrees with the status total", fun map_sum/0},
         {"descr describes types and pids", fun descr/0},
         {"holes on the live sorted map", fun live_holes/0},
         {"store and read the allocation map", fun store_map/0}];
tests(off) ->
    [{"memory_status is false with +Mis false", fun() ->
         [false = instrument:memory_status(T) || T <- [total, allocators, classes, types]] end},
     {"memory_data is false with +Mis false", fun() -> false = instrument:memory_data() end},
     {"store_memory_status is false", fun() -> false = instrument:store_memory_status(tmp("ms")) end},
     {"erlang:memory is notsup", fun() -> {'EXIT', {notsup, _}} = catch erlang:memory() end},
     {"memory_status still checks its argument", fun() -> badarg = error_of(fun() -> instrument:memory_status(x) end) end},
     {"a program computes the same", fun compute_same/0}].

common() ->
    [{"status shapes", fun shapes/0},
     {"a process's memory shows under process_data", fun process_data/0},
     {"large binaries show under binary_data", fun binary_data/0},
     {"loading a module moves code_data", fun code_data/0},
     {"MaxSinceLast resets on read", fun max_since_resets/0},
     {"erlang:memory agrees with the counters", fun erlang_memory/0},
     {"process_info memory follows the heap", fun process_info_memory/0},
     {"store and read the memory status", fun store_status/0},
     {"a corrupt or missing file is an error", fun corrupt_files/0},
     {"bad arguments raise badarg", fun bad_arguments/0},
     {"holes on a made-up sorted map", fun made_up_holes/0},
     {"map functions on a made-up map", fun made_up_map/0},
     {"a program computes the same", fun compute_same/0}].

%% ---- status -----------------------------------------------------------------

shapes() ->
    [{total, [{sizes, S, _, _}, {blocks, B, _, _}]}] = instrument:memory_status(total),
    true = S > 0 andalso B > 0,
    Classes = [C || {C, _} <- instrument:memory_status(classes)],
    [process_data, binary_data, atom_data, code_data, system_data] = Classes,
    Allocators = [A || {A, _} <- instrument:memory_status(allocators)],
    true = lists:member(eheap_alloc, Allocators) andalso lists:member(binary_alloc, Allocators),
    Types = instrument:memory_status(types),
    true = lists:all(fun({T, [{sizes, C, M, E}, {blocks, BC, BM, BE}]}) ->
                             is_atom(T) andalso C =< M andalso M =< E andalso BC =< BM andalso BM =< BE
                     end, Types),
    %% every kind sums to the total
    Total = size_of(total, instrument:memory_status(total)),
    [Total = lists:sum([C || {_, [{sizes, C, _, _}, _]} <- instrument:memory_status(K)])
     || K <- [allocators, classes, types]],
    ok.

process_data() ->
    Before = cur(process_data, classes),
    Self = self(),
    P = spawn(fun() -> L = lists:seq(1, 200000), Self ! built, receive stop -> length(L) end end),
    receive built -> ok end,
    After = cur(process_data, classes),
    %% 200,000 cons cells are 3.2 MB
    true = After - Before >= 3200000,
    P ! stop,
    ok.

binary_data() ->
    Before = cur(binary_data, classes),
    Bin = binary:copy(<<7>>, 10 * ?MB),
    During = cur(binary_data, classes),
    true = During - Before >= 10 * ?MB,
    true = cur(binary, types) >= 10 * ?MB,
    10485760 = byte_size(Bin),
    ok.

code_data() ->
    File = "instr_loaded.erl",
    Funs = [io_lib:format("f~w(X) -> {~w, X, \"~w\"}.~n", [N, N, N]) || N <- lists:seq(1, 200)],
    Exports = string:join([io_lib:format("f~w/1", [N]) || N <- lists:seq(1, 200)], ", "),
    ok = file:write_file(File, ["-module(instr_loaded).\n-export([", Exports, "]).\n" | Funs]),
    Before = cur(code_data, classes),
    {ok, instr_loaded} = c:c(File),
    After = cur(code_data, classes),
    true = After > Before,
    {5, a, "5"} = instr_loaded:f5(a),
    ok.

max_since_resets() ->
    erlang:garbage_collect(),
    Base = erlang:memory(binary),
    _ = instrument:memory_status(types),
    %% 20 MB held by a process that then exits: freed again
    {P, Ref} = spawn_monitor(fun() -> Big = binary:copy(<<1>>, 20 * ?MB), exit({size, byte_size(Big)}) end),
    receive {'DOWN', Ref, process, P, {size, 20971520}} -> ok end,
    %% a dead process's memory goes once no scheduler can still see it
    ok = wait_until(fun() -> erlang:memory(binary) < Base + ?MB end, 5000),
    {_, [{sizes, _, Since, Ever}, _]} = lists:keyfind(binary, 1, instrument:memory_status(types)),
    true = Since >= 20 * ?MB andalso Ever >= 20 * ?MB,
    {_, [{sizes, Cur2, Since2, Ever2}, _]} = lists:keyfind(binary, 1, instrument:memory_status(types)),
    %% the period started at the last read: its maximum is what is held now
    true = Since2 < Base + ?MB andalso Since2 >= Cur2,
    true = Ever2 >= 20 * ?MB,
    %% another kind's period did not end with it
    {_, [{sizes, _, CSince, _}, _]} = lists:keyfind(binary_data, 1, instrument:memory_status(classes)),
    true = CSince >= 20 * ?MB,
    ok.

erlang_memory() ->
    erlang:garbage_collect(),
    Mem = erlang:memory(),
    Classes = instrument:memory_status(classes),
    Near = fun(A, B) -> abs(A - B) < 256 * 1024 end,
    true = Near(proplists:get_value(processes, Mem), size_of(process_data, Classes)),
    true = Near(proplists:get_value(binary, Mem), size_of(binary_data, Classes)),
    true = Near(proplists:get_value(code, Mem), size_of(code_data, Classes)),
    true = Near(proplists:get_value(atom, Mem), size_of(atom_data, Classes)),
    true = Near(proplists:get_value(total, Mem), lists:sum([size_of(C, Classes) || {C, _} <- Classes])),
    ok.

process_info_memory() ->
    Self = self(),
    P = spawn(fun() -> receive go -> ok end, L = lists:seq(1, 100000), Self ! built, receive stop -> length(L) end end),
    {memory, M0} = process_info(P, memory),
    P ! go,
    receive built -> ok end,
    {memory, M1} = process_info(P, memory),
    %% 100,000 cons cells are 1.6 MB
    true = M1 - M0 >= 1600000,
    %% and the sum over processes is at most what process_data holds
    All = lists:sum([M || Q <- processes(), {memory, M} <- [process_info(Q, memory)]]),
    true = All =< cur(process_data, classes) + 64 * 1024,
    P ! stop,
    ok.

store_status() ->
    File = tmp("status"),
    true = instrument:store_memory_status(File),
    Status = instrument:read_memory_status(File),
    [total, allocators, classes, types] = [K || {K, _} <- Status],
    {classes, Classes} = lists:keyfind(classes, 1, Status),
    {process_data, [{sizes, _, _, _}, {blocks, _, _, _}]} = lists:keyfind(process_data, 1, Classes),
    ok.

corrupt_files() ->
    Truncated = tmp("trunc"),
    ok = file:write_file(Truncated, "{instr_hdr,1,48,{{heap,eheap_alloc,process_data}}}.\n{1,100,"),
    {error, {_, erl_parse, _}} = instrument:read_memory_data(Truncated),
    {error, {_, erl_parse, _}} = instrument:read_memory_status(Truncated),
    NotMap = tmp("notmap"),
    ok = file:write_file(NotMap, "hello.\n"),
    {error, {not_memory_data, hello}} = instrument:read_memory_data(NotMap),
    {error, {not_memory_status, hello}} = instrument:read_memory_status(NotMap),
    BadBlock = tmp("badblock"),
    ok = file:write_file(BadBlock, "{instr_hdr,1,48,{{heap,eheap_alloc,process_data}}}.\n{1,2,x,undefined}.\n"),
    {error, {not_memory_data, {1, 2, x, undefined}}} = instrument:read_memory_data(BadBlock),
    Empty = tmp("empty"),
    ok = file:write_file(Empty, ""),
    {error, {not_memory_data, empty}} = instrument:read_memory_data(Empty),
    {error, {not_memory_status, empty}} = instrument:read_memory_status(Empty),
    {error, enoent} = instrument:read_memory_data(tmp("nonexistent")),
    {error, enoent} = instrument:read_memory_status(tmp("nonexistent")),
    ok.

bad_arguments() ->
    MD = made_up(),
    [badarg = error_of(F) || F <- [fun() -> instrument:memory_status(foo) end,
                                   fun() -> instrument:memory_status("total") end,
                                   fun() -> instrument:sort(foo) end,
                                   fun() -> instrument:sort({h, [{1, 2, 3}]}) end,
                                   fun() -> instrument:sum_blocks({h, not_a_list}) end,
                                   fun() -> instrument:mem_limits({element(1, MD), []}) end,
                                   fun() -> instrument:type_descr(MD, one) end,
                                   fun() -> instrument:class_descr(foo, 1) end,
                                   fun() -> instrument:block_header_size({unknown_info, []}) end,
                                   fun() -> instrument:holes(42) end,
                                   fun() -> instrument:read_memory_data(42) end,
                                   fun() -> instrument:store_memory_status({x}) end]],
    ok.

%% ---- made-up maps: exact answers --------------------------------------------

made_up() ->
    Hdr = {instr_hdr, 1, 48, {{heap, eheap_alloc, process_data}, {binary, binary_alloc, binary_data}}},
    %% blocks at 1000 (100 bytes), 1148 (50: no hole after the first),
    %% 1500 (hole of 1500 - (1148 + 50 + 48) = 254), 2020 (a gap of 20: the
    %% C allocator's, not a hole)
    {Hdr, [{2, 1500, 452, {0, 5, 0}}, {1, 1000, 100, undefined}, {1, 2020, 8, undefined}, {2, 1148, 50, {0, 7, 1}}]}.

made_up_holes() ->
    Sorted = instrument:sort(made_up()),
    [1000, 1148, 1500, 2020] = [A || {_, A, _, _} <- element(2, Sorted)],
    " 254\n" = capture(fun() -> instrument:holes(Sorted) end),
    ok.

made_up_map() ->
    MD = made_up(),
    S = instrument:sort(MD),
    {1000, 2028} = instrument:mem_limits(S),
    610 = instrument:sum_blocks(MD),
    48 = instrument:block_header_size(MD),
    {1, 2} = instrument:type_no_range(MD),
    heap = instrument:type_descr(MD, 1),
    binary_alloc = instrument:allocator_descr(MD, 2),
    binary_data = instrument:class_descr(MD, 2),
    invalid_type = instrument:type_descr(MD, 3),
    invalid_type = instrument:allocator_descr(MD, 0),
    "unknown" = instrument:class_descr({old_info, []}, 1),
    "unknown" = instrument:allocator_descr({old_info, []}, 1),
    {_, [{binary, 1500, 452, P}, {heap, 1000, 100, undefined} | _]} = instrument:descr(MD),
    "<0.5.0>" = pid_to_list(P),
    ok.

%% ---- map mode -----------------------------------------------------------------

process_blocks() ->
    Self = self(),
    P = spawn(fun() -> L = lists:seq(1, 200000), Self ! built, receive stop -> length(L) end end),
    receive built -> ok end,
    {_, Blocks} = instrument:memory_data(),
    PD = pid_desc(P),
    Mine = lists:sum([S || {_, _, S, D} <- Blocks, D =:= PD]),
    true = Mine >= 3200000,
    {_, Types} = MD = instrument:memory_data(),
    %% its heap blocks are heap types of the process_data class
    true = lists:all(fun({T, _, _, D}) when D =:= PD ->
                             lists:member(instrument:class_descr(MD, T), [process_data, system_data, atom_data, code_data, binary_data]);
                        (_) -> true
                     end, Types),
    P ! stop,
    ok.

map_sum() ->
    T0 = size_of(total, instrument:memory_status(total)),
    MD = instrument:memory_data(),
    T1 = size_of(total, instrument:memory_status(total)),
    Sum = instrument:sum_blocks(MD),
    Slack = 512 * 1024,
    true = Sum >= min(T0, T1) - Slack andalso Sum =< max(T0, T1) + Slack,
    ok.

descr() ->
    MD = instrument:memory_data(),
    {_, D} = instrument:descr(MD),
    true = lists:all(fun({T, A, S, P}) -> is_atom(T) andalso is_integer(A) andalso is_integer(S) andalso
                                               (P =:= undefined orelse is_pid(P)) end, D),
    true = lists:any(fun({_, _, _, P}) -> P =:= self() end, D),
    ok.

live_holes() ->
    {_, Blocks} = S = instrument:sort(instrument:memory_data()),
    HS = instrument:block_header_size(S),
    48 = HS,
    Expected = lists:flatten([io_lib:format(" ~w", [H]) || H <- holes_of(Blocks, HS), H >= 24]) ++ "\n",
    Expected = capture(fun() -> instrument:holes(S) end),
    {Low, High} = instrument:mem_limits(S),
    true = Low < High,
    ok.

holes_of([{_, P1, S1, _} | [{_, P2, _, _} | _] = Rest], HS) -> [P2 - (P1 + S1 + HS) | holes_of(Rest, HS)];
holes_of(_, _) -> [].

store_map() ->
    File = tmp("map"),
    true = instrument:store_memory_data(File),
    {Hdr, Blocks} = instrument:read_memory_data(File),
    {instr_hdr, 1, 48, Types} = Hdr,
    true = tuple_size(Types) > 10,
    true = length(Blocks) > 100,
    {1, N} = instrument:type_no_range({Hdr, Blocks}),
    true = lists:all(fun({T, _, _, _}) -> T >= 1 andalso T =< N end, Blocks),
    ok.

%% ---- the same results, whatever the mode -------------------------------------

compute_same() ->
    %% a mix of spawning, messages, binaries, bignums and GC
    Self = self(),
    Pids = [spawn(fun() -> Self ! {self(), lists:sum([X * X || X <- lists:seq(1, N * 100)])} end)
            || N <- lists:seq(1, 50)],
    Sums = [receive {P, S} -> S end || P <- Pids],
    Bin = << <<(X rem 256)>> || X <- lists:seq(1, 100000) >>,
    Fact = lists:foldl(fun(X, A) -> X * A end, 1, lists:seq(1, 300)),
    Hash = erlang:phash2({Sums, Bin, Fact}),
    Hash = erlang:phash2({[lists:sum([X * X || X <- lists:seq(1, N * 100)]) || N <- lists:seq(1, 50)],
                          list_to_binary([X rem 256 || X <- lists:seq(1, 100000)]),
                          fact(300)}),
    io:format("checksum ~w~n", [Hash]).

fact(0) -> 1;
fact(N) -> N * fact(N - 1).

%% ---- helpers ------------------------------------------------------------------

wait_until(F, Ms) ->
    case F() of
        true -> ok;
        false when Ms =< 0 -> timeout;
        false -> receive after 10 -> wait_until(F, Ms - 10) end
    end.

cur(Name, Kind) ->
    size_of(Name, instrument:memory_status(Kind)).

size_of(Name, Status) ->
    {_, [{sizes, C, _, _}, _]} = lists:keyfind(Name, 1, Status),
    C.

pid_desc(P) ->
    [X, Y, Z] = [list_to_integer(S) || S <- string:tokens(pid_to_list(P), "<.>")],
    {X, Y, Z}.

error_of(F) ->
    try F() of
        V -> {no_error, V}
    catch
        error:Why -> Why
    end.

%% A file in the current directory (run.sh runs in a temporary one).
tmp(Name) ->
    "instr_" ++ Name.

%% What F prints, via a group leader that keeps it.
capture(F) ->
    Old = group_leader(),
    Self = self(),
    GL = spawn(fun() -> gl_loop(Self, []) end),
    group_leader(GL, self()),
    try F()
    after
        group_leader(Old, self())
    end,
    GL ! {done, self()},
    receive {captured, Text} -> Text end.

gl_loop(Owner, Acc) ->
    receive
        {io_request, From, Ref, Req} ->
            From ! {io_reply, Ref, ok},
            gl_loop(Owner, [Acc | request_text(Req)]);
        {done, Owner} ->
            Owner ! {captured, lists:flatten(io_lib:format("~ts", [Acc]))}
    end.

request_text({put_chars, unicode, M, F, A}) -> apply(M, F, A);
request_text({put_chars, unicode, Chars}) -> Chars;
request_text({put_chars, latin1, Chars}) -> Chars;
request_text({put_chars, Chars}) -> Chars;
request_text(_) -> [].
