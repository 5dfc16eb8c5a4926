-module(conc_demonitor_race).
-export([main/0]).

%% Once demonitor/2 has found the monitor (info: true), no 'DOWN' of it
%% arrives, even when the target died a moment before and its 'DOWN' is on
%% its way (with several schedulers the target dies while this process
%% runs). The same for a message through a reply alias that unalias/1
%% found still active (so nothing had come through it yet).

spin(0) -> ok;
spin(N) -> spin(N - 1).

one_round(I) ->
    P = spawn(fun() -> receive die -> ok end end),
    Ref = monitor(process, P),
    A = alias([reply]),
    Q = spawn(fun() -> receive go -> A ! {late, A} end end),
    P ! die,
    Q ! go,
    spin(I rem 200),
    Found = demonitor(Ref, [info]),
    Active = unalias(A),
    [{Ref, Found}, {A, Active}].

main() ->
    Done = lists:append([one_round(I) || I <- lists:seq(1, 2000)]),
    timer:sleep(50),
    Found = maps:from_list(Done),
    Msgs = element(2, process_info(self(), messages)),
    Stray = [M || M <- Msgs, is_tuple(M), tuple_size(M) >= 2,
                  maps:get(element(2, M), Found, false)],
    io:format("messages after demonitor or unalias found them: ~p~n", [Stray]),
    Counted = length([x || M <- Msgs, is_tuple(M), tuple_size(M) >= 2, is_map_key(element(2, M), Found)]),
    io:format("every monitor and alias either found or delivered: ~p~n",
              [Counted + length([x || {_, true} <- Done]) =:= 4000]),
    ok.
