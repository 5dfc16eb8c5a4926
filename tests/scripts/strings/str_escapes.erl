-module(str_escapes).
-export([main/0]).

main() ->
    S = "tab\there\nnewline \\ backslash \"quote\" 'single' \e\d\s\b\f\v\r",
    io:format("~w~n", [S]),
    io:format("~p~n", [S]),
    io:format("~w~n", ["\101\x41\x{41}\0\7\177"]),
    io:format("~w~n", [[$a, $\n, $\t, $\\, $\", $', $\s, $\e, $\0, $\x7F, $\^A, $\^Z, $\^[]]),
    io:format("~w~n", ['atom with spaces']),
    io:format("~p~n", ['quoted\'atom']),
    io:format("~p~n", [['Cap', 'a-b', 'ok', 'if', 'end', '', '123', 'a@b', 'a.b', 'A_b', aB9]]),
    io:format("~p~n", ["multi" "part" " " "string"]),
    io:format("~s~n", ["~ in a string is not a directive"]),
    io:format("~p~n", [[$\^@, $\^?]]),
    ok.
