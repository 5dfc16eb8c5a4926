-module(crypto_api).
-export([main/0]).

%% crypto (differential): every digest over empty, short, block-edge and
%% long inputs given as binaries, deep iolists and unaligned sub-binaries;
%% streaming states (fed in pieces, forked, reused) against one-shot
%% digests; hash_info; HMAC over every digest with keys around the block
%% size; Poly1305; the streaming MAC API; PBKDF2; exor, hash_equals,
%% bytes_to_integer, strong_rand_bytes; and the failures of each function
%% (class and reason; the stack is not printed). The crypto application
%% starts and stops.

main() ->
    Hashes = lists:reverse(crypto:supports(hashs)),
    p("hashs", Hashes),
    [p("info", {H, crypto:hash_info(H)}) || H <- Hashes],
    [digests(H) || H <- Hashes],
    [streams(H) || H <- Hashes],
    [hmacs(H) || H <- Hashes],
    poly1305(),
    mac_states(),
    pbkdf2(),
    misc(),
    errors(),
    apps(),
    ok.

p(Label, V) -> io:format("~s: ~p~n", [Label, V]).

hex(B) -> binary:encode_hex(B).

inputs() ->
    Long = list_to_binary([I rem 251 || I <- lists:seq(1, 1000)]),
    <<_:3, Unaligned:999/binary, _:5>> = Long,
    [<<>>, <<"abc">>, "abc", [$a, [<<"b">>, []], [[$c]]],
     binary:copy(<<"x">>, 55), binary:copy(<<"x">>, 56), binary:copy(<<"x">>, 64),
     binary:copy(<<"y">>, 111), binary:copy(<<"y">>, 112), binary:copy(<<"y">>, 128),
     binary:copy(<<"z">>, 135), binary:copy(<<"z">>, 136), binary:copy(<<"z">>, 144),
     Long, Unaligned, binary:part(Long, 7, 500)].

digests(H) ->
    p(atom_to_list(H), [hex(crypto:hash(H, D)) || D <- inputs()]).

%% Fed in pieces of every size 1..9 and 64, equal to the one-shot digest;
%% a state forked into two tails; a final state finalised twice.
streams(H) ->
    Data = list_to_binary([I rem 256 || I <- lists:seq(1, 700)]),
    Whole = crypto:hash(H, Data),
    Pieces = [crypto:hash_final(feed(crypto:hash_init(H), Data, N)) =:= Whole
              || N <- [1, 2, 3, 5, 7, 9, 64, 700]],
    S0 = crypto:hash_update(crypto:hash_init(H), <<"common">>),
    SA = crypto:hash_update(S0, <<"-a">>),
    SB = crypto:hash_update(S0, [<<"-b">>]),
    Forks = {crypto:hash_final(SA) =:= crypto:hash(H, <<"common-a">>),
             crypto:hash_final(SB) =:= crypto:hash(H, <<"common-b">>),
             crypto:hash_final(S0) =:= crypto:hash(H, <<"common">>),
             crypto:hash_final(SA) =:= crypto:hash_final(SA)},
    p(atom_to_list(H) ++ " streams", {Pieces, Forks}).

feed(S, <<>>, _) -> S;
feed(S, Data, N) when byte_size(Data) =< N -> crypto:hash_update(S, Data);
feed(S, Data, N) ->
    <<Piece:N/binary, Rest/binary>> = Data,
    feed(crypto:hash_update(S, Piece), Rest, N).

hmacs(H) ->
    #{block_size := B} = crypto:hash_info(H),
    Keys = [<<>>, <<"key">>, binary:copy(<<7>>, B - 1), binary:copy(<<7>>, B),
            binary:copy(<<7>>, B + 1), binary:copy(<<9>>, 200), ["k", [<<"e">>], $y]],
    Macs = [hex(crypto:mac(hmac, H, K, D)) || K <- Keys, D <- [<<>>, "data", lists:seq(0, 255)]],
    p(atom_to_list(H) ++ " hmac", Macs),
    p(atom_to_list(H) ++ " macN", [hex(crypto:macN(hmac, H, "k", "d", N)) || N <- [0, 1, 5]]).

poly1305() ->
    Key = list_to_binary(lists:seq(1, 32)),
    p("poly1305", [hex(crypto:mac(poly1305, Key, D)) || D <- [<<>>, "a", binary:copy(<<1>>, 15),
                                                            binary:copy(<<2>>, 16),
                                                            binary:copy(<<3>>, 17),
                                                            lists:seq(0, 255)]]),
    p("poly1305 mac/4 ignores the subtype", crypto:mac(poly1305, sha, Key, "x") =:= crypto:mac(poly1305, Key, "x")),
    p("poly1305 list key", hex(crypto:mac(poly1305, [binary_to_list(Key)], "x"))),
    p("poly1305 all ones", hex(crypto:mac(poly1305, binary:copy(<<255>>, 32), binary:copy(<<255>>, 64)))),
    p("poly1305 macN", hex(crypto:macN(poly1305, Key, "x", 4))).

mac_states() ->
    Key = <<"secret">>,
    M = crypto:mac_init(hmac, sha256, Key),
    p("is_reference", is_reference(M)),
    p("update returns the state", crypto:mac_update(M, "hello ") =:= M),
    M = crypto:mac_update(M, [<<"wor">>, "ld"]),
    p("hmac stream", crypto:mac_final(M) =:= crypto:mac(hmac, sha256, Key, "hello world")),
    M2 = crypto:mac_update(crypto:mac_init(hmac, sha, ["se", <<"cret">>]), "abc"),
    p("mac_finalN", crypto:mac_finalN(M2, 7) =:= crypto:macN(hmac, sha, Key, "abc", 7)),
    PKey = binary:copy(<<5>>, 32),
    P = crypto:mac_init(poly1305, PKey),
    P = crypto:mac_update(P, "one"),
    P = crypto:mac_update(P, <<"two">>),
    p("poly1305 stream", crypto:mac_final(P) =:= crypto:mac(poly1305, PKey, "onetwo")),
    P3 = crypto:mac_init(poly1305, undefined, PKey),
    p("poly1305 mac_init/3", crypto:mac_final(P3) =:= crypto:mac(poly1305, PKey, "")),
    Parts = [crypto:mac_final(lists:foldl(fun(C, S) -> crypto:mac_update(S, [C rem 256]) end,
                                          crypto:mac_init(hmac, H, Key), lists:seq(1, 300)))
             =:= crypto:mac(hmac, H, Key, [C rem 256 || C <- lists:seq(1, 300)])
             || H <- lists:reverse(crypto:supports(hashs))],
    p("byte by byte", Parts).

pbkdf2() ->
    [p("pbkdf2", {D, hex(crypto:pbkdf2_hmac(D, <<"password">>, <<"salt">>, I, L))})
     || D <- [sha, sha224, sha256, sha384, sha512], {I, L} <- [{1, 20}, {2, 45}, {100, 1}, {4096, 70}]],
    p("pbkdf2 empty", hex(crypto:pbkdf2_hmac(sha256, <<>>, <<>>, 3, 33))).

misc() ->
    p("exor", crypto:exor(<<1, 2, 255>>, [3, <<4>>, 15])),
    p("exor empty", crypto:exor(<<>>, [])),
    p("hash_equals", [crypto:hash_equals(<<1, 2>>, <<1, 2>>), crypto:hash_equals(<<1, 2>>, <<1, 3>>),
                      crypto:hash_equals(<<>>, <<>>)]),
    p("bytes_to_integer", [crypto:bytes_to_integer(B) || B <- [<<>>, <<1>>, <<1, 0>>, <<255, 0, 0, 0, 0, 0, 0, 0, 0, 1>>]]),
    p("bytes_to_integer(undefined)", crypto:bytes_to_integer(undefined)),
    p("strong_rand_bytes sizes", [byte_size(crypto:strong_rand_bytes(N)) || N <- [0, 1, 16, 1000]]),
    p("strong_rand_bytes differ", crypto:strong_rand_bytes(16) =/= crypto:strong_rand_bytes(16)).

t(Label, F) ->
    R = try F() of V -> {ok, V} catch C:E -> {C, E} end,
    p(Label, R).

errors() ->
    S = crypto:hash_init(sha),
    M = crypto:mac_init(hmac, sha, "k"),
    t("hash bad type", fun() -> crypto:hash(foo, <<>>) end),
    t("hash int type", fun() -> crypto:hash(1, <<>>) end),
    t("hash bad data", fun() -> crypto:hash(sha, [a]) end),
    t("hash bitstring", fun() -> crypto:hash(sha, <<1:3>>) end),
    t("hash byte 256", fun() -> crypto:hash(md5, [256]) end),
    t("hash both bad", fun() -> crypto:hash(foo, a) end),
    t("hash_init bad", fun() -> crypto:hash_init(foo) end),
    t("hash_update bad data", fun() -> crypto:hash_update(S, [a]) end),
    t("hash_update bad state", fun() -> crypto:hash_update(make_ref(), <<>>) end),
    t("hash_update mac state", fun() -> crypto:hash_update(M, <<>>) end),
    t("hash_update both bad", fun() -> crypto:hash_update(a, a) end),
    t("hash_final bad", fun() -> crypto:hash_final(foo) end),
    t("hash_final ref", fun() -> crypto:hash_final(make_ref()) end),
    t("hash_info foo", fun() -> crypto:hash_info(foo) end),
    t("hash_info int", fun() -> crypto:hash_info(1) end),
    t("mac key bad", fun() -> crypto:mac(hmac, sha, a, "d") end),
    t("mac data bad", fun() -> crypto:mac(hmac, sha, "k", a) end),
    t("mac type and data bad", fun() -> crypto:mac(foo, sha, "k", a) end),
    t("mac subtype bad", fun() -> crypto:mac(hmac, foo, "k", "d") end),
    t("mac subtype int", fun() -> crypto:mac(hmac, 1, "k", "d") end),
    t("mac type bad", fun() -> crypto:mac(foo, sha256, "k", "d") end),
    t("mac/3 hmac", fun() -> crypto:mac(hmac, "k", "d") end),
    t("mac/3 poly short key", fun() -> crypto:mac(poly1305, <<1, 2>>, "d") end),
    t("mac/3 poly long key", fun() -> crypto:mac(poly1305, <<0:264>>, "d") end),
    t("mac/3 poly data bad", fun() -> crypto:mac(poly1305, <<0:256>>, a) end),
    t("macN 21", fun() -> crypto:macN(hmac, sha, "k", "d", 21) end),
    t("macN -1", fun() -> crypto:macN(hmac, sha, "k", "d", -1) end),
    t("macN a", fun() -> crypto:macN(hmac, sha, "k", "d", a) end),
    t("macN/4 hmac", fun() -> crypto:macN(hmac, "k", "d", 5) end),
    t("mac_init subtype bad", fun() -> crypto:mac_init(hmac, foo, "k") end),
    t("mac_init key bad", fun() -> crypto:mac_init(hmac, sha, a) end),
    t("mac_init type bad", fun() -> crypto:mac_init(foo, sha, "k") end),
    t("mac_init/2 hmac", fun() -> crypto:mac_init(hmac, <<0:256>>) end),
    t("mac_init/2 poly bitstring", fun() -> crypto:mac_init(poly1305, <<0:255>>) end),
    t("mac_init/2 poly short", fun() -> crypto:mac_init(poly1305, <<0:248>>) end),
    t("mac_init/3 poly bitstring", fun() -> crypto:mac_init(poly1305, sha, <<0:255>>) end),
    t("mac_update data bad", fun() -> crypto:mac_update(M, a) end),
    t("mac_update bitstring", fun() -> crypto:mac_update(M, <<1:3>>) end),
    t("mac_update state bad", fun() -> crypto:mac_update(a, "d") end),
    t("mac_update hash state", fun() -> crypto:mac_update(S, "d") end),
    t("mac_update both bad", fun() -> crypto:mac_update(a, a) end),
    t("mac_final bad", fun() -> crypto:mac_final(a) end),
    t("mac_finalN 30", fun() -> crypto:mac_finalN(M, 30) end),
    t("mac_finalN -1", fun() -> crypto:mac_finalN(M, -1) end),
    t("pbkdf2 digest bad", fun() -> crypto:pbkdf2_hmac(foo, <<"pw">>, <<"s">>, 1, 10) end),
    t("pbkdf2 all bad", fun() -> crypto:pbkdf2_hmac(foo, a, b, c, d) end),
    [t("pbkdf2 " ++ atom_to_list(D), fun() -> crypto:pbkdf2_hmac(D, <<"pw">>, <<"s">>, 1, 10) end)
     || D <- [md4, md5, ripemd160, sha3_256, blake2b, blake2s]],
    t("pbkdf2 pass list", fun() -> crypto:pbkdf2_hmac(sha, "pw", <<"s">>, 1, 10) end),
    t("pbkdf2 pass bitstring", fun() -> crypto:pbkdf2_hmac(sha, <<1:3>>, <<"s">>, 1, 10) end),
    t("pbkdf2 salt list", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, "s", 1, 10) end),
    t("pbkdf2 iter 0", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, 0, 10) end),
    t("pbkdf2 iter -1", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, -1, 10) end),
    t("pbkdf2 iter a", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, a, 10) end),
    t("pbkdf2 iter big", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, 1 bsl 70, 10) end),
    t("pbkdf2 len 0", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, 1, 0) end),
    t("pbkdf2 len -1", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, 1, -1) end),
    t("pbkdf2 len big", fun() -> crypto:pbkdf2_hmac(sha, <<"pw">>, <<"s">>, 1, 1 bsl 70) end),
    t("strong_rand_bytes -1", fun() -> crypto:strong_rand_bytes(-1) end),
    t("strong_rand_bytes a", fun() -> crypto:strong_rand_bytes(a) end),
    t("strong_rand_bytes big", fun() -> crypto:strong_rand_bytes(1 bsl 70) end),
    t("exor sizes", fun() -> crypto:exor(<<1, 2>>, <<3>>) end),
    t("exor bad", fun() -> crypto:exor(a, <<>>) end),
    t("hash_equals sizes", fun() -> crypto:hash_equals(<<1>>, <<1, 2>>) end),
    t("hash_equals list", fun() -> crypto:hash_equals([1, 2], <<1, 2>>) end),
    t("hash_equals bitstring", fun() -> crypto:hash_equals(<<1:3>>, <<1:3>>) end),
    t("bytes_to_integer list", fun() -> crypto:bytes_to_integer([1]) end),
    t("bytes_to_integer bitstring", fun() -> crypto:bytes_to_integer(<<1:3>>) end),
    t("supports foo", fun() -> crypto:supports(foo) end),
    ok.

apps() ->
    p("ensure_all_started", application:ensure_all_started(crypto)),
    p("start again", crypto:start()),
    p("running", lists:keymember(crypto, 1, application:which_applications())),
    p("stop", crypto:stop()),
    p("start", crypto:start()),
    p("stop", crypto:stop()).
