-module(otp_sys_debug_event).
-behaviour(gen_event).
-export([main/0]).
-export([init/1, handle_event/2, handle_call/2]).

%% sys's debug events of a gen_event manager: every message in (notify,
%% sync_notify, calls to a handler, handler management, stray messages)
%% traced as it comes and kept in the log; the log as sys:get_status's
%% "Logged Events"; statistics; a {debug, _} start option that is not a
%% list is ignored (erl reports it).

init(N) -> {ok, N}.

handle_event(E, N) ->
    io:format("handler ~p got ~p~n", [N, E]),
    {ok, N + 1}.

handle_call(Q, N) -> {ok, {reply, Q, N}, N}.

p(X) -> io:format("~p~n", [clean(X)]).

clean(X) when is_pid(X) -> pid;
clean(X) when is_reference(X) -> ref;
clean([H | T]) -> [clean(H) | clean(T)];
clean(X) when is_tuple(X) -> list_to_tuple(clean(tuple_to_list(X)));
clean(X) -> X.

main() ->
    {ok, M} = gen_event:start([{debug, [trace, log, statistics]}]),
    ok = gen_event:add_handler(M, ?MODULE, 0),
    ok = gen_event:notify(M, hello),
    ok = gen_event:sync_notify(M, again),
    {reply, q, 2} = gen_event:call(M, ?MODULE, q),
    [?MODULE] = gen_event:which_handlers(M),
    ok = sys:trace(M, false),
    {ok, Log} = sys:log(M, get),
    p({log, Log}),
    {ok, Stats} = sys:statistics(M, get),
    p({messages_in, proplists:get_value(messages_in, Stats)}),
    {status, _, _, [_, _, _, _, Misc]} = sys:get_status(M),
    [_, {data, [_, {"Logged Events", Logged}, _]} | _] = Misc,
    p({logged, Logged =:= Log}),
    {ok, M2} = gen_event:start([{debug, not_a_list}]),
    p({ignored, sys:log(M2, get)}),
    ok = gen_event:stop(M),
    ok = gen_event:stop(M2).
