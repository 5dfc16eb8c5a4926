-module(tailargs).
-export([count/2, swap/3, walk/3, calls/2, twice/2]).

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
