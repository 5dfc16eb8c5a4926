-module(bif_phash).
-export([main/0]).

id(X) -> X.

main() ->
    Terms = [0, 1, -1, 1 bsl 70, 1.5, a, abc, '', "abc", [], [1, 2], {}, {a, b}, <<>>, <<"abc">>,
             <<1:3>>, #{}, #{a => 1}, #{a => 1, b => [2]}, {nested, [{deep, <<"x">>}]},
             maps:from_list([{I, I} || I <- lists:seq(1, 40)])],
    [io:format("~w ~w~n", [erlang:phash2(id(T)), erlang:phash2(id(T), 1000)]) || T <- Terms],
    io:format("~p~n", [erlang:phash2(id(lists:seq(1, 1000)))]),
    io:format("~p~n", [erlang:phash2(id(1)) =:= erlang:phash2(id(1.0))]),
    io:format("~p~n", [erlang:phash(id(abc), 1 bsl 32)]),
    ok.
