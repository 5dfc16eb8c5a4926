-module(io_lib_chars_limit).
-export([main/0]).

%% io_lib:format/3 and io_lib:write/2 with chars_limit: how ~p ~P ~w ~W
%% and ~s share the limit, the depth search that cuts a term evenly,
%% strings and binaries cut to a prefix, ~s cut to "...", fields and
%% precision with a limit, and the limits that are none or bad.

id(X) -> X.

show(F, A, L) ->
    case catch io_lib:format(id(F), id(A), [{chars_limit, L}]) of
        {'EXIT', {E, _}} -> io:format("~w: error ~w~n", [L, E]);
        R -> io:format("~w: ~w~n~s~n", [L, R, ascii(lists:flatten(R))])
    end.

ascii([C | Cs]) when C >= 32, C < 127; C =:= $\n -> [C | ascii(Cs)];
ascii([C | Cs]) -> "\\x{" ++ integer_to_list(C, 16) ++ "}" ++ ascii(Cs);
ascii([]) -> [].

main() ->
    T = {record, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "a string of some length",
         <<"bin bin bin bin">>, #{a => 1, b => [x, y, z], c => {q, r}}},
    [show("~p", [T], L) || L <- [0, 1, 5, 10, 20, 30, 50, 80, 200]],
    [show("~w", [T], L) || L <- [0, 3, 10, 20, 50, 100]],
    [show("~P ~W", [T, 3, T, 4], L) || L <- [20, 60]],
    %% the limit left by the other text, shared in turn
    [show("abc ~p ~w~n~10s", [lists:seq(1, 40), {a, b, c, d}, "hello world"], L)
     || L <- [10, 40, 100]],
    [show("~p", [[lists:seq(1, 30), lists:seq(1, 30)]], L) || L <- [25, 60, 120]],
    %% ~s: chardata cut to the limit, its last three chars "..."
    [show("~s|~s", ["abcdefghijklmnop", [<<"xyz">>, "uvw" | <<"rst">>]], L)
     || L <- [0, 3, 5, 8, 12, 30]],
    [show("~ts", [[16#1F600, "abc", <<"def"/utf8>>, $e, 769, "ghi"]], L) || L <- [4, 6, 8]],
    [show("~-10w|~10.3w|~5.2.xs", [foo, barbazqux, "abcdefgh"], L) || L <- [5, 8, 40]],
    [show("~s ~s", [abcdefghijkl, "abcdefghijkl"], L) || L <- [6, 20]],
    %% binaries: bytes, printable prefixes, bits
    [show("~p", [<<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20:5>>], L)
     || L <- [10, 25, 50]],
    B = list_to_binary(lists:duplicate(40, $a)),
    [show("~p", [<<B/binary, B/binary>>], L) || L <- [10, 25, 50]],
    [show("~P", [{B, [B]}, 100], L) || L <- [20, 26, 31, 34, 40, 60]],
    [show("~p", [[B, B]], L) || L <- [20, 26, 30, 60]],
    [show("~tp", [<<"caf", 233/utf8, " ", 960/utf8, "!">>], L) || L <- [6, 9, 14]],
    %% maps and the depth of their keys and values
    [show("~p", [#{k1 => #{k2 => #{k3 => [1, 2, 3]}}, k4 => "str"}], L) || L <- [10, 25, 40]],
    %% laid out over lines within the limit
    Deep = [{state, lists:seq(1, 12), #{name => "server", opts => [a, b, c]}}
            || _ <- lists:seq(1, 4)],
    [show("~p", [Deep], L) || L <- [60, 150, 400]],
    [show("~40p", [Deep], L) || L <- [100]],
    %% strings: a printable prefix, or a list
    [show("~p", [lists:duplicate(30, $z)], L) || L <- [1, 2, 3, 10, 40]],
    [show("~lp ~tp", [lists:duplicate(30, $z), [960 | lists:duplicate(30, $z)]], L)
     || L <- [15, 40]],
    %% no directive that prints a term: the limit changes nothing
    show("~b ~c ~e~n", [42, $x, 1.5], 2),
    %% limits that are none, or bad
    show("~p", [lists:seq(1, 30)], -1),
    show("~p", [x], unlimited),
    show("~p", [x], 5.0),
    show("abc", [], 5.0),
    show("~-p", [x], 5),
    show("~s", [[300]], 5),
    show("~s", [[$a | b]], 2),
    io:format("~w~n", [try io_lib:format("~p", [x], notalist) catch error:E -> E end]),
    io:format("~w~n", [io_lib:format("~p", [x], [{chars_limit, 10} | bad])]),
    io:format("~w~n", [io_lib:fwrite("~w ~s", [lists:seq(1, 9), ok], [{chars_limit, 9}])]),
    %% io_lib:write/2
    W = {abc, "def", <<"ghi">>, 'Jkl', [1, 2, 3, 4, 5]},
    [io:format("~w: ~w~n", [L, io_lib:write(W, [{chars_limit, L}])]) || L <- [0, 1, 8, 12, 20, 40]],
    io:format("~w~n", [io_lib:write(W, [{chars_limit, 12}, {depth, 2}])]),
    io:format("~w~n", [io_lib:write(W, [{chars_limit, 25}, {encoding, latin1}])]),
    io:format("~w~n", [io_lib:write(lists:seq(1, 9), [{chars_limit, -3}])]),
    ok.
