-module(prog_nqueens).
-export([main/0]).

queens(N) -> queens(N, N).

queens(_, 0) -> [[]];
queens(N, K) ->
    [[Col | Rest] || Rest <- queens(N, K - 1), Col <- lists:seq(1, N), safe(Col, Rest, 1)].

safe(_, [], _) -> true;
safe(C, [Q | Qs], D) -> C =/= Q andalso abs(C - Q) =/= D andalso safe(C, Qs, D + 1).

main() ->
    [io:format("~p: ~p~n", [N, length(queens(N))]) || N <- lists:seq(1, 8)],
    io:format("~p~n", [hd(queens(8))]),
    ok.
