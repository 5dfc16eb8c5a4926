-module(conc_timers_cancel_memory).
%% 200,000 send_after timers with a 1,000-element message, each cancelled at
%% once: a cancelled timer leaves its queue with its message, so memory
%% stays flat (it used to wait for the deadline, an hour away).
-export([main/0]).
main() ->
  Big = lists:seq(1, 1000),
  loop(200000, Big),
  {memory, M} = erlang:process_info(self(), memory),
  io:format("~p ~p~n", [erlang:memory(total) < 100000000, M < 10000000]).
loop(0, _) -> ok;
loop(N, Big) -> R = erlang:send_after(3600000, self(), {big, Big}), _ = erlang:cancel_timer(R), loop(N - 1, Big).
