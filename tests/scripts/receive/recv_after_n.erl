-module(recv_after_n).
-export([main/0]).

main() ->
    %% timeout fires when nothing arrives
    R1 = receive _ -> got after 20 -> timeout end,
    io:format("~p~n", [R1]),
    %% a message already there is taken before the timeout
    self() ! hello,
    R2 = receive hello -> hello after 1000 -> timeout end,
    io:format("~p~n", [R2]),
    %% a message sent later by another process arrives before a long timeout
    Me = self(),
    spawn(fun() -> Me ! {late, 42} end),
    R3 = receive {late, N} -> N after 5000 -> timeout end,
    io:format("~p~n", [R3]),
    %% non-matching message does not stop the timeout
    self() ! noise,
    R4 = receive signal -> signal after 30 -> timeout end,
    io:format("~p~n", [R4]),
    R5 = receive noise -> noise_still_there after 0 -> gone end,
    io:format("~p~n", [R5]),
    %% infinity with a message already present
    self() ! x,
    R6 = receive x -> x after infinity -> never end,
    io:format("~p~n", [R6]),
    %% timeout value computed at run time
    T = list_to_integer("10"),
    R7 = receive never_sent -> no after T -> computed_timeout end,
    io:format("~p~n", [R7]),
    ok.
