-module(otp_statem_enter).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4, terminate/3, one/3, two/3]).

%% State enter calls: at the start, on a state change, not on keep_state
%% or a next_state to the same state, again on repeat_state (also from an
%% enter call), their actions, and what they may not return.  Each event
%% brings a fun that makes the callback's result; every callback is logged.

init({Mode, State, Enter, Actions}) ->
    put(mode, Mode),
    put(log, []),
    {ok, State, #{enter => Enter, n => 0}, Actions}.

callback_mode() -> get(mode).

log(E) -> put(log, [E | get(log)]).

handle_event({call, From}, log, _, _) ->
    L = lists:reverse(get(log)),
    put(log, []),
    {keep_state_and_data, {reply, From, L}};
handle_event(enter, Old, State, #{enter := Enter} = D) ->
    log({enter, Old, State}),
    Enter(Old, State, D);
handle_event({call, From}, {run, F}, State, D) ->
    log({call, State}),
    F(From, State, D);
handle_event(Type, Content, State, _D) ->
    log({Type, Content, State}),
    keep_state_and_data.

%% state_functions mode: states one and two
one(enter, Old, D) -> log({one, enter, Old}), {keep_state, D#{entered => one}};
one({call, From}, go, D) -> {next_state, two, D, {reply, From, going}};
one({call, From}, log, _) -> handle_event({call, From}, log, one, x).
two(enter, Old, D) -> log({two, enter, Old}), {keep_state, D#{entered => two}};
two({call, From}, back, D) -> {next_state, one, D, {reply, From, back}};
two({call, From}, data, D) -> {keep_state_and_data, {reply, From, D}};
two({call, From}, log, _) -> handle_event({call, From}, log, two, x).

terminate(Reason, State, D) ->
    log({terminate, Reason, State, maps:get(n, D, none)}),
    otp_statem_enter_watch ! {terminated, lists:reverse(get(log))}.

keep(_, _, _) -> keep_state_and_data.

start(State, Enter) -> start(State, Enter, []).

start(State, Enter, Actions) ->
    {ok, P} = gen_statem:start(?MODULE, {[handle_event_function, state_enter], State, Enter,
                                         Actions}, []),
    P.

run(P, F) -> gen_statem:call(P, {run, F}).

show(P) -> io:format("  ~p~n", [gen_statem:call(P, log)]).

shape({{Reason, Stack}, {gen_statem, call, _}}) when is_list(Stack) -> clean(Reason);
shape({Reason, {gen_statem, call, _}}) -> clean(Reason);
shape(R) -> clean(R).

%% funs shown as `fun` (their printed names are compiler internals)
clean(F) when is_function(F) -> 'fun';
clean(T) when is_tuple(T) -> list_to_tuple(clean(tuple_to_list(T)));
clean([H | T]) -> [clean(H) | clean(T)];
clean(M) when is_map(M) -> maps:map(fun(_, V) -> clean(V) end, M);
clean(X) -> X.

%% A call whose server dies: the reason without its stack, and terminate's log.
dies(P, F) ->
    R = try run(P, F) of
            V -> {value, V}
        catch exit:E -> {exit, shape(E)}
        end,
    io:format("  ~p~n", [R]),
    receive {terminated, L} -> io:format("  terminate: ~p~n", [clean(L)]) after 1000 -> ok end.

main() ->
    register(otp_statem_enter_watch, self()),
    io:format("start:~n"),
    P = start(idle, fun keep/3),
    show(P),
    io:format("next_state to another state:~n"),
    busy = run(P, fun(From, _, D) -> {next_state, busy, D, {reply, From, busy}} end),
    show(P),
    io:format("next_state to the same state, keep_state, keep_state_and_data:~n"),
    run(P, fun(From, S, D) -> {next_state, S, D, {reply, From, x}} end),
    run(P, fun(From, _, D) -> {keep_state, D, {reply, From, x}} end),
    run(P, fun(From, _, _) -> {keep_state_and_data, {reply, From, x}} end),
    show(P),
    io:format("repeat_state, repeat_state_and_data:~n"),
    run(P, fun(From, _, D) -> {repeat_state, D, {reply, From, x}} end),
    run(P, fun(From, _, _) -> {repeat_state_and_data, {reply, From, x}} end),
    show(P),
    io:format("repeat_state from a state enter call:~n"),
    Rep = fun(_, _, #{n := N} = D) when N < 3 -> {repeat_state, D#{n := N + 1}};
             (_, _, _) -> keep_state_and_data
          end,
    run(P, fun(From, _, D) -> {next_state, again, D#{enter := Rep}, {reply, From, x}} end),
    show(P),
    io:format("enter actions: reply, timeouts, next_state to the same state:~n"),
    Acts = fun(_, S, #{from := From} = D) ->
                   {next_state, S, D, [{reply, From, {entered, S}}, {state_timeout, 0, st},
                                       {timeout, 0, et}, hibernate]}
           end,
    io:format("  ~p~n", [run(P, fun(From, _, D) -> {next_state, acting, D#{enter := Acts, from => From}} end)]),
    show(P),
    io:format("init actions run before the first enter call:~n"),
    P2 = start(first, fun keep/3, [{next_event, internal, a}, postpone, {next_event, cast, b}]),
    show(P2),
    io:format("state_functions with state_enter:~n"),
    {ok, P3} = gen_statem:start(?MODULE, {[state_functions, state_enter], one, none, []}, []),
    going = gen_statem:call(P3, go),
    back = gen_statem:call(P3, back),
    going = gen_statem:call(P3, go),
    io:format("  ~p~n", [gen_statem:call(P3, data)]),
    show(P3),

    io:format("an enter call changing the state:~n"),
    dies(start(a, fun(_, a, _) -> keep_state_and_data;
                     (_, b, D) -> {next_state, elsewhere, D}
                  end),
         fun(From, _, D) -> {next_state, b, D, {reply, From, x}} end),
    io:format("same, with actions:~n"),
    dies(start(a, fun(_, a, _) -> keep_state_and_data;
                     (_, b, D) -> {next_state, elsewhere, D, []}
                  end),
         fun(_, _, D) -> {next_state, b, D} end),
    io:format("bad enter actions:~n"),
    [dies(start(a, fun(_, S, D) when S =:= b -> {keep_state, D#{n := 1}, [A]};
                      (_, _, _) -> keep_state_and_data
                   end),
          fun(_, _, D) -> {next_state, b, D} end)
     || A <- [postpone, {postpone, true}, {next_event, internal, x}, {next_event, bad, x},
              {change_callback_module, m}, {push_callback_module, m}, nonsense,
              {state_timeout, -1, x}]],
    io:format("allowed in an enter call: {postpone, false}:~n"),
    P4 = start(a, fun(_, _, _) -> {keep_state_and_data, [{postpone, false}]} end),
    run(P4, fun(From, _, D) -> {next_state, b, D, {reply, From, ok}} end),
    show(P4),
    io:format("stop from an enter call:~n"),
    dies(start(a, fun(_, a, _) -> keep_state_and_data;
                     (_, b, D) -> {stop, entered_b, D#{n := 9}}
                  end),
         fun(_, _, D) -> {next_state, b, D} end),
    io:format("stop_and_reply from an enter call:~n"),
    dies(start(a, fun(_, a, _) -> keep_state_and_data;
                     (_, b, #{from := From}) -> {stop_and_reply, normal, [{reply, From, bye}]}
                  end),
         fun(From, _, D) -> {next_state, b, D#{from => From}} end),
    io:format("a crash in an enter call (terminate sees the old state):~n"),
    dies(start(a, fun(_, a, _) -> keep_state_and_data;
                     (_, b, D) -> {keep_state, D#{n := 1 + length(maps:get(x, D))}}
                  end),
         fun(_, _, D) -> {next_state, b, D#{n := 5}} end),
    ok.
