%% seq_trace: sequential tracing, over the token BIFs of vm/seqtrace.c
%% (erlang:seq_trace/2, seq_trace_info/1, seq_trace_print/1,2) and the
%% system flags sequential_tracer and reset_seq_trace.
%% docs/internals/seq-trace.md.
-module(seq_trace).
-export([set_token/1, set_token/2, get_token/0, get_token/1,
         print/1, print/2, reset_trace/0,
         set_system_tracer/1, get_system_tracer/0]).

%% The token's flags, as its first element holds them.
-define(FLAG_BITS, [{send, 1}, {'receive', 2}, {print, 4}, {timestamp, 8},
                    {strict_monotonic_timestamp, 16}, {monotonic_timestamp, 32}]).

%% [] clears the token and gives the old one back; a token from
%% get_token/0 is set component by component (its sender is not: the
%% next send names this process).
set_token([]) ->
    erlang:seq_trace(sequential_trace_token, []);
set_token({Flags, Label, Serial, _From, LastSerial}) ->
    _ = erlang:seq_trace(label, Label),
    _ = erlang:seq_trace(serial, {LastSerial, Serial}),
    lists:foreach(fun({Flag, Bit}) -> erlang:seq_trace(Flag, Flags band Bit =/= 0) end,
                  ?FLAG_BITS),
    ok.

set_token(Component, Value) ->
    erlang:seq_trace(Component, Value).

get_token() ->
    {sequential_trace_token, Token} = process_info(self(), sequential_trace_token),
    Token.

get_token(Component) ->
    erlang:seq_trace_info(Component).

print(Info) ->
    _ = erlang:seq_trace_print(Info),
    ok.

print(Label, Info) when is_atom(Label) ->
    erlang:error(badarg, [Label, Info]);
print(Label, Info) ->
    _ = erlang:seq_trace_print(Label, Info),
    ok.

reset_trace() ->
    erlang:system_flag(reset_seq_trace, true).

set_system_tracer(Tracer) ->
    erlang:system_flag(sequential_tracer, Tracer).

get_system_tracer() ->
    {sequential_tracer, Tracer} = erlang:system_info(sequential_tracer),
    Tracer.
