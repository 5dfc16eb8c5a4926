%% logger: OTP 25's logger for the dbgsh VM: the log calls, the primary,
%% handler and module level configuration, filters, handlers, and i/0,1.
%% The configuration is an ets table owned by a small registered process
%% (started on first use), which also serializes every change and runs the
%% handlers' config callbacks in a helper process as OTP's logger_server
%% does. A log call reads the table in the calling process and calls the
%% filters and the handlers' log/2 there, as OTP does.
-module(logger).

-export([emergency/1, emergency/2, emergency/3, alert/1, alert/2, alert/3,
         critical/1, critical/2, critical/3, error/1, error/2, error/3,
         warning/1, warning/2, warning/3, notice/1, notice/2, notice/3,
         info/1, info/2, info/3, debug/1, debug/2, debug/3,
         log/2, log/3, log/4]).
-export([allow/2, macro_log/3, macro_log/4, macro_log/5, add_default_metadata/1]).
-export([add_handler/3, remove_handler/1, add_primary_filter/2, add_handler_filter/3,
         remove_primary_filter/1, remove_handler_filter/2, set_module_level/2,
         unset_module_level/0, unset_module_level/1, set_application_level/2,
         unset_application_level/1, get_module_level/0, get_module_level/1,
         set_primary_config/1, set_primary_config/2, set_handler_config/2,
         set_handler_config/3, set_proxy_config/1, update_primary_config/1,
         update_handler_config/2, update_handler_config/3, update_proxy_config/1,
         update_formatter_config/2, update_formatter_config/3, get_primary_config/0,
         get_handler_config/0, get_handler_config/1, get_handler_ids/0, get_config/0,
         get_proxy_config/0, add_handlers/1, reconfigure/0]).
-export([compare_levels/2, set_process_metadata/1, update_process_metadata/1,
         unset_process_metadata/0, get_process_metadata/0, i/0, i/1, timestamp/0,
         format_report/1, format_otp_report/1, internal_log/2, filter_stacktrace/2]).

%% The configuration table, and the registered name of the process that
%% owns it (both OTP's are named logger).  Keys: primary, proxy, {handler,
%% Id} (configuration maps, the primary's with its handler ids), and the
%% levels a log call reads: primary_level and {module, Module}, as OTP's
%% integers.  A starting process fills the table under ?STARTING and
%% renames it when complete.
-define(TABLE, dbgsh_logger).
-define(STARTING, dbgsh_logger_starting).
-define(SERVER, dbgsh_logger).

%% OTP's process dictionary keys: the process metadata, and the mark of a
%% process running a handler's config callback.
-define(META_KEY, '$logger_metadata$').
-define(CB_TAG, '$logger_cb_process').

-define(OWN_KEYS, [level, filters, filter_default, handlers]).
-define(LEVELS, [none, emergency, alert, critical, error, warning, notice, info, debug, all]).
-define(NOTICE, 5).
%% How long (ms) a process waits for another's logger boot at most.
-define(BOOT_WAIT, 2000).

-define(IS_LEVEL(L), (L =:= emergency orelse L =:= alert orelse L =:= critical orelse
                      L =:= error orelse L =:= warning orelse L =:= notice orelse
                      L =:= info orelse L =:= debug)).
-define(IS_LEVEL_ALL(L), (?IS_LEVEL(L) orelse L =:= all orelse L =:= none)).
-define(IS_STRING(S), (is_list(S) orelse is_binary(S))).
-define(IS_FORMAT(F), (?IS_STRING(F) orelse is_atom(F))).
-define(IS_REPORT(R), (is_map(R) orelse (is_list(R) andalso is_tuple(hd(R))))).
-define(LOCATION, #{mfa => {?MODULE, ?FUNCTION_NAME, ?FUNCTION_ARITY}, line => ?LINE,
                    file => ?FILE}).

%% What the formatter of erl's default handler is given.
-define(DEFAULT_FORMATTER, {logger_formatter, #{legacy_header => true, single_line => false}}).

%% ---------------------------------------------------------------------
%% Log calls

emergency(X) -> log(emergency, X).
emergency(X, Y) -> log(emergency, X, Y).
emergency(X, Y, Z) -> log(emergency, X, Y, Z).

alert(X) -> log(alert, X).
alert(X, Y) -> log(alert, X, Y).
alert(X, Y, Z) -> log(alert, X, Y, Z).

critical(X) -> log(critical, X).
critical(X, Y) -> log(critical, X, Y).
critical(X, Y, Z) -> log(critical, X, Y, Z).

error(X) -> log(error, X).
error(X, Y) -> log(error, X, Y).
error(X, Y, Z) -> log(error, X, Y, Z).

warning(X) -> log(warning, X).
warning(X, Y) -> log(warning, X, Y).
warning(X, Y, Z) -> log(warning, X, Y, Z).

notice(X) -> log(notice, X).
notice(X, Y) -> log(notice, X, Y).
notice(X, Y, Z) -> log(notice, X, Y, Z).

info(X) -> log(info, X).
info(X, Y) -> log(info, X, Y).
info(X, Y, Z) -> log(info, X, Y, Z).

debug(X) -> log(debug, X).
debug(X, Y) -> log(debug, X, Y).
debug(X, Y, Z) -> log(debug, X, Y, Z).

log(Level, StringOrReport) ->
    do_log(Level, StringOrReport, #{}).

%% (Level, StringOrReport, Metadata), (Level, Format, Args) or (Level, Fun,
%% FunArgs): a map third argument is metadata unless the second is a fun.
log(Level, StringOrReport, Meta) when is_map(Meta), not is_function(StringOrReport) ->
    do_log(Level, StringOrReport, Meta);
log(Level, FunOrFormat, Args) ->
    do_log(Level, {FunOrFormat, Args}, #{}).

log(Level, FunOrFormat, Args, Meta) ->
    do_log(Level, {FunOrFormat, Args}, Meta).

%% Whether an event of Level from Module passes the module's level (or the
%% primary level): what the ?LOG macros ask before calling macro_log.
allow(Level, Module) when is_atom(Module) ->
    allows(Level, module_level(Module)).

%% The ?LOG macros' call, once allow/2 said yes: no level check here.
macro_log(Location, Level, StringOrReport) ->
    log_allowed(Location, Level, StringOrReport, #{}).

macro_log(Location, Level, StringOrReport, Meta)
  when is_map(Meta), not is_function(StringOrReport) ->
    log_allowed(Location, Level, StringOrReport, Meta);
macro_log(Location, Level, FunOrFormat, Args) ->
    log_allowed(Location, Level, {FunOrFormat, Args}, #{}).

macro_log(Location, Level, FunOrFormat, Args, Meta) ->
    log_allowed(Location, Level, {FunOrFormat, Args}, Meta).

%% A log call's level check: the level of the module its metadata names
%% (as mfa), else the primary level.
do_log(Level, Msg, Meta) ->
    Threshold = case Meta of
                    #{mfa := {Module, _, _}} -> module_level(Module);
                    _ -> primary_level()
                end,
    case allows(Level, Threshold) of
        true -> log_allowed(#{}, Level, Msg, Meta);
        false -> ok
    end.

%% An allowed event: a fun message is called first, and what it returns is
%% the message (with metadata of its own, if it returns {Msg, Map}).
log_allowed(Location, Level, {Fun, FunArgs} = FunCall, Meta) when is_function(Fun, 1) ->
    try Fun(FunArgs) of
        Result -> lazy_result(Location, Level, Result, Meta, FunCall)
    catch
        Class:Reason ->
            log_allowed(Location, Level, {"LAZY_FUN CRASH: ~tp; Reason: ~tp",
                                          [FunCall, {Class, Reason}]}, Meta)
    end;
log_allowed(Location, Level, Msg, CallMeta) when is_map(CallMeta) ->
    case wait_boot() of
        ok ->
            log_event(Location, Level, Msg, CallMeta);
        waited ->
            %% the level was checked against the start-up configuration
            Threshold = case {CallMeta, Location} of
                            {#{mfa := {Module, _, _}}, _} -> module_level(Module);
                            {_, #{mfa := {Module, _, _}}} -> module_level(Module);
                            _ -> primary_level()
                        end,
            case allows(Level, Threshold) of
                true -> log_event(Location, Level, Msg, CallMeta);
                false -> ok
            end
    end.

log_event(Location, Level, Msg, CallMeta) ->
    Primary = primary_config(),
    Meta = add_default_metadata(merge_metadata([Location, maps:get(metadata, Primary),
                                                proc_meta(), CallMeta])),
    %% OTP also sends events whose group leader is on another node to that
    %% node; here every group leader is local, and one that is no pid
    %% fails as it does there.
    _ = node(maps:get(gl, Meta)),
    dispatch(event(Level, Msg, Meta), Primary).

lazy_result(Location, Level, {Msg, #{} = FunMeta}, Meta, FunCall) ->
    lazy_message(Location, Level, Msg, maps:merge(Meta, FunMeta), FunCall);
lazy_result(Location, Level, Msg, Meta, FunCall) ->
    lazy_message(Location, Level, Msg, Meta, FunCall).

lazy_message(_Location, _Level, ignore, _Meta, _FunCall) ->
    ok;
lazy_message(Location, Level, Msg, Meta, FunCall) ->
    case message(Msg) of
        false -> log_allowed(Location, Level, {"LAZY_FUN ERROR: ~tp; Returned: ~tp",
                                               [FunCall, Msg]}, Meta);
        _ -> log_allowed(Location, Level, Msg, Meta)
    end.

%% Metadata merged, later maps winning: the location, the primary
%% metadata, the process metadata, the call's.
merge_metadata(Maps) ->
    lists:foldl(fun(Map, Acc) -> maps:merge(Acc, Map) end, hd(Maps), tl(Maps)).

%% The log event; what is no level or no message is a function_clause,
%% as in OTP.
event(Level, Msg, Meta) when ?IS_LEVEL(Level), is_map(Meta) ->
    case message(Msg) of
        false -> erlang:error(function_clause, [Level, Msg, Meta]);
        EventMsg -> #{level => Level, msg => EventMsg, meta => Meta}
    end;
event(Level, Msg, Meta) ->
    erlang:error(function_clause, [Level, Msg, Meta]).

%% A message as an event holds it: {Format, Args} (an atom format as a
%% string), {report, Report} or {string, Chardata}; false for what is none.
message({Format, Args}) when ?IS_FORMAT(Format), is_list(Args) ->
    {chars(Format), Args};
message(Report) when ?IS_REPORT(Report) ->
    {report, Report};
message(String) when ?IS_STRING(String) ->
    {string, String};
message(_) ->
    false.

chars(Format) when is_atom(Format) -> atom_to_list(Format);
chars(Format) -> Format.

add_default_metadata(Meta) ->
    add_default_metadata([pid, gl, time], Meta).

add_default_metadata([Key | Keys], Meta) ->
    case maps:is_key(Key, Meta) of
        true -> add_default_metadata(Keys, Meta);
        false -> add_default_metadata(Keys, Meta#{Key => default_metadata(Key)})
    end;
add_default_metadata([], Meta) ->
    Meta.

default_metadata(pid) -> self();
default_metadata(gl) -> group_leader();
default_metadata(time) -> timestamp().

proc_meta() ->
    case get_process_metadata() of
        Meta when is_map(Meta) -> Meta;
        _ -> #{}
    end.

timestamp() ->
    erlang:system_time(microsecond).

%% ---------------------------------------------------------------------
%% An event through the primary filters, then through each handler's
%% level and filters to its log/2, all in the calling process.

dispatch(Log, Primary) ->
    case filter(primary, Log, Primary) of
        stop -> ok;
        Log1 -> lists:foreach(fun(Id) -> to_handler(Id, Log1) end, maps:get(handlers, Primary, []))
    end.

to_handler(Id, #{level := Level} = Log) ->
    case lookup({handler, Id}) of
        [{_, #{module := Module, level := HandlerLevel} = Config}] ->
            case allows(Level, level_to_int(HandlerLevel)) andalso filter(Id, Log, Config) of
                false -> ok;
                stop -> ok;
                Log1 -> handler_log(Id, Module, Log1, maps:without(?OWN_KEYS, Config))
            end;
        [] ->
            %% removed since the primary config was read
            ok
    end.

%% A handler whose log/2 crashes is removed, and says so on standard
%% error as OTP's does.
handler_log(Id, Module, Log, HConfig) ->
    try apply(Module, log, [Log, HConfig])
    catch
        Class:Reason:Stack ->
            case remove_handler(Id) of
                ok ->
                    internal_log(error, {removed_failing_handler, Id}),
                    internal_report(debug, ?LOCATION, Log,
                                    [{logger, removed_failing_handler}, {handler, {Id, Module}},
                                     {log_event, Log}, {config, HConfig},
                                     {reason, {Class, Reason, filter_stacktrace(?MODULE, Stack)}}]);
                {error, {not_found, _}} ->
                    %% another process removed it first
                    ok;
                {error, Why} ->
                    internal_report(debug, ?LOCATION, Log,
                                    [{logger, remove_handler_failed}, {reason, Why}])
            end
    end.

%% stop, or the event to pass on. Each filter gets the event as the ones
%% before it left it and answers stop, ignore or a changed event; when
%% none changed it, filter_default decides. A filter that fails is
%% removed, and filter_default decides on the event as it came.
filter(Owner, Log, Config) ->
    case filters(Owner, Log, maps:get(filters, Config, []), unchanged) of
        stop -> stop;
        {changed, Log1} -> Log1;
        unchanged ->
            case maps:get(filter_default, Config) of
                log -> Log;
                stop -> stop
            end
    end.

filters(_Owner, _Log, [], Outcome) ->
    Outcome;
filters(Owner, Log, [{_Id, {Fun, Arg}} = Filter | Rest], Outcome) ->
    try Fun(Log, Arg) of
        stop ->
            stop;
        ignore ->
            filters(Owner, Log, Rest, Outcome);
        #{level := Level, msg := Msg, meta := Meta} = Log1
          when is_atom(Level), is_map(Meta) ->
            case is_event_msg(Msg) of
                true -> filters(Owner, Log1, Rest, {changed, Log1});
                false -> filter_failed(Filter, Owner, Log, {bad_return_value, Log1})
            end;
        Bad ->
            filter_failed(Filter, Owner, Log, {bad_return_value, Bad})
    catch
        Class:Reason:Stack ->
            filter_failed(Filter, Owner, Log, {Class, Reason, filter_stacktrace(?MODULE, Stack)})
    end.

%% What a filter may put as an event's msg (with OTP's leniency: a longer
%% tuple tagged report or string passes too).
is_event_msg({Format, Args}) when ?IS_FORMAT(Format), is_list(Args) ->
    true;
is_event_msg(Msg) when tuple_size(Msg) >= 2, element(1, Msg) == report,
                       ?IS_REPORT(element(2, Msg)) ->
    true;
is_event_msg(Msg) when tuple_size(Msg) >= 2, element(1, Msg) == string,
                       ?IS_STRING(element(2, Msg)) ->
    true;
is_event_msg(_) ->
    false.

filter_failed({Id, _} = Filter, Owner, Log, Reason) ->
    case call({remove_filter, Owner, Id}) of
        ok ->
            internal_log(error, {removed_failing_filter, Id}),
            internal_report(debug, ?LOCATION, Log,
                            [{logger, removed_failing_filter}, {filter, Filter},
                             {owner, Owner}, {log_event, Log}, {reason, Reason}]);
        _ ->
            ok
    end,
    unchanged.

%% The stack down to (not including) the first frame of Module.
filter_stacktrace(Module, [{Module, _, _, _} | _]) ->
    [];
filter_stacktrace(Module, [H | T]) ->
    [H | filter_stacktrace(Module, T)];
filter_stacktrace(_, []) ->
    [].

%% What OTP's logger writes on standard error when it removes a handler
%% or filter, or cannot do its own work.
internal_log(Level, Term) when is_atom(Level) ->
    io:put_chars(standard_error,
                 ["Logger - ", atom_to_list(Level), ": ", io_lib:format("~w~n", [Term])]).

%% logger's own report about itself (a handler or filter removed, a
%% callback that crashed), logged from a new process when Level is
%% allowed for this module. An internal report about an internal report
%% goes straight to standard error.
internal_report(Level, Location, Log, Report) ->
    case allow(Level, ?MODULE) of
        true ->
            Meta = add_default_metadata(Location),
            case Log of
                #{meta := #{internal_log_event := true}} ->
                    Event = #{level => Level, msg => {report, Report}, meta => Meta},
                    _ = spawn(fun() -> display_event(Event) end);
                _ ->
                    _ = spawn(fun() ->
                                      macro_log(Location, Level, Report,
                                                Meta#{internal_log_event => true})
                              end)
            end,
            ok;
        false ->
            ok
    end.

display_event(Event) ->
    Config = #{legacy_header => true, single_line => false, depth => unlimited,
               time_offset => ""},
    io:put_chars(standard_error, logger_formatter:format(Event, Config)).

%% ---------------------------------------------------------------------
%% Levels

compare_levels(Level, Level) when ?IS_LEVEL_ALL(Level) ->
    eq;
compare_levels(Level1, Level2) when ?IS_LEVEL_ALL(Level1), ?IS_LEVEL_ALL(Level2) ->
    case level_to_int(Level1) < level_to_int(Level2) of
        true -> gt;
        false -> lt
    end;
compare_levels(Level1, Level2) ->
    erlang:error(badarg, [Level1, Level2]).

%% Whether an event of Level passes a configured level (as an integer):
%% no clause for what is not a level.
allows(emergency, L) -> 0 =< L;
allows(alert, L) -> 1 =< L;
allows(critical, L) -> 2 =< L;
allows(error, L) -> 3 =< L;
allows(warning, L) -> 4 =< L;
allows(notice, L) -> 5 =< L;
allows(info, L) -> 6 =< L;
allows(debug, L) -> 7 =< L.

level_to_int(none) -> -1;
level_to_int(emergency) -> 0;
level_to_int(alert) -> 1;
level_to_int(critical) -> 2;
level_to_int(error) -> 3;
level_to_int(warning) -> 4;
level_to_int(notice) -> 5;
level_to_int(info) -> 6;
level_to_int(debug) -> 7;
level_to_int(all) -> 10.

int_to_level(-1) -> none;
int_to_level(0) -> emergency;
int_to_level(1) -> alert;
int_to_level(2) -> critical;
int_to_level(3) -> error;
int_to_level(4) -> warning;
int_to_level(5) -> notice;
int_to_level(6) -> info;
int_to_level(7) -> debug;
int_to_level(10) -> all.

module_level(Module) ->
    case lookup({module, Module}) of
        [{_, Int}] -> Int;
        [] -> primary_level()
    end.

primary_level() ->
    case lookup(primary_level) of
        [{_, Int}] -> Int;
        [] -> ?NOTICE
    end.

%% ---------------------------------------------------------------------
%% Process metadata

set_process_metadata(Meta) when is_map(Meta) ->
    _ = put(?META_KEY, Meta),
    ok;
set_process_metadata(Meta) ->
    erlang:error(badarg, [Meta]).

update_process_metadata(Meta) when is_map(Meta) ->
    case get_process_metadata() of
        undefined -> set_process_metadata(Meta);
        Meta0 when is_map(Meta0) -> set_process_metadata(maps:merge(Meta0, Meta))
    end;
update_process_metadata(Meta) ->
    erlang:error(badarg, [Meta]).

get_process_metadata() ->
    get(?META_KEY).

unset_process_metadata() ->
    _ = erase(?META_KEY),
    ok.

%% ---------------------------------------------------------------------
%% Reading the configuration

get_primary_config() ->
    _ = wait_boot(),
    maps:remove(handlers, primary_config()).

%% (As in OTP, the ids primary and proxy give those configs.)
get_handler_config(HandlerId) ->
    _ = wait_boot(),
    case lookup(table_key(HandlerId)) of
        [{_, #{module := Module} = Config}] ->
            {ok, try apply(Module, filter_config, [Config])
                 catch _:_ -> Config
                 end};
        [{_, Config}] ->
            {ok, Config};
        [] ->
            {error, {not_found, HandlerId}}
    end.

get_handler_config() ->
    [begin
         {ok, Config} = get_handler_config(HandlerId),
         Config
     end || HandlerId <- get_handler_ids()].

get_handler_ids() ->
    _ = wait_boot(),
    #{handlers := HandlerIds} = primary_config(),
    HandlerIds.

get_proxy_config() ->
    _ = wait_boot(),
    [{_, Config}] = lookup(proxy),
    Config.

get_module_level(Module) when is_atom(Module) ->
    get_module_level([Module]);
get_module_level(Modules) when is_list(Modules) ->
    [{M, L} || {M, L} <- get_module_level(), lists:member(M, Modules)].

get_module_level() ->
    _ = wait_boot(),
    lists:sort([{M, int_to_level(I)} || [M, I] <- ets:match(?TABLE, {{module, '$1'}, '$2'})]).

get_config() ->
    #{primary => get_primary_config(),
      handlers => get_handler_config(),
      proxy => get_proxy_config(),
      module_levels => lists:keysort(1, get_module_level())}.

primary_config() ->
    [{_, Config}] = lookup(primary),
    Config.

%% The table, started with its owner when there is none.
lookup(Key) ->
    try ets:lookup(?TABLE, Key)
    catch
        error:badarg ->
            _ = server(),
            ets:lookup(?TABLE, Key)
    end.

%% ---------------------------------------------------------------------
%% Changing the configuration: the checks OTP makes in the caller, then a
%% request to the server.

add_handler(Id, _Module, _Config) when not is_atom(Id) ->
    {error, {invalid_id, Id}};
add_handler(_Id, Module, _Config) when not is_atom(Module) ->
    {error, {invalid_module, Module}};
add_handler(Id, Module, Config) ->
    case check(Id, Config) of
        ok -> call({add_handler, Id, Module, maps:merge(default_config(Id, Module), Config)});
        Error -> Error
    end.

remove_handler(HandlerId) ->
    call({remove_handler, HandlerId}).

add_primary_filter(FilterId, Filter) ->
    add_filter(primary, {FilterId, Filter}).

add_handler_filter(HandlerId, FilterId, Filter) ->
    add_filter(HandlerId, {FilterId, Filter}).

add_filter(Owner, Filter) ->
    case check(Owner, filters, [Filter]) of
        ok -> call({add_filter, Owner, Filter});
        Error -> Error
    end.

remove_primary_filter(FilterId) ->
    call({remove_filter, primary, FilterId}).

remove_handler_filter(HandlerId, FilterId) ->
    call({remove_filter, HandlerId, FilterId}).

set_primary_config(Key, Value) ->
    set_config(primary, Key, Value).

set_primary_config(Config) ->
    set_config(primary, Config).

set_handler_config(HandlerId, Key, Value) ->
    set_config(HandlerId, Key, Value).

set_handler_config(HandlerId, Config) ->
    set_config(HandlerId, Config).

set_proxy_config(Config) ->
    set_config(proxy, Config).

update_primary_config(Config) ->
    update_config(primary, Config).

update_handler_config(HandlerId, Key, Value) ->
    update_config(HandlerId, Key, Value).

update_handler_config(HandlerId, Config) ->
    update_config(HandlerId, Config).

update_proxy_config(Config) ->
    update_config(proxy, Config).

set_config(Owner, Key, Value) ->
    case check(Owner, Key, Value) of
        ok -> call({change_config, set, Owner, Key, Value});
        Error -> Error
    end.

set_config(Owner, Config) ->
    case check(Owner, Config) of
        ok -> call({change_config, set, Owner, Config});
        Error -> Error
    end.

update_config(Owner, Key, Value) ->
    case check(Owner, Key, Value) of
        ok -> call({change_config, update, Owner, Key, Value});
        Error -> Error
    end.

update_config(Owner, Config) ->
    case check(Owner, Config) of
        ok -> call({change_config, update, Owner, Config});
        Error -> Error
    end.

update_formatter_config(HandlerId, Key, Value) ->
    update_formatter_config(HandlerId, #{Key => Value}).

update_formatter_config(HandlerId, FormatterConfig) when is_map(FormatterConfig) ->
    call({update_formatter_config, HandlerId, FormatterConfig});
update_formatter_config(_HandlerId, FormatterConfig) ->
    {error, {invalid_formatter_config, FormatterConfig}}.

set_module_level(Module, Level) when is_atom(Module) ->
    set_module_level([Module], Level);
set_module_level(Modules, Level) when is_list(Modules) ->
    case lists:all(fun(M) -> is_atom(M) end, Modules) of
        true ->
            case check(primary, level, Level) of
                ok -> call({set_module_level, Modules, Level});
                Error -> Error
            end;
        false ->
            {error, {not_a_list_of_modules, Modules}}
    end;
set_module_level(Modules, _) ->
    {error, {not_a_list_of_modules, Modules}}.

unset_module_level(Module) when is_atom(Module) ->
    unset_module_level([Module]);
unset_module_level(Modules) when is_list(Modules) ->
    case lists:all(fun(M) -> is_atom(M) end, Modules) of
        true -> call({unset_module_level, Modules});
        false -> {error, {not_a_list_of_modules, Modules}}
    end;
unset_module_level(Modules) ->
    {error, {not_a_list_of_modules, Modules}}.

unset_module_level() ->
    call({unset_module_level, all}).

%% The levels of the modules a loaded application lists (its `modules`
%% key; application_controller fills it in for an App.app.src without one).
set_application_level(App, Level) ->
    case application:get_key(App, modules) of
        {ok, Modules} -> set_module_level(Modules, Level);
        undefined -> {error, {not_loaded, App}}
    end.

unset_application_level(App) ->
    case application:get_key(App, modules) of
        {ok, Modules} -> unset_module_level(Modules);
        undefined -> {error, {not_loaded, App}}
    end.

default_config(primary) ->
    #{level => notice, metadata => #{}, filters => [], filter_default => log};
default_config(Id) ->
    #{id => Id, level => all, filters => [], filter_default => log,
      formatter => {logger_formatter, #{}}}.

default_config(Id, Module) ->
    (default_config(Id))#{module => Module}.

%% The checks of a config map, or of one Key and Value, for the primary
%% config, a handler, or the proxy (whose options are checked as they are
%% set): ok, or {error, Reason} for the first bad entry.
check(Owner, Config) when is_map(Config) ->
    check_entries(Owner, maps:to_list(Config));
check(_Owner, Config) ->
    {error, {invalid_config, Config}}.

check(Owner, Key, Value) ->
    check_entries(Owner, [{Key, Value}]).

check_entries(proxy, _Entries) ->
    ok;
check_entries(primary, Entries) ->
    first_error(primary, Entries);
check_entries(Id, Entries) when is_atom(Id) ->
    first_error(handler, Entries);
check_entries(Id, _Entries) ->
    {error, {invalid_id, Id}}.

first_error(_Kind, []) ->
    ok;
first_error(Kind, [Entry | Entries]) ->
    case entry_error(Kind, Entry) of
        ok -> first_error(Kind, Entries);
        Reason -> {error, Reason}
    end.

entry_error(_, {level, Level}) ->
    case lists:member(Level, ?LEVELS) of
        true -> ok;
        false -> {invalid_level, Level}
    end;
entry_error(_, {filters, Filters}) ->
    filters_error(Filters);
entry_error(_, {filter_default, Default}) when Default == log; Default == stop ->
    ok;
entry_error(_, {filter_default, Default}) ->
    {invalid_filter_default, Default};
entry_error(handler, {formatter, Formatter}) ->
    formatter_error(Formatter);
entry_error(primary, {metadata, Meta}) when is_map(Meta) ->
    ok;
entry_error(primary, Entry) ->
    {invalid_primary_config, Entry};
entry_error(handler, {_Key, _Value}) ->
    ok.

filters_error([{Id, {Fun, _Arg}} | Filters]) when is_atom(Id), is_function(Fun, 2) ->
    filters_error(Filters);
filters_error([Filter | _]) ->
    {invalid_filter, Filter};
filters_error([]) ->
    ok;
filters_error(Filters) ->
    {invalid_filters, Filters}.

%% The formatter module checks its own config; one without check_config/1
%% takes anything.
formatter_error({Mod, _Config}) when not is_atom(Mod) ->
    {invalid_module, Mod};
formatter_error({Mod, Config}) ->
    try apply(Mod, check_config, [Config]) of
        ok -> ok;
        {error, Reason} -> Reason;
        Other -> erlang:error({try_clause, Other})
    catch
        Class:Reason:Stack ->
            case {Class, Reason, Stack} of
                {error, undef, [{Mod, check_config, [Config], _} | _]} -> ok;
                _ -> {callback_crashed, {Class, Reason, filter_stacktrace(?MODULE, Stack)}}
            end
    end;
formatter_error(Formatter) ->
    {invalid_formatter, Formatter}.

%% ---------------------------------------------------------------------
%% Handlers from configuration lists, and back to the start

%% The kernel environment's logger entries, as OTP's boot leaves them
%% (the application controller completes them when it loads kernel), or
%% the start-up default handler's when the controller does not run.
kernel_logger_env() ->
    kernel_env(logger, [{handler, default, std_h(), default_handler_config()}]).

%% The default handler's config at start-up, as erl -noshell's.
default_handler_config() ->
    #{formatter => ?DEFAULT_FORMATTER, config => #{type => standard_io}}.

%% Whether the kernel environment is there to read. It lives in the
%% application controller, which starts on first use: it is asked only when
%% it runs or -config files were given, so that a program that logs starts
%% no controller it does not use.
kernel_env_known() ->
    whereis(application_controller) =/= undefined orelse dbgsh_code:config_files() =/= [].

%% A kernel environment value, or Default.
kernel_env(Key, Default) ->
    case kernel_env_known() of
        true -> application:get_env(kernel, Key, Default);
        false -> Default
    end.

%% What OTP's boot does with the kernel environment (internal_init_logger/0
%% and add_handlers(kernel)), done by the process that started the server
%% before its own event goes on: the primary level (logger_level), metadata
%% (logger_metadata), filters and module levels, and the handlers of the
%% logger environment, the default one per error_logger (only when the
%% environment is there to read: start_server/0). A bad value is reported
%% as OTP reports it ("Invalid logger config"), and the start-up
%% configuration stays (OTP's node would not boot).
boot_configure() ->
    try
        Env = kernel_env(logger, []),
        case unexpected(kernel, Env) of
            [] -> ok;
            Bad -> throw(Bad)
        end,
        case kernel_env(error_logger, undefined) of
            T when T =:= tty; T =:= silent; T =:= false; T =:= undefined -> ok;
            {file, F} when is_list(F) -> ok;
            {file, F, Ms} when is_list(F), is_list(Ms) -> ok;
            T -> throw({error_logger, T})
        end,
        Level = kernel_env(logger_level, notice),
        ?IS_LEVEL_ALL(Level) orelse throw({logger_level, Level}),
        Meta = kernel_env(logger_metadata, #{}),
        is_map(Meta) orelse throw({logger_metadata, Meta}),
        {Default, Filters} = case [F || {filters, _, _} = F <- Env] of
                                 [] -> {log, []};
                                 [{filters, D, Fs}] -> {D, Fs};
                                 _ -> throw({multiple_filters, Env})
                             end,
        [ok = throw_error(set_primary_config(K, V))
         || {K, V} <- [{level, Level}, {metadata, Meta}, {filter_default, Default}]],
        [ok = throw_error(add_primary_filter(Id, F)) || {Id, F} <- Filters],
        [ok = throw_error(set_module_level(Ms, L)) || {module_level, L, Ms} <- Env],
        remove_handler(default)
    of
        _ ->
            _ = add_handlers(kernel),
            ok
    catch
        throw:Reason ->
            log_error(?LOCATION, "Invalid logger config: ~p", [Reason])
    end.

throw_error(ok) -> ok;
throw_error({error, Reason}) -> throw(Reason).

%% logger_std_h, named through a fun so that a renamed copy of these
%% modules (tests/lib_erl) names the handler renamed with it.
std_h() ->
    {module, Module} = erlang:fun_info(fun logger_std_h:log/2, module),
    Module.

%% The filters the default handler gets when its config names none.
default_handler_filters() ->
    [{remote_gl, {fun logger_filters:remote_gl/2, stop}},
     {domain, {fun logger_filters:domain/2, {log, super, [otp, sasl]}}},
     {no_domain, {fun logger_filters:domain/2, {log, undefined, []}}}].

%% add_handlers(kernel) adds the handlers of the kernel environment; no
%% other application has one here.
add_handlers(kernel) ->
    add_handlers(kernel, kernel_logger_env());
add_handlers(App) when is_atom(App) ->
    add_handlers(App, []);
add_handlers(HandlerConfig) ->
    add_handlers(undefined, HandlerConfig).

add_handlers(App, Env) ->
    try
        case unexpected(App, Env) of
            [] -> ok;
            Bad -> throw(Bad)
        end,
        DefaultAdded = lists:foldl(fun add_env_handler/2, false, Env),
        %% OTP replaces its start-up handler, named simple, by the default
        %% handler
        [case remove_handler(simple) of
             ok -> ok;
             {error, {not_found, simple}} -> ok
         end || DefaultAdded],
        ok
    catch
        throw:Reason0 ->
            Reason = case App of
                         undefined -> Reason0;
                         _ -> {App, Reason0}
                     end,
            log_error(?LOCATION, "Invalid logger handler config: ~p", [Reason]),
            {error, {bad_config, {handler, Reason}}}
    end.

%% The environment from its first entry that is not for App on, or []
%% when every entry is.
unexpected(_App, []) ->
    [];
unexpected(App, [Entry | Rest] = Env) ->
    case env_entry(App, Entry) of
        true -> unexpected(App, Rest);
        false -> Env
    end;
unexpected(_App, Env) ->
    Env.

env_entry(_, {handler, _, _, _}) -> true;
env_entry(kernel, {handler, default, undefined}) -> true;
env_entry(kernel, {filters, _, _}) -> true;
env_entry(kernel, {module_level, _, _}) -> true;
env_entry(kernel, {proxy, _}) -> true;
env_entry(_, _) -> false.

%% Adds a {handler, Id, Module, Config} entry (throwing why it could not);
%% true once the default handler is added. The default handler gets its
%% filters unless the config names some.
add_env_handler({handler, default, Module, Config}, _Added)
  when not is_map_key(filters, Config) ->
    Defaults = #{filter_default => stop, filters => default_handler_filters()},
    add_or_throw(default, Module, maps:merge(Defaults, Config)),
    true;
add_env_handler({handler, Id, Module, Config}, Added) ->
    add_or_throw(Id, Module, Config),
    Added orelse Id == default;
add_env_handler(_, Added) ->
    Added.

add_or_throw(Id, Module, Config) ->
    case add_handler(Id, Module, Config) of
        ok -> ok;
        {error, Reason} -> throw(Reason)
    end.

%% What a ?LOG_ERROR in this module does.
log_error(Location, Format, Args) ->
    case allow(error, ?MODULE) of
        true -> macro_log(Location, error, Format, Args);
        false -> ok
    end.

%% Back to the configuration logger starts with: every handler removed,
%% no module levels, the primary defaults, the default handler added.
reconfigure() ->
    try
        [case remove_handler(Id) of
             ok -> ok;
             {error, Reason} -> throw({remove, Id, Reason})
         end || #{id := Id} <- get_handler_config()],
        _ = unset_module_level(),
        ok = set_primary_config(level, notice),
        ok = set_primary_config(metadata, #{}),
        ok = set_primary_config(filter_default, log),
        ok = set_primary_config(filters, [])
    of
        ok -> add_handlers(kernel)
    catch
        throw:Reason -> {error, Reason}
    end.

%% ---------------------------------------------------------------------
%% i/0,1: the configuration as text. Standard output is latin1 here, so
%% terms print with ~p (OTP uses ~tp on a unicode device).

i() ->
    #{primary := Primary, handlers := Handlers, proxy := Proxy,
      module_levels := Modules} = get_config(),
    print_primary(Primary),
    print_handlers(Handlers),
    print_proxy(Proxy),
    print_modules(Modules).

i(primary) -> print_primary(get_primary_config());
i(handlers) -> print_handlers(get_handler_config());
i(proxy) -> print_proxy(get_proxy_config());
i(modules) -> print_modules(get_module_level());
i(HandlerId) when is_atom(HandlerId) ->
    case get_handler_config(HandlerId) of
        {ok, Config} -> print_handlers([Config]);
        Error -> Error
    end;
i(What) ->
    erlang:error(badarg, [What]).

print_primary(#{level := Level, filters := Filters, filter_default := Default}) ->
    io:format("Primary configuration: ~n"
              "    Level: ~p~n"
              "    Filter Default: ~p~n"
              "    Filters: ~n", [Level, Default]),
    print_filters(8, Filters).

print_handlers(Handlers) ->
    io:format("Handler configuration: ~n"),
    case Handlers of
        [] -> io:format("    (none)~n");
        _ -> lists:foreach(fun print_handler/1, Handlers)
    end.

print_handler(#{id := Id, module := Module, level := Level, filters := Filters,
                filter_default := Default, formatter := {FModule, FConfig}} = Config) ->
    io:format("    Id: ~p~n"
              "        Module: ~p~n"
              "        Level:  ~p~n"
              "        Formatter:~n"
              "            Module: ~p~n"
              "            Config:~n", [Id, Module, Level, FModule]),
    print_value(16, FConfig),
    io:format("        Filter Default: ~p~n"
              "        Filters:~n", [Default]),
    print_filters(12, Filters),
    case Config of
        #{config := HConfig} ->
            io:format("        Handler Config:~n"),
            print_value(12, HConfig);
        _ ->
            ok
    end,
    Known = [id, module, level, filters, filter_default, formatter, config],
    case maps:without(Known, Config) of
        Custom when map_size(Custom) =:= 0 ->
            ok;
        Custom ->
            io:format("        Custom Config:~n"),
            print_value(12, Custom)
    end.

print_filters(Indent, []) ->
    io:format("~s(none)~n", [spaces(Indent)]);
print_filters(Indent, Filters) ->
    Pad = spaces(Indent),
    lists:foreach(fun({Id, {Fun, Arg}}) ->
                          io:format("~sId: ~p~n~s    Fun: ~p~n~s    Arg: ~p~n",
                                    [Pad, Id, Pad, Fun, Pad, Arg])
                  end, Filters).

print_proxy(Proxy) ->
    io:format("Proxy configuration: ~n"),
    print_value(4, Proxy).

print_modules([]) ->
    io:format("Level set per module: ~n    (none)~n");
print_modules(Modules) ->
    io:format("Level set per module: ~n"),
    lists:foreach(fun({Module, Level}) ->
                          io:format("    Module: ~p~n        Level: ~p~n", [Module, Level])
                  end, Modules).

%% A config value: a map or a list of pairs as Key: Value lines (sorted
%% for a map; nested lists and maps the same way), anything else as is.
print_value(Indent, Map) when is_map(Map) ->
    print_value(Indent, lists:keysort(1, maps:to_list(Map)));
print_value(Indent, [Item | _] = List) when is_tuple(Item) ->
    lists:foreach(fun({Key, Value}) -> io:format("~s~p: ~p~n", [spaces(Indent), Key, Value]);
                     (Other) -> print_value(Indent, Other)
                  end, List);
print_value(Indent, Value) ->
    io:format("~s~p~n", [spaces(Indent), Value]).

spaces(N) -> lists:duplicate(N, $\s).

%% ---------------------------------------------------------------------
%% Reports as {Format, Args}: the default report_cb

%% An OTP report (#{label, report}) shows its report part.
format_otp_report(#{label := _, report := Report}) ->
    format_report(Report);
format_otp_report(Report) ->
    format_report(Report).

%% A report whose characters make a string is that string; a list of
%% {Key, Value} and other items is one indented line per item (a value
%% that is a string without quotes); anything else is ~tp of it.
format_report(Report) when is_map(Report) ->
    format_report(maps:to_list(Report));
format_report(Report) ->
    case flat(Report) of
        {ok, []} -> {"~tp", [[]]};
        {ok, Chars} ->
            case is_text(Chars) of
                true -> {"~ts", [Chars]};
                false -> report_lines(Report)
            end;
        error -> {"~tp", [Report]}
    end.

report_lines(Items) ->
    {Lines, Args} = lists:unzip([report_line(Item) || Item <- Items]),
    {lists:flatten(lists:join($\n, Lines)), lists:append(Args)}.

report_line({Key, Value}) ->
    IsText = case flat(Value) of
                 {ok, Chars} -> is_text(Chars);
                 error -> false
             end,
    case IsText of
        true -> {"    ~tp: ~ts", [Key, Value]};
        false -> {"    ~tp: ~tp", [Key, Value]}
    end;
report_line(Item) ->
    {"    ~tp", [Item]}.

flat(Term) ->
    try {ok, lists:flatten(Term)}
    catch _:_ -> error
    end.

is_text([]) -> false;
is_text(Chars) -> io_lib:printable_unicode_list(Chars).

%% ---------------------------------------------------------------------
%% The server: owns the table, makes every change, and runs the handlers'
%% adding_handler, removing_handler and changing_config in a helper
%% process (one at a time, the others queued) so that a callback may read
%% the configuration and log; requests that need no callback are answered
%% meanwhile.

call(Request) ->
    Action = element(1, Request),
    case get(?CB_TAG) of
        true when Action == add_handler; Action == remove_handler;
                  Action == add_filter; Action == remove_filter;
                  Action == change_config ->
            {error, {attempting_syncronous_call_to_self, Request}};
        _ ->
            _ = wait_boot(),
            server_call(Request)
    end.

server_call(Request) ->
    Pid = server(),
    Mon = erlang:monitor(process, Pid),
    Pid ! {'$logger_call', self(), Mon, Request},
    receive
        {Mon, {'$logger_crashed', Reason}} ->
            erlang:demonitor(Mon, [flush]),
            exit({Reason, {gen_server, call, [logger, Request, infinity]}});
        {Mon, Reply} ->
            erlang:demonitor(Mon, [flush]),
            Reply;
        {'DOWN', Mon, process, _, Reason} ->
            exit({Reason, {gen_server, call, [logger, Request, infinity]}})
    end.

server() ->
    case whereis(?SERVER) of
        undefined ->
            start_server(),
            server();
        Pid ->
            Pid
    end.

%% Processes that find no server may start one each at the same time: the
%% first to create the table wins, the others end (normally: their
%% starters look again). A server that cannot start is an error. The
%% winner's starter applies the kernel environment (boot_configure/0),
%% when there is one to read, before its own call goes on.
%%
%% In OTP the environment is in place before any program runs. Here the
%% table is visible while the starter applies it, so until the starter is
%% done the table holds {booting, Starter} and every other process's log
%% event, configuration read and configuration request waits for it
%% (wait_boot/0); the primary level reads as `all' meanwhile, so that no
%% event is dropped by the start-up level before it can wait, and each is
%% checked again against the configuration it then finds.
start_server() ->
    Parent = self(),
    Ref = make_ref(),
    Boot = kernel_env_known(),
    {Pid, Mon} = spawn_monitor(fun() -> init_server(Parent, Ref, Boot) end),
    receive
        {Ref, Pid} ->
            erlang:demonitor(Mon, [flush]),
            case Boot of
                true ->
                    try boot_configure()
                    after server_call(boot_done)
                    end;
                false ->
                    ok
            end;
        {'DOWN', Mon, process, Pid, normal} -> ok;
        {'DOWN', Mon, process, Pid, Reason} -> exit({Reason, {logger, start, []}})
    end.

init_server(Parent, Ref, Boot) ->
    Objects = case Boot of
                  true ->
                      initial_table() ++ [{booting, Parent}, {primary_level, level_to_int(all)}];
                  false -> initial_table()
              end,
    try ets:new(?STARTING, [set, protected, named_table, {read_concurrency, true}]) of
        _ ->
            true = ets:insert(?STARTING, Objects),
            try ets:rename(?STARTING, ?TABLE) of
                _ ->
                    true = register(?SERVER, self()),
                    %% a starter that dies while booting ends the boot too
                    BootMon = case Boot of
                                  true -> erlang:monitor(process, Parent);
                                  false -> none
                              end,
                    Parent ! {Ref, self()},
                    server_loop(#{current => undefined, queue => [], boot => BootMon})
            catch
                error:badarg -> ok
            end
    catch
        error:badarg -> ok
    end.

%% The start-up configuration: erl -noshell's, with its default handler.
initial_table() ->
    Primary = (default_config(primary))#{handlers => []},
    Module = std_h(),
    Config0 = default_handler_config(),
    Config1 = maps:merge(default_config(default, Module),
                         maps:merge(#{filter_default => stop,
                                      filters => default_handler_filters()}, Config0)),
    {ok, Config} = apply(Module, adding_handler, [Config1]),
    [{proxy, proxy_defaults()}, {primary, Primary#{handlers => [default]}},
     {primary_level, level_to_int(notice)}, {{handler, default}, Config}].

server_loop(#{boot := BootMon} = S) ->
    receive
        {'$logger_call', From, Tag, boot_done} ->
            %% the level in place before the starter's own call goes on
            S1 = end_boot(S),
            reply({From, Tag}, ok),
            server_loop(S1);
        {'DOWN', BootMon, process, _, _} ->
            server_loop(end_boot(S));
        {'$logger_call', From, Tag, Request} ->
            server_loop(handle_call(Request, {From, Tag}, S));
        {'$logger_cb', Pid, Result} ->
            server_loop(callback_done(Pid, Result, S));
        {'DOWN', Mon, process, Pid, Reason} ->
            server_loop(callback_down(Mon, Pid, Reason, S));
        Unexpected ->
            internal_report(info, ?LOCATION, #{},
                            [{logger, got_unexpected_message}, {process, logger},
                             {message, Unexpected}]),
            server_loop(S)
    end.

reply({Pid, Tag}, Reply) ->
    Pid ! {Tag, Reply},
    ok.

%% The starter is done (or gone): the primary level is the configured one
%% again, and waiting processes go on.
end_boot(#{boot := none} = S) ->
    S;
end_boot(#{boot := BootMon} = S) ->
    erlang:demonitor(BootMon, [flush]),
    ok = table_set(primary, table_get(primary)),
    true = ets:delete(?TABLE, booting),
    S#{boot := none}.

%% What a process other than the starter does while logger boots (see
%% start_server/0): it waits, polling, until the boot is done; `waited'
%% says it had to. The server, and the helpers that run handler callbacks
%% for it, never wait: the boot may be waiting for them. A boot that takes
%% longer than ?BOOT_WAIT ms (a process the boot waits for logging) is
%% waited for no more.
wait_boot() ->
    case lookup(booting) of
        [] ->
            ok;
        [{_, Starter}] when Starter =:= self() ->
            ok;
        [_] ->
            case get(?CB_TAG) =:= true orelse whereis(?SERVER) =:= self() of
                true -> ok;
                false -> wait_boot(erlang:monotonic_time(millisecond) + ?BOOT_WAIT)
            end
    end.

wait_boot(Deadline) ->
    receive after 1 -> ok end,
    case ets:member(?TABLE, booting) andalso erlang:monotonic_time(millisecond) < Deadline of
        true -> wait_boot(Deadline);
        false -> waited
    end.

handle_call({add_handler, Id, Module, HConfig}, From, S) ->
    case ets:member(?TABLE, table_key(Id)) of
        true ->
            reply(From, {error, {already_exist, Id}}),
            S;
        false ->
            async(fun() -> call_h(Module, adding_handler, [HConfig], {ok, HConfig}) end,
                  fun({ok, HConfig1}) ->
                          %% calling adding_handler loaded the module if
                          %% there is one
                          case erlang:function_exported(Module, log, 2) of
                              true ->
                                  Primary = table_get(primary),
                                  Ids = maps:get(handlers, Primary, []),
                                  table_set(Id, HConfig1),
                                  table_set(primary, Primary#{handlers => [Id | Ids]});
                              false ->
                                  {error, {invalid_handler,
                                           {function_not_exported, {Module, log, 2}}}}
                          end;
                     ({error, HReason}) ->
                          {error, {handler_not_added, HReason}}
                  end, From, S)
    end;
handle_call({remove_handler, HandlerId}, From, S) ->
    case ets:lookup(?TABLE, table_key(HandlerId)) of
        [{_, #{module := Module} = HConfig}] ->
            async(fun() -> call_h(Module, removing_handler, [HConfig], ok) end,
                  fun(_) ->
                          Primary = table_get(primary),
                          Ids = lists:delete(HandlerId, maps:get(handlers, Primary, [])),
                          table_set(primary, Primary#{handlers => Ids}),
                          ets:delete(?TABLE, table_key(HandlerId)),
                          ok
                  end, From, S);
        _ ->
            reply(From, {error, {not_found, HandlerId}}),
            S
    end;
handle_call({add_filter, Owner, {FId, _} = Filter}, From, S) ->
    Reply = case table_find(Owner) of
                {ok, Config} ->
                    Filters = maps:get(filters, Config, []),
                    case lists:keymember(FId, 1, Filters) of
                        true -> {error, {already_exist, FId}};
                        false -> table_set(Owner, Config#{filters => [Filter | Filters]})
                    end;
                Error ->
                    Error
            end,
    reply(From, Reply),
    S;
handle_call({remove_filter, Owner, FilterId}, From, S) ->
    Reply = case table_find(Owner) of
                {ok, Config} ->
                    case lists:keytake(FilterId, 1, maps:get(filters, Config, [])) of
                        {value, _, Filters} -> table_set(Owner, Config#{filters => Filters});
                        false -> {error, {not_found, FilterId}}
                    end;
                Error ->
                    Error
            end,
    reply(From, Reply),
    S;
handle_call({change_config, SetOrUpd, proxy, Config0}, From, S) ->
    Default = case SetOrUpd of
                  set -> proxy_defaults();
                  update -> table_get(proxy)
              end,
    Config = maps:merge(Default, Config0),
    Reply = case logger_std_h:check_olp(Config) of
                ok -> table_set(proxy, Config);
                Error -> Error
            end,
    reply(From, Reply),
    S;
handle_call({change_config, SetOrUpd, primary, Config0}, From, S) ->
    #{handlers := Handlers} = Old = table_get(primary),
    Default = case SetOrUpd of
                  set -> default_config(primary);
                  update -> Old
              end,
    Config = maps:merge(Default, Config0),
    reply(From, table_set(primary, Config#{handlers => Handlers})),
    S;
handle_call({change_config, _SetOrUpd, primary, Key, Value}, From, S) ->
    Old = table_get(primary),
    reply(From, table_set(primary, Old#{Key => Value})),
    S;
handle_call({change_config, SetOrUpd, HandlerId, Config0}, From, S) ->
    case table_find(HandlerId) of
        {ok, #{module := Module} = Old} ->
            Default = case SetOrUpd of
                          set -> default_config(HandlerId, Module);
                          update -> Old
                      end,
            change_handler(SetOrUpd, HandlerId, Module, Old, maps:merge(Default, Config0),
                           From, S);
        _ ->
            reply(From, {error, {not_found, HandlerId}}),
            S
    end;
handle_call({change_config, SetOrUpd, HandlerId, Key, Value}, From, S) ->
    case table_find(HandlerId) of
        {ok, #{module := Module} = Old} ->
            change_handler(SetOrUpd, HandlerId, Module, Old, Old#{Key => Value}, From, S);
        _ ->
            reply(From, {error, {not_found, HandlerId}}),
            S
    end;
handle_call({update_formatter_config, HandlerId, NewFConfig}, From, S) ->
    Reply = case table_find(HandlerId) of
                {ok, #{formatter := {FMod, OldFConfig}} = Config} ->
                    try
                        FConfig = maps:merge(OldFConfig, NewFConfig),
                        case formatter_error({FMod, FConfig}) of
                            ok -> table_set(HandlerId, Config#{formatter => {FMod, FConfig}});
                            Reason -> {error, Reason}
                        end
                    catch
                        _:Crash -> {'$logger_crashed', Crash}
                    end;
                _ ->
                    {error, {not_found, HandlerId}}
            end,
    reply(From, Reply),
    S;
handle_call({set_module_level, Modules, Level}, From, S) ->
    Int = level_to_int(Level),
    true = ets:insert(?TABLE, [{{module, M}, Int} || M <- Modules]),
    reply(From, ok),
    S;
handle_call({unset_module_level, all}, From, S) ->
    true = ets:match_delete(?TABLE, {{module, '_'}, '_'}),
    reply(From, ok),
    S;
handle_call({unset_module_level, Modules}, From, S) ->
    [true = ets:delete(?TABLE, {module, M}) || M <- Modules],
    reply(From, ok),
    S.

%% The overload options of OTP's proxy, which forwards the log events of
%% remote group leaders and of the emulator (there are none here).
proxy_defaults() ->
    (logger_std_h:olp_defaults())#{sync_mode_qlen => 500, drop_mode_qlen => 1000,
                                   flush_qlen => 5000, burst_limit_enable => false}.

%% A handler's new config, once its changing_config agrees; id and module
%% never change.
change_handler(SetOrUpd, HandlerId, Module, Old, Config, From, S) ->
    Fixed = [id, module],
    case maps:with(Fixed, Old) =:= maps:with(Fixed, Config) of
        true ->
            async(fun() ->
                          call_h(Module, changing_config, [SetOrUpd, Old, Config], {ok, Config})
                  end,
                  fun({ok, Config1}) -> table_set(HandlerId, Config1);
                     (Error) -> Error
                  end, From, S);
        false ->
            Changed = [K || K <- Fixed, maps:find(K, Old) =/= maps:find(K, Config)],
            reply(From, {error, {illegal_config_change, maps:with(Changed, Old),
                                  maps:with(Changed, Config)}}),
            S
    end.

%% A handler callback, run in the helper; one the module does not export
%% gives Default (a missing changing_config/3 falls back to the old
%% changing_config/2). One that crashes is reported and gives an error.
call_h(Module, Function, Args, Default) ->
    try apply(Module, Function, Args)
    catch
        Class:Reason:Stack0 ->
            case {Class, Reason, Stack0} of
                {error, undef, [{Module, changing_config, Args, _} | _]} when length(Args) =:= 3 ->
                    call_h(Module, changing_config, tl(Args), Default);
                {error, undef, [{Module, Function, Args, _} | _]} ->
                    Default;
                _ ->
                    Stack = filter_stacktrace(?MODULE, Stack0),
                    internal_report(error, ?LOCATION, #{},
                                    [{logger, callback_crashed}, {process, logger},
                                     {reason, {Class, Reason, Stack}}]),
                    {error, {callback_crashed, {Class, Reason, Stack}}}
            end
    end.

async(Fun, Post, From, #{current := undefined} = S) ->
    Server = self(),
    {Pid, Mon} = spawn_monitor(fun() ->
                                       put(?CB_TAG, true),
                                       Server ! {'$logger_cb', self(), Fun()}
                               end),
    S#{current := {Pid, Mon, Post, From}};
async(Fun, Post, From, #{queue := Q} = S) ->
    S#{queue := Q ++ [{Fun, Post, From}]}.

callback_done(Pid, Result, #{current := {Pid, Mon, Post, From}} = S) ->
    erlang:demonitor(Mon, [flush]),
    finish(Post, From, Result, S);
callback_done(_Pid, _Result, S) ->
    S.

%% The helper was killed before it could answer.
callback_down(Mon, Pid, Reason, #{current := {Pid, Mon, Post, From}} = S) ->
    internal_report(error, ?LOCATION, #{},
                    [{logger, process_exited}, {process, Pid}, {reason, Reason}]),
    finish(Post, From, {error, {logger_process_exited, Pid, Reason}}, S);
callback_down(_Mon, _Pid, _Reason, S) ->
    S.

finish(Post, From, Result, S) ->
    Reply = try Post(Result)
            catch _:Reason -> {'$logger_crashed', Reason}
            end,
    reply(From, Reply),
    next_callback(S#{current := undefined}).

next_callback(#{queue := [{Fun, Post, From} | Q]} = S) ->
    async(Fun, Post, From, S#{queue := Q});
next_callback(S) ->
    S.

table_key(primary) -> primary;
table_key(proxy) -> proxy;
table_key(HandlerId) -> {handler, HandlerId}.

table_get(What) ->
    [{_, Config}] = ets:lookup(?TABLE, table_key(What)),
    Config.

table_find(What) ->
    case ets:lookup(?TABLE, table_key(What)) of
        [{_, Config}] -> {ok, Config};
        [] -> {error, {not_found, What}}
    end.

%% Stores a config; the primary's level goes where log calls read it.
table_set(primary, Config) ->
    true = ets:insert(?TABLE, [{primary, Config},
                               {primary_level, level_to_int(maps:get(level, Config))}]),
    ok;
table_set(What, Config) ->
    true = ets:insert(?TABLE, {table_key(What), Config}),
    ok.
