-module(l_vars).
-export([f/1, g/2, h/1, i/1, j/1, k/2, l/1, m/1, n/0, o/1]).

f(X) ->
    Y = 1,
    case X of
        1 -> Z = 2;
        2 -> ok
    end,
    Z + W.

g(A, B) -> A.

h(X) ->
    if X > 1 -> Q = 1; true -> ok end,
    Q.

i(X) ->
    case X of
        1 -> R = 1;
        _ -> R = 2
    end,
    R = 3.

j(_Unused) -> _Unused.

k(_A, _A) -> ok.

l(X) ->
    try X of
        V -> V
    catch
        _:_ -> T = 1
    end,
    T.

m(X) -> (catch (C = X)), C.

n() -> F = fun(X) -> Y end, F.

o(X) -> X andalso (Y = true), Y.
