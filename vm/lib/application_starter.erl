%% application_starter: the start phases of an application and of its
%% included applications (OTP 25's), run by application_master after the
%% top supervisor has started: each phase of the `start_phases` key in
%% order, for the application and then, when its mod is {application_starter,
%% [Mod, Args]}, for its included applications.
-module(application_starter).

-export([start/3]).

start([], _Type, _Apps) ->
    ok;
start([{Phase, _PhaseArgs} | Phases], Type, Apps) ->
    case start_apps(Phase, Type, Apps) of
        {error, _} = Error -> Error;
        _ -> start(Phases, Type, Apps)
    end.

start_apps(_Phase, _Type, []) ->
    ok;
start_apps(Phase, Type, [App | Apps]) ->
    case catch run_start_phase(Phase, Type, App) of
        {error, _} = Error -> Error;
        _ -> start_apps(Phase, Type, Apps)
    end.

run_start_phase(Phase, Type, App) ->
    {ok, {Mod, Arg}} = application:get_key(App, mod),
    case Mod of
        application_starter ->
            [StartMod, _StartArgs] = Arg,
            run_the_phase(Phase, Type, App, StartMod),
            {ok, IncApps} = application:get_key(App, included_applications),
            start_apps(Phase, Type, IncApps);
        _ ->
            run_the_phase(Phase, Type, App, Mod)
    end.

run_the_phase(Phase, Type, App, Mod) ->
    StartPhases = case application_controller:get_key(App, start_phases) of
                      {ok, undefined} -> throw({error, {start_phases_undefined, App}});
                      {ok, Sp} -> Sp
                  end,
    case lists:keyfind(Phase, 1, StartPhases) of
        false ->
            ok;
        {Phase, PhaseArgs} ->
            case catch apply(Mod, start_phase, [Phase, Type, PhaseArgs]) of
                ok ->
                    ok;
                {error, Reason} ->
                    throw({error, {Reason, {Mod, start_phase, [Phase, Type, PhaseArgs]}}});
                Other ->
                    throw({error, {bad_return_value,
                                   {{Mod, start_phase, [Phase, Type, PhaseArgs]}, Other}}})
            end
    end.
