-module(otp_gen_server_sys).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, terminate/2]).
-export([register_name/2, unregister_name/1, whereis_name/1, send/2]).
-export([enter/1]).

%% terminate/2 when the parent exits, messages without handle_info/2,
%% {via, Mod, Name} names, sys's system messages, enter_loop,
%% send_request and the single-node multi_call and abcast.

init(trap) -> process_flag(trap_exit, true), {ok, trap};
init(S) -> {ok, S}.

handle_call(get, _, S) -> {reply, S, S};
handle_call(parent, _, S) -> {reply, gen:get_parent(), S};
handle_call({put, S}, _, _) -> {reply, ok, S}.

handle_cast({put, S}, _) -> {noreply, S}.

terminate(Reason, S) ->
    case whereis(otp_sys_watch) of
        undefined -> ok;
        W -> W ! {terminate, Reason, S}
    end.

%% A via registry: names kept in a registered process's dictionary.
register_name(Name, Pid) -> reg({register, Name, Pid}).
unregister_name(Name) -> reg({unregister, Name}).
whereis_name(Name) -> reg({whereis, Name}).
send(Name, Msg) ->
    case whereis_name(Name) of
        undefined -> exit({badarg, {Name, Msg}});
        Pid -> Pid ! Msg, Pid
    end.

reg(Req) ->
    otp_sys_reg ! {self(), Req},
    receive {otp_sys_reg, R} -> R end.

registry() ->
    receive
        {From, {register, N, P}} ->
            R = case get(N) of undefined -> put(N, P), yes; _ -> no end,
            From ! {otp_sys_reg, R};
        {From, {unregister, N}} -> erase(N), From ! {otp_sys_reg, ok};
        {From, {whereis, N}} ->
            From ! {otp_sys_reg, case get(N) of undefined -> undefined; P -> P end}
    end,
    registry().

%% A proc_lib process that becomes a server.
enter(Parent) ->
    register(otp_sys_entered, self()),
    proc_lib:init_ack(Parent, {ok, self()}),
    gen_server:enter_loop(?MODULE, [], entered, {local, otp_sys_entered}).

main() ->
    register(otp_sys_watch, self()),
    process_flag(trap_exit, true),
    %% the parent's exit, trapped: terminate/2 runs with the parent's reason
    Self = self(),
    spawn(fun() ->
                  {ok, P} = gen_server:start_link(?MODULE, trap, []),
                  Self ! {server, P},
                  exit(parent_gone)
          end),
    receive {server, _} -> ok end,
    receive {terminate, R1, S1} -> io:format("parent exit: ~p ~p~n", [R1, S1]) end,
    %% the parent is the process that started it
    {ok, P2} = gen_server:start_link(?MODULE, 0, []),
    io:format("parent: ~p~n", [gen_server:call(P2, parent) =:= self()]),
    %% a message without handle_info/2: the server goes on
    P2 ! unexpected,
    io:format("no handle_info: ~p~n", [gen_server:call(P2, get)]),
    %% sys
    io:format("get_state: ~p~n", [sys:get_state(P2)]),
    io:format("replace_state: ~p~n", [sys:replace_state(P2, fun(S) -> S + 10 end)]),
    io:format("after replace: ~p~n", [gen_server:call(P2, get)]),
    ok = sys:suspend(P2),
    ok = gen_server:cast(P2, {put, 99}),
    io:format("suspended: ~p~n", [sys:get_state(P2)]),
    {status, SP, {module, gen_server}, [_Dict, SysState, Parent, _Debug, Misc]} = sys:get_status(P2),
    io:format("status: ~p ~p ~p~n", [SP =:= P2, SysState, Parent =:= self()]),
    [{header, Header}, {data, Data}, {data, StateData}] = Misc,
    io:format("header: ~p~n", [Header =:= "Status for generic server " ++ pid_to_list(P2)]),
    io:format("data: ~p~n", [[K || {K, _} <- Data]]),
    io:format("state data: ~p~n", [StateData]),
    ok = sys:resume(P2),
    io:format("resumed: ~p~n", [gen_server:call(P2, get)]),
    io:format("sys on nobody: ~p~n", [catch sys:get_state(otp_sys_nobody)]),
    io:format("sys terminate: ~p~n", [sys:terminate(P2, {shutdown, sys})]),
    receive {terminate, R3, S3} -> io:format("terminated: ~p ~p~n", [R3, S3]) end,
    receive {'EXIT', P2, R4} -> io:format("exit: ~p~n", [R4]) end,
    %% via names
    register(otp_sys_reg, spawn(fun registry/0)),
    Via = {via, ?MODULE, srv},
    {ok, V} = gen_server:start(Via, ?MODULE, via, []),
    io:format("via whereis: ~p~n", [whereis_name(srv) =:= V]),
    io:format("via again: ~p~n", [gen_server:start(Via, ?MODULE, via, []) =:= {error, {already_started, V}}]),
    io:format("via call: ~p~n", [gen_server:call(Via, get)]),
    ok = gen_server:cast(Via, {put, via2}),
    io:format("via cast: ~p~n", [gen_server:call(Via, get)]),
    io:format("via nobody: ~p~n", [catch gen_server:call({via, ?MODULE, nobody}, get)]),
    io:format("via cast nobody: ~p~n", [gen_server:cast({via, ?MODULE, nobody}, x)]),
    io:format("via stop: ~p~n", [gen_server:stop(Via)]),
    receive {terminate, R5, _} -> io:format("terminated: ~p~n", [R5]) end,
    %% enter_loop
    {ok, E} = proc_lib:start(?MODULE, enter, [self()]),
    io:format("entered: ~p ~p~n", [gen_server:call(otp_sys_entered, get),
                                   whereis(otp_sys_entered) =:= E]),
    io:format("entered parent: ~p~n", [gen_server:call(E, parent) =:= E]),
    ok = gen_server:stop(E),
    receive {terminate, R6, S6} -> io:format("terminated: ~p ~p~n", [R6, S6]) end,
    %% send_request
    {ok, Q} = gen_server:start({local, otp_sys_q}, ?MODULE, q, []),
    Id = gen_server:send_request(Q, get),
    io:format("receive_response: ~p~n", [gen_server:receive_response(Id, 1000)]),
    Id2 = gen_server:send_request(otp_sys_q, {put, q2}),
    io:format("wait_response: ~p~n", [gen_server:wait_response(Id2, infinity)]),
    Ids = gen_server:send_request(Q, get, first,
                                  gen_server:send_request(Q, {put, q3}, second,
                                                          gen_server:reqids_new())),
    io:format("reqids: ~p~n", [gen_server:reqids_size(Ids)]),
    {R7, L7, Ids2} = gen_server:receive_response(Ids, 1000, true),
    {R8, L8, Ids3} = gen_server:receive_response(Ids2, 1000, true),
    io:format("collection: ~p~n", [lists:sort([{L7, R7}, {L8, R8}])]),
    io:format("empty: ~p~n", [gen_server:receive_response(Ids3, 1000, true)]),
    Id4 = gen_server:send_request(otp_sys_nobody, get),
    io:format("request to nobody: ~p~n", [gen_server:receive_response(Id4, 1000)]),
    %% multi_call and abcast on one node
    io:format("multi_call: ~p~n", [gen_server:multi_call(otp_sys_q, get)]),
    io:format("multi_call nobody: ~p~n", [gen_server:multi_call(otp_sys_nobody, get)]),
    io:format("abcast: ~p~n", [gen_server:abcast(otp_sys_q, {put, q4})]),
    io:format("after abcast: ~p~n", [gen_server:multi_call([node()], otp_sys_q, get, 1000)]),
    ok = gen_server:stop(Q),
    receive {terminate, _, _} -> ok end,
    ok.
