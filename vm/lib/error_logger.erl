%% error_logger: OTP 25's error_logger for the dbgsh VM, over logger. The
%% report and message functions log through logger with OTP's levels,
%% labels ({error_logger, Function}) and error_logger metadata (tag, type,
%% and a domain for reports of a type of one's own), so that logger's
%% handlers and filters see what they see in erl. add_report_handler/1,2
%% adds the logger handler error_logger (this module), which passes every
%% event it gets to an event manager registered as error_logger; its
%% gen_event handlers get OTP 25's {Tag, GroupLeader, {Pid, Format, Args}}
%% and {Tag, GroupLeader, {Pid, Type, Report}} events.
-module(error_logger).

-export([start/0, start_link/0, stop/0, format/2, error_msg/1, error_msg/2,
         error_report/1, error_report/2, info_report/1, info_report/2,
         warning_report/1, warning_report/2, error_info/1, info_msg/1, info_msg/2,
         warning_msg/1, warning_msg/2, logfile/1, tty/1, add_report_handler/1,
         add_report_handler/2, delete_report_handler/1, which_report_handlers/0,
         warning_map/0, get_format_depth/0, limit_term/1]).
%% logger's handler callbacks
-export([adding_handler/1, removing_handler/1, log/2]).

%% The event manager's registered name and the logger handler's id.
-define(MANAGER, error_logger).
-define(HANDLER, error_logger).

%% What tty(true) gives a handler of its own when the default handler is
%% not logger_std_h to standard output: the default handler's filters for
%% the domain [otp], and its formatter.
-define(TTY_FILTERS, [{remote_gl, {fun logger_filters:remote_gl/2, stop}},
                      {domain, {fun logger_filters:domain/2, {log, super, [otp]}}},
                      {no_domain, {fun logger_filters:domain/2, {log, undefined, []}}}]).
-define(TTY_FORMATTER, {logger_formatter, #{legacy_header => true, single_line => false}}).

-define(IS_STRING(S), (is_list(S) orelse is_binary(S))).

%% ---------------------------------------------------------------------
%% The event manager

%% OTP starts the manager under the kernel's logger_sup (which restarts
%% it if it crashes); dbgsh has no kernel supervision tree, so it runs on
%% its own, linked to nobody.
start() ->
    case whereis(?MANAGER) of
        undefined ->
            case gen_event:start({local, ?MANAGER}, manager_options()) of
                {ok, _Pid} -> ok;
                Error -> Error
            end;
        _ ->
            ok
    end.

start_link() ->
    gen_event:start_link({local, ?MANAGER}, manager_options()).

manager_options() ->
    [{spawn_opt, [{message_queue_data, off_heap}]}].

%% Its handlers are told stop, as gen_event:stop/3 tells them. The logger
%% handler stays: the next event it passes on finds no manager, and logger
%% removes it, as in OTP.
stop() ->
    case whereis(?MANAGER) of
        undefined ->
            ok;
        _Pid ->
            _ = gen_event:stop(?MANAGER, {shutdown, stopped}, infinity),
            ok
    end.

%% ---------------------------------------------------------------------
%% The logger handler: added with the manager, removed with it.

adding_handler(#{id := ?HANDLER} = Config) ->
    case start() of
        ok -> {ok, Config};
        Error -> Error
    end.

removing_handler(#{id := ?HANDLER}) ->
    stop(),
    ok.

log(#{level := _, msg := Msg, meta := Meta}, _Config) ->
    forward(Msg, Meta).

%% Only the events that carry error_logger metadata go on: those of this
%% module's functions, and the log calls that add such metadata (OTP's own
%% modules do, for the old handlers' sake). A report with a type goes as
%% that report (the report part of a labelled one); other messages go as
%% a format and its arguments.
forward({report, Msg}, #{error_logger := #{tag := Tag, type := Type}} = Meta) ->
    Report = case Msg of
                 #{label := _, report := R} -> R;
                 _ -> Msg
             end,
    notify(Tag, Type, Report, Meta);
forward({report, Msg}, #{error_logger := #{tag := Tag}} = Meta) ->
    {Format, Args} = case Msg of
                         #{label := _, format := F, args := A} ->
                             %% from the *_msg functions: as given, even
                             %% when they do not fit
                             {F, A};
                         _ ->
                             report_format(Msg, Meta)
                     end,
    notify(Tag, Format, Args, Meta);
forward({Format, Args}, #{error_logger := #{tag := Tag}} = Meta)
  when is_list(Format), is_list(Args) ->
    notify(Tag, Format, Args, Meta);
forward(_Msg, _Meta) ->
    ok.

%% A report as a format and its arguments, by the event's report_cb (the
%% one in its error_logger metadata first), else logger:format_report/1.
report_format(Report, Meta) ->
    case report_cb(Meta) of
        Fun when is_function(Fun, 1) ->
            try Fun(Report) of
                {Format, Args} when is_list(Format), is_list(Args) ->
                    {Format, Args};
                Other ->
                    {"REPORT_CB ERROR: ~tp; Returned: ~tp", [Report, Other]}
            catch
                Class:Reason:Stack ->
                    {"REPORT_CB CRASH: ~tp; Reason: ~tp", [Report, {Class, Reason, Stack}]}
            end;
        Fun when is_function(Fun, 2) ->
            Options = #{depth => get_format_depth(), chars_limit => unlimited,
                        single_line => false},
            try Fun(Report, Options) of
                Chars when ?IS_STRING(Chars) ->
                    {"~ts", [Chars]};
                Other ->
                    {"REPORT_CB ERROR: ~tp; Returned: ~tp", [Report, Other]}
            catch
                Class:Reason ->
                    {"REPORT_CB CRASH: ~tp; Reason: ~tp", [Report, {Class, Reason}]}
            end
    end.

report_cb(#{error_logger := #{report_cb := Fun}}) -> Fun;
report_cb(#{report_cb := Fun}) -> Fun;
report_cb(_) -> fun logger:format_report/1.

%% OTP maps warning events to error or info ones (tag and type) when the
%% emulator runs with +W e or +W i; warning_map/0 is always warning here,
%% so they keep theirs. An event of the emulator names it, not a pid.
notify(Tag, FormatOrType, Data, #{pid := Pid0, gl := GL, error_logger := Own}) ->
    Pid = case maps:get(emulator, Own, false) of
              true -> emulator;
              _ -> Pid0
          end,
    gen_event:notify(?MANAGER, {Tag, GL, {Pid, FormatOrType, Data}}).

%% What OTP's BIF answers for the default +W w: warnings stay warnings.
warning_map() ->
    warning.

%% ---------------------------------------------------------------------
%% Logging: errors at level error, warnings at warning, information at
%% notice (so that erl's default level shows it).

error_msg(Format) ->
    error_msg(Format, []).

error_msg(Format, Args) ->
    logger:log(error, #{label => {error_logger, error_msg}, format => Format, args => Args},
               meta(error)).

format(Format, Args) ->
    error_msg(Format, Args).

error_report(Report) ->
    error_report(std_error, Report).

error_report(Type, Report) ->
    logger:log(error, #{label => {error_logger, error_report}, report => Report},
               meta(error_report, Type)).

warning_report(Report) ->
    warning_report(std_warning, Report).

warning_report(Type, Report) ->
    logger:log(warning, #{label => {error_logger, warning_report}, report => Report},
               meta(warning_report, Type)).

warning_msg(Format) ->
    warning_msg(Format, []).

warning_msg(Format, Args) ->
    logger:log(warning, #{label => {error_logger, warning_msg}, format => Format, args => Args},
               meta(warning_msg)).

info_report(Report) ->
    info_report(std_info, Report).

info_report(Type, Report) ->
    logger:log(notice, #{label => {error_logger, info_report}, report => Report},
               meta(info_report, Type)).

info_msg(Format) ->
    info_msg(Format, []).

info_msg(Format, Args) ->
    logger:log(notice, #{label => {error_logger, info_msg}, format => Format, args => Args},
               meta(info_msg)).

%% OTP's init process reports with it: tag info, the term as its own type
%% and domain.
error_info(Error) ->
    {Format, Args} = case is_string(Error) of
                         true -> {Error, []};
                         false -> {"~p", [Error]}
                     end,
    logger:log(notice, Format, Args,
               #{error_logger => #{tag => info, type => Error}, domain => [Error]}).

is_string(List) when is_list(List) ->
    case lists:flatten(List) of
        [] -> false;
        Flat -> io_lib:printable_list(Flat)
    end;
is_string(_) ->
    false.

%% The metadata of an event: its tag (and type, unless undefined), the
%% report_cb that formats it. A report of a type other than the standard
%% one of its tag gets the type as its domain, which the default handler's
%% filters drop, as error_logger's old tty handler dropped such reports.
meta(Tag) ->
    #{report_cb => fun report_to_format/1, error_logger => #{tag => Tag}}.

meta(Tag, undefined) ->
    meta(Tag);
meta(Tag, Type) ->
    Meta = #{report_cb => fun report_to_format/1, error_logger => #{tag => Tag, type => Type}},
    case {Tag, Type} of
        {error_report, std_error} -> Meta;
        {info_report, std_info} -> Meta;
        {warning_report, std_warning} -> Meta;
        _ -> Meta#{domain => [Type]}
    end.

%% This module's report_cb: a map report as one term (not as the lines
%% logger makes of a map), a format with its arguments as given, or
%% "ERROR: Format - Args" when they do not fit.
report_to_format(#{label := {error_logger, _}, report := Report}) when is_map(Report) ->
    {"~tp\n", [Report]};
report_to_format(#{label := {error_logger, _}, format := Format, args := Args}) ->
    try io_lib:scan_format(Format, Args) of
        _ -> {Format, Args}
    catch
        _:_ -> {"ERROR: ~tp - ~tp", [Format, Args]}
    end;
report_to_format(Report) ->
    logger:format_otp_report(Report).

%% ---------------------------------------------------------------------
%% Report handlers

add_report_handler(Module) when is_atom(Module) ->
    add_report_handler(Module, []).

%% The logger handler first (already there or not), then the manager's.
add_report_handler(Module, Args) when is_atom(Module) ->
    _ = logger:add_handler(?HANDLER, handler_module(), #{level => info, filter_default => log}),
    gen_event:add_handler(?MANAGER, Module, Args).

%% This module, named through a fun so that a renamed copy of it
%% (tests/lib_erl) adds itself.
handler_module() ->
    {module, Module} = erlang:fun_info(fun error_logger:log/2, module),
    Module.

%% The logger handler goes with the last report handler.
delete_report_handler(Module) when is_atom(Module) ->
    case whereis(?MANAGER) of
        Pid when is_pid(Pid) ->
            Result = gen_event:delete_handler(?MANAGER, Module, []),
            case gen_event:which_handlers(?MANAGER) of
                [] -> _ = logger:remove_handler(?HANDLER);
                _ -> ok
            end,
            Result;
        _ ->
            ok
    end.

which_report_handlers() ->
    case whereis(?MANAGER) of
        Pid when is_pid(Pid) -> gen_event:which_handlers(?MANAGER);
        undefined -> []
    end.

%% logfile({open, File}) writes every standard event to File
%% (error_logger_file_h); OTP's reason for a second file is spelled
%% allready_have_logfile.
logfile({open, File}) ->
    case lists:member(error_logger_file_h, which_report_handlers()) of
        true -> {error, allready_have_logfile};
        false -> add_report_handler(error_logger_file_h, File)
    end;
logfile(close) ->
    case whereis(?MANAGER) of
        Pid when is_pid(Pid) ->
            case gen_event:delete_handler(?MANAGER, error_logger_file_h, normal) of
                {error, Reason} -> {error, Reason};
                _ -> ok
            end;
        _ ->
            {error, module_not_found}
    end;
logfile(filename) ->
    case whereis(?MANAGER) of
        Pid when is_pid(Pid) ->
            case gen_event:call(?MANAGER, error_logger_file_h, filename) of
                {error, _} -> {error, no_log_file};
                File -> File
            end;
        _ ->
            {error, no_log_file}
    end.

%% tty(false) silences the default handler (when it is logger_std_h to
%% standard output) with a filter that stops everything, and removes what
%% tty(true) added; tty(true) removes that filter, or adds a handler to
%% standard output of its own when the default handler is another. Both
%% leave an error_logger_tty_h report handler be, or remove it (false).
tty(true) ->
    _ = case lists:member(error_logger_tty_h, which_report_handlers()) of
            false ->
                case logger:get_handler_config(default) of
                    {ok, #{module := logger_std_h, config := #{type := standard_io}}} ->
                        logger:remove_handler_filter(default, error_logger_tty_false);
                    _ ->
                        logger:add_handler(error_logger_tty_true, logger_std_h,
                                           #{filter_default => stop, filters => ?TTY_FILTERS,
                                             formatter => ?TTY_FORMATTER,
                                             config => #{type => standard_io}})
                end;
            true ->
                ok
        end,
    ok;
tty(false) ->
    delete_report_handler(error_logger_tty_h),
    _ = logger:remove_handler(error_logger_tty_true),
    _ = case logger:get_handler_config(default) of
            {ok, #{module := logger_std_h, config := #{type := standard_io}}} ->
                logger:add_handler_filter(default, error_logger_tty_false,
                                          {fun(_, _) -> stop end, ok});
            _ ->
                ok
        end,
    ok.

%% ---------------------------------------------------------------------
%% The depth error_logger's handlers print terms to: the kernel parameter
%% error_logger_format_depth (at least 10), unlimited when it is not set.

get_format_depth() ->
    case application:get_env(kernel, error_logger_format_depth) of
        {ok, Depth} when is_integer(Depth) -> max(10, Depth);
        {ok, unlimited} -> unlimited;
        undefined -> unlimited
    end.

limit_term(Term) ->
    case get_format_depth() of
        unlimited -> Term;
        Depth -> io_lib:limit_term(Term, Depth)
    end.
