-module(conc_mailbox_stress).
-export([main/0]).

main() ->
    Me = self(),
    N = 10,
    PerSender = 2000,
    [spawn(fun() -> [Me ! {I, J} || J <- lists:seq(1, PerSender)], Me ! {done, I} end) || I <- lists:seq(1, N)],
    wait_done(N),
    %% all data messages are still queued, behind or between the done messages
    {message_queue_len, Len} = process_info(self(), message_queue_len),
    io:format("~p~n", [Len]),
    %% selectively drain sender 7 first
    Seven = drain_from(7, []),
    io:format("~p ~p~n", [length(Seven), Seven =:= lists:seq(1, PerSender)]),
    Rest = drain_all(0),
    io:format("~p~n", [Rest]),
    ok.

wait_done(0) -> ok;
wait_done(K) -> receive {done, _} -> wait_done(K - 1) end.

drain_from(I, Acc) ->
    receive {I, J} -> drain_from(I, [J | Acc]) after 0 -> lists:reverse(Acc) end.

drain_all(C) -> receive {_, _} -> drain_all(C + 1) after 0 -> C end.
