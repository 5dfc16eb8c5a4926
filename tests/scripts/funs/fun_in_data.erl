-module(fun_in_data).
-export([main/0]).

ops() ->
    [{add, fun(A, B) -> A + B end},
     {mul, fun(A, B) -> A * B end},
     {pow, fun(A, B) -> pow(A, B) end},
     {cat, fun(A, B) -> integer_to_list(A) ++ integer_to_list(B) end}].

pow(_, 0) -> 1;
pow(A, B) -> A * pow(A, B - 1).

main() ->
    [io:format("~p ~p~n", [Name, F(3, 4)]) || {Name, F} <- ops()],
    %% funs sent in messages and called by the receiver
    Me = self(),
    P = spawn(fun() -> receive {run, F, Arg} -> Me ! {result, F(Arg)} end end),
    P ! {run, fun(X) -> X * X * X end, 11},
    receive {result, R} -> io:format("~p~n", [R]) end,
    %% funs kept in the process dictionary
    put(handler, fun(X) -> {handled, X} end),
    H = get(handler),
    io:format("~p~n", [H(req)]),
    ok.
