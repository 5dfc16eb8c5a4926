%% A tracer that dies: the process it traced loses its flags at its next
%% event, as OTP's.
-module(trace_tracer_dies).
-export([main/0, f/0]).

f() -> ok.

main() ->
    T = spawn(fun() -> receive stop -> ok end end),
    P = spawn(fun() -> receive go -> ?MODULE:f(), receive again -> ?MODULE:f() end end, receive stop -> ok end end),
    1 = erlang:trace(P, true, [call, {tracer, T}]),
    erlang:trace_pattern({?MODULE, f, 0}, true, [global]),
    io:format("~p~n", [erlang:trace_info(P, flags)]),
    Ref = monitor(process, T),
    T ! stop,
    receive {'DOWN', Ref, _, _, _} -> ok end,
    P ! go,
    P ! again,
    timer:sleep(10),
    io:format("~p~n", [erlang:trace_info(P, flags)]),
    io:format("~p~n", [erlang:trace_info(P, tracer)]),
    P ! stop,
    ok.
