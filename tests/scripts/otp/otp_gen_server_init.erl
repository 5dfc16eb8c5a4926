-module(otp_gen_server_init).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, handle_continue/2,
         terminate/2]).

%% What init/1 may return, and what start, start_link and start_monitor
%% make of it; timeouts, hibernate and {continue, C} after init and after
%% the other callbacks.

init({ok, S}) -> {ok, S};
init({timeout, T}) -> {ok, [], T};
init(hibernate) -> {ok, [hib], hibernate};
init(continue) -> self() ! first_message, {ok, [], {continue, init}};
init(ignore) -> ignore;
init({stop, R}) -> {stop, R};
init(bad) -> {what, ever};
init(crash) -> erlang:error(crashed_in_init);
init(exit) -> exit(exited_in_init);
init(throw) -> throw({ok, thrown});
init({sleep, T}) -> timer:sleep(T), {ok, slept}.

handle_call(get, _, S) -> {reply, lists:reverse(S), S};
handle_call({timeout, T}, _, S) -> {reply, ok, [call | S], T};
handle_call(hibernate, _, S) -> {reply, ok, [call_hib | S], hibernate};
handle_call(continue, _, S) -> {reply, ok, [call | S], {continue, from_call}};
handle_call(noreply_continue, From, S) -> {noreply, [{from, From} | S], {continue, reply_now}}.

handle_cast(continue, S) -> {noreply, [cast | S], {continue, from_cast}};
handle_cast({timeout, T}, S) -> {noreply, [cast | S], T}.

handle_info(timeout, S) -> {noreply, [timeout | S]};
handle_info(Msg, S) -> {noreply, [Msg | S]}.

handle_continue(reply_now, [{from, From} | S]) ->
    gen_server:reply(From, continued),
    {noreply, [continue_reply | S]};
handle_continue(C, S) -> {noreply, [{continue, C} | S]}.

terminate(_, _) -> ok.

start(Arg) -> gen_server:start(?MODULE, Arg, []).

shape({error, {R, Stack}}) when is_list(Stack) -> {error, {R, stack}};
shape(X) -> X.

main() ->
    {ok, P1} = start({ok, [one]}),
    io:format("ok: ~p~n", [gen_server:call(P1, get)]),
    {ok, P2} = start({timeout, 10}),
    timer:sleep(50),
    io:format("init timeout: ~p~n", [gen_server:call(P2, get)]),
    {ok, P3} = start(hibernate),
    io:format("init hibernate: ~p~n", [gen_server:call(P3, get)]),
    io:format("call hibernate: ~p~n", [gen_server:call(P3, hibernate)]),
    io:format("after hibernate: ~p~n", [gen_server:call(P3, get)]),
    {ok, P4} = start(continue),
    io:format("init continue: ~p~n", [gen_server:call(P4, get)]),
    io:format("call continue: ~p~n", [gen_server:call(P4, continue)]),
    ok = gen_server:cast(P4, continue),
    io:format("cast continue: ~p~n", [gen_server:call(P4, get)]),
    io:format("noreply continue: ~p~n", [gen_server:call(P4, noreply_continue)]),
    io:format("after: ~p~n", [gen_server:call(P4, get)]),
    {ok, P5} = start({ok, []}),
    ok = gen_server:call(P5, {timeout, 10}),
    timer:sleep(50),
    ok = gen_server:cast(P5, {timeout, 10}),
    timer:sleep(50),
    io:format("call and cast timeouts: ~p~n", [gen_server:call(P5, get)]),
    ok = gen_server:call(P5, {timeout, 100000}),
    P5 ! hello,
    io:format("message first: ~p~n", [gen_server:call(P5, get)]),
    io:format("ignore: ~p~n", [start(ignore)]),
    io:format("stop: ~p~n", [start({stop, no_way})]),
    io:format("bad: ~p~n", [start(bad)]),
    io:format("crash: ~p~n", [shape(start(crash))]),
    io:format("exit: ~p~n", [shape(start(exit))]),
    io:format("throw: ~p~n", [element(1, start(throw))]),
    io:format("start timeout: ~p~n", [gen_server:start(?MODULE, {sleep, 1000}, [{timeout, 20}])]),
    io:format("named ignore: ~p ~p~n", [gen_server:start({local, otp_init_srv}, ?MODULE, ignore, []),
                                        whereis(otp_init_srv)]),
    io:format("named stop: ~p ~p~n", [gen_server:start({local, otp_init_srv}, ?MODULE, {stop, x}, []),
                                      whereis(otp_init_srv)]),
    io:format("named crash: ~p ~p~n", [shape(gen_server:start({local, otp_init_srv}, ?MODULE, crash, [])),
                                       whereis(otp_init_srv)]),
    io:format("monitor ignore: ~p~n", [gen_server:start_monitor(?MODULE, ignore, [])]),
    io:format("monitor stop: ~p~n", [gen_server:start_monitor(?MODULE, {stop, y}, [])]),
    process_flag(trap_exit, true),
    io:format("link ignore: ~p~n", [gen_server:start_link(?MODULE, ignore, [])]),
    receive {'EXIT', _, R0} -> io:format("link exit: ~p~n", [R0]) end,
    io:format("link stop: ~p~n", [gen_server:start_link(?MODULE, {stop, z}, [])]),
    receive {'EXIT', _, R1} -> io:format("link exit: ~p~n", [R1]) end,
    io:format("link crash: ~p~n", [shape(gen_server:start_link(?MODULE, crash, []))]),
    receive {'EXIT', _, {R2, _}} -> io:format("link exit: ~p~n", [R2]) end,
    io:format("link timeout: ~p~n", [gen_server:start_link(?MODULE, {sleep, 1000}, [{timeout, 20}])]),
    receive {'EXIT', _, _} = E -> io:format("unexpected: ~p~n", [E]) after 50 -> ok end,
    [gen_server:stop(P) || P <- [P1, P2, P3, P4, P5]],
    ok.
