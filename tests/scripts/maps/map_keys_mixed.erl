-module(map_keys_mixed).
-export([main/0]).

id(X) -> X.

main() ->
    M = maps:from_list(id([{1, int}, {1.0, float}, {a, atom}, {"a", string}, {<<"a">>, binary},
                           {{1}, tuple}, {[1], list}, {#{}, empty_map}, {-1, neg}, {1 bsl 65, big}])),
    io:format("~p~n", [M]),
    io:format("~p~n", [maps:keys(M)]),
    io:format("~p~n", [[maps:get(K, M) || K <- [1, 1.0, 1 bsl 65, #{}, {1}]]]),
    io:format("~p~n", [maps:is_key(2, M)]),
    %% float and integer keys are distinct, 0.0 and -0.0 too? (OTP 25 semantics as erl says)
    Z = maps:from_list(id([{0, int_zero}, {0.0, float_zero}])),
    io:format("~p ~p~n", [map_size(Z), maps:get(0.0, Z)]),
    ok.
