# logger's default handler as in erl -noshell: reports of level notice and
# above on standard output with the legacy header (its date masked here),
# written before the log call returns; a logger_std_h handler to standard
# error; the shell prints a log line before the call's value.
mask() { sed -E 's/[0-9]{1,2}-[A-Z][a-z]{2}-[0-9]{4}::[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}/DATE/'; }
"$DBGSH" -S 1 -e 'logger:error("x ~p", [1]), logger:notice("n"), logger:info("not shown"),
    logger:warning(#{a => 1, b => "two"}), logger:critical([{k, v}]), io:format("after~n")' | mask
echo "status ${PIPESTATUS[0]}"
"$DBGSH" -S 1 -e 'ok = logger:add_handler(e, logger_std_h, #{config => #{type => standard_error},
    formatter => {logger_formatter, #{template => [level, ": ", msg, "\n"]}}}),
    logger:error("to both"), ok = logger:remove_handler(default), logger:alert("to stderr only")' \
    2>err.txt | mask
mask <err.txt
printf '%s\n' 'logger:error("in the shell ~p", [self() =:= self()]).' 'logger:set_primary_config(level, info).' \
    'logger:info("info now").' | "$DBGSH" | mask
