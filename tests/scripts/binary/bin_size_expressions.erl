-module(bin_size_expressions).
-export([main/0]).

id(X) -> X.

tlv(<<Type:8, Len:16, Value:Len/binary, Rest/binary>>) -> [{Type, Value} | tlv(Rest)];
tlv(<<>>) -> [].

main() ->
    Bin = id(<<1, 0, 3, "abc", 2, 0, 0, 3, 0, 1, "z">>),
    io:format("~p~n", [tlv(Bin)]),
    %% a size from an earlier segment of the same pattern
    <<N:8, Items:N/binary-unit:16, Tail/binary>> = id(<<2, 0, 1, 0, 2, 99>>),
    io:format("~p ~p ~p~n", [N, Items, Tail]),
    %% sizes computed by expressions
    Sz = id(3),
    <<P:(Sz * 8), _/binary>> = id(<<1, 2, 3, 4>>),
    io:format("~p~n", [P]),
    io:format("~p~n", [<<(id(7)):(Sz + 1)>>]),
    %% a binary segment without size must be last in a match
    <<_:1/binary, Last/binary>> = id(<<"xyz">>),
    io:format("~p~n", [Last]),
    %% size too big: no match
    R = case id(<<1, 2>>) of <<_:3/binary>> -> matched; _ -> too_short end,
    io:format("~p~n", [R]),
    io:format("~p~n", [try <<(id(1)):(id(-1))>> catch error:E -> E end]),
    io:format("~p~n", [try <<(id(<<"ab">>)):3/binary>> catch error:E2 -> E2 end]),
    ok.
