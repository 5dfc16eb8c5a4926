-module(lists_sort_ties).
-export([main/0]).

%% lists:sort/1 and usort/1 on lists full of terms that compare equal but
%% differ (1 and 1.0, {1} and {1.0}): where each lands must be erl's. The
%% lists come from a fixed generator; each result is printed as a checksum
%% that tells 1 from 1.0, short ones also in full.

main() ->
    go(1, 400, 12345),
    [io:format("~w~n", [catch lists:sort(L)]) || L <- [[], [a], [2, 1], [1.0, 1], [1, 1.0], [2, 1.0, 1]]],
    [io:format("~w~n", [element(1, err(fun() -> lists:sort(L) end))])
     || L <- [x, [1 | x], [3, 2 | x], [1, 2, 3, 4 | y], [1, 1, 1, 1 | z], <<1>>]],
    [io:format("~w~n", [element(1, err(fun() -> lists:usort(L) end))])
     || L <- [x, [1 | x], [3, 2 | x], [1, 2, 3, 4 | y]]],
    ok.

go(I, N, _) when I > N -> ok;
go(I, N, S0) ->
    {Len0, S1} = next(S0, 40),
    Len = case I rem 25 of 0 -> Len0 * 25; _ -> Len0 end,
    {L, S2} = gen(Len, S1, []),
    Sorted = lists:sort(L),
    Unique = lists:usort(L),
    case Len =< 12 of
        true -> io:format("~w ~w ~w ~w~n", [I, L, Sorted, Unique]);
        false -> io:format("~w ~w ~w ~w~n", [I, Len, sum(Sorted), sum(Unique)])
    end,
    go(I + 1, N, S2).

next(S, M) ->
    S1 = (S * 1103515245 + 12345) rem 2147483648,
    {S1 rem M, S1}.

gen(0, S, Acc) -> {Acc, S};
gen(K, S, Acc) ->
    {V, S1} = next(S, 12),
    {Kind, S2} = next(S1, 5),
    E = case Kind of
            0 -> V;
            1 -> float(V);
            2 -> {V div 3};
            3 -> {float(V div 3)};
            4 -> V div 2
        end,
    gen(K - 1, S2, [E | Acc]).

%% a checksum of the order: integers and floats count differently
sum(L) -> lists:foldl(fun(E, A) -> (A * 31 + code(E)) rem 1000000007 end, 7, L).

code(X) when is_integer(X) -> X;
code(X) when is_float(X) -> 100 + trunc(X);
code({X}) -> 200 + code(X).

err(F) -> try F() catch C:R -> {{C, R}} end.
