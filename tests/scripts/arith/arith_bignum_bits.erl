-module(arith_bignum_bits).
-export([main/0]).

id(X) -> X.

main() ->
    A = id(16#FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF),
    B = id(16#123456789ABCDEF0123456789ABCDEF),
    N = id(-16#F0F0F0F0F0F0F0F0F0F0F0F0F0F0),
    io:format("~.16B~n", [A band B]),
    io:format("~.16B~n", [A bor (B bsl 64)]),
    io:format("~.16B~n", [A bxor B]),
    io:format("~p~n", [bnot A]),
    io:format("~p~n", [bnot N]),
    io:format("~p~n", [N band B]),
    io:format("~p~n", [N bor B]),
    io:format("~p~n", [N bxor B]),
    io:format("~p~n", [N band id(16#FF)]),
    io:format("~p~n", [N bor id(-1)]),
    io:format("~p~n", [id(1) bsl 200]),
    io:format("~p~n", [(id(1) bsl 200) bsr 190]),
    io:format("~p~n", [B bsr 64]),
    io:format("~p~n", [N bsr 64]),
    io:format("~p~n", [N bsr 1000]),
    io:format("~p~n", [A bsr 1000]),
    io:format("~p~n", [N bsl 10]),
    io:format("~p~n", [A bsl -4]),
    io:format("~p~n", [id(-1) bsl 100]),
    ok.
