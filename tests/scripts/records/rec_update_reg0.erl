-module(rec_update_reg0).
-export([main/0]).

-record(r, {a, b = 2, c}).

%% The new value is the function's first argument (register 0 of its frame).
set_a(X, R) -> R#r{a = X}.
set_c(X, R) -> R#r{c = X}.
set_both(X, Y, R) -> R#r{c = Y, a = X}.

main() ->
    R = #r{a = 1, c = 3},
    io:format("~p~n", [set_a(10, R)]),
    io:format("~p~n", [set_c(30, R)]),
    io:format("~p~n", [set_both(x, y, R)]),
    io:format("~p~n", [(set_a(new, R))#r.a]),
    ok.
