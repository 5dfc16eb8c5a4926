-module(bin_comprehensions).
-export([main/0]).

id(X) -> X.

main() ->
    B = id(<<"hello world">>),
    io:format("~p~n", [<< <<(C - 32)>> || <<C>> <= B, C =/= $\s >>]),
    io:format("~p~n", [[C || <<C>> <= B, C > $n]]),
    io:format("~p~n", [<< <<X:16>> || X <- [1, 2, 3] >>]),
    io:format("~p~n", [<< <<A, B2>> || <<A:4, B2:4>> <= id(<<16#12, 16#34>>) >>]),
    io:format("~p~n", [[{R, G, Bl} || <<R, G, Bl>> <= id(<<1, 2, 3, 4, 5, 6, 7>>)]]),
    io:format("~p~n", [<< <<X/binary, ",">> || X <- [<<"a">>, <<"bc">>, <<>>] >>]),
    io:format("~p~n", [<< <<(X * 2)>> || <<X>> <= id(<<1, 2, 3>>), X rem 2 =:= 1 >>]),
    io:format("~p~n", [[{X, Y} || <<X:8>> <= id(<<1, 2>>), Y <- [a, b]]]),
    io:format("~p~n", [<< <<Y:8>> || X <- [1, 2], <<Y>> <= id(<<10, 20>>), Y > X * 10 >>]),
    Hex = << <<(hex(N))>> || <<N:4>> <= id(<<222, 173, 190, 239>>) >>,
    io:format("~s~n", [Hex]),
    io:format("~p~n", [byte_size(<< <<X:32>> || X <- lists:seq(1, 10000) >>)]),
    ok.

hex(N) when N < 10 -> $0 + N;
hex(N) -> $a + N - 10.
