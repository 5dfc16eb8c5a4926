-module(str_unicode_forms).
-export([main/0]).

%% unicode's normal-form conversions and byte order marks (Erlang code in
%% OTP, vm/lib/unicode.erl here): lists and binaries in, each form out,
%% data that stops being characters, and what is refused.

e(F) -> try F() catch C:R:S -> {C, R, [{M, Fn, A} || {M, Fn, A, _} <- S, M =:= unicode]} end.

main() ->
    Inputs = ["A\x{30A}str\x{F6}m", <<"Åström"/utf8>>, [<<"abc">>, 16#1E0A, 16#0323, "x"],
              "\x{FB01}\x{2460}\x{FF21}", <<"\x{1E9B}\x{323}"/utf8>>, [], <<>>, [[[$a]], <<"b">>],
              "\x{AC00}\x{11A8}", [16#1100, 16#1161, 16#11A8], "e\x{301}\x{301}",
              [<<"abc">>, 16#1E0A, 16#0323, <<255>>], <<"a", 255>>, [$a, 1 bsl 30], [$a, -1]],
    Fs = [characters_to_nfd_list, characters_to_nfc_list, characters_to_nfkd_list,
          characters_to_nfkc_list, characters_to_nfd_binary, characters_to_nfc_binary,
          characters_to_nfkd_binary, characters_to_nfkc_binary],
    [io:format("~w ~w~n  ~w~n", [I, F, e(fun() -> unicode:F(In) end)])
     || {I, In} <- lists:zip(lists:seq(1, length(Inputs)), Inputs), F <- Fs],
    [io:format("~w~n", [e(fun() -> unicode:F(X) end)]) || F <- Fs, X <- [a, {x}, [a]]],
    [io:format("~w ~w~n", [B, e(fun() -> unicode:bom_to_encoding(B) end)])
     || B <- [<<239,187,191,1>>, <<0,0,254,255>>, <<255,254,0,0>>, <<254,255>>, <<255,254,1>>,
              <<255,254>>, <<1,2,3>>, <<>>, <<239,187>>, x]],
    [io:format("~w ~w~n", [E, e(fun() -> unicode:encoding_to_bom(E) end)])
     || E <- [unicode, utf8, utf16, {utf16, big}, {utf16, little}, utf32, {utf32, big},
              {utf32, little}, latin1, x, {utf8, big}]],
    io:format("~w~n", [[unicode:bin_is_7bit(B) || B <- [<<>>, <<"abc">>, <<"a", 128>>, <<127>>]]]),
    ok.
