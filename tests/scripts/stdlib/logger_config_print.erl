-module(logger_config_print).
-export([main/0, log/2, filter/2]).

%% logger's configuration as data (get_config/0, get_primary_config/0,
%% get_handler_config/0,1, get_handler_ids/0, get_proxy_config/0) and as
%% text (i/0,1), the proxy's options, add_handlers/1, and reconfigure/0
%% going back to erl's start-up configuration.
main() ->
    _ = logger:remove_handler(default),
    ok = logger:add_handler(h1, ?MODULE, #{level => info, config => #{file => "none"},
                                           custom_key => [a, b]}),
    ok = logger:add_handler(h2, ?MODULE, #{formatter => {logger_formatter, #{depth => 10,
                                                                            single_line => false}},
                                           filter_default => stop}),
    ok = logger:add_primary_filter(f1, {fun ?MODULE:filter/2, {some, arg}}),
    ok = logger:add_handler_filter(h2, f2, {fun logger_filters:level/2, {log, gteq, error}}),
    ok = logger:set_module_level([mod_a, mod_b], debug),
    ok = logger:set_primary_config(metadata, #{node_role => test}),
    io:format("~p~n", [logger:get_config()]),
    io:format("ids ~p~n", [logger:get_handler_ids()]),
    ok = logger:i(),
    [io:format("i(~p) -> ~p~n", [X, logger:i(X)]) || X <- [primary, handlers, proxy, modules, h2, nobody]],
    io:format("i bad ~p~n", [err(fun() -> logger:i("h1") end)]),
    %% the proxy's options (erl sends remote and emulator events through it)
    io:format("proxy ~p~n", [logger:update_proxy_config(#{sync_mode_qlen => 100})]),
    io:format("proxy ~p~n", [logger:get_proxy_config()]),
    io:format("proxy ~p~n", [logger:set_proxy_config(#{drop_mode_qlen => 2000})]),
    io:format("proxy ~p~n", [logger:get_proxy_config()]),
    io:format("proxy bad ~p~n", [logger:set_proxy_config(#{unknown => 1})]),
    io:format("proxy bad ~p~n", [logger:update_proxy_config(#{flush_qlen => 1})]),
    io:format("proxy bad ~p~n", [logger:set_proxy_config(x)]),
    io:format("proxy ~p~n", [logger:set_proxy_config(#{})]),
    %% handlers from a configuration list
    io:format("add_handlers ~p~n", [logger:add_handlers(no_such_app)]),
    io:format("add_handlers ~p~n", [logger:add_handlers([{handler, h3, ?MODULE, #{}}])]),
    io:format("add_handlers ~p~n", [logger:add_handlers([{handler, h3, ?MODULE, #{}}])]),
    io:format("add_handlers ~p~n", [logger:add_handlers([{something, else}])]),
    io:format("add_handlers ~p~n", [logger:add_handlers([{handler, default, ?MODULE, #{}}])]),
    {ok, Default} = logger:get_handler_config(default),
    io:format("default handler's filters ~p ~p~n", [maps:get(filter_default, Default),
                                                     maps:get(filters, Default)]),
    io:format("kernel's ~p~n", [logger:add_handlers(kernel)]),
    io:format("application level ~p ~p~n", [logger:set_application_level(no_such_app, info),
                                            logger:unset_application_level(no_such_app)]),
    %% back to the start: the default handler (no output here: it writes
    %% to the user io server), level notice, no module levels
    io:format("reconfigure ~p~n", [logger:reconfigure()]),
    #{primary := Primary, handlers := Handlers, module_levels := Modules} = logger:get_config(),
    io:format("primary ~p~n", [Primary]),
    io:format("modules ~p~n", [Modules]),
    [io:format("handler ~p~n", [maps:without([config], H)]) || H <- Handlers],
    ok.

filter(_, _) -> ignore.

log(#{msg := Msg}, #{id := Id}) ->
    io:format("~p got ~p~n", [Id, Msg]).

err(F) ->
    try F() catch C:E -> {C, E} end.
