-module(trace_sensitive).
-export([main/0, work/1, loop/0]).

%% process_flag(sensitive, Bool) as OTP 25 has it: the process's trace
%% flags stay set (trace_info shows them) but it makes no trace events of
%% any kind (calls, returns, sends, receives, procs, gc), until it turns
%% the flag off again; process_info hides its messages and dictionary.

work(N) -> N + 1.

loop() ->
    receive
        {sensitive, B, From} -> From ! {old, process_flag(sensitive, B)}, loop();
        {work, N, From} -> From ! {done, trace_sensitive:work(N)}, loop();
        {spawn, From} -> P = spawn(fun() -> ok end), From ! {spawned, is_pid(P)}, loop();
        stop -> ok
    end.

call(P, Msg) ->
    P ! Msg,
    receive R -> R after 2000 -> timeout end.

tracer(Acc) ->
    receive
        {dump, From} -> From ! {events, lists:reverse(Acc)}, tracer([]);
        T when element(1, T) =:= trace -> tracer([strip(T) | Acc])
    end.

%% The events, without pids and refs
strip(T) -> [case is_pid(X) of true -> pid; false -> X end || X <- tl(tuple_to_list(T))].

events(Tr) ->
    timer:sleep(50),
    Tr ! {dump, self()},
    receive {events, E} -> E end.

main() ->
    Tr = spawn(fun() -> tracer([]) end),
    P = spawn(fun loop/0),
    erlang:trace_pattern({trace_sensitive, work, 1}, [{'_', [], [{return_trace}]}], [local]),
    1 = erlang:trace(P, true, [call, send, 'receive', procs, {tracer, Tr}]),
    io:format("~p~n", [call(P, {work, 1, self()})]),
    io:format("traced: ~p~n", [events(Tr)]),
    io:format("~p~n", [call(P, {sensitive, true, self()})]),
    io:format("~p~n", [events(Tr)]),
    io:format("~p~n", [call(P, {work, 2, self()})]),
    io:format("~p~n", [call(P, {spawn, self()})]),
    io:format("sensitive: ~p~n", [events(Tr)]),
    {flags, Fs} = erlang:trace_info(P, flags),
    io:format("flags ~p~n", [lists:sort(Fs)]),
    io:format("~p~n", [call(P, {sensitive, false, self()})]),
    io:format("~p~n", [call(P, {work, 3, self()})]),
    io:format("again: ~p~n", [events(Tr)]),
    erlang:trace(P, false, [all]),
    Q = spawn(fun() -> put(k, v), process_flag(sensitive, true), self() ! hello, receive never -> ok end end),
    timer:sleep(50),
    io:format("~p~n", [[process_info(Q, message_queue_len), process_info(Q, [message_queue_len]),
                        process_info(Q, [messages, message_queue_len]), process_info(Q, [message_queue_len, messages]),
                        process_info(Q, dictionary), process_info(Q, messages)]]),
    io:format("~p~n", [[{K, V} || {K, V} <- process_info(Q), lists:member(K, [dictionary, message_queue_len])]]),
    io:format("~p~n", [[process_flag(sensitive, true), process_flag(sensitive, false), process_flag(sensitive, false)]]),
    io:format("~p~n", [try process_flag(sensitive, 1) catch C:R -> {C, R} end]),
    exit(Q, kill), P ! stop,
    ok.
