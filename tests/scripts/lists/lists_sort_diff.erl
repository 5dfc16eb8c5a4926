-module(lists_sort_diff).
-export([main/0, run/4]).

%% lists:sort/1 against erl on 600 random lists of 0 to 2000 elements
%% drawn from 1, 1.0, {1}, {1.0}, 2, 2.0 ...: few distinct values (many
%% ties) or many, in random order or in long ascending or descending
%% stretches, so that runs of every shape meet in the merges. One line per
%% list: its length and a checksum of the sorted order that tells 1 from
%% 1.0. run(Count, MaxLen, Seed, full) prints every sorted list instead.

main() -> run(600, 2000, 4242, sum).

run(Count, MaxLen, Seed, How) -> go(1, Count, MaxLen, Seed, How).

go(I, N, _, _, _) when I > N -> ok;
go(I, N, MaxLen, S0, How) ->
    {Len, S1} = next(S0, MaxLen + 1),
    {Spread, S2} = next(S1, 4),
    {Shape, S3} = next(S2, 3),
    Values = element(Spread + 1, {2, 5, 40, 100000}),
    {L, S4} = gen(Len, Values, Shape, 0, S3, []),
    Sorted = lists:sort(L),
    case How of
        sum -> io:format("~w ~w ~w~n", [I, Len, sum(Sorted)]);
        full -> io:format("~w ~w~n", [I, Sorted])
    end,
    go(I + 1, N, MaxLen, S4, How).

next(S, M) ->
    S1 = (S * 1103515245 + 12345) rem 2147483648,
    {(S1 bsr 8) rem M, S1}.

%% Shape 0: random values; 1 and 2: a walk up or down that now and then
%% jumps, so the input holds long ascending or descending stretches.
gen(0, _, _, _, S, Acc) -> {Acc, S};
gen(K, Values, Shape, Prev, S, Acc) ->
    {R, S1} = next(S, Values),
    {Kind, S2} = next(S1, 4),
    {Jump, S3} = next(S2, 16),
    V = case Shape of
            0 -> R;
            _ when Jump =:= 0 -> R;
            1 -> Prev + Jump rem 3;
            2 -> Prev - Jump rem 3
        end,
    E = case Kind of
            0 -> V;
            1 -> float(V);
            2 -> {V};
            3 -> {float(V)}
        end,
    gen(K - 1, Values, Shape, V, S3, [E | Acc]).

%% a checksum of the order: integers and floats count differently
sum(L) -> lists:foldl(fun(E, A) -> (A * 31 + code(E)) rem 1000000007 end, 7, L).

code(X) when is_integer(X) -> 2 * X;
code(X) when is_float(X) -> 2 * trunc(X) + 1;
code({X}) -> 1000003 + code(X).
