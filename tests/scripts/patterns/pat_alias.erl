-module(pat_alias).
-export([main/0]).

id(X) -> X.

f({point, X, Y} = P) -> {P, X + Y};
f(Other) -> {other, Other}.

g([H | _] = L) when H > 0 -> {positive_head, length(L)};
g(L = [_ | _]) -> {other_head, L};
g([]) -> empty.

main() ->
    io:format("~p~n", [f(id({point, 3, 4}))]),
    io:format("~p~n", [f(id(nope))]),
    io:format("~p~n", [[g(id(L)) || L <- [[1, 2, 3], [-1, 2], []]]]),
    A = B = C = id(7),
    io:format("~p~n", [{A, B, C}]),
    {X, _} = {_, Y} = id({left, right}),
    io:format("~p ~p~n", [X, Y]),
    #{k := V} = M = id(#{k => v, j => w}),
    io:format("~p ~p~n", [V, maps:size(M)]),
    ok.
