-module(logger_handler_cbs).
-export([main/0, adding_handler/1, removing_handler/1, changing_config/3, log/2,
         filter_config/1]).

%% logger's handlers: add_handler/3 and its checks, the callbacks logger
%% calls (adding_handler, changing_config, removing_handler, log,
%% filter_config) and what they may answer, the config functions, a
%% handler that crashes (removed), and callbacks calling logger.
main() ->
    _ = logger:remove_handler(default),
    Me = self(),
    io:format("ids ~p~n", [logger:get_handler_ids()]),
    %% (a callback that crashes is also logged, as an error, by logger:
    %% here with no handler to see it)
    case logger:add_handler(h0, ?MODULE, #{config => #{crash => adding}}) of
        {error, {handler_not_added, {callback_crashed, {Class, Reason, _Stack}}}} ->
            io:format("crashed ~p~n", [{Class, Reason}])
    end,
    io:format("add ~p~n", [logger:add_handler(h1, ?MODULE, #{config => #{owner => Me}})]),
    show_msgs(),
    io:format("config ~p~n", [config(h1)]),
    io:format("ids ~p~n", [logger:get_handler_ids()]),
    io:format("again ~p~n", [logger:add_handler(h1, ?MODULE, #{})]),
    Bad = [{"h", ?MODULE, #{}}, {h2, "mod", #{}}, {h2, ?MODULE, x},
           {h2, ?MODULE, #{level => loud}}, {h2, ?MODULE, #{filters => [x]}},
           {h2, ?MODULE, #{filter_default => maybe}}, {h2, ?MODULE, #{formatter => x}},
           {h2, ?MODULE, #{formatter => {logger_formatter, #{depth => 0}}}},
           {h2, ?MODULE, #{formatter => {logger_formatter, #{template => [{a}]}}}},
           {h2, no_such_handler_module, #{}}, {h2, ?MODULE, #{config => #{refuse => true}}}],
    [io:format("bad ~p~n", [logger:add_handler(Id, M, C)]) || {Id, M, C} <- Bad],
    io:format("ids ~p~n", [logger:get_handler_ids()]),
    %% a formatter module without check_config/1 takes any config
    io:format("add h2 ~p~n", [logger:add_handler(h2, ?MODULE, #{formatter => {no_check_formatter, x},
                                                                level => error})]),
    logger:warning("to h1 only"),
    logger:error("to both"),
    show_msgs(),
    io:format("set level ~p~n", [logger:set_handler_config(h1, level, warning)]),
    show_msgs(),
    io:format("update ~p~n", [logger:update_handler_config(h1, #{custom => 1})]),
    show_msgs(),
    io:format("config ~p~n", [config(h1)]),
    io:format("set ~p~n", [logger:set_handler_config(h1, #{config => #{owner => Me}})]),
    show_msgs(),
    io:format("config ~p~n", [config(h1)]),
    io:format("refused ~p~n", [logger:update_handler_config(h1, config, #{owner => Me, refuse => true})]),
    show_msgs(),
    io:format("id ~p~n", [logger:update_handler_config(h1, id, other)]),
    io:format("module ~p~n", [logger:set_handler_config(h1, #{module => other})]),
    io:format("missing ~p~n", [logger:set_handler_config(nobody, level, info)]),
    io:format("bad level ~p~n", [logger:set_handler_config(h1, level, loud)]),
    io:format("bad config ~p~n", [logger:set_handler_config(h1, x)]),
    io:format("formatter ~p~n", [logger:update_formatter_config(h1, #{single_line => false})]),
    io:format("formatter ~p~n", [logger:update_formatter_config(h1, depth, 7)]),
    io:format("formatter now ~p~n", [maps:get(formatter, config(h1))]),
    io:format("formatter bad ~p~n", [logger:update_formatter_config(h1, #{depth => x})]),
    io:format("formatter bad ~p~n", [logger:update_formatter_config(h1, x)]),
    io:format("formatter missing ~p~n", [logger:update_formatter_config(nobody, #{})]),
    io:format("all ~p~n", [[Id || #{id := Id} <- logger:get_handler_config()]]),
    io:format("missing ~p~n", [logger:get_handler_config(nobody)]),
    %% callbacks may read the configuration but not change it
    io:format("nested ~p~n", [logger:add_handler(h3, ?MODULE, #{config => #{owner => Me, nested => true}})]),
    show_msgs(),
    io:format("remove ~p~n", [logger:remove_handler(h3)]),
    show_msgs(),
    io:format("remove ~p ~p~n", [logger:remove_handler(h2), logger:remove_handler(h2)]),
    show_msgs(),
    %% a handler whose log/2 crashes is removed (with a line on standard
    %% error); the others still get the event
    ok = logger:add_handler(crashing, ?MODULE, #{config => #{owner => Me, crash => log}}),
    show_msgs(),
    logger:error("crashes one handler"),
    show_msgs(),
    io:format("ids ~p~n", [logger:get_handler_ids()]),
    logger:error("after the crash"),
    show_msgs(),
    ok = logger:remove_handler(h1),
    show_msgs(),
    _ = logger:reconfigure(),
    ok.

config(Id) ->
    {ok, Config} = logger:get_handler_config(Id),
    maps:map(fun(config, C) -> maps:remove(owner, C); (_, V) -> V end, Config).

show_msgs() ->
    receive
        Msg -> io:format("  ~p~n", [Msg]), show_msgs()
    after 0 -> ok
    end.

owner(#{config := #{owner := Pid}}) -> Pid;
owner(_) -> undefined.

tell(Config, Msg) ->
    case owner(Config) of
        undefined -> ok;
        Pid -> Pid ! Msg
    end.

adding_handler(#{config := #{refuse := true}}) ->
    {error, refused};
adding_handler(#{config := #{crash := adding}}) ->
    erlang:error(adding_crashed);
adding_handler(#{id := Id, config := #{nested := true}} = Config) ->
    tell(Config, {adding, Id, nested,
                  logger:add_handler(other, ?MODULE, #{}),
                  logger:set_primary_config(level, info),
                  [I || I <- logger:get_handler_ids()]}),
    {ok, Config};
adding_handler(#{id := Id} = Config) ->
    tell(Config, {adding, Id, lists:sort(maps:keys(Config))}),
    {ok, Config#{added => true}}.

removing_handler(#{id := Id} = Config) ->
    tell(Config, {removing, Id}),
    ok.

changing_config(SetOrUpdate, #{id := Id} = Old, New) ->
    tell(Old, {changing, Id, SetOrUpdate, maps:get(level, New), maps:is_key(added, New)}),
    case New of
        #{config := #{refuse := true}} -> {error, refused};
        _ -> {ok, New#{changed => SetOrUpdate}}
    end.

filter_config(Config) ->
    Config#{filtered => true}.

log(_Event, #{config := #{crash := log}}) ->
    erlang:error(log_crashed);
log(#{level := Level, msg := Msg}, #{id := Id} = Config) ->
    Text = logger_formatter:format(#{level => Level, msg => Msg, meta => #{}}, #{template => [msg]}),
    io:format("  ~p got ~p: ~s (~p)~n", [Id, Level, Text, lists:sort(maps:keys(Config))]).
