%% Trace sessions (OTP 27's trace module; OTP 25, our oracle elsewhere,
%% has none, so sessions.out was checked by hand against the trace
%% module's documentation): two sessions trace one process with their own
%% tracers, flags and patterns and do not see each other's; destroying
%% one removes all of its settings and leaves the other's; the classic
%% erlang:trace_info sees neither; a destroyed handle is badarg.
-module(sessions).
-export([main/0, f/1, g/1]).
f(X) -> g(X) + 1.
g(X) -> X * 2.
%% The events each tracer got, per tracer in arrival order.
collect(Acc) -> receive {ev, E} -> collect([E | Acc]) after 200 -> lists:keysort(1, lists:reverse(Acc)) end.
tracer(Tag, To) -> spawn(fun L() -> receive M -> To ! {ev, {Tag, M}}, L() end end).
main() ->
    Self = self(),
    A = tracer(a, Self), B = tracer(b, Self),
    SA = trace:session_create(sa, A, []),
    SB = trace:session_create(sb, B, []),
    W = spawn(fun L() -> receive {go, X} -> sessions:f(X), L(); stop -> ok end end),
    io:format("~p~n", [{trace:process(SA, W, true, [call]), trace:process(SB, W, true, [call, 'receive'])}]),
    io:format("~p~n", [{trace:function(SA, {sessions, f, 1}, [], [local]), trace:function(SB, {sessions, g, 1}, [{'_', [], [{return_trace}]}], [local])}]),
    io:format("~p~n", [{trace:info(SA, W, flags), trace:info(SB, W, flags), erlang:trace_info(W, flags)}]),
    io:format("~p~n", [{trace:info(SA, {sessions, f, 1}, traced), trace:info(SB, {sessions, f, 1}, traced), trace:info(SB, {sessions, g, 1}, match_spec)}]),
    io:format("~p~n", [lists:sort(trace:session_info(W))]),
    W ! {go, 3},
    io:format("~p~n", [[{T, element(3, M), element(4, M)} || {T, M} <- collect([])]]),
    ok = trace:session_destroy(SB),
    io:format("~p~n", [{trace:session_info(W), reason(fun() -> trace:info(SB, W, flags) end)}]),
    W ! {go, 4},
    io:format("~p~n", [[{T, element(3, M), element(4, M)} || {T, M} <- collect([])]]),
    ok = trace:session_destroy(SA), ok = trace:session_destroy(SA),
    io:format("~p~n", [{trace:session_info(W), erlang:trace_info(W, flags)}]),
    W ! {go, 5},
    io:format("~p~n", [collect([])]),
    io:format("~p~n", [[reason(F) || F <- [fun() -> trace:session_create("x", A, []) end,
                                           fun() -> trace:session_create(x, A, [bad]) end,
                                           fun() -> trace:process(SA, W, true, [call]) end,
                                           fun() -> trace:session_create(x, {no_such_tracer_mod, 1}, []) end]]]),
    S3 = trace:session_create(s3, A, []),
    io:format("~p~n", [reason(fun() -> trace:process(S3, W, true, [call, {tracer, B}]) end)]),
    io:format("~p~n", [{trace:process(S3, new, true, [procs]), trace:info(S3, new, flags), erlang:trace_info(new, flags)}]),
    ok = trace:session_destroy(S3),
    W ! stop.

reason(F) -> try F() catch error:R -> R end.
