-module(conc_timers_many).
%% Many armed timers: 100,000 send_after timers cancelled and 50,000 that
%% fire stay cheap to find and to retire (a timer table, not a list).
-export([main/0]).
main() ->
  Refs = [erlang:send_after(60000 + I rem 1000, self(), I) || I <- lists:seq(1, 100000)],
  R2 = [erlang:start_timer(1, self(), x) || _ <- lists:seq(1, 50000)],
  timer:sleep(200),
  N = length([ok || R <- Refs, is_integer(erlang:cancel_timer(R))]),
  io:format("~p ~p~n", [N, length([ok || R <- R2, erlang:read_timer(R) =:= false])]).
