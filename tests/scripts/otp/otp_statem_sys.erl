-module(otp_statem_sys).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4, idle/3, terminate/3, format_status/1]).
-export([enter/2]).

%% sys (get_state, replace_state, get_status, suspend, resume, terminate),
%% format_status/1, the parent's exit, enter_loop/4,5,6, changing and
%% stacking callback modules (this module again, with another callback
%% mode), send_request and the request id collections.

init(trap) -> process_flag(trap_exit, true), init(x);
init(_) -> put(mode, handle_event_function), {ok, idle, #{n => 0}}.

callback_mode() -> get(mode).

handle_event({call, From}, get, State, Data) ->
    {keep_state_and_data, {reply, From, {handle_event, State, Data}}};
handle_event({call, From}, {set, State, Data, Actions}, _, _) ->
    {next_state, State, Data, [{reply, From, ok} | Actions]};
handle_event({call, From}, {mode, M, Action}, _, _) ->
    put(mode, M),
    {keep_state_and_data, [{reply, From, ok}, Action]};
handle_event({call, From}, {sleep, T}, _, _) ->
    timer:sleep(T),
    {keep_state_and_data, {reply, From, {slept, T}}};
handle_event(cast, postpone_me, waiting, _) ->
    {keep_state_and_data, postpone};
handle_event(enter, Old, State, _) ->
    watch({enter, Old, State}),
    keep_state_and_data;
handle_event(Type, Content, State, _) ->
    watch({event, Type, Content, State}),
    keep_state_and_data.

%% the state function of this module in state_functions mode
idle({call, From}, get, Data) ->
    {keep_state_and_data, {reply, From, {idle, Data}}};
idle({call, From}, {mode, M, Action}, _) ->
    put(mode, M),
    {keep_state_and_data, [{reply, From, ok}, Action]}.

terminate(Reason, State, Data) -> watch({terminate, Reason, State, Data}).

format_status(#{data := #{hide := true}} = S) -> S#{data := hidden};
format_status(#{data := #{hide := crash}}) -> erlang:error(crash);
format_status(#{data := #{hide := not_map}}) -> not_a_map;
format_status(#{data := #{hide := bad_keys}} = S) -> S#{whatever => 1};
format_status(S) -> S.

watch(Msg) ->
    case whereis(otp_statem_sys_watch) of
        undefined -> ok;
        W -> W ! {watch, Msg}
    end.

got() -> receive {watch, M} -> M after 1000 -> nothing end.

%% A proc_lib process that becomes a state machine.
enter(Parent, How) ->
    proc_lib:init_ack(Parent, {ok, self()}),
    put(mode, [handle_event_function, state_enter]),
    case How of
        four -> gen_statem:enter_loop(?MODULE, [], s4, d4);
        five_actions ->
            gen_statem:enter_loop(?MODULE, [], s5, d5, [{next_event, internal, go}]);
        five_name ->
            register(otp_statem_sys_entered, self()),
            gen_statem:enter_loop(?MODULE, [], s5, d5, {local, otp_statem_sys_entered});
        six ->
            register(otp_statem_sys_entered6, self()),
            gen_statem:enter_loop(?MODULE, [], s6, d6, {local, otp_statem_sys_entered6},
                                  {state_timeout, 0, six});
        not_registered ->
            gen_statem:enter_loop(?MODULE, [], s, d, {local, otp_statem_sys_nobody}, []);
        bad_module ->
            gen_statem:enter_loop("m", [], s, d)
    end.

status(P) ->
    {status, Pid, Mod, [PDict, SysState, Parent, Debug, Items]} = sys:get_status(P),
    io:format("  ~p ~p ~p ~p~n", [Pid =:= P, Mod, SysState, Debug]),
    io:format("  parent is me: ~p; dictionary keys: ~p~n",
              [Parent =:= self(), lists:sort([K || {K, _} <- PDict])]),
    [io:format("  ~p~n", [I]) || I <- Items].

main() ->
    register(otp_statem_sys_watch, self()),
    process_flag(trap_exit, true),
    {ok, P} = gen_statem:start_link(?MODULE, x, []),
    io:format("get_state: ~p~n", [sys:get_state(P)]),
    io:format("replace_state: ~p~n", [sys:replace_state(P, fun({_, D}) -> {busy, D#{n := 1}} end)]),
    io:format("after: ~p~n", [gen_statem:call(P, get)]),
    io:format("replace_state crashing: ~p~n",
              [try sys:replace_state(P, fun(_) -> erlang:error(no) end)
               catch error:{callback_failed, _, {Cl, Ex}} -> {callback_failed, Cl, Ex}
               end]),
    io:format("get_status:~n"),
    status(P),
    ok = gen_statem:call(P, {set, waiting, #{n => 2},
                             [{state_timeout, 5000, st}, {{timeout, b}, 5000, gb},
                              {{timeout, a}, 5000, ga}, {timeout, 5000, et}]}),
    gen_statem:cast(P, postpone_me),
    io:format("get_status with timeouts and postponed events:~n"),
    status(P),
    io:format("format_status/1:~n"),
    [begin
         ok = gen_statem:call(P, {set, idle, #{hide => H}, []}),
         {status, _, _, [_, _, _, _, Items]} = sys:get_status(P),
         io:format("  ~p: ~p~n", [H, lists:last(Items)])
     end || H <- [true, crash, not_map, bad_keys, no]],
    io:format("suspend: ~p~n", [sys:suspend(P)]),
    gen_statem:cast(P, while_suspended),
    io:format("call while suspended: ~p~n", [catch gen_statem:call(P, get, 50)]),
    io:format("get_state while suspended: ~p~n", [sys:get_state(P)]),
    io:format("resume: ~p~n", [sys:resume(P)]),
    io:format("queued: ~p~n", [[got(), got()]]),
    Other = spawn(fun() -> ok end),
    io:format("other exits are info: ~p~n",
              [begin P ! {'EXIT', Other, not_parent}, got() =:= {event, info, {'EXIT', Other, not_parent}, idle} end]),

    io:format("callback modules:~n"),
    ok = gen_statem:call(P, {mode, state_functions, {push_callback_module, ?MODULE}}),
    io:format("  pushed: ~p~n", [gen_statem:call(P, get)]),
    {status, _, _, [_, _, _, _, [_, {data, D1} | _]]} = sys:get_status(P),
    io:format("  ~p~n", [lists:keyfind("Modules", 1, D1)]),
    ok = gen_statem:call(P, {mode, [handle_event_function, state_enter], pop_callback_module}),
    io:format("  popped: ~p~n", [gen_statem:call(P, get)]),
    ok = gen_statem:call(P, {mode, state_functions, {change_callback_module, ?MODULE}}),
    io:format("  changed: ~p~n", [gen_statem:call(P, get)]),
    {status, _, _, [_, _, _, _, [_, {data, D2} | _]]} = sys:get_status(P),
    io:format("  ~p~n", [lists:keyfind("Modules", 1, D2)]),
    ok = gen_statem:call(P, {mode, handle_event_function, {change_callback_module, ?MODULE}}),
    Mref = monitor(process, P),
    ok = gen_statem:call(P, {mode, handle_event_function, {push_callback_module, otp_statem_sys_none}}),
    io:format("  to a module that does not exist: ~p~n",
              [receive {'DOWN', Mref, _, _, {R, [_ | _]}} -> R end]),
    io:format("  terminate: ~p~n", [got()]),
    io:format("  exit: ~p~n", [receive {'EXIT', P, {R2, [_ | _]}} -> R2 end]),

    io:format("sys:terminate:~n"),
    {ok, P2} = gen_statem:start(?MODULE, x, []),
    io:format("  ~p ~p~n", [sys:terminate(P2, {shutdown, sys}), got()]),
    io:format("the parent's exit, trapped:~n"),
    Self = self(),
    spawn(fun() ->
                  {ok, P3} = gen_statem:start_link(?MODULE, trap, []),
                  Self ! {child, P3},
                  exit(parent_gone)
          end),
    receive {child, _} -> ok end,
    io:format("  ~p~n", [got()]),

    io:format("enter_loop:~n"),
    [begin
         {ok, E} = proc_lib:start_link(?MODULE, enter, [self(), How]),
         io:format("  ~p: ~p~n", [How, got()]),
         case How of
             five_actions -> io:format("  ~p~n", [got()]);
             six -> io:format("  ~p~n", [got()]);
             _ -> ok
         end,
         io:format("  get: ~p~n", [gen_statem:call(E, get)]),
         gen_statem:stop(E),
         io:format("  ~p~n", [got()])
     end || How <- [four, five_actions, five_name, six]],
    [begin
         {ok, E} = proc_lib:start_link(?MODULE, enter, [self(), How]),
         io:format("  ~p: ~p~n", [How, receive {'EXIT', E, {R3, [_ | _]}} -> R3;
                                               {'EXIT', E, R3} -> R3 end])
     end || How <- [not_registered, bad_module]],
    io:format("  not started by proc_lib: ~p~n",
              [catch gen_statem:enter_loop(?MODULE, [], s, d)]),

    io:format("requests:~n"),
    {ok, P4} = gen_statem:start(?MODULE, x, []),
    R1 = gen_statem:send_request(P4, get),
    io:format("  receive_response: ~p~n", [gen_statem:receive_response(R1)]),
    R4 = gen_statem:send_request(P4, get),
    io:format("  wait_response: ~p~n", [gen_statem:wait_response(R4)]),
    R5 = gen_statem:send_request(P4, {sleep, 50}),
    io:format("  wait_response, timeout: ~p~n", [gen_statem:wait_response(R5, 0)]),
    io:format("  then: ~p~n", [gen_statem:wait_response(R5, infinity)]),
    R6 = gen_statem:send_request(P4, get),
    Msg = receive {[alias | R6], _} = M -> M end,
    io:format("  check_response: ~p ~p~n",
              [gen_statem:check_response(Msg, make_ref()), gen_statem:check_response(Msg, R6)]),
    C0 = gen_statem:reqids_new(),
    C1 = gen_statem:send_request(P4, {sleep, 20}, first, C0),
    C2 = gen_statem:send_request(P4, get, second, C1),
    io:format("  collection: ~p ~p~n",
              [gen_statem:reqids_size(C2), lists:sort([L || {_, L} <- gen_statem:reqids_to_list(C2)])]),
    {Res1, L1, C3} = gen_statem:receive_response(C2, 1000, true),
    {Res2, L2, C4} = gen_statem:wait_response(C3, infinity, true),
    io:format("  ~p ~p~n  ~p ~p~n  ~p~n", [L1, Res1, L2, Res2, gen_statem:receive_response(C4, 0, true)]),
    C5 = gen_statem:reqids_add(gen_statem:send_request(P4, get), third, C4),
    io:format("  ~p~n", [gen_statem:receive_response(C5, 1000, false) =:=
                             {{reply, {handle_event, idle, #{n => 0}}}, third, C5}]),
    gen_statem:stop(P4),
    io:format("  terminate: ~p~n", [got()]),
    R7 = gen_statem:send_request(P4, get),
    io:format("  to a dead machine: ~p~n", [gen_statem:receive_response(R7, 100) =:= {error, {noproc, P4}}]),
    io:format("  badarg: ~p~n", [try gen_statem:wait_response(x, -1)
                                 catch error:badarg:St ->
                                         {gen_statem, F, A, _} = hd(St),
                                         {F, A}
                                 end]),
    ok.
