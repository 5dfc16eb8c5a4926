-module(pat_nested_deep).
-export([main/0]).

id(X) -> X.

walk({node, L, V, R}) -> walk(L) ++ [V] ++ walk(R);
walk(leaf) -> [].

insert(V, leaf) -> {node, leaf, V, leaf};
insert(V, {node, L, X, R}) when V < X -> {node, insert(V, L), X, R};
insert(V, {node, L, X, R}) when V > X -> {node, L, X, insert(V, R)};
insert(_, T) -> T.

main() ->
    T = lists:foldl(fun insert/2, leaf, id([5, 3, 8, 1, 4, 7, 9, 2, 6, 5, 3])),
    io:format("~w~n", [walk(T)]),
    {node, {node, _, LV, _}, Root, {node, _, RV, _}} = T,
    io:format("~p~n", [{LV, Root, RV}]),
    [[[[X]]]] = id([[[[deep]]]]),
    io:format("~p~n", [X]),
    ok.
