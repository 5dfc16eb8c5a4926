-module(map_large_order).
-export([main/0]).

id(X) -> X.

%% Maps with more than 32 keys are hash array mapped tries: iteration order
%% follows the key hashes, not term order. Only keys whose hash does not
%% depend on the VM's atom table (BEAM hashes atoms by their index) are used:
%% integers, floats, strings, binaries and tuples of those.
main() ->
    M40 = maps:from_list([{I, I * I} || I <- lists:seq(1, id(40))]),
    io:format("~w~n", [maps:keys(M40)]),
    io:format("~w~n", [maps:to_list(M40)]),
    MB = maps:from_list([{<<"k", (integer_to_binary(I))/binary>>, I} || I <- lists:seq(1, id(50))]),
    io:format("~p~n", [maps:keys(MB)]),
    MF = maps:from_list([{I / 4, I} || I <- lists:seq(1, id(36))]),
    io:format("~w~n", [maps:keys(MF)]),
    MS = maps:from_list([{integer_to_list(I), I} || I <- lists:seq(1, id(35))]),
    io:format("~p~n", [maps:values(MS)]),
    %% 32 keys or fewer: sorted
    M32 = maps:from_list([{I, x} || I <- lists:reverse(lists:seq(1, id(32)))]),
    io:format("~w~n", [maps:keys(M32)]),
    %% growing past 32 by updates gives the same order as from_list
    M33 = M32#{33 => x},
    io:format("~w~n", [maps:keys(M33)]),
    %% ~w of a large map prints its pairs in the order io_lib gets them (as erl does)
    io:format("~w~n", [M40]),
    io:format("~p~n", [maps:fold(fun(K, V, Acc) -> [{K, V} | Acc] end, [], maps:from_list([{I, I} || I <- lists:seq(1, 34)]))]),
    io:format("~p~n", [maps:keys(maps:from_list([{{I, [I]}, I} || I <- lists:seq(1, 33)]))]),
    ok.
