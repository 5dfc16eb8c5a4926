#!/usr/bin/env escript
%%! +pc latin1 +S 1
%% erlbench.escript DIR: the erl side of the formatting benchmark.
%% Loads the terms fmtbench wrote to DIR/bench.etf (not timed), then times
%% io_lib:format over all of them for each format (the result is built in
%% full: Erlang is strict), counts the characters in a second, untimed pass
%% (iolist_size/1: the terms print in latin1), and prints one "result" line
%% per pass as fmtbench does.
-mode(compile).

main([Dir]) ->
    {ok, Bin} = file:read_file(filename:join(Dir, "bench.etf")),
    %% In persistent_term the terms are a literal area: the garbage collector
    %% never copies them, so the passes time formatting, not a GC of 1M terms.
    persistent_term:put(?MODULE, load(Bin, [])),
    Terms = persistent_term:get(?MODULE),
    N = length(Terms),
    _ = pass("~p", lists:sublist(Terms, 20000)), % warm up
    [begin
         {Secs, Chars} = pass(F, Terms),
         io:format("result ~s io_lib:format ~b ~.6f ~b~n", [F, N, Secs, Chars])
     end || F <- ["~p", "~w", "~p~n", "~w~n"]],
    halt(0);
main(_) ->
    io:format(standard_error, "usage: erlbench.escript DIR~n", []),
    halt(2).

load(<<Len:32, Etf:Len/binary, Rest/binary>>, Acc) ->
    load(Rest, [binary_to_term(Etf) | Acc]);
load(<<>>, Acc) ->
    lists:reverse(Acc).

%% CPU time (statistics(runtime), milliseconds, one scheduler: +S 1 above)
%% as fmtbench measures its own; wall time would swing with machine load.
pass(Format, Terms) ->
    garbage_collect(),
    {T0, _} = statistics(runtime),
    ok = format_all(Format, Terms),
    {T1, _} = statistics(runtime),
    {(T1 - T0) / 1000, count_all(Format, Terms, 0)}.

format_all(Format, [T | Ts]) ->
    _ = io_lib:format(Format, [T]),
    format_all(Format, Ts);
format_all(_Format, []) ->
    ok.

count_all(Format, [T | Ts], Chars) ->
    count_all(Format, Ts, Chars + iolist_size(io_lib:format(Format, [T])));
count_all(_Format, [], Chars) ->
    Chars.
