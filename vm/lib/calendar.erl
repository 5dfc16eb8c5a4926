%% calendar: dates and times (proleptic Gregorian), OTP 25's API, results
%% and exceptions.  With no time zone BIFs, local <-> universal conversions
%% use today's offset between erlang:localtime/0 and universaltime/0 (so a
%% DST change between now and the date is not seen).
-module(calendar).

-export([date_to_gregorian_days/1, date_to_gregorian_days/3,
         datetime_to_gregorian_seconds/1, day_of_the_week/1,
         day_of_the_week/3, gregorian_days_to_date/1,
         gregorian_seconds_to_datetime/1, is_leap_year/1, iso_week_number/0,
         iso_week_number/1, last_day_of_the_month/2, local_time/0,
         local_time_to_universal_time/1, local_time_to_universal_time/2,
         local_time_to_universal_time_dst/1, now_to_datetime/1,
         now_to_local_time/1, now_to_universal_time/1,
         rfc3339_to_system_time/1, rfc3339_to_system_time/2,
         seconds_to_daystime/1, seconds_to_time/1,
         system_time_to_local_time/2, system_time_to_rfc3339/1,
         system_time_to_rfc3339/2, system_time_to_universal_time/2,
         time_difference/2, time_to_seconds/1, universal_time/0,
         universal_time_to_local_time/1, valid_date/1, valid_date/3]).

-define(DAY, 86400).
-define(DAYS_0_TO_1970, 719528).
-define(SECS_0_TO_1970, (?DAYS_0_TO_1970 * ?DAY)).
-define(SECS_0_TO_10000, (2932897 * ?DAY)).

%% ---------------------------------------------------------------------
%% Days

is_leap_year(Y) when is_integer(Y), Y >= 0 -> leap(Y).

leap(Y) when Y rem 4 =:= 0, Y rem 100 > 0 -> true;
leap(Y) when Y rem 400 =:= 0 -> true;
leap(_) -> false.

last_day_of_the_month(Y, M) when is_integer(Y), Y >= 0 -> month_days(Y, M).

month_days(_, 4) -> 30;
month_days(_, 6) -> 30;
month_days(_, 9) -> 30;
month_days(_, 11) -> 30;
month_days(Y, 2) ->
    case is_leap_year(Y) of
        true -> 29;
        _ -> 28
    end;
month_days(_, M) when is_integer(M), M > 0, M < 13 -> 31.

valid_date({Y, M, D}) -> valid_date(Y, M, D).

valid_date(Y, M, D) when is_integer(Y), is_integer(M), is_integer(D) ->
    if
        Y >= 0, M > 0, M < 13, D > 0 -> D =< last_day_of_the_month(Y, M);
        true -> false
    end.

%% Days before year Y (year 0 is a leap year).
days_before(Y) when Y =< 0 -> 0;
days_before(Y) ->
    P = Y - 1,
    P div 4 - P div 100 + P div 400 + P * 365 + 366.

%% Days before month M of a common year.
days_before_month(M) -> element(M, {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}).

date_to_gregorian_days({Y, M, D}) -> date_to_gregorian_days(Y, M, D).

date_to_gregorian_days(Y, M, D) when is_integer(D), D > 0 ->
    Last = last_day_of_the_month(Y, M),
    if
        D =< Last -> days_before(Y) + days_before_month(M) + leap_shift(Y, M) + D - 1
    end.

leap_shift(_, M) when M < 3 -> 0;
leap_shift(Y, _) ->
    case is_leap_year(Y) of
        true -> 1;
        false -> 0
    end.

gregorian_days_to_date(Days) ->
    Y = year_of(Days),
    {M, D} = month_and_day(leap_shift(Y, 3), Days - days_before(Y)),
    {Y, M, D}.

%% The year holding day N (N >= 0): estimated, then corrected.
year_of(N) when N >= 0 -> fit_year(N * 400 div 146097, N).

fit_year(Y, N) ->
    case days_before(Y + 1) =< N of
        true -> fit_year(Y + 1, N);
        false ->
            case days_before(Y) > N of
                true -> fit_year(Y - 1, N);
                false -> Y
            end
    end.

%% Month and day of month of day N (0-based) of a year; Extra is 1 in a
%% leap year.
month_and_day(_, N) when N < 31 -> {1, N + 1};
month_and_day(Extra, N) when N < 59 + Extra -> {2, N - 30};
month_and_day(Extra, N) -> later_month(12, N - Extra).

later_month(M, N) ->
    case days_before_month(M) of
        Before when N >= Before -> {M, N - Before + 1};
        _ -> later_month(M - 1, N)
    end.

day_of_the_week({Y, M, D}) -> day_of_the_week(Y, M, D).

%% 1 is Monday.
day_of_the_week(Y, M, D) -> (date_to_gregorian_days(Y, M, D) + 5) rem 7 + 1.

iso_week_number() ->
    {Date, _} = local_time(),
    iso_week_number(Date).

iso_week_number({Y, M, D}) ->
    N = date_to_gregorian_days({Y, M, D}),
    Start = week1_monday(Y),
    Next = week1_monday(Y + 1),
    if
        Start =< N andalso N < Next -> {Y, (N - Start) div 7 + 1};
        N < Start -> {Y - 1, weeks_in(Y - 1)};
        Next =< N -> {Y + 1, 1}
    end.

%% A year has 53 weeks when it starts or ends on a Thursday.
weeks_in(Y) ->
    case day_of_the_week(Y, 1, 1) of
        4 -> 53;
        _ ->
            case day_of_the_week(Y, 12, 31) of
                4 -> 53;
                _ -> 52
            end
    end.

%% The day number of the Monday of ISO week 1 of year Y.
week1_monday(Y) ->
    Jan1 = date_to_gregorian_days(Y, 1, 1),
    Dow = day_of_the_week(Y, 1, 1),
    if
        Dow =< 4 -> Jan1 - Dow + 1;
        true -> Jan1 + 7 - Dow + 1
    end.

%% ---------------------------------------------------------------------
%% Seconds

time_to_seconds({H, M, S}) when is_integer(H), is_integer(M), is_integer(S) ->
    H * 3600 + M * 60 + S.

seconds_to_time(Secs) when Secs >= 0, Secs < ?DAY ->
    S = Secs rem ?DAY,
    {S div 3600, S rem 3600 div 60, S rem 60}.

seconds_to_daystime(Secs) ->
    Days = Secs div ?DAY,
    case Secs rem ?DAY of
        S when S < 0 -> {Days - 1, seconds_to_time(S + ?DAY)};
        S -> {Days, seconds_to_time(S)}
    end.

datetime_to_gregorian_seconds({Date, Time}) ->
    ?DAY * date_to_gregorian_days(Date) + time_to_seconds(Time).

gregorian_seconds_to_datetime(Secs) when Secs >= 0 ->
    Days = Secs div ?DAY,
    {gregorian_days_to_date(Days), seconds_to_time(Secs rem ?DAY)}.

time_difference({{Y1, Mo1, D1}, {H1, Mi1, S1}}, {{Y2, Mo2, D2}, {H2, Mi2, S2}}) ->
    seconds_to_daystime(datetime_to_gregorian_seconds({{Y2, Mo2, D2}, {H2, Mi2, S2}})
                        - datetime_to_gregorian_seconds({{Y1, Mo1, D1}, {H1, Mi1, S1}})).

%% ---------------------------------------------------------------------
%% Now, local and universal time

local_time() -> erlang:localtime().

universal_time() -> erlang:universaltime().

now_to_datetime({Mega, Secs, _}) -> from_system_seconds(Mega * 1000000 + Secs).

now_to_universal_time(Now) -> now_to_datetime(Now).

now_to_local_time({Mega, Secs, Micro}) ->
    universal_time_to_local_time(now_to_universal_time({Mega, Secs, Micro})).

system_time_to_universal_time(Time, Unit) ->
    from_system_seconds(erlang:convert_time_unit(Time, Unit, second)).

system_time_to_local_time(Time, Unit) ->
    universal_time_to_local_time(system_time_to_universal_time(Time, Unit)).

from_system_seconds(Secs) -> gregorian_seconds_to_datetime(Secs + ?SECS_0_TO_1970).

to_system_seconds(DateTime) -> datetime_to_gregorian_seconds(DateTime) - ?SECS_0_TO_1970.

universal_time_to_local_time(DateTime) ->
    check_datetime(DateTime),
    shift(DateTime, zone_offset()).

local_time_to_universal_time(DateTime) -> local_time_to_universal_time(DateTime, undefined).

%% With IsDst = true the time is taken as daylight saving time, one hour
%% ahead of the zone's offset (what C's mktime does where there is none).
local_time_to_universal_time(DateTime, IsDst) ->
    check_datetime(DateTime),
    Dst = case IsDst of
              true -> 3600;
              false -> 0;
              undefined -> 0;
              _ -> erlang:error(badarg, [DateTime, IsDst])
          end,
    shift(DateTime, -zone_offset() - Dst).

local_time_to_universal_time_dst(DateTime) ->
    UtDst = local_time_to_universal_time(DateTime, true),
    Ut = local_time_to_universal_time(DateTime, false),
    LtDst = universal_time_to_local_time(UtDst),
    Lt = universal_time_to_local_time(Ut),
    case {LtDst, Lt} of
        {DateTime, DateTime} when UtDst =/= Ut -> [UtDst, Ut];
        {DateTime, _} -> [UtDst];
        {_, DateTime} -> [Ut];
        {_, _} -> []
    end.

shift(DateTime, 0) -> DateTime;
shift(DateTime, Secs) ->
    gregorian_seconds_to_datetime(datetime_to_gregorian_seconds(DateTime) + Secs).

%% Seconds local time is ahead of universal time, read from one instant.
zone_offset() ->
    U = erlang:universaltime(),
    L = erlang:localtime(),
    case erlang:universaltime() of
        U -> datetime_to_gregorian_seconds(L) - datetime_to_gregorian_seconds(U);
        _ -> zone_offset()
    end.

%% What the time zone BIFs accept: years 1902 to 2147483646.
check_datetime({{Y, Mo, D}, {H, Mi, S}} = DT)
  when is_integer(Y), Y >= 1902, Y =< 2147483646, is_integer(Mo), is_integer(D),
       is_integer(H), H >= 0, H < 24, is_integer(Mi), Mi >= 0, Mi < 60,
       is_integer(S), S >= 0, S < 60 ->
    case valid_date(Y, Mo, D) of
        true -> ok;
        false -> erlang:error(badarg, [DT])
    end;
check_datetime(DT) -> erlang:error(badarg, [DT]).

%% ---------------------------------------------------------------------
%% RFC 3339

system_time_to_rfc3339(Time) -> system_time_to_rfc3339(Time, []).

system_time_to_rfc3339(Time, Options) ->
    Unit = proplists:get_value(unit, Options, second),
    Offset0 = proplists:get_value(offset, Options, ""),
    case Unit of
        native ->
            Offset = if
                         is_integer(Offset0) ->
                             erlang:convert_time_unit(Offset0, native, millisecond);
                         true -> Offset0
                     end,
            to_rfc3339(erlang:convert_time_unit(Time, native, millisecond), Options,
                       millisecond, Offset);
        _ ->
            to_rfc3339(Time, Options, Unit, Offset0)
    end.

to_rfc3339(Time, Options, Unit, OffsetOpt) ->
    T = proplists:get_value(time_designator, Options, $T),
    AdjSecs = offset_seconds(Time, Unit, OffsetOpt),
    OffsetStr = offset_text(OffsetOpt, AdjSecs),
    Adjusted = Time + erlang:convert_time_unit(AdjSecs, second, Unit),
    Factor = factor(Unit),
    Secs = Adjusted div Factor,
    check_range(Time, Options, Secs),
    {{Y, Mo, D}, {H, Mi, S}} = from_system_seconds(Secs),
    lists:append([pad(4, Y), "-", pad(2, Mo), "-", pad(2, D), [T], pad(2, H), ":",
                  pad(2, Mi), ":", pad(2, S), fraction_text(Factor, Adjusted), OffsetStr]).

offset_seconds(Time, Unit, "") ->
    Ut = system_time_to_universal_time(Time, Unit),
    Lt = universal_time_to_local_time(Ut),
    datetime_to_gregorian_seconds(Lt) - datetime_to_gregorian_seconds(Ut);
offset_seconds(_, _, Str) when is_list(Str) -> parse_offset(Str);
offset_seconds(_, Unit, Offset) when is_integer(Offset) ->
    erlang:convert_time_unit(Offset, Unit, second).

offset_text(Opt, Secs0) when Opt =:= ""; is_integer(Opt) ->
    Sign = if
               Secs0 < 0 -> $-;
               true -> $+
           end,
    Secs = abs(Secs0),
    [Sign | pad(2, Secs div 3600) ++ ":" ++ pad(2, Secs rem 3600 div 60)];
offset_text(Opt, _) -> Opt.

%% "Z", "z", "+HH", "-HH", "+HH:MM" or "-HH:MM" in seconds.
parse_offset("Z") -> 0;
parse_offset("z") -> 0;
parse_offset(Str) ->
    [Sign, H1, H2 | Rest] = Str,
    H = list_to_integer([H1, H2]),
    M = case Rest of
            [$:, M1, M2] -> list_to_integer([M1, M2]);
            [] -> 0
        end,
    Secs = 3600 * H + 60 * M,
    case Sign of
        $- -> -Secs;
        $+ -> Secs
    end.

fraction_text(1, _) -> "";
fraction_text(Factor, Time) ->
    Digits = integer_to_list(abs(Time rem Factor)),
    [$. | lists:duplicate(digits(Factor) - length(Digits), $0) ++ Digits].

digits(1000) -> 3;
digits(1000000) -> 6;
digits(1000000000) -> 9.

factor(second) -> 1;
factor(millisecond) -> 1000;
factor(microsecond) -> 1000000;
factor(nanosecond) -> 1000000000;
factor(native) -> erlang:convert_time_unit(1, second, native).

%% Zero-padded to 2 or 4 digits.
pad(2, N) when N < 10 -> [$0 | integer_to_list(N)];
pad(4, N) when N < 10 -> [$0, $0, $0 | integer_to_list(N)];
pad(4, N) when N < 100 -> [$0, $0 | integer_to_list(N)];
pad(4, N) when N < 1000 -> [$0 | integer_to_list(N)];
pad(_, N) -> integer_to_list(N).

check_range(_, _, Secs) when Secs >= -?SECS_0_TO_1970, Secs < ?SECS_0_TO_10000 -> ok;
check_range(Arg, Options, _) -> erlang:error({badarg, [Arg, Options]}).

rfc3339_to_system_time(Str) -> rfc3339_to_system_time(Str, []).

rfc3339_to_system_time(Str, Options) ->
    Unit = proplists:get_value(unit, Options, second),
    [Y1, Y2, Y3, Y4, $-, Mo1, Mo2, $-, D1, D2, _, H1, H2, $:, Mi1, Mi2, $:, S1, S2 | Rest] = Str,
    H = list_to_integer([H1, H2]),
    Mi = list_to_integer([Mi1, Mi2]),
    S = list_to_integer([S1, S2]),
    Y = list_to_integer([Y1, Y2, Y3, Y4]),
    Mo = list_to_integer([Mo1, Mo2]),
    D = list_to_integer([D1, D2]),
    {Frac, Zone} = lists:splitwith(fun(C) -> C >= $0 andalso C =< $9 orelse C =:= $. end, Rest),
    Time = to_system_seconds({{Y, Mo, D}, {H, Mi, S}}),
    Secs = Time - parse_offset(Zone),
    check_range(Str, Options, Secs),
    Scaled = erlang:convert_time_unit(Secs, second, Unit),
    F = fraction(Unit, Frac),
    Scaled + if
                 Scaled < 0 -> -F;
                 true -> F
             end.

fraction(second, _) -> 0;
fraction(_, "") -> 0;
fraction(Unit, Digits) -> round(factor(Unit) * list_to_float([$0 | Digits])).
