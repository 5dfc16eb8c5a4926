-module(otp_statem_errors).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4, idle/3, terminate/3]).

%% OTP's results and exit reasons: init/1's results, bad callback modes,
%% bad state callback results, bad actions and replies, callback crashes,
%% terminate/3's arguments and its own failures, and what callers get from
%% dead, unknown, slow and self calls.  Stacks are shown as `stack`.

init(F) when is_function(F) -> F();
init({mode, Mode}) -> put(mode, Mode), {ok, idle, 0}.

callback_mode() ->
    case get(mode) of
        F when is_function(F) -> F();
        M -> M
    end.

handle_event({call, From}, {run, F}, State, Data) -> F(From, State, Data);
handle_event(cast, {run, F}, State, Data) -> F(none, State, Data);
handle_event({call, From}, sleep, _, _) ->
    timer:sleep(100),
    {keep_state_and_data, {reply, From, slept}};
handle_event({call, From}, get, State, Data) ->
    {keep_state_and_data, {reply, From, {State, Data}}}.

%% the next event after these finds no state function
idle(cast, go, D) -> {next_state, nowhere, D};
idle(cast, tuple, D) -> {next_state, {not_an_atom}, D}.

terminate(Reason, State, Data) ->
    case get(on_terminate) of
        undefined -> ok;
        F -> F()
    end,
    case whereis(otp_statem_errors_watch) of
        undefined -> ok;
        W -> W ! {terminate, shape(Reason), State, Data}
    end.

shape({Reason, [{_, _, _, _} | _] = Stack}) ->
    case lists:all(fun(F) -> tuple_size(F) =:= 4 end, Stack) of
        true -> {Reason, stack};
        false -> {Reason, Stack}
    end;
shape(R) -> R.

start(Mode) ->
    {ok, P} = gen_statem:start(?MODULE, {mode, Mode}, []),
    P.

run(P, F) -> gen_statem:call(P, {run, F}).

%% a call whose machine dies: the caller's exit reason and what terminate saw
dies(P, F) ->
    Mref = monitor(process, P),
    R = try run(P, F) of
            V -> {value, V}
        catch exit:{Reason, {gen_statem, call, [P, {run, F}, infinity]}} -> {exit, shape(Reason)}
        end,
    Down = receive {'DOWN', Mref, process, P, D} -> shape(D) end,
    T = receive {terminate, TR, TS, TD} -> {TR, TS, TD} after 0 -> no_terminate end,
    io:format("  ~p~n  terminate: ~p~n", [R, T]),
    case {exit, Down} =:= R of
        true -> ok;
        false -> io:format("  down: ~p~n", [Down])
    end.

caught(F) ->
    try F() of
        V -> {value, V}
    catch
        C:{Reason, {gen_statem, call, _}} -> {C, shape(Reason), call};
        C:R -> {C, shape(R)}
    end.

monitored(Mode) ->
    {ok, {P, Mref}} = gen_statem:start_monitor(?MODULE, {mode, Mode}, []),
    R = receive {'DOWN', Mref, process, P, D} -> shape(D) end,
    T = receive {terminate, TR, TS, TD} -> {TR, TS, TD} after 0 -> no_terminate end,
    io:format("  ~p~n  terminate: ~p~n", [R, T]).

main() ->
    register(otp_statem_errors_watch, self()),
    io:format("init results:~n"),
    [io:format("  ~p~n", [caught(fun() -> gen_statem:start(?MODULE, F, []) end)])
     || F <- [fun() -> ignore end,
              fun() -> {stop, no_way} end,
              fun() -> {ok, idle} end,
              fun() -> nonsense end,
              fun() -> 1 div get(zero) end,
              fun() -> exit(gone) end,
              fun() -> throw({stop, thrown}) end,
              fun() -> erlang:error(deliberate) end]],
    Name = {local, otp_statem_errors_name},
    io:format("  named: ~p ~p~n", [gen_statem:start(Name, ?MODULE, fun() -> {stop, x} end, []),
                                   whereis(otp_statem_errors_name)]),
    io:format("  named: ~p ~p~n", [gen_statem:start(Name, ?MODULE, fun() -> ignore end, []),
                                   whereis(otp_statem_errors_name)]),
    process_flag(trap_exit, true),
    io:format("  linked: ~p~n",
              [gen_statem:start_link(?MODULE, fun() -> {stop, linked} end, [])]),
    io:format("  exit: ~p~n", [receive {'EXIT', _, R0} -> R0 end]),
    process_flag(trap_exit, false),

    io:format("callback modes:~n"),
    [monitored(M) || M <- [bad, [], [state_enter], [state_functions, bad], {handle_event_function},
                           fun() -> exit(no_mode) end]],
    [io:format("  ~p~n", [gen_statem:call(start(M), get)])
     || M <- [[handle_event_function, state_functions, handle_event_function],
              fun() -> throw(handle_event_function) end]],
    io:format("  the last mode counts: ~p~n",
              [caught(fun() -> gen_statem:call(start([handle_event_function, state_functions]),
                                               get) end)]),
    receive {terminate, _, _, _} -> ok end,

    io:format("bad results:~n"),
    [dies(start(handle_event_function), fun(_, _, _) -> R end)
     || R <- [nonsense, {next_state, a}, {keep_state}, {repeat_state}, {stop, a, b, c},
              {stop_and_reply, normal}, {next_state, a, b, c, d}]],
    io:format("bad actions (terminate sees the new state and data):~n"),
    [dies(start(handle_event_function), fun(_, _, _) -> {next_state, new, 1, [A]} end)
     || A <- [{reply, not_from, x}, {reply, {not_pid, tag}, x}, {next_event, bad, x},
              {timeout, -1, x}, {{timeout, n}, soon, x}, {state_timeout, 10, x, [{abs, maybe}]},
              {state_timeout, 10, x, [{rel, true}]}, {timeout, update, x, []}, {bogus, cancel},
              {bogus, 1}, {bogus, 1, 2}, {hibernate, maybe}, {postpone, maybe}, pop_callback_module,
              {change_callback_module, "m"}, -5, {state_timeout, foo, x, {abs, true}}]],
    io:format("actions before the bad one are done:~n"),
    dies(start(handle_event_function),
         fun(From, _, _) -> {keep_state, 2, [{reply, From, replied}, bad]} end),
    io:format("bad replies in stop_and_reply:~n"),
    [dies(start(handle_event_function), fun(_, _, _) -> {stop_and_reply, normal, Rs} end)
     || Rs <- [{reply, x, y}, [x], [{reply, {self(), t}, y}, {reply, a}]]],

    io:format("callback crashes:~n"),
    [dies(start(handle_event_function), F)
     || F <- [fun(_, _, D) -> {keep_state, 1 div D} end,
              fun(_, _, _) -> exit(bye) end,
              fun(_, _, _) -> erlang:error({my, error}) end]],
    Thrower = start(handle_event_function),
    io:format("  a thrown result: ~p ~p~n",
              [run(Thrower, fun(From, _, _) -> throw({keep_state, 5, {reply, From, thrown}}) end),
               gen_statem:call(Thrower, get)]),
    P1 = start(state_functions),
    Mref1 = monitor(process, P1),
    gen_statem:cast(P1, unknown),
    io:format("  no clause: ~p~n", [receive {'DOWN', Mref1, _, _, D1} -> shape(D1) end]),
    io:format("  terminate: ~p~n", [receive {terminate, A1, B1, C1} -> {A1, B1, C1} end]),
    [begin
         P = start(state_functions),
         M = monitor(process, P),
         gen_statem:cast(P, Ev),
         gen_statem:cast(P, poke),
         receive {'DOWN', M, _, _, D} -> io:format("  ~p: ~p~n", [Ev, shape(D)]) end,
         receive {terminate, _, _, _} -> ok end
     end || Ev <- [go, tuple]],

    io:format("terminate/3 fails:~n"),
    dies(start(handle_event_function),
         fun(_, _, _) -> put(on_terminate, fun() -> exit(in_terminate) end), stop end),
    dies(start(handle_event_function),
         fun(_, _, _) -> put(on_terminate, fun() -> throw(ignored) end), {stop, thrown} end),

    io:format("calls:~n"),
    Dead = start(handle_event_function),
    gen_statem:stop(Dead),
    receive {terminate, _, _, _} -> ok end,
    Slow = start(handle_event_function),
    register(otp_statem_errors_slow, Slow),
    [io:format("  ~p~n", [caught(F)])
     || F <- [fun() -> gen_statem:call(Dead, get) end,
              fun() -> gen_statem:call(Dead, get, 100) end,
              fun() -> gen_statem:call(otp_statem_errors_nobody, get) end,
              fun() -> gen_statem:call(otp_statem_errors_nobody, get, 100) end,
              fun() -> gen_statem:call({otp_statem_errors_nobody, node()}, get, 100) end,
              fun() -> gen_statem:call({otp_statem_errors_nobody, 'x@y'}, get) end,
              fun() -> gen_statem:call(self(), get) end,
              fun() -> gen_statem:call(Slow, get, {foo, 1}) end,
              fun() -> gen_statem:call(Slow, get, -1) end,
              fun() -> gen_statem:call(Slow, get, {dirty_timeout, -1}) end,
              fun() -> gen_statem:call(Slow, get, {clean_timeout, x}) end,
              fun() -> gen_statem:call(Slow, sleep, 20) end,
              fun() -> gen_statem:call(Slow, sleep, {dirty_timeout, 20}) end,
              fun() -> gen_statem:call(otp_statem_errors_slow, sleep, {clean_timeout, 20}) end,
              fun() -> gen_statem:call(otp_statem_errors_slow, sleep, 20) end,
              fun() -> gen_statem:call(otp_statem_errors_slow, get, 1000) end,
              fun() -> gen_statem:stop(Dead) end,
              fun() -> gen_statem:stop(otp_statem_errors_nobody) end,
              fun() -> gen_statem:cast(Dead, x) end,
              fun() -> gen_statem:cast(otp_statem_errors_nobody, x) end,
              fun() -> gen_statem:cast({via, otp_statem_errors_nomod, x}, x) end,
              fun() -> gen_statem:reply(not_a_reply) end,
              fun() -> gen_statem:reply([{reply, {self(), t}, fine}, oops]) end]],
    %% late replies to the calls through a name died with their proxy (those
    %% to a pid need process aliases: otp_statem_late_reply)
    timer:sleep(150),
    flush_fine(),
    Left = [M || M <- element(2, process_info(self(), messages)),
                 not (is_tuple(M) andalso element(2, M) =:= slept)],
    io:format("  mailbox after the calls: ~p~n", [Left]),
    io:format("stop with a timeout:~n"),
    Stuck = start(handle_event_function),
    run(Stuck, fun(From, _, _) -> put(on_terminate, fun() -> timer:sleep(200) end),
                                  {keep_state_and_data, {reply, From, ok}} end),
    io:format("  ~p~n", [caught(fun() -> gen_statem:stop(Stuck, normal, 20) end)]),
    ok.

flush_fine() ->
    receive {t, fine} -> ok after 0 -> ok end.
