-module(rec_patterns).
-export([main/0]).

-record(shape, {kind, w = 1, h = 1}).
-record(other, {kind}).

id(X) -> X.

area(#shape{kind = square, w = W}) -> W * W;
area(#shape{kind = rect, w = W, h = H}) -> W * H;
area(#shape{}) -> unknown_shape;
area(_) -> not_a_shape.

is_big(S) when is_record(S, shape), S#shape.w > 10 -> true;
is_big(_) -> false.

main() ->
    Ss = [#shape{kind = square, w = 3}, #shape{kind = rect, w = 2, h = 5}, #shape{kind = circle},
          #other{kind = square}, {shape, square}, {shape, square, 4, 4}],
    io:format("~p~n", [[area(id(S)) || S <- Ss]]),
    io:format("~p~n", [[is_big(id(S)) || S <- [#shape{w = 11}, #shape{w = 10}, #other{}]]]),
    io:format("~p~n", [[K || #shape{kind = K} <- id(Ss)]]),
    case id(#shape{kind = tri, w = 7}) of
        #shape{w = W} = Sh when W > 5 -> io:format("wide ~p~n", [Sh#shape.kind]);
        _ -> io:format("narrow~n")
    end,
    ok.
