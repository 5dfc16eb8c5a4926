-module(rec_errors).
-export([main/0]).

-record(r, {a = 1, b = 2}).
-record(s, {a}).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    io:format("~p~n", [e(fun() -> (id(#s{a = 1}))#r.a end)]),
    io:format("~p~n", [e(fun() -> (id({r, 1}))#r.a end)]),
    io:format("~p~n", [e(fun() -> (id(not_a_record))#r.b end)]),
    io:format("~p~n", [e(fun() -> (id(#s{}))#r{a = 5} end)]),
    io:format("~p~n", [e(fun() -> (id([]))#r{b = 5} end)]),
    io:format("~p~n", [e(fun() -> (id(#r{}))#r{b = 5} end)]),
    io:format("~p~n", [e(fun() -> #r{a = A} = id(#s{a = 1}), A end)]),
    ok.
