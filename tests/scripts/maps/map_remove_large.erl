-module(map_remove_large).
-export([main/0]).

id(X) -> X.

%% Removing keys from maps of more than 32 keys (hash array mapped tries).
%% Besides the pairs and their order, the trie's shape is printed: shape/1
%% walks it through maps:next/1 iterators started at chosen paths (4 bits
%% per level, the child's index in its node), which OTP answers from the
%% trie itself. After a remove, OTP's trie is the one the remaining keys
%% alone give. Keys whose hash depends on the atom table are not used.
probe(P, M) ->
    try maps:next([P | M]) of
        {K, _, _} -> {ok, K}
    catch
        error:badarg -> none
    end.

%% A node is the list of its children; a leaf is its key.
shape(M) when map_size(M) > 32 -> level(M, 0, 0, 0).

level(M, P, L, E) when E < 16 ->
    Pe = P bor (E bsl (4 * L)),
    case probe(Pe, M) of
        none -> [];
        {ok, K} ->
            C = case probe(Pe bor (1 bsl (4 * (L + 1))), M) of
                    {ok, K} -> K;
                    _ -> level(M, Pe, L + 1, 0)
                end,
            [C | level(M, P, L, E + 1)]
    end;
level(_, _, _, _) -> [].

remove_all(Ks, M) -> lists:foldl(fun(K, A) -> maps:remove(K, A) end, M, Ks).

main() ->
    N = id(60),
    M = maps:from_list([{I, I * I} || I <- lists:seq(1, N)]),
    io:format("~w~n", [shape(M)]),
    %% removing one key at a time, from the front
    lists:foldl(fun(I, A) ->
                        A2 = maps:remove(I, A),
                        io:format("~p: ~w~n", [I, maps:keys(A2)]),
                        A2
                end, M, lists:seq(1, 30)),
    %% leaves that were alone in their node move up, whole chains of them
    M24 = remove_all(lists:seq(1, 24), M),
    io:format("~w~n~w~n", [shape(M24), shape(remove_all([28, 40, 51], M24))]),
    %% 32 keys: the small form again, sorted; one more and a trie again
    M28 = remove_all(lists:seq(1, 28), M),
    io:format("~p ~w~n", [map_size(M28), maps:keys(M28)]),
    io:format("~w~n", [maps:keys(M28#{1 => 1})]),
    io:format("~w~n", [maps:to_list(maps:remove(29, M28))]),
    %% the original map is unchanged
    io:format("~p ~p~n", [map_size(M), lists:sum(maps:values(M))]),
    %% absent keys, and keys equal but not exactly (1.0 vs 1)
    io:format("~p ~p~n", [maps:remove(0, M) =:= M, maps:remove(1.0, M) =:= M]),
    io:format("~p~n", [maps:take(1.0, M)]),
    %% take and without
    {V, MT} = maps:take(17, M),
    io:format("~p ~w~n", [V, maps:keys(MT)]),
    MW = maps:without([I || I <- lists:seq(1, N), I rem 3 =/= 0] ++ [a, 1.0], M),
    io:format("~w~n", [maps:to_list(MW)]),
    %% other key types
    MB = maps:from_list([{integer_to_binary(I), I} || I <- lists:seq(1, 80)]),
    MB2 = remove_all([integer_to_binary(I) || I <- lists:seq(1, 80, 2)], MB),
    io:format("~p~n~w~n", [maps:keys(MB2), shape(MB2)]),
    MT2 = maps:from_list([{{I, [I]}, I} || I <- lists:seq(1, 70)]),
    MT3 = remove_all([{I, [I]} || I <- lists:seq(5, 70, 5)], MT2),
    io:format("~w~n~w~n", [maps:values(MT3), shape(MT3)]),
    MF = maps:from_list([{I / 8, I} || I <- lists:seq(1, 50)]),
    MF2 = remove_all([I / 8 || I <- lists:seq(2, 50, 4)], MF),
    io:format("~w~n", [maps:keys(MF2)]),
    %% 351613 and 1206153 hash alike (and 1159085 and 1171162): they part
    %% only deep in the trie, under a second, salted hash.
    MC = maps:from_list([{I, I} || I <- lists:seq(1, 40) ++ [351613, 1206153, 1159085, 1171162]]),
    io:format("~w~n~w~n", [maps:keys(MC), shape(MC)]),
    MC2 = remove_all([351613, 1159085], MC),
    io:format("~w~n~w~n", [maps:keys(MC2), shape(MC2)]),
    MC3 = remove_all([1206153, 1171162], MC2),
    io:format("~p~n", [MC3 =:= maps:from_list([{I, I} || I <- lists:seq(1, 40)])]),
    %% term_to_binary writes the pairs in maps:to_list/1 order
    B = term_to_binary(MC2),
    io:format("~p ~p ~p~n", [byte_size(B), erlang:phash2(B), binary_to_term(B) =:= MC2]),
    io:format("~p~n", [erlang:phash2(term_to_binary(remove_all(lists:seq(1, 20), M)))]),
    %% ~w and ~p print a trie in maps:fold/3 order
    io:format("~w~n", [remove_all(lists:seq(1, 25), M)]),
    ok.
