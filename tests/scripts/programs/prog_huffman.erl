-module(prog_huffman).
-export([main/0]).

freqs(S) ->
    lists:keysort(2, maps:to_list(lists:foldl(fun(C, M) -> maps:update_with(C, fun(N) -> N + 1 end, 1, M) end, #{}, S))).

build([{T, _}]) -> T;
build(L) ->
    [{A, Fa}, {B, Fb} | Rest] = lists:sort(fun({X, Fx}, {Y, Fy}) -> {Fx, weight_key(X)} =< {Fy, weight_key(Y)} end, L),
    build([{{A, B}, Fa + Fb} | Rest]).

weight_key({_, _} = T) -> {1, T};
weight_key(C) -> {0, C}.

codes({L, R}, Prefix) -> codes(L, [$0 | Prefix]) ++ codes(R, [$1 | Prefix]);
codes(C, Prefix) -> [{C, lists:reverse(Prefix)}].

encode(S, Codes) -> lists:append([proplists:get_value(C, Codes) || C <- S]).

decode([], _, _) -> [];
decode(Bits, Tree, Tree0) -> decode1(Bits, Tree, Tree0).

decode1(Bits, C, Tree0) when not is_tuple(C) -> [C | decode(Bits, Tree0, Tree0)];
decode1([$0 | Bits], {L, _}, Tree0) -> decode1(Bits, L, Tree0);
decode1([$1 | Bits], {_, R}, Tree0) -> decode1(Bits, R, Tree0);
decode1([], _, _) -> [].

main() ->
    Text = "abracadabra alakazam",
    F = freqs(Text),
    io:format("~p~n", [lists:sort(F)]),
    Tree = build(F),
    Codes = lists:sort(codes(Tree, [])),
    io:format("~p~n", [Codes]),
    Bits = encode(Text, Codes),
    io:format("~s~n~p bits~n", [Bits, length(Bits)]),
    io:format("~p~n", [decode(Bits, Tree, Tree) =:= Text]),
    ok.
