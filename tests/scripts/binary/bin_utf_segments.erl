-module(bin_utf_segments).
-export([main/0]).

id(X) -> X.

main() ->
    Cps = [$A, 16#E9, 16#3C0, 16#20AC, 16#1F600, 16#10FFFF],
    io:format("~w~n", [<< <<(id(C))/utf8>> || C <- Cps >>]),
    io:format("~w~n", [<< <<(id(C))/utf16>> || C <- Cps >>]),
    io:format("~w~n", [<< <<(id(C))/utf16-little>> || C <- Cps >>]),
    io:format("~w~n", [<< <<(id(C))/utf32>> || C <- Cps >>]),
    io:format("~w~n", [<< <<(id(C))/utf32-little>> || C <- Cps >>]),
    U8 = << <<C/utf8>> || C <- Cps >>,
    io:format("~w~n", [[C || <<C/utf8>> <= U8]]),
    U16 = << <<C/utf16>> || C <- Cps >>,
    io:format("~w~n", [[C || <<C/utf16>> <= U16]]),
    <<First/utf8, Rest/binary>> = id(<<"πr²"/utf8>>),
    io:format("~w ~w~n", [First, Rest]),
    io:format("~p~n", [try <<(id(16#D800))/utf8>> catch error:E -> E end]),
    io:format("~p~n", [try <<(id(16#110000))/utf32>> catch error:E2 -> E2 end]),
    Bad = case id(<<16#C0, 16#80>>) of <<Cp/utf8>> -> {ok, Cp}; _ -> overlong_rejected end,
    io:format("~p~n", [Bad]),
    Sur = case id(<<16#ED, 16#A0, 16#80>>) of <<Cp2/utf8>> -> {ok, Cp2}; _ -> surrogate_rejected end,
    io:format("~p~n", [Sur]),
    io:format("~w~n", [unicode:characters_to_list(<<"h", 16#C3, 16#A9, "llo">>)]),
    io:format("~w~n", [unicode:characters_to_binary([16#3C0, $x], unicode, utf16)]),
    ok.
