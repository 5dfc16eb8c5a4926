-module(try_nested).
-export([main/0]).

id(X) -> X.

main() ->
    R1 = try
             try throw(inner)
             catch throw:inner -> throw(rethrown)
             end
         catch throw:X -> {outer_caught, X}
         end,
    io:format("~p~n", [R1]),
    R2 = try
             try error(e1)
             catch throw:_ -> not_here
             end
         catch error:E -> {passed_through, E}
         end,
    io:format("~p~n", [R2]),
    %% an exception in after replaces the original
    R3 = try
             try throw(original)
             after throw(from_after)
             end
         catch throw:Y -> Y
         end,
    io:format("~p~n", [R3]),
    %% an exception in a catch clause body propagates
    R4 = try
             try id(1) / id(0)
             catch error:badarith -> exit(converted)
             end
         catch exit:Z -> Z
         end,
    io:format("~p~n", [R4]),
    %% deep nesting with mixed classes
    R5 = lists:map(fun(K) ->
                           try
                               try
                                   case K of
                                       1 -> throw(t);
                                       2 -> error(e);
                                       3 -> exit(x);
                                       _ -> fine
                                   end
                               catch throw:T -> {inner, T}
                               end
                           catch C:R -> {outer, C, R}
                           end
                   end, [1, 2, 3, 4]),
    io:format("~p~n", [R5]),
    ok.
