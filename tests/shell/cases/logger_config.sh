# -config's kernel environment configures logger as erl's boot does: the
# primary level and metadata, module levels, the default handler taken
# away or given another type, handlers of one's own. A bad value is
# reported and the start-up configuration stays (erl would not boot).
# Each run as erl -config FILE -noshell -eval 'lg:main()' prints it
# (standard error and output merged; the times masked).
cat >lg.erl <<'ERL'
-module(lg).
-export([main/0]).
main() ->
    logger:notice("notice ~p", [1]),
    logger:warning("warning ~p", [2]),
    logger:error("error ~p", [3]),
    logger:info("info ~p", [4]),
    io:format("level ~p~n", [maps:get(level, logger:get_primary_config())]),
    io:format("meta ~p~n", [maps:get(metadata, logger:get_primary_config())]),
    io:format("handlers ~p~n", [lists:sort([Id || #{id := Id} <- logger:get_handler_config()])]),
    io:format("module levels ~p~n", [logger:get_module_level()]).
ERL
cat >a.config <<'ERL'
[{kernel, [{logger_level, warning}, {logger_metadata, #{app => demo}},
           {logger, [{module_level, error, [lg]}]}]}].
ERL
cat >b.config <<'ERL'
[{kernel, [{logger_level, info}, {logger, [{handler, default, undefined}]}]}].
ERL
cat >c.config <<'ERL'
[{kernel, [{logger_level, loud}]}].
ERL
cat >d.config <<'ERL'
[{kernel, [{logger_level, info},
           {logger, [{handler, default, logger_std_h, #{config => #{type => standard_error}}},
                     {handler, extra, logger_std_h,
                      #{level => error, config => #{type => standard_io},
                        formatter => {logger_formatter, #{template => ["EXTRA ", msg, "\n"]}}}}]}]}].
ERL
cat >e.config <<'ERL'
[{kernel, [{error_logger, silent}]}].
ERL
for c in a b c d e; do
    echo "== $c"
    "$DBGSH" -S 1 -config $c lg.erl -e 'lg:main()' 2>&1 | sed -E 's/[0-9]{2}-[A-Z][a-z]{2}-[0-9]{4}::[0-9:.]+/TIME/'
done
