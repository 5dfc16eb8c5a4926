%% otp_app_basic: three applications from .app.src files (web needs db,
%% db needs lib, a library application) started by ensure_all_started in
%% dependency order; keys and environment read from outside and from a
%% process of the application (its master is the group leader); set_env,
%% unset_env; stop with prep_stop/1 and stop/1; a temporary application
%% whose supervisor is killed; the controller's reports, caught by a
%% logger handler of this module (erl's default handler is kept quiet).
%% This module is the application callback, the supervisor and the server.
-module(otp_app_basic).
-export([main/0, start/2, stop/1, prep_stop/1, init/1, handle_call/3, handle_cast/2, log/2]).

main() ->
    register(otp_app_basic_main, self()),
    ok = logger:add_handler_filter(default, otp_app_basic, {fun(_, _) -> stop end, []}),
    ok = logger:add_handler(otp_app_basic, ?MODULE, #{config => #{pid => self()}}),
    P = fun(X) -> io:format("~p~n", [X]) end,
    P(application:load(otpapp_web)),
    P(application:load(otpapp_web)),
    {ok, Keys} = application:get_all_key(otpapp_web),
    P([{K, case K of env -> lists:sort(V); _ -> V end} || {K, V} <- Keys]),
    P(application:get_key(otpapp_web, vsn)),
    P(application:get_key(otpapp_web, nokey)),
    P(application:get_env(otpapp_web, port)),
    P(application:get_env(otpapp_web, nokey, default)),
    P(application:get_env(otpapp_db, pool)),
    P(application:ensure_all_started(otpapp_web)),
    P(application:ensure_all_started(otpapp_web)),
    P(application:ensure_started(otpapp_db)),
    P(application:start(otpapp_db)),
    P(mine(application:which_applications())),
    P(mine(application:loaded_applications())),
    P(lists:sort(application:get_all_env(otpapp_lib))),
    P(gen_server:call(otpapp_web_srv, whoami)),
    P(application:get_application(whereis(otpapp_web_srv))),
    P(application:get_application(whereis(otpapp_db_srv))),
    P(application:get_application(otp_app_basic_nomod)),
    P({application:get_application(), application:get_env(port), application:start_type()}),
    P(application:set_env(otpapp_web, port, 9090)),
    P(gen_server:call(otpapp_web_srv, port)),
    P(application:unset_env(otpapp_web, port)),
    P(gen_server:call(otpapp_web_srv, port)),
    P(application:set_env([{otpapp_web, [{port, 1}, {extra, x}]}])),
    P(lists:sort(application:get_all_env(otpapp_web))),
    P(application:unload(otpapp_web)),
    P(application:stop(otpapp_web)),
    events(),
    P(application:stop(otpapp_web)),
    P(whereis(otpapp_web_srv)),
    P(mine(application:which_applications())),
    %% temporary: the application ends with its supervisor, the node goes on
    P(application:start(otpapp_web)),
    events(),
    exit(whereis(otpapp_web_sup), kill),
    wait_exited(),
    P(mine(application:which_applications())),
    P(application:stop(otpapp_web)),
    [P(application:stop(A)) || A <- [otpapp_db, otpapp_lib]],
    events(),
    [P(application:unload(A)) || A <- [otpapp_web, otpapp_db, otpapp_lib]],
    P(mine(application:loaded_applications())),
    ok = logger:remove_handler(otp_app_basic),
    ok = logger:remove_handler_filter(default, otp_app_basic).

mine(Apps) ->
    lists:sort([A || A <- Apps, not lists:member(element(1, A), [kernel, stdlib])]).

%% What the callbacks and the logger handler sent, in order.
events() ->
    receive
        {event, E} -> io:format("  event ~p~n", [E]), events()
    after 0 -> ok
    end.

%% The events up to the controller's report of an application's end.
wait_exited() ->
    receive
        {event, {notice, _, _} = E} -> io:format("  event ~p~n", [E]);
        {event, E} -> io:format("  event ~p~n", [E]), wait_exited()
    after 5000 -> io:format("  no report~n")
    end.

tell(E) ->
    otp_app_basic_main ! {event, E}.

%% application
start(Type, Name) ->
    tell({start, Name, Type, application:start_type()}),
    supervisor:start_link({local, list_to_atom("otpapp_" ++ atom_to_list(Name) ++ "_sup")},
                          ?MODULE, {sup, Name}).

prep_stop(State) ->
    tell({prep_stop, State}),
    {prepped, State}.

stop(State) ->
    tell({stop, State}),
    ok.

%% supervisor and gen_server
init({sup, Name}) ->
    Srv = list_to_atom("otpapp_" ++ atom_to_list(Name) ++ "_srv"),
    {ok, {#{strategy => one_for_one},
          [#{id => Srv, start => {gen_server, start_link, [{local, Srv}, ?MODULE, {srv, Name}, []]}}]}};
init({srv, Name}) ->
    {ok, Name}.

handle_call(whoami, _From, Name) ->
    {ok, Port} = application:get_env(port),
    {reply, {Name, application:get_application(), Port, application:get_key(vsn),
             application:start_type()}, Name};
handle_call(port, _From, Name) ->
    {reply, application:get_env(port), Name}.

handle_cast(_, Name) ->
    {noreply, Name}.

%% logger handler: the controller's reports only
log(#{level := Level, msg := {report, #{label := {application_controller, _} = L, report := R}}},
    #{config := #{pid := Pid}}) ->
    Pid ! {event, {Level, L, R}};
log(_, _) ->
    ok.
