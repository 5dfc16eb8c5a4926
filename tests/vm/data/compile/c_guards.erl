-module(c_guards).
-export([g/1, g2/2, g3/1, g4/1, g5/2, g6/1, orelse_body/2, andalso_tail/1]).
g(X) when is_integer(X) andalso X > 0 -> pos;
g(X) when is_integer(X) orelse is_float(X) -> num;
g(X) when not is_atom(X) -> notatom;
g(_) -> other.
g2(X, Y) when X > Y; X =:= 0 -> a;
g2(X, Y) when (X + Y) rem 2 == 0, abs(X) < 10 -> b;
g2(_, _) -> c.
g3(T) when element(1, T) =:= ok -> ok;
g3(_) -> no.
g4(L) when length(L) > 2, hd(L) == a -> yes;
g4(_) -> no.
g5(A, B) when A and B -> both;
g5(A, B) when A or B -> one;
g5(_, _) -> none.
g6(X) when is_function(X, 2) -> f2;
g6(X) when is_list(X), X =/= [] -> list;
g6(X) when is_binary(X), byte_size(X) > 0 -> bin;
g6(_) -> other.
orelse_body(A, B) -> A orelse B.
andalso_tail(X) -> is_integer(X) andalso g(X) =:= pos.
