-module(trace_seq_token).
-export([main/0]).

%% seq_trace's token in one process: components set and read, their
%% defaults with no token, bad keys and values, set_token/1 with a token,
%% print's answers, the system tracer setting and reset_trace. No message
%% passes while a token is set, and nothing is printed until the token is
%% gone (erl's io passes the token on to the group leader).
main() ->
    Results = [
        t(fun() -> seq_trace:get_token() end),
        t(fun() -> seq_trace:get_token(label) end),
        t(fun() -> seq_trace:get_token(serial) end),
        t(fun() -> seq_trace:get_token(send) end),
        t(fun() -> seq_trace:get_token(foo) end),
        t(fun() -> erlang:seq_trace_info(sequential_trace_token) end),
        t(fun() -> seq_trace:print(x) end),
        t(fun() -> erlang:seq_trace_print(x) end),
        t(fun() -> erlang:seq_trace_print(0, x) end),
        t(fun() -> seq_trace:set_token(serial, {3, 4}) end),
        tok(),
        t(fun() -> seq_trace:set_token([]) end),
        t(fun() -> seq_trace:set_token(send, true) end),
        tok(),
        t(fun() -> seq_trace:set_token(send, 1) end),
        t(fun() -> seq_trace:set_token(foo, true) end),
        t(fun() -> seq_trace:set_token(serial, {a, 1}) end),
        t(fun() -> seq_trace:set_token(serial, {1, 2, 3}) end),
        t(fun() -> seq_trace:set_token(serial, {-1, 1}) end),
        t(fun() -> seq_trace:set_token(label, foo) end),
        t(fun() -> seq_trace:get_token(label) end),
        t(fun() -> seq_trace:set_token(label, {a, [1, 2]}) end),
        t(fun() -> seq_trace:set_token(timestamp, true) end),
        t(fun() -> seq_trace:set_token(monotonic_timestamp, true) end),
        t(fun() -> seq_trace:set_token(strict_monotonic_timestamp, true) end),
        t(fun() -> seq_trace:get_token(strict_monotonic_timestamp) end),
        tok(),
        t(fun() -> seq_trace:set_token(sequential_trace_token, {1, 2, 3, 4, 5}) end),
        t(fun() -> seq_trace:set_token(sequential_trace_token, []) end),
        t(fun() -> seq_trace:set_token({7, lbl, 10, self(), 9}) end),
        tok(),
        t(fun() -> seq_trace:get_token(serial) end),
        t(fun() -> seq_trace:set_token({bad}) end),
        t(fun() -> seq_trace:print(x) end),
        t(fun() -> seq_trace:print(lbl, x) end),
        t(fun() -> erlang:seq_trace_print(lbl, x) end),
        t(fun() -> erlang:seq_trace_print(other, x) end),
        t(fun() -> erlang:seq_trace_print(x) end),
        t(fun() -> seq_trace:get_system_tracer() end),
        t(fun() -> seq_trace:set_system_tracer(foo) end),
        t(fun() -> seq_trace:set_system_tracer(self()) =:= false end),
        t(fun() -> seq_trace:get_system_tracer() =:= self() end),
        t(fun() -> seq_trace:set_system_tracer(false) =:= self() end),
        t(fun() -> erlang:system_info(sequential_tracer) end),
        t(fun() -> erlang:system_flag(reset_seq_trace, false) end), % any value
        t(fun() -> seq_trace:reset_trace() end),
        tok(),
        t(fun() -> erlang:seq_trace(label, 3) end),
        tok(),
        t(fun() -> erlang:seq_trace(sequential_trace_token, []) end),
        t(fun() -> seq_trace:set_token(serial, {5, 2}) end),
        tok(),
        t(fun() -> process_info(self(), sequential_trace_token) end)
    ],
    seq_trace:set_token([]),
    %% a process that is its own tracer gets no events of its own prints
    receive Unexpected -> io:format("unexpected ~p~n", [Unexpected]) after 0 -> ok end,
    [io:format("~p~n", [R]) || R <- Results],
    ok.

t(F) ->
    try F() of V -> {ok, V} catch C:R -> {C, R} end.

%% the token with this process's pid as 'self'
tok() ->
    case seq_trace:get_token() of
        [] -> [];
        T -> setelement(4, T, case element(4, T) =:= self() of true -> self; false -> other end)
    end.
