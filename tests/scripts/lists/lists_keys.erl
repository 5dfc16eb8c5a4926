-module(lists_keys).
-export([main/0]).

id(X) -> X.

main() ->
    L = id([{b, 2, x}, {a, 1, y}, {c, 3, z}, {a, 4, w}]),
    io:format("~p~n", [lists:keyfind(a, 1, L)]),
    io:format("~p~n", [lists:keyfind(zz, 1, L)]),
    io:format("~p~n", [lists:keyfind(3, 2, L)]),
    io:format("~p~n", [lists:keymember(c, 1, L)]),
    io:format("~p~n", [lists:keysearch(b, 1, L)]),
    io:format("~p~n", [lists:keydelete(a, 1, L)]),
    io:format("~p~n", [lists:keyreplace(a, 1, L, {a, 0, new})]),
    io:format("~p~n", [lists:keystore(d, 1, L, {d, 5, v})]),
    io:format("~p~n", [lists:keystore(c, 1, L, {c, 30, zz})]),
    io:format("~p~n", [lists:keysort(1, L)]),
    io:format("~p~n", [lists:keysort(2, L)]),
    io:format("~p~n", [lists:ukeysort(1, L)]),
    io:format("~p~n", [lists:keytake(a, 1, L)]),
    io:format("~p~n", [lists:keytake(q, 1, L)]),
    io:format("~p~n", [lists:keymap(fun(X) -> X * 100 end, 2, L)]),
    io:format("~p~n", [lists:keymerge(1, [{a, 1}, {c, 3}], [{b, 2}, {d, 4}])]),
    ok.
