-module(conc_parallel_map).
-export([main/0]).

pmap(F, L) ->
    Me = self(),
    Refs = [begin
                 Ref = make_ref(),
                 spawn(fun() -> Me ! {Ref, F(X)} end),
                 Ref
             end || X <- L],
    [receive {Ref, V} -> V end || Ref <- Refs].

fib(0) -> 0;
fib(1) -> 1;
fib(N) -> fib(N - 1) + fib(N - 2).

main() ->
    io:format("~p~n", [pmap(fun fib/1, lists:seq(1, 25))]),
    io:format("~p~n", [pmap(fun(X) -> X * X end, lists:seq(1, 1000)) =:= [X * X || X <- lists:seq(1, 1000)]]),
    io:format("~p~n", [lists:sum(pmap(fun(X) -> lists:sum(lists:seq(1, X)) end, lists:seq(1, 200)))]),
    ok.
