-module(otp_gen_server_basic).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, terminate/2]).

%% A counter server: start, call, cast, info, registered names, stop.

init(N) -> {ok, N}.

handle_call(get, _From, N) -> {reply, N, N};
handle_call({add, K}, _From, N) -> {reply, ok, N + K};
handle_call(later, From, N) ->
    self() ! {reply_to, From},
    {noreply, N};
handle_call(stop, _From, N) -> {stop, normal, stopped, N}.

handle_cast({add, K}, N) -> {noreply, N + K}.

handle_info({reply_to, From}, N) ->
    gen_server:reply(From, {late, N}),
    {noreply, N};
handle_info({tell, Pid}, N) ->
    Pid ! {value, N},
    {noreply, N}.

terminate(Reason, N) ->
    case whereis(otp_basic_watch) of
        undefined -> ok;
        W -> W ! {terminated, Reason, N}
    end.

main() ->
    {ok, P} = gen_server:start(?MODULE, 10, []),
    io:format("pid: ~p~n", [is_pid(P)]),
    io:format("get: ~p~n", [gen_server:call(P, get)]),
    io:format("add: ~p~n", [gen_server:call(P, {add, 5})]),
    io:format("cast: ~p~n", [gen_server:cast(P, {add, 1})]),
    io:format("get: ~p~n", [gen_server:call(P, get, 1000)]),
    io:format("later: ~p~n", [gen_server:call(P, later, infinity)]),
    P ! {tell, self()},
    receive {value, V} -> io:format("info: ~p~n", [V]) end,
    io:format("alive: ~p~n", [is_process_alive(P)]),
    register(otp_basic_watch, self()),
    Ref = monitor(process, P),
    io:format("stop call: ~p~n", [gen_server:call(P, stop)]),
    receive {terminated, R, N} -> io:format("terminated: ~p ~p~n", [R, N]) end,
    receive {'DOWN', Ref, process, P, Why} -> io:format("down: ~p~n", [Why]) end,
    %% a registered server
    {ok, Q} = gen_server:start({local, otp_basic_srv}, ?MODULE, 1, []),
    io:format("whereis: ~p~n", [whereis(otp_basic_srv) =:= Q]),
    io:format("again: ~p~n", [gen_server:start({local, otp_basic_srv}, ?MODULE, 1, []) =:= {error, {already_started, Q}}]),
    io:format("by name: ~p~n", [gen_server:call(otp_basic_srv, get)]),
    io:format("by {name, node}: ~p~n", [gen_server:call({otp_basic_srv, node()}, get)]),
    gen_server:cast({otp_basic_srv, node()}, {add, 2}),
    gen_server:cast(otp_basic_srv, {add, 2}),
    io:format("get: ~p~n", [gen_server:call(otp_basic_srv, get)]),
    io:format("stop: ~p~n", [gen_server:stop(otp_basic_srv)]),
    receive {terminated, R2, N2} -> io:format("terminated: ~p ~p~n", [R2, N2]) end,
    io:format("gone: ~p~n", [whereis(otp_basic_srv)]),
    %% stop with a reason
    {ok, S} = gen_server:start(?MODULE, 7, []),
    io:format("stop/3: ~p~n", [gen_server:stop(S, {shutdown, done}, 1000)]),
    receive {terminated, R3, N3} -> io:format("terminated: ~p ~p~n", [R3, N3]) end,
    %% start_link and start_monitor
    {ok, L} = gen_server:start_link(?MODULE, 3, []),
    {links, Links} = process_info(self(), links),
    io:format("linked: ~p~n", [lists:member(L, Links)]),
    {ok, {M, MRef}} = gen_server:start_monitor(?MODULE, 4, []),
    io:format("monitor: ~p ~p~n", [is_pid(M), is_reference(MRef)]),
    ok = gen_server:stop(M),
    receive {terminated, _, 4} -> ok end,
    receive {'DOWN', MRef, process, M, R4} -> io:format("monitor down: ~p~n", [R4]) end,
    unregister(otp_basic_watch),
    unlink(L),
    ok = gen_server:stop(L),
    ok.
