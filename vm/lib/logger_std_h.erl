%% logger_std_h: OTP 25's standard logger handler for the dbgsh VM: it
%% formats each event with the handler's formatter and writes the text to
%% standard output (the user io server, as erl's default handler does),
%% standard error, an io device, or a file (rotated by size, archives
%% optionally gzipped). The text is written in the logging process before
%% the log call returns (a file through the process that holds it open);
%% there is no queue, so OTP's overload protection options are checked
%% and kept in the config but have nothing to act on.
-module(logger_std_h).

-export([adding_handler/1, changing_config/3, removing_handler/1, log/2, filter_config/1,
         filesync/1, check_config/4]).
%% dbgsh's own: the overload protection options, also logger's proxy's.
-export([olp_defaults/0, check_olp/1]).

-define(OLP_KEYS, [sync_mode_qlen, drop_mode_qlen, flush_qlen, burst_limit_enable,
                   burst_limit_max_count, burst_limit_window_time, overload_kill_enable,
                   overload_kill_qlen, overload_kill_mem_size, overload_kill_restart_after]).
-define(COMMON_KEYS, [filesync_repeat_interval]).
%% what a config change may not touch
-define(WRITE_ONCE, [type, file, modes]).

%% ---------------------------------------------------------------------
%% The handler callbacks

%% The handler's config, a file handler's file opened.
adding_handler(#{id := Name, module := Module} = Config) ->
    case handler_config(Name, Module, set, undefined, maps:get(config, Config, #{})) of
        {ok, _Own, HConfig} -> start(Name, Config#{config => HConfig});
        Error -> Error
    end.

%% The handler config a set or an update makes of New (Old: the config in
%% force, undefined for a handler being added): its own keys checked and
%% completed by check_config/4, then the common and the overload keys over
%% their defaults (a set's) or the old values (an update's).
handler_config(Name, Module, SetOrUpdate, Old, New) ->
    NotOwn = ?OLP_KEYS ++ ?COMMON_KEYS,
    OldOwn = case Old of
                 undefined -> undefined;
                 _ -> maps:without(NotOwn, Old)
             end,
    case check_config(Name, SetOrUpdate, OldOwn, maps:without(NotOwn, New)) of
        {ok, Own} ->
            {CommonDefaults, OlpDefaults} =
                case SetOrUpdate of
                    set -> {#{filesync_repeat_interval => 5000}, olp_defaults()};
                    update -> {maps:with(?COMMON_KEYS, Old), maps:with(?OLP_KEYS, Old)}
                end,
            Common = common_config(CommonDefaults, New, Own),
            Olp = maps:merge(OlpDefaults, maps:with(?OLP_KEYS, New)),
            case check_common(Common) of
                ok ->
                    case check_olp(Olp) of
                        ok -> {ok, Own, maps:merge(maps:merge(Common, Own), Olp)};
                        Error -> Error
                    end;
                {error, Faulty} ->
                    {error, {invalid_config, Module, Faulty}}
            end;
        Error ->
            Error
    end.

%% The common keys: the defaults, what the config gives, what the
%% handler's own check decided (a handler that is no file never syncs).
common_config(Defaults, HConfig, Own) ->
    maps:merge(maps:merge(Defaults, maps:with(?COMMON_KEYS, HConfig)),
               maps:with(?COMMON_KEYS, Own)).

check_common(Common) ->
    case [{K, V} || {K, V} <- maps:to_list(Common),
                    not (K =:= filesync_repeat_interval
                         andalso (is_integer(V) orelse V =:= no_repeat))] of
        [] -> ok;
        [{K, V} | _] -> {error, #{K => V}}
    end.

start(Name, #{config := #{type := file} = HConfig} = Config) ->
    case start_writer(Name, HConfig) of
        ok -> {ok, Config};
        Error -> Error
    end;
start(_Name, Config) ->
    {ok, Config}.

changing_config(SetOrUpdate, #{id := Name, config := OldHConfig, module := Module}, NewConfig0) ->
    case handler_config(Name, Module, SetOrUpdate, OldHConfig, maps:get(config, NewConfig0, #{})) of
        {ok, Own, HConfig} ->
            rotation_changed(Name, Own),
            {ok, NewConfig0#{config => HConfig}};
        Error ->
            Error
    end.

removing_handler(#{id := Name}) ->
    case whereis(writer_name(Name)) of
        undefined ->
            ok;
        Pid ->
            Mon = erlang:monitor(process, Pid),
            Pid ! stop,
            receive
                {'DOWN', Mon, process, Pid, _} -> ok
            end
    end.

%% The event as text by the handler's formatter (reports by
%% format_otp_report/1 unless the event names its report_cb), written out.
log(#{msg := Msg, meta := Meta} = Event0, #{id := Name, config := HConfig} = Config) ->
    Event = case {Msg, Meta} of
                {{report, _}, #{report_cb := _}} -> Event0;
                {{report, _}, _} -> Event0#{meta => Meta#{report_cb => fun logger:format_otp_report/1}};
                _ -> Event0
            end,
    write(Name, maps:get(type, HConfig), to_binary(Event, Config)).

%% The config as logger shows it (nothing of ours to hide: OTP's hides
%% its handler process).
filter_config(#{config := _} = Config) ->
    Config.

%% A file's data on disk: each write here is already there when the log
%% call returns, so this only checks that there is such a handler.
filesync(Name) when is_atom(Name) ->
    case whereis(writer_name(Name)) of
        undefined ->
            case logger:get_handler_config(Name) of
                {ok, #{config := #{type := Type}}} when Type =/= file -> ok;
                _ -> exit({noproc, {gen_server, call, [writer_name(Name), filesync]}})
            end;
        Pid ->
            writer_call(Pid, filesync)
    end;
filesync(Name) ->
    {error, {badarg, {filesync, [Name]}}}.

to_binary(Event, Config) ->
    {Formatter, FConfig} =
        maps:get(formatter, Config,
                 {logger_formatter, #{legacy_header => true, single_line => false}}),
    String = try_format(Event, Formatter, FConfig),
    try unicode:characters_to_binary(String) of
        Bin when is_binary(Bin) -> Bin;
        _ -> <<"FORMATTER ERROR: bad return value\n">>
    catch
        _:_ -> <<"FORMATTER ERROR: bad return value\n">>
    end.

%% A formatter that crashes: the default formatter shows the message;
%% when that is the one that crashed, a line says so.
try_format(Event, Formatter, FConfig) ->
    try apply(Formatter, format, [Event, FConfig])
    catch
        _:_ ->
            case {Formatter, FConfig} of
                {logger_formatter, Config} when Config =:= #{} ->
                    "DEFAULT FORMATTER CRASHED\n";
                _ ->
                    try_format(Event#{msg => {"FORMATTER CRASH: ~tp", [maps:get(msg, Event)]}},
                               logger_formatter, #{})
            end
    end.

%% Standard output is the handler process's group leader in OTP, the user
%% io server: here too, whichever process logs.
write(_Name, standard_io, Bin) -> put_chars(user, Bin);
write(_Name, {device, standard_io}, Bin) -> put_chars(user, Bin);
write(_Name, standard_error, Bin) -> put_chars(standard_error, Bin);
write(_Name, {device, Device}, Bin) -> put_chars(Device, Bin);
write(Name, file, Bin) ->
    case whereis(writer_name(Name)) of
        undefined -> ok;
        Pid -> _ = writer_call(Pid, {log, Bin}), ok
    end.

put_chars(Device, Bin) ->
    _ = (catch io:put_chars(Device, Bin)),
    ok.

%% ---------------------------------------------------------------------
%% Checking the handler's own config

%% {ok, Config} with every key of a file handler, or the first bad key.
check_config(Name, set, undefined, NewHConfig) ->
    check_h_config(with_defaults(Name, normalize(NewHConfig)));
check_config(Name, SetOrUpdate, OldHConfig, NewHConfig0) ->
    WriteOnce = maps:with(?WRITE_ONCE, OldHConfig),
    Default = case SetOrUpdate of
                  set -> with_defaults(Name, WriteOnce);
                  update -> OldHConfig
              end,
    NewHConfig = maps:merge(Default, normalize(NewHConfig0)),
    case maps:with(?WRITE_ONCE, NewHConfig) of
        WriteOnce -> check_h_config(NewHConfig);
        Other -> {error, {illegal_config_change, ?MODULE, WriteOnce, Other}}
    end.

%% {file, Name} and {file, Name, Modes} as type; file names absolute.
normalize(#{type := {file, File}} = HConfig) ->
    normalize(HConfig#{type => file, file => File});
normalize(#{type := {file, File, Modes}} = HConfig) ->
    normalize(HConfig#{type => file, file => File, modes => Modes});
normalize(#{file := File} = HConfig) ->
    HConfig#{file => filename:absname(File)};
normalize(HConfig) ->
    HConfig.

with_defaults(Name, HConfig) ->
    Type = case HConfig of
               #{type := T} -> T;
               #{file := _} -> file;
               _ -> standard_io
           end,
    maps:merge(type_defaults(Name, Type), HConfig).

type_defaults(Name, file) ->
    #{type => file, file => filename:absname(atom_to_list(Name)), modes => [raw, append],
      file_check => 0, max_no_bytes => infinity, max_no_files => 0,
      compress_on_rotate => false};
type_defaults(_Name, Type) ->
    #{type => Type}.

check_h_config(HConfig) ->
    Type = maps:get(type, HConfig),
    case [KV || KV <- maps:to_list(HConfig), not valid_h_config(Type, KV)] of
        [] when Type =:= file ->
            {ok, HConfig#{modes => fix_modes(maps:get(modes, HConfig))}};
        [] ->
            {ok, HConfig#{filesync_repeat_interval => no_repeat}};
        [{Key, Value} | _] ->
            {error, {invalid_config, ?MODULE, #{Key => Value}}}
    end.

valid_h_config(Type, {type, Type}) ->
    case Type of
        {device, _} -> true;
        _ -> Type =:= standard_io orelse Type =:= standard_error orelse Type =:= file
    end;
valid_h_config(file, {file, File}) -> is_list(File);
valid_h_config(file, {modes, Modes}) -> is_list(Modes);
valid_h_config(file, {max_no_bytes, Size}) ->
    (is_integer(Size) andalso Size > 0) orelse Size =:= infinity;
valid_h_config(file, {max_no_files, N}) -> is_integer(N) andalso N >= 0;
valid_h_config(file, {compress_on_rotate, B}) -> is_boolean(B);
valid_h_config(file, {file_check, N}) -> is_integer(N) andalso N >= 0;
valid_h_config(_, _) -> false.

%% The modes a log file is opened with: one of write, append and
%% exclusive (append if none), raw, and delayed_write.
fix_modes(Modes) ->
    Modes1 = case [M || M <- Modes, lists:member(M, [write, append, exclusive])] of
                 [] -> [append | Modes];
                 _ -> Modes
             end,
    Modes2 = case lists:member(raw, Modes) of
                 false -> [raw | Modes1];
                 true -> Modes1
             end,
    case lists:any(fun(delayed_write) -> true;
                      ({delayed_write, _, _}) -> true;
                      (_) -> false
                   end, Modes2) of
        true -> Modes2;
        false -> [delayed_write | Modes2]
    end.

%% ---------------------------------------------------------------------
%% The overload protection options

olp_defaults() ->
    #{sync_mode_qlen => 10, drop_mode_qlen => 200, flush_qlen => 1000,
      burst_limit_enable => true, burst_limit_max_count => 500,
      burst_limit_window_time => 1000, overload_kill_enable => false,
      overload_kill_qlen => 20000, overload_kill_mem_size => 3000000,
      overload_kill_restart_after => 5000}.

check_olp(Options) ->
    case [{K, V} || {K, V} <- maps:to_list(Options), not valid_olp(K, V)] of
        [] ->
            Sync = maps:get(sync_mode_qlen, Options, 10),
            Drop = maps:get(drop_mode_qlen, Options, 200),
            Flush = maps:get(flush_qlen, Options, 1000),
            case Drop > 1 andalso Sync =< Drop andalso Drop =< Flush of
                true -> ok;
                false -> {error, {invalid_olp_levels,
                                  maps:with([sync_mode_qlen, drop_mode_qlen, flush_qlen],
                                            Options)}}
            end;
        [{K, V} | _] ->
            {error, {invalid_olp_config, #{K => V}}}
    end.

valid_olp(burst_limit_enable, V) -> is_boolean(V);
valid_olp(overload_kill_enable, V) -> is_boolean(V);
valid_olp(overload_kill_restart_after, V) -> is_integer(V) orelse V =:= infinity;
valid_olp(K, V) -> is_integer(V) andalso lists:member(K, ?OLP_KEYS).

%% ---------------------------------------------------------------------
%% A file handler's writer: the process that holds the file open, named
%% after the handler as OTP's handler process is. It appends each text,
%% rotates the file when it grows past max_no_bytes (Name.0 the newest
%% archive, max_no_files of them, gzipped when compress_on_rotate), and
%% reopens the file when it was removed or replaced (checked every
%% file_check milliseconds, 0: at each write).

writer_name(Name) ->
    list_to_atom("logger_std_h_" ++ atom_to_list(Name)).

start_writer(Name, HConfig) ->
    Parent = self(),
    Ref = make_ref(),
    {Pid, Mon} = spawn_monitor(fun() -> writer_init(Parent, Ref, Name, HConfig) end),
    receive
        {Ref, Result} ->
            erlang:demonitor(Mon, [flush]),
            Result;
        {'DOWN', Mon, process, Pid, Reason} ->
            {error, Reason}
    end.

writer_call(Pid, Request) ->
    Mon = erlang:monitor(process, Pid),
    Pid ! {Request, self(), Mon},
    receive
        {Mon, Reply} ->
            erlang:demonitor(Mon, [flush]),
            Reply;
        {'DOWN', Mon, process, Pid, Reason} ->
            {error, Reason}
    end.

writer_init(Parent, Ref, Name, #{file := File, modes := Modes} = HConfig) ->
    case open_file(File, Modes) of
        {ok, Fd} ->
            try register(writer_name(Name), self()) of
                true ->
                    Parent ! {Ref, ok},
                    S = #{file => File, modes => Modes, fd => Fd, inode => inode(File),
                          checked => now_ms(), check => maps:get(file_check, HConfig)},
                    writer_loop(set_rotation(HConfig, S))
            catch
                error:badarg ->
                    Parent ! {Ref, {error, {handler_process_name_already_exists,
                                            writer_name(Name)}}}
            end;
        {error, Reason} ->
            Parent ! {Ref, {error, {open_failed, File, Reason}}}
    end.

writer_loop(S) ->
    receive
        {{log, Bin}, From, Tag} ->
            S1 = write_file(Bin, ensure_file(S)),
            From ! {Tag, ok},
            writer_loop(S1);
        {filesync, From, Tag} ->
            From ! {Tag, ok},
            writer_loop(S);
        {rotation, HConfig} ->
            writer_loop(set_rotation(HConfig, S#{check := maps:get(file_check, HConfig)}));
        stop ->
            _ = file:close(maps:get(fd, S)),
            ok;
        _ ->
            writer_loop(S)
    end.

%% The raw file of prim_file has no delayed writes; every write goes to
%% the file at once.
open_file(File, Modes0) ->
    Modes = [binary | [M || M <- Modes0, M =/= raw, M =/= delayed_write,
                            not is_tuple(M) orelse element(1, M) =/= delayed_write]],
    case ensure_dir(filename:dirname(File)) of
        ok -> file:open(File, Modes);
        Error -> Error
    end.

ensure_dir(Dir) ->
    case file:read_file_info(Dir) of
        {ok, _} ->
            ok;
        {error, _} ->
            case ensure_dir(filename:dirname(Dir)) of
                ok ->
                    case file:make_dir(Dir) of
                        ok -> ok;
                        {error, eexist} -> ok;
                        Error -> Error
                    end;
                Error ->
                    Error
            end
    end.

inode(File) ->
    case file:read_file_info(File) of
        {ok, Info} -> element(12, Info);
        _ -> undefined
    end.

file_size(File) ->
    case file:read_file_info(File) of
        {ok, Info} -> element(2, Info);
        _ -> 0
    end.

now_ms() -> erlang:monotonic_time(millisecond).

ensure_file(#{check := Check, checked := T0} = S) ->
    case now_ms() - T0 >= Check of
        true -> reopen_if_moved(S#{checked := now_ms()});
        false -> S
    end.

reopen_if_moved(#{file := File, inode := Inode} = S) ->
    case inode(File) of
        Inode when Inode =/= undefined ->
            S;
        _ ->
            reopen(S)
    end.

reopen(#{file := File, modes := Modes, fd := Fd} = S) ->
    _ = file:close(Fd),
    case open_file(File, Modes) of
        {ok, Fd1} -> S#{fd := Fd1, inode := inode(File)};
        Error -> exit({could_not_reopen_file, Error})
    end.

write_file(Bin, #{fd := Fd} = S) ->
    _ = file:write(Fd, Bin),
    maybe_rotate(byte_size(Bin), S).

rotation_changed(Name, #{type := file} = Own) ->
    case whereis(writer_name(Name)) of
        undefined -> ok;
        Pid -> Pid ! {rotation, Own}, ok
    end;
rotation_changed(_Name, _Own) ->
    ok.

set_rotation(#{max_no_bytes := infinity}, S) ->
    remove_archives(0, S),
    maps:remove(rotation, S);
set_rotation(#{max_no_bytes := Size, max_no_files := Count, compress_on_rotate := Compress},
             #{file := File} = S) ->
    remove_archives(Count, S),
    recompress(0, Count, Compress, File),
    maybe_rotate(0, S#{rotation => #{size => Size, count => Count, compress => Compress,
                                     current => file_size(File)}}).

remove_archives(N, #{file := File} = S) ->
    Plain = archive(File, N, false),
    Gz = archive(File, N, true),
    case {file:read_file_info(Plain), file:read_file_info(Gz)} of
        {{error, enoent}, {error, enoent}} ->
            ok;
        _ ->
            _ = file:delete(Plain),
            _ = file:delete(Gz),
            remove_archives(N + 1, S)
    end.

%% The archives kept, each gzipped or not as compress_on_rotate now says.
recompress(Count, Count, _, _) ->
    ok;
recompress(N, Count, Compress, File) ->
    Other = archive(File, N, not Compress),
    case file:read_file_info(Other) of
        {ok, _} when Compress -> convert(Other, archive(File, N, true), fun zlib:gzip/1);
        {ok, _} -> convert(Other, archive(File, N, false), fun zlib:gunzip/1);
        _ -> ok
    end,
    recompress(N + 1, Count, Compress, File).

convert(From, To, Fun) ->
    {ok, Data} = file:read_file(From),
    ok = file:write_file(To, Fun(Data)),
    _ = file:delete(From),
    ok.

maybe_rotate(Added, #{rotation := #{size := Max, current := Current} = R} = S) ->
    case Current + Added of
        New when New > Max -> rotate(S#{rotation := R#{current := New}});
        New -> S#{rotation := R#{current := New}}
    end;
maybe_rotate(_Added, S) ->
    S.

rotate(#{file := File, fd := Fd, rotation := #{count := Count, compress := Compress} = R} = S) ->
    _ = file:close(Fd),
    shift_archives(File, Count, Compress),
    S1 = reopen(S#{fd := Fd}),
    S1#{rotation := R#{current := 0}}.

shift_archives(File, 0, _Compress) ->
    _ = file:delete(File),
    ok;
shift_archives(File, 1, Compress) ->
    Newest = archive(File, 0, false),
    case file:rename(File, Newest) of
        ok when Compress -> convert(Newest, archive(File, 0, true), fun zlib:gzip/1);
        _ -> ok
    end;
shift_archives(File, Count, Compress) ->
    _ = file:rename(archive(File, Count - 2, Compress), archive(File, Count - 1, Compress)),
    shift_archives(File, Count - 1, Compress).

archive(File, N, false) -> File ++ "." ++ integer_to_list(N);
archive(File, N, true) -> archive(File, N, false) ++ ".gz".
