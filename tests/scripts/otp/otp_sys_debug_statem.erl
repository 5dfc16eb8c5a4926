-module(otp_sys_debug_statem).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, idle/3, busy/3, terminate/3]).

%% sys's debug events of a gen_statem, traced with sys:trace and logged
%% with sys:log: enter at the start, each event received (calls, casts,
%% infos, timeouts, zero timeouts), replies sent, inserted events,
%% postpone and consume with the state change, timers started, state
%% enter calls, a callback module pushed and popped, and the terminate
%% event of a normal stop.  Also the log in sys:get_status.

init(Data) -> {ok, idle, Data, [{next_event, internal, boot}]}.

callback_mode() -> [state_functions, state_enter].

idle(enter, Old, Data) -> {keep_state, [{enter_from, Old} | Data]};
idle(internal, boot, Data) -> {keep_state, [booted | Data]};
idle({call, From}, get, Data) -> {keep_state_and_data, [{reply, From, Data}]};
idle({call, From}, go, Data) ->
    {next_state, busy, Data, [{reply, From, going}, {state_timeout, 5000, too_slow},
                              {timeout, 0, zero}]};
idle(cast, later, _) -> {keep_state_and_data, [postpone]};
idle(info, Msg, Data) -> {keep_state, [{info, Msg} | Data], [{next_event, cast, from_info}]};
idle(cast, from_info, Data) -> {keep_state, [from_info | Data]}.

busy(enter, _Old, _Data) -> keep_state_and_data;
busy(timeout, zero, Data) -> {keep_state, [zero | Data], [{timeout, update, updated}]};
busy(cast, later, Data) -> {keep_state, [later | Data]};
busy({call, From}, back, Data) ->
    {next_state, idle, Data, [{reply, From, ok}, {state_timeout, cancel}]};
busy({call, From}, stop, Data) -> {stop_and_reply, normal, [{reply, From, stopping}], Data};
busy(timeout, updated, Data) -> {keep_state, [updated | Data]};
busy({call, From}, get, Data) -> {keep_state_and_data, [{reply, From, Data}, {timeout, 0, zero}]};
busy(_, _, _) -> keep_state_and_data.

terminate(Reason, State, _) -> io:format("terminate ~p in ~p~n", [Reason, State]).

p(X) -> io:format("~p~n", [clean(X)]).

clean(X) when is_pid(X) -> pid;
clean(X) when is_reference(X) -> ref;
clean([H | T]) -> [clean(H) | clean(T)];
clean(X) when is_tuple(X) -> list_to_tuple(clean(tuple_to_list(X)));
clean(X) -> X.

main() ->
    {ok, M} = gen_statem:start(?MODULE, [], [{debug, [trace, {log, 50}]}]),
    _ = gen_statem:call(M, get),
    gen_statem:cast(M, later),
    M ! hello,
    going = gen_statem:call(M, go),
    _ = gen_statem:call(M, get),
    ok = gen_statem:call(M, back),
    ok = sys:trace(M, false),
    {ok, Log} = sys:log(M, get),
    p({log, length(Log), [element(1, E) || E <- Log]}),
    {status, _, _, [_, _, _, _, Misc]} = sys:get_status(M),
    [_, {data, Data} | _] = Misc,
    {_, Logged} = lists:keyfind("Logged Events", 1, Data),
    p({logged, length(Logged) =:= length(Log)}),
    ok = sys:trace(M, true),
    going = gen_statem:call(M, go),
    Ref = monitor(process, M),
    stopping = gen_statem:call(M, stop),
    receive {'DOWN', Ref, process, M, Reason} -> p({down, Reason}) end,
    ok.
