-module(logger_filter_chain).
-export([main/0, log/2, filter/2]).

%% logger's filters: primary and handler filters answering stop, ignore
%% or a changed event, filter_default, the filters of logger_filters
%% (domain, level, progress, remote_gl), and a filter that fails.
main() ->
    _ = logger:remove_handler(default),
    ok = logger:set_primary_config(level, all),
    ok = logger:add_handler(show, ?MODULE, #{}),
    F = fun(Arg) -> {fun ?MODULE:filter/2, Arg} end,
    io:format("add ~p~n", [logger:add_primary_filter(no_info, F({stop, info}))]),
    logger:info("info is stopped"),
    logger:notice("notice passes"),
    io:format("again ~p~n", [logger:add_primary_filter(no_info, F(x))]),
    io:format("add ~p~n", [logger:add_primary_filter(change, F({change, "changed"}))]),
    logger:error("original"),
    io:format("remove ~p ~p~n", [logger:remove_primary_filter(change),
                                 logger:remove_primary_filter(change)]),
    io:format("filter_default stop ~p~n", [logger:set_primary_config(filter_default, stop)]),
    logger:error("all filters ignore this"),
    ok = logger:add_primary_filter(warnings, F({log, warning})),
    logger:warning("a warning is logged"),
    logger:error("an error is not"),
    ok = logger:set_primary_config(filter_default, log),
    io:format("primary filters ~p~n", [[Id || {Id, _} <- maps:get(filters, logger:get_primary_config())]]),
    io:format("bad ~p~n", [logger:add_primary_filter("id", F(x))]),
    io:format("bad ~p~n", [logger:add_primary_filter(id, {fun lists:map/2, x, y})]),
    io:format("bad ~p~n", [logger:add_primary_filter(id, x)]),
    io:format("bad ~p~n", [logger:set_primary_config(filters, [x])]),
    io:format("bad ~p~n", [logger:set_primary_config(filters, x)]),
    io:format("bad ~p~n", [logger:set_primary_config(filter_default, maybe)]),
    %% handler filters: the handler sees what passes its own
    io:format("handler filter ~p~n", [logger:add_handler_filter(show, no_warning, F({stop, warning}))]),
    logger:warning("warning stopped at the handler"),
    logger:error("error passes the handler"),
    io:format("missing handler ~p~n", [logger:add_handler_filter(nobody, f, F(x))]),
    io:format("remove ~p ~p~n", [logger:remove_handler_filter(show, no_warning),
                                 logger:remove_handler_filter(show, no_warning)]),
    io:format("remove ~p~n", [logger:remove_handler_filter(nobody, f)]),
    ok = logger:set_primary_config(filters, []),
    %% logger_filters through a handler
    ok = logger:set_handler_config(show, filters,
                                   [{level, {fun logger_filters:level/2, {stop, lt, error}}},
                                    {domain, {fun logger_filters:domain/2, {stop, sub, [noisy]}}},
                                    {progress, {fun logger_filters:progress/2, stop}},
                                    {remote, {fun logger_filters:remote_gl/2, stop}}]),
    logger:warning("below error"),
    logger:error("error"),
    logger:error("noisy", [], #{domain => [noisy, part]}),
    logger:error("quiet", [], #{domain => [quiet]}),
    logger:error(#{label => {supervisor, progress}, report => []}),
    logger:error(#{label => {supervisor, other}}),
    ok = logger:set_handler_config(show, filter_default, stop),
    logger:error("now all filters ignore this"),
    ok = logger:set_handler_config(show, filters,
                                   [{domain, {fun logger_filters:domain/2, {log, equal, [a]}}}]),
    logger:error("domain [a]", [], #{domain => [a]}),
    logger:error("domain [a, b]", [], #{domain => [a, b]}),
    ok = logger:set_handler_config(show, #{filter_default => log}),
    %% the filters as functions
    Ev = fun(Level, Meta) -> #{level => Level, msg => {string, "m"}, meta => Meta} end,
    Show = fun(stop) -> stop; (ignore) -> ignore; (#{}) -> event end,
    [io:format("domain ~p ~p ~p~n", [C, D, Show(logger_filters:domain(Ev(info, M), {log, C, D}))])
     || C <- [super, sub, equal, not_equal, undefined],
        D <- [[a], [a, b]],
        M <- [#{}, #{domain => [a]}, #{domain => [a, b, c]}]],
    [io:format("level ~p ~p ~p~n", [Op, L, Show(logger_filters:level(Ev(warning, #{}), {stop, Op, L}))])
     || Op <- [neq, eq, lt, gt, lteq, gteq], L <- [error, warning, info]],
    io:format("progress ~p~n", [Show(logger_filters:progress(
                                       #{level => info, meta => #{},
                                         msg => {report, #{label => {application_controller, progress}}}},
                                       log))]),
    io:format("remote ~p~n", [Show(logger_filters:remote_gl(Ev(info, #{gl => group_leader()}), stop))]),
    io:format("bad domain ~p~n", [err(fun() -> logger_filters:domain(Ev(info, #{}), {log, over, []}) end)]),
    io:format("bad level ~p~n", [err(fun() -> logger_filters:level(Ev(info, #{}), {log, eq, loud}) end)]),
    io:format("bad progress ~p~n", [err(fun() -> logger_filters:progress(Ev(info, #{}), keep) end)]),
    %% a filter that fails is removed (logger says so on standard error)
    ok = logger:set_primary_config(level, notice),
    ok = logger:add_primary_filter(failing, F(crash)),
    logger:error("after a failing filter"),
    io:format("filters left ~p~n", [maps:get(filters, logger:get_primary_config())]),
    ok = logger:add_primary_filter(bad_answer, F(bad)),
    logger:error("after a filter answering nonsense"),
    io:format("filters left ~p~n", [maps:get(filters, logger:get_primary_config())]),
    ok = logger:remove_handler(show),
    _ = logger:reconfigure(),
    ok.

filter(_, crash) -> erlang:error(crashed);
filter(_, bad) -> nonsense;
filter(#{level := L}, {stop, L}) -> stop;
filter(#{level := L} = E, {log, L}) -> E;
filter(E, {change, Text}) -> E#{msg => {string, Text}};
filter(_, _) -> ignore.

log(#{level := Level} = Event, _Config) ->
    io:format("  [~p] ~s~n", [Level, logger_formatter:format(Event, #{template => [msg]})]).

err(F) ->
    try F() catch C:E -> {C, E} end.
