%% orddict: key-value dictionaries as lists of {Key, Value} sorted by key
%% (keys compared with ==), OTP 25's API, results and exceptions.
%% The representation is the plain list, so programs may print it.
-module(orddict).

-export([append/3, append_list/3, erase/2, fetch/2, fetch_keys/1, filter/2,
         find/2, fold/3, from_list/1, is_empty/1, is_key/2, map/2, merge/3,
         new/0, size/1, store/3, take/2, to_list/1, update/3, update/4,
         update_counter/3]).

new() -> [].

to_list(D) -> D.

size(D) -> length(D).

is_empty([]) -> true;
is_empty([_ | _]) -> false.

%% Later pairs win: reverse, then keep the first of equal keys.
from_list([]) -> [];
from_list([{_, _}] = One) -> One;
from_list(Pairs) -> lists:ukeysort(1, rev_pairs(Pairs, [])).

rev_pairs([{_, _} = P | Ps], Acc) -> rev_pairs(Ps, [P | Acc]);
rev_pairs([], Acc) -> Acc.

is_key(K, [{K1, _} | _]) when K < K1 -> false;
is_key(K, [{K1, _} | D]) when K > K1 -> is_key(K, D);
is_key(_, [{_, _} | _]) -> true;
is_key(_, []) -> false.

fetch(K, [{K1, _} | D]) when K > K1 -> fetch(K, D);
fetch(K, [{K1, V} | _]) when K == K1 -> V.

find(K, [{K1, _} | _]) when K < K1 -> error;
find(K, [{K1, _} | D]) when K > K1 -> find(K, D);
find(_, [{_, V} | _]) -> {ok, V};
find(_, []) -> error.

fetch_keys([{K, _} | D]) -> [K | fetch_keys(D)];
fetch_keys([]) -> [].

erase(K, [{K1, _} | _] = D) when K < K1 -> D;
erase(K, [{K1, _} = P | D]) when K > K1 -> [P | erase(K, D)];
erase(_, [{_, _} | D]) -> D;
erase(_, []) -> [].

take(K, D) -> take(K, D, []).

take(K, [{K1, _} | _], _) when K < K1 -> error;
take(K, [{K1, _} = P | D], Seen) when K > K1 -> take(K, D, [P | Seen]);
take(_, [{_, V} | D], Seen) -> {V, lists:reverse(Seen, D)};
take(_, [], _) -> error.

store(K, V, [{K1, _} | _] = D) when K < K1 -> [{K, V} | D];
store(K, V, [{K1, _} = P | D]) when K > K1 -> [P | store(K, V, D)];
store(K, V, [{_, _} | D]) -> [{K, V} | D];
store(K, V, []) -> [{K, V}].

append(K, V, [{K1, _} | _] = D) when K < K1 -> [{K, [V]} | D];
append(K, V, [{K1, _} = P | D]) when K > K1 -> [P | append(K, V, D)];
append(K, V, [{_, Old} | D]) -> [{K, Old ++ [V]} | D];
append(K, V, []) -> [{K, [V]}].

append_list(K, L, [{K1, _} | _] = D) when K < K1 -> [{K, L} | D];
append_list(K, L, [{K1, _} = P | D]) when K > K1 -> [P | append_list(K, L, D)];
append_list(K, L, [{_, Old} | D]) -> [{K, Old ++ L} | D];
append_list(K, L, []) -> [{K, L}].

update(K, F, [{K1, _} = P | D]) when K > K1 -> [P | update(K, F, D)];
update(K, F, [{K1, V} | D]) when K == K1 -> [{K, F(V)} | D].

update(K, _, Init, [{K1, _} | _] = D) when K < K1 -> [{K, Init} | D];
update(K, F, Init, [{K1, _} = P | D]) when K > K1 -> [P | update(K, F, Init, D)];
update(K, F, _, [{_, V} | D]) -> [{K, F(V)} | D];
update(K, _, Init, []) -> [{K, Init}].

update_counter(K, N, [{K1, _} | _] = D) when K < K1 -> [{K, N} | D];
update_counter(K, N, [{K1, _} = P | D]) when K > K1 -> [P | update_counter(K, N, D)];
update_counter(K, N, [{_, V} | D]) -> [{K, V + N} | D];
update_counter(K, N, []) -> [{K, N}].

fold(F, Acc, [{K, V} | D]) -> fold(F, F(K, V, Acc), D);
fold(F, Acc, []) when is_function(F, 3) -> Acc.

map(F, [{K, V} | D]) -> [{K, F(K, V)} | map(F, D)];
map(F, []) when is_function(F, 2) -> [].

filter(F, [{K, V} = P | D]) ->
    case F(K, V) of
        true -> [P | filter(F, D)];
        false -> filter(F, D)
    end;
filter(F, []) when is_function(F, 2) -> [].

%% On equal keys the key of the first dictionary is kept.
merge(F, [{K1, _} = P1 | D1], [{K2, _} | _] = D2) when K1 < K2 ->
    [P1 | merge(F, D1, D2)];
merge(F, [{K1, _} | _] = D1, [{K2, _} = P2 | D2]) when K1 > K2 ->
    [P2 | merge(F, D1, D2)];
merge(F, [{K1, V1} | D1], [{_, V2} | D2]) ->
    [{K1, F(K1, V1, V2)} | merge(F, D1, D2)];
merge(F, [], D2) when is_function(F, 3) -> D2;
merge(F, D1, []) when is_function(F, 3) -> D1.
