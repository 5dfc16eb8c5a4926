%% logger_formatter: OTP 25's default log event formatter for the dbgsh VM:
%% a template of metadata fields around the message, with OTP's defaults
%% and options (single_line, legacy_header, chars_limit, depth, max_size,
%% report_cb, time_offset, time_designator), and check_config/1. depth and
%% single_line rewrite the message's format (~p to ~P, ~w to ~W, ~p to
%% ~0p) before io_lib formats it, as OTP does.
-module(logger_formatter).

-export([format/2, check_config/1]).

%% The default templates: with the legacy header, single line, multi line.
-define(TEMPLATE_HEADER, [[logger_formatter, header], "\n", msg, "\n"]).
-define(TEMPLATE_SINGLE, [time, " ", level, ": ", msg, "\n"]).
-define(TEMPLATE, [time, " ", level, ":\n", msg, "\n"]).

%% The text of an event: the template's parts before and after msg, the
%% message between them (given what chars_limit leaves it), the whole cut
%% to max_size.
format(#{level := Level, msg := Msg, meta := Meta0}, Config0) when is_map(Config0) ->
    Config = with_defaults(Config0),
    Meta = with_header(Level, Meta0, Config),
    {Before, After0} = lists:splitwith(fun(Part) -> Part =/= msg end,
                                       maps:get(template, Config)),
    {HasMsg, After} = case After0 of
                          [msg | Rest] -> {true, Rest};
                          _ -> {false, After0}
                      end,
    B = render(Before, Level, Meta, Config),
    A = render(After, Level, Meta, Config),
    Text = case HasMsg of
               true -> message_text(Msg, Meta, Config, [B, A]);
               false -> ""
           end,
    cut(B, Text, A, maps:get(max_size, Config)).

message_text(Msg, Meta, Config, Around) ->
    Limited = case maps:get(chars_limit, Config) of
                  unlimited -> Config;
                  Limit -> Config#{chars_limit := max(0, Limit - io_lib:chars_length(Around))}
              end,
    Text = format_msg(Msg, Meta, Limited),
    case maps:get(single_line, Config) of
        true -> one_line(Text);
        _ -> Text
    end.

%% No white space (blanks and line breaks) at either end, and each line
%% break, with a comma before it and the indentation after it, as ", ".
one_line(Text) ->
    Trimmed = lists:reverse(drop_blanks(lists:reverse(drop_blanks(lists:flatten(Text))))),
    re:replace(Trimmed, ",?\r?\n\s*", ", ", [{return, list}, global, unicode]).

drop_blanks([C | Cs]) when C =:= $\s; C =:= $\r; C =:= $\n -> drop_blanks(Cs);
drop_blanks(Cs) -> Cs.

%% ---------------------------------------------------------------------
%% Templates: level, a metadata key or key path (into nested maps),
%% {KeyOrPath, IfThere, IfNot}, and text.

render(Template, Level, Meta, Config) ->
    [part(Part, Level, Meta, Config) || Part <- Template].

part(level, Level, _Meta, Config) ->
    field(level, Level, Config);
part({Key, IfThere, IfNot}, Level, Meta, Config) ->
    case lookup(Key, Meta) of
        {ok, Value} -> render(IfThere, Level, Meta#{Key => Value}, Config);
        error -> render(IfNot, Level, Meta, Config)
    end;
part(Key, _Level, Meta, Config) when is_atom(Key); is_list(Key), is_atom(hd(Key)) ->
    case lookup(Key, Meta) of
        {ok, Value} -> field(Key, Value, Config);
        error -> ""
    end;
part(Text, _Level, _Meta, _Config) ->
    Text.

lookup(Key, Meta) when is_map(Meta), is_map_key(Key, Meta) ->
    {ok, maps:get(Key, Meta)};
lookup([Key | Path], Meta) when is_map(Meta), is_map_key(Key, Meta) ->
    lookup(Path, maps:get(Key, Meta));
lookup([], Value) ->
    {ok, Value};
lookup(_, _) ->
    error.

field(time, Time, Config) -> format_time(Time, Config);
field(mfa, MFA, Config) -> format_mfa(MFA, Config);
field(_, Value, Config) -> to_text(Value, Config).

to_text(X, _) when is_atom(X) -> atom_to_list(X);
to_text(X, _) when is_integer(X) -> integer_to_list(X);
to_text(X, _) when is_pid(X) -> pid_to_list(X);
to_text(X, _) when is_reference(X) -> ref_to_list(X);
to_text(X, Config) when is_list(X) ->
    case lists:flatten(X) of
        [_ | _] = Chars ->
            case io_lib:printable_list(Chars) of
                true -> X;
                false -> io_lib:format(p(Config), [X])
            end;
        [] ->
            io_lib:format(p(Config), [X])
    end;
to_text(X, Config) ->
    io_lib:format(p(Config), [X]).

format_mfa({M, F, A}, _) when is_atom(M), is_atom(F), is_integer(A) ->
    io_lib:fwrite("~tw:~tw/~w", [M, F, A]);
format_mfa({M, F, Args}, Config) when is_atom(M), is_atom(F), is_list(Args) ->
    format_mfa({M, F, length(Args)}, Config);
format_mfa(MFA, Config) ->
    to_text(MFA, Config).

%% ---------------------------------------------------------------------
%% The message: a string, a report (through a report_cb: the config's,
%% else the event's, else logger:format_report/1), or a format and its
%% arguments.

format_msg({string, Chars}, Meta, Config) ->
    format_msg({"~ts", [Chars]}, Meta, Config);
format_msg({report, Report}, Meta, Config) ->
    {Callback, Config1} = case maps:take(report_cb, Config) of
                              {Fun, Rest} when is_function(Fun, 1); is_function(Fun, 2) ->
                                  {Fun, Rest};
                              _ ->
                                  {maps:get(report_cb, Meta, none), Config}
                          end,
    report_text(Report, Callback, maps:remove(report_cb, Meta), Config1);
format_msg({Format, Args}, _Meta, Config) ->
    format_args(Format, Args, Config).

report_text(Report, Fun, Meta, Config) when is_function(Fun, 1) ->
    try Fun(Report) of
        {Format, Args} when is_list(Format), is_list(Args) ->
            format_msg({Format, Args}, Meta, Config);
        Other ->
            callback_text("REPORT_CB/1 ERROR: ~s; Returned: ~s", Report, Other, Config)
    catch
        Class:Reason:Stack ->
            callback_text("REPORT_CB/1 CRASH: ~s; Reason: ~s", Report,
                          {Class, Reason, logger:filter_stacktrace(?MODULE, Stack)}, Config)
    end;
report_text(Report, Fun, _Meta, Config) when is_function(Fun, 2) ->
    %% such a report_cb limits its text itself
    try Fun(Report, maps:with([depth, chars_limit, single_line], Config)) of
        Chars when is_list(Chars); is_binary(Chars) ->
            case catch unicode:characters_to_list(Chars, unicode) of
                List when is_list(List) -> List;
                _ -> callback_text("REPORT_CB/2 ERROR: ~s; Returned: ~s", Report, Chars, Config)
            end;
        Other ->
            callback_text("REPORT_CB/2 ERROR: ~s; Returned: ~s", Report, Other, Config)
    catch
        Class:Reason:Stack ->
            callback_text("REPORT_CB/2 CRASH: ~s; Reason: ~s", Report,
                          {Class, Reason, logger:filter_stacktrace(?MODULE, Stack)}, Config)
    end;
report_text(Report, _None, Meta, Config) ->
    report_text(Report, fun logger:format_report/1, Meta, Config).

%% What went wrong with a report_cb, as the format text (whose two ~s
%% become the directives of p/1) and its two terms.
callback_text(Text, Report, What, Config) ->
    P = p(Config),
    format_args(lists:flatten(io_lib:format(Text, [P, P])), [Report, What], Config).

%% A format and its arguments, within the depth, line and character
%% limits; a format that does not fit its arguments shows them instead.
format_args(Format, Args, #{depth := Depth, single_line := Single} = Config) ->
    Options = case maps:get(chars_limit, Config) of
                  unlimited -> [];
                  Limit -> [{chars_limit, Limit}]
              end,
    try
        {Format1, Args1} = limit_format(Format, Args, Depth, Single),
        io_lib:format(Format1, Args1, Options)
    catch
        Class:Reason:Stack ->
            P = p(Single),
            Shown = "FORMAT ERROR: " ++ P ++ " - " ++ P,
            case Format of
                Shown -> erlang:raise(Class, Reason, Stack);
                _ -> format_args(Shown, [Format, Args], Config)
            end
    end.

%% ---------------------------------------------------------------------
%% Rewriting a format for depth and single_line, on the directives
%% io_lib:scan_format/2 finds: with a depth, ~p and ~w become ~P and ~W
%% (the depth their second argument); on a single line ~p and ~P get
%% width 0. io_lib:unscan_format/1 gives back the format and arguments
%% io_lib gets. A format that does not fit its arguments raises.

limit_format(Format, Args, unlimited, false) ->
    {Format, Args};
limit_format(Format, Args, Depth, Single) ->
    io_lib:unscan_format([limit(Part, Depth, Single) || Part <- io_lib:scan_format(Format, Args)]).

limit(#{control_char := $p} = Directive, Depth, true) ->
    deeper(Directive#{width := 0}, Depth);
limit(#{control_char := $P} = Directive, _Depth, true) ->
    Directive#{width := 0};
limit(#{control_char := C} = Directive, Depth, _Single) when C =:= $p; C =:= $w ->
    deeper(Directive, Depth);
limit(Part, _Depth, _Single) ->
    Part.

deeper(Directive, unlimited) ->
    Directive;
deeper(#{control_char := C, args := Args} = Directive, Depth) ->
    Directive#{control_char := C - ($a - $A), args := Args ++ [Depth]}.

%% ---------------------------------------------------------------------
%% max_size: the whole text cut to Size characters, ending in "..." (and
%% in the line break the text ended in, if it did).

cut(B, Msg, A, unlimited) ->
    [B, Msg, A];
cut(B, Msg, A, Size) ->
    Text = [B, Msg, A],
    case io_lib:chars_length(Text) > Size of
        true ->
            LastPart = case {A, Msg} of
                           {[], []} -> B;
                           {[], _} -> Msg;
                           _ -> A
                       end,
            Flat = lists:flatten(Text),
            case last_char(LastPart) of
                $\n -> lists:sublist(Flat, Size - 4) ++ "...\n";
                _ -> lists:sublist(Flat, Size - 3) ++ "..."
            end;
        false ->
            Text
    end.

last_char(Chars) ->
    case lists:reverse(lists:flatten(Chars)) of
        [C | _] when is_integer(C) -> C;
        _ -> none
    end.

%% ---------------------------------------------------------------------
%% Time

format_time(Time, #{time_offset := Offset, time_designator := Designator})
  when is_integer(Time) ->
    calendar:system_time_to_rfc3339(Time, [{unit, microsecond}, {offset, Offset},
                                           {time_designator, Designator}]).

%% legacy_header: the metadata gets #{logger_formatter => #{title,
%% header}} for the template's [logger_formatter, header]; the title is
%% "LEVEL REPORT" (a notice that came through error_logger titled by
%% error_logger_notice_header), unless the event has one.
with_header(Level, #{time := Time} = Meta, #{legacy_header := true} = Config) ->
    Mine = maps:get(?MODULE, Meta, #{}),
    Title = case Mine of
                #{title := T} -> T;
                _ -> string:uppercase(atom_to_list(title_level(Level, Meta, Config)))
                         ++ " REPORT"
            end,
    {{Y, Mo, D}, {H, Mi, S}, Micro, Zone} = header_time(Time, Config),
    Header = io_lib:format("=~ts==== ~w-~s-~4w::~2..0w:~2..0w:~2..0w.~6..0w ~s===",
                           [Title, D, month(Mo), Y, H, Mi, S, Micro, Zone]),
    Meta#{?MODULE => Mine#{title => Title, header => Header}};
with_header(_Level, Meta, _Config) ->
    Meta.

title_level(notice, #{error_logger := _}, Config) -> maps:get(error_logger_notice_header, Config);
title_level(Level, _Meta, _Config) -> Level.

%% Local time, or UTC (and said so) when the offset is UTC's.
header_time(Time, Config) ->
    Universal = calendar:system_time_to_universal_time(Time div 1000000, second),
    {{Date, Clock}, Zone} = case is_utc(maps:get(time_offset, Config)) of
                                true -> {Universal, "UTC "};
                                false -> {calendar:universal_time_to_local_time(Universal), ""}
                            end,
    {Date, Clock, Time rem 1000000, Zone}.

is_utc(0) -> true;
is_utc("Z") -> true;
is_utc("z") -> true;
is_utc([$+ | Offset]) -> read_offset(Offset) =:= {ok, 0, 0};
is_utc(_) -> false.

%% "H:M" read as io_lib:fread("~d:~d", Offset) reads it, with nothing
%% left over: each number after optional white space and sign.
read_offset(Offset) ->
    case read_int(Offset) of
        {H, [$: | Rest]} ->
            case read_int(Rest) of
                {M, []} -> {ok, H, M};
                _ -> error
            end;
        _ ->
            error
    end.

read_int([C | Cs]) when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n -> read_int(Cs);
read_int([$+ | Cs]) -> digits(Cs, 1);
read_int([$- | Cs]) -> digits(Cs, -1);
read_int(Cs) -> digits(Cs, 1).

digits(Cs, Sign) ->
    case lists:splitwith(fun(C) -> is_integer(C) andalso C >= $0 andalso C =< $9 end, Cs) of
        {[], _} -> error;
        {Ds, Rest} -> {Sign * list_to_integer(Ds), Rest}
    end.

month(M) ->
    lists:nth(M, ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                  "Dec"]).

%% ---------------------------------------------------------------------
%% Defaults, as OTP's: the depth is error_logger's format depth (the
%% kernel's error_logger_format_depth), times are universal ("Z") when
%% the utc_log parameter (sasl's, else stdlib's) is true, else local.

with_defaults(Config) ->
    Defaults = #{chars_limit => unlimited, error_logger_notice_header => info,
                 legacy_header => false, single_line => true, time_designator => $T},
    Config1 = maps:merge(Defaults,
                         Config#{max_size => case maps:get(max_size, Config, undefined) of
                                                 undefined -> unlimited;
                                                 Max -> max(10, Max)
                                             end,
                                 depth => case maps:get(depth, Config, undefined) of
                                              undefined -> error_logger:get_format_depth();
                                              Depth -> max(5, Depth)
                                          end,
                                 time_offset => case maps:get(time_offset, Config, undefined) of
                                                    undefined -> default_offset();
                                                    Offset -> Offset
                                                end}),
    case Config1 of
        #{template := _} -> Config1;
        #{legacy_header := true} -> Config1#{template => ?TEMPLATE_HEADER};
        #{single_line := true} -> Config1#{template => ?TEMPLATE_SINGLE};
        _ -> Config1#{template => ?TEMPLATE}
    end.

default_offset() ->
    case utc_log() of
        true -> "Z";
        false -> ""
    end.

%% sasl's utc_log, else stdlib's (a value that is no boolean is none).
utc_log() ->
    case application:get_env(sasl, utc_log) of
        {ok, UTC} when is_boolean(UTC) ->
            UTC;
        _ ->
            case application:get_env(stdlib, utc_log) of
                {ok, UTC} when is_boolean(UTC) -> UTC;
                _ -> false
            end
    end.

%% ---------------------------------------------------------------------
%% check_config/1: ok, or the first option that is not valid.

check_config(Config) when is_map(Config) ->
    case lists:dropwhile(fun valid/1, maps:to_list(Config)) of
        [] -> ok;
        [{template, T} | _] -> {error, {invalid_formatter_template, ?MODULE, T}};
        [Option | _] -> {error, {invalid_formatter_config, ?MODULE, Option}}
    end;
check_config(Config) ->
    {error, {invalid_formatter_config, ?MODULE, Config}}.

valid({Limit, L}) when Limit =:= chars_limit; Limit =:= depth; Limit =:= max_size ->
    L =:= unlimited orelse (is_integer(L) andalso L > 0);
valid({single_line, B}) -> is_boolean(B);
valid({legacy_header, B}) -> is_boolean(B);
valid({error_logger_notice_header, L}) -> L =:= info orelse L =:= notice;
valid({report_cb, F}) -> is_function(F, 1) orelse is_function(F, 2);
valid({template, T}) -> valid_template(T);
valid({time_offset, Offset}) -> valid_offset(Offset);
valid({time_designator, C}) -> is_integer(C) andalso C >= 0 andalso C =< 255
                                   andalso io_lib:printable_latin1_list([C]);
valid(_) -> false.

valid_template([]) ->
    true;
valid_template([Part | Parts]) ->
    valid_part(Part) andalso valid_template(Parts);
valid_template(_) ->
    false.

valid_part(Key) when is_atom(Key) ->
    true;
valid_part([Key | _] = Path) when is_atom(Key) ->
    lists:all(fun erlang:is_atom/1, Path);
valid_part({Key, IfThere, IfNot}) when is_atom(Key); is_list(Key), is_atom(hd(Key)) ->
    valid_template(IfThere) andalso valid_template(IfNot);
valid_part(Text) when is_list(Text) ->
    io_lib:printable_unicode_list(Text);
valid_part(Bin) when is_binary(Bin) ->
    case unicode:characters_to_list(Bin) of
        Text when is_list(Text) -> io_lib:printable_unicode_list(Text);
        _ -> false
    end;
valid_part(_) ->
    false.

valid_offset(Offset) when is_integer(Offset) -> true;
valid_offset(Offset) when Offset =:= ""; Offset =:= "Z"; Offset =:= "z" -> true;
valid_offset([Sign | Rest]) when Sign =:= $+; Sign =:= $- ->
    case catch read_offset(Rest) of
        {ok, _, _} -> true;
        _ -> false
    end;
valid_offset(_) ->
    false.

p(#{single_line := Single}) -> p(Single);
p(true) -> "~0tp";
p(false) -> "~tp".
