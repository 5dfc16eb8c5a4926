-module(bin_match_int).
-export([main/0]).

id(X) -> X.

main() ->
    B = id(<<16#12, 16#34, 16#56, 16#78, 16#9A, 16#BC, 16#DE, 16#F0>>),
    <<A:16, Bb:16/little, C:8/signed, D:8/signed-little, E:16/native>> = B,
    io:format("~w ~w ~w ~w ~w~n", [A, Bb, C, D, E =:= (case <<1:16/native>> of <<1:16/little>> -> 16#F0DE; _ -> 16#DEF0 end)]),
    <<F:4, G:12, H:3, I:5, Rest/binary>> = B,
    io:format("~w ~w ~w ~w ~w~n", [F, G, H, I, Rest]),
    <<Big:64>> = B,
    io:format("~w~n", [Big]),
    <<BigS:64/signed>> = B,
    io:format("~w~n", [BigS]),
    <<BigL:64/little-signed>> = B,
    io:format("~w~n", [BigL]),
    <<N1:7/signed, _:1>> = id(<<254>>),
    io:format("~w~n", [N1]),
    <<W:3/unit:8, _/binary>> = B,
    io:format("~w~n", [W]),
    Len = id(2),
    <<Pref:Len/binary, Suf/binary>> = B,
    io:format("~w ~w~n", [Pref, Suf]),
    <<S:Len/unit:8>> = id(<<1, 0>>),
    io:format("~w~n", [S]),
    <<Huge:100>> = id(<<255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 15:4>>),
    io:format("~w~n", [Huge]),
    ok.
