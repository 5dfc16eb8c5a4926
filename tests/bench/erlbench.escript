#!/usr/bin/env escript
%%! +pc latin1 +S 1
%% erlbench.escript DIR: the erl side of the formatting benchmark.
%% Loads the terms fmtbench wrote to DIR/bench.etf (not timed), then times
%% io_lib:format over all of them for each format (the result is built in
%% full: Erlang is strict), BENCH_ROUNDS times (environment, default 3) in
%% rounds of every format in turn, keeping each format's fastest run as
%% fmtbench does; counts the characters in a last, untimed pass
%% (iolist_size/1: the terms print in latin1; 0 without it: BENCH_COUNT=0),
%% and prints one "result" line per format as fmtbench does.
-mode(compile).

main([Dir]) ->
    {ok, Bin} = file:read_file(filename:join(Dir, "bench.etf")),
    %% In persistent_term the terms are a literal area: the garbage collector
    %% never copies them, so the passes time formatting, not a GC of 1M terms.
    persistent_term:put(?MODULE, load(Bin, [])),
    Terms = persistent_term:get(?MODULE),
    N = length(Terms),
    Rounds = rounds(os:getenv("BENCH_ROUNDS", "")),
    Formats = ["~p", "~w", "~p~n", "~w~n"],
    _ = pass("~p", lists:sublist(Terms, 20000)), % warm up
    Runs = [{F, pass(F, Terms)} || _ <- lists:seq(1, Rounds), F <- Formats],
    [begin
         Secs = lists:min([S || {F1, S} <- Runs, F1 =:= F]),
         Chars = case os:getenv("BENCH_COUNT") of "0" -> 0; _ -> count_all(F, Terms, 0) end,
         io:format("result ~s io_lib:format ~b ~.6f ~b~n", [F, N, Secs, Chars])
     end || F <- Formats],
    halt(0);
main(_) ->
    io:format(standard_error, "usage: erlbench.escript DIR~n", []),
    halt(2).

load(<<Len:32, Etf:Len/binary, Rest/binary>>, Acc) ->
    load(Rest, [binary_to_term(Etf) | Acc]);
load(<<>>, Acc) ->
    lists:reverse(Acc).

rounds("") ->
    3;
rounds(S) ->
    case catch list_to_integer(S) of
        R when is_integer(R), R >= 1, R =< 100 -> R;
        _ -> io:format(standard_error, "erlbench: bad BENCH_ROUNDS ~s~n", [S]), halt(2)
    end.

%% CPU seconds (statistics(runtime), milliseconds, one scheduler: +S 1
%% above) of one pass, as fmtbench measures its own; wall time would swing
%% with machine load.
pass(Format, Terms) ->
    garbage_collect(),
    {T0, _} = statistics(runtime),
    ok = format_all(Format, Terms),
    {T1, _} = statistics(runtime),
    (T1 - T0) / 1000.

format_all(Format, [T | Ts]) ->
    _ = io_lib:format(Format, [T]),
    format_all(Format, Ts);
format_all(_Format, []) ->
    ok.

count_all(Format, [T | Ts], Chars) ->
    count_all(Format, Ts, Chars + iolist_size(io_lib:format(Format, [T])));
count_all(_Format, [], Chars) ->
    Chars.
