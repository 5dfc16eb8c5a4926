-module(str_conversions).
-export([main/0]).

id(X) -> X.

e(F) -> try F() catch error:R -> {error, R} end.

main() ->
    io:format("~p~n", [atom_to_list(id('hello world'))]),
    io:format("~p~n", [list_to_atom(id("new_atom"))]),
    io:format("~p~n", [integer_to_list(id(-42))]),
    io:format("~p~n", [list_to_integer(id("-42"))]),
    io:format("~p~n", [e(fun() -> list_to_integer(id("4.2")) end)]),
    io:format("~p~n", [e(fun() -> list_to_integer(id("")) end)]),
    io:format("~p~n", [float_to_list(id(1.5), [{decimals, 3}])]),
    io:format("~p~n", [tuple_to_list(id({a, b, c}))]),
    io:format("~p~n", [list_to_tuple(id([1, 2, 3]))]),
    io:format("~p~n", [term_to_binary(id(x)) =:= term_to_binary(x)]),
    io:format("~p~n", [e(fun() -> list_to_existing_atom(id("surely" ++ "_not_an_existing_atom_" ++ "q9z")) end)]),
    io:format("~p~n", [list_to_existing_atom(id("ok"))]),
    io:format("~p~n", [e(fun() -> atom_to_list(id("str")) end)]),
    io:format("~p~n", [e(fun() -> list_to_atom(id([1 | foo])) end)]),
    io:format("~p~n", [io_lib:write(id({a, "b", <<"c">>}))]),
    io:format("~p~n", [lists:flatten(io_lib:write(id({a, "b", <<"c">>})))]),
    io:format("~p~n", [lists:flatten(io_lib:write_atom(id('needs quotes')))]),
    io:format("~p~n", [lists:flatten(io_lib:write_string(id("q\"s")))]),
    io:format("~p~n", [erl_scan_free(id("{ok, [1,2]}"))]),
    ok.

erl_scan_free(S) ->
    {ok, Toks, _} = erl_scan:string(S ++ "."),
    {ok, Term} = erl_parse:parse_term(Toks),
    Term.
