-module(recv_order).
-export([main/0]).

%% Messages from one sender arrive in the order they were sent, whatever
%% the interleaving between senders.
main() ->
    Me = self(),
    [spawn(fun() -> [Me ! {I, J} || J <- lists:seq(1, 50)] end) || I <- lists:seq(1, 4)],
    All = [receive M -> M end || _ <- lists:seq(1, 200)],
    lists:foreach(fun(I) ->
                          Seq = [J || {I2, J} <- All, I2 =:= I],
                          io:format("~p ~p~n", [I, Seq =:= lists:seq(1, 50)])
                  end, lists:seq(1, 4)),
    io:format("~p~n", [length(All)]),
    io:format("~p~n", [receive X -> X after 0 -> nothing_left end]),
    ok.
