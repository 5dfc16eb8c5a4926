-module(call_base_case_last).
-export([main/0]).

%% Recursive functions whose first clause is the base case: the VM lays
%% the recursive path out first (compile_gen.c: put_base_case_last). The
%% same results, and exceptions from either clause with their lines.

id(X) -> X.

count(0, Acc) -> Acc;
count(N, Acc) -> count(N - 1, Acc + 1).

fib(N) when N < 2 -> N;
fib(N) -> fib(N - 1) + fib(N - 2).

%% the base case raises
bad_base(0, Acc) -> Acc + id(nan);
bad_base(N, Acc) -> bad_base(N - 1, Acc + 1).

%% the recursive clause raises, at its end
bad_rec(0, Acc) -> Acc;
bad_rec(N, Acc) when N > 3 -> bad_rec(N - 1, Acc + 1);
bad_rec(N, Acc) -> bad_rec(N - 1, element(N, Acc)).

%% a body call
sum_to(0) -> 0;
sum_to(N) -> N + sum_to(N - 1).

%% a guard test on the base case's second argument too
upto(N, N, Acc) -> lists:reverse(Acc);
upto(I, N, Acc) -> upto(I + 1, N, [I | Acc]).

%% floats: 0 =:= 0.0 is false, the base case never matches them
half(X) when X < 1 -> X;
half(X) -> half(X / 2).

%% no match at all: function_clause with the arguments
only(0, A) -> A;
only(N, A) when is_integer(N) -> only(N - 1, A).

e(F) ->
    try F() of
        V -> {ok, V}
    catch
        C:R:St -> {C, R, [{M, Fn, A, proplists:get_value(line, L)} || {M, Fn, A, L} <- lists:sublist(St, 2)]}
    end.

main() ->
    io:format("~p~n", [[count(N, 0) || N <- [0, 1, 7, 100000]]]),
    io:format("~p~n", [[fib(N) || N <- [0, 1, 2, 10, 20]]]),
    io:format("~p~n", [[sum_to(N) || N <- [0, 1, 100]]]),
    io:format("~p~n", [[upto(1, 5, []), upto(3, 3, [])]]),
    io:format("~p~n", [[half(8), half(0.5), half(3.0)]]),
    %% (the arguments through id/1: OTP's compiler would specialise a
    %% function called with literals only)
    Cases = [fun() -> bad_base(id(3), id(0)) end,
             fun() -> bad_rec(id(6), id({a, b, c})) end,
             fun() -> bad_rec(id(3), id({a, b, c})) end,
             fun() -> count(id(a), id(0)) end,
             fun() -> fib(id(x)) end,
             fun() -> sum_to(id(y)) end,
             fun() -> only(id(2.0), id(z)) end,
             fun() -> only(id(-1.5), id(z)) end],
    lists:foreach(fun(F) -> io:format("~p~n", [e(F)]) end, Cases),
    ok.
