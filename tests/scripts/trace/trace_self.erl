%% A tracer that traces itself: OTP 25 sets the flags (all and existing
%% include the tracer) but a process's own events never reach it.
-module(trace_self).
-export([main/0, f/0]).

f() -> ok.

main() ->
    io:format("~p~n", [erlang:trace(self(), true, [send, 'receive', call, procs])]),
    io:format("~p~n", [erlang:trace_info(self(), flags)]),
    erlang:trace_pattern({?MODULE, f, 0}, true, [local]),
    self() ! hi,
    ?MODULE:f(),
    P = spawn(fun() -> ok end),
    timer:sleep(50),
    {messages, M} = process_info(self(), messages),
    io:format("~p ~p~n", [M, is_pid(P)]),
    erlang:trace(self(), false, [all]),
    erlang:trace_pattern({?MODULE, f, 0}, false, [local]),
    flush(),
    N = length(processes()),
    io:format("~p~n", [erlang:trace(all, true, [procs]) =:= N]),
    io:format("~p~n", [erlang:trace_info(self(), flags)]),
    erlang:trace(all, false, [procs]),
    ok.

flush() -> receive _ -> flush() after 0 -> ok end.
