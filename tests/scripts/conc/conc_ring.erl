-module(conc_ring).
-export([main/0]).

%% A ring of 10,000 processes; a token goes round it 3 times, each hop adding 1.
node_loop(Next) ->
    receive
        {token, N} -> Next ! {token, N + 1}, node_loop(Next);
        stop -> Next ! stop
    end.

make_ring(1, Next) -> Next;
make_ring(K, Next) -> make_ring(K - 1, spawn(fun() -> node_loop(Next) end)).

main() ->
    Size = 10000,
    Me = self(),
    Last = spawn(fun() -> last_loop(Me) end),
    First = make_ring(Size, Last),
    First ! {token, 0},
    Count = collect(3, First),
    io:format("~p~n", [Count]),
    First ! stop,
    receive ring_stopped -> io:format("stopped~n") end,
    ok.

%% the last process hands the token back to main, which sends it round again
last_loop(Main) ->
    receive
        {token, N} -> Main ! {round, N + 1}, last_loop(Main);
        stop -> Main ! ring_stopped
    end.

collect(1, _First) -> receive {round, N} -> N end;
collect(R, First) ->
    receive {round, N} -> First ! {token, N}, collect(R - 1, First) end.
