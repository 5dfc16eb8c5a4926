-module(lc_nested).
-export([main/0]).

id(X) -> X.

qsort([]) -> [];
qsort([P | T]) -> qsort([X || X <- T, X < P]) ++ [P] ++ qsort([X || X <- T, X >= P]).

perms([]) -> [[]];
perms(L) -> [[H | T] || H <- L, T <- perms(L -- [H])].

pythag(N) ->
    [{A, B, C} || A <- lists:seq(1, N), B <- lists:seq(A, N), C <- lists:seq(B, N),
                  A * A + B * B =:= C * C].

main() ->
    io:format("~p~n", [qsort(id([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]))]),
    io:format("~p~n", [perms(id([a, b, c]))]),
    io:format("~p~n", [pythag(id(30))]),
    Matrix = id([[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
    Transpose = [[lists:nth(I, Row) || Row <- Matrix] || I <- lists:seq(1, 3)],
    io:format("~p~n", [Transpose]),
    io:format("~p~n", [[[X * Y || X <- lists:seq(1, 4)] || Y <- lists:seq(1, 4)]]),
    %% later generators depend on earlier variables
    io:format("~p~n", [[{I, J} || I <- lists:seq(1, 4), J <- lists:seq(I, 4), (I + J) rem 2 =:= 0]]),
    ok.
