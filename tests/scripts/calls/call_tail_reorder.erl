-module(call_tail_reorder).
-export([main/0, down/3, steps/4, quads/3, total/2, twofail/3, mulfirst/3, lines/3, swap3/4, walkl/3]).

%% Tail calls whose argument instructions the assembler puts in another
%% order, or whose moves it drops (compile_asm.c: coalesce_tail_args):
%% values, exceptions and stack traces must stay erl's.

%% an argument read after the one before it is computed (X, then [X | Acc])
down(_, 0, Acc) -> Acc;
down(X, N, Acc) -> down(X - 1, N - 1, [X | Acc]).

%% an argument passed on unchanged (a move to itself)
steps(_, 0, _, Acc) -> Acc;
steps(X, N, Step, Acc) -> steps(X - Step, N - 1, Step, [X | Acc]).

%% several values computed from one argument, then a list of them
quads(X, N, Acc) when N >= 4 -> quads(X - 4, N - 4, [X - 3, X - 2, X - 1, X | Acc]);
quads(X, N, Acc) when N > 0 -> quads(X - 1, N - 1, [X | Acc]);
quads(_, _, Acc) -> Acc.

%% the tail of a list passed straight on
total([H | T], S) -> total(T, S + H);
total([], S) -> S.

%% two failing operations: the first in source order raises
twofail(0, A, _) -> A;
twofail(N, A, B) -> twofail(N - 1, A - 1, element(1, B)).

%% a failing operator frame (X * 2 has one) before a plain badarith
mulfirst(0, A, _) -> A;
mulfirst(N, A, B) -> mulfirst(N - 1, A * 2, B - 1).

%% arguments on several lines
lines(0, A, B) -> {A, B};
lines(N, A, B) ->
    lines(N - 1,
          B + 1,
          A - 1).

%% a move dropped from a run whose arguments span lines
walkl([], S, L) -> {S, L};
walkl([H | T], S, L) ->
    walkl(T,
          S + H,
          L + 1.5).

%% swaps through temporaries
swap3(0, A, B, C) -> {A, B, C};
swap3(N, A, B, C) -> swap3(N - 1, C, A, B).

main() ->
    io:format("~w~n", [down(10, 10, [])]),
    io:format("~w~n", [steps(100, 6, 7, [])]),
    io:format("~w~n", [[quads(K, K, []) || K <- lists:seq(0, 9)]]),
    io:format("~w~n", [quads(-3, 7, [stop])]),
    io:format("~w~n", [total(lists:seq(1, 100), 0)]),
    io:format("~w~n", [swap3(7, a, b, c)]),
    io:format("~w~n", [lines(5, 1, 2)]),
    io:format("~p~n", [err(fun() -> down(a, 3, []) end)]),
    io:format("~p~n", [err(fun() -> steps(10, 3, x, []) end)]),
    io:format("~p~n", [err(fun() -> steps(1.5, 2, 0.5, []) end)]),
    io:format("~p~n", [err(fun() -> quads(x, 8, []) end)]),
    io:format("~p~n", [err(fun() -> quads(4, y, []) end)]),
    io:format("~p~n", [err(fun() -> total([1, 2, a], 0) end)]),
    io:format("~p~n", [err(fun() -> total([1, 2 | z], 0) end)]),
    io:format("~p~n", [err(fun() -> twofail(2, 1, {a}) end)]),
    io:format("~p~n", [err(fun() -> twofail(2, x, {a}) end)]),
    io:format("~p~n", [err(fun() -> twofail(2, 1, nope) end)]),
    io:format("~p~n", [err(fun() -> twofail(2, x, nope) end)]),
    io:format("~p~n", [err(fun() -> mulfirst(2, a, b) end)]),
    io:format("~p~n", [err(fun() -> mulfirst(2, 1, b) end)]),
    io:format("~p~n", [err(fun() -> lines(3, a, 1) end)]),
    io:format("~p~n", [err(fun() -> lines(3, 1, a) end)]),
    io:format("~p~n", [walkl([1, 2, 3], 0, 0)]),
    io:format("~p~n", [err(fun() -> walkl([1, a], 0, 0) end)]),
    io:format("~p~n", [err(fun() -> walkl([1, 2], 0, b) end)]),
    ok.

%% the exception and the top frame of its stack trace, with its line
err(F) ->
    try F() catch
        Class:Reason:Stack ->
            {M, Fn, A, Loc} = hd(Stack),
            {Class, Reason, M, Fn, A, proplists:get_value(line, Loc)}
    end.
