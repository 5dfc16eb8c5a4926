-module(trace_seq_exits).
-export([main/0]).

%% seq_trace and exit signals, as OTP 25: a process with a token that ends
%% sends each linked process its token with the exit signal (a send event,
%% the serial moved, whether the receiver traps exits or not, whatever the
%% reason, also when it was killed), and a receiver that traps exits takes
%% the token over with the 'EXIT' message (a receive event); the exit
%% signals of a process without a token and of exit/2 clear the receiver's
%% token; 'DOWN' messages, link/1's noproc and timer messages leave it
%% alone. Every process is spawned before a token is set (erl passes it on
%% with spawn's own messages), and nothing is printed until the tokens are
%% gone. The events print sorted by serial (processes that end run at the
%% same time as the others), pids as their names.
main() ->
    Me = self(),
    timer:sleep(1), % timer's module loaded now: erl loads it by messages
    Tracer = spawn(fun() -> collect([]) end),
    seq_trace:set_system_tracer(Tracer),
    process_flag(trap_exit, true),
    Sink = spawn(fun sink/0),
    %% a process with a token ends: its linked caller traps the 'EXIT'
    P = spawn_link(fun() -> receive go -> exit(boom) end end),
    on(),
    P ! go,
    receive {'EXIT', P, boom} -> ok end,
    T1 = off(),
    %% its linked process does not trap exits (it dies; a send, no receive),
    %% and a normal end to one that does not trap (a send, nothing else)
    R = spawn(fun() -> receive never -> ok end end),
    P2 = spawn(fun() -> link(R), Me ! linked, receive go -> exit(boom2) end end),
    receive linked -> ok end,
    R2 = spawn(fun() -> receive never -> ok end end),
    P3 = spawn(fun() -> link(R2), Me ! linked, receive go -> ok end end),
    receive linked -> ok end,
    MonR = monitor(process, R),
    MonP3 = monitor(process, P3),
    on(),
    P2 ! go,
    receive {'DOWN', MonR, process, R, RWhy} -> ok end,
    P3 ! go,
    receive {'DOWN', MonP3, process, P3, _} -> ok end,
    T2 = off(),
    %% 'DOWN' of a process whose serial moved leaves the token alone
    Q = spawn(fun() -> receive go -> Sink ! ping, Sink ! ping2 end end),
    MonQ = monitor(process, Q),
    on(),
    Q ! go,
    receive {'DOWN', MonQ, process, Q, normal} -> ok end,
    T3 = tok(),
    off(),
    %% killed with a token: the 'EXIT' carries it
    R4 = spawn(fun() -> process_flag(trap_exit, true), Me ! ready,
                        receive {'EXIT', _, _} = E4 -> Me ! {r4, E4, tok()} end end),
    receive ready -> ok end,
    P4 = spawn(fun() -> link(R4), Me ! linked, receive go -> receive never -> ok end end end),
    receive linked -> ok end,
    on(),
    P4 ! go,
    off(),
    has_token(P4),
    exit(P4, kill),
    receive {r4, E4, T4} -> off() end, % R4's token came with it
    %% exit/2 from a process with a token to one that traps: no token, and
    %% it clears the receiver's
    S = spawn(fun() -> process_flag(trap_exit, true), on(), Me ! ready,
                       receive {'EXIT', _, _} = E5 -> Me ! {s, E5, tok()} end end),
    receive ready -> ok end, % with S's token
    exit(S, my_reason),
    receive {s, E5, T5} -> ok end,
    off(),
    %% the 'EXIT' of a process without a token clears mine
    P6 = spawn_link(fun() -> receive go -> exit(boom6) end end),
    MonP6 = monitor(process, P6),
    P6 ! go,
    receive {'DOWN', MonP6, process, P6, boom6} -> ok end,
    on(),
    receive {'EXIT', P6, boom6} -> ok end,
    T6 = tok(),
    off(),
    %% link/1 to a process that has ended: its noproc leaves my token alone
    Dead = spawn(fun() -> ok end),
    MonD = monitor(process, Dead),
    receive {'DOWN', MonD, _, _, _} -> ok end,
    on(),
    link(Dead),
    receive {'EXIT', Dead, noproc} -> ok end,
    T7 = tok(),
    %% exit/2 to myself: cleared
    exit(self(), to_myself),
    receive {'EXIT', Me, to_myself} -> ok end,
    T8 = tok(),
    %% a timer's message, set while the token was older: left alone
    on(),
    erlang:send_after(20, self(), tick),
    Sink ! a,
    Before = tok(),
    receive tick -> ok end,
    T9 = {Before =:= tok(), tok()},
    off(),
    Sink ! {sync, Me},
    receive {synced, Sink} -> ok end,
    timer:sleep(20),
    Tracer ! {dump, Me},
    Events = receive {events, Es} -> lists:sort(fun by_serial/2, Es) end,
    N = fun(X) -> name(X, [{Me, me}, {P, p}, {R, r}, {P2, p2}, {R2, r2}, {P3, p3}, {Q, q},
                           {R4, r4}, {P4, p4}, {S, s}, {P6, p6}, {Dead, dead}, {Sink, sink}]) end,
    [io:format("~p~n", [N(X)])
     || X <- [{linked_exit, T1}, {not_trapped, RWhy, T2}, {down, T3}, {killed, E4, T4},
              {exit_2, E5, T5}, {tokenless_exit, T6}, {noproc, T7}, {exit_self, T8},
              {timer, T9} | Events]],
    ok.

%% Waits until P has a token.
has_token(P) ->
    case process_info(P, sequential_trace_token) of
        {_, []} -> timer:sleep(1), has_token(P);
        _ -> ok
    end.

by_serial({seq_trace, _, {Tag1, Serial1, _, _, _}}, {seq_trace, _, {Tag2, Serial2, _, _, _}}) ->
    {Serial1, Tag1 =/= send} =< {Serial2, Tag2 =/= send}.

on() ->
    seq_trace:set_token(label, 17),
    seq_trace:set_token(send, true),
    seq_trace:set_token('receive', true).

%% Clears the token; returns it.
off() ->
    T = tok(),
    seq_trace:set_token([]),
    T.

tok() -> seq_trace:get_token().

sink() ->
    receive
        {sync, From} -> From ! {synced, self()}, sink();
        _ -> sink()
    end.

collect(Acc) ->
    receive
        {dump, To} -> To ! {events, lists:reverse(Acc)};
        E -> collect([E | Acc])
    end.

name(X, Ps) when is_pid(X) ->
    case lists:keyfind(X, 1, Ps) of
        {_, Name} -> Name;
        false -> other
    end;
name(X, Ps) when is_tuple(X) -> list_to_tuple(name(tuple_to_list(X), Ps));
name(X, Ps) when is_list(X) -> [name(Y, Ps) || Y <- X];
name(X, _) -> X.
