-module(prog_sieve).
-export([main/0]).

primes(N) -> sieve(lists:seq(2, N), []).

sieve([], Acc) -> lists:reverse(Acc);
sieve([P | Xs], Acc) when P * P > 100000 -> lists:reverse(Acc, [P | Xs]);
sieve([P | Xs], Acc) -> sieve([X || X <- Xs, X rem P =/= 0], [P | Acc]).

%% concurrent sieve: a pipeline of filter processes
filter_proc(P, Next) ->
    receive
        {n, X} when X rem P =:= 0 -> filter_proc(P, Next);
        {n, X} -> Next ! {n, X}, filter_proc(P, Next);
        done -> Next ! done
    end.

collector(Parent, Acc) ->
    receive
        {n, X} -> collector(Parent, [X | Acc]);
        done -> Parent ! {primes, lists:reverse(Acc)}
    end.

main() ->
    Ps = primes(10000),
    io:format("~p ~p ~p~n", [length(Ps), lists:sublist(Ps, 10), lists:last(Ps)]),
    Me = self(),
    Coll = spawn(fun() -> collector(Me, []) end),
    Small = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31],
    Head = lists:foldr(fun(P, Next) -> spawn(fun() -> filter_proc(P, Next) end) end, Coll, Small),
    [Head ! {n, X} || X <- lists:seq(32, 1000)],
    Head ! done,
    receive {primes, Found} -> io:format("~p ~p~n", [length(Found), lists:sublist(Found, 5)]) end,
    ok.
