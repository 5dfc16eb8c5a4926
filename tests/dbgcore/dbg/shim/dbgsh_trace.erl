%% dbgsh_trace (test shim for real erl only): what dbgsh's engine provides
%% to dbg.erl, made from OTP's own dbg so that our dbg.erl, compiled as
%% dbz, can be compared with OTP's. format_line/1,2 return the text
%% OTP's dbg:dhandler/2 writes for a message; open_port/2 opens OTP's
%% trace port drivers.
-module(dbgsh_trace).
-export([format_line/1, format_line/2, open_port/2, start/0]).

%% Starts the collecting io server now, so that its spawn happens before
%% a scenario sets any flags.
start() ->
    collector(),
    ok.

format_line(Msg) ->
    format_line(Msg, "").

format_line(Msg, Modifier) ->
    C = collector(),
    _ = dbg:dhandler(Msg, {C, Modifier}),
    C ! {take, self()},
    receive {text, C, Text} -> Text end.

collector() ->
    case whereis(dbgsh_trace_collector) of
        undefined ->
            P = spawn(fun() -> collect([]) end),
            register(dbgsh_trace_collector, P),
            P;
        P ->
            P
    end.

collect(Acc) ->
    receive
        {io_request, From, ReplyAs, {put_chars, _Enc, M, F, A}} ->
            From ! {io_reply, ReplyAs, ok},
            collect([apply(M, F, A) | Acc]);
        {io_request, From, ReplyAs, {put_chars, _Enc, Chars}} ->
            From ! {io_reply, ReplyAs, ok},
            collect([Chars | Acc]);
        {io_request, From, ReplyAs, _Other} ->
            From ! {io_reply, ReplyAs, {error, request}},
            collect(Acc);
        {take, From} ->
            From ! {text, self(), unicode:characters_to_binary(lists:reverse(Acc))},
            collect([])
    end.

open_port(file, {Name, wrap, Tail, Size, Count, 0}) ->
    (dbg:trace_port(file, {Name, wrap, Tail, Size, Count}))();
open_port(file, {Name, wrap, Tail, _Size, Count, Time}) ->
    (dbg:trace_port(file, {Name, wrap, Tail, {time, Time}, Count}))();
open_port(file, Name) ->
    (dbg:trace_port(file, Name))();
open_port(ip, {PortNo, QueueSize}) ->
    (dbg:trace_port(ip, {PortNo, QueueSize}))().
