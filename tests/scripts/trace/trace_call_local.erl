%% Call trace of local and global patterns to a tracer process: which
%% calls each kind reports, trace_info of a traced function, clearing.
-module(trace_call_local).
-export([main/0, f/1, g/2]).

main() ->
    T = spawn(fun collector/0),
    run(T, local),
    run(T, global),
    T ! stop,
    ok.

run(T, Kind) ->
    P = spawn(fun() -> receive go -> f(3), ?MODULE:f(1), g(1, 2), catch g(0, x), ok end end),
    1 = erlang:trace(P, true, [call, {tracer, T}]),
    io:format("~p matched ~p~n", [Kind, erlang:trace_pattern({?MODULE, '_', '_'}, true, [Kind])]),
    io:format("~p~n", [erlang:trace_info({?MODULE, f, 1}, all)]),
    io:format("~p~n", [erlang:trace_info({?MODULE, f, 1}, traced)]),
    io:format("~p~n", [erlang:trace_info(P, flags)]),
    Ref = monitor(process, P),
    P ! go,
    receive {'DOWN', Ref, _, _, _} -> ok end,
    T ! {dump, self()},
    receive {msgs, L} -> [io:format("~p~n", [X]) || X <- L] end,
    io:format("cleared ~p~n", [erlang:trace_pattern({?MODULE, '_', '_'}, false, [Kind])]),
    io:format("~p~n", [erlang:trace_info({?MODULE, f, 1}, all)]).

f(0) -> 0;
f(N) -> f(N - 1) + 1.

g(A, B) -> A + B.

collector() -> collector([]).
collector(Acc) ->
    receive
        {dump, To} -> To ! {msgs, lists:reverse(Acc)}, collector([]);
        stop -> ok;
        M -> collector([M | Acc])
    end.
