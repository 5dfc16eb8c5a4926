-module(err_badarg).
-export([main/0]).

id(X) -> X.

e(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end.

main() ->
    Cases = [fun() -> atom_to_list(id(1)) end,
             fun() -> list_to_atom(id(a)) end,
             fun() -> element(id(0), {a}) end,
             fun() -> setelement(id(3), {a}, b) end,
             fun() -> hd(id(x)) end,
             fun() -> tl(id([])) end,
             fun() -> length(id(a)) end,
             fun() -> tuple_size(id([])) end,
             fun() -> byte_size(id(a)) end,
             fun() -> binary_to_list(id(a)) end,
             fun() -> list_to_binary(id([a])) end,
             fun() -> integer_to_list(id(1.0)) end,
             fun() -> list_to_tuple(id(a)) end,
             fun() -> abs(id(a)) end,
             fun() -> id(a) ! hello end,
             fun() -> erlang:send(id(123), hello) end,
             fun() -> apply(id(lists), reverse, id(notalist)) end,
             fun() -> binary_to_term(id(<<1, 2, 3>>)) end,
             fun() -> atom_to_binary(id("x"), utf8) end,
             fun() -> lists:seq(id(1), id(a)) end,
             fun() -> erlang:make_tuple(id(-1), a) end,
             fun() -> erlang:error(badarg) end],
    [io:format("~p~n", [e(F)]) || F <- Cases],
    ok.
