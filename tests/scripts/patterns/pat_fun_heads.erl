-module(pat_fun_heads).
-export([main/0]).

id(X) -> X.

area({square, S}) -> S * S;
area({rect, W, H}) -> W * H;
area({circle, R}) -> round(3.14159 * R * R);
area({tri, B, H}) -> B * H div 2.

len([]) -> 0;
len([_ | T]) -> 1 + len(T).

zip([], []) -> [];
zip([A | As], [B | Bs]) -> [{A, B} | zip(As, Bs)].

first_two(<<A, B, _/binary>>) -> {A, B};
first_two(<<A>>) -> {A};
first_two(<<>>) -> {}.

main() ->
    io:format("~p~n", [[area(id(S)) || S <- [{square, 3}, {rect, 2, 5}, {circle, 10}, {tri, 3, 7}]]]),
    io:format("~p~n", [len(id([a, b, c, d]))]),
    io:format("~p~n", [zip(id([1, 2, 3]), id([x, y, z]))]),
    io:format("~p~n", [[first_two(id(B)) || B <- [<<1, 2, 3>>, <<9>>, <<>>]]]),
    ok.
