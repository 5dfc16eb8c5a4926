-module(bin_bifs).
-export([main/0]).

id(X) -> X.

main() ->
    B = id(<<"hello, binary world">>),
    io:format("~p~n", [binary:split(B, <<", ">>)]),
    io:format("~p~n", [binary:split(B, <<" ">>, [global])]),
    io:format("~p~n", [binary:match(B, <<"bin">>)]),
    io:format("~p~n", [binary:matches(B, [<<"o">>, <<"l">>])]),
    io:format("~p~n", [binary:replace(B, <<"o">>, <<"0">>, [global])]),
    io:format("~p~n", [binary:part(B, 7, 6)]),
    io:format("~p~n", [binary:first(B)]),
    io:format("~p~n", [binary:last(B)]),
    io:format("~p~n", [binary:at(B, 4)]),
    io:format("~p~n", [binary:copy(<<"ab">>, 3)]),
    io:format("~p~n", [binary:decode_unsigned(<<1, 0, 0>>)]),
    io:format("~p~n", [binary:decode_unsigned(<<1, 0, 0>>, little)]),
    io:format("~p~n", [binary:encode_unsigned(16#10000)]),
    io:format("~p~n", [binary:longest_common_prefix([<<"abcd">>, <<"abxy">>, <<"ab">>])]),
    io:format("~p~n", [binary:bin_to_list(<<"abc">>)]),
    io:format("~p~n", [split_binary(B, 5)]),
    io:format("~p~n", [binary_to_list(B, 1, 5)]),
    io:format("~p~n", [list_to_binary([<<"a">>, "bc", [$d, [<<"e">>]], 102])]),
    io:format("~p~n", [iolist_size([<<"a">>, "bc", [$d, [<<"e">>]], 102])]),
    io:format("~p~n", [try list_to_binary([256]) catch error:E -> E end]),
    io:format("~p~n", [try binary:part(B, 100, 2) catch error:E2 -> E2 end]),
    ok.
