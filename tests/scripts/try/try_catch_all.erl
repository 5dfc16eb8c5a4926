-module(try_catch_all).
-export([main/0]).

id(X) -> X.

classify(F) ->
    try F()
    catch
        throw:Term when is_atom(Term) -> {throw_atom, Term};
        throw:Term -> {throw_other, Term};
        error:{Tag, _} when Tag =:= badmatch; Tag =:= case_clause -> {match_error, Tag};
        error:Reason when is_atom(Reason) -> {error_atom, Reason};
        exit:normal -> exit_normal;
        _:_ -> something_else
    end.

main() ->
    Fs = [fun() -> throw(a) end,
          fun() -> throw({b}) end,
          fun() -> {x} = id(y) end,
          fun() -> case id(q) of r -> r end end,
          fun() -> id(1) / id(0) end,
          fun() -> exit(normal) end,
          fun() -> exit({shutdown, x}) end,
          fun() -> error({custom, reason, 1}) end,
          fun() -> fine end],
    io:format("~p~n", [[classify(F) || F <- Fs]]),
    %% catch with only a class pattern, and _ class
    R = [try F() catch _ -> caught_throw_only end || F <- [fun() -> throw(x) end, fun() -> ok end]],
    io:format("~p~n", [R]),
    R2 = try exit(e) catch throw:_ -> no; _:_ -> any end,
    io:format("~p~n", [R2]),
    ok.
