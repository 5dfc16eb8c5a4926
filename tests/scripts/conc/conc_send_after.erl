-module(conc_send_after).
-export([main/0]).

main() ->
    erlang:send_after(60, self(), third),
    erlang:send_after(20, self(), first),
    erlang:send_after(40, self(), second),
    Got = [receive M -> M end || _ <- [1, 2, 3]],
    io:format("~p~n", [Got]),
    T = erlang:send_after(10000, self(), never),
    Left = erlang:cancel_timer(T),
    io:format("~p~n", [is_integer(Left) andalso Left > 0 andalso Left =< 10000]),
    io:format("~p~n", [erlang:cancel_timer(T)]),
    receive never -> io:format("timer fired~n") after 50 -> io:format("cancelled~n") end,
    T2 = erlang:start_timer(10, self(), payload),
    receive {timeout, T2, payload} -> io:format("start_timer ok~n") end,
    T3 = erlang:send_after(5000, self(), x),
    io:format("~p~n", [is_integer(erlang:read_timer(T3))]),
    erlang:cancel_timer(T3),
    io:format("~p~n", [erlang:read_timer(T3)]),
    erlang:send_after(0, self(), zero),
    receive zero -> io:format("zero ok~n") end,
    Me = self(),
    P = spawn(fun() -> receive {from_timer, X} -> Me ! {relayed, X} end end),
    erlang:send_after(10, P, {from_timer, 7}),
    receive {relayed, V} -> io:format("~p~n", [V]) end,
    {ok, _} = timer:send_after(10, self(), via_timer_module),
    receive via_timer_module -> io:format("timer module ok~n") end,
    ok.
