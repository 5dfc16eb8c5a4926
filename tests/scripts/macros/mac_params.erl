-module(mac_params).
-export([main/0]).

-define(SQUARE(X), ((X) * (X))).
-define(MAX(A, B), (case (A) > (B) of true -> A; false -> B end)).
-define(PAIR(A, B), {A, B}).
-define(STR(X), ??X).
-define(LOG(Fmt, Args), io:format("[log] " Fmt "~n", Args)).
-define(TWICE(E), begin E, E end).
-define(F(X), X).
-define(F(X, Y), {X, Y}).
-define(SWAP(T), {element(2, T), element(1, T)}).

id(X) -> X.

main() ->
    io:format("~p~n", [?SQUARE(id(7))]),
    io:format("~p~n", [?SQUARE(1 + 2)]),
    io:format("~p~n", [?MAX(id(3), id(9))]),
    io:format("~p~n", [?PAIR(x, [y])]),
    io:format("~s~n", [?STR(foo(1, 2) + bar)]),
    ?LOG("value ~p and ~p", [1, two]),
    put(n, 0),
    ?TWICE(put(n, get(n) + 1)),
    io:format("~p~n", [get(n)]),
    io:format("~p ~p~n", [?F(one), ?F(one, two)]),
    io:format("~p~n", [?SWAP({left, right})]),
    ok.
