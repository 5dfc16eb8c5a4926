-module(base64_errors).
-export([main/0]).

%% base64 on bad input: each function on text with characters outside the
%% alphabet, bad padding, truncated groups, terms that are no bytes and
%% improper lists; prints the result or the exception's class and reason
%% (OTP's reasons differ with the function: badarg, badarith,
%% function_clause, case_clause).
main() ->
    Fs = [encode, encode_to_string, decode, decode_to_string, mime_decode,
          mime_decode_to_string],
    Inputs = [<<"a">>, <<"ab">>, <<"abc">>, <<"a===">>, <<"ab=">>, <<"ab==x">>, <<"ab===">>,
              <<"ab== \n">>, <<"ab==", 0>>, <<"abc=d">>, <<"abc==">>, <<"a!bc">>, <<"!!!=">>,
              <<"!b==">>, <<"a!==">>, <<"=abc">>, <<"ab=c">>, <<"abcd!">>, <<"abcd=">>,
              <<"ab\0d">>, <<200, "bcd">>, <<"ab", 255, 255>>, <<"abcd====">>, <<"ab=\n=">>,
              <<1:4>>, <<"abcd", 1:1>>, "a", "ab=", "abcd!", "abcd!bcd", "!bcdabc",
              [$a, $b, $c, $d, $!, $b, $c, $d, 0], [0], [256], [-1], [a], [1.0], [<<"ab">>],
              [[65]], [65, 65, 65, 65 | x], [65, 65 | x], [$a, $b, $c | x], [1 | x],
              [0, 256, 0], [0, 1024], [0, 1023], [255, 1023], [300, a], [a, 300], [300, 0, 0, a],
              [1 bsl 70, 0, 0], [-5, 0, 0], [0, -1], [65, 65, 65, 65, 300], [65, 65, 61, 61, 300],
              [65, 65, 61, 61 | x], [65, 0, 65, 65], [65, 65, 65, 65, 0, 65], lists:seq(0, 11),
              lists:seq(250, 262), atom, 42, {<<"abcd">>}],
    [io:format("~p(~w) -> ~w~n", [F, In, run(F, In)]) || In <- Inputs, F <- Fs],
    ok.

run(F, In) ->
    try {ok, base64:F(In)}
    catch C:E -> {C, E}
    end.
