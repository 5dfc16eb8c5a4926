-module(otp_statem_postpone).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4]).

%% Postponed events: retried on a state change only, oldest first, after
%% the inserted events and before the waiting ones; postponed again;
%% postponed calls and inserted events.  next_event: inserted in list
%% order, ahead of everything, those of an inserted event ahead of the
%% rest.  Each event is {Label, Rules}: Rules say, per state, what the
%% callback returns (keep_state_and_data otherwise); the machine reports
%% every event it handles.

init({Watch, Enter}) ->
    put(watch, Watch),
    put(enter, Enter),
    {ok, a, none}.

callback_mode() ->
    case get(enter) of
        true -> [handle_event_function, state_enter];
        false -> handle_event_function
    end.

handle_event(enter, Old, State, _) ->
    get(watch) ! {ev, enter, Old, State},
    keep_state_and_data;
handle_event(Type, {Label, Rules}, State, _) ->
    get(watch) ! {ev, case Type of {call, _} -> call; _ -> Type end, Label, State},
    case lists:keyfind(State, 1, Rules) of
        {_, Result} -> Result;
        false when element(1, Type) =:= call -> {keep_state_and_data, {reply, element(2, Type), Label}};
        false -> keep_state_and_data
    end.

postpone_in(States) -> [{S, {keep_state_and_data, postpone}} || S <- States].

to(State) -> {next_state, State, none}.

to(State, Actions) -> {next_state, State, none, Actions}.

upto(Last) ->
    receive
        {ev, T, Last, S} -> [{T, Last, S}];
        {ev, T, L, S} -> [{T, L, S} | upto(Last)]
    after 2000 -> [gave_up]
    end.

casts(P, Events) ->
    ok = sys:suspend(P),
    [gen_statem:cast(P, E) || E <- Events],
    ok = sys:resume(P).

show(What, Last) ->
    io:format("~s:~n  ~p~n", [What, upto(Last)]).

start(Enter) ->
    {ok, P} = gen_statem:start(?MODULE, {self(), Enter}, []),
    P.

main() ->
    P = start(false),
    casts(P, [{x1, postpone_in([a])}, {x2, postpone_in([a])}, {x3, postpone_in([a])},
              {stay, [{a, to(a)}]}, {keep, []}, {repeat, [{a, repeat_state_and_data}]},
              {go1, [{a, to(b)}]}, {end1, []}]),
    show("postponed events wait for a state change, then come back oldest first", end1),
    casts(P, [{y1, postpone_in([b, c])}, {y2, postpone_in([b])}, {go2, [{b, to(c)}]},
              {y3, postpone_in([c])}, {go3, [{c, to(d)}]}, {end2, []}]),
    show("postponed again, with the new ones after them", end2),
    casts(P, [{z1, postpone_in([d])},
              {go4, [{d, to(e, [{next_event, internal, {i1, []}}, {next_event, cast, {i2, []}}])}]},
              {end3, []}]),
    show("inserted events, then the postponed ones, then the waiting ones", end3),
    casts(P, [{n, [{e, {keep_state_and_data,
                        [{next_event, internal, {n1, [{e, {keep_state_and_data,
                                                           [{next_event, internal, {n1a, []}},
                                                            {next_event, internal, {n1b, []}}]}}]}},
                         {next_event, info, {n2, []}}]}}]},
              {end4, []}]),
    show("the events an inserted event inserts go before the rest", end4),
    casts(P, [{p, [{e, {keep_state_and_data,
                        [{next_event, internal, {pi, postpone_in([e])}}]}}]},
              {go5, [{e, to(f)}]}, {end5, []}]),
    show("an inserted event postponed", end5),
    casts(P, [{lw, [{f, {keep_state_and_data, [postpone, {postpone, false}]}}]},
              {go6, [{f, to(g)}]}, {end6, []}]),
    show("postpone then {postpone, false}", end6),
    ok = sys:suspend(P),
    Req = gen_statem:send_request(P, {call1, postpone_in([g])}),
    gen_statem:cast(P, {go7, [{g, to(h)}]}),
    gen_statem:cast(P, {end7, []}),
    ok = sys:resume(P),
    show("a postponed call", end7),
    io:format("  reply: ~p~n", [gen_statem:receive_response(Req, 1000)]),
    casts(P, [{st, [{h, {keep_state_and_data, [{state_timeout, 0, {sto, postpone_in([h])}}]}}]},
              {go8, [{h, to(i)}]}, {end8, []}]),
    show("a postponed state timeout", end8),
    P2 = start(true),
    show("with state_enter", a),
    casts(P2, [{x1, postpone_in([a])}, {x2, postpone_in([a])},
               {go, [{a, to(b, [{next_event, internal, {i, []}}])}]}, {end9, []}]),
    show("the enter call comes first", end9),
    ok.
