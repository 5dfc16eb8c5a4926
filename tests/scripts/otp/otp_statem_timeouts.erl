-module(otp_statem_timeouts).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4]).

%% Event, state and generic timeouts: when they fire, what cancels them
%% (any event; a state change; cancel), update, restart, the last of a
%% type winning, absolute times, bare times, zero timeouts and their
%% order.  Every event the machine handles is reported to the test; an
%% event {do, Label, Result} makes the callback return Result.  Orders
%% that depend on messages already waiting are made with sys:suspend.

init(Watch) -> {ok, a, Watch}.

callback_mode() -> handle_event_function.

handle_event(Type, Content, State, Watch) ->
    {Label, Result} = case Content of
                          {do, L, R} -> {L, R};
                          _ -> {Content, keep_state_and_data}
                      end,
    Watch ! {ev, case Type of {call, _} -> call; _ -> Type end, Label, State},
    case Type of
        {call, From} -> gen_statem:reply(From, ok);
        _ -> ok
    end,
    Result.

do(Label, Actions) -> {do, Label, {keep_state_and_data, Actions}}.

%% The events handled up to the one labelled Last.
upto(Last) ->
    receive
        {ev, T, Last, S} -> [{T, Last, S}];
        {ev, T, L, S} -> [{T, L, S} | upto(Last)]
    after 2000 -> [gave_up]
    end.

run(What, P, Msgs, Last) ->
    ok = sys:suspend(P),
    [case M of
         {cast, C} -> gen_statem:cast(P, C);
         _ -> P ! M
     end || M <- Msgs],
    ok = sys:resume(P),
    io:format("~s:~n  ~p~n", [What, upto(Last)]).

main() ->
    {ok, P} = gen_statem:start(?MODULE, self(), []),
    run("event timeout fires", P, [{cast, do(set, [{timeout, 20, e1}])}], e1),
    run("an inserted event cancels the event timeout", P,
        [{cast, do(set, [{timeout, 20, e2}, {{timeout, m}, 60, m1}, {next_event, internal, ins}])}],
        m1),
    run("a message cancels the event timeout", P,
        [{cast, do(set, [{timeout, 20, e3}, {{timeout, m}, 60, m2}])}, hello], m2),
    run("a zero event timeout comes before a waiting message", P,
        [{cast, do(set, [{timeout, 0, z}])}, hello], hello),
    run("an inserted event comes first and cancels a zero event timeout", P,
        [{cast, do(set, [{timeout, 0, z2}, {{timeout, g}, 0, g0}, {next_event, internal, ins}])}],
        g0),
    run("zero timeouts fire in the order they were set", P,
        [{cast, do(set, [{timeout, 0, e0}, {{timeout, g}, 0, g1}, {state_timeout, 0, s0}])}], s0),
    run("the last one of a type counts, in its place", P,
        [{cast, do(set, [{{timeout, g}, 0, first}, {state_timeout, 0, s1},
                         {{timeout, g}, 0, second}])}], second),
    run("a zero timeout set again goes last", P,
        [{cast, do(set, [{{timeout, x}, 0, x1}, {{timeout, y}, 0, y1},
                         {next_event, internal, do(again, [{{timeout, x}, 0, x2}])}])}], x2),
    run("events do not cancel the state timeout", P,
        [{cast, do(set, [{state_timeout, 40, st1}])}, {cast, c1}, hello, {cast, c2}], st1),
    run("a state change cancels it", P,
        [{cast, do(set, [{state_timeout, 20, st2}, {{timeout, m}, 60, m3},
                         {next_event, internal, {do, to_b, {next_state, b, self()}}}])}], m3),
    run("one set while changing state runs in the new state", P,
        [{cast, {do, to_a, {next_state, a, self(), [{state_timeout, 20, st3}]}}}], st3),
    run("repeat_state keeps it", P,
        [{cast, do(set, [{state_timeout, 20, st4},
                         {next_event, internal, {do, rep, repeat_state_and_data}}])}], st4),
    run("generic timeouts survive state changes", P,
        [{cast, do(set, [{{timeout, x}, 20, gx}, {{timeout, y}, 60, gy},
                         {next_event, internal, {do, to_b, {next_state, b, self()}}}])}], gy),
    run("cancel", P,
        [{cast, do(set, [{{timeout, x}, 20, gx2}, {{timeout, y}, 60, gy2}, {state_timeout, 20, st5},
                         {timeout, 20, e5},
                         {next_event, internal, do(cancel, [{{timeout, x}, cancel},
                                                            {state_timeout, cancel}])}])}],
        gy2),
    run("update a running timeout's message", P,
        [{cast, do(set, [{{timeout, x}, 30, old},
                         {next_event, internal, do(upd, [{{timeout, x}, update, new}])}])}], new),
    run("update with no timeout running: a zero timeout", P,
        [{cast, do(set, [{timeout, update, efresh}, {{timeout, z}, update, fresh},
                         {state_timeout, update, sfresh}])}], sfresh),
    run("a timeout set again restarts", P,
        [{cast, do(set, [{{timeout, x}, 20, r1}, {{timeout, m}, 120, m4},
                         {next_event, internal, do(restart, [{{timeout, x}, 60, r2}])}])}], m4),
    run("the last of a type in one list wins", P,
        [{cast, do(set, [{{timeout, x}, 20, w1}, {state_timeout, 10, ws}, {{timeout, x}, 40, w2}])}],
        w2),
    Now = erlang:monotonic_time(millisecond),
    run("absolute times", P,
        [{cast, do(set, [{state_timeout, Now + 30, abs1, [{abs, true}]},
                         {{timeout, p}, Now - 10, past, {abs, true}},
                         {{timeout, r}, 10, rel, [{abs, false}]}])}], abs1),
    run("a bare time is an event timeout", P, [{cast, do(set, [20])}], 20),
    run("infinity cancels it", P,
        [{cast, do(set, [{timeout, 20, e6}, {{timeout, m}, 50, m5}, infinity])}], m5),
    run("a timer message that is not ours is info", P,
        [{timeout, make_ref(), state_timeout}, {cast, c3}], c3),
    run("a timeout event can change state", P,
        [{cast, do(set, [{state_timeout, 10, {do, st_to_a, {next_state, a, self(),
                                                           [{state_timeout, 10, in_a}]}}}])}],
        in_a),
    run("hibernate", P, [{cast, do(set, [hibernate, {timeout, 10, after_hib}])}], after_hib),
    run("hibernate with a waiting message", P,
        [{cast, do(set, [{hibernate, true}])}, hello, {cast, c4}], c4),
    ok = gen_statem:stop(P),
    {ok, P2} = gen_statem:start(?MODULE, self(), [{hibernate_after, 5}]),
    timer:sleep(30),
    run("hibernate_after", P2, [{cast, c5}], c5),
    ok.
