-module(bool_ops).
-export([main/0]).

id(X) -> X.

main() ->
    Bs = [true, false],
    io:format("~p~n", [[{A, B, id(A) and id(B), id(A) or id(B), id(A) xor id(B)} || A <- Bs, B <- Bs]]),
    io:format("~p~n", [[not id(true), not id(false)]]),
    io:format("~p~n", [[{A, B, id(A) andalso id(B), id(A) orelse id(B)} || A <- Bs, B <- Bs]]),
    ok.
