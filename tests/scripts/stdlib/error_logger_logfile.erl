-module(error_logger_logfile).
-export([main/0]).

%% error_logger:logfile/1: a file (in the current directory) that gets
%% the standard events under the old headers (dates masked here), the
%% others left out; one file at a time; filename and close; a file that
%% cannot be opened. Then error_logger_file_h added by hand, taking over
%% the events another handler kept; and a file written with the kernel's
%% error_logger_format_depth and stdlib's utc_log set.
main() ->
    _ = logger:remove_handler(default),
    File = "error_logger_logfile.log",
    show("filename", error_logger:logfile(filename)),
    show("close", error_logger:logfile(close)),
    show("open", error_logger:logfile({open, File})),
    show("open again", error_logger:logfile({open, "other.log"})),
    show("filename", error_logger:logfile(filename)),
    show("handlers", error_logger:which_report_handlers()),
    show("logger handlers", logger:get_handler_ids()),
    error_logger:error_msg("hello ~p~n", [1]),
    error_logger:error_msg("no newline"),
    error_logger:error_report([{a, 1}, x, "s", {"k", [1, 2]}]),
    error_logger:error_report("a string"),
    error_logger:error_report(#{m => 1}),
    error_logger:error_report(mytype, [{a, 1}]),
    error_logger:warning_report([{w, 1}]),
    error_logger:warning_msg("warn ~p~n", [2]),
    error_logger:info_report([{i, 1}]),
    error_logger:info_report(progress, [{i, 1}]),
    error_logger:info_msg("info ~p~n", [3]),
    error_logger:error_msg("bad ~p ~p", [1]),
    error_logger:error_msg("~s", [1]),
    error_logger:error_msg("latin1 ~s~n", [[233, 252]]),
    error_logger:error_info(hello),
    logger:error("via logger ~p", [1]),
    logger:error("via logger, tagged ~p~n", [2], #{error_logger => #{tag => error}}),
    logger:error("emulator~n", [], #{error_logger => #{tag => error, emulator => true}}),
    show("filename", error_logger:logfile(filename)),
    show("close", error_logger:logfile(close)),
    show("close", error_logger:logfile(close)),
    show("filename", error_logger:logfile(filename)),
    show("handlers", error_logger:which_report_handlers()),
    show("logger handlers", logger:get_handler_ids()),
    print(File),
    show("open", error_logger:logfile({open, "no_such_dir/x.log"})),
    show("handlers", error_logger:which_report_handlers()),
    %% the handler by hand: events kept by a handler named error_logger
    %% (newest first) are written first
    Kept = [{info_msg, group_leader(), {self(), "kept second~n", []}},
            {error, group_leader(), {self(), "kept first~n", []}}],
    show("add", gen_event:add_handler(error_logger, error_logger_file_h,
                                      {File, {error_logger, Kept}})),
    show("call", gen_event:call(error_logger, error_logger_file_h, other)),
    error_logger:warning_msg("after them~n"),
    show("delete", gen_event:delete_handler(error_logger, error_logger_file_h, stop)),
    print(File),
    ok = application:set_env(kernel, error_logger_format_depth, 12),
    ok = application:set_env(stdlib, utc_log, true),
    show("depth", error_logger:get_format_depth()),
    show("limit_term", error_logger:limit_term({a, lists:seq(1, 20), [[[[[[[[[[[[x]]]]]]]]]]]]})),
    show("open", error_logger:logfile({open, File})),
    error_logger:error_msg("deep ~p ~w ~s~n", [lists:seq(1, 20), {[[[[[[[[[[[[x]]]]]]]]]]]]}, "str"]),
    error_logger:info_report([{k, lists:seq(1, 20)}, lists:seq(1, 20)]),
    show("close", error_logger:logfile(close)),
    ok = application:unset_env(kernel, error_logger_format_depth),
    ok = application:unset_env(stdlib, utc_log),
    print(File),
    ok = file:delete(File),
    ok = logger:remove_handler(error_logger),
    ok = logger:add_handlers(kernel),
    ok.

%% The file, each header's date and time masked, bytes above 127 (the
%% file is UTF-8) as \xHH.
print(File) ->
    {ok, Bin} = file:read_file(File),
    Text = re:replace(Bin, "[0-9]+-[A-Z][a-z]+-[0-9]+::[0-9]+:[0-9]+:[0-9]+", "DATE",
                      [global, {return, binary}]),
    io:format("file (~p bytes masked):~n~s", [byte_size(Text), [byte(B) || <<B>> <= Text]]).

byte(B) when B > 127 -> io_lib:format("\\x~2.16.0B", [B]);
byte(B) -> B.

show(What, X) ->
    io:format("~s: ~p~n", [What, X]).
