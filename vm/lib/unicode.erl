%% unicode: the parts of OTP 25's unicode module that are Erlang code
%% there, with its API and results: the byte order marks and the
%% conversions to the normal forms. characters_to_list/1,2 and
%% characters_to_binary/1,2,3 are built in (vm/bif_bin.c), and the normal
%% forms themselves are unicode_util's (vm/bif_misc.c).
-module(unicode).

-export([bin_is_7bit/1, bom_to_encoding/1, encoding_to_bom/1,
         characters_to_nfd_list/1, characters_to_nfd_binary/1,
         characters_to_nfc_list/1, characters_to_nfc_binary/1,
         characters_to_nfkd_list/1, characters_to_nfkd_binary/1,
         characters_to_nfkc_list/1, characters_to_nfkc_binary/1]).

-define(BADARG(Args), error(badarg, Args, [{error_info, #{module => erl_stdlib_errors}}])).

bin_is_7bit(Bin) when is_binary(Bin) -> is_7bit(Bin).

is_7bit(<<C, Rest/binary>>) when C < 128 -> is_7bit(Rest);
is_7bit(<<>>) -> true;
is_7bit(_) -> false.

%% The encoding a binary's byte order mark names, and the mark's length
%% ({latin1, 0}: none). UTF-32 before UTF-16: <<255,254,0,0>> starts both.
bom_to_encoding(<<16#EF, 16#BB, 16#BF, _/binary>>) -> {utf8, 3};
bom_to_encoding(<<0, 0, 16#FE, 16#FF, _/binary>>) -> {{utf32, big}, 4};
bom_to_encoding(<<16#FF, 16#FE, 0, 0, _/binary>>) -> {{utf32, little}, 4};
bom_to_encoding(<<16#FE, 16#FF, _/binary>>) -> {{utf16, big}, 2};
bom_to_encoding(<<16#FF, 16#FE, _/binary>>) -> {{utf16, little}, 2};
bom_to_encoding(Bin) when is_binary(Bin) -> {latin1, 0}.

encoding_to_bom(latin1) -> <<>>;
encoding_to_bom(E) when E =:= unicode; E =:= utf8 -> <<16#EF, 16#BB, 16#BF>>;
encoding_to_bom(E) when E =:= utf16; E =:= {utf16, big} -> <<16#FE, 16#FF>>;
encoding_to_bom({utf16, little}) -> <<16#FF, 16#FE>>;
encoding_to_bom(E) when E =:= utf32; E =:= {utf32, big} -> <<0, 0, 16#FE, 16#FF>>;
encoding_to_bom({utf32, little}) -> <<16#FF, 16#FE, 0, 0>>.

%% Each conversion raises badarg in its own frame, as OTP's.
-define(CONVERT(Form, As), try normalize(fun unicode_util:Form/1, CD, As) catch error:_ -> ?BADARG([CD]) end).

characters_to_nfd_list(CD) -> ?CONVERT(nfd, list).
characters_to_nfd_binary(CD) -> ?CONVERT(nfd, binary).
characters_to_nfc_list(CD) -> ?CONVERT(nfc, list).
characters_to_nfc_binary(CD) -> ?CONVERT(nfc, binary).
characters_to_nfkd_list(CD) -> ?CONVERT(nfkd, list).
characters_to_nfkd_binary(CD) -> ?CONVERT(nfkd, binary).
characters_to_nfkc_list(CD) -> ?CONVERT(nfkc, list).
characters_to_nfkc_binary(CD) -> ?CONVERT(nfkc, binary).

%% Takes one grapheme cluster at a time from Norm (a code point, or a list
%% of them) until the data ends or is not UTF-8/characters: then
%% {error, WhatWasConverted, TheRest}, as OTP.
normalize(Norm, CD, As) ->
    normalize(Norm, CD, As, []).

normalize(Norm, CD, As, Acc) ->
    case Norm(CD) of
        [GC | Rest] -> normalize(Norm, Rest, As, [GC | Acc]);
        [] -> done(As, Acc);
        {error, Bad} -> {error, done(As, Acc), Bad}
    end.

done(list, Acc) ->
    lists:foldl(fun(GC, Out) when is_list(GC) -> GC ++ Out;
                   (CP, Out) -> [CP | Out]
                end, [], Acc);
done(binary, Acc) ->
    %% a cluster UTF-8 cannot hold (a code point past Unicode, say) fails
    %% the conversion, which is badarg (the list functions keep it)
    case unicode:characters_to_binary(lists:reverse(Acc)) of
        Bin when is_binary(Bin) -> Bin
    end.
