-module(bool_in_guards).
-export([main/0]).

id(X) -> X.

f(X) when is_integer(X) andalso X > 0 -> pos_int;
f(X) when is_atom(X) orelse is_binary(X) -> atom_or_bin;
f(X) when not is_list(X) -> not_list;
f(X) when (length(X) > 2) xor (hd(X) =:= a) -> xor_case;
f(_) -> other.

main() ->
    io:format("~p~n", [[f(id(V)) || V <- [5, -5, a, <<>>, 1.0, [1, 2, 3], [a], [a, b, c], [b]]]]),
    B = fun(X) -> is_boolean(X) end,
    io:format("~p~n", [[B(id(V)) || V <- [true, false, 0, 'true', "true"]]]),
    ok.
