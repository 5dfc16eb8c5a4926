-module(bin_match_int_sizes).
-export([main/0]).

%% Integer segments of 1 to 8 bytes, every sign and byte order, at byte
%% boundaries and off them, with sizes given as literals, variables and
%% units, and binaries too short for them: the VM matches whole bytes at a
%% byte boundary on a fast path and everything else on the general one.

id(X) -> X.

bytes() -> id(<<16#F1, 16#82, 16#03, 16#94, 16#A5, 16#06, 16#B7, 16#C8, 16#59, 16#EA, 16#7B, 16#0C>>).

main() ->
    B = bytes(),
    [io:format("~w ~w ~w~n", [Skip, Size, [get(B, Skip, Size, F) || F <- [big, little, big_signed, little_signed]]])
     || Skip <- [0, 1, 3, 8, 24, 40, 80], Size <- [8, 16, 24, 32, 40, 48, 56, 64]],
    literals(B),
    units(B),
    io:format("~w~n", [sum3(B, 0)]),
    io:format("~w~n", [sum3(<<B/binary, 1:4>>, 0)]),
    io:format("~w~n", [tails(B, [])]),
    ok.

get(B, Skip, Size, big) ->
    case B of <<_:Skip, X:Size, _/bits>> -> X; _ -> short end;
get(B, Skip, Size, little) ->
    case B of <<_:Skip, X:Size/little, _/bits>> -> X; _ -> short end;
get(B, Skip, Size, big_signed) ->
    case B of <<_:Skip, X:Size/signed, _/bits>> -> X; _ -> short end;
get(B, Skip, Size, little_signed) ->
    case B of <<_:Skip, X:Size/little-signed, _/bits>> -> X; _ -> short end.

literals(B) ->
    <<A:8, C:16, D:24/little, E:32/signed, F:8/signed, G:8/little-signed, _/binary>> = B,
    io:format("~w~n", [[A, C, D, E, F, G]]),
    <<_:3, H:16, I:8/signed, _/bits>> = B,
    io:format("~w~n", [[H, I]]),
    <<J:56, K:40/signed, _/binary>> = B,
    io:format("~w~n", [[J, K]]),
    io:format("~w~n", [case id(<<1, 2, 3>>) of <<L:32>> -> L; <<M:16, N:8/signed>> -> {M, N} end]).

units(B) ->
    U = id(3),
    <<P:U/unit:8, Q:2/unit:16, R:1/unit:7, _/bits>> = B,
    io:format("~w~n", [[P, Q, R]]),
    io:format("~w~n", [case id(<<1, 2>>) of <<S:U/unit:8>> -> S; _ -> short end]).

%% 3-byte integers to the end, then whatever is left.
sum3(<<X:24, Rest/bits>>, Acc) -> sum3(Rest, Acc + X);
sum3(Rest, Acc) -> {Acc, Rest}.

tails(<<X:16/little-signed, Rest/binary>>, Acc) when byte_size(Rest) > 4 -> tails(Rest, [X | Acc]);
tails(Rest, Acc) -> {lists:reverse(Acc), Rest, byte_size(Rest)}.
