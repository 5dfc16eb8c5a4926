-module(bin_construct_int).
-export([main/0]).

id(X) -> X.

main() ->
    X = id(16#12345678),
    io:format("~w~n", [<<X:32>>]),
    io:format("~w~n", [<<X:32/little>>]),
    io:format("~w~n", [<<X:32/big>>]),
    io:format("~w~n", [<<X:16>>]),
    io:format("~w~n", [<<X:12>>]),
    io:format("~w~n", [<<X:40/little>>]),
    io:format("~w~n", [<<(id(-1)):8, (id(-1)):16/little, (id(-2)):4>>]),
    io:format("~w~n", [<<(id(256)):8, (id(257)):8/signed>>]),
    io:format("~w~n", [<<(id(1)):1, (id(0)):1, (id(1)):1, (id(1)):5>>]),
    io:format("~w~n", [<<(id(3)):2/unit:4>>]),
    io:format("~w~n", [<<(id(1 bsl 70)):80>>]),
    io:format("~w~n", [<<(id(-(1 bsl 70))):80/little-signed>>]),
    io:format("~w~n", [<<1, 2, 3, (id(300)):16, "abc">>]),
    io:format("~w~n", [<<(id($a)), (list_to_binary(id("bc")))/binary>>]),
    Size = id(24),
    io:format("~w~n", [<<(id(16#ABCDEF)):Size>>]),
    io:format("~w~n", [<<(id(5)):(Size div 3)/unit:2>>]),
    io:format("~w~n", [<<(id(0)):0>>]),
    ok.
