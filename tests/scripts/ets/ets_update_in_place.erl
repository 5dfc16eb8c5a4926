-module(ets_update_in_place).
-export([main/0]).

%% update_counter and update_element on objects that also hold boxed
%% terms (a large binary, a tuple, a list): each update that keeps every
%% element small or an atom may change the stored object in place, one
%% that brings in a bignum or a tuple stores a new copy; lookups see every
%% step, and the other elements stay intact.

main() ->
    Bin = binary:copy(<<"x">>, 100),
    T = ets:new(t, [set]),
    ets:insert(T, {k, 0, Bin, {nested, [1, 2]}, a}),
    show(T, "start"),
    io:format("~p~n", [ets:update_counter(T, k, 5)]),
    show(T, "small"),
    io:format("~p~n", [ets:update_counter(T, k, 1 bsl 62)]),
    show(T, "big"),
    io:format("~p~n", [ets:update_counter(T, k, {2, -(1 bsl 62), 10, 7})]),
    show(T, "back"),
    io:format("~p~n", [ets:update_counter(T, k, [{2, 1}, {2, 1}])]),
    show(T, "twice"),
    io:format("~p~n", [ets:update_element(T, k, {5, b})]),
    show(T, "atom"),
    io:format("~p~n", [ets:update_element(T, k, [{5, {c, "text"}}, {2, 3}])]),
    show(T, "tuple"),
    io:format("~p~n", [ets:update_element(T, k, {5, d})]),
    show(T, "atom again"),
    io:format("~p~n", [ets:update_element(T, k, {3, <<"short">>})]),
    show(T, "binary"),
    O = ets:new(o, [ordered_set]),
    [ets:insert(O, {I, 0}) || I <- lists:seq(1, 100)],
    [ets:update_counter(O, I rem 100 + 1, I) || I <- lists:seq(1, 1000)],
    io:format("ordered: ~p~n", [lists:sum([C || {_, C} <- ets:tab2list(O)])]),
    ets:update_counter(O, 1, {2, 1}, {1, 0}),
    io:format("first: ~p~n", [ets:lookup(O, 1)]),
    ok.

show(T, What) ->
    [{k, C, B, N, E}] = ets:lookup(T, k),
    io:format("~s: ~p ~p ~p ~p~n", [What, C, byte_size(B), N, E]).
