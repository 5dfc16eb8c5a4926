-module(guard_fail_silent).
-export([main/0]).

id(X) -> X.

%% An exception inside a guard makes the guard false, it is never raised.
f(X) when X + 1 > 2 -> num_big;
f(X) when hd(X) =:= a -> list_a;
f(X) when element(2, X) =:= b -> tuple_b;
f(X) when 1 / X > 0.5 -> small_positive;
f(X) when length(X) >= 0 -> proper_list;
f(_) -> default.

g(X) when is_atom(X); X > 5 -> atom_or_big;
g(X) when is_integer(X), X > 0; is_float(X) -> pos_int_or_float;
g(_) -> neither.

h(X) when X > 0, X < 10; X > 100 -> in_range;
h(_) -> out_of_range.

main() ->
    Vals = [5, 1, [a], [b], {a, b}, {a}, 0, 1.5, [x | y], foo, <<>>],
    io:format("~w~n", [[{V, f(id(V))} || V <- Vals]]),
    io:format("~w~n", [[g(id(V)) || V <- [foo, 7, 3, -3, 2.5, "x"]]]),
    io:format("~w~n", [[h(id(V)) || V <- [0, 5, 10, 50, 101]]]),
    %% semicolon: failure in the first alternative does not stop the second
    K = fun(X) when hd(X) =:= 1; X =:= empty -> yes; (_) -> no end,
    io:format("~w~n", [[K(id(V)) || V <- [[1], empty, [], 1]]]),
    ok.
