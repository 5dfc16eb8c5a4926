-module(otp_statem_format_status).
-behaviour(gen_statem).
-export([main/0]).
-export([init/1, callback_mode/0, handle_event/4, format_status/2]).

%% The old format_status/2 in sys:get_status: its list, a term that is
%% not a list, a throw, a crash; and what it is given.

init(How) -> {ok, running, How}.

callback_mode() -> handle_event_function.

handle_event({call, From}, {set, How}, _, _) ->
    {keep_state, How, {reply, From, ok}}.

format_status(Opt, [PDict, State, Data]) ->
    otp_statem_format_status_watch ! {given, Opt, is_list(PDict), State, Data},
    case Data of
        list -> [{data, [{"Mine", State}]}];
        term -> {custom, State};
        throw -> throw([{data, [{"Thrown", State}]}]);
        crash -> erlang:error(crash)
    end.

main() ->
    register(otp_statem_format_status_watch, self()),
    {ok, P} = gen_statem:start(?MODULE, list, []),
    [begin
         ok = gen_statem:call(P, {set, How}),
         {status, _, _, [_, _, _, _, Items]} = sys:get_status(P),
         Given = receive {given, _, _, _, _} = G -> G end,
         io:format("~p: ~p~n  ~p~n  ~p~n", [How, Given, lists:last(Items), length(Items)])
     end || How <- [list, term, throw, crash]],
    ok.
