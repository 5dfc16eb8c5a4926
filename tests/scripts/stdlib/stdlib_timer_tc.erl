-module(stdlib_timer_tc).
-export([main/0, work/1]).

work(N) -> lists:sum(lists:seq(1, N)).

shape({T, V}) when is_integer(T), T >= 0 -> {time_us, V};
shape(Other) -> {unexpected, Other}.

main() ->
    io:format("~p~n", [shape(timer:tc(fun() -> work(1000) end))]),
    io:format("~p~n", [shape(timer:tc(?MODULE, work, [100]))]),
    io:format("~p~n", [shape(timer:tc(fun work/1, [10]))]),
    {T, ok} = timer:tc(fun() -> timer:sleep(20) end),
    io:format("~p~n", [T >= 20000]),
    io:format("~p~n", [timer:sleep(1)]),
    io:format("~p ~p ~p ~p~n", [timer:seconds(2), timer:minutes(1), timer:hours(1), timer:hms(1, 1, 1)]),
    ok.
