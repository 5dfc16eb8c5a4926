-module(prog_matrix).
-export([main/0]).

transpose([[] | _]) -> [];
transpose(M) -> [[hd(R) || R <- M] | transpose([tl(R) || R <- M])].

mul(A, B) ->
    Bt = transpose(B),
    [[lists:sum(lists:zipwith(fun(X, Y) -> X * Y end, Row, Col)) || Col <- Bt] || Row <- A].

identity(N) -> [[if I =:= J -> 1; true -> 0 end || J <- lists:seq(1, N)] || I <- lists:seq(1, N)].

power(M, 0) -> identity(length(M));
power(M, N) when N rem 2 =:= 0 -> H = power(M, N div 2), mul(H, H);
power(M, N) -> mul(M, power(M, N - 1)).

main() ->
    A = [[1, 2], [3, 4]],
    io:format("~p~n", [mul(A, A)]),
    io:format("~p~n", [transpose([[1, 2, 3], [4, 5, 6]])]),
    Fib = [[1, 1], [1, 0]],
    [[_, F100], _] = power(Fib, 100),
    io:format("~p~n", [F100]),
    [[_, F1000], _] = power(Fib, 1000),
    io:format("~p~n", [F1000]),
    io:format("~p~n", [mul(identity(3), [[1, 2, 3], [4, 5, 6], [7, 8, 9]])]),
    Fl = mul([[0.5, 1.5]], [[2.0], [4.0]]),
    io:format("~p~n", [Fl]),
    ok.
