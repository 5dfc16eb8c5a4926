-module(bif_is_builtin).
-export([main/0]).

%% erlang:is_builtin/3 answers as OTP's BIF table does, whether or not a
%% function is written in Erlang here (lists:reverse/1 is a BIF in dbgsh,
%% plain Erlang in OTP: false).

main() ->
    L = [{erlang, self, 0}, {erlang, apply, 3}, {erlang, apply, 2}, {lists, reverse, 2},
         {lists, reverse, 1}, {lists, member, 2}, {lists, keyfind, 3}, {erlang, '+', 2},
         {erlang, foo, 1}, {maps, get, 2}, {maps, map, 2}, {erlang, element, 2},
         {math, sqrt, 1}, {erlang, spawn, 1}, {erlang, spawn, 3}, {io, format, 2},
         {binary, split, 2}, {erts_internal, map_next, 3}, {unicode_util, cp, 1},
         {erlang, is_builtin, 3}, {string, length, 1}, {erlang, self, 1},
         {erlang, self, -1}],
    [io:format("~p~n", [{M, F, A, erlang:is_builtin(M, F, A)}]) || {M, F, A} <- L],
    [io:format("~p~n", [try erlang:is_builtin(M, F, A) catch error:R -> R end])
     || {M, F, A} <- [{1, a, 1}, {a, "b", 1}, {a, b, 1.0}, {erlang, self, 1 bsl 70}]],
    ok.
