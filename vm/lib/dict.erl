%% dict: key-value dictionaries (keys matched with =:=), OTP 25's API,
%% results and exceptions.  OTP's linear hash table (segments of 16
%% buckets, slots from erlang:phash/2, pairs as [Key | Value]), changed
%% step for step as OTP does, so printed dicts and to_list orders are OTP's.
-module(dict).

-export([append/3, append_list/3, erase/2, fetch/2, fetch_keys/1, filter/2,
         find/2, fold/3, from_list/1, is_empty/1, is_key/2, map/2, merge/3,
         new/0, size/1, store/3, take/2, to_list/1, update/3, update/4,
         update_counter/3]).

-compile({no_auto_import, [size/1]}).
-compile({nowarn_deprecated_function, [{erlang, phash, 2}]}).

-define(SEG, 16).          % buckets per segment
-define(GROW_AT, 5).       % mean bucket length that adds a slot
-define(SHRINK_AT, 3).     % mean bucket length that removes one

-record(dict, {size = 0,            % pairs
               n = ?SEG,            % slots in use
               maxn = ?SEG,         % slots before the segments double
               bso = ?SEG div 2,    % offset of a slot's buddy
               exp_size = ?SEG * ?GROW_AT,
               con_size = ?SEG * ?SHRINK_AT,
               empty,               % an empty segment
               segs}).              % tuple of segments

new() ->
    E = erlang:make_tuple(?SEG, []),
    #dict{empty = E, segs = {E}}.

from_list(L) -> lists:foldl(fun({K, V}, D) -> store(K, V, D) end, new(), L).

to_list(D) -> fold(fun(K, V, Acc) -> [{K, V} | Acc] end, [], D).

fetch_keys(D) -> fold(fun(K, _, Acc) -> [K | Acc] end, [], D).

size(#dict{size = N}) when is_integer(N), N >= 0 -> N.

is_empty(#dict{size = N}) -> N =:= 0.

%% ---------------------------------------------------------------------
%% Lookups

is_key(K, D) -> has_key(K, bucket(D#dict.segs, slot(D, K))).

has_key(K, [[K | _] | _]) -> true;
has_key(K, [_ | B]) -> has_key(K, B);
has_key(_, []) -> false.

fetch(K, D) ->
    B = bucket(D#dict.segs, slot(D, K)),
    try value_of(K, B)
    catch
        throw:badarg -> erlang:error(badarg, [K, D])
    end.

value_of(K, [[K | V] | _]) -> V;
value_of(K, [_ | B]) -> value_of(K, B);
value_of(_, []) -> throw(badarg).

find(K, D) -> lookup(K, bucket(D#dict.segs, slot(D, K))).

lookup(K, [[K | V] | _]) -> {ok, V};
lookup(K, [_ | B]) -> lookup(K, B);
lookup(_, []) -> error.

%% ---------------------------------------------------------------------
%% Updates.  Each runs an operation on the key's bucket, which returns the
%% new bucket and a count (pairs added or removed) or a result.

erase(K, D0) ->
    {D, Removed} = on_bucket(fun(B) -> erase_pair(K, B) end, D0, slot(D0, K)),
    shrink(D, Removed).

erase_pair(K, [[K | _] | B]) -> {B, 1};
erase_pair(K, [P | B0]) ->
    {B, N} = erase_pair(K, B0),
    {[P | B], N};
erase_pair(_, []) -> {[], 0}.

take(K, D0) ->
    case on_bucket(fun(B) -> take_pair(K, B) end, D0, slot(D0, K)) of
        {D, {V, Removed}} -> {V, shrink(D, Removed)};
        {_, error} -> error
    end.

take_pair(K, [[K | V] | B]) -> {B, {V, 1}};
take_pair(K, [P | B0]) ->
    {B, R} = take_pair(K, B0),
    {[P | B], R};
take_pair(_, []) -> {[], error}.

store(K, V, D0) ->
    {D, Added} = on_bucket(fun(B) -> put_pair(K, fun(_) -> V end, V, B) end, D0, slot(D0, K)),
    grow(D, Added).

append(K, V, D0) ->
    {D, Added} = on_bucket(fun(B) -> put_pair(K, fun(Old) -> Old ++ [V] end, [V], B) end,
                           D0, slot(D0, K)),
    grow(D, Added).

append_list(K, L, D0) ->
    {D, Added} = on_bucket(fun(B) -> put_pair(K, fun(Old) -> Old ++ L end, L, B) end,
                           D0, slot(D0, K)),
    grow(D, Added).

%% Replaces K's value by Upd(Old), or appends [K | New] to the bucket.
put_pair(K, Upd, _, [[K | Old] | B]) -> {[[K | Upd(Old)] | B], 0};
put_pair(K, Upd, New, [P | B0]) ->
    {B, N} = put_pair(K, Upd, New, B0),
    {[P | B], N};
put_pair(K, _, New, []) -> {[[K | New]], 1}.

update(K, F, D0) ->
    try on_bucket(fun(B) -> update_pair(K, F, B) end, D0, slot(D0, K)) of
        {D, _} -> D
    catch
        throw:badarg -> erlang:error(badarg, [K, F, D0])
    end.

update_pair(K, F, [[K | V] | B]) ->
    New = F(V),
    {[[K | New] | B], New};
update_pair(K, F, [P | B0]) ->
    {B, New} = update_pair(K, F, B0),
    {[P | B], New};
update_pair(_, _, []) -> throw(badarg).

update(K, F, Init, D0) ->
    {D, Added} = on_bucket(fun(B) -> update_pair(K, F, Init, B) end, D0, slot(D0, K)),
    grow(D, Added).

update_pair(K, F, _, [[K | V] | B]) -> {[[K | F(V)] | B], 0};
update_pair(K, F, Init, [P | B0]) ->
    {B, N} = update_pair(K, F, Init, B0),
    {[P | B], N};
update_pair(K, F, Init, []) when is_function(F, 1) -> {[[K | Init]], 1}.

update_counter(K, Incr, D0) when is_number(Incr) ->
    {D, Added} = on_bucket(fun(B) -> put_pair(K, fun(V) -> V + Incr end, Incr, B) end,
                           D0, slot(D0, K)),
    grow(D, Added).

%% ---------------------------------------------------------------------
%% Traversal: segments and buckets from the last to the first.

fold(F, Acc, #dict{size = 0}) when is_function(F, 3) -> Acc;
fold(F, Acc, D) ->
    Segs = D#dict.segs,
    fold_segs(F, Acc, Segs, tuple_size(Segs)).

fold_segs(F, Acc, Segs, I) when I >= 1 ->
    Seg = element(I, Segs),
    fold_segs(F, fold_seg(F, Acc, Seg, tuple_size(Seg)), Segs, I - 1);
fold_segs(F, Acc, _, 0) when is_function(F, 3) -> Acc.

fold_seg(F, Acc, Seg, I) when I >= 1 ->
    fold_seg(F, fold_bucket(F, Acc, element(I, Seg)), Seg, I - 1);
fold_seg(F, Acc, _, 0) when is_function(F, 3) -> Acc.

fold_bucket(F, Acc, [[K | V] | B]) -> fold_bucket(F, F(K, V, Acc), B);
fold_bucket(F, Acc, []) when is_function(F, 3) -> Acc.

map(F, #dict{size = 0} = D) when is_function(F, 2) -> D;
map(F, D) ->
    D#dict{segs = list_to_tuple(map_segs(F, tuple_to_list(D#dict.segs)))}.

map_segs(F, [Seg | Segs]) ->
    [list_to_tuple(map_buckets(F, tuple_to_list(Seg))) | map_segs(F, Segs)];
map_segs(F, []) when is_function(F, 2) -> [].

map_buckets(F, [B | Bs]) -> [map_bucket(F, B) | map_buckets(F, Bs)];
map_buckets(F, []) when is_function(F, 2) -> [].

map_bucket(F, [[K | V] | B]) -> [[K | F(K, V)] | map_bucket(F, B)];
map_bucket(F, []) when is_function(F, 2) -> [].

filter(F, #dict{size = 0} = D) when is_function(F, 2) -> D;
filter(F, D) ->
    {Segs, Dropped} = filter_segs(F, tuple_to_list(D#dict.segs), [], 0),
    shrink(D#dict{segs = list_to_tuple(Segs)}, Dropped).

filter_segs(F, [Seg | Segs], Done, N0) ->
    {Bs, N} = filter_buckets(F, tuple_to_list(Seg), [], N0),
    filter_segs(F, Segs, [list_to_tuple(Bs) | Done], N);
filter_segs(F, [], Done, N) when is_function(F, 2) -> {lists:reverse(Done), N}.

filter_buckets(F, [B | Bs], Done, N0) ->
    {B1, N} = filter_bucket(F, B, [], N0),
    filter_buckets(F, Bs, [B1 | Done], N);
filter_buckets(F, [], Done, N) when is_function(F, 2) -> {lists:reverse(Done), N}.

filter_bucket(F, [[K | V] = P | B], Kept, N) ->
    case F(K, V) of
        true -> filter_bucket(F, B, [P | Kept], N);
        false -> filter_bucket(F, B, Kept, N + 1)
    end;
filter_bucket(F, [], Kept, N) when is_function(F, 2) -> {lists:reverse(Kept), N}.

%% The smaller dict is folded into the larger one.
merge(F, D1, D2) when D1#dict.size < D2#dict.size ->
    fold(fun(K, V1, D) -> update(K, fun(V2) -> F(K, V1, V2) end, V1, D) end, D2, D1);
merge(F, D1, D2) ->
    fold(fun(K, V2, D) -> update(K, fun(V1) -> F(K, V1, V2) end, V2, D) end, D1, D2).

%% ---------------------------------------------------------------------
%% The hash table

slot(D, K) ->
    H = erlang:phash(K, D#dict.maxn),
    if
        H > D#dict.n -> H - D#dict.bso;
        true -> H
    end.

bucket(Segs, Slot) ->
    element((Slot - 1) rem ?SEG + 1, element((Slot - 1) div ?SEG + 1, Segs)).

set_bucket(Segs, Slot, B) ->
    SI = (Slot - 1) div ?SEG + 1,
    setelement(SI, Segs, setelement((Slot - 1) rem ?SEG + 1, element(SI, Segs), B)).

on_bucket(Op, D, Slot) ->
    Segs = D#dict.segs,
    {B, Res} = Op(bucket(Segs, Slot)),
    {D#dict{segs = set_bucket(Segs, Slot, B)}, Res}.

%% Added pairs more (0 or 1); past the load limit slot N+1 is split off
%% its buddy.
grow(D, Added) when Added =:= 0; Added =:= 1 ->
    #dict{size = Size, exp_size = Exp} = D,
    if
        Size + Added > Exp ->
            #dict{n = N0, bso = Bso, maxn = MaxN, segs = Segs0} = D1 = more_segs(D),
            N = N0 + 1,
            From = N - Bso,
            {Stay, Move} = split_bucket(bucket(Segs0, From), From, MaxN),
            Segs = set_bucket(set_bucket(Segs0, From, Stay), N, Move),
            D1#dict{size = Size + Added, n = N, exp_size = N * ?GROW_AT,
                    con_size = N * ?SHRINK_AT, segs = Segs};
        true -> D#dict{size = Size + Added}
    end.

more_segs(#dict{n = N, maxn = N, bso = Bso, segs = Segs, empty = E} = D) ->
    Pad = lists:duplicate(tuple_size(Segs), E),
    D#dict{maxn = 2 * N, bso = 2 * Bso, segs = list_to_tuple(tuple_to_list(Segs) ++ Pad)};
more_segs(D) -> D.

split_bucket([[K | _] = P | B], From, MaxN) ->
    {Stay, Move} = split_bucket(B, From, MaxN),
    case erlang:phash(K, MaxN) of
        From -> {[P | Stay], Move};
        _ -> {Stay, [P | Move]}
    end;
split_bucket([], _, _) -> {[], []}.

%% Dropped pairs fewer; under the load limit the last slot is merged back
%% into its buddy.
shrink(D, Dropped) when D#dict.size - Dropped < D#dict.con_size, D#dict.n > ?SEG ->
    #dict{size = Size, n = N, bso = Bso, segs = Segs0} = D,
    Into = N - Bso,
    Segs1 = set_bucket(Segs0, Into, bucket(Segs0, Into) ++ bucket(Segs0, N)),
    Segs = set_bucket(Segs1, N, []),
    N1 = N - 1,
    fewer_segs(D#dict{size = Size - Dropped, n = N1, exp_size = N1 * ?GROW_AT,
                      con_size = N1 * ?SHRINK_AT, segs = Segs});
shrink(D, Dropped) -> D#dict{size = D#dict.size - Dropped}.

fewer_segs(#dict{n = N, bso = N, maxn = MaxN, segs = Segs} = D) ->
    Half = lists:sublist(tuple_to_list(Segs), tuple_size(Segs) div 2),
    D#dict{maxn = MaxN div 2, bso = N div 2, segs = list_to_tuple(Half)};
fewer_segs(D) -> D.
