-module(logger_std_h_out).
-export([main/0]).

%% logger_std_h, logger's standard handler: its config (checked, with
%% defaults), its text for each kind of message (reports by
%% logger:format_otp_report/1), formatter config changes, a device that
%% is an io server, and a file (in the current directory) rotated by size,
%% its archives plain or gzipped.
main() ->
    _ = logger:remove_handler(default),
    Dev = spawn(fun() -> device([]) end),
    Formatter = {logger_formatter, #{template => [level, ": ", msg, "\n"]}},
    ok = logger:add_handler(dev, logger_std_h, #{config => #{type => {device, Dev}},
                                                  formatter => Formatter}),
    {ok, #{config := Config}} = logger:get_handler_config(dev),
    io:format("config ~p~n", [maps:remove(type, Config)]),
    logger:error("text ~p", [1]),
    logger:warning(#{a => 1, b => "two"}),
    logger:error([{key, value}, {text, "string"}]),
    logger:error(#{label => {supervisor, progress}, report => [{started, child}]}),
    logger:error(#{what => report_cb}, #{report_cb => fun(R) -> {"cb ~p", [R]} end}),
    logger:notice("a notice~nwith two lines"),
    ok = logger:update_formatter_config(dev, #{template => [msg, "\n"], max_size => 12}),
    logger:error("a rather long message"),
    ok = logger:update_formatter_config(dev, template, [level, " ", msg, "\n"]),
    logger:error("back to short"),
    ok = logger:set_handler_config(dev, formatter, {no_such_formatter, #{}}),
    logger:error("the formatter crashes"),
    ok = logger:set_handler_config(dev, formatter, {logger_formatter, #{template => [bad, "\n"]}}),
    logger:error("template with a missing key"),
    io:format("filesync ~p~n", [logger_std_h:filesync(dev)]),
    io:format("filesync ~p~n", [logger_std_h:filesync("dev")]),
    io:format("filesync ~p~n", [err(fun() -> logger_std_h:filesync(no_handler) end)]),
    io:format("change type ~p~n", [logger:update_handler_config(dev, config, #{type => standard_io})]),
    io:format("change ~p~n", [logger:update_handler_config(dev, config, #{sync_mode_qlen => 5})]),
    io:format("change ~p~n", [logger:update_handler_config(dev, config, #{drop_mode_qlen => 1})]),
    {ok, #{config := Config2}} = logger:get_handler_config(dev),
    io:format("config ~p~n", [maps:remove(type, Config2)]),
    ok = logger:remove_handler(dev),
    %% (the default formatter's text starts with the time)
    [io:format("device: ~s~n", [case Line of
                                     [D | _] when D >= $0, D =< $9 -> string:find(Line, " ");
                                     _ -> Line
                                 end]) || Line <- string:split(text(Dev), "\n", all)],
    %% bad configs
    Bad = [#{type => nowhere}, #{unknown => 1}, #{sync_mode_qlen => x},
           #{sync_mode_qlen => 300}, #{type => standard_io, file => "x.log"},
           #{type => file, max_no_bytes => 0}, #{type => file, compress_on_rotate => maybe},
           #{type => standard_error, filesync_repeat_interval => x}],
    [{io:format("bad ~p~n", [no_file(logger:add_handler(bad, logger_std_h, #{config => C}))]),
      logger:remove_handler(bad)} || C <- Bad],
    %% files
    file(false),
    file(true),
    _ = logger:reconfigure(),
    ok.

file(Compress) ->
    File = "std_h_test.log",
    Names = [File | [File ++ "." ++ integer_to_list(N) ++ Z || N <- [0, 1, 2], Z <- ["", ".gz"]]],
    [file:delete(N) || N <- Names],
    ok = logger:add_handler(f, logger_std_h,
                            #{config => #{file => File, max_no_bytes => 50, max_no_files => 2,
                                          compress_on_rotate => Compress},
                              formatter => {logger_formatter, #{template => [msg, "\n"]}}}),
    {ok, #{config := Config}} = logger:get_handler_config(f),
    io:format("file config ~p~n", [maps:without([file], Config)]),
    [logger:error("line ~p of the log", [N]) || N <- lists:seq(1, 9)],
    ok = logger_std_h:filesync(f),
    io:format("change ~p~n", [no_file(logger:update_handler_config(f, config, #{file => "other.log"}))]),
    ok = logger:remove_handler(f),
    [case file:read_file(N) of
         {ok, Bin} ->
             Text = case lists:suffix(".gz", N) of
                        true -> zlib:gunzip(Bin);
                        false -> Bin
                    end,
             io:format("~s:~n~s", [N, Text]),
             file:delete(N);
         {error, enoent} ->
             ok
     end || N <- Names],
    ok.

device(Acc) ->
    receive
        {io_request, From, Ref, {put_chars, _, Chars}} ->
            From ! {io_reply, Ref, ok},
            device([Acc | unicode:characters_to_list(Chars)]);
        {io_request, From, Ref, {put_chars, _, M, F, A}} ->
            From ! {io_reply, Ref, ok},
            device([Acc | unicode:characters_to_list(apply(M, F, A))]);
        {io_request, From, Ref, _} ->
            From ! {io_reply, Ref, {error, request}},
            device(Acc);
        {text, From} ->
            From ! {text, lists:flatten(Acc)}
    end.

text(Dev) ->
    Dev ! {text, self()},
    receive {text, T} -> T end.

%% File names are absolute: only their last part is shown.
no_file({error, {handler_not_added, {invalid_config, M, #{file := F}}}}) ->
    {error, {handler_not_added, {invalid_config, M, #{file => filename:basename(F)}}}};
no_file({error, {illegal_config_change, M, #{file := F1} = Old, #{file := F2} = New}}) ->
    {error, {illegal_config_change, M, Old#{file := filename:basename(F1)},
             New#{file := filename:basename(F2)}}};
no_file(Other) ->
    Other.

err(F) ->
    try F() catch C:E -> {C, E} end.
