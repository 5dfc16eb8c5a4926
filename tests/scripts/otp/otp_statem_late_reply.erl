-module(otp_statem_late_reply).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4]).

%% A reply that comes after the call timed out never reaches the caller:
%% through a process alias for a call to a pid, through a proxy process
%% for a call to a name.

init(_) -> {ok, idle, none}.

callback_mode() -> handle_event_function.

handle_event({call, From}, {sleep, T}, _, _) ->
    timer:sleep(T),
    {keep_state_and_data, {reply, From, slept}}.

call(P, T) ->
    try gen_statem:call(P, {sleep, 60}, T)
    catch exit:{Reason, {gen_statem, call, _}} -> Reason
    end.

main() ->
    {ok, P} = gen_statem:start({local, otp_statem_late_reply_sm}, ?MODULE, [], []),
    io:format("pid: ~p~n", [call(P, 10)]),
    io:format("pid, dirty: ~p~n", [call(P, {dirty_timeout, 10})]),
    io:format("pid, clean: ~p~n", [call(P, {clean_timeout, 10})]),
    io:format("name: ~p~n", [call(otp_statem_late_reply_sm, 10)]),
    io:format("name, clean: ~p~n", [call(otp_statem_late_reply_sm, {clean_timeout, 10})]),
    io:format("after: ~p~n", [gen_statem:call(P, {sleep, 0})]),
    {messages, Left} = process_info(self(), messages),
    io:format("late replies: ~p~n", [length(Left)]),
    ok.
