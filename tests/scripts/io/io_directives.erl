-module(io_directives).
-export([main/0]).

main() ->
    io:format("~~ tilde~n"),
    io:format("~w ~p~n", [{a, "str", <<"bin">>}, {a, "str", <<"bin">>}]),
    io:format("~s|~10s|~-10s|~.3s|~10.3s|~n", ["abc", "abc", "abc", "abcdef", "abcdef"]),
    io:format("~s ~s ~s~n", [atom, <<"binary">>, ["deep", [$l, "ist"]]]),
    io:format("~b ~.2b ~.16b ~.16B ~.36B~n", [255, 255, 255, 255, 1295]),
    io:format("~8b|~-8b|~8.2b|~.8.0b|~n", [42, 42, 5, 5]),
    io:format("~x ~.16x ~X ~.16X~n", [255, "0x", 255, "0x", -255, "-", -255, "#"]),
    io:format("~#|~.2#|~.16#~n", [255, 5, 255]),
    io:format("~c|~3c|~.5c|~n", [$a, $b, $c]),
    io:format("~i|~w~n", [ignored, shown]),
    io:format("~n"),
    io:format("~e ~f ~g~n", [1.0, 1.0, 1.0]),
    io:format("~10.3e|~-12.4f|~n", [12.5, 12.5]),
    io:format("~*c|~*.*s|~n", [3, $x, 6, 2, "hello"]),
    io:format("~-*w|~*w|~n", [5, ab, 5, ab]),
    io:format("~5w|~-5w|~5p|~n", [1, 2, x]),
    io:format("~3w|~n", [toolong]),
    io:format("~P ~W~n", [[1, 2, 3, 4, 5, 6], 4, {a, {b, {c, {d}}}}, 3]),
    io:format("~.10p~n", [{a, b}]),
    io:format("no args~n", []),
    io:format("~p~n", [lists:seq(1, 40)]),
    ok.
