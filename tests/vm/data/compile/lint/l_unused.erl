-module(l_unused).
-export([f/2, g/1]).
f(A, B) ->
    C = A,
    {D, E} = B,
    _ = fun(F) -> G = F, ok end,
    [H || H <- [1], I <- [2]],
    D.
g(_X) ->
    case _X of
        {Y, _Y} -> ok
    end.
