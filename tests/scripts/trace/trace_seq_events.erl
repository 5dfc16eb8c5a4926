-module(trace_seq_events).
-export([main/0]).

%% seq_trace's events: a token passed on by messages (to a pid, a
%% registered name, {Name, node()}) and back, serials advanced by sends,
%% receives and prints, print/2's label, receive of a message sent
%% without a token (which clears it), the tracer's own receives (not
%% traced), timestamps, and a spawned process starting with the token.
%% Every process is spawned before the token is set (erl passes it on
%% with spawn's own messages), and nothing is printed until it is gone.
main() ->
    Self = self(),
    Tracer = spawn(fun() -> collect([]) end),
    Echo = spawn(fun echo/0),
    Plain = spawn(fun plain/0),
    register(trace_seq_echo, Echo),
    false = seq_trace:set_system_tracer(Tracer),
    seq_trace:set_token(label, {run, 1}),
    Tok0 = tok(),
    Echo ! {Self, quiet},                       % flags off: serials move, no events
    receive {echo, quiet, _} -> ok end,
    Tok1 = tok(),
    seq_trace:set_token(send, true),
    seq_trace:set_token('receive', true),
    seq_trace:set_token(print, true),
    Echo ! {Self, one},
    receive {echo, one, EchoTok} -> ok end,
    trace_seq_echo ! {Self, two},
    receive {echo, two, _} -> ok end,
    {trace_seq_echo, node()} ! {Self, three},
    receive {echo, three, _} -> ok end,
    seq_trace:print(p1),
    seq_trace:print({run, 1}, p2),
    seq_trace:print({run, 2}, not_printed),
    Self ! to_self,
    receive to_self -> ok end,
    Tracer ! from_traced,                       % a send event; the tracer's receive is not
    Plain ! {Self, ping},                       % Plain answers without a token
    receive {plain, pong} -> ok end,
    Tok2 = seq_trace:get_token(),
    seq_trace:set_token(label, ts),
    seq_trace:set_token(print, true),
    seq_trace:set_token(monotonic_timestamp, true),
    seq_trace:print(mono),
    seq_trace:set_token(strict_monotonic_timestamp, true),
    seq_trace:print(strict),
    seq_trace:set_token(timestamp, true),
    seq_trace:print(now),
    seq_trace:set_token([]),
    seq_trace:set_token(label, child),
    Child = spawn(fun() -> Self ! {child, seq_trace:get_token(label)} end),
    seq_trace:set_token([]),
    receive {child, ChildLabel} -> ok end,      % the child's token comes back with it
    seq_trace:set_token([]),
    Tracer ! {dump, Self},
    Events = receive {events, Es} -> Es end,
    seq_trace:set_system_tracer(false),
    io:format("tokens ~p~n", [[Tok0, Tok1, EchoTok, Tok2]]),
    io:format("child ~p ~p~n", [ChildLabel, is_pid(Child)]),
    Names = #{Self => main, Echo => echo, Tracer => tracer, Plain => plain},
    [io:format("~p~n", [event(E, Names)]) || E <- Events],
    ok.

tok() ->
    {F, L, S, _From, Last} = seq_trace:get_token(),
    {F, L, S, Last}.

echo() ->
    receive
        {From, M} ->
            From ! {echo, M, tok()},
            echo()
    end.

plain() ->
    receive
        {From, ping} ->
            seq_trace:set_token([]),
            From ! {plain, pong},
            plain()
    end.

collect(Acc) ->
    receive
        {dump, P} -> P ! {events, lists:reverse(Acc)};
        M -> collect([M | Acc])
    end.

%% An event with pids by name and timestamps by shape.
event({seq_trace, Label, Info}, Names) ->
    {seq_trace, Label, info(Info, Names)};
event({seq_trace, Label, Info, Ts}, Names) ->
    {seq_trace, Label, info(Info, Names), shape(Ts)};
event(Message, _) ->
    {message, Message}.

info({Tag, Serial, From, To, What}, Names) ->
    {Tag, Serial, name(From, Names), name(To, Names), What}.

name(P, Names) when is_pid(P) -> maps:get(P, Names, other);
name(X, _) -> X.

shape({A, B, C}) when is_integer(A), is_integer(B), is_integer(C) -> now;
shape({A, B}) when is_integer(A), is_integer(B) -> strict_monotonic;
shape(A) when is_integer(A) -> monotonic.
