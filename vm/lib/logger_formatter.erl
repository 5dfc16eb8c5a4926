%% logger_formatter: OTP 25's default log event formatter for the dbgsh VM:
%% a template of metadata fields and the message, OTP's defaults and
%% options (single_line, legacy_header, chars_limit, depth, max_size,
%% report_cb, time_offset, time_designator), and check_config/1. Depth
%% and single_line rewrite the message's format (~p to ~P, ~w to ~W, ~p
%% to ~0p) before io_lib formats it, as OTP's reformat does.
-module(logger_formatter).

-export([format/2, check_config/1]).

-define(IS_STRING(S), (is_list(S) orelse is_binary(S))).

%% The default templates: with the legacy header, single line, multi line.
-define(TEMPLATE_HEADER, [[logger_formatter, header], "\n", msg, "\n"]).
-define(TEMPLATE_SINGLE, [time, " ", level, ": ", msg, "\n"]).
-define(TEMPLATE, [time, " ", level, ":\n", msg, "\n"]).

%% The text of a log event: the template's parts before and after msg,
%% the message between them (within what chars_limit leaves of it), all
%% cut to max_size.
format(#{level := Level, msg := Msg0, meta := Meta}, Config0) when is_map(Config0) ->
    Config = add_default_config(Config0),
    Meta1 = maybe_add_legacy_header(Level, Meta, Config),
    Template = maps:get(template, Config),
    {BT, AT0} = lists:splitwith(fun(msg) -> false; (_) -> true end, Template),
    {DoMsg, AT} = case AT0 of
                      [msg | Rest] -> {true, Rest};
                      _ -> {false, AT0}
                  end,
    B = do_format(Level, Meta1, BT, Config),
    A = do_format(Level, Meta1, AT, Config),
    MsgStr = case DoMsg of
                 true ->
                     Config1 = case maps:get(chars_limit, Config) of
                                   unlimited -> Config;
                                   Size0 -> Config#{chars_limit => max(0, Size0 - io_lib:chars_length([B, A]))}
                               end,
                     MsgStr0 = format_msg(Msg0, Meta1, Config1),
                     case maps:get(single_line, Config) of
                         true ->
                             %% no leading or trailing white space, and
                             %% each line break (with a comma before it
                             %% and indentation after it) one ", "
                             T = lists:reverse(trim(lists:reverse(trim(MsgStr0, false)), true)),
                             re:replace(T, ",?\r?\n\s*", ", ", [{return, list}, global, unicode]);
                         _ ->
                             MsgStr0
                     end;
                 false ->
                     ""
             end,
    truncate(B, MsgStr, A, maps:get(max_size, Config)).

trim([H | T], Rev) when H == $\s; H == $\r; H == $\n ->
    trim(T, Rev);
trim([H | T], false) when is_list(H) ->
    case trim(H, false) of
        [] -> trim(T, false);
        TrimmedH -> [TrimmedH | T]
    end;
trim([H | T], true) when is_list(H) ->
    case trim(lists:reverse(H), true) of
        [] -> trim(T, true);
        TrimmedH -> [lists:reverse(TrimmedH) | T]
    end;
trim(String, _) ->
    String.

%% A template: level, metadata keys (or key paths into nested maps),
%% {Key, IfExists, Else}, and text.
do_format(Level, Data, [level | Format], Config) ->
    [to_string(level, Level, Config) | do_format(Level, Data, Format, Config)];
do_format(Level, Data, [{Key, IfExist, Else} | Format], Config) ->
    String = case value(Key, Data) of
                 {ok, Value} -> do_format(Level, Data#{Key => Value}, IfExist, Config);
                 error -> do_format(Level, Data, Else, Config)
             end,
    [String | do_format(Level, Data, Format, Config)];
do_format(Level, Data, [Key | Format], Config)
  when is_atom(Key) orelse (is_list(Key) andalso is_atom(hd(Key))) ->
    String = case value(Key, Data) of
                 {ok, Value} -> to_string(Key, Value, Config);
                 error -> ""
             end,
    [String | do_format(Level, Data, Format, Config)];
do_format(Level, Data, [Str | Format], Config) ->
    [Str | do_format(Level, Data, Format, Config)];
do_format(_Level, _Data, [], _Config) ->
    [].

value(Key, Meta) when is_map_key(Key, Meta) ->
    {ok, maps:get(Key, Meta)};
value([Key | Keys], Meta) when is_map_key(Key, Meta) ->
    value(Keys, maps:get(Key, Meta));
value([], Value) ->
    {ok, Value};
value(_, _) ->
    error.

to_string(time, Time, Config) -> format_time(Time, Config);
to_string(mfa, MFA, Config) -> format_mfa(MFA, Config);
to_string(_, Value, Config) -> to_string(Value, Config).

to_string(X, _) when is_atom(X) -> atom_to_list(X);
to_string(X, _) when is_integer(X) -> integer_to_list(X);
to_string(X, _) when is_pid(X) -> pid_to_list(X);
to_string(X, _) when is_reference(X) -> ref_to_list(X);
to_string(X, Config) when is_list(X) ->
    case printable_list(lists:flatten(X)) of
        true -> X;
        _ -> io_lib:format(p(Config), [X])
    end;
to_string(X, Config) ->
    io_lib:format(p(Config), [X]).

printable_list([]) -> false;
printable_list(X) -> io_lib:printable_list(X).

format_mfa({M, F, A}, _) when is_atom(M), is_atom(F), is_integer(A) ->
    io_lib:fwrite("~tw:~tw/~w", [M, F, A]);
format_mfa({M, F, A}, Config) when is_atom(M), is_atom(F), is_list(A) ->
    format_mfa({M, F, length(A)}, Config);
format_mfa(MFA, Config) ->
    to_string(MFA, Config).

%% ---------------------------------------------------------------------
%% The message

format_msg({string, Chardata}, Meta, Config) ->
    format_msg({"~ts", [Chardata]}, Meta, Config);
%% a report_cb in the formatter's config wins over the event's
format_msg({report, _} = Msg, Meta, #{report_cb := Fun} = Config)
  when is_function(Fun, 1); is_function(Fun, 2) ->
    format_msg(Msg, Meta#{report_cb => Fun}, maps:remove(report_cb, Config));
format_msg({report, Report}, #{report_cb := Fun} = Meta, Config) when is_function(Fun, 1) ->
    try Fun(Report) of
        {Format, Args} when is_list(Format), is_list(Args) ->
            format_msg({Format, Args}, maps:remove(report_cb, Meta), Config);
        Other ->
            P = p(Config),
            format_msg({"REPORT_CB/1 ERROR: " ++ P ++ "; Returned: " ++ P, [Report, Other]},
                       Meta, Config)
    catch
        C:R:S ->
            P = p(Config),
            format_msg({"REPORT_CB/1 CRASH: " ++ P ++ "; Reason: " ++ P,
                        [Report, {C, R, logger:filter_stacktrace(?MODULE, S)}]},
                       Meta, Config)
    end;
format_msg({report, Report}, #{report_cb := Fun} = Meta, Config) when is_function(Fun, 2) ->
    try Fun(Report, maps:with([depth, chars_limit, single_line], Config)) of
        Chardata when ?IS_STRING(Chardata) ->
            %% the report_cb has applied the limits itself
            try chardata_to_list(Chardata)
            catch
                _:_ ->
                    P = p(Config),
                    format_msg({"REPORT_CB/2 ERROR: " ++ P ++ "; Returned: " ++ P,
                                [Report, Chardata]}, Meta, Config)
            end;
        Other ->
            P = p(Config),
            format_msg({"REPORT_CB/2 ERROR: " ++ P ++ "; Returned: " ++ P, [Report, Other]},
                       Meta, Config)
    catch
        C:R:S ->
            P = p(Config),
            format_msg({"REPORT_CB/2 CRASH: " ++ P ++ "; Reason: " ++ P,
                        [Report, {C, R, logger:filter_stacktrace(?MODULE, S)}]},
                       Meta, Config)
    end;
format_msg({report, Report}, Meta, Config) ->
    format_msg({report, Report}, Meta#{report_cb => fun logger:format_report/1}, Config);
format_msg(Msg, _Meta, #{depth := Depth, chars_limit := CharsLimit, single_line := Single}) ->
    Opts = case CharsLimit of
               unlimited -> [];
               _ -> [{chars_limit, CharsLimit}]
           end,
    format_msg(Msg, Depth, Opts, Single).

%% A format that does not fit its arguments is shown with them.
format_msg({Format0, Args}, Depth, Opts, Single) ->
    try
        {Format, Args1} = reformat(Format0, Args, Depth, Single),
        io_lib:format(Format, Args1, Opts)
    catch
        C:R:S ->
            P = p(Single),
            FormatError = "FORMAT ERROR: " ++ P ++ " - " ++ P,
            case Format0 of
                FormatError -> erlang:raise(C, R, S);
                _ -> format_msg({FormatError, [Format0, Args]}, Depth, Opts, Single)
            end
    end.

chardata_to_list(Chardata) ->
    case unicode:characters_to_list(Chardata, unicode) of
        List when is_list(List) -> List;
        Error -> throw(Error)
    end.

%% ---------------------------------------------------------------------
%% Rewriting a format for depth and single_line: the format is scanned
%% into text and directives ({Char, Width, Adjust, Precision, Pad,
%% Encoding, Strings, Args}, every * replaced by its argument), the
%% directives that print terms are changed, and the result written back
%% as a format and its arguments. A format that does not fit its
%% arguments raises.

reformat(Format, Args, unlimited, false) ->
    {Format, Args};
reformat(Format, Args, Depth, Single) ->
    Parts = scan_format(format_chars(Format), Args),
    unscan([limit(Part, Depth, Single) || Part <- Parts], [], []).

format_chars(Format) when is_atom(Format) -> atom_to_list(Format);
format_chars(Format) when is_binary(Format) -> binary_to_list(Format);
format_chars(Format) -> Format.

limit({$p, _W, Adj, P, Pad, Enc, Str, As}, Depth, true) ->
    limit_depth({$p, 0, Adj, P, Pad, Enc, Str, As}, Depth);
limit({$P, _W, Adj, P, Pad, Enc, Str, As}, _Depth, true) ->
    {$P, 0, Adj, P, Pad, Enc, Str, As};
limit({C, _, _, _, _, _, _, _} = D, Depth, _Single) when C =:= $p; C =:= $w ->
    limit_depth(D, Depth);
limit(Part, _Depth, _Single) ->
    Part.

limit_depth(D, unlimited) ->
    D;
limit_depth({C, W, Adj, P, Pad, Enc, Str, As}, Depth) ->
    {C - ($a - $A), W, Adj, P, Pad, Enc, Str, As ++ [Depth]}.

scan_format([$~ | Fmt0], Args0) ->
    {Width, Adj, Fmt1, Args1} = field_width(Fmt0, Args0),
    {Prec, Fmt2, Args2} = precision(Fmt1, Args1),
    {Pad, Fmt3, Args3} = pad_char(Fmt2, Args2),
    {Enc, Str, Fmt4} = modifiers(Fmt3, latin1, true),
    {C, As, Fmt5, Args4} = control(Fmt4, Args3),
    [{C, Width, Adj, Prec, Pad, Enc, Str, As} | scan_format(Fmt5, Args4)];
scan_format([C | Fmt], Args) ->
    [C | scan_format(Fmt, Args)];
scan_format([], []) ->
    [].

field_width([$- | Fmt0], Args0) ->
    {F, Fmt, Args} = field_value(Fmt0, Args0),
    adjust(negate(F), Fmt, Args);
field_width(Fmt0, Args0) ->
    {F, Fmt, Args} = field_value(Fmt0, Args0),
    adjust(F, Fmt, Args).

negate(none) -> erlang:error(badarg);
negate(F) -> -F.

adjust(F, Fmt, Args) when is_integer(F), F < 0 -> {-F, left, Fmt, Args};
adjust(F, Fmt, Args) -> {F, right, Fmt, Args}.

precision([$. | Fmt], Args) -> field_value(Fmt, Args);
precision(Fmt, Args) -> {none, Fmt, Args}.

field_value([$* | Fmt], [A | Args]) when is_integer(A) ->
    {A, Fmt, Args};
field_value([C | _] = Fmt, Args) when is_integer(C), C >= $0, C =< $9 ->
    digits(Fmt, Args, 0);
field_value(Fmt, Args) ->
    {none, Fmt, Args}.

digits([C | Fmt], Args, F) when is_integer(C), C >= $0, C =< $9 ->
    digits(Fmt, Args, 10 * F + (C - $0));
digits(Fmt, Args, F) ->
    {F, Fmt, Args}.

pad_char([$., $* | Fmt], [Pad | Args]) -> {Pad, Fmt, Args};
pad_char([$., Pad | Fmt], Args) -> {Pad, Fmt, Args};
pad_char(Fmt, Args) -> {$\s, Fmt, Args}.

modifiers([$t | Fmt], _Enc, Str) -> modifiers(Fmt, unicode, Str);
modifiers([$l | Fmt], Enc, _Str) -> modifiers(Fmt, Enc, false);
modifiers(Fmt, Enc, Str) -> {Enc, Str, Fmt}.

%% The control character and the arguments it takes.
control([C | Fmt], [A, B | Args]) when C =:= $W; C =:= $P; C =:= $x; C =:= $X ->
    {C, [A, B], Fmt, Args};
control([C | Fmt], [A | Args])
  when C =:= $w; C =:= $p; C =:= $s; C =:= $e; C =:= $f; C =:= $g; C =:= $b; C =:= $B;
       C =:= $+; C =:= $#; C =:= $c; C =:= $i ->
    {C, [A], Fmt, Args};
control([C | Fmt], Args) when (C =:= $~ orelse C =:= $n), is_list(Args) ->
    {C, [], Fmt, Args}.

unscan([{C, W, Adj, P, Pad, Enc, Str, As} | Parts], Fmt, Args) ->
    Directive = [$~] ++ width_text(W, Adj) ++ precision_text(P, Pad) ++ pad_text(Pad)
        ++ encoding_text(Enc) ++ strings_text(Str) ++ [C],
    unscan(Parts, lists:reverse(Directive, Fmt), lists:reverse(As, Args));
unscan([C | Parts], Fmt, Args) ->
    unscan(Parts, [C | Fmt], Args);
unscan([], Fmt, Args) ->
    {lists:reverse(Fmt), lists:reverse(Args)}.

width_text(none, _) -> "";
width_text(W, left) -> integer_to_list(-W);
width_text(W, right) -> integer_to_list(W).

precision_text(none, $\s) -> "";
precision_text(none, _Pad) -> ".";
precision_text(P, _Pad) -> [$. | integer_to_list(P)].

pad_text($\s) -> "";
pad_text(Pad) -> [$., Pad].

encoding_text(unicode) -> "t";
encoding_text(latin1) -> "".

strings_text(false) -> "l";
strings_text(true) -> "".

%% ---------------------------------------------------------------------
%% max_size: the whole text cut to Size characters, ending in "..." (and
%% the line break it ended in).

truncate(B, Msg, A, unlimited) ->
    [B, Msg, A];
truncate(B, Msg, A, Size) ->
    String = [B, Msg, A],
    case io_lib:chars_length(String) > Size of
        true ->
            {Last, FlatString} =
                case A of
                    [] ->
                        case Msg of
                            [] -> {get_last(B), lists:flatten(B)};
                            _ -> {get_last(Msg), lists:flatten([B, Msg])}
                        end;
                    _ ->
                        {get_last(A), lists:flatten(String)}
                end,
            case Last of
                $\n -> lists:sublist(FlatString, 1, Size - 4) ++ "...\n";
                _ -> lists:sublist(FlatString, 1, Size - 3) ++ "..."
            end;
        false ->
            String
    end.

get_last(L) ->
    get_first(lists:reverse(L)).

get_first([]) -> error;
get_first([C | _]) when is_integer(C) -> C;
get_first([L | Rest]) when is_list(L) ->
    case get_last(L) of
        error -> get_first(Rest);
        First -> First
    end.

%% ---------------------------------------------------------------------
%% Time

format_time(SysTime, #{time_offset := Offset, time_designator := Des})
  when is_integer(SysTime) ->
    calendar:system_time_to_rfc3339(SysTime, [{unit, microsecond}, {offset, Offset},
                                              {time_designator, Des}]).

%% The legacy header's date and time: local, or UTC when the offset is
%% UTC's (then marked so).
timestamp_to_datetimemicro(SysTime, Config) when is_integer(SysTime) ->
    Micro = SysTime rem 1000000,
    Sec = SysTime div 1000000,
    UniversalTime = calendar:system_time_to_universal_time(Sec, second),
    {{Date, Time}, UtcStr} =
        case offset_to_utc(maps:get(time_offset, Config)) of
            true -> {UniversalTime, "UTC "};
            _ -> {calendar:universal_time_to_local_time(UniversalTime), ""}
        end,
    {Date, Time, Micro, UtcStr}.

maybe_add_legacy_header(Level, #{time := Timestamp} = Meta, #{legacy_header := true} = Config) ->
    #{title := Title} = MyMeta = add_legacy_title(Level, Meta, Config),
    {{Y, Mo, D}, {H, Mi, S}, Micro, UtcStr} = timestamp_to_datetimemicro(Timestamp, Config),
    Header = io_lib:format("=~ts==== ~w-~s-~4w::~2..0w:~2..0w:~2..0w.~6..0w ~s===",
                           [Title, D, month(Mo), Y, H, Mi, S, Micro, UtcStr]),
    Meta#{?MODULE => MyMeta#{header => Header}};
maybe_add_legacy_header(_, Meta, _) ->
    Meta.

%% "ERROR REPORT" and so on; a notice that came through error_logger is
%% titled by error_logger_notice_header.
add_legacy_title(_Level, #{?MODULE := #{title := _} = MyMeta}, _) ->
    MyMeta;
add_legacy_title(Level, Meta, Config) ->
    case maps:get(?MODULE, Meta, #{}) of
        #{title := _} = MyMeta ->
            MyMeta;
        MyMeta ->
            TitleLevel = case (Level =:= notice andalso maps:find(error_logger, Meta)) of
                             {ok, _} -> maps:get(error_logger_notice_header, Config);
                             _ -> Level
                         end,
            Title = string:uppercase(atom_to_list(TitleLevel)) ++ " REPORT",
            MyMeta#{title => Title}
    end.

month(1) -> "Jan";
month(2) -> "Feb";
month(3) -> "Mar";
month(4) -> "Apr";
month(5) -> "May";
month(6) -> "Jun";
month(7) -> "Jul";
month(8) -> "Aug";
month(9) -> "Sep";
month(10) -> "Oct";
month(11) -> "Nov";
month(12) -> "Dec".

%% ---------------------------------------------------------------------
%% Defaults. With no application environment here, the depth is error
%% logger's default (unlimited) and times are local (no utc_log).

add_default_config(Config0) ->
    Default = #{chars_limit => unlimited, error_logger_notice_header => info,
                legacy_header => false, single_line => true, time_designator => $T},
    MaxSize = get_max_size(maps:get(max_size, Config0, undefined)),
    Depth = get_depth(maps:get(depth, Config0, undefined)),
    Offset = get_offset(maps:get(time_offset, Config0, undefined)),
    add_default_template(maps:merge(Default, Config0#{max_size => MaxSize, depth => Depth,
                                                      time_offset => Offset})).

add_default_template(#{template := _} = Config) -> Config;
add_default_template(Config) -> Config#{template => default_template(Config)}.

default_template(#{legacy_header := true}) -> ?TEMPLATE_HEADER;
default_template(#{single_line := true}) -> ?TEMPLATE_SINGLE;
default_template(_) -> ?TEMPLATE.

get_max_size(undefined) -> unlimited;
get_max_size(S) -> max(10, S).

get_depth(undefined) -> unlimited;
get_depth(S) -> max(5, S).

get_offset(undefined) -> "";
get_offset(Offset) -> Offset.

offset_to_utc(Z) when Z =:= 0; Z =:= "z"; Z =:= "Z" ->
    true;
offset_to_utc([$+ | Tz]) ->
    case read_offset(Tz) of
        {ok, 0, 0} -> true;
        _ -> false
    end;
offset_to_utc(_) ->
    false.

%% "H:M" as io_lib:fread("~d:~d", Tz) reads it with nothing left over:
%% each number after optional white space and sign.
read_offset(Tz) ->
    case read_int(Tz) of
        {H, [$: | Rest]} ->
            case read_int(Rest) of
                {M, []} -> {ok, H, M};
                _ -> error
            end;
        _ ->
            error
    end.

read_int([C | Cs]) when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n ->
    read_int(Cs);
read_int([$+ | Cs]) -> read_digits(Cs, 1);
read_int([$- | Cs]) -> read_digits(Cs, -1);
read_int(Cs) -> read_digits(Cs, 1).

read_digits([C | _] = Cs, Sign) when C >= $0, C =< $9 ->
    {Ds, Rest} = lists:splitwith(fun(D) -> D >= $0 andalso D =< $9 end, Cs),
    {Sign * list_to_integer(Ds), Rest};
read_digits(_, _) ->
    error.

%% ---------------------------------------------------------------------
%% check_config/1

check_config(Config) when is_map(Config) ->
    do_check_config(maps:to_list(Config));
check_config(Config) ->
    {error, {invalid_formatter_config, ?MODULE, Config}}.

do_check_config([{Type, L} | Config]) when Type == chars_limit; Type == depth;
                                            Type == max_size ->
    case check_limit(L) of
        ok -> do_check_config(Config);
        error -> {error, {invalid_formatter_config, ?MODULE, {Type, L}}}
    end;
do_check_config([{single_line, SL} | Config]) when is_boolean(SL) ->
    do_check_config(Config);
do_check_config([{legacy_header, LH} | Config]) when is_boolean(LH) ->
    do_check_config(Config);
do_check_config([{error_logger_notice_header, ELNH} | Config]) when ELNH == info;
                                                                    ELNH == notice ->
    do_check_config(Config);
do_check_config([{report_cb, RCB} | Config]) when is_function(RCB, 1); is_function(RCB, 2) ->
    do_check_config(Config);
do_check_config([{template, T} | Config]) ->
    case check_template(T) of
        ok -> do_check_config(Config);
        error -> {error, {invalid_formatter_template, ?MODULE, T}}
    end;
do_check_config([{time_offset, Offset} | Config]) ->
    case check_offset(Offset) of
        ok -> do_check_config(Config);
        error -> {error, {invalid_formatter_config, ?MODULE, {time_offset, Offset}}}
    end;
do_check_config([{time_designator, Char} | Config]) when Char >= 0, Char =< 255 ->
    case io_lib:printable_latin1_list([Char]) of
        true -> do_check_config(Config);
        false -> {error, {invalid_formatter_config, ?MODULE, {time_designator, Char}}}
    end;
do_check_config([C | _]) ->
    {error, {invalid_formatter_config, ?MODULE, C}};
do_check_config([]) ->
    ok.

check_limit(L) when is_integer(L), L > 0 -> ok;
check_limit(unlimited) -> ok;
check_limit(_) -> error.

check_template([Key | T]) when is_atom(Key) ->
    check_template(T);
check_template([Key | T]) when is_list(Key), is_atom(hd(Key)) ->
    case lists:all(fun(X) -> is_atom(X) end, Key) of
        true -> check_template(T);
        false -> error
    end;
check_template([{Key, IfExist, Else} | T])
  when is_atom(Key) orelse (is_list(Key) andalso is_atom(hd(Key))) ->
    case check_template(IfExist) of
        ok ->
            case check_template(Else) of
                ok -> check_template(T);
                error -> error
            end;
        error ->
            error
    end;
check_template([Str | T]) when is_list(Str) ->
    case io_lib:printable_unicode_list(Str) of
        true -> check_template(T);
        false -> error
    end;
check_template([Bin | T]) when is_binary(Bin) ->
    case unicode:characters_to_list(Bin) of
        Str when is_list(Str) -> check_template([Str | T]);
        _Error -> error
    end;
check_template([]) ->
    ok;
check_template(_) ->
    error.

check_offset(I) when is_integer(I) -> ok;
check_offset(Tz) when Tz =:= ""; Tz =:= "Z"; Tz =:= "z" -> ok;
check_offset([Sign | Tz]) when Sign =:= $+; Sign =:= $- ->
    try read_offset(Tz) of
        {ok, _, _} -> ok;
        error -> error
    catch
        _:_ -> error
    end;
check_offset(_) ->
    error.

p(#{single_line := Single}) -> p(Single);
p(true) -> "~0tp";
p(false) -> "~tp".
