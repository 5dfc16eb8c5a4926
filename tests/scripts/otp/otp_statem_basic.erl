-module(otp_statem_basic).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, locked/3, open/3, handle_event/4, terminate/3]).

%% A code lock in state_functions mode and a counter in
%% handle_event_function mode: calls, casts, info, reply actions and
%% gen_statem:reply/1,2, state changes, starts (named, linked, monitored),
%% already_started, stop/1,3 and terminate/3.

init({lock, Code}) -> {ok, locked, #{code => Code, tries => 0}};
init({counter, N}) -> put(mode, handle_event_function), {ok, {count, N}, []};
init({named, N}) -> {ok, locked, #{code => N, tries => 0}}.

callback_mode() ->
    case get(mode) of
        undefined -> state_functions;
        M -> M
    end.

locked({call, From}, {button, Code}, #{code := Code} = D) ->
    {next_state, open, D#{tries := 0}, [{reply, From, opened}]};
locked({call, From}, {button, _}, #{tries := T} = D) ->
    {keep_state, D#{tries := T + 1}, {reply, From, {wrong, T + 1}}};
locked({call, From}, state, _) ->
    {keep_state_and_data, [{reply, From, locked}]};
locked({call, From}, tries, #{tries := T}) ->
    gen_statem:reply(From, T),
    keep_state_and_data;
locked(cast, {set_code, C}, D) ->
    {keep_state, D#{code := C}};
locked(info, {ping, Pid}, _) ->
    Pid ! {pong, locked},
    keep_state_and_data.

open({call, From}, lock, D) ->
    {next_state, locked, D, [{reply, From, locked}]};
open({call, From}, state, _) ->
    gen_statem:reply({reply, From, open}),
    keep_state_and_data;
open({call, From}, two, _) ->
    gen_statem:reply([{reply, From, first}, {reply, From, second}]),
    keep_state_and_data;
open(info, {ping, Pid}, _) ->
    Pid ! {pong, open},
    keep_state_and_data;
open(cast, {set_code, _}, _) ->
    {keep_state_and_data, []}.

handle_event({call, From}, get, {count, N}, Log) ->
    {keep_state_and_data, {reply, From, {N, lists:reverse(Log)}}};
handle_event({call, From}, {add, K}, {count, N}, Log) ->
    {next_state, {count, N + K}, [{add, K} | Log], [{reply, From, N + K}]};
handle_event(cast, reset, {count, _}, Log) ->
    {next_state, {count, 0}, [reset | Log]};
handle_event(info, Msg, State, Log) ->
    {next_state, State, [{info, Msg} | Log]};
handle_event({call, From}, {stop, R}, _, _) ->
    {stop_and_reply, R, {reply, From, stopping}};
handle_event({call, From}, {stop, R, D}, _, _) ->
    {stop_and_reply, R, [{reply, From, first}, {reply, From, second}], D};
handle_event(cast, stop, _, _) ->
    stop.

terminate(Reason, State, Data) ->
    case whereis(otp_statem_basic_watch) of
        undefined -> ok;
        W -> W ! {terminated, Reason, State, Data}
    end.

got_terminate() ->
    receive {terminated, R, S, D} -> {R, S, D} after 1000 -> none end.

main() ->
    register(otp_statem_basic_watch, self()),
    {ok, L} = gen_statem:start(?MODULE, {lock, 123}, []),
    io:format("state: ~p~n", [gen_statem:call(L, state)]),
    io:format("wrong: ~p~n", [gen_statem:call(L, {button, 1})]),
    io:format("wrong: ~p~n", [gen_statem:call(L, {button, 2})]),
    io:format("tries: ~p~n", [gen_statem:call(L, tries)]),
    io:format("right: ~p~n", [gen_statem:call(L, {button, 123})]),
    io:format("state: ~p~n", [gen_statem:call(L, state)]),
    io:format("two replies: ~p~n", [gen_statem:call(L, two)]),
    io:format("second reply left: ~p~n",
              [receive {_, second} -> yes
               after 100 -> no end]),
    L ! {ping, self()},
    io:format("info: ~p~n", [receive {pong, S1} -> S1 end]),
    io:format("lock: ~p~n", [gen_statem:call(L, lock)]),
    ok = gen_statem:cast(L, {set_code, 7}),
    io:format("old code: ~p~n", [gen_statem:call(L, {button, 123})]),
    io:format("new code: ~p~n", [gen_statem:call(L, {button, 7})]),
    io:format("get_state: ~p~n", [sys:get_state(L)]),
    io:format("stop: ~p~n", [gen_statem:stop(L)]),
    io:format("terminate: ~p~n", [got_terminate()]),
    io:format("alive: ~p~n", [is_process_alive(L)]),

    %% handle_event_function, complex states
    process_flag(trap_exit, true),
    {ok, C} = gen_statem:start_link(?MODULE, {counter, 5}, []),
    io:format("add: ~p~n", [gen_statem:call(C, {add, 3})]),
    C ! hello,
    gen_statem:cast(C, reset),
    io:format("add: ~p~n", [gen_statem:call(C, {add, 2}, 1000)]),
    io:format("get: ~p~n", [gen_statem:call(C, get)]),
    io:format("get_state: ~p~n", [sys:get_state(C)]),
    io:format("stop_and_reply: ~p~n", [gen_statem:call(C, {stop, {shutdown, bye}})]),
    io:format("terminate: ~p~n", [got_terminate()]),
    io:format("linked: ~p~n", [receive {'EXIT', C, R0} -> R0 end]),
    {ok, C2} = gen_statem:start(?MODULE, {counter, 1}, []),
    io:format("stop_and_reply with data: ~p~n", [gen_statem:call(C2, {stop, normal, new_data})]),
    io:format("second reply: ~p~n", [receive {_, second} -> yes after 1000 -> no end]),
    io:format("terminate: ~p~n", [got_terminate()]),
    {ok, C3} = gen_statem:start(?MODULE, {counter, 1}, []),
    gen_statem:cast(C3, stop),
    io:format("stop: ~p~n", [got_terminate()]),

    %% names
    {ok, N} = gen_statem:start({local, otp_statem_basic_lock}, ?MODULE, {named, 1}, []),
    io:format("whereis: ~p~n", [whereis(otp_statem_basic_lock) =:= N]),
    io:format("again: ~p~n",
              [gen_statem:start({local, otp_statem_basic_lock}, ?MODULE, {named, 1}, []) =:=
                   {error, {already_started, N}}]),
    io:format("by name: ~p~n", [gen_statem:call(otp_statem_basic_lock, {button, 2})]),
    io:format("by name and node: ~p~n",
              [gen_statem:call({otp_statem_basic_lock, node()}, state, 500)]),
    ok = gen_statem:cast({otp_statem_basic_lock, node()}, {set_code, 9}),
    io:format("by name, timeout: ~p~n", [gen_statem:call(otp_statem_basic_lock, {button, 9}, 500)]),
    io:format("dirty: ~p~n", [gen_statem:call(otp_statem_basic_lock, state, {dirty_timeout, 500})]),
    io:format("clean: ~p~n", [gen_statem:call(otp_statem_basic_lock, state, {clean_timeout, 500})]),
    io:format("stop/3: ~p~n", [gen_statem:stop(otp_statem_basic_lock, {shutdown, x}, 1000)]),
    io:format("terminate: ~p~n", [got_terminate()]),
    io:format("whereis: ~p~n", [whereis(otp_statem_basic_lock)]),

    %% start_monitor
    {ok, {M, Ref}} = gen_statem:start_monitor(?MODULE, {lock, 0}, []),
    io:format("monitor: ~p~n", [is_reference(Ref)]),
    gen_statem:stop(M, oops, infinity),
    io:format("terminate: ~p~n", [got_terminate()]),
    io:format("down: ~p~n", [receive {'DOWN', Ref, process, M, R} -> R end]),
    ok.
