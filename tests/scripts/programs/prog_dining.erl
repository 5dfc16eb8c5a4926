-module(prog_dining).
-export([main/0]).

%% Dining philosophers with a waiter that serialises fork requests;
%% only counts are printed, so the result is independent of scheduling.
waiter(Forks) ->
    receive
        {take, P, L, R} ->
            case {maps:get(L, Forks), maps:get(R, Forks)} of
                {free, free} -> P ! granted, waiter(Forks#{L := P, R := P});
                _ -> P ! denied, waiter(Forks)
            end;
        {put, L, R} -> waiter(Forks#{L := free, R := free});
        {stop, From} -> From ! {forks, lists:usort(maps:values(Forks))}
    end.

philosopher(_, _, _, 0, Parent) -> Parent ! {done, self()};
philosopher(W, L, R, Meals, Parent) ->
    W ! {take, self(), L, R},
    receive
        granted -> W ! {put, L, R}, philosopher(W, L, R, Meals - 1, Parent);
        denied -> erlang:yield(), philosopher(W, L, R, Meals, Parent)
    end.

main() ->
    N = 5,
    W = spawn(fun() -> waiter(maps:from_list([{I, free} || I <- lists:seq(1, N)])) end),
    Me = self(),
    Ps = [spawn(fun() -> philosopher(W, I, I rem N + 1, 100, Me) end) || I <- lists:seq(1, N)],
    [receive {done, P} -> ok end || P <- Ps],
    W ! {stop, self()},
    receive {forks, F} -> io:format("~p~n", [F]) end,
    io:format("~p philosophers ate ~p meals~n", [N, N * 100]),
    ok.
