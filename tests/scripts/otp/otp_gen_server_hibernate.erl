-module(otp_gen_server_hibernate).
-behaviour(gen_server).
-export([main/0]).
-export([init/1, handle_call/3, handle_cast/2, handle_info/2]).

%% Servers that hibernate: {reply, R, S, hibernate}, {noreply, S,
%% hibernate}, init's hibernate and the hibernate_after option. A
%% hibernating server sits in erlang:hibernate/3 with a small heap and
%% answers the next message as before.

init(hibernate) -> {ok, 0, hibernate};
init(N) -> {ok, N}.

handle_call(grow, _From, N) ->
    Junk = lists:seq(1, 50000),
    {reply, length(Junk), N + 1, hibernate};
handle_call(get, _From, N) ->
    {reply, N, N};
handle_call(where, _From, N) ->
    {reply, process_info(self(), current_function), N}.

handle_cast(sleep, N) -> {noreply, N, hibernate}.

handle_info(_, N) -> {noreply, N}.

where(P) ->
    timer:sleep(20),
    {current_function, F} = process_info(P, current_function),
    {total_heap_size, H} = process_info(P, total_heap_size),
    {F, H < 5000}.

main() ->
    {ok, P} = gen_server:start(?MODULE, 1, []),
    io:format("grow: ~p~n", [gen_server:call(P, grow)]),
    io:format("asleep: ~p~n", [where(P)]),
    io:format("get: ~p~n", [gen_server:call(P, get)]),
    io:format("awake: ~p~n", [gen_server:call(P, where)]),
    gen_server:cast(P, sleep),
    io:format("cast: ~p~n", [where(P)]),
    io:format("get: ~p~n", [gen_server:call(P, get)]),
    io:format("state: ~p~n", [sys:get_state(P)]),
    ok = gen_server:stop(P),
    {ok, Q} = gen_server:start(?MODULE, hibernate, []),
    io:format("init: ~p~n", [where(Q)]),
    io:format("get: ~p~n", [gen_server:call(Q, get)]),
    ok = gen_server:stop(Q),
    {ok, R} = gen_server:start(?MODULE, 5, [{hibernate_after, 10}]),
    io:format("get: ~p~n", [gen_server:call(R, get)]),
    io:format("after: ~p~n", [where(R)]),
    io:format("get: ~p~n", [gen_server:call(R, get)]),
    ok = gen_server:stop(R),
    ok.
