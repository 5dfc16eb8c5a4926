-module(deep_terms).
-export([main/0]).

nest(0, Acc) -> Acc;
nest(N, Acc) -> nest(N - 1, [Acc]).

nest_t(0, Acc) -> Acc;
nest_t(N, Acc) -> nest_t(N - 1, {N, Acc}).

depth([X]) -> 1 + depth(X);
depth(_) -> 0.

main() ->
    D = nest(100000, leaf),
    io:format("~p~n", [depth(D)]),
    io:format("~p~n", [D =:= nest(100000, leaf)]),
    io:format("~p~n", [erlang:phash2(D)]),
    T = nest_t(100000, done),
    B = term_to_binary(T),
    io:format("~p~n", [byte_size(B)]),
    io:format("~p~n", [binary_to_term(B) =:= T]),
    io:format("~p~n", [lists:flatten(nest(50000, [x])) =:= [x]]),
    ok.
