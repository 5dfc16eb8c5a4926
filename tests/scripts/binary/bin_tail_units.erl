-module(bin_tail_units).
-export([main/0]).

%% A binary segment without a size takes the rest, which must be a whole
%% number of its units: 8 by default, 1 for bitstring, or the one given.

id(X) -> X.

main() ->
    Bs = [<<1:6>>, <<1:8>>, <<1:9>>, <<1:5>>, <<>>, <<1:12>>, <<1:1>>],
    io:format("~w~n", [[tail(B) || B <- Bs]]),
    io:format("~w~n", [[after2(B) || B <- Bs]]),
    io:format("~w~n", [[reason(fun() -> <<(id(B))/binary-unit:3>> end) || B <- Bs]]),
    io:format("~w~n", [[reason(fun() -> <<(id(B))/binary-unit:4, 7:4>> end) || B <- Bs]]),
    io:format("~w~n", [[reason(fun() -> <<(id(B))/binary>> end) || B <- Bs]]),
    io:format("~w~n", [[reason(fun() -> <<(id(B))/bitstring>> end) || B <- Bs]]),
    ok.

tail(<<R/binary-unit:3>>) -> {three, R};
tail(<<R/binary-unit:4>>) -> {four, R};
tail(<<R/binary>>) -> {eight, R};
tail(_) -> none.

after2(<<X:2, R/binary-unit:2>>) -> {X, two, R};
after2(<<X:2, R/bits>>) -> {X, R};
after2(_) -> none.

reason(F) ->
    try F() catch error:E -> E end.
