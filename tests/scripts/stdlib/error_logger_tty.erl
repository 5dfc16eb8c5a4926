-module(error_logger_tty).
-export([main/0]).

%% error_logger:tty/1: false stops the default handler (logger_std_h to
%% standard output) with a filter of its own, true takes that filter away;
%% with another default handler, or none, true adds a handler to standard
%% output of its own (error_logger_tty_true) and false removes it; an
%% error_logger_tty_h report handler is left be by true and removed by
%% false. Nothing is logged here while a handler writes to standard output.
main() ->
    %% the default handler as erl starts it, to standard output (the node
    %% of the script tests has it write to standard error: scripts.config)
    {ok, Started} = logger:get_handler_config(default),
    ok = logger:remove_handler(default),
    #{config := StartedConfig} = Started,
    ok = logger:add_handler(default, logger_std_h,
                            maps:without([id, module],
                                         Started#{config := StartedConfig#{type := standard_io}})),
    show("tty false", error_logger:tty(false)),
    show("default filters", filter_ids(default)),
    show("tty false", error_logger:tty(false)),
    show("default filters", filter_ids(default)),
    show("tty true", error_logger:tty(true)),
    show("default filters", filter_ids(default)),
    show("tty true", error_logger:tty(true)),
    show("handlers", logger:get_handler_ids()),
    %% a default handler that is not to standard output
    {ok, Default} = logger:get_handler_config(default),
    ok = logger:remove_handler(default),
    ok = logger:add_handler(default, logger_std_h, #{config => #{type => standard_error}}),
    show("tty false", error_logger:tty(false)),
    show("default filters", filter_ids(default)),
    show("tty true", error_logger:tty(true)),
    show("handlers", lists:sort(logger:get_handler_ids())),
    {ok, TtyTrue} = logger:get_handler_config(error_logger_tty_true),
    show("tty_true", maps:without([config], TtyTrue)),
    show("tty_true type", maps:get(type, maps:get(config, TtyTrue))),
    show("tty true", error_logger:tty(true)),
    show("tty false", error_logger:tty(false)),
    show("handlers", logger:get_handler_ids()),
    %% no default handler at all
    ok = logger:remove_handler(default),
    show("tty true", error_logger:tty(true)),
    show("handlers", logger:get_handler_ids()),
    show("tty false", error_logger:tty(false)),
    show("handlers", logger:get_handler_ids()),
    %% an error_logger_tty_h report handler
    show("add tty_h", error_logger:add_report_handler(error_logger_tty_h)),
    show("report handlers", error_logger:which_report_handlers()),
    show("tty true", error_logger:tty(true)),
    show("handlers", logger:get_handler_ids()),
    show("report handlers", error_logger:which_report_handlers()),
    show("tty false", error_logger:tty(false)),
    show("report handlers", error_logger:which_report_handlers()),
    show("handlers", logger:get_handler_ids()),
    show("bad", try error_logger:tty(yes) catch C:R -> {C, R} end),
    %% back to the default handler as it was
    ok = logger:add_handler(default, logger_std_h, maps:without([id, module], Default)),
    show("default filters", filter_ids(default)),
    ok = logger:remove_handler(default),
    ok = logger:add_handler(default, logger_std_h, maps:without([id, module], Started)).

filter_ids(Id) ->
    {ok, #{filters := Filters, filter_default := FD}} = logger:get_handler_config(Id),
    {FD, [F || {F, _} <- Filters]}.

show(What, X) ->
    io:format("~s: ~p~n", [What, X]).
