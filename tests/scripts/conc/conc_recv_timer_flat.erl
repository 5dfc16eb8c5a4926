-module(conc_recv_timer_flat).
-export([main/0]).

%% Receive timers that a message beats are cancelled: a long ping-pong
%% where every receive has `after 10000` keeps the VM's memory flat, and so
%% do many processes killed while they wait with a timer running.

pong() ->
    receive
        {ping, From} -> From ! pong, pong();
        stop -> ok
    after 10000 -> timeout
    end.

ping(_, 0) -> ok;
ping(Pong, N) ->
    Pong ! {ping, self()},
    receive pong -> ping(Pong, N - 1)
    after 10000 -> timeout
    end.

sleeper(Parent) ->
    Parent ! ready,
    receive never -> ok after 10000 -> timeout end.

main() ->
    Pong = spawn(fun pong/0),
    ok = ping(Pong, 1000),
    M0 = erlang:memory(system),
    ok = ping(Pong, 200000),
    M1 = erlang:memory(system),
    io:format("ping-pong flat: ~p~n", [M1 - M0 < 3000000]),
    Pong ! stop,
    Self = self(),
    Ps = [spawn(fun() -> sleeper(Self) end) || _ <- lists:seq(1, 20000)],
    [receive ready -> ok end || _ <- Ps],
    Refs = [monitor(process, P) || P <- Ps],
    [exit(P, kill) || P <- Ps],
    [receive {'DOWN', R, process, _, killed} -> ok end || R <- Refs],
    M2 = erlang:memory(system),
    io:format("killed sleepers flat: ~p~n", [M2 - M0 < 3000000]),
    %% a timeout still happens when nothing comes
    T0 = erlang:monotonic_time(millisecond),
    R = receive nothing -> nothing after 30 -> timeout end,
    T1 = erlang:monotonic_time(millisecond),
    io:format("~p ~p~n", [R, T1 - T0 >= 30]),
    ok.
