-module(tailargs).
-export([count/2, swap/3, walk/3, calls/2, twice/2, down/3, steps/4, quads/3, twofail/3, long/2]).

%% Tail calls whose arguments the assembler computes in place, and ones it
%% must leave alone (test_compile.c: tail_args_in_place).

count(0, Acc) -> Acc;
count(N, Acc) -> count(N - 1, Acc + 1).

%% B is read after A's register would be overwritten: not in place
swap(0, A, B) -> {A, B};
swap(N, A, B) -> swap(N - 1, B, A).

walk([], Sum, Len) -> {Sum, Len};
walk([H | T], Sum, Len) -> walk(T, Sum + H, Len + 1).

%% a body call: the window could keep a term alive, not in place
calls(0, Acc) -> Acc;
calls(N, Acc) -> calls(N - 1, [length(lists:seq(1, N)) | Acc]).

%% a label inside the run: two paths join before the arguments are done
twice(0, Acc) -> Acc;
twice(N, Acc) -> twice(N - 1, case Acc of 0 -> 1; _ -> Acc * 2 end).

%% X is read after the first argument would overwrite it: in place once
%% the list is built first
down(_, 0, Acc) -> Acc;
down(X, N, Acc) -> down(X - 1, N - 1, [X | Acc]).

%% Step passes through unchanged: no move left to run
steps(_, 0, _, Acc) -> Acc;
steps(X, N, Step, Acc) -> steps(X - Step, N - 1, Step, [X | Acc]).

%% two clauses calling with the same window: both in place
quads(X, N, Acc) when N >= 4 -> quads(X - 4, N - 4, [X - 3, X - 2, X - 1, X | Acc]);
quads(X, N, Acc) when N > 0 -> quads(X - 1, N - 1, [X | Acc]);
quads(_, _, Acc) -> Acc.

%% two operations that fail differently must keep their order, and the
%% first overwrites what the second reads: not in place
twofail(0, A, _) -> A;
twofail(N, A, B) -> twofail(N - 1, element(1, B), A + B).

%% a run longer than the rewrite takes (compile_asm.c: TAIL_REGION_MAX; a
%% put_tuple can be any length): not in place
-define(A10, a, a, a, a, a, a, a, a, a, a).
-define(A100, ?A10, ?A10, ?A10, ?A10, ?A10, ?A10, ?A10, ?A10, ?A10, ?A10).
long(0, T) -> T;
long(N, _) -> long(N - 1, {N, ?A100, ?A100, ?A100, ?A100}).
