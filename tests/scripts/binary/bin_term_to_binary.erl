-module(bin_term_to_binary).
-export([main/0]).

id(X) -> X.

main() ->
    Terms = [0, 255, 256, -1, 1 bsl 40, -(1 bsl 70), 1.5, atom, '', "str", [], [1 | 2], {}, {a, b},
             <<1, 2>>, <<1:3>>, #{a => 1}, [1, [2, [3]]], "", 100000000000000000000],
    lists:foreach(fun(T) ->
                          B = term_to_binary(id(T)),
                          io:format("~w ~w ~w~n", [T, B, binary_to_term(B) =:= T])
                  end, Terms),
    C = term_to_binary(lists:duplicate(50, $a), [compressed]),
    io:format("~p ~p~n", [byte_size(C) < 60, binary_to_term(C) =:= lists:duplicate(50, $a)]),
    io:format("~p~n", [try binary_to_term(id(<<131, 99>>)) catch error:E -> E end]),
    io:format("~p~n", [binary_to_term(id(<<131, 100, 0, 3, "foo">>))]),
    io:format("~p~n", [erlang:external_size(id({a, [1, 2, 3]}))]),
    ok.
