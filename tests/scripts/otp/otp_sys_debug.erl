-module(otp_sys_debug).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2, handle_continue/2,
         code_change/3, format_status/2]).

%% sys's debug facilities on a gen_server: the {debug, Options} start
%% option, sys:trace (events printed as they happen, by the server, on its
%% group leader), sys:log (get, print, a resized log keeps the newest),
%% sys:statistics (message counts), installed debug funs (with and without
%% an id, done, a crash removes them), sys:remove, sys:no_debug,
%% log_to_file, the Debug list and "Logged events" in sys:get_status, an
%% unknown debug command, and sys:change_code while suspended.

init(N) -> {ok, N, {continue, boot}}.

handle_continue(boot, N) -> {noreply, N + 1}.

handle_call(get, _From, N) -> {reply, N, N};
handle_call({set, M}, _From, N) -> {reply, {was, N}, M}.

handle_cast({add, K}, N) -> {noreply, N + K}.

handle_info(tick, N) -> {noreply, N * 2};
handle_info(_, N) -> {noreply, N, hibernate}.

code_change(Old, N, Extra) -> {ok, {changed, Old, N, Extra}}.

format_status(_Opt, [_PDict, N]) -> [{data, [{"State", {formatted, N}}]}].

%% Pids and references print wider or narrower here than in erl, which
%% moves ~p's line breaks: they are printed as atoms.
p(X) -> io:format("~p~n", [clean(X)]).

clean(X) when is_pid(X) -> pid;
clean(X) when is_reference(X) -> ref;
clean([H | T]) -> [clean(H) | clean(T)];
clean(X) when is_tuple(X) -> list_to_tuple(clean(tuple_to_list(X)));
clean(X) -> X.

main() ->
    {ok, P} = gen_server:start(?MODULE, 1, [{debug, [trace, {log, 3}, statistics]}]),
    2 = gen_server:call(P, get),
    gen_server:cast(P, {add, 5}),
    P ! tick,
    14 = gen_server:call(P, get),
    p({log, sys:log(P, get)}),
    sys:log(P, print),
    {ok, St} = sys:statistics(P, get),
    p({stats, [{K, V} || {K, V} <- St, K =:= messages_in orelse K =:= messages_out],
       [K || {K, _} <- St]}),
    ok = sys:trace(P, false),
    %% installed funs: the one without an id stops itself after three
    %% events, the one with an id crashes on the third
    Counter = fun(S, E, _) -> p({counter, S, E}), if S >= 2 -> done; true -> S + 1 end end,
    ok = sys:install(P, {Counter, 0}),
    ok = sys:install(P, {my_id, fun(S, E, X) when S < 2 -> p({id, S, E, X}), S + 1 end, 0}),
    ok = sys:install(P, {thrower, fun(S, _, _) -> throw(S + 10) end, 0}),
    gen_server:cast(P, {add, 1}),
    gen_server:cast(P, {add, 1}),
    16 = gen_server:call(P, get),
    {status, _, _, [_, _, _, Dbg, Misc]} = sys:get_status(P),
    p({debug_keys, [if is_function(K) -> a_fun; true -> K end || {K, _} <- Dbg]}),
    p({thrower_state, [S || {thrower, {_, S}} <- Dbg]}),
    p({misc, Misc}),
    ok = sys:remove(P, thrower),
    ok = sys:remove(P, not_there),
    %% the log, resized: the newest two stay
    ok = sys:log(P, {true, 2}),
    ok = sys:log(P, false),
    ok = sys:log(P, {true, 2}),
    {was, 16} = gen_server:call(P, {set, 100}),
    gen_server:cast(P, {add, 1}),
    100 = gen_server:call(P, {set, 100}) =:= {was, 101} andalso 100,
    p({log2, sys:log(P, get)}),
    %% log_to_file
    File = "otp_sys_debug.log",
    ok = sys:log_to_file(P, File),
    gen_server:cast(P, {add, 2}),
    102 = gen_server:call(P, get),
    ok = sys:log_to_file(P, false),
    {ok, Bin} = file:read_file(File),
    p({file_lines, length(binary:split(Bin, <<"\n">>, [global, trim]))}),
    ok = file:delete(File),
    p({bad_file, sys:log_to_file(P, "/nonexistent/dir/x.log")}),
    p({unknown, gen:call(P, system, {debug, bogus})}),
    ok = sys:no_debug(P),
    p({after_no_debug, sys:log(P, get), sys:statistics(P, get)}),
    %% code change: only while suspended
    p({change_running, sys:change_code(P, ?MODULE, old, extra)}),
    P ! hibernate_now,
    ok = sys:suspend(P),
    p({change_suspended, sys:change_code(P, ?MODULE, old, extra)}),
    ok = sys:resume(P),
    p({state, sys:get_state(P)}),
    p({catch_noproc, catch sys:trace(nobody, true)}),
    p({catch_noproc_install, catch sys:no_debug(nobody)}),
    ok.
