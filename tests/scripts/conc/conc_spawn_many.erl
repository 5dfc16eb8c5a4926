-module(conc_spawn_many).
-export([main/0]).

main() ->
    N = 100000,
    Me = self(),
    [spawn(fun() -> Me ! {result, I * 2} end) || I <- lists:seq(1, N)],
    Sum = gather(N, 0),
    io:format("~p~n", [Sum]),
    io:format("~p~n", [Sum =:= N * (N + 1)]),
    ok.

gather(0, Acc) -> Acc;
gather(K, Acc) -> receive {result, V} -> gather(K - 1, Acc + V) end.
