-module(bif_pterm_alive).
-export([main/0]).

%% A value that persistent_term replaced or erased stays whole for every
%% process that still holds it: in its registers while it waits in a
%% receive, in its dictionary, in a fun's environment, in a sub binary of
%% a large binary, an atomics reference inside it (still usable), and for
%% the process that erases it; a holder that took a part of it keeps just
%% that part. Holders check the value against its checksum after the
%% erase, then again after collecting their heaps.

key(K) -> {?MODULE, K}.

value(N) ->
    {lists:seq(1, N), list_to_binary(lists:duplicate(N, $v)),
     maps:from_list([{I, [I]} || I <- lists:seq(1, 50)]), {nested, {deep, [N, N * 2]}}}.

check(V, Sum) -> erlang:phash2(V) =:= Sum.

holder(Parent, K, How) ->
    V = persistent_term:get(key(K)),
    Sum = erlang:phash2(V),
    Held = case How of
               regs -> V;
               dict -> put(held, V), none;
               part -> element(4, V);
               fn -> fun() -> V end;
               subbin -> binary:part(element(2, V), 10, 20);
               shared -> [V, V, {V}]
           end,
    Parent ! {ready, self()},
    receive go -> ok end,
    R1 = result(How, Held, Sum),
    erlang:garbage_collect(),
    R2 = result(How, Held, Sum),
    Parent ! {self(), How, R1, R2}.

result(regs, V, Sum) -> check(V, Sum);
result(dict, _, Sum) -> check(get(held), Sum);
result(part, P, _) -> P;
result(fn, F, Sum) -> check(F(), Sum);
result(subbin, B, _) -> {byte_size(B), B =:= binary:copy(<<"v">>, 20)};
result(shared, [A, B, {C}], Sum) -> check(A, Sum) andalso A =:= B andalso B =:= C.

run(Change) ->
    persistent_term:put(key(v), value(1000)),
    Self = self(),
    Hows = [regs, dict, part, fn, subbin, shared],
    Ps = [spawn(fun() -> holder(Self, v, H) end) || H <- Hows],
    [receive {ready, P} -> ok end || P <- Ps],
    Mine = persistent_term:get(key(v)),
    Sum = erlang:phash2(Mine),
    Change(),
    [P ! go || P <- Ps],
    Rs = [receive {P, How, R1, R2} -> {How, R1, R2} end || P <- Ps],
    io:format("~p~n", [Rs]),
    io:format("own ~p ~p~n", [check(Mine, Sum), length(element(1, Mine))]),
    erlang:garbage_collect(),
    io:format("own after gc ~p~n", [check(Mine, Sum)]).

main() ->
    run(fun() -> true = persistent_term:erase(key(v)) end),
    run(fun() -> persistent_term:put(key(v), replaced) end),
    io:format("~p~n", [persistent_term:get(key(v))]),
    persistent_term:erase(key(v)),
    %% an atomics array held only through a persistent term lives on
    %% while a process keeps the reference
    persistent_term:put(key(counter), {counter, atomics:new(2, [])}),
    {counter, A} = persistent_term:get(key(counter)),
    atomics:add(A, 1, 5),
    persistent_term:erase(key(counter)),
    erlang:garbage_collect(),
    atomics:add(A, 1, 5),
    io:format("atomics ~p ~p~n", [atomics:get(A, 1), atomics:get(A, 2)]),
    %% a large binary erased and replaced many times over
    Big = binary:copy(<<"0123456789">>, 10000),
    Held = [begin
                persistent_term:put(key(bin), <<Big/binary, I>>),
                binary:part(persistent_term:get(key(bin)), 99990, 11)
            end || I <- lists:seq(1, 20)],
    persistent_term:erase(key(bin)),
    io:format("~p~n", [[binary:last(B) || B <- Held]]),
    %% the same value put under many keys, each erased in turn while a
    %% list holds them all
    [persistent_term:put(key({many, I}), {I, lists:seq(1, I)}) || I <- lists:seq(1, 100)],
    All = [persistent_term:get(key({many, I})) || I <- lists:seq(1, 100)],
    [persistent_term:erase(key({many, I})) || I <- lists:seq(1, 100)],
    io:format("~p~n", [lists:sum([lists:sum(L) || {_, L} <- All])]),
    ok.
