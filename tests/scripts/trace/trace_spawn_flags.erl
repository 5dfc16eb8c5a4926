%% set_on_spawn and set_on_first_spawn, new processes, and the procs
%% events spawn and spawned.
-module(trace_spawn_flags).
-export([main/0, child/0]).

child() -> receive _ -> ok end.

main() ->
    T = spawn(fun collector/0),
    P = spawn(fun() -> receive go -> ok end, C1 = spawn(?MODULE, child, []), C2 = spawn(?MODULE, child, []), receive {report, To} -> To ! {children, C1, C2} end end),
    1 = erlang:trace(P, true, [procs, set_on_first_spawn, {tracer, T}]),
    P ! go,
    P ! {report, self()},
    receive {children, C1, C2} -> ok end,
    io:format("parent ~p~n", [erlang:trace_info(P, flags)]),
    io:format("first ~p~n", [erlang:trace_info(C1, flags)]),
    io:format("second ~p~n", [erlang:trace_info(C2, flags)]),
    Q = spawn(fun() -> receive go -> ok end, D = spawn(?MODULE, child, []), receive {report, To} -> To ! {child, D} end end),
    1 = erlang:trace(Q, true, [procs, set_on_spawn, {tracer, T}]),
    Q ! go,
    Q ! {report, self()},
    receive {child, D} -> ok end,
    io:format("sos child ~p~n", [erlang:trace_info(D, flags)]),
    0 = erlang:trace(new, true, [procs, {tracer, T}]),
    N = spawn(?MODULE, child, []),
    io:format("new ~p~n", [erlang:trace_info(N, flags)]),
    0 = erlang:trace(new, false, [procs]),
    N2 = spawn(?MODULE, child, []),
    io:format("after ~p~n", [erlang:trace_info(N2, flags)]),
    T ! {dump, self()},
    receive {msgs, L} -> [io:format("~p~n", [X]) || X <- L] end,
    ok.

collector() -> collector([]).
collector(Acc) ->
    receive
        {dump, To} -> To ! {msgs, lists:reverse(Acc)}, collector([]);
        M -> collector([M | Acc])
    end.
