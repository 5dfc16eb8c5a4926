-module(guard_in_clauses).
-export([main/0]).

id(X) -> X.

g1(X) when abs(X) > 10 -> big;
g1(X) when bit_size(X) > 8 -> long_bits;
g1(X) when byte_size(X) =:= 1 -> one_byte;
g1(X) when ceil(X) =:= 2 -> ceil_two;
g1(X) when element(1, X) =:= tag -> tagged;
g1(X) when float(X) > 100.0 -> float_big;
g1(X) when floor(X) =:= -1 -> floor_minus_one;
g1(X) when hd(X) =:= h -> head_h;
g1(X) when length(X) > 3 -> long_list;
g1(X) when map_get(k, X) =:= v -> map_kv;
g1(X) when map_size(X) > 2 -> big_map;
g1(X) when is_map_key(q, X) -> has_q;
g1(X) when node(X) =:= nonode@nohost, X =/= X -> never;
g1(X) when round(X) =:= 7 -> round_seven;
g1(X) when size(X) =:= 2 -> size_two;
g1(X) when tl(X) =:= [t] -> tail_t;
g1(X) when trunc(X) =:= 3 -> trunc_three;
g1(X) when tuple_size(X) =:= 3 -> three_tuple;
g1(X) when binary_part(X, 0, 2) =:= <<"ab">> -> starts_ab;
g1(_) -> fallthrough.

main() ->
    Inputs = [-20, <<1, 2>>, <<9>>, 1.5, {tag, 1}, 150, -0.5, [h], [1, 2, 3, 4], #{k => v},
              #{a => 1, b => 2, c => 3}, #{q => 1}, 7.2, {x, y}, [s, t], 3.9, {1, 2, 3},
              <<"abc">>, <<"x">>, atom, "ab"],
    lists:foreach(fun(I) -> io:format("~w -> ~w~n", [I, g1(id(I))]) end, Inputs),
    ok.
