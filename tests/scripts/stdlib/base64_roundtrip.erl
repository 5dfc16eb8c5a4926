-module(base64_roundtrip).
-export([main/0]).

%% base64 on data of every length from 0 to 300 and a few large ones:
%% encode and decode, binaries and lists, the _to_string functions, text
%% with white space and MIME line breaks. Bytes come from a fixed LCG.
main() ->
    [io:format("~w ~s ~s~n", [N, base64:encode(bytes(N, 1)), base64:encode_to_string(bytes(N, 2))])
     || N <- lists:seq(0, 14)],
    Sizes = lists:seq(0, 300) ++ [1000, 1001, 1002, 4095, 4096, 65537],
    Results = [roundtrip(N) || N <- Sizes],
    io:format("roundtrips ~w ok ~w~n", [length(Results), lists:usort(Results)]),
    %% One digest over every encoding, so that the text itself is compared.
    All = [base64:encode(bytes(N, N)) || N <- Sizes],
    io:format("md5 ~w~n", [erlang:md5(All)]),
    %% Known vectors (RFC 4648, section 10).
    [io:format("~p -> ~p -> ~p~n", [S, base64:encode(S), base64:decode(base64:encode(S))])
     || S <- ["", "f", "fo", "foo", "foob", "fooba", "foobar"]],
    %% White space anywhere is skipped by decode; decode does not check
    %% that the bits a padded group drops are zero.
    [io:format("~p ~p ~p~n", [T, r(fun() -> base64:decode(T) end), r(fun() -> base64:decode_to_string(T) end)])
     || T <- [<<" Zm9v\r\nYmFy\t">>, "Zm9v YmE=", <<"Zm9=">>, <<"Zm9vYh==">>, <<"Zm9vYg= =">>,
              "Zg==\n", <<"\n\n">>, <<>>, ""]],
    %% MIME: junk, NULs and stray padding are skipped.
    [io:format("~p ~p ~p~n", [T, r(fun() -> base64:mime_decode(T) end), r(fun() -> base64:mime_decode_to_string(T) end)])
     || T <- [<<"Zm9v!YmFy">>, "Zm9v\0YmFy", <<"=Zm9vYmFy=">>, <<"Zm=9vYmFy">>, <<"Zm9vYg=Fy">>, <<"Zm9vYg=F">>,
              <<"Zm9vYg==Zm9v">>, "Zm9vY===", <<"Zg=!=">>, <<"Z g = =">>, <<>>]],
    ok.

roundtrip(N) ->
    B = bytes(N, N + 7),
    E = base64:encode(B),
    S = base64:encode_to_string(B),
    L = binary_to_list(B),
    Mime = lines(E),
    Checks = [E =:= base64:encode(L),
              S =:= binary_to_list(E),
              S =:= base64:encode_to_string(L),
              byte_size(E) =:= (N + 2) div 3 * 4,
              B =:= base64:decode(E),
              B =:= base64:decode(S),
              L =:= base64:decode_to_string(E),
              L =:= base64:decode_to_string(S),
              B =:= base64:mime_decode(E),
              B =:= base64:mime_decode(S),
              L =:= base64:mime_decode_to_string(E),
              B =:= base64:decode(iolist_to_binary(Mime)),
              B =:= base64:decode(lists:flatten([binary_to_list(X) || X <- Mime])),
              B =:= base64:mime_decode(iolist_to_binary(Mime)),
              L =:= base64:mime_decode_to_string(lists:flatten([binary_to_list(X) || X <- Mime]))],
    case lists:all(fun(X) -> X end, Checks) of
        true -> ok;
        false -> {N, Checks}
    end.

r(F) ->
    try F() catch C:E -> {C, E} end.

%% 76 characters a line, CRLF between lines.
lines(<<L:76/binary, R/binary>>) when R =/= <<>> -> [L, <<"\r\n">> | lines(R)];
lines(R) -> [R].

bytes(N, Seed) -> bytes(N, Seed, []).

bytes(0, _, Acc) -> list_to_binary(Acc);
bytes(N, X, Acc) ->
    X1 = (X * 1103515245 + 12345) band 16#7fffffff,
    bytes(N - 1, X1, [(X1 bsr 16) band 255 | Acc]).
