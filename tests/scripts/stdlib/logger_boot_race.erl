-module(logger_boot_race).
-export([main/0]).

%% logger's first use applies the kernel environment (here scripts.config's
%% default handler on standard error). Another process that logs, reads
%% the configuration or changes it while the first one is at it finds the
%% environment in place, as in erl, where it is in place at boot: its
%% report is not written by the start-up handler (to standard output), it
%% reads standard_error, and its level stays.

main() ->
    Self = self(),
    spawn(fun() -> Self ! go, logger:error("first") end),
    receive go -> ok end,
    ok = logger:set_primary_config(level, info),
    logger:warning("second"),
    {ok, #{config := #{type := T}}} = logger:get_handler_config(default),
    io:format("type: ~p~n", [T]),
    io:format("level: ~p~n", [maps:get(level, logger:get_primary_config())]).
