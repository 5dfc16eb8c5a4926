-module(stdlib_lists_strings_mix).
-export([main/0]).

word_freq(Text) ->
    Words = string:lexemes(string:lowercase(Text), " ,.!?"),
    Counts = lists:foldl(fun(W, M) -> maps:update_with(W, fun(C) -> C + 1 end, 1, M) end, #{}, Words),
    lists:sort(fun({W1, C1}, {W2, C2}) -> {C2, W1} =< {C1, W2} end, maps:to_list(Counts)).

caesar(S, N) ->
    [if C >= $a, C =< $z -> $a + (C - $a + N) rem 26;
        C >= $A, C =< $Z -> $A + (C - $A + N) rem 26;
        true -> C end || C <- S].

main() ->
    Text = "The cat and the hat. The end, and the start!",
    io:format("~p~n", [word_freq(Text)]),
    io:format("~s~n", [caesar("Hello, World", 3)]),
    io:format("~s~n", [caesar(caesar("Round Trip", 13), 13)]),
    io:format("~p~n", [string:join([integer_to_list(N) || N <- lists:seq(1, 5)], "+")]),
    Csv = "name,age\nann,31\nbob,27\n",
    Rows = [string:split(L, ",", all) || L <- string:lexemes(Csv, "\n")],
    io:format("~p~n", [Rows]),
    ok.
