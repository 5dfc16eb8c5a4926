-module(call_tail_args).
-export([main/0, count/2]).

%% Tail calls whose arguments the assembler may compute in place
%% (compile_asm.c: coalesce_tail_args): every shape must keep erl's values.

count(0, Acc) -> Acc;
count(N, Acc) -> count(N - 1, Acc + 1).

%% arguments that read each other's old values
swap(0, A, B) -> {A, B};
swap(N, A, B) -> swap(N - 1, B, A).

rotate(0, A, B, C) -> [A, B, C];
rotate(N, A, B, C) -> rotate(N - 1, B, C, A).

%% a later argument reads an earlier argument's old register
fold(0, X, Y) -> {X, Y};
fold(N, X, Y) -> fold(N - 1, X + Y, X * 2).

%% list and tuple construction and access between the arguments
build(0, L, T) -> {lists:reverse(L), T};
build(N, L, T) -> build(N - 1, [N | L], {element(1, T) + N, tl(L ++ [x])}).

walk([], Sum, Len) -> {Sum, Len};
walk([H | T], Sum, Len) -> walk(T, Sum + H, Len + 1).

%% a raise in the middle of the argument run: the caller sees erl's error
bad(0, A, _) -> A;
bad(N, A, B) -> bad(N - 1, B + 1, A / B).

%% the same, computed in place: the raise comes after N - 1 is written
bad2(0, A, _) -> A;
bad2(N, A, B) -> bad2(N - 1, A / B, B + 1).

%% a loop with a body call between the arguments
calls(0, Acc) -> Acc;
calls(N, Acc) -> calls(N - 1, [length(lists:seq(1, N)) | Acc]).

%% a remote tail call
remote(N) -> call_tail_args:count(N, 10).

main() ->
    io:format("~p~n", [count(100000, 0)]),
    io:format("~p ~p~n", [swap(3, a, b), swap(4, a, b)]),
    io:format("~p~n", [[rotate(K, 1, 2, 3) || K <- lists:seq(0, 4)]]),
    io:format("~p~n", [fold(10, 1, 1)]),
    io:format("~p~n", [build(5, [], {0})]),
    io:format("~p~n", [walk(lists:seq(1, 1000), 0, 0)]),
    io:format("~p~n", [bad(3, 5, 2)]),
    io:format("~p~n", [err(fun() -> bad(4, 1, 0) end)]),
    io:format("~p~n", [err(fun() -> bad(2, 1, foo) end)]),
    io:format("~p~n", [bad2(3, 12, 1)]),
    io:format("~p~n", [err(fun() -> bad2(3, 12, -2) end)]),
    io:format("~p~n", [err(fun() -> bad2(3, x, 1) end)]),
    io:format("~p~n", [calls(5, [])]),
    io:format("~p~n", [remote(7)]),
    ok.

err(F) ->
    try F() catch Class:Reason -> {Class, Reason} end.
