-module(fun_named).
-export([main/0]).

main() ->
    Fact = fun F(0) -> 1; F(N) -> N * F(N - 1) end,
    io:format("~p~n", [Fact(20)]),
    Fib = fun Fib(0) -> 0; Fib(1) -> 1; Fib(N) -> Fib(N - 1) + Fib(N - 2) end,
    io:format("~p~n", [[Fib(N) || N <- lists:seq(0, 15)]]),
    %% named fun that closes over an outer variable
    Limit = 5,
    Count = fun Loop(N, Acc) when N > Limit -> lists:reverse(Acc);
                Loop(N, Acc) -> Loop(N + 1, [N | Acc]) end,
    io:format("~p~n", [Count(1, [])]),
    %% named fun passed on and called elsewhere
    Len = fun L([]) -> 0; L([_ | T]) -> 1 + L(T) end,
    io:format("~p~n", [lists:map(Len, [[], [a], [a, b, c]])]),
    %% tail-recursive named fun with many iterations
    Sum = fun S(0, Acc) -> Acc; S(N, Acc) -> S(N - 1, Acc + N) end,
    io:format("~p~n", [Sum(100000, 0)]),
    ok.
