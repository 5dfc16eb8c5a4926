-module(stdlib_misc_modules).
-export([main/0]).

main() ->
    %% orddict / ordsets / sets / gb_trees / queue / dict: results printed in a canonical form
    D = orddict:store(b, 2, orddict:store(a, 1, orddict:new())),
    io:format("~p~n", [D]),
    io:format("~p~n", [orddict:fetch(a, D)]),
    io:format("~p~n", [orddict:update_counter(a, 5, D)]),
    S = ordsets:from_list([c, a, b, a]),
    io:format("~p~n", [S]),
    io:format("~p~n", [ordsets:union(S, [a, d])]),
    io:format("~p~n", [ordsets:intersection(S, [b, c, z])]),
    io:format("~p~n", [ordsets:subtract(S, [a])]),
    Set = sets:from_list([3, 1, 2, 3]),
    io:format("~p ~p~n", [sets:size(Set), lists:sort(sets:to_list(Set))]),
    io:format("~p~n", [sets:is_element(2, Set)]),
    T = lists:foldl(fun(K, Acc) -> gb_trees:insert(K, K * K, Acc) end, gb_trees:empty(), [5, 3, 8, 1]),
    io:format("~p~n", [gb_trees:to_list(T)]),
    io:format("~p~n", [gb_trees:lookup(3, T)]),
    io:format("~p ~p~n", [gb_trees:smallest(T), gb_trees:largest(T)]),
    Q = queue:in(c, queue:in(b, queue:in(a, queue:new()))),
    {{value, First}, Q2} = queue:out(Q),
    io:format("~p ~p ~p~n", [First, queue:to_list(Q2), queue:len(Q)]),
    io:format("~p~n", [queue:to_list(queue:reverse(Q))]),
    Dict = dict:from_list([{x, 1}, {y, 2}]),
    io:format("~p~n", [lists:sort(dict:to_list(dict:store(z, 3, Dict)))]),
    io:format("~p~n", [dict:find(x, Dict)]),
    Arr = array:from_list([a, b, c]),
    io:format("~p ~p~n", [array:get(1, Arr), array:size(Arr)]),
    io:format("~p~n", [array:to_list(array:set(5, z, Arr))]),
    ok.
