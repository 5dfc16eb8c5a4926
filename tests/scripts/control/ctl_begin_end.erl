-module(ctl_begin_end).
-export([main/0]).

id(X) -> X.

main() ->
    X = begin
            A = id(1),
            B = id(2),
            A + B
        end,
    io:format("~p~n", [X]),
    Y = 10 * begin id(2) + 3 end,
    io:format("~p~n", [Y]),
    L = [begin Sq = I * I, Sq + 1 end || I <- id([1, 2, 3])],
    io:format("~p~n", [L]),
    Z = begin begin begin id(nested) end end end,
    io:format("~p~n", [Z]),
    ok.
