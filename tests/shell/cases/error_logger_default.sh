# error_logger through logger's default handler as in erl -noshell: the
# report and message functions' =ERROR/WARNING/INFO REPORT==== blocks
# (dates masked), reports of a type of one's own and progress reports
# left out, formats that do not fit their arguments; tty(false) and
# tty(true); an error_logger_tty_h report handler (whose header has no
# fraction of a second); error_logger in the shell; the format depth and
# utc_log from -config.
mask() { sed -E 's/[0-9]{1,2}-[A-Z][a-z]{2}-[0-9]{4}::[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{6})?/DATE/'; }
"$DBGSH" -S 1 -e 'error_logger:error_msg("x ~p~n", [1]), error_logger:error_msg("no newline"),
    error_logger:format("f ~w~n", [a]), error_logger:error_report([{a, 1}, {b, "two"}, c]),
    error_logger:error_report("a string"), error_logger:error_report(#{k => v}),
    error_logger:error_report(mytype, [{not_shown, 1}]), error_logger:warning_msg("w ~p~n", [2]),
    error_logger:warning_report([{w, 1}]), error_logger:info_msg("i ~s~n", ["s"]),
    error_logger:info_report([{i, 1}]), error_logger:info_report(progress, [{not_shown, 2}]),
    error_logger:error_msg("bad ~p ~p", [1]), error_logger:error_msg(foo, bar),
    error_logger:error_msg("~s", [1]), error_logger:error_info(not_shown),
    io:format("after~n")' | mask
echo "status ${PIPESTATUS[0]}"
"$DBGSH" -S 1 -e 'ok = error_logger:tty(false), error_logger:error_msg("hidden~n"),
    logger:error("hidden too"), ok = error_logger:tty(true), error_logger:error_msg("shown~n"),
    ok = error_logger:add_report_handler(error_logger_tty_h), ok = error_logger:tty(false),
    ok = error_logger:add_report_handler(error_logger_tty_h),
    error_logger:error_msg("by tty_h ~p~n", [1]), error_logger:info_report([{k, "v"}]),
    error_logger:warning_report(mytype, x), _ = error_logger:which_report_handlers(),
    io:format("after~n")' | mask
echo "status ${PIPESTATUS[0]}"
printf '%s\n' 'error_logger:error_msg("in the shell ~p~n", [self() =:= self()]).' \
    'error_logger:warning_report([{k, v}]).' | "$DBGSH" | mask
# the kernel's error_logger_format_depth and stdlib's utc_log from -config:
# the default handler's terms cut, its times universal, as erl -config's
printf '%s\n' '[{kernel, [{error_logger_format_depth, 10}]}, {stdlib, [{utc_log, true}]}].' >depth.config
"$DBGSH" -S 1 -config depth.config -e 'error_logger:error_msg("deep ~p~n", [lists:seq(1, 30)]),
    logger:error("deep ~p", [lists:seq(1, 30)])' | mask
