-module(io_lib_shapes).
-export([main/0]).

%% io_lib:format's deep lists, directive by directive: ~w ~W ~p ~P ~s are
%% elements of their own (padded with io_lib_format's nested pad lists),
%% every other directive's text is flattened among the format's chars.

id(X) -> X.

show(Format, Args) ->
    R = try io_lib:format(id(Format), id(Args)) catch error:E -> {error, E} end,
    io:format("~w~n", [R]).

main() ->
    show("~w", [ok]),
    show("a~wb~n", [ok]),
    show("~w", [{a, [1, 2 | 3], "s", <<1, 2, 3:4>>, #{k => v}}]),
    show("~W", [[1, 2, 3, 4], 3]),
    show("~W", [{1, 2, 3, 4}, 3]),
    show("~W", [#{a => 1}, 2]),
    show("~W", [<<1, 2, 3>>, 2]),
    show("~W", [x, 0]),
    show("~10w|~-10w|~3w|~.2w|~7.2w|~-7.2.xw|", [ok, ok, okok, okok, okok, okok]),
    show("~*w|~-*w|", [6, ab, 6, ab]),
    show("~5..*w", [foo, ok]),
    show("~tw ~w", ['\x{400}', '\x{400}']),
    show("~s|~s|~s", ["abc", abc, <<"bin">>]),
    show("~s", [[$a, [$b, <<"cd">>], <<"e">> | <<"f">>]]),
    show("~ts", [[1000, [$b, <<"cd">>], <<"e">> | <<"f">>]]),
    show("~3ts|~3s", [[1000, "bcd"], ["ab", "cd"]]),
    show("~ts|~ts", [<<104, 200/utf8>>, <<104, 200>>]),
    show("~8.3s|~8.6s|~8.2s|~.5s|~-6s|~2s|", ["abcdef", "ab", "ab", "ab", "ab", "abc"]),
    show("~10s|~-10s|~.2s|", [abc, abc, abc]),
    show("~s~s", [[], <<>>]),
    show("~p|~p|~p|~p|~p|~p", [ok, "abc", [], <<>>, 1.5, {}]),
    show("~p", [{tuple, [1, 2, 3], "str", <<"bin">>}]),
    show("~p", [[1, 2, 3]]),
    show("~p", [#{a => 1, b => "two"}]),
    show("~p", [<<"printable">>]),
    show("~P|~P|~P|~P", [{a, b}, 1, {a, b}, 0, [a, b, c], 1, [a, b, c], 2]),
    show("~lp|~tp", ["abc", "abc"]),
    show("~20p", [lists:seq(1, 12)]),
    show("ab\tc~p", [lists:seq(1, 25)]),
    show("~p ~p", [lists:seq(1, 20), lists:seq(1, 20)]),
    show("~s~p", ["line1\nab", lists:seq(1, 28)]),
    show("~f ~e ~g ~b ~c ~i~~", [1.0, 2.0, 3.0, 4, $a, x]),
    show("~8.16.0B ~x ~X ~+ ~# ~.3b", [255, 255, "0x", 255, "#", 10, 10, 5]),
    show("~-5c|~5c|~.3c|~5.3c|~3n|~5~", [$a, $b, $c, $d]),
    show("plain text", []),
    show(<<"bin ~w">>, [x]),
    show(<<"caf", 233, " ~w">>, [x]),
    show('atom ~w', [x]),
    show(["ab", $~, $w, "cd"], [x]),
    show(["ab", "~w"], []),
    show("~w~w", [a]),
    show("~w", [a, b]),
    show("~q", []),
    show("~-p", [ok]),
    show("~3.5s", ["a"]),
    show("~W", [x, y]),
    show("~s", [[256]]),
    show("~s", [1]),
    show([$a, foo, $~, $p], [x]),
    io:format("~p~n", [lists:flatten(io_lib:format("~p and ~w", [{a, "b"}, [c]]))]),
    io:format("~p~n", [io_lib:fwrite("~w~s", [ok, "x"])]),
    io:format("~p~n", [io_lib:format("~p", [[{k, v}]], [])]),
    ok.
