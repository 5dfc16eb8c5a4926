-module(bin_bitstrings).
-export([main/0]).

id(X) -> X.

main() ->
    B = id(<<5:3, 1:1>>),
    io:format("~p ~p ~p~n", [B, bit_size(B), byte_size(B)]),
    io:format("~w~n", [<<B/bitstring, B/bitstring>>]),
    io:format("~w~n", [<<B/bits, 1:4>>]),
    io:format("~p~n", [is_binary(<<B/bits, 1:4>>)]),
    <<X:3, Y:1>> = B,
    io:format("~p ~p~n", [X, Y]),
    <<Head:2/bits, Tail/bits>> = id(<<2#10110:5>>),
    io:format("~p ~p~n", [Head, Tail]),
    io:format("~p~n", [bitstring_to_list(id(<<1, 2, 3:3>>))]),
    io:format("~p~n", [list_to_bitstring(id([<<1>>, <<1:1>>, [<<2:2>>]]))]),
    io:format("~p~n", [try bit_size(id(notbits)) catch error:E -> E end]),
    io:format("~p~n", [try <<(id(<<1:1>>))/binary>> catch error:E2 -> E2 end]),
    io:format("~p~n", [erlang:bit_size(<< <<1:1>> || _ <- lists:seq(1, 13) >>)]),
    Bits = << <<(N rem 2):1>> || N <- lists:seq(1, 10) >>,
    io:format("~p ~p~n", [Bits, [Bit || <<Bit:1>> <= Bits]]),
    ok.
