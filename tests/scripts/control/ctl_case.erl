-module(ctl_case).
-export([main/0]).

id(X) -> X.

main() ->
    R1 = [case id(X) of
              0 -> zero;
              N when N < 0 -> negative;
              N when N rem 2 =:= 0 -> even;
              _ -> odd
          end || X <- [0, -3, 4, 7]],
    io:format("~p~n", [R1]),
    %% variables bound in all clauses are usable after the case
    case id({ok, 5}) of
        {ok, V} -> Msg = found;
        {error, V} -> Msg = missing
    end,
    io:format("~p ~p~n", [V, Msg]),
    %% nested case
    R2 = case id(a) of
             a -> case id(b) of
                      b -> ab;
                      _ -> a_other
                  end;
             _ -> other
         end,
    io:format("~p~n", [R2]),
    %% case on a tuple of values
    R3 = [case {id(X), id(Y)} of
              {true, true} -> both;
              {true, _} -> first;
              {_, true} -> second;
              _ -> none
          end || X <- [true, false], Y <- [true, false]],
    io:format("~p~n", [R3]),
    %% case_clause
    R4 = try case id(zzz) of a -> 1; b -> 2 end
         catch error:E -> E end,
    io:format("~p~n", [R4]),
    ok.
