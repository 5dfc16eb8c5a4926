-module(try_clause_error).
-export([main/0]).

id(X) -> X.

main() ->
    R1 = try
             try id(unexpected) of
                 expected -> ok
             catch _:_ -> caught_inner
             end
         catch error:E -> E
         end,
    io:format("~p~n", [R1]),
    R2 = try
             try id({a, 1}) of
                 {b, _} -> b
             after put(after_ran, yes)
             end
         catch error:E2 -> {E2, get(after_ran)}
         end,
    io:format("~p~n", [R2]),
    %% a catch clause that does not match lets the exception through
    R3 = try
             try throw(x) catch throw:y -> y end
         catch throw:W -> {escaped, W}
         end,
    io:format("~p~n", [R3]),
    ok.
