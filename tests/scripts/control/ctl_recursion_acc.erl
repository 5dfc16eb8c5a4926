-module(ctl_recursion_acc).
-export([main/0]).

id(X) -> X.

fact(0) -> 1;
fact(N) when N > 0 -> N * fact(N - 1).

fib(N) -> fib(N, 0, 1).
fib(0, A, _) -> A;
fib(N, A, B) -> fib(N - 1, B, A + B).

ackermann(0, N) -> N + 1;
ackermann(M, 0) -> ackermann(M - 1, 1);
ackermann(M, N) -> ackermann(M - 1, ackermann(M, N - 1)).

even(0) -> true;
even(N) -> odd(N - 1).
odd(0) -> false;
odd(N) -> even(N - 1).

main() ->
    io:format("~p~n", [fact(id(25))]),
    io:format("~p~n", [[fib(id(N)) || N <- [0, 1, 2, 10, 50, 100]]]),
    io:format("~p~n", [ackermann(id(2), id(3))]),
    io:format("~p~n", [ackermann(id(3), id(3))]),
    io:format("~p~n", [{even(id(10)), odd(id(7)), even(id(7))}]),
    ok.
