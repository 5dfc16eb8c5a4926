-module(otp_gen_server_late).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2]).

%% Replies that come after the caller gave up: a call's timeout and a
%% request's receive_response timeout deactivate the alias the reply is
%% sent to, so the late reply never reaches the caller's mailbox.

init(State) -> {ok, State}.

handle_call({slow, Ms}, From, State) ->
    spawn(fun() -> timer:sleep(Ms), gen_server:reply(From, {late, Ms}) end),
    {noreply, State};
handle_call(tag, From, State) ->
    {reply, From, State};
handle_call(fast, _From, State) ->
    {reply, fast, State}.

handle_cast(_, State) -> {noreply, State}.

flush() -> receive M -> [M | flush()] after 0 -> [] end.

main() ->
    {ok, S} = gen_server:start(?MODULE, [], []),
    {_Pid, Tag} = gen_server:call(S, tag, 1000),
    io:format("tag: ~p~n", [case Tag of [alias | R] -> is_reference(R); _ -> Tag end]),
    {_, Tag2} = gen_server:call(S, tag),
    io:format("tag infinity: ~p~n", [is_reference(Tag2)]),
    R1 = try gen_server:call(S, {slow, 50}, 10) catch exit:{timeout, _} -> timeout end,
    timer:sleep(100),
    io:format("call: ~p, mailbox: ~p~n", [R1, flush()]),
    io:format("in time: ~p~n", [gen_server:call(S, {slow, 1}, 1000)]),
    Req = gen_server:send_request(S, {slow, 50}),
    io:format("receive_response: ~p~n", [gen_server:receive_response(Req, 10)]),
    timer:sleep(100),
    io:format("mailbox: ~p~n", [flush()]),
    Req2 = gen_server:send_request(S, {slow, 50}),
    io:format("wait_response: ~p~n", [gen_server:wait_response(Req2, 10)]),
    io:format("then: ~p~n", [gen_server:wait_response(Req2, 1000)]),
    io:format("mailbox: ~p~n", [flush()]),
    io:format("after: ~p~n", [gen_server:call(S, fast, 1000)]),
    ok = gen_server:stop(S),
    ok.
