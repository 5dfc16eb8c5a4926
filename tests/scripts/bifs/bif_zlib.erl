-module(bif_zlib).
-export([main/0]).

%% zlib's one-shot functions against erl: the bytes of compress, zip and
%% gzip (zlib's defaults, so the same zlib gives the same bytes), round
%% trips, and what OTP refuses: data_error for data that does not inflate
%% or ends mid-stream, badarg for what is no iodata.
main() ->
    E = fun(F) -> try F() of V -> {ok, V} catch C:R -> {C, R} end end,
    D = <<"hello hello hello">>,
    Big = list_to_binary([integer_to_list(I) || I <- lists:seq(1, 20000)]),
    io:format("~w~n", [[zlib:compress(D), zlib:zip(D), zlib:gzip(D), zlib:compress(<<>>), zlib:zip([]), zlib:gzip(["a", <<"b">>])]]),
    io:format("~w~n", [[erlang:md5(zlib:F(Big)) || F <- [compress, zip, gzip]]]),
    io:format("~w~n", [[zlib:uncompress(zlib:compress(Big)) =:= Big, zlib:unzip(zlib:zip(Big)) =:= Big, zlib:gunzip(zlib:gzip(Big)) =:= Big]]),
    io:format("~p~n", [[E(fun() -> zlib:uncompress(<<1,2,3>>) end), E(fun() -> zlib:uncompress(binary:part(zlib:compress(D), 0, 5)) end),
      E(fun() -> zlib:unzip(<<255,255>>) end), E(fun() -> zlib:gunzip(<<1>>) end), E(fun() -> zlib:compress(foo) end), E(fun() -> zlib:uncompress(foo) end),
      E(fun() -> zlib:gunzip(<<(zlib:gzip(D))/binary, (zlib:gzip(<<"X">>))/binary>>) end),
      E(fun() -> zlib:uncompress(<<(zlib:compress(D))/binary, 1,2>>) end),
      E(fun() -> zlib:unzip(binary:part(zlib:zip(D), 0, 3)) end),
      E(fun() -> zlib:gunzip(binary:part(zlib:gzip(D), 0, 12)) end),
      E(fun() -> zlib:uncompress([zlib:compress(D)]) end),
      E(fun() -> zlib:gunzip(<<(zlib:gzip(D))/binary, 0, 0>>) end),
      E(fun() -> zlib:unzip(<<(zlib:zip(D))/binary, 1, 2>>) end), E(fun() -> zlib:uncompress(<<120,156,3,0,0,0,0>>) end), E(fun() -> zlib:uncompress(<<>>) end), E(fun() -> zlib:unzip(<<>>) end), E(fun() -> zlib:gunzip(<<>>) end), E(fun() -> zlib:unzip(<<3,0>>) end),
      E(fun() -> zlib:uncompress(<<(zlib:compress(D))/binary, (zlib:compress(D))/binary>>) end),
      E(fun() -> zlib:gunzip(<<(zlib:gzip(D))/binary, 31, 139>>) end),
      E(fun() -> zlib:zip(<<1:3>>) end), E(fun() -> zlib:unzip(<<1:3>>) end), E(fun() -> zlib:gzip([1|2]) end), E(fun() -> zlib:gunzip([<<>>]) end)
    ]]).
