-module(map_functions).
-export([main/0]).

id(X) -> X.

main() ->
    M = id(#{a => 1, b => 2, c => 3}),
    io:format("~p~n", [maps:put(d, 4, M)]),
    io:format("~p~n", [maps:remove(b, M)]),
    io:format("~p~n", [maps:remove(zz, M)]),
    io:format("~p~n", [maps:find(a, M)]),
    io:format("~p~n", [maps:find(zz, M)]),
    io:format("~p~n", [maps:is_key(c, M)]),
    io:format("~p~n", [maps:keys(M)]),
    io:format("~p~n", [maps:values(M)]),
    io:format("~p~n", [maps:to_list(M)]),
    io:format("~p~n", [maps:merge(M, #{c => 30, d => 40})]),
    io:format("~p~n", [maps:map(fun(_K, V) -> V * 10 end, M)]),
    io:format("~p~n", [maps:filter(fun(_K, V) -> V > 1 end, M)]),
    io:format("~p~n", [maps:fold(fun(K, V, Acc) -> [{K, V} | Acc] end, [], M)]),
    io:format("~p~n", [maps:with([a, c, zz], M)]),
    io:format("~p~n", [maps:without([a, zz], M)]),
    io:format("~p~n", [maps:update_with(a, fun(V) -> V + 100 end, M)]),
    io:format("~p~n", [maps:update_with(zz, fun(V) -> V end, 0, M)]),
    io:format("~p~n", [maps:take(b, M)]),
    io:format("~p~n", [maps:take(zz, M)]),
    io:format("~p~n", [maps:size(M)]),
    io:format("~p~n", [maps:new()]),
    io:format("~p~n", [maps:from_keys([x, y], 0)]),
    io:format("~p~n", [maps:filtermap(fun(_, V) when V > 2 -> false; (_, V) when V > 1 -> {true, V * 2}; (_, _) -> true end, M)]),
    io:format("~p~n", [maps:groups_from_list(fun(X) -> X rem 2 end, [1, 2, 3, 4, 5])]),
    io:format("~p~n", [maps:merge_with(fun(_K, V1, V2) -> V1 + V2 end, M, #{a => 5, z => 26})]),
    io:format("~p~n", [maps:intersect(M, #{a => x, c => y, q => z})]),
    I = maps:iterator(M),
    {K1, V1, I2} = maps:next(I),
    {K2, V2, I3} = maps:next(I2),
    {K3, V3, I4} = maps:next(I3),
    io:format("~p ~p~n", [[{K1, V1}, {K2, V2}, {K3, V3}], maps:next(I4)]),
    ok.
