-module(superinstr).
-export([fib/1, loop/2, sum/1, neg/1, keeps/1, bound/1, recv/1, guarded/1, lst/1, tagged/1]).

%% Function entries that need not clear their registers, and the pairs of
%% instructions the assembler fuses (test_compile.c: enter_nc,
%% superinstructions).

%% N - 1 is N + -1; both fused with the call that takes it; the sum with
%% the return
fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

%% two additions before an in-place tail call
loop(0, Acc) -> Acc;
loop(N, Acc) -> loop(N - 1, Acc + 1).

sum([]) -> 0;
sum([H | T]) -> H + sum(T).

%% X - K with K < 0 stays a subtraction (its failure has an operator frame)
neg(X) -> X - (-1).

%% a call's result goes to the register the next call's window starts at
keeps(X) -> {id(X), id(X + 1)}.

%% A and B are bound after g/1's call, whose collections scan their
%% registers: the entry clears them
bound(X) ->
    {A, B} = id(X),
    _ = id(A),
    B.

%% a receive's message register is unwritten at its wait: cleared
recv(T) ->
    receive
        M -> {M, T}
    end.

guarded(X) when X >= 10 -> big;
guarded(_) -> small.

lst([H | _]) -> H;
lst([]) -> none.

tagged({point, X, _}) -> X;
tagged(_) -> no.

id(X) -> X.
