-module(conc_wait_signals).
-export([main/0]).

%% A process waiting in receive while others monitor and demonitor it (so
%% that only signals arrive, racing with its wait) must still be woken by
%% the next message. Several schedulers make the race likely; the output
%% is the same with any number.

server() ->
    receive
        {ping, From} -> From ! pong, server();
        stop -> ok
    end.

pester(_S, 0, Parent) -> Parent ! {done, self()}, ok;
pester(S, N, Parent) ->
    Ref = monitor(process, S),
    demonitor(Ref, [flush]),
    pester(S, N - 1, Parent).

main() ->
    S = spawn(fun server/0),
    Me = self(),
    Rounds = [begin
                  Ps = [spawn(fun() -> pester(S, 200, Me) end) || _ <- lists:seq(1, 8)],
                  [receive {done, P} -> ok end || P <- Ps],
                  S ! {ping, self()},
                  receive pong -> ok after 5000 -> lost end
              end || _ <- lists:seq(1, 50)],
    io:format("~p~n", [lists:usort(Rounds)]),
    S ! stop,
    ok.
