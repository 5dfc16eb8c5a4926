-module(prog_kv_server).
-export([main/0]).

%% a gen_server-like key/value store with call/reply and a client crowd
start() -> spawn(fun() -> loop(#{}) end).

call(S, Req) ->
    Ref = monitor(process, S),
    S ! {call, self(), Ref, Req},
    receive
        {reply, Ref, R} -> demonitor(Ref, [flush]), R;
        {'DOWN', Ref, process, S, Why} -> {server_down, Why}
    end.

loop(State) ->
    receive
        {call, From, Ref, {put, K, V}} -> From ! {reply, Ref, ok}, loop(State#{K => V});
        {call, From, Ref, {get, K}} -> From ! {reply, Ref, maps:find(K, State)}, loop(State);
        {call, From, Ref, {incr, K}} ->
            N = maps:get(K, State, 0) + 1,
            From ! {reply, Ref, N}, loop(State#{K => N});
        {call, From, Ref, dump} -> From ! {reply, Ref, lists:sort(maps:to_list(State))}, loop(State);
        {call, _From, _Ref, crash} -> exit(asked_to_crash)
    end.

main() ->
    S = start(),
    io:format("~p~n", [call(S, {put, a, 1})]),
    io:format("~p~n", [call(S, {get, a})]),
    io:format("~p~n", [call(S, {get, b})]),
    Me = self(),
    Clients = [spawn(fun() -> [call(S, {incr, counter}) || _ <- lists:seq(1, 100)], Me ! {done, self()} end)
               || _ <- lists:seq(1, 20)],
    [receive {done, C} -> ok end || C <- Clients],
    io:format("~p~n", [call(S, {get, counter})]),
    io:format("~p~n", [call(S, dump)]),
    io:format("~p~n", [call(S, crash)]),
    io:format("~p~n", [call(S, {get, a})]),
    ok.
