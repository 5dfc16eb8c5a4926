-module(bif_atomics_concurrent).
-export([main/0]).

%% atomics from several processes at once: adds and subs that all land,
%% add_get's values all distinct, a compare_exchange loop that loses no
%% increment, exchange handing every token on exactly once, and an array
%% that lives as long as some process holds its reference.

run(N, F) ->
    Self = self(),
    Ps = [spawn(fun() -> Self ! {self(), F(I)} end) || I <- lists:seq(1, N)],
    [receive {P, R} -> R end || P <- Ps].

cas_incr(A, Ix) ->
    Old = atomics:get(A, Ix),
    case atomics:compare_exchange(A, Ix, Old, Old + 1) of
        ok -> ok;
        _ -> cas_incr(A, Ix)
    end.

main() ->
    A = atomics:new(4, []),
    run(8, fun(I) -> [atomics:add(A, 1, I) || _ <- lists:seq(1, 1000)], ok end),
    io:format("adds ~p~n", [atomics:get(A, 1)]),
    run(8, fun(_) -> [atomics:sub(A, 1, 2) || _ <- lists:seq(1, 1000)], ok end),
    io:format("subs ~p~n", [atomics:get(A, 1)]),
    Got = lists:append(run(8, fun(_) -> [atomics:add_get(A, 2, 1) || _ <- lists:seq(1, 500)] end)),
    io:format("add_get ~p ~p ~p~n", [length(Got), length(lists:usort(Got)), lists:max(Got)]),
    run(6, fun(_) -> [cas_incr(A, 3) || _ <- lists:seq(1, 500)], ok end),
    io:format("cas ~p~n", [atomics:get(A, 3)]),
    %% tokens 1..N pass through one slot: each is taken out exactly once
    atomics:put(A, 4, 0),
    Taken = lists:append(run(8, fun(I) ->
                                    [atomics:exchange(A, 4, I * 1000 + J) || J <- lists:seq(1, 100)]
                                end)),
    Last = atomics:get(A, 4),
    All = lists:sort([Last | Taken]),
    io:format("exchange ~p~n", [All =:= lists:sort([0 | [I * 1000 + J || I <- lists:seq(1, 8), J <- lists:seq(1, 100)]])]),
    %% unsigned wrap-around from many processes: back to where it began
    U = atomics:new(1, [{signed, false}]),
    run(8, fun(_) -> [atomics:sub(U, 1, 3) || _ <- lists:seq(1, 100)], ok end),
    io:format("unsigned ~p~n", [atomics:get(U, 1)]),
    run(8, fun(_) -> [atomics:add(U, 1, 3) || _ <- lists:seq(1, 100)], ok end),
    io:format("unsigned ~p~n", [atomics:get(U, 1)]),
    %% the reference handed to a process that outlives every other holder
    Self = self(),
    P = spawn(fun() -> R = receive {ref, X} -> X end, receive go -> Self ! {done, atomics:add_get(R, 1, 1)} end end),
    P ! {ref, atomics:new(1, [])},
    erlang:garbage_collect(),
    P ! go,
    receive {done, V} -> io:format("held ~p~n", [V]) end,
    ok.
