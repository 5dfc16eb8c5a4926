-module(l_shadow).
-export([a/1, b/1, c/2]).
a(X) -> F = fun(X) -> X end, F(X).
b(L) -> [L || L <- [L]].
c(A, B) ->
    case A of
        {ok, B} -> B;
        {_C, _C} -> ok;
        _ -> _Z = A, _Z = B
    end.
