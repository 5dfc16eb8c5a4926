-module(c_maps).
-export([new/2, get/1, upd/2, upd2/2, pat/1, guard/1, nested/1, keys/2]).
new(K, V) -> #{K => V, a => 1}.
get(#{a := A, b := B}) -> {A, B};
get(#{}) -> empty.
upd(M, V) -> M#{a => V}.
upd2(M, V) -> M#{a := V, b => V}.
pat(#{x := #{y := Y}}) -> Y.
guard(M) when map_size(M) > 2, is_map_key(a, M) -> big;
guard(M) when is_map(M) -> small.
nested(M) -> #{inner => M#{c => 3}}.
keys(K, M) -> case M of #{K := V} -> V; _ -> none end.
