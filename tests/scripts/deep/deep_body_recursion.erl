-module(deep_body_recursion).
-export([main/0]).

%% Non-tail recursion 1,000,000 deep.
count(0) -> 0;
count(N) -> 1 + count(N - 1).

build(0) -> [];
build(N) -> [N | build(N - 1)].

sum([]) -> 0;
sum([H | T]) -> H + sum(T).

main() ->
    io:format("~p~n", [count(1000000)]),
    L = build(1000000),
    io:format("~p ~p~n", [length(L), sum(L)]),
    ok.
