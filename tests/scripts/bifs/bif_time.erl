-module(bif_time).
-export([main/0]).

main() ->
    T1 = erlang:monotonic_time(),
    T2 = erlang:monotonic_time(),
    io:format("~p~n", [is_integer(T1) andalso T2 >= T1]),
    M1 = erlang:monotonic_time(millisecond),
    timer:sleep(30),
    M2 = erlang:monotonic_time(millisecond),
    io:format("~p~n", [M2 - M1 >= 30]),
    io:format("~p~n", [erlang:convert_time_unit(1, second, millisecond)]),
    io:format("~p~n", [erlang:convert_time_unit(1500, millisecond, second)]),
    io:format("~p~n", [erlang:convert_time_unit(1, second, microsecond)]),
    S = erlang:system_time(second),
    io:format("~p~n", [S > 1600000000]),
    {Mega, Sec, Micro} = os:timestamp(),
    io:format("~p~n", [is_integer(Mega) andalso is_integer(Sec) andalso is_integer(Micro)]),
    {Date, Time} = calendar:local_time(),
    io:format("~p~n", [tuple_size(Date) =:= 3 andalso tuple_size(Time) =:= 3]),
    io:format("~p~n", [is_integer(erlang:time_offset())]),
    io:format("~p~n", [calendar:gregorian_days_to_date(738000)]),
    io:format("~p~n", [calendar:day_of_the_week(2024, 2, 29)]),
    io:format("~p~n", [calendar:is_leap_year(2000)]),
    {_, _} = erlang:statistics(runtime),
    {_, _} = erlang:statistics(wall_clock),
    io:format("~p~n", [ok]),
    ok.
