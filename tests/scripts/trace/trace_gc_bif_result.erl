%% A BIF that returns a large result (lists:reverse/2 of a 10,000-element
%% list) while the young heap is small: OTP collects as the BIF returns,
%% with the result live, so the heap grows to hold it and stays grown. A
%% VM that collects only at the caller's next entry finds the result dead
%% there, shrinks the heap back and grows it again every round: hundreds
%% of major collections where erl makes a handful. The counts differ
%% between VMs; their order of magnitude is what is checked.
-module(trace_gc_bif_result).
-export([main/0]).

rounds(0, Acc) -> Acc;
rounds(N, Acc) ->
    L = lists:reverse(lists:seq(1, 10000)),
    rounds(N - 1, Acc + hd(L)).

count(Minor, Major) ->
    receive
        {trace, _, gc_minor_start, _} -> count(Minor + 1, Major);
        {trace, _, gc_major_start, _} -> count(Minor, Major + 1);
        {trace, _, _, _} -> count(Minor, Major);
        {done, Sum} -> {Sum, Minor, Major}
    end.

main() ->
    Self = self(),
    P = spawn(fun() -> receive go -> ok end, Self ! {done, rounds(100, 0)} end),
    erlang:trace(P, true, [garbage_collection]),
    P ! go,
    {Sum, Minor, Major} = count(0, 0),
    io:format("sum ~p~n", [Sum]),
    io:format("minor collections under 300: ~p~n", [Minor < 300]),
    io:format("major collections under 20: ~p~n", [Major < 20]).
