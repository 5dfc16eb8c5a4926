-module(fun_higher_order).
-export([main/0]).

twice(F) -> fun(X) -> F(F(X)) end.

my_map(_, []) -> [];
my_map(F, [H | T]) -> [F(H) | my_map(F, T)].

my_foldl(_, Acc, []) -> Acc;
my_foldl(F, Acc, [H | T]) -> my_foldl(F, F(H, Acc), T).

pipeline(Fs) -> fun(X) -> lists:foldl(fun(F, A) -> F(A) end, X, Fs) end.

main() ->
    Inc = fun(X) -> X + 1 end,
    io:format("~p~n", [(twice(Inc))(5)]),
    io:format("~p~n", [(twice(twice(Inc)))(0)]),
    io:format("~p~n", [my_map(fun(X) -> X * X end, [1, 2, 3, 4])]),
    io:format("~p~n", [my_foldl(fun(X, A) -> [X | A] end, [], [1, 2, 3])]),
    P = pipeline([fun(X) -> X + 1 end, fun(X) -> X * 10 end, fun integer_to_list/1]),
    io:format("~p~n", [P(4)]),
    io:format("~p~n", [lists:filter(fun(X) -> X rem 3 =:= 0 end, lists:seq(1, 20))]),
    io:format("~p~n", [lists:sort(fun(A, B) -> A > B end, [3, 1, 4, 1, 5, 9, 2, 6])]),
    Apply = fun(F, Args) -> apply(F, Args) end,
    io:format("~p~n", [Apply(fun(A, B, C) -> A + B + C end, [1, 2, 3])]),
    ok.
