-module(otp_proc_lib).
-export([main/0]).
-export([worker/1, starter/2, ack_twice/1]).

%% proc_lib: ancestors and initial calls in the dictionary, synchronous
%% starts, and the exit reasons of crashing proc_lib processes.

worker(Parent) ->
    Parent ! {dict, get('$ancestors'), get('$initial_call')},
    receive go -> ok end.

starter(How, Arg) ->
    case How of
        ack -> proc_lib:init_ack({ok, self(), Arg});
        ack2 -> proc_lib:init_ack(hd(get('$ancestors')), {ok2, Arg});
        crash -> erlang:error({crash, Arg});
        exit -> exit({exit, Arg});
        slow -> timer:sleep(Arg), proc_lib:init_ack(late)
    end,
    receive stop -> ok end.

ack_twice(_) -> ok.

down(Pid) ->
    Ref = monitor(process, Pid),
    receive {'DOWN', Ref, process, Pid, R} -> shape(R) end.

shape({error, R}) -> {error, shape(R)};
shape({R, Stack}) when is_list(Stack) -> {R, stack};
shape(R) -> R.

main() ->
    Self = self(),
    P1 = proc_lib:spawn(?MODULE, worker, [Self]),
    receive {dict, A1, I1} -> io:format("spawn/3: ~p ~p~n", [A1 =:= [Self], I1]) end,
    io:format("initial_call: ~p~n", [proc_lib:initial_call(P1)]),
    io:format("translate: ~p~n", [proc_lib:translate_initial_call(P1)]),
    io:format("initial_call of info: ~p~n", [proc_lib:initial_call(process_info(P1))]),
    io:format("not proc_lib: ~p ~p~n", [proc_lib:initial_call(Self), proc_lib:translate_initial_call(Self)]),
    P1 ! go,
    io:format("normal: ~p~n", [down(P1)]),
    P2 = proc_lib:spawn(fun() -> Self ! {dict, get('$ancestors'), get('$initial_call')},
                                 receive go -> ok end end),
    receive {dict, A2, {M2, _, Ar2}} -> io:format("spawn/1: ~p ~p ~p~n", [A2 =:= [Self], M2, Ar2]) end,
    P2 ! go,
    register(otp_proc_lib_main, self()),
    P3 = proc_lib:spawn_link(fun() ->
                                     P = proc_lib:spawn(?MODULE, worker, [Self]),
                                     Self ! {child, P},
                                     receive go -> ok end
                             end),
    receive {child, C3} -> ok end,
    receive {dict, A3, _} -> io:format("grandchild ancestors: ~p~n", [A3 =:= [P3, otp_proc_lib_main]]) end,
    unregister(otp_proc_lib_main),
    C3 ! go, P3 ! go,
    P4 = proc_lib:spawn(fun() -> erlang:error(oops) end),
    io:format("error: ~p~n", [down(P4)]),
    P5 = proc_lib:spawn(fun() -> throw(ball) end),
    io:format("throw: ~p~n", [down(P5)]),
    P6 = proc_lib:spawn(fun() -> exit(out) end),
    io:format("exit: ~p~n", [down(P6)]),
    P7 = proc_lib:spawn_opt(fun() -> receive go -> exit(shutdown) end end, [link]),
    {links, L7} = process_info(self(), links),
    io:format("spawn_opt link: ~p~n", [lists:member(P7, L7)]),
    unlink(P7), P7 ! go,
    io:format("shutdown: ~p~n", [down(P7)]),
    {P8, R8} = proc_lib:spawn_opt(?MODULE, worker, [Self], [monitor]),
    receive {dict, _, I8} -> io:format("spawn_opt monitor: ~p~n", [I8]) end,
    P8 ! go,
    receive {'DOWN', R8, process, P8, W8} -> io:format("monitor down: ~p~n", [W8]) end,
    %% synchronous starts
    {ok, S1, x} = proc_lib:start(?MODULE, starter, [ack, x]),
    io:format("start: ~p~n", [is_pid(S1)]),
    S1 ! stop,
    io:format("init_ack/2: ~p~n", [proc_lib:start(?MODULE, starter, [ack2, y], 1000)]),
    io:format("start crash: ~p~n", [shape(proc_lib:start(?MODULE, starter, [crash, z]))]),
    io:format("start exit: ~p~n", [proc_lib:start(?MODULE, starter, [exit, z])]),
    io:format("start timeout: ~p~n", [proc_lib:start(?MODULE, starter, [slow, 500], 20)]),
    {'EXIT', {badarg, [{proc_lib, start, BadArgs, _} | _]}} =
        (catch proc_lib:start(?MODULE, starter, [ack, x], 100, [monitor])),
    io:format("start/5 monitor option: badarg ~p~n", [BadArgs]),
    {{ok, S2, m}, Mon} = proc_lib:start_monitor(?MODULE, starter, [ack, m]),
    S2 ! stop,
    receive {'DOWN', Mon, process, S2, W2} -> io:format("start_monitor: ~p~n", [W2]) end,
    {{error, W3}, Mon3} = proc_lib:start_monitor(?MODULE, starter, [exit, m]),
    receive {'DOWN', Mon3, process, _, W4} -> io:format("start_monitor exit: ~p ~p~n", [W3, W4]) end,
    process_flag(trap_exit, true),
    {ok, S5, l} = proc_lib:start_link(?MODULE, starter, [ack, l]),
    S5 ! stop,
    receive {'EXIT', S5, W5} -> io:format("start_link: ~p~n", [W5]) end,
    io:format("start_link crash: ~p~n", [shape(proc_lib:start_link(?MODULE, starter, [crash, l]))]),
    io:format("start_link timeout: ~p~n", [proc_lib:start_link(?MODULE, starter, [slow, 500], 20)]),
    receive {'EXIT', _, _} = E -> io:format("unexpected: ~p~n", [E]) after 50 -> ok end,
    ok.
