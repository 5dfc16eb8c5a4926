-module(logger_log_calls).
-export([main/0, log/2, lazy/1]).

%% logger's log calls: every level function and log/2,3,4 with format and
%% arguments, strings, reports and metadata; fun messages (evaluated only
%% when the event is logged); the ?LOG macros of logger.hrl (with their
%% location) and macro_log/3,4,5, which they call; how metadata merges
%% (location, primary, process, call); process metadata; and the errors
%% for bad arguments.
-include_lib("kernel/include/logger.hrl").

main() ->
    _ = logger:remove_handler(default),
    ok = logger:add_handler(show, ?MODULE, #{}),
    logger:emergency("emergency/1"),
    logger:alert("alert/2 ~p", [x]),
    logger:critical("critical/3 ~p", [y], #{k => 1}),
    logger:error(#{report => map}),
    logger:warning([{report, list}]),
    logger:notice("notice as string"),
    logger:notice(<<"notice as binary">>),
    logger:notice("string with metadata", #{k => 2}),
    logger:notice(#{report => map}, #{k => 3}),
    logger:info("info is below the level"),
    logger:log(error, "log/2"),
    logger:log(error, "log/3 ~w", [format]),
    logger:log(error, "log/3 metadata", #{k => 4}),
    logger:log(error, "log/4 ~w", [format], #{k => 5}),
    logger:log(error, atom_format, []),
    logger:log(error, atom_format_with_tilde_p_doubled, []),
    logger:log(error, "", []),
    logger:error([]),
    %% fun messages
    logger:error(fun ?MODULE:lazy/1, format),
    logger:error(fun ?MODULE:lazy/1, string),
    logger:error(fun ?MODULE:lazy/1, report),
    logger:error(fun ?MODULE:lazy/1, with_meta),
    logger:error(fun ?MODULE:lazy/1, report_with_meta, #{call => meta}),
    logger:error(fun ?MODULE:lazy/1, ignore),
    logger:error(fun ?MODULE:lazy/1, junk),
    logger:error(fun ?MODULE:lazy/1, crash),
    logger:info(fun ?MODULE:lazy/1, not_called),
    logger:log(error, fun ?MODULE:lazy/1, #{a_map => as_argument}),
    %% the macros
    ?LOG_ERROR("from the macro ~p", [1]),
    ?LOG_WARNING(#{macro => report}, #{meta => 1}),
    ?LOG_NOTICE("notice"),
    ?LOG(critical, "?LOG ~p ~p", [a, b], #{meta => 2}),
    ?LOG_INFO("not logged, and not evaluated: ~p", [io:format("evaluated!~n")]),
    ?LOG_DEBUG(fun ?MODULE:lazy/1, not_called),
    logger:macro_log(#{mfa => {m, f, 0}, line => 1, file => "m.erl"}, error, "macro_log/3"),
    logger:macro_log(#{mfa => {m, f, 0}}, error, "macro_log/5 ~p", [x], #{k => 6}),
    logger:macro_log(#{}, error, fun ?MODULE:lazy/1, format, #{k => 7}),
    logger:macro_log(#{}, debug, "macro_log does not check the level"),
    %% metadata: the call's wins over the process's, which wins over the
    %% primary's, which wins over the location
    ok = logger:set_primary_config(metadata, #{who => primary, p => 1}),
    ok = logger:set_process_metadata(#{who => process, q => 2}),
    logger:macro_log(#{who => location, mfa => {m, f, 1}}, error, "merge", [], #{who => call}),
    logger:macro_log(#{who => location, mfa => {m, f, 1}}, error, "merge", []),
    ok = logger:unset_process_metadata(),
    logger:macro_log(#{who => location, mfa => {m, f, 1}}, error, "merge", []),
    ok = logger:set_primary_config(metadata, #{}),
    logger:macro_log(#{who => location, mfa => {m, f, 1}}, error, "merge", []),
    logger:error("given pid, gl and time", [], #{pid => a_pid, gl => group_leader(), time => 0}),
    io:format("process metadata ~p~n", [logger:get_process_metadata()]),
    ok = logger:update_process_metadata(#{a => 1}),
    ok = logger:update_process_metadata(#{b => 2, a => 3}),
    io:format("process metadata ~p~n", [logger:get_process_metadata()]),
    ok = logger:set_process_metadata(#{c => 4}),
    io:format("process metadata ~p~n", [logger:get_process_metadata()]),
    io:format("unset ~p ~p~n", [logger:unset_process_metadata(), logger:get_process_metadata()]),
    io:format("bad ~p~n", [err(fun() -> logger:set_process_metadata(x) end)]),
    io:format("bad ~p~n", [err(fun() -> logger:update_process_metadata([a]) end)]),
    M = logger:add_default_metadata(#{k => v}),
    io:format("defaults ~p ~p ~p~n", [lists:sort(maps:keys(M)), maps:get(pid, M) =:= self(),
                                      is_integer(maps:get(time, M))]),
    io:format("defaults kept ~p~n", [logger:add_default_metadata(#{pid => p, gl => g, time => t})]),
    io:format("timestamp ~p~n", [is_integer(logger:timestamp())]),
    %% bad arguments
    Bad = [fun() -> logger:error(an_atom) end,
           fun() -> logger:error(42) end,
           fun() -> logger:error({tuple}) end,
           fun() -> logger:error("format", not_a_list) end,
           fun() -> logger:error("format", [], not_a_map) end,
           fun() -> logger:log(loud, "x") end,
           fun() -> logger:log(error, "x", #{gl => not_a_pid}) end,
           fun() -> logger:macro_log(not_a_map, error, "x") end,
           fun() -> logger:macro_log(#{}, loud, "x") end,
           fun() -> logger:macro_log(#{}, error, 42) end,
           fun() -> logger:add_default_metadata(x) end,
           fun() -> logger:info(42) end],
    [io:format("bad ~p~n", [err(F)]) || F <- Bad],
    ok = logger:remove_handler(show),
    _ = logger:reconfigure(),
    ok.

lazy(format) -> {"lazy ~p", [format]};
lazy(string) -> "lazy string";
lazy(report) -> #{lazy => report};
lazy(with_meta) -> {{"lazy with ~p", [meta]}, #{fun_meta => 1}};
lazy(report_with_meta) -> {[{lazy, report}], #{fun_meta => 2}};
lazy(ignore) -> ignore;
lazy(junk) -> {1, 2, 3};
lazy(crash) -> erlang:error(lazy_crashed);
lazy(not_called) -> io:format("not reached~n");
lazy(Map) when is_map(Map) -> {"lazy got ~p", [Map]}.

%% The event's level, message, and metadata without what changes between
%% runs (pid, group leader, time: only whether they are there).
log(#{level := Level, msg := Msg, meta := Meta}, _Config) ->
    Shown = maps:map(fun(pid, P) when is_pid(P) -> pid;
                        (gl, G) when is_pid(G) -> gl;
                        (time, T) when is_integer(T), T > 0 -> time;
                        (file, F) when is_list(F) -> filename:basename(F);
                        (_, V) -> V
                     end, Meta),
    io:format("~p ~p~n    ~p~n", [Level, Msg, Shown]).

err(F) ->
    try F() catch C:E -> {C, E} end.
