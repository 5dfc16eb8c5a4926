-module(fib).
-export([fib/1, sum/1, len/1, count/2]).

fib(0) -> 0;
fib(1) -> 1;
fib(N) -> fib(N - 1) + fib(N - 2).

sum([]) -> 0;
sum([H | T]) -> H + sum(T).

len(L) -> len(L, 0).
len([], N) -> N;
len([_ | T], N) -> len(T, N + 1).

count(N, Acc) when N > 0 -> count(N - 1, Acc + 1);
count(_, Acc) -> Acc.
