-module(arith_bignum_basic).
-export([main/0]).

id(X) -> X.

pow(_, 0) -> 1;
pow(B, E) -> B * pow(B, E - 1).

main() ->
    Max = id(576460752303423487),          % 2^59-1, largest small on 64-bit BEAM
    io:format("~p ~p~n", [Max + 1, -Max - 2]),
    io:format("~p~n", [Max * Max]),
    A = pow(id(2), 100),
    B = pow(id(3), 50),
    io:format("~p~n", [A]),
    io:format("~p~n", [B]),
    io:format("~p~n", [A + B]),
    io:format("~p~n", [A - B]),
    io:format("~p~n", [B - A]),
    io:format("~p~n", [A * B]),
    io:format("~p~n", [A div B]),
    io:format("~p~n", [A rem B]),
    io:format("~p~n", [-A div B]),
    io:format("~p~n", [-A rem B]),
    io:format("~p~n", [A div -B]),
    io:format("~p~n", [(A * B) div A =:= B]),
    io:format("~p~n", [pow(id(10), 60) div pow(id(10), 30)]),
    io:format("~p~n", [pow(id(-7), 41)]),
    io:format("~p~n", [abs(pow(id(-7), 41))]),
    %% results that shrink back to small integers
    io:format("~p~n", [(A + 5) - A]),
    io:format("~p ~p~n", [is_integer(A - A), A - A]),
    ok.
