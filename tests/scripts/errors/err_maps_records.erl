-module(err_maps_records).
-export([main/0]).

-record(rec, {f = 1}).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    M = id(#{present => yes}),
    io:format("~p~n", [e(fun() -> M#{absent := 1} end)]),
    io:format("~p~n", [e(fun() -> maps:get({absent, key}, M) end)]),
    io:format("~p~n", [e(fun() -> (id(<<"bin">>))#{k => v} end)]),
    io:format("~p~n", [e(fun() -> maps:keys(id({not_a_map})) end)]),
    io:format("~p~n", [e(fun() -> (id({other, 1}))#rec.f end)]),
    io:format("~p~n", [e(fun() -> (id({rec}))#rec{f = 2} end)]),
    io:format("~p~n", [e(fun() -> (id({rec, 1, extra}))#rec.f end)]),
    io:format("~p~n", [e(fun() -> (id(#rec{}))#rec.f end)]),
    ok.
