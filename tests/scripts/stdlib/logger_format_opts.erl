-module(logger_format_opts).
-export([main/0, cb1/1, cb2/2, cb_crash/1]).

%% logger_formatter:format/2 and check_config/1: the default templates,
%% single_line, legacy_header, time_offset and time_designator (on a
%% fixed time), chars_limit, depth, max_size, templates with metadata
%% keys, nested keys and conditionals, report_cb of arity 1 and 2, and
%% formats that do not fit their arguments.
main() ->
    Time = 1700000000123456,
    Meta = #{time => Time, mfa => {mymod, myfun, 2}, file => "mymod.erl", line => 42,
             domain => [app, part], user => "alice", count => 3, ctx => #{req => #{id => 77}},
             list => [1, 2, 3], tuple => {a, b}},
    Long = lists:seq(1, 40),
    Nested = {a, [b, {c, [d, {e, [f, {g, h}]}]}], #{k => [1, 2, [3, [4, [5]]]]}},
    Msgs = [{string, "plain text"},
            {string, <<"binary text">>},
            {string, ["deep", [" ", <<"mixed">>]]},
            {"format ~p and ~w and ~s", [Long, {x, "y"}, "str"]},
            {"nested ~p", [Nested]},
            {"lines ~p~nsecond line, ~p~n  indented~n", [#{a => Long}, Long]},
            {"  spaces around  \n", []},
            {"~10p|~-8w|~.2f|~*p", [abc, ab, 3.14159, 5, x]},
            {"~P ~W", [Long, 6, Nested, 4]},
            {report, #{a => 1, b => "text", c => Long}},
            {report, [{key, value}, {text, "string"}, {deep, Nested}]},
            {"bad ~p ~p", [one]},
            {"bad ~q", [x]}],
    Configs = [#{},
               #{single_line => false},
               #{legacy_header => true, time_offset => "Z"},
               #{legacy_header => true, single_line => false, time_offset => "+00:00"},
               #{legacy_header => true, time_offset => "+02:00"},
               #{time_offset => "Z"},
               #{time_offset => "-05:30", time_designator => $\s},
               #{time_offset => 0},
               #{time_offset => 7200000000},
               #{chars_limit => 40},
               #{chars_limit => 80, single_line => false},
               #{depth => 5},
               #{depth => 8, single_line => false},
               #{max_size => 30},
               #{max_size => 60, single_line => false},
               #{max_size => 5},
               #{chars_limit => 30, depth => 6, max_size => 50}],
    lists:foreach(
      fun(Config) ->
              io:format("=== ~p~n", [Config]),
              [show(#{level => error, msg => Msg, meta => Meta}, Config) || Msg <- Msgs]
      end, Configs),
    Templates = [[level, ": ", msg, "\n"],
                 [mfa, " ", file, ":", line, " ", pid, "\n"],
                 [user, " ", count, " ", domain, " ", list, " ", tuple, "\n"],
                 [[ctx, req, id], " ", [ctx, req], " ", [ctx, nothere], " ", [nothere, x], "\n"],
                 [{user, ["user=", user], ["no user"]}, " ", {nobody, ["x"], ["no nobody"]}, "\n"],
                 [{[ctx, req, id], ["id ", [ctx, req, id]], []}, "|", msg, "|", time, "\n"],
                 [<<"binary ">>, level, "\n"],
                 [msg],
                 []],
    [begin
         io:format("=== template ~p~n", [T]),
         show(#{level => warning, msg => {string, "text"}, meta => Meta#{pid => self()}},
              #{template => T, time_offset => "Z"})
     end || T <- Templates],
    %% a notice that came through error_logger
    show(#{level => notice, msg => {string, "from error_logger"}, meta => Meta#{error_logger => #{}}},
         #{legacy_header => true, time_offset => "Z"}),
    show(#{level => notice, msg => {string, "from error_logger"}, meta => Meta#{error_logger => #{}}},
         #{legacy_header => true, time_offset => "Z", error_logger_notice_header => notice}),
    %% report callbacks: in the metadata, in the config (which wins)
    Report = {report, #{what => happened, count => 3}},
    show(#{level => info, msg => Report, meta => Meta#{report_cb => fun ?MODULE:cb1/1}}, #{}),
    show(#{level => info, msg => Report, meta => Meta#{report_cb => fun ?MODULE:cb2/2}}, #{}),
    show(#{level => info, msg => Report, meta => Meta#{report_cb => fun ?MODULE:cb2/2}},
         #{single_line => false, depth => 10, chars_limit => 100}),
    show(#{level => info, msg => Report, meta => Meta#{report_cb => fun ?MODULE:cb1/1}},
         #{report_cb => fun ?MODULE:cb2/2}),
    show(#{level => info, msg => {report, #{bad => return}}, meta => Meta#{report_cb => fun ?MODULE:cb1/1}}, #{}),
    show(#{level => info, msg => {report, #{bad => return}}, meta => Meta#{report_cb => fun ?MODULE:cb2/2}}, #{}),
    show(#{level => info, msg => {report, #{bad => chars}}, meta => Meta#{report_cb => fun ?MODULE:cb2/2}}, #{}),
    show(#{level => info, msg => Report, meta => Meta#{report_cb => not_a_fun}}, #{}),
    %% a report_cb that crashes: the text shows the report and the
    %% exception (its stack is not printed here)
    Crash = lists:flatten(logger_formatter:format(
                            #{level => info, msg => Report,
                              meta => Meta#{report_cb => fun ?MODULE:cb_crash/1}}, #{})),
    io:format("~s~n", [lists:sublist(Crash, string:str(Crash, "[{") - 1)]),
    %% check_config/1
    Checks = [#{}, #{single_line => true, legacy_header => false}, #{chars_limit => unlimited},
              #{chars_limit => 0}, #{depth => -3}, #{max_size => x}, #{single_line => 1},
              #{template => [msg, "\n"]}, #{template => x}, #{template => [{a, [b], [c]}]},
              #{template => [{a, b, c}]}, #{template => [[a, b], [a, "b"]]},
              #{time_offset => "+01:00"}, #{time_offset => "01:00"}, #{time_offset => "z"},
              #{time_offset => "+1:2"}, #{time_offset => "+01:00x"}, #{time_offset => 3600},
              #{time_designator => $x}, #{time_designator => 7}, #{report_cb => fun ?MODULE:cb1/1},
              #{report_cb => fun lists:foldl/3}, #{unknown => 1},
              #{error_logger_notice_header => notice}, #{error_logger_notice_header => x}, x],
    [io:format("check ~p: ~p~n", [C, logger_formatter:check_config(C)]) || C <- Checks],
    io:format("format bad ~p~n", [err(fun() -> logger_formatter:format(#{level => info}, #{}) end)]),
    io:format("format bad ~p~n", [err(fun() -> logger_formatter:format(#{level => info, msg => {string, "x"},
                                                                         meta => #{}}, x) end)]),
    ok.

show(Event, Config) ->
    io:format("~s~n", [logger_formatter:format(Event, Config)]).

cb1(#{bad := return}) -> not_a_format;
cb1(#{what := What, count := N}) -> {"cb1: ~p happened ~p times", [What, N]}.

cb2(#{bad := return}, _) -> 42;
cb2(#{bad := chars}, _) -> [<<"ok ">>, 16#110000];
cb2(#{what := What}, Opts) -> io_lib:format("cb2: ~p with ~p", [What, lists:sort(maps:to_list(Opts))]).

cb_crash(_) -> erlang:error(cb_crashed).

err(F) ->
    try F() catch C:E -> {C, E} end.
