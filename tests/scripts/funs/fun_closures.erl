-module(fun_closures).
-export([main/0]).

id(X) -> X.

adder(N) -> fun(X) -> X + N end.

counter_funs() ->
    Base = id(100),
    [fun() -> Base + I end || I <- lists:seq(1, 3)].

compose(F, G) -> fun(X) -> F(G(X)) end.

main() ->
    Add5 = adder(5),
    Add10 = adder(10),
    io:format("~p ~p~n", [Add5(1), Add10(1)]),
    io:format("~p~n", [[F() || F <- counter_funs()]]),
    Inc = fun(X) -> X + 1 end,
    Dbl = fun(X) -> X * 2 end,
    io:format("~p ~p~n", [(compose(Inc, Dbl))(5), (compose(Dbl, Inc))(5)]),
    %% closure over many variables of several types
    A = id(1), B = id("two"), C = id({three}), D = id(<<4>>), E = id(#{five => 5}),
    All = fun() -> {A, B, C, D, E} end,
    io:format("~p~n", [All()]),
    %% fun returning fun returning fun
    Curry = fun(X) -> fun(Y) -> fun(Z) -> X * 100 + Y * 10 + Z end end end,
    io:format("~p~n", [((Curry(1))(2))(3)]),
    %% immediately applied
    io:format("~p~n", [(fun(X, Y) -> X - Y end)(10, 3)]),
    ok.
