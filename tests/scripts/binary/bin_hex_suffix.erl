-module(bin_hex_suffix).
-export([main/0]).

%% binary:encode_hex/1 (upper case, as OTP 25), decode_hex/1 (either
%% case), longest_common_suffix/1 and referenced_byte_size/1 of whole
%% binaries; what fails is badarg.

r(F) ->
    try F() of
        V -> V
    catch
        C:R -> {C, R}
    end.

main() ->
    Big = list_to_binary([X rem 256 || X <- lists:seq(1, 300)]),
    Cases = [
        fun() -> binary:encode_hex(<<>>) end,
        fun() -> binary:encode_hex(<<0, 1, 15, 16, 171, 255>>) end,
        fun() -> binary:encode_hex(Big) end,
        fun() -> binary:encode_hex(<<1:3>>) end,
        fun() -> binary:encode_hex(x) end,
        fun() -> binary:decode_hex(<<>>) end,
        fun() -> binary:decode_hex(<<"000f10AbaBfF">>) end,
        fun() -> binary:decode_hex(binary:encode_hex(Big)) =:= Big end,
        fun() -> binary:decode_hex(<<"abc">>) end,
        fun() -> binary:decode_hex(<<"0g">>) end,
        fun() -> binary:decode_hex(<<"g0">>) end,
        fun() -> binary:decode_hex(<<"0:">>) end,
        fun() -> binary:decode_hex("00") end,
        fun() -> binary:longest_common_suffix([<<"xabc">>, <<"yabc">>, <<"zzbc">>]) end,
        fun() -> binary:longest_common_suffix([<<"abc">>]) end,
        fun() -> binary:longest_common_suffix([<<"abc">>, <<>>]) end,
        fun() -> binary:longest_common_suffix([<<"abc">>, <<"abc">>]) end,
        fun() -> binary:longest_common_suffix([<<"bc">>, <<"abc">>]) end,
        fun() -> binary:longest_common_suffix([]) end,
        fun() -> binary:longest_common_suffix([<<"a">> | <<"a">>]) end,
        fun() -> binary:longest_common_suffix([<<1:3>>]) end,
        fun() -> binary:longest_common_suffix(x) end,
        fun() -> binary:referenced_byte_size(<<1, 2, 3>>) end,
        fun() -> binary:referenced_byte_size(Big) end,
        fun() -> binary:referenced_byte_size(<<1:3>>) end,
        fun() -> binary:referenced_byte_size(x) end
    ],
    [io:format("~p~n", [r(F)]) || F <- Cases],
    ok.
