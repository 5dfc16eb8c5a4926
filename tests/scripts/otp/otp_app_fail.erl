%% otp_app_fail: applications that do not start and what start,
%% ensure_started and ensure_all_started answer: {error, R} from start/2,
%% a bad return, an exit, a needed application missing (the ones
%% ensure_all_started started are stopped again), an optional one missing,
%% one not started, start phases (the last fails), a spec that does not
%% parse, bad restart types, unload of a running application, and the
%% controller's reports (caught by a logger handler of this module).
-module(otp_app_fail).
-export([main/0, start/2, start_phase/3, stop/1, init/1, log/2]).

main() ->
    register(otp_app_fail_main, self()),
    ok = logger:add_handler_filter(default, otp_app_fail, {fun(_, _) -> stop end, []}),
    ok = logger:add_handler(otp_app_fail, ?MODULE, #{config => #{pid => self()}}),
    P = fun(X) -> io:format("~p~n", [X]), events() end,
    %% a failed start is answered before it is reported: wait for the report
    F = fun(X) -> io:format("~p~n", [X]), wait_exited() end,
    F(application:start(otpappf_bad)),
    F(application:ensure_started(otpappf_bad)),
    F(application:ensure_all_started(otpappf_bad)),
    F(application:start(otpappf_ret)),
    F(application:start(otpappf_exit)),
    P(application:start(otpappf_dep)),
    P(application:ensure_all_started(otpappf_dep)),
    P(application:ensure_all_started(otpappf_opt)),
    P(application:ensure_all_started(otpappf_nofile)),
    P(application:start(otpappf_nofile)),
    P(application:load(otpappf_syntax)),
    P(application:start(otpappf_ok, bad_type)),
    P(application:start(otpappf_ok, permanent)),
    P(application:unload(otpappf_ok)),
    P(application:start(otpappf_ok, transient)),
    P(application:stop(otpappf_ok)),
    F(application:start(otpappf_phases)),
    P(application:stop(otpappf_phases)),
    P(application:stop(otpappf_opt)),
    P(application:stop(otpappf_bad)),
    P(lists:sort([A || {A, _, _} <- application:which_applications(), A =/= kernel, A =/= stdlib])),
    [application:unload(A) || A <- [otpappf_bad, otpappf_ret, otpappf_exit, otpappf_ok,
                                    otpappf_dep, otpappf_opt, otpappf_phases]],
    P(lists:sort([A || {A, _, _} <- application:loaded_applications(), A =/= kernel, A =/= stdlib])),
    ok = logger:remove_handler(otp_app_fail),
    ok = logger:remove_handler_filter(default, otp_app_fail).

events() ->
    receive
        {event, E} -> io:format("  event ~p~n", [E]), events()
    after 0 -> ok
    end.

wait_exited() ->
    receive
        {event, {notice, _, _} = E} -> io:format("  event ~p~n", [E]);
        {event, E} -> io:format("  event ~p~n", [E]), wait_exited()
    after 5000 -> io:format("  no report~n")
    end.

tell(E) ->
    otp_app_fail_main ! {event, E}.

start(_Type, bad) -> {error, boom};
start(_Type, ret) -> weird;
start(_Type, exit) -> exit(gone);
start(_Type, Name) -> tell({start, Name}), supervisor:start_link(?MODULE, []).

start_phase(Phase, Type, Args) ->
    tell({phase, Phase, Type, Args}),
    case Phase of
        three -> {error, third};
        _ -> ok
    end.

stop(State) ->
    tell({stop, State}),
    ok.

init([]) ->
    {ok, {#{}, []}}.

log(#{level := Level, msg := {report, #{label := {application_controller, _} = L, report := R}}},
    #{config := #{pid := Pid}}) ->
    Pid ! {event, {Level, L, R}};
log(_, _) ->
    ok.
