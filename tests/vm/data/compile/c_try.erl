-module(c_try).
-export([t1/1, t2/1, t3/1, t4/1, c1/1, c2/1, rethrow/1, stack/0]).

t1(F) ->
    try F() of
        {ok, V} -> V;
        Other -> {other, Other}
    catch
        throw:X -> {thrown, X};
        error:badarg -> badarg;
        exit:R:S -> {exit, R, S}
    end.

t2(F) ->
    try F()
    after
        io:format("after~n")
    end.

t3(F) ->
    try
        X = F(),
        X + 1
    catch
        _:_ -> error
    after
        cleanup
    end.

t4(F) ->
    try F() of
        V -> V
    catch
        C:R -> {C, R}
    after
        ok
    end.

c1(F) -> catch F().

c2(X) -> case catch list_to_integer(X) of
             {'EXIT', _} -> bad;
             N -> N
         end.

rethrow(F) ->
    try F() catch Class:Reason:Stack -> erlang:raise(Class, Reason, Stack) end.

stack() -> try erlang:error(x) catch _:_:S -> S end.
