%% halt_init_stop: init:stop/1 returns ok at once; then the running
%% applications stop (their stop/1 runs) and the node exits with the
%% status. A second init:stop while the first is under way changes
%% nothing, and a bad status is badarg.
-module(halt_init_stop).
-export([main/0, start/2, stop/1, init/1]).

main() ->
    io:format("~p~n", [application:start(initstop_app)]),
    io:format("~p~n", [[try init:stop(Bad) catch C:R -> {C, R} end || Bad <- [-1, foo, [a], 1.0, [256], [$x | y]]]]),
    io:format("~p~n", [init:stop(3)]),
    io:format("~p~n", [init:stop(5)]),
    receive after 5000 -> io:format("still here~n") end.

start(normal, []) ->
    supervisor:start_link(?MODULE, []).

stop(_) ->
    io:format("initstop_app stopped~n").

init([]) ->
    {ok, {#{}, []}}.
