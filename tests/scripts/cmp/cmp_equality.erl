-module(cmp_equality).
-export([main/0]).

id(X) -> X.

main() ->
    Pairs = [{1, 1}, {1, 1.0}, {a, a}, {a, b}, {"a", [97]}, {<<"a">>, "a"}, {[], []},
             {{1, 2.0}, {1, 2}}, {[1.0], [1]}, {<<1>>, <<1:8>>}, {<<1:7>>, <<1:8>>},
             {1 bsl 70, 1 bsl 70}, {1 bsl 70, (1 bsl 70) + 0.0}],
    lists:foreach(fun({A, B}) ->
                          io:format("~w ~w: ~w ~w ~w ~w~n", [A, B, id(A) == id(B), id(A) =:= id(B),
                                                             id(A) /= id(B), id(A) =/= id(B)])
                  end, Pairs),
    io:format("~p~n", [[id(1) < id(2), id(2) =< id(2), id(3) >= id(3.0), id(3) > id(2.9)]]),
    ok.
