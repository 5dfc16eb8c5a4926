%% The message-only tracer module of OTP's erl_tracer documentation
%% (dbgsh: docs/examples/erl_msg_tracer.c, built in; erl: the NIF in
%% otp/): only sends are reported, as {trace, Sender, Recipient}, the
%% tracer's own sends are not, and a dead tracer process removes it.
-module(mt).
-export([main/0]).

main() ->
    Self = self(),
    Tracer = spawn(fun Loop() -> receive stop -> ok; M -> Self ! {got, M}, Loop() end end),
    Q = spawn(fun() -> receive stop -> ok end end),
    P = spawn(fun() -> receive {go, To} -> To ! hello, To ! world, receive stop -> ok end end end),
    show(erlang:trace(P, true, [send, 'receive', procs, call, {tracer, erl_msg_tracer, Tracer}])),
    show(erlang:trace_info(P, tracer) =:= {tracer, {erl_msg_tracer, Tracer}}),
    show(erlang:trace_info(P, flags)),
    P ! {go, Q},
    show(collect(P, Q, 2)),
    show(reason(fun() -> erlang:trace(P, true, [send, {tracer, erl_msg_tracer}]) end)),
    show(reason(fun() -> erlang:trace(Q, true, [send, {tracer, "erl_msg_tracer", Tracer}]) end)),
    Ref = monitor(process, Tracer),
    Tracer ! stop,
    receive {'DOWN', Ref, _, _, _} -> ok end,
    show(erlang:trace(Q, true, [send, {tracer, erl_msg_tracer, Tracer}])),
    show(erlang:trace_info(Q, flags)),
    P ! stop,
    Q ! stop,
    ok.

%% The {trace, P, Q} messages, in order: true when they are the n sends.
collect(P, Q, N) ->
    Got = [receive {got, M} -> M after 2000 -> timeout end || _ <- lists:seq(1, N)],
    Extra = receive {got, X} -> [X] after 100 -> [] end,
    {Got =:= lists:duplicate(N, {trace, P, Q}), Extra}.

reason(F) ->
    try F() catch error:R -> R end.

show(X) -> io:format("~p~n", [X]).
