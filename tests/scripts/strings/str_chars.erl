-module(str_chars).
-export([main/0]).

id(X) -> X.

main() ->
    io:format("~p~n", [[$a, $Z, $0, $\s]]),
    io:format("~p~n", [$a + 1]),
    io:format("~c~c~c~n", [id($x), id($y), id($z)]),
    io:format("~5c|~-3c|~n", [id($*), id($-)]),
    io:format("~p~n", [[C || C <- id("Hello123"), C >= $0, C =< $9]]),
    io:format("~p~n", [lists:map(fun(C) when C >= $a, C =< $z -> C - $a + $A; (C) -> C end, id("mixed Case"))]),
    io:format("~p~n", [[is_list(id("")), id("") =:= [], length(id("abc"))]]),
    io:format("~p~n", [io_lib:printable_list(id("abc"))]),
    io:format("~p~n", [io_lib:printable_list(id([1, 2, 3]))]),
    io:format("~p~n", [[0, 1, 2]]),
    io:format("~p~n", [[10, 13, 9]]),
    io:format("~p~n", [[72, 105, 127]]),
    io:format("~p~n", [[72, 105, 300]]),
    io:format("~p~n", [[7, 8, 9, 10, 11, 12, 13, 27]]),
    ok.
