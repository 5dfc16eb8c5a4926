%% call_count and call_time patterns: true starts afresh (also a running
%% counter), pause keeps the figures, restart zeroes, false removes;
%% restart and pause make no counter on a function without a breakpoint
%% (but do beside one); a match spec only with local or meta; counts from
%% several processes; call_time only for call-traced processes, per
%% process, without the time a process spends scheduled out (times are
%% checked, then hidden); global and the counters exclude each other.
-module(trace_counters).
-export([main/0, f/1, g/1, r/1, s/1, busy/1, l/1]).

f(X) -> X + 1.
g(X) -> f(X) + f(X).
r(0) -> 0;
r(N) -> 1 + r(N - 1).
s(X) -> receive after 100 -> X end.
busy(0) -> ok;
busy(N) -> busy(N - 1).
l(X) -> X.

loop(Fun, N) -> [Fun() || _ <- lists:seq(1, N)], ok.

count(S) -> io:format("~s ~p~n", [S, erlang:trace_info({?MODULE, f, 1}, call_count)]).

%% call_time's list with the times checked and hidden, sorted by pid.
times(MFA) ->
    case erlang:trace_info(MFA, call_time) of
        {call_time, L} when is_list(L) -> {call_time, lists:sort([hide(E) || E <- L])};
        Other -> Other
    end.

hide({Pid, Count, S, Us}) when is_integer(S), S >= 0, is_integer(Us), Us >= 0, Us < 1000000 -> {Pid, Count};
hide(E) -> {bad, E}.

micros(MFA) ->
    {call_time, [{_, _, S, Us}]} = erlang:trace_info(MFA, call_time),
    S * 1000000 + Us.

time(S) -> io:format("~s ~p~n", [S, times({?MODULE, f, 1})]).

reason(Fun) -> try Fun() of R -> R catch C:R -> {C, R} end.

info(F) -> io:format("~p~n", [erlang:trace_info(F, all)]).

main() ->
    F = {?MODULE, f, 1},
    io:format("pause ~p~n", [erlang:trace_pattern(F, pause, [call_count])]),
    count("pause on none"),
    io:format("restart ~p~n", [erlang:trace_pattern(F, restart, [call_count])]),
    count("restart on none"),
    io:format("true ~p~n", [erlang:trace_pattern(F, true, [call_count])]),
    count("true"),
    loop(fun() -> f(1) end, 5),
    count("5 calls"),
    erlang:trace_pattern(F, pause, [call_count]),
    loop(fun() -> f(1) end, 5),
    count("paused"),
    info(F),
    erlang:trace_pattern(F, true, [call_count]),
    count("true on paused"),
    loop(fun() -> f(1) end, 3),
    erlang:trace_pattern(F, true, [call_count]),
    count("true on running"),
    loop(fun() -> f(1) end, 2),
    erlang:trace_pattern(F, pause, [call_count]),
    erlang:trace_pattern(F, restart, [call_count]),
    count("restart on paused"),
    loop(fun() -> f(1) end, 2),
    erlang:trace_pattern(F, pause, [call_count]),
    erlang:trace_pattern(F, pause, [call_count]),
    count("paused twice"),
    io:format("~p~n", [reason(fun() -> erlang:trace_pattern(F, [{'_', [], []}], [call_count]) end)]),
    io:format("~p~n", [reason(fun() -> erlang:trace_pattern(F, [{'_', [], []}], [call_count, call_time]) end)]),
    io:format("ms and local ~p~n", [erlang:trace_pattern(F, [{'_', [], []}], [call_count, local])]),
    count("ms and local"),
    info(F),
    erlang:trace_pattern(F, false, [local]),
    Self = self(),
    Ps = [spawn(fun() -> loop(fun() -> f(1) end, 1000), Self ! {done, self()} end) || _ <- lists:seq(1, 4)],
    [receive {done, P} -> ok end || P <- Ps],
    count("4 processes"),
    io:format("false ~p~n", [erlang:trace_pattern(F, false, [call_count])]),
    count("false"),
    erlang:trace_pattern({?MODULE, r, 1}, true, [call_count]),
    r(10),
    io:format("~p~n", [erlang:trace_info({?MODULE, r, 1}, call_count)]),
    erlang:trace_pattern({?MODULE, g, 1}, true, [call_count]),
    erlang:trace_pattern(F, true, [call_count]),
    g(1),
    io:format("~p~n", [[erlang:trace_info({?MODULE, Fn, 1}, call_count) || Fn <- [f, g]]]),
    io:format("~p~n", [[erlang:trace_info({?MODULE, nosuch, 1}, I) || I <- [call_count, call_time, all]]]),

    %% restart and pause beside another breakpoint of the function start a
    %% counter; on a global pattern they only clear it
    L = {?MODULE, l, 1},
    erlang:trace_pattern(L, true, [local]),
    erlang:trace_pattern(L, pause, [call_count]),
    erlang:trace_pattern(L, restart, [call_time]),
    l(1),
    info(L),
    erlang:trace_pattern(L, false, [local, call_count, call_time]),
    erlang:trace_pattern(L, true, [global]),
    io:format("pause on global ~p~n", [erlang:trace_pattern(L, pause, [call_count])]),
    info(L),
    erlang:trace_pattern(L, true, [global]),
    io:format("count on global ~p~n", [erlang:trace_pattern(L, true, [call_count])]),
    info(L),
    io:format("global on count ~p~n", [erlang:trace_pattern(L, true, [global])]),
    info(L),
    io:format("false count ~p~n", [erlang:trace_pattern(L, false, [call_count])]),
    info(L),
    erlang:trace_pattern(L, false, [global]),

    %% call_time
    erlang:trace_pattern({?MODULE, '_', '_'}, false, [call_count]),
    io:format("call_time ~p~n", [erlang:trace_pattern(F, true, [call_time])]),
    f(1),
    time("no call flag"),
    erlang:trace(self(), true, [call, {tracer, spawn(fun() -> receive _ -> ok end end)}]),
    f(1), f(2),
    time("call flag"),
    erlang:trace_pattern({?MODULE, g, 1}, true, [call_time]),
    g(1),
    io:format("~p ~p~n", [times({?MODULE, g, 1}), times(F)]),
    erlang:trace_pattern({?MODULE, s, 1}, true, [call_time]),
    s(1),
    io:format("sleeping 100 ms counts under 50 ms: ~p~n", [micros({?MODULE, s, 1}) < 50000]),
    erlang:trace_pattern({?MODULE, busy, 1}, true, [call_time]),
    busy(100000),
    io:format("~p ~p~n", [times({?MODULE, busy, 1}), micros({?MODULE, busy, 1}) > 0]),
    erlang:trace_pattern(F, pause, [call_time]),
    f(1),
    time("paused"),
    io:format("~p~n", [(fun({all, A}) -> [{K, V} || {K, V} <- A, K =/= call_time] end)(erlang:trace_info(F, all))]),
    erlang:trace_pattern(F, restart, [call_time]),
    time("restart"),
    f(1),
    erlang:trace_pattern(F, true, [call_time]),
    time("true on running"),
    P1 = spawn(fun() -> f(1), Self ! {done, self()} end),
    receive {done, P1} -> ok end,
    time("untraced process"),
    erlang:trace(new, true, [call]),
    P2 = spawn(fun() -> f(1), f(2), Self ! {done, self()} end),
    receive {done, P2} -> ok end,
    erlang:trace(new, false, [call]),
    io:format("~p~n", [times(F) =:= {call_time, [{P2, 2}]}]),
    erlang:trace_pattern(F, [{'_', [], []}], [call_time, call_count, local]),
    info(F),
    io:format("false ~p~n", [erlang:trace_pattern({?MODULE, '_', '_'}, false, [call_time, call_count, local])]),
    time("false"),
    erlang:trace_pattern(F, true, [call_time]),
    erlang:trace_pattern(F, pause, [call_time]),
    time("paused fresh"),
    erlang:trace_pattern(F, false, [call_time]),
    erlang:trace(self(), false, [all]),
    ok.
