-module(err_system_limit).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    io:format("~p~n", [e(fun() -> list_to_atom(lists:duplicate(id(256), $a)) end)]),
    io:format("~p~n", [e(fun() -> length(atom_to_list(list_to_atom(lists:duplicate(id(255), $b)))) end)]),
    io:format("~p~n", [e(fun() -> binary_to_atom(binary:copy(<<"c">>, id(300)), utf8) end)]),
    io:format("~p~n", [e(fun() -> id(1) bsl (id(1) bsl 64) end)]),
    io:format("~p~n", [e(fun() -> erlang:make_tuple(id(16#1000000), a) end)]),
    ok.
