-module(map_order_types).
-export([main/0]).

id(X) -> X.

%% The order of maps:keys/1, maps:fold/3 and term_to_binary/1 for maps of
%% 33 to 100,000 keys of each kind whose hash does not depend on the atom
%% table. A hash of each sequence is printed (phash2 is the same on every
%% node); for 33 keys the keys themselves.
keys(ints, N) -> lists:seq(1, N);
keys(negative, N) -> [-7 * I || I <- lists:seq(1, N)];
keys(bignums, N) -> [I * 100000000000000000000 || I <- lists:seq(1, N)];
keys(tuples, N) -> [{I, I + 1} || I <- lists:seq(1, N)];
keys(nested, N) -> [{[I, {I}], <<I:16>>, [], {}} || I <- lists:seq(1, N)];
keys(binaries, N) -> [integer_to_binary(I) || I <- lists:seq(1, N)];
keys(bitstrings, N) -> [<<I:(I rem 13 + 1)>> || I <- lists:seq(1, N)];
keys(floats, N) -> [I / 3 || I <- lists:seq(1, N)];
keys(strings, N) -> [integer_to_list(I) || I <- lists:seq(1, N)];
keys(lists, N) -> [[I, I * 1000, 2] || I <- lists:seq(1, N)];
keys(improper, N) -> [[I | I + 1] || I <- lists:seq(1, N)];
keys(maps, N) -> [#{I => [I]} || I <- lists:seq(1, N)];
keys(mixed, N) ->
    [case I rem 4 of 0 -> I; 1 -> {I}; 2 -> <<I:32>>; 3 -> float(I) end || I <- lists:seq(1, N)].

main() ->
    Kinds = [ints, negative, bignums, tuples, nested, binaries, bitstrings, floats, strings,
             lists, improper, maps, mixed],
    lists:foreach(
      fun(Kind) ->
              lists:foreach(
                fun(N) ->
                        M = maps:from_list([{K, 1} || K <- keys(Kind, N)]),
                        Ks = maps:keys(M),
                        Fold = maps:fold(fun(K, _, A) -> [K | A] end, [], M),
                        B = term_to_binary(M),
                        case N of
                            33 -> io:format("~p ~p ~w~n", [Kind, N, Ks]);
                            _ -> ok
                        end,
                        io:format("~p ~p ~p ~p ~p ~p~n",
                                  [Kind, N, erlang:phash2(Ks), Fold =:= Ks,
                                   erlang:phash2(B), binary_to_term(B) =:= M])
                end, [33, 100, id(5000)])
      end, Kinds),
    lists:foreach(
      fun(Kind) ->
              M = maps:from_list([{K, 1} || K <- keys(Kind, id(100000))]),
              io:format("~p ~p ~p~n", [Kind, erlang:phash2(maps:keys(M)), erlang:phash2(term_to_binary(M))])
      end, [ints, tuples, binaries, floats]),
    ok.
