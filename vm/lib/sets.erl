%% sets: unordered sets, OTP 25's API, results and exceptions.  Version 1
%% (the default) is OTP's linear hash table (segments of 16 buckets, slots
%% from erlang:phash/2), changed step for step as OTP does, so printed sets
%% and to_list/fold orders are OTP's.  Version 2 is a map Element => [].
-module(sets).

-export([add_element/2, del_element/2, filter/2, fold/3, from_list/1,
         from_list/2, intersection/1, intersection/2, is_disjoint/2,
         is_element/2, is_empty/1, is_set/1, is_subset/2, new/0, new/1,
         size/1, subtract/2, to_list/1, union/1, union/2]).

-compile({no_auto_import, [size/1]}).
-compile({nowarn_deprecated_function, [{erlang, phash, 2}]}).

-define(SEG, 16).          % buckets per segment
-define(GROW_AT, 5).       % mean bucket length that adds a slot
-define(SHRINK_AT, 3).     % mean bucket length that removes one

-record(set, {size = 0,            % elements
              n = ?SEG,            % slots in use
              maxn = ?SEG,         % slots before the segments double
              bso = ?SEG div 2,    % offset of a slot's buddy
              exp_size = ?SEG * ?GROW_AT,
              con_size = ?SEG * ?SHRINK_AT,
              empty,               % an empty segment
              segs}).              % tuple of segments

%% ---------------------------------------------------------------------
%% Creation

new() ->
    E = empty_seg(),
    #set{empty = E, segs = {E}}.

new([{version, 2}]) -> #{};
new(Opts) ->
    case proplists:get_value(version, Opts, 1) of
        1 -> new();
        2 -> #{}
    end.

from_list(L) -> lists:foldl(fun add_element/2, new(), L).

from_list(L, [{version, 2}]) -> maps:from_keys(L, []);
from_list(L, Opts) ->
    case proplists:get_value(version, Opts, 1) of
        1 -> from_list(L);
        2 -> maps:from_keys(L, [])
    end.

empty_seg() -> erlang:make_tuple(?SEG, []).

%% ---------------------------------------------------------------------
%% Queries

is_set(#{}) -> true;
is_set(#set{}) -> true;
is_set(_) -> false.

size(#{} = S) -> map_size(S);
size(#set{size = N}) -> N.

is_empty(#{} = S) -> map_size(S) =:= 0;
is_empty(#set{size = N}) -> N =:= 0.

to_list(#{} = S) -> maps:keys(S);
to_list(#set{} = S) -> fold(fun(E, Acc) -> [E | Acc] end, [], S).

is_element(E, #{} = S) -> is_map_key(E, S);
is_element(E, #set{} = S) -> lists:member(E, bucket(S#set.segs, slot(S, E))).

%% ---------------------------------------------------------------------
%% Adding and removing

add_element(E, #{} = S) -> S#{E => []};
add_element(E, #set{segs = Segs} = S) ->
    Slot = slot(S, E),
    B = bucket(Segs, Slot),
    case lists:member(E, B) of
        true -> S;
        false -> grow(S#set{segs = set_bucket(Segs, Slot, [E | B])})
    end.

del_element(E, #{} = S) -> maps:remove(E, S);
del_element(E, #set{segs = Segs} = S) ->
    Slot = slot(S, E),
    B = bucket(Segs, Slot),
    case lists:member(E, B) of
        false -> S;
        true -> shrink(S#set{segs = set_bucket(Segs, Slot, lists:delete(E, B))}, 1)
    end.

%% ---------------------------------------------------------------------
%% Set algebra

union(#{} = A, #{} = B) -> maps:merge(A, B);
union(A, B) ->
    Add = fun(E, S) -> add_element(E, S) end,
    case size(A) < size(B) of
        true -> fold(Add, B, A);
        false -> fold(Add, A, B)
    end.

union([A, B | Rest]) -> union_all(union(A, B), Rest);
union([S]) -> S;
union([]) -> new().

union_all(S, [S1 | Rest]) -> union_all(union(S, S1), Rest);
union_all(S, []) -> S.

intersection(#{} = A, #{} = B) ->
    {Small, Big} = case map_size(A) < map_size(B) of
                       true -> {A, B};
                       false -> {B, A}
                   end,
    maps:from_keys([K || K <- maps:keys(Small), is_map_key(K, Big)], []);
intersection(A, B) ->
    case size(A) < size(B) of
        true -> filter(fun(E) -> is_element(E, B) end, A);
        false -> filter(fun(E) -> is_element(E, A) end, B)
    end.

intersection([A, B | Rest]) -> intersect_all(intersection(A, B), Rest);
intersection([S]) -> S.

intersect_all(S, [S1 | Rest]) -> intersect_all(intersection(S, S1), Rest);
intersect_all(S, []) -> S.

is_disjoint(#{} = A, #{} = B) ->
    {Small, Big} = if map_size(A) < map_size(B) -> {A, B};
                      true -> {B, A}
                   end,
    none_in(maps:keys(Small), Big);
is_disjoint(A, B) ->
    Out = fun(S) -> fun(_, false) -> false;
                       (E, true) -> not is_element(E, S)
                    end end,
    case size(A) < size(B) of
        true -> fold(Out(B), true, A);
        false -> fold(Out(A), true, B)
    end.

none_in([K | Ks], M) ->
    case is_map_key(K, M) of
        true -> false;
        false -> none_in(Ks, M)
    end;
none_in([], _) -> true.

subtract(#{} = A, #{} = B) ->
    maps:from_keys([K || K <- maps:keys(A), not is_map_key(K, B)], []);
subtract(A, B) -> filter(fun(E) -> not is_element(E, B) end, A).

is_subset(#{} = A, #{} = B) ->
    map_size(A) =< map_size(B) andalso all_in(maps:keys(A), B);
is_subset(A, B) ->
    fold(fun(E, Sub) -> Sub andalso is_element(E, B) end, true, A).

all_in([K | Ks], M) ->
    case is_map_key(K, M) of
        true -> all_in(Ks, M);
        false -> false
    end;
all_in([], _) -> true.

%% ---------------------------------------------------------------------
%% Traversal: v1 walks segments and buckets from the last to the first.

fold(F, Acc, #{} = S) when is_function(F, 2) -> fold_iter(F, Acc, maps:next(maps:iterator(S)));
fold(F, Acc, #set{segs = Segs}) when is_function(F, 2) ->
    fold_segs(F, Acc, Segs, tuple_size(Segs)).

fold_iter(F, Acc, {K, _, I}) -> fold_iter(F, F(K, Acc), maps:next(I));
fold_iter(_, Acc, none) -> Acc.

fold_segs(F, Acc, Segs, I) when I >= 1 ->
    Seg = element(I, Segs),
    fold_segs(F, fold_seg(F, Acc, Seg, tuple_size(Seg)), Segs, I - 1);
fold_segs(_, Acc, _, _) -> Acc.

fold_seg(F, Acc, Seg, I) when I >= 1 ->
    fold_seg(F, lists:foldl(F, Acc, element(I, Seg)), Seg, I - 1);
fold_seg(_, Acc, _, _) -> Acc.

filter(P, #{} = S) when is_function(P, 1) ->
    maps:from_keys(keep_iter(P, maps:next(maps:iterator(S))), []);
filter(P, #set{segs = Segs} = S) when is_function(P, 1) ->
    {NewSegs, Dropped} = filter_segs(P, tuple_to_list(Segs), [], 0),
    shrink(S#set{segs = list_to_tuple(NewSegs)}, Dropped).

keep_iter(P, {K, _, I}) ->
    case P(K) of
        true -> [K | keep_iter(P, maps:next(I))];
        false -> keep_iter(P, maps:next(I))
    end;
keep_iter(_, none) -> [].

%% Buckets are visited first to last; a kept bucket comes out reversed.
filter_segs(P, [Seg | Segs], Done, N0) ->
    {Bs, N} = filter_buckets(P, tuple_to_list(Seg), [], N0),
    filter_segs(P, Segs, [list_to_tuple(Bs) | Done], N);
filter_segs(_, [], Done, N) -> {lists:reverse(Done), N}.

filter_buckets(P, [B | Bs], Done, N0) ->
    {B1, N} = filter_bucket(P, B, [], N0),
    filter_buckets(P, Bs, [B1 | Done], N);
filter_buckets(_, [], Done, N) -> {lists:reverse(Done), N}.

filter_bucket(P, [E | Es], Kept, N) ->
    case P(E) of
        true -> filter_bucket(P, Es, [E | Kept], N);
        false -> filter_bucket(P, Es, Kept, N + 1)
    end;
filter_bucket(_, [], Kept, N) -> {Kept, N}.

%% ---------------------------------------------------------------------
%% The hash table

slot(#set{maxn = MaxN, n = N, bso = Bso}, E) ->
    case erlang:phash(E, MaxN) of
        H when H > N -> H - Bso;
        H -> H
    end.

bucket(Segs, Slot) ->
    element((Slot - 1) rem ?SEG + 1, element((Slot - 1) div ?SEG + 1, Segs)).

set_bucket(Segs, Slot, B) ->
    SI = (Slot - 1) div ?SEG + 1,
    setelement(SI, Segs, setelement((Slot - 1) rem ?SEG + 1, element(SI, Segs), B)).

%% One element more; past the load limit slot N+1 is split off its buddy.
grow(#set{size = Size, exp_size = Exp} = S) when Size + 1 > Exp ->
    #set{n = N0, bso = Bso, maxn = MaxN, segs = Segs0} = S1 = more_segs(S),
    N = N0 + 1,
    From = N - Bso,
    {Stay, Move} = split_bucket(bucket(Segs0, From), From, MaxN),
    Segs = set_bucket(set_bucket(Segs0, From, Stay), N, Move),
    S1#set{size = Size + 1, n = N, exp_size = N * ?GROW_AT,
           con_size = N * ?SHRINK_AT, segs = Segs};
grow(#set{size = Size} = S) -> S#set{size = Size + 1}.

more_segs(#set{n = N, maxn = N, bso = Bso, segs = Segs, empty = E} = S) ->
    Pad = lists:duplicate(tuple_size(Segs), E),
    S#set{maxn = 2 * N, bso = 2 * Bso, segs = list_to_tuple(tuple_to_list(Segs) ++ Pad)};
more_segs(S) -> S.

%% Keeps each element's relative order within its new bucket.
split_bucket([E | Es], From, MaxN) ->
    {Stay, Move} = split_bucket(Es, From, MaxN),
    case erlang:phash(E, MaxN) of
        From -> {[E | Stay], Move};
        _ -> {Stay, [E | Move]}
    end;
split_bucket([], _, _) -> {[], []}.

%% Dropped elements fewer; under the load limit the last slot is merged
%% back into its buddy.
shrink(#set{size = Size, con_size = Con, n = N} = S, Dropped)
  when Size - Dropped < Con, N > ?SEG ->
    #set{bso = Bso, segs = Segs0} = S,
    Into = N - Bso,
    Segs1 = set_bucket(Segs0, Into, bucket(Segs0, Into) ++ bucket(Segs0, N)),
    Segs = set_bucket(Segs1, N, []),
    N1 = N - 1,
    fewer_segs(S#set{size = Size - Dropped, n = N1, exp_size = N1 * ?GROW_AT,
                     con_size = N1 * ?SHRINK_AT, segs = Segs});
shrink(#set{size = Size} = S, Dropped) -> S#set{size = Size - Dropped}.

fewer_segs(#set{n = N, bso = N, maxn = MaxN, segs = Segs} = S) ->
    Half = lists:sublist(tuple_to_list(Segs), tuple_size(Segs) div 2),
    S#set{maxn = MaxN div 2, bso = N div 2, segs = list_to_tuple(Half)};
fewer_segs(S) -> S.
