-module(map_remove_many).
-export([main/0]).

id(X) -> X.

%% Many removes from large maps: each is a path copy in the trie, so
%% 100,000 of them take well under a second.
main() ->
    N = id(100000),
    M = maps:from_list([{I, -I} || I <- lists:seq(1, N)]),
    %% a permutation of 1..N: I * 7919 rem N is one for prime 7919
    Order = [(I * 7919) rem N + 1 || I <- lists:seq(0, N - 1)],
    {Ms, _} = lists:foldl(fun(K, {Acc, A}) ->
                                  A2 = maps:remove(K, A),
                                  case map_size(A2) rem 20000 of
                                      0 -> {[A2 | Acc], A2};
                                      _ -> {Acc, A2}
                                  end
                          end, {[], M}, Order),
    io:format("~w~n", [[{map_size(X), lists:sum(maps:values(X))} || X <- Ms]]),
    io:format("~p ~p~n", [map_size(M), lists:sum(maps:keys(M))]),
    %% take: every value comes back
    {Sum, Left} = lists:foldl(fun(K, {S, A}) -> {V, A2} = maps:take(K, A), {S + V, A2} end,
                              {0, M}, lists:seq(1, N, 2)),
    io:format("~p ~p ~p~n", [Sum, map_size(Left), lists:sum(maps:keys(Left))]),
    %% without, then the last 40 keys in trie order
    W = maps:without(lists:seq(41, N), M),
    io:format("~w~n", [maps:keys(W)]),
    %% a string-keyed map emptied by removes and refilled by puts
    S = maps:from_list([{integer_to_list(I), I} || I <- lists:seq(1, 20000)]),
    S2 = lists:foldl(fun(I, A) -> maps:remove(integer_to_list(I), A) end, S, lists:seq(1, 19950)),
    io:format("~w~n", [maps:to_list(S2)]),
    S3 = lists:foldl(fun(I, A) -> A#{integer_to_list(I) => I} end, S2, lists:seq(1, 19950)),
    io:format("~p ~p~n", [S3 =:= S, maps:keys(S3) =:= maps:keys(S)]),
    ok.
