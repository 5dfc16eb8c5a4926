-module(halt_options).
-export([main/0]).

%% halt/2's options: {flush, boolean()} only (OTP 25), badarg otherwise;
%% (halt(S, [{flush, false}]) is tested in tests/diff/tlog: erl loses the
%% output written before it)
main() ->
    io:format("~p~n", [reason(fun() -> halt(0, [bogus]) end)]),
    io:format("~p~n", [reason(fun() -> halt(0, [{flush, maybe}]) end)]),
    io:format("~p~n", [reason(fun() -> halt(0, [{flush, true} | improper]) end)]),
    io:format("~p~n", [reason(fun() -> halt(0, not_a_list) end)]),
    %% statuses halt/1 refuses: a negative integer, a list that is no string
    io:format("~p~n", [reason(fun() -> halt(-1) end)]),
    io:format("~p~n", [reason(fun() -> halt([a]) end)]),
    io:format("~p~n", [reason(fun() -> halt([55296]) end)]),
    io:format("~p~n", [reason(fun() -> halt(<<"x">>) end)]),
    io:format("still running~n"),
    halt(7, [{flush, true}]).

reason(F) ->
    try F() catch error:R -> R end.
