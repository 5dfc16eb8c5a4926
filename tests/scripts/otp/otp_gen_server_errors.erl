-module(otp_gen_server_errors).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2]).

%% Exit reasons as OTP gives them: callback crashes, bad returns, dead and
%% unregistered servers, timeouts.  Stacks are shown only as lists.

init(S) -> {ok, S}.

handle_call(crash, _, S) -> {reply, id(1) div id(S), S};
handle_call(exit, _, S) -> exit({gone, S});
handle_call(throw, _, S) -> throw({reply, thrown, S});
handle_call(bad, _, S) -> {what, S};
handle_call({sleep, T}, _, S) -> timer:sleep(T), {reply, slept, S};
handle_call(stop_no_reply, _, S) -> {stop, {shutdown, x}, S};
handle_call(get, _, S) -> {reply, S, S}.

handle_cast(crash, S) -> {noreply, element(id(5), {S})};
handle_cast({stop, R}, S) -> {stop, R, S};
handle_cast(bad, S) -> S.

handle_info(throw, S) -> throw({noreply, S + 1});
handle_info(_, S) -> {noreply, S}.

id(X) -> X.

shape({R, Stack}) when is_list(Stack) -> {R, stack};
shape(R) -> R.

%% the exit of a call, with the stack in the reason shown as `stack`
call(P, Req) ->
    try gen_server:call(P, Req) of
        V -> {value, V}
    catch exit:{Reason, {gen_server, call, Args}} ->
            {exit, shape(Reason), {gen_server, call, [A =:= P orelse A || A <- Args]}}
    end.

%% Casts Msg to P and gives the reason P ends with: the monitor is set
%% first, or with several schedulers P may be gone before it (noproc).
cast_down(P, Msg) ->
    Ref = monitor(process, P),
    gen_server:cast(P, Msg),
    receive {'DOWN', Ref, process, P, R} -> shape(R) end.

fresh(S) ->
    {ok, P} = gen_server:start(?MODULE, S, []),
    P.

main() ->
    P1 = fresh(0),
    M1 = monitor(process, P1),
    io:format("crash call: ~p~n", [call(P1, crash)]),
    receive {'DOWN', M1, process, P1, R1} -> io:format("server exit: ~p~n", [shape(R1)]) end,
    P2 = fresh(1),
    M2 = monitor(process, P2),
    io:format("exit call: ~p~n", [call(P2, exit)]),
    receive {'DOWN', M2, process, P2, R2} -> io:format("server exit: ~p~n", [R2]) end,
    P3 = fresh(2),
    io:format("throw call: ~p~n", [call(P3, throw)]),
    io:format("throw info: ~p~n", [begin P3 ! throw, call(P3, get) end]),
    M3 = monitor(process, P3),
    io:format("bad call: ~p~n", [call(P3, bad)]),
    receive {'DOWN', M3, process, P3, R3} -> io:format("server exit: ~p~n", [R3]) end,
    io:format("dead pid: ~p~n", [call(P3, get)]),
    io:format("no name: ~p~n", [catch gen_server:call(otp_errors_nobody, get)]),
    io:format("no name on node: ~p~n", [catch gen_server:call({otp_errors_nobody, node()}, get)]),
    io:format("other node: ~p~n", [catch gen_server:call({otp_errors_nobody, 'x@y'}, get)]),
    io:format("calling self: ~p~n", [catch gen_server:call(self(), get)]),
    P4 = fresh(4),
    io:format("timeout: ~p~n", [(catch gen_server:call(P4, {sleep, 200}, 20)) =:= {'EXIT', {timeout, {gen_server, call, [P4, {sleep, 200}, 20]}}}]),
    io:format("after timeout: ~p~n", [call(P4, get)]),
    io:format("stop without reply: ~p~n", [call(P4, stop_no_reply)]),
    P5 = fresh(5),
    io:format("cast crash: ~p~n", [cast_down(P5, crash)]),
    P6 = fresh(6),
    io:format("cast bad return: ~p~n", [cast_down(P6, bad)]),
    P7 = fresh(7),
    io:format("cast stop: ~p~n", [cast_down(P7, {stop, {shutdown, done}})]),
    P8 = fresh(8),
    io:format("cast stop oops: ~p~n", [cast_down(P8, {stop, oops})]),
    io:format("stop dead: ~p~n", [catch gen_server:stop(P8)]),
    io:format("stop no name: ~p~n", [catch gen_server:stop(otp_errors_nobody)]),
    io:format("cast dead: ~p~n", [gen_server:cast(P8, x)]),
    io:format("cast no name: ~p~n", [gen_server:cast(otp_errors_nobody, x)]),
    {'EXIT', {{Bad, _}, Where}} = (catch gen_server:call(P4, get, -1)),
    io:format("bad timeout: ~p ~p~n", [Bad, Where =:= {gen_server, call, [P4, get, -1]}]),
    ok.
