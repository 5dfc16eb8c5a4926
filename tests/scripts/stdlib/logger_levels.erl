-module(logger_levels).
-export([main/0, log/2]).

%% logger's levels: the primary level, module levels, allow/2,
%% compare_levels/2, and which events reach a handler. The handler (this
%% module) prints what it gets; erl's default handler is taken away first
%% (its output does not go to the group leader) and everything put back
%% at the end.
main() ->
    _ = logger:remove_handler(default),
    Levels = [emergency, alert, critical, error, warning, notice, info, debug],
    io:format("allow ~p~n", [[logger:allow(L, ?MODULE) || L <- Levels]]),
    ok = logger:add_handler(show, ?MODULE, #{}),
    [logger:log(L, "at ~p", [L]) || L <- Levels],
    ok = logger:set_primary_config(level, info),
    io:format("primary ~p~n", [maps:get(level, logger:get_primary_config())]),
    [logger:log(L, "now at ~p", [L]) || L <- [notice, info, debug]],
    io:format("set module ~p~n", [logger:set_module_level(?MODULE, debug)]),
    io:format("set modules ~p~n", [logger:set_module_level([mod_a, mod_b], error)]),
    io:format("module levels ~p~n", [logger:get_module_level()]),
    io:format("module level ~p ~p~n", [logger:get_module_level(?MODULE),
                                       logger:get_module_level([mod_b, mod_c])]),
    io:format("allow module ~p ~p~n", [logger:allow(debug, ?MODULE), logger:allow(debug, other)]),
    io:format("allow mod_a ~p ~p~n", [logger:allow(warning, mod_a), logger:allow(error, mod_a)]),
    %% an mfa in the metadata makes its module's level count
    logger:debug("debug from ~p", [?MODULE], #{mfa => {?MODULE, main, 0}}),
    logger:debug("debug from other", [], #{mfa => {other, main, 0}}),
    logger:warning("warning from mod_a", [], #{mfa => {mod_a, f, 1}}),
    io:format("unset ~p~n", [logger:unset_module_level(mod_a)]),
    io:format("module levels ~p~n", [logger:get_module_level()]),
    io:format("unset all ~p ~p~n", [logger:unset_module_level(), logger:get_module_level()]),
    io:format("bad module level ~p~n", [logger:set_module_level(?MODULE, loud)]),
    io:format("bad modules ~p~n", [logger:set_module_level("mod", info)]),
    io:format("bad modules ~p~n", [logger:set_module_level([a, "b"], info)]),
    io:format("bad unset ~p~n", [logger:unset_module_level([1])]),
    io:format("none ~p~n", [logger:set_primary_config(level, none)]),
    logger:emergency("not even this"),
    io:format("allow none ~p~n", [logger:allow(emergency, ?MODULE)]),
    io:format("all ~p~n", [logger:set_primary_config(level, all)]),
    logger:debug("debug with all"),
    %% a handler's own level
    ok = logger:set_handler_config(show, level, error),
    [logger:log(L, "handler at error: ~p", [L]) || L <- [critical, error, warning]],
    ok = logger:set_handler_config(show, level, none),
    logger:emergency("handler at none"),
    io:format("compare ~p~n", [[logger:compare_levels(A, B)
                                || A <- [none, error, all], B <- [none, error, debug, all]]]),
    io:format("compare bad ~p~n", [err(fun() -> logger:compare_levels(error, loud) end)]),
    io:format("allow bad ~p~n", [err(fun() -> logger:allow(loud, ?MODULE) end)]),
    io:format("allow bad module ~p~n", [err(fun() -> logger:allow(info, "mod") end)]),
    io:format("log bad level ~p~n", [err(fun() -> logger:log(loud, "x") end)]),
    io:format("bad primary ~p~n", [logger:set_primary_config(level, loud)]),
    ok = logger:remove_handler(show),
    _ = logger:reconfigure(),
    ok.

log(#{level := Level, msg := Msg}, _Config) ->
    io:format("  [~p] ~s~n", [Level, logger_formatter:format(#{level => Level, msg => Msg, meta => #{}},
                                                            #{template => [msg]})]).

err(F) ->
    try F() catch C:E -> {C, E} end.
