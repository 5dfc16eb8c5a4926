-module(ctl_seq_scope).
-export([main/0]).

id(X) -> X.

main() ->
    %% funs capture the value, shadowing in fun heads
    X = id(1),
    F = fun(X) -> X * 10 end,
    io:format("~p ~p~n", [F(5), X]),
    G = fun(Y) -> X + Y end,
    io:format("~p~n", [G(100)]),
    %% variables in list comprehension generators are local
    L = [X2 || X2 <- id([1, 2, 3])],
    io:format("~p~n", [L]),
    %% a case that binds a variable in each clause
    case id(two) of
        one -> N = 1;
        two -> N = 2
    end,
    io:format("~p~n", [N]),
    %% expressions evaluate left to right, side effects visible in order
    put(order, []),
    Push = fun(V) -> put(order, [V | get(order)]), V end,
    _ = {Push(1), Push(2), Push(3)},
    _ = [Push(4), Push(5)],
    _ = Push(6) + Push(7),
    io:format("~p~n", [lists:reverse(get(order))]),
    ok.
