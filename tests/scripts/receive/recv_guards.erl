-module(recv_guards).
-export([main/0]).

collect(0) -> [];
collect(N) ->
    receive
        {num, X} when X > 100 -> [{big, X} | collect(N - 1)];
        {num, X} when is_integer(X) -> [{small, X} | collect(N - 1)];
        {num, X} -> [{nan, X} | collect(N - 1)];
        Other -> [{other, Other} | collect(N - 1)]
    end.

main() ->
    Msgs = [{num, 5}, {num, 500}, {num, a}, hello, {num, 100}],
    [self() ! M || M <- Msgs],
    io:format("~p~n", [collect(length(Msgs))]),
    %% a bound variable in a receive pattern selects matching messages only
    Ref = make_ref(),
    self() ! {reply, other_ref, wrong},
    self() ! {reply, Ref, right},
    R = receive {reply, Ref, V} -> V end,
    io:format("~p~n", [R]),
    R2 = receive {reply, _, W} -> W after 0 -> none end,
    io:format("~p~n", [R2]),
    ok.
