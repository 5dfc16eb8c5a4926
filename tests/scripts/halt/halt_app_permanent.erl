%% halt_app_permanent: a permanent application whose top supervisor dies
%% takes the node down: the controller ends, erl prints its reason on
%% standard output and exits with status 1. (erl's default logger handler
%% is kept quiet: its reports carry the time.)
-module(halt_app_permanent).
-export([main/0, start/2, stop/1, init/1]).

main() ->
    ok = logger:add_handler_filter(default, halt_app_permanent, {fun(_, _) -> stop end, []}),
    io:format("~p~n", [application:start(otpapph_perm, permanent)]),
    io:format("~p~n", [application:start(otpapph_perm, permanent)]),
    Master = application_controller:get_master(otpapph_perm),
    io:format("~p~n", [is_pid(Master)]),
    exit(whereis(halt_app_permanent_sup), kill),
    receive after 5000 -> io:format("still here~n") end.

start(normal, []) ->
    supervisor:start_link({local, halt_app_permanent_sup}, ?MODULE, []).

stop(_) ->
    ok.

init([]) ->
    {ok, {#{}, []}}.
