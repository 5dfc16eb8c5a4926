-module(bif_checksums).
-export([main/0]).

%% erlang:crc32/1,2, adler32/1,2 and their _combine/3 against erl: iodata
%% of every shape, running checksums, the 0..2^32-1 bounds of checksums
%% and lengths (badarg outside), a combine over a grid of values that
%% includes invalid Adler-32 sums and OTP's length 0 (the first sum), and
%% that combining the parts' sums gives the whole's.

t(F) ->
    try F() of V -> V
    catch C:R -> {C, R}
    end.

main() ->
    Data = [<<>>, "hello", [<<"he">>, $l, ["lo"]], lists:seq(0, 255),
            binary:copy(<<"abc">>, 100000), [[], <<1, 2>> | <<3>>],
            binary:part(binary:copy(<<"xyz">>, 40), 3, 50)],
    [io:format("~p ~p~n", [erlang:crc32(D), erlang:adler32(D)]) || D <- Data],
    [io:format("~p ~p~n", [erlang:crc32(erlang:crc32(A), B), erlang:adler32(erlang:adler32(A), B)])
     || {A, B} <- [{"hel", "lo"}, {<<>>, "x"}, {lists:seq(1, 200), <<"tail">>}]],
    Bad = [fun() -> erlang:crc32(a) end,
           fun() -> erlang:crc32(<<1:3>>) end,
           fun() -> erlang:crc32([256]) end,
           fun() -> erlang:crc32([1 | 2]) end,
           fun() -> erlang:crc32(1 bsl 32, "a") end,
           fun() -> erlang:crc32((1 bsl 32) - 1, "a") end,
           fun() -> erlang:crc32(-1, "a") end,
           fun() -> erlang:crc32(1 bsl 70, "a") end,
           fun() -> erlang:crc32(0, a) end,
           fun() -> erlang:adler32(x, "a") end,
           fun() -> erlang:adler32(16#fff10000, "a") end,
           fun() -> erlang:adler32(1 bsl 32, "a") end,
           fun() -> erlang:adler32(1.0, "a") end,
           fun() -> erlang:crc32_combine(1, 2, 1 bsl 32) end,
           fun() -> erlang:crc32_combine(1, 2, -1) end,
           fun() -> erlang:crc32_combine(1 bsl 32, 2, 1) end,
           fun() -> erlang:crc32_combine(1, 1 bsl 32, 1) end,
           fun() -> erlang:crc32_combine(1, 2, x) end,
           fun() -> erlang:adler32_combine(1, 2, 1 bsl 64) end,
           fun() -> erlang:adler32_combine(1, 2, -1) end,
           fun() -> erlang:adler32_combine(a, 2, 1) end],
    [io:format("~p~n", [t(F)]) || F <- Bad],
    V = [0, 1, 2, 65520, 65521, 65536, 16#fff0fff0, 16#ffffffff, 123456789],
    L = [0, 1, 2, 65520, 65521, 65522, 1 bsl 31, 16#ffffffff],
    io:format("~w~n", [[{erlang:adler32_combine(A, B, N), erlang:crc32_combine(A, B, N)}
                        || A <- V, B <- V, N <- L]]),
    Whole = binary:copy(<<"0123456789">>, 777),
    [begin
         <<P1:K/binary, P2/binary>> = Whole,
         S = byte_size(P2),
         io:format("~p ~p~n",
                   [erlang:crc32_combine(erlang:crc32(P1), erlang:crc32(P2), S) =:= erlang:crc32(Whole),
                    erlang:adler32_combine(erlang:adler32(P1), erlang:adler32(P2), S)
                        =:= erlang:adler32(Whole)])
     end || K <- [0, 1, 5000, 7769, 7770]],
    ok.
