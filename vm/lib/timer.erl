%% timer: OTP 25's timer API for the dbgsh VM.  Timers that run a function
%% or repeat are kept by a small registered process (no gen_server here):
%% it spawns one waiter process per timer and cancels it on request.
%% send_after/3 to a local pid uses erlang:send_after/3 as OTP does.
-module(timer).

-export([apply_after/4, apply_interval/4, cancel/1, exit_after/2,
         exit_after/3, hms/3, hours/1, kill_after/1, kill_after/2,
         minutes/1, now_diff/2, seconds/1, send_after/2, send_after/3,
         send_interval/2, send_interval/3, sleep/1, start/0, tc/1, tc/2,
         tc/3]).

-define(SERVER, dbgsh_timer_server).
-define(MAX_AFTER, 16#ffffffff).
-define(VALID_TIME(T), is_integer(T), T >= 0).
-define(VALID_MFA(M, F, A), is_atom(M), is_atom(F), is_list(A)).

sleep(T) when is_integer(T), T > ?MAX_AFTER ->
    receive after ?MAX_AFTER -> sleep(T - ?MAX_AFTER) end;
sleep(T) ->
    receive after T -> ok end.

tc(F) ->
    T0 = erlang:monotonic_time(),
    V = F(),
    {elapsed_us(T0), V}.

tc(F, A) ->
    T0 = erlang:monotonic_time(),
    V = apply(F, A),
    {elapsed_us(T0), V}.

tc(M, F, A) ->
    T0 = erlang:monotonic_time(),
    V = apply(M, F, A),
    {elapsed_us(T0), V}.

elapsed_us(T0) ->
    erlang:convert_time_unit(erlang:monotonic_time() - T0, native, microsecond).

now_diff({A2, B2, C2}, {A1, B1, C1}) ->
    ((A2 - A1) * 1000000 + B2 - B1) * 1000000 + C2 - C1.

seconds(S) -> 1000 * S.

minutes(M) -> 1000 * 60 * M.

hours(H) -> 1000 * 60 * 60 * H.

hms(H, M, S) -> hours(H) + minutes(M) + seconds(S).

start() ->
    _ = server(),
    ok.

apply_after(0, M, F, A) when ?VALID_MFA(M, F, A) ->
    run({M, F, A}),
    {ok, {instant, make_ref()}};
apply_after(T, M, F, A) when ?VALID_TIME(T), ?VALID_MFA(M, F, A) ->
    call({once, T, {M, F, A}});
apply_after(_, _, _, _) ->
    {error, badarg}.

send_after(0, Dest, Msg) when is_pid(Dest); is_atom(Dest) ->
    Dest ! Msg,
    {ok, {instant, make_ref()}};
send_after(0, {Name, Node} = Dest, Msg) when is_atom(Name), is_atom(Node) ->
    Dest ! Msg,
    {ok, {instant, make_ref()}};
send_after(T, Pid, Msg) when ?VALID_TIME(T), is_pid(Pid), node(Pid) =:= node() ->
    {ok, {send_local, erlang:send_after(T, Pid, Msg)}};
send_after(T, Pid, Msg) when is_pid(Pid) ->
    apply_after(T, timer, send, [Pid, Msg]);
send_after(T, Name, Msg) when is_atom(Name) ->
    apply_after(T, timer, send, [Name, Msg]);
send_after(T, {Name, Node} = Dest, Msg) when is_atom(Name), is_atom(Node) ->
    apply_after(T, timer, send, [Dest, Msg]);
send_after(_, _, _) ->
    {error, badarg}.

send_after(T, Msg) -> send_after(T, self(), Msg).

exit_after(T, Pid, Reason) -> apply_after(T, erlang, exit, [Pid, Reason]).

exit_after(T, Reason) -> exit_after(T, self(), Reason).

kill_after(T, Pid) -> exit_after(T, Pid, kill).

kill_after(T) -> exit_after(T, self(), kill).

apply_interval(T, M, F, A) when ?VALID_TIME(T), ?VALID_MFA(M, F, A) ->
    call({interval, T, self(), {M, F, A}});
apply_interval(_, _, _, _) ->
    {error, badarg}.

send_interval(T, Pid, Msg) when ?VALID_TIME(T), is_pid(Pid) ->
    call({interval, T, Pid, {timer, send, [Pid, Msg]}});
send_interval(T, Name, Msg) when ?VALID_TIME(T), is_atom(Name) ->
    call({interval, T, Name, {timer, send, [Name, Msg]}});
send_interval(T, {Name, Node} = Dest, Msg) when ?VALID_TIME(T), is_atom(Name), is_atom(Node) ->
    call({interval, T, Dest, {timer, send, [Dest, Msg]}});
send_interval(_, _, _) ->
    {error, badarg}.

send_interval(T, Msg) -> send_interval(T, self(), Msg).

cancel({instant, Ref}) when is_reference(Ref) ->
    {ok, cancel};
cancel({send_local, Ref}) when is_reference(Ref) ->
    _ = erlang:cancel_timer(Ref),
    {ok, cancel};
cancel({once, Ref} = TRef) when is_reference(Ref) ->
    call({cancel, TRef});
cancel({interval, Ref} = TRef) when is_reference(Ref) ->
    call({cancel, TRef});
cancel(_) ->
    {error, badarg}.

%% What a timer does when it fires; errors are caught as OTP does.
run({timer, send, [Dest, Msg]}) -> catch Dest ! Msg;
run({erlang, exit, [Name, Reason]}) -> catch exit(pid_of(Name), Reason);
run({M, F, A}) -> catch spawn(M, F, A).

pid_of(P) when is_pid(P) -> P;
pid_of(N) when is_atom(N), N =/= undefined -> pid_of(whereis(N));
pid_of(_) -> undefined.

%% ---------------------------------------------------------------------
%% The timer process: a map from timer reference to waiter pid.

call(Req) ->
    Pid = server(),
    Mon = erlang:monitor(process, Pid),
    Pid ! {call, self(), Mon, Req},
    receive
        {Mon, Reply} ->
            erlang:demonitor(Mon, [flush]),
            Reply;
        {'DOWN', Mon, process, _, _} ->
            {error, badarg}
    end.

server() ->
    case whereis(?SERVER) of
        undefined ->
            Pid = spawn(fun() -> serve(#{}) end),
            try register(?SERVER, Pid) of
                true -> Pid
            catch
                error:badarg ->
                    exit(Pid, kill),
                    server()
            end;
        Pid -> Pid
    end.

serve(Timers) ->
    receive
        {call, From, Tag, {once, T, MFA}} ->
            Ref = make_ref(),
            Self = self(),
            W = spawn(fun() -> wait_once(Self, Ref, T, MFA) end),
            From ! {Tag, {ok, {once, Ref}}},
            serve(Timers#{Ref => W});
        {call, From, Tag, {interval, T, Owner, MFA}} ->
            Ref = make_ref(),
            Self = self(),
            Start = erlang:monotonic_time(millisecond),
            W = spawn(fun() -> wait_interval(Self, Ref, Owner, Start + T, T, MFA) end),
            From ! {Tag, {ok, {interval, Ref}}},
            serve(Timers#{Ref => W});
        {call, From, Tag, {cancel, {_, Ref}}} ->
            case maps:take(Ref, Timers) of
                {W, Rest} ->
                    W ! cancel,
                    From ! {Tag, {ok, cancel}},
                    serve(Rest);
                error ->
                    From ! {Tag, {ok, cancel}},
                    serve(Timers)
            end;
        {done, Ref} ->
            serve(maps:remove(Ref, Timers));
        _ ->
            serve(Timers)
    end.

wait_once(Server, Ref, T, MFA) ->
    receive
        cancel -> ok
    after T ->
            Server ! {done, Ref},
            run(MFA)
    end.

%% Fires at Start + k*T (no drift) until cancelled or Owner goes away.
wait_interval(Server, Ref, Owner, Next, T, MFA) ->
    case pid_of(Owner) of
        undefined -> Server ! {done, Ref};
        P -> interval_loop(Server, Ref, erlang:monitor(process, P), Next, T, MFA)
    end.

interval_loop(Server, Ref, Mon, Next, T, MFA) ->
    Wait = max(0, Next - erlang:monotonic_time(millisecond)),
    receive
        cancel -> ok;
        {'DOWN', Mon, process, _, _} -> Server ! {done, Ref}
    after Wait ->
            run(MFA),
            interval_loop(Server, Ref, Mon, Next + T, T, MFA)
    end.
