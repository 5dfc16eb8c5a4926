-module(deep_mutual).
-export([main/0]).

%% deep non-tail mutual recursion and a deep fun-based recursion
a(0) -> [];
a(N) -> [a | b(N - 1)].
b(0) -> [];
b(N) -> [b | a(N - 1)].

main() ->
    L = a(500000),
    io:format("~p ~p~n", [length(L), lists:sublist(L, 4)]),
    F = fun G(0) -> 0; G(N) -> 2 + G(N - 1) end,
    io:format("~p~n", [F(300000)]),
    io:format("~p~n", [lists:foldr(fun(X, Acc) -> X + Acc end, 0, lists:seq(1, 1000000))]),
    ok.
