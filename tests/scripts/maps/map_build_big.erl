-module(map_build_big).
-export([main/0]).

id(X) -> X.

main() ->
    N = id(20000),
    M = lists:foldl(fun(I, Acc) -> Acc#{I => I * 2} end, #{}, lists:seq(1, N)),
    io:format("~p~n", [map_size(M)]),
    io:format("~p~n", [lists:sum(maps:values(M))]),
    io:format("~p~n", [[maps:get(K, M) || K <- [1, 777, 20000]]]),
    M2 = maps:filter(fun(K, _) -> K rem 1000 =:= 0 end, M),
    io:format("~p~n", [lists:sort(maps:to_list(M2))]),
    M3 = lists:foldl(fun(I, Acc) -> maps:remove(I, Acc) end, M, lists:seq(1, N - 3)),
    io:format("~p~n", [M3]),
    io:format("~p~n", [erlang:phash2(M) =:= erlang:phash2(maps:from_list(lists:reverse(maps:to_list(M))))]),
    ok.
