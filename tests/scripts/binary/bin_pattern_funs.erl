-module(bin_pattern_funs).
-export([main/0]).

id(X) -> X.

%% a tiny parser for "key=value;..." written with binary matching
parse(Bin) -> parse(Bin, <<>>, []).

parse(<<$=, Rest/binary>>, Key, Acc) -> value(Rest, Key, <<>>, Acc);
parse(<<C, Rest/binary>>, Key, Acc) -> parse(Rest, <<Key/binary, C>>, Acc);
parse(<<>>, <<>>, Acc) -> lists:reverse(Acc).

value(<<$;, Rest/binary>>, Key, Val, Acc) -> parse(Rest, <<>>, [{Key, Val} | Acc]);
value(<<C, Rest/binary>>, Key, Val, Acc) -> value(Rest, Key, <<Val/binary, C>>, Acc);
value(<<>>, Key, Val, Acc) -> lists:reverse([{Key, Val} | Acc]).

count_bits(<<>>) -> 0;
count_bits(<<B:1, Rest/bits>>) -> B + count_bits(Rest).

rev(<<>>) -> <<>>;
rev(<<H, T/binary>>) -> <<(rev(T))/binary, H>>.

main() ->
    io:format("~p~n", [parse(id(<<"a=1;bb=22;ccc=">>))]),
    io:format("~p~n", [count_bits(id(<<255, 1, 128, 7:3>>))]),
    io:format("~p~n", [rev(id(<<"stressed">>))]),
    Acc = lists:foldl(fun(I, A) -> <<A/binary, I:8>> end, <<>>, lists:seq(1, 200)),
    io:format("~p ~p~n", [byte_size(Acc), binary:last(Acc)]),
    ok.
