-module(rec_in_funs).
-export([main/0]).

-record(counter, {n = 0, step = 1}).

id(X) -> X.

tick(C = #counter{n = N, step = S}) -> C#counter{n = N + S}.

main() ->
    C = lists:foldl(fun(_, Acc) -> tick(Acc) end, #counter{step = 3}, lists:seq(1, 10)),
    io:format("~p~n", [C]),
    Get = fun(#counter{n = N}) -> N end,
    io:format("~p~n", [Get(C)]),
    Fields = record_info(fields, counter),
    io:format("~p~n", [lists:zip(Fields, tl(tuple_to_list(C)))]),
    %% records sent between processes
    Me = self(),
    P = spawn(fun() -> receive #counter{} = R -> Me ! R#counter{n = R#counter.n * 2} end end),
    P ! id(C),
    receive #counter{n = N2} -> io:format("~p~n", [N2]) end,
    ok.
