-module(ctl_if).
-export([main/0]).

id(X) -> X.

grade(S) ->
    if S >= 90 -> a;
       S >= 80 -> b;
       S >= 70 -> c;
       true -> f
    end.

main() ->
    io:format("~p~n", [[grade(id(S)) || S <- [95, 85, 75, 10, 90, 89.99]]]),
    X = id(3),
    R = if X > 5; X < 0 -> outside;
           X =:= 3, is_integer(X) -> three;
           true -> other
        end,
    io:format("~p~n", [R]),
    One = id(1),
    R2 = try if One > 2 -> never end
         catch error:E -> E end,
    io:format("~p~n", [R2]),
    %% an exception in an if guard just skips the clause
    R3 = if hd(X) =:= 1 -> list; true -> not_list end,
    io:format("~p~n", [R3]),
    ok.
