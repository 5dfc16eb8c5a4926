%% crypto: OTP 25's crypto module, the part systems call most: digests
%% (hash/2 and its streaming form), MACs (HMAC over every digest,
%% Poly1305), PBKDF2, strong random bytes and the helpers around them.
%% The work is done by C BIFs of this module named as OTP's NIFs
%% (hash_nif/2, mac_nif/4, ...; vm/bif_crypto.c over vm/digest.c), called
%% the way OTP's Erlang code calls its NIFs, so that arguments are checked
%% in OTP's order and fail with OTP's reasons. Ciphers, public keys and
%% CMAC are not here (docs/differences-from-erlang.md).
-module(crypto).

-export([format_error/2, start/0, stop/0, version/0, supports/0, supports/1,
         hash/2, hash_init/1, hash_update/2, hash_final/1, hash_info/1,
         mac/3, mac/4, macN/4, macN/5, mac_init/2, mac_init/3, mac_update/2,
         mac_final/1, mac_finalN/2, pbkdf2_hmac/5, strong_rand_bytes/1,
         exor/2, hash_equals/2, bytes_to_integer/1]).

%% OTP's ?nif_call: a C half fails with {Kind, #{c_file_name := File,
%% c_file_line_num := Line, c_function_arg_num := N}, Text} (N 0-based),
%% raised again from the calling function as {Kind, {File, Line}, Text}
%% with the C half's arguments and N + 1 in error_info, which
%% format_error/2 explains as erl's shell does.
-define(nif_call(Call),
        try Call
        catch
            error:{Kind, #{c_file_name := File, c_file_line_num := Line,
                           c_function_arg_num := N}, Text}:Stack ->
                erlang:error({Kind, {File, Line}, Text}, nif_args(Stack),
                             [{error_info, #{erl_function_arg_num => N + 1}}])
        end).

nif_args([{_, _, Args, _} | _]) when is_list(Args) -> Args;
nif_args(_) -> none.

%% The shell's explanation of a failure raised by nif_call.
format_error({Kind, {File, Line}, Text}, [{_, _, _, Opts} | _]) when Kind =:= badarg; Kind =:= notsup ->
    #{erl_function_arg_num := N} = proplists:get_value(error_info, Opts),
    Where = io_lib:format("(Found in the internal file ~s at line ~p)", [File, Line]),
    #{N => Text, general => Where}.

start() ->
    application:start(crypto).

stop() ->
    application:stop(crypto).

%% OTP 25.0's crypto, as kernel and stdlib are 25.0's here.
version() ->
    "5.1".

supports() ->
    [{T, supports(T)} || T <- [hashs, ciphers, public_keys, macs, curves, rsa_opts]].

supports(hashs) ->
    [blake2s, blake2b, sha3_512, sha3_384, sha3_256, sha3_224, sha512, sha384,
     sha256, sha224, sha, ripemd160, md5, md4];
supports(ciphers) -> [];
supports(public_keys) -> [];
supports(macs) -> [hmac, poly1305];
supports(curves) -> [];
supports(rsa_opts) -> [].

%% ---- digests ------------------------------------------------------------

hash(Type, Data) ->
    Bin = iolist_to_binary(Data),
    ?nif_call(crypto:hash_nif(Type, Bin)).

hash_init(Type) ->
    ?nif_call(crypto:hash_init_nif(Type)).

%% A new state: the one given stays as it was.
hash_update(State, Data) ->
    Bin = iolist_to_binary(Data),
    ?nif_call(crypto:hash_update_nif(State, Bin)).

hash_final(State) ->
    ?nif_call(crypto:hash_final_nif(State)).

hash_info(Type) ->
    crypto:hash_info_nif(Type).

%% ---- MACs ---------------------------------------------------------------

mac(poly1305, Key, Data) ->
    mac(poly1305, undefined, Key, Data).

mac(Type, SubType, Key, Data) ->
    Bin = iolist_to_binary(Key),
    ?nif_call(crypto:mac_nif(Type, SubType, Bin, Data)).

macN(Type, Key, Data, MacLength) ->
    macN(Type, undefined, Key, Data, MacLength).

macN(Type, SubType, Key, Data, MacLength) ->
    binary_part(mac(Type, SubType, Key, Data), 0, MacLength).

mac_init(poly1305, Key) ->
    ?nif_call(crypto:mac_init_nif(poly1305, undefined, Key)).

mac_init(Type, SubType, Key) ->
    Bin = iolist_to_binary(Key),
    ?nif_call(crypto:mac_init_nif(Type, SubType, Bin)).

%% The state is updated in place and returned, as OTP's.
mac_update(State, Data) ->
    ?nif_call(crypto:mac_update_nif(State, Data)).

mac_final(State) ->
    ?nif_call(crypto:mac_final_nif(State)).

mac_finalN(State, MacLength) ->
    binary_part(mac_final(State), 0, MacLength).

%% ---- the rest -----------------------------------------------------------

pbkdf2_hmac(Digest, Pass, Salt, Iter, KeyLen) ->
    ?nif_call(crypto:pbkdf2_hmac_nif(Digest, Pass, Salt, Iter, KeyLen)).

strong_rand_bytes(N) ->
    case crypto:strong_rand_bytes_nif(N) of
        false -> erlang:error(low_entropy);
        Bin -> Bin
    end.

exor(Data1, Data2) ->
    crypto:do_exor(iolist_to_binary(Data1), iolist_to_binary(Data2)).

hash_equals(A, B) ->
    crypto:hash_equals_nif(A, B).

bytes_to_integer(Bin) ->
    bin_to_int(Bin).

bin_to_int(Bin) when is_binary(Bin) ->
    binary:decode_unsigned(Bin);
bin_to_int(undefined) ->
    undefined.
