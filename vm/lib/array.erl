%% array: functional, extendible arrays from index 0, OTP 25's API, results
%% and exceptions, in OTP's representation: #array{size, max (0 = fixed),
%% default, elements}, a tree of leaves (10-tuples), nodes (11-tuples: ten
%% subtrees, then each one's capacity) and integers (empty subtrees).
-module(array).

-export([default/1, fix/1, foldl/3, foldr/3, from_list/1, from_list/2,
         from_orddict/1, from_orddict/2, get/2, is_array/1, is_fix/1, map/2,
         new/0, new/1, new/2, relax/1, reset/2, resize/1, resize/2, set/3,
         size/1, sparse_foldl/3, sparse_foldr/3, sparse_map/2, sparse_size/1,
         sparse_to_list/1, sparse_to_orddict/1, to_list/1, to_orddict/1]).

-compile({no_auto_import, [size/1]}).

-define(LEAF, 10).   % values per leaf, and subtrees per node

-record(array, {size, max, default, elements}).

%% ---------------------------------------------------------------------
%% Creation and properties

new() -> new([]).

new(Opts) -> new_opts(Opts, 0, false).

new(Size, Opts) when is_integer(Size), Size >= 0 -> new_opts(Opts, Size, true);
new(_, _) -> erlang:error(badarg).

new_opts(Opts, Size, Fixed) when is_list(Opts) -> new_opts(Opts, Size, Fixed, undefined);
new_opts(Opt, Size, Fixed) -> new_opts([Opt], Size, Fixed, undefined).

new_opts([fixed | Opts], Size, _, Def) -> new_opts(Opts, Size, true, Def);
new_opts([{fixed, F} | Opts], Size, _, Def) when is_boolean(F) -> new_opts(Opts, Size, F, Def);
new_opts([{default, Def} | Opts], Size, Fixed, _) -> new_opts(Opts, Size, Fixed, Def);
new_opts([{size, N} | Opts], _, _, Def) when is_integer(N), N >= 0 -> new_opts(Opts, N, true, Def);
new_opts([N | Opts], _, _, Def) when is_integer(N), N >= 0 -> new_opts(Opts, N, true, Def);
new_opts([], Size, Fixed, Def) -> make(Size, Fixed, Def);
new_opts(_, _, _, _) -> erlang:error(badarg).

make(Size, Fixed, Def) ->
    Cap = capacity(Size - 1, ?LEAF),
    Max = case Fixed of
              true -> 0;
              false -> Cap
          end,
    #array{size = Size, max = Max, default = Def, elements = Cap}.

%% The smallest of M, 10M, 100M, ... greater than index I.
capacity(I, M) when I >= M -> capacity(I, M * ?LEAF);
capacity(_, M) -> M.

is_array(#array{size = N, max = M}) when is_integer(N), is_integer(M) -> true;
is_array(_) -> false.

size(#array{size = N}) -> N;
size(_) -> erlang:error(badarg).

default(#array{default = D}) -> D;
default(_) -> erlang:error(badarg).

fix(#array{} = A) -> A#array{max = 0}.

is_fix(#array{max = 0}) -> true;
is_fix(#array{}) -> false.

relax(#array{size = N} = A) -> A#array{max = capacity(N - 1, ?LEAF)}.

resize(Size, #array{size = N, max = M, elements = E} = A) when is_integer(Size), Size >= 0 ->
    if
        Size > N ->
            Cap = if
                      M > 0 -> M;
                      true -> capacity(N - 1, ?LEAF)
                  end,
            {E1, M1} = grow(Size - 1, E, Cap),
            A#array{size = Size, max = if M > 0 -> M1; true -> M end, elements = E1};
        Size < N -> A#array{size = Size};
        true -> A
    end;
resize(_, _) -> erlang:error(badarg).

resize(A) -> resize(sparse_size(A), A).

%% ---------------------------------------------------------------------
%% Single entries

get(I, #array{size = N, max = M, elements = E, default = D}) when is_integer(I), I >= 0 ->
    if
        I < N -> lookup(I, E, D);
        M > 0 -> D;
        true -> erlang:error(badarg)
    end;
get(_, _) -> erlang:error(badarg).

lookup(I, E, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    lookup(I rem S, element(I div S + 1, E), D);
lookup(_, E, D) when is_integer(E) -> D;
lookup(I, E, _) -> element(I + 1, E).

set(I, V, #array{size = N, max = M, default = D, elements = E} = A) when is_integer(I), I >= 0 ->
    if
        I < N -> A#array{elements = store(I, E, V, D)};
        I < M -> A#array{size = I + 1, elements = store(I, E, V, D)};
        M > 0 ->
            {E1, M1} = grow(I, E, M),
            A#array{size = I + 1, max = M1, elements = store(I, E1, V, D)};
        true -> erlang:error(badarg)
    end;
set(_, _, _) -> erlang:error(badarg).

store(I, E, V, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    K = I div S + 1,
    setelement(K, E, store(I rem S, element(K, E), V, D));
store(I, E, V, D) when is_integer(E) -> fill(I, E, V, D);
store(I, E, V, _) -> setelement(I + 1, E, V).

%% A subtree of capacity S with only V at index I.
fill(I, S, V, D) when S > ?LEAF ->
    S1 = S div ?LEAF,
    setelement(I div S1 + 1, empty_node(S1), fill(I rem S1, S1, V, D));
fill(I, _, V, D) -> setelement(I + 1, erlang:make_tuple(?LEAF, D), V).

empty_node(S) -> erlang:make_tuple(?LEAF + 1, S).

%% Raises the tree until index I fits: {Elements, Capacity}.
grow(I, E, _) when is_integer(E) ->
    M = capacity(I, E),
    {M, M};
grow(I, E, M) when I >= M -> grow(I, setelement(1, empty_node(M), E), M * ?LEAF);
grow(_, E, M) -> {E, M}.

reset(I, #array{size = N, max = M, default = D, elements = E} = A) when is_integer(I), I >= 0 ->
    if
        I < N ->
            try A#array{elements = clear(I, E, D)}
            catch throw:default -> A
            end;
        M > 0 -> A;
        true -> erlang:error(badarg)
    end;
reset(_, _) -> erlang:error(badarg).

%% Throws default when the entry already holds the default.
clear(I, E, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    K = I div S + 1,
    setelement(K, E, clear(I rem S, element(K, E), D));
clear(_, E, _) when is_integer(E) -> throw(default);
clear(I, E, D) ->
    case element(I + 1, E) of
        D -> throw(default);
        _ -> setelement(I + 1, E, D)
    end.

%% ---------------------------------------------------------------------
%% Lists

%% The traversals below walk the tree the way OTP's do, trusting the
%% capacity stored in each node; trees made inconsistent by set/3 after
%% relax/1 of a shrunk array then give OTP's results too.

to_list(#array{size = 0}) -> [];
to_list(#array{size = N, elements = E, default = D}) -> list_upto(E, D, N - 1);
to_list(_) -> erlang:error(badarg).

%% Values of a subtree up to index I, then of its earlier siblings.
list_upto(E, D, I) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    K = I div S,
    list_kids(K, D, list_upto(element(K + 1, E), D, I rem S), E);
list_upto(E, D, I) when is_integer(E) -> push(I + 1, D, []);
list_upto(E, _, I) -> push_tuple(I + 1, E, []).

list_all(E, D, L) when tuple_size(E) =:= ?LEAF + 1 -> list_kids(?LEAF, D, L, E);
list_all(E, D, L) when is_integer(E) -> push(E, D, L);
list_all(E, _, L) -> push_tuple(?LEAF, E, L).

list_kids(0, _, L, _) -> L;
list_kids(K, D, L, E) -> list_kids(K - 1, D, list_all(element(K, E), D, L), E).

push(0, _, L) -> L;
push(N, X, L) -> push(N - 1, X, [X | L]).

push_tuple(0, _, L) -> L;
push_tuple(N, T, L) -> push_tuple(N - 1, T, [element(N, T) | L]).

sparse_to_list(#array{size = 0}) -> [];
sparse_to_list(#array{size = N, elements = E, default = D}) -> sparse_upto(E, D, N - 1);
sparse_to_list(_) -> erlang:error(badarg).

sparse_upto(E, D, I) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    K = I div S,
    sparse_kids(K, D, sparse_upto(element(K + 1, E), D, I rem S), E);
sparse_upto(E, _, _) when is_integer(E) -> [];
sparse_upto(E, D, I) -> sparse_push_tuple(I + 1, D, E, []).

sparse_all(E, D, L) when tuple_size(E) =:= ?LEAF + 1 -> sparse_kids(?LEAF, D, L, E);
sparse_all(E, _, L) when is_integer(E) -> L;
sparse_all(E, D, L) -> sparse_push_tuple(?LEAF, D, E, L).

sparse_kids(0, _, L, _) -> L;
sparse_kids(K, D, L, E) -> sparse_kids(K - 1, D, sparse_all(element(K, E), D, L), E).

sparse_push_tuple(0, _, _, L) -> L;
sparse_push_tuple(N, D, T, L) ->
    case element(N, T) of
        D -> sparse_push_tuple(N - 1, D, T, L);
        X -> sparse_push_tuple(N - 1, D, T, [X | L])
    end.

%% The orddicts count indices down from R, the index of the last entry.
to_orddict(#array{size = 0}) -> [];
to_orddict(#array{size = N, elements = E, default = D}) -> pairs_upto(E, N - 1, D, N - 1);
to_orddict(_) -> erlang:error(badarg).

pairs_upto(E, R, D, I) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    K = I div S,
    I1 = I rem S,
    pairs_kids(K, R - I1 - 1, D, pairs_upto(element(K + 1, E), R, D, I1), E, S);
pairs_upto(E, R, D, I) when is_integer(E) -> push_pairs(I + 1, R, D, []);
pairs_upto(E, R, _, I) -> push_tuple_pairs(I + 1, R, E, []).

pairs_all(E, R, D, L) when tuple_size(E) =:= ?LEAF + 1 ->
    pairs_kids(?LEAF, R, D, L, E, element(?LEAF + 1, E));
pairs_all(E, R, D, L) when is_integer(E) -> push_pairs(E, R, D, L);
pairs_all(E, R, _, L) -> push_tuple_pairs(?LEAF, R, E, L).

pairs_kids(0, _, _, L, _, _) -> L;
pairs_kids(K, R, D, L, E, S) -> pairs_kids(K - 1, R - S, D, pairs_all(element(K, E), R, D, L), E, S).

push_pairs(0, _, _, L) -> L;
push_pairs(N, I, X, L) -> push_pairs(N - 1, I - 1, X, [{I, X} | L]).

push_tuple_pairs(0, _, _, L) -> L;
push_tuple_pairs(N, I, T, L) -> push_tuple_pairs(N - 1, I - 1, T, [{I, element(N, T)} | L]).

sparse_to_orddict(#array{size = 0}) -> [];
sparse_to_orddict(#array{size = N, elements = E, default = D}) ->
    sparse_pairs_upto(E, N - 1, D, N - 1);
sparse_to_orddict(_) -> erlang:error(badarg).

sparse_pairs_upto(E, R, D, I) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    K = I div S,
    I1 = I rem S,
    sparse_pairs_kids(K, R - I1 - 1, D, sparse_pairs_upto(element(K + 1, E), R, D, I1), E, S);
sparse_pairs_upto(E, _, _, _) when is_integer(E) -> [];
sparse_pairs_upto(E, R, D, I) -> sparse_push_pairs(I + 1, R, D, E, []).

sparse_pairs_all(E, R, D, L) when tuple_size(E) =:= ?LEAF + 1 ->
    sparse_pairs_kids(?LEAF, R, D, L, E, element(?LEAF + 1, E));
sparse_pairs_all(E, _, _, L) when is_integer(E) -> L;
sparse_pairs_all(E, R, D, L) -> sparse_push_pairs(?LEAF, R, D, E, L).

sparse_pairs_kids(0, _, _, L, _, _) -> L;
sparse_pairs_kids(K, R, D, L, E, S) ->
    sparse_pairs_kids(K - 1, R - S, D, sparse_pairs_all(element(K, E), R, D, L), E, S).

sparse_push_pairs(0, _, _, _, L) -> L;
sparse_push_pairs(N, I, D, T, L) ->
    case element(N, T) of
        D -> sparse_push_pairs(N - 1, I - 1, D, T, L);
        X -> sparse_push_pairs(N - 1, I - 1, D, T, [{I, X} | L])
    end.

from_list(L) -> from_list(L, undefined).

from_list([], D) -> new({default, D});
from_list(L, D) when is_list(L) ->
    {Leaves, N} = chop(L, D, [], 0),
    {E, M} = build(Leaves, N, ?LEAF),
    #array{size = N, max = M, default = D, elements = E};
from_list(_, _) -> erlang:error(badarg).

%% The list in leaves of 10 (the last one padded with D), and its length.
chop(L, D, Leaves, N) ->
    case take(?LEAF, L, []) of
        {Vs, []} -> {lists:reverse(Leaves, [leaf(Vs, D)]), N + length(Vs)};
        {Vs, [_ | _] = Rest} -> chop(Rest, D, [list_to_tuple(Vs) | Leaves], N + ?LEAF);
        _ -> erlang:error(badarg)
    end.

take(0, L, Acc) -> {lists:reverse(Acc), L};
take(K, [X | L], Acc) -> take(K - 1, L, [X | Acc]);
take(_, [], Acc) -> {lists:reverse(Acc), []};
take(_, _, _) -> improper.

leaf(Vs, D) -> list_to_tuple(Vs ++ lists:duplicate(?LEAF - length(Vs), D)).

%% Subtrees of capacity S, in order, under nodes of 10 (padding the last
%% node with empty subtrees) until one is left: {Elements, Capacity}.
build([E], _, S) -> {E, S};
build(Es, N, S) -> build(group(Es, S), N, S * ?LEAF).

group([], _) -> [];
group(Es, S) ->
    {Kids, Rest} = take_pad(?LEAF, Es, S, []),
    [list_to_tuple(Kids ++ [S]) | group(Rest, S)].

take_pad(0, L, _, Acc) -> {lists:reverse(Acc), L};
take_pad(K, [X | L], S, Acc) -> take_pad(K - 1, L, S, [X | Acc]);
take_pad(K, [], S, Acc) -> take_pad(K - 1, [], S, [S | Acc]).

from_orddict(L) -> from_orddict(L, undefined).

from_orddict([], D) -> new({default, D});
from_orddict(L, D) when is_list(L) ->
    {E, N, M} = od_leaves(L, 0, ?LEAF, D, []),
    #array{size = N, max = M, default = D, elements = E};
from_orddict(_, _) -> erlang:error(badarg).

%% Builds leaves (reversed in Es) from index Ix; a gap of whole leaves
%% before the next pair becomes an integer (its size in entries).
od_leaves([], N, _, _, Es) ->
    case Es of
        [E] -> {E, N, ?LEAF};
        _ -> od_collect(N, Es, ?LEAF)
    end;
od_leaves([{K, _} | _] = Ps, Ix, Max, D, Es) when K > Max, is_integer(K) ->
    Gap = K - Ix,
    Step = Gap - Gap rem ?LEAF,
    Next = Ix + Step,
    od_leaves(Ps, Next, Next + ?LEAF, D, [Step | Es]);
od_leaves([{_, _} | _] = Ps, Ix, Max, D, Es) ->
    {Rest, E, N} = od_leaf(Ix, Max, Ps, Ix, D, []),
    od_leaves(Rest, N, N + ?LEAF, D, [E | Es]);
od_leaves(Ps, _, _, _, _) -> erlang:error({badarg, Ps}).

%% One leaf for indices Ix..Max-1; N is one past the last index set.
od_leaf(Max, Max, Ps, N, _, Vs) -> {Ps, list_to_tuple(lists:reverse(Vs)), N};
od_leaf(Ix, Max, Ps, N, D, Vs) ->
    case Ps of
        [{Ix, V} | Ps1] -> od_leaf(Ix + 1, Max, Ps1, Ix + 1, D, [V | Vs]);
        [{K, _} | _] when is_integer(K), K > Ix -> od_leaf(Ix + 1, Max, Ps, Ix + 1, D, [D | Vs]);
        [_ | _] -> erlang:error({badarg, Ps});
        _ -> od_leaf(Ix + 1, Max, Ps, N, D, [D | Vs])
    end.

%% Groups subtrees of capacity S (reversed list; integers are gaps in
%% entries) into nodes, level by level.
od_collect(N, Es, S) ->
    Used = (N - 1) div S + 1,
    case (?LEAF - Used rem ?LEAF) rem ?LEAF * S of
        0 -> od_node(?LEAF, Es, S, N, [S], []);
        Pad -> od_node(?LEAF, [Pad | Es], S, N, [S], [])
    end.

%% I: slots of the current node still free (filled from the right).
od_node(0, Xs, S, N, Kids, Done) ->
    E = list_to_tuple(Kids),
    case Xs of
        [] ->
            case Done of
                [] -> {E, N, S * ?LEAF};
                _ -> od_collect(N, lists:reverse([E | Done]), S * ?LEAF)
            end;
        _ -> od_node(?LEAF, Xs, S, N, [S], [E | Done])
    end;
od_node(I, [X | Xs], S, N, Kids, Done) when is_integer(X) ->
    Slots = X div S,
    if
        Slots < I -> od_node(I - Slots, Xs, S, N, push(Slots, S, Kids), Done);
        I =:= ?LEAF ->
            Step = Slots rem ?LEAF,
            od_node(I - Step, Xs, S, N, push(Step, S, Kids), [X | Done]);
        I =:= Slots -> od_node(0, Xs, S, N, push(I, S, Kids), Done);
        true -> od_node(0, [(Slots - I) * S | Xs], S, N, push(I, S, Kids), Done)
    end;
od_node(I, [X | Xs], S, N, Kids, Done) -> od_node(I - 1, Xs, S, N, [X | Kids], Done);
od_node(?LEAF, [], S, N, [_], Done) -> od_collect(N, lists:reverse(Done), S * ?LEAF).

%% ---------------------------------------------------------------------
%% Traversal

map(F, #array{size = N, elements = E, default = D} = A) when is_function(F, 2) ->
    if
        N > 0 -> A#array{elements = map_tree(N - 1, E, 0, F, D)};
        true -> A
    end;
map(_, _) -> erlang:error(badarg).

%% Maps entries 0..Last of a subtree whose first index is Ix; empty
%% subtrees on the way are built out, leaf slots past Last become D.
map_tree(Last, E, Ix, F, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    map_kids(1, Last div S + 1, Last rem S, E, Ix, S, F, D, fun map_tree/5);
map_tree(Last, E, Ix, F, D) when is_integer(E) -> map_tree(Last, unfold(E, D), Ix, F, D);
map_tree(Last, E, Ix, F, D) ->
    list_to_tuple(map_leaf(1, Last + 1, E, Ix, F, D)).

map_leaf(K, N, E, Ix, F, D) when K =< N ->
    V = F(Ix, element(K, E)),
    [V | map_leaf(K + 1, N, E, Ix + 1, F, D)];
map_leaf(K, N, E, Ix, F, D) when K =< ?LEAF -> [D | map_leaf(K + 1, N, E, Ix + 1, F, D)];
map_leaf(_, _, _, _, _, _) -> [].

%% Children 1..LastKid-1 mapped whole, LastKid up to R, the rest kept.
map_kids(K, LastKid, R, E, Ix, S, F, D, Map) ->
    list_to_tuple(map_kid_list(K, LastKid, R, E, Ix, S, F, D, Map)).

map_kid_list(K, LastKid, R, E, Ix, S, F, D, Map) when K < LastKid ->
    Kid = Map(S - 1, element(K, E), Ix, F, D),
    [Kid | map_kid_list(K + 1, LastKid, R, E, Ix + S, S, F, D, Map)];
map_kid_list(K, _, R, E, Ix, _, F, D, Map) ->
    Kid = Map(R, element(K, E), Ix, F, D),
    [Kid | [element(J, E) || J <- lists:seq(K + 1, ?LEAF + 1)]].

unfold(S, _) when S > ?LEAF -> empty_node(S div ?LEAF);
unfold(_, D) -> erlang:make_tuple(?LEAF, D).

sparse_map(F, #array{size = N, elements = E, default = D} = A) when is_function(F, 2) ->
    if
        N > 0 -> A#array{elements = sparse_map_tree(N - 1, E, 0, F, D)};
        true -> A
    end;
sparse_map(_, _) -> erlang:error(badarg).

%% Empty subtrees stay; in a leaf every slot not =:= D is mapped.
sparse_map_tree(Last, E, Ix, F, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    map_kids(1, Last div S + 1, Last rem S, E, Ix, S, F, D, fun sparse_map_tree/5);
sparse_map_tree(_, E, _, _, _) when is_integer(E) -> E;
sparse_map_tree(_, E, Ix, F, D) -> list_to_tuple(sparse_map_leaf(1, E, Ix, F, D)).

sparse_map_leaf(K, _, _, _, _) when K > ?LEAF -> [];
sparse_map_leaf(K, E, Ix, F, D) ->
    V = case element(K, E) of
            D -> D;
            X -> F(Ix, X)
        end,
    [V | sparse_map_leaf(K + 1, E, Ix + 1, F, D)].

foldl(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    if
        N > 0 -> fold_l(N - 1, E, Acc, 0, F, D);
        true -> Acc
    end;
foldl(_, _, _) -> erlang:error(badarg).

%% Folds entries 0..Last of a subtree whose first index is Ix.
fold_l(Last, E, Acc, Ix, F, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    fold_l_kids(1, E, Acc, Ix, F, D, Last div S + 1, Last rem S, S);
fold_l(Last, E, Acc, Ix, F, D) when is_integer(E) -> fold_l(Last, unfold(E, D), Acc, Ix, F, D);
fold_l(Last, E, Acc, Ix, F, _) -> fold_l_leaf(1, E, Acc, Ix, F, Last + 1).

fold_l_kids(K, E, Acc, Ix, F, D, K, R, _) -> fold_l(R, element(K, E), Acc, Ix, F, D);
fold_l_kids(K, E, Acc, Ix, F, D, LastKid, R, S) ->
    fold_l_kids(K + 1, E, fold_l(S - 1, element(K, E), Acc, Ix, F, D), Ix + S, F, D, LastKid, R, S).

fold_l_leaf(K, E, Acc, Ix, F, N) when K =< N -> fold_l_leaf(K + 1, E, F(Ix, element(K, E), Acc), Ix + 1, F, N);
fold_l_leaf(_, _, Acc, _, _, _) -> Acc.

sparse_foldl(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    if
        N > 0 -> sfold_l(N - 1, E, Acc, 0, F, D);
        true -> Acc
    end;
sparse_foldl(_, _, _) -> erlang:error(badarg).

sfold_l(Last, E, Acc, Ix, F, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    sfold_l_kids(1, E, Acc, Ix, F, D, Last div S + 1, Last rem S, S);
sfold_l(_, E, Acc, _, _, _) when is_integer(E) -> Acc;
sfold_l(Last, E, Acc, Ix, F, D) -> sfold_l_leaf(1, E, Acc, Ix, F, D, Last + 1).

sfold_l_kids(K, E, Acc, Ix, F, D, K, R, _) -> sfold_l(R, element(K, E), Acc, Ix, F, D);
sfold_l_kids(K, E, Acc, Ix, F, D, LastKid, R, S) ->
    sfold_l_kids(K + 1, E, sfold_l(S - 1, element(K, E), Acc, Ix, F, D), Ix + S, F, D, LastKid, R, S).

sfold_l_leaf(K, T, Acc, Ix, F, D, N) when K =< N ->
    case element(K, T) of
        D -> sfold_l_leaf(K + 1, T, Acc, Ix + 1, F, D, N);
        X -> sfold_l_leaf(K + 1, T, F(Ix, X, Acc), Ix + 1, F, D, N)
    end;
sfold_l_leaf(_, _, Acc, _, _, _, _) -> Acc.

foldr(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    if
        N > 0 -> fold_r(N - 1, E, N - 1, Acc, F, D);
        true -> Acc
    end;
foldr(_, _, _) -> erlang:error(badarg).

%% Folds a subtree from its index I down; Ix is the array index of I.
fold_r(I, E, Ix, Acc, F, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    fold_r_kids(I div S + 1, E, Ix, Acc, F, D, I rem S, S - 1);
fold_r(I, E, Ix, Acc, F, D) when is_integer(E) -> fold_r(I, unfold(E, D), Ix, Acc, F, D);
fold_r(I, E, Ix, Acc, F, _) -> fold_r_leaf(I + 1, E, Ix - I - 1, Acc, F).

fold_r_kids(0, _, _, Acc, _, _, _, _) -> Acc;
fold_r_kids(K, E, Ix, Acc, F, D, R, Full) ->
    fold_r_kids(K - 1, E, Ix - R - 1, fold_r(R, element(K, E), Ix, Acc, F, D), F, D, Full, Full).

fold_r_leaf(0, _, _, Acc, _) -> Acc;
fold_r_leaf(K, E, Base, Acc, F) -> fold_r_leaf(K - 1, E, Base, F(Base + K, element(K, E), Acc), F).

sparse_foldr(F, Acc, #array{size = N, elements = E, default = D}) when is_function(F, 3) ->
    if
        N > 0 -> sfold_r(N - 1, E, N - 1, Acc, F, D);
        true -> Acc
    end;
sparse_foldr(_, _, _) -> erlang:error(badarg).

sfold_r(I, E, Ix, Acc, F, D) when tuple_size(E) =:= ?LEAF + 1 ->
    S = element(?LEAF + 1, E),
    sfold_r_kids(I div S + 1, E, Ix, Acc, F, D, I rem S, S - 1);
sfold_r(_, E, _, Acc, _, _) when is_integer(E) -> Acc;
sfold_r(I, E, Ix, Acc, F, D) -> sfold_r_leaf(I + 1, E, Ix - I - 1, Acc, F, D).

sfold_r_kids(0, _, _, Acc, _, _, _, _) -> Acc;
sfold_r_kids(K, E, Ix, Acc, F, D, R, Full) ->
    sfold_r_kids(K - 1, E, Ix - R - 1, sfold_r(R, element(K, E), Ix, Acc, F, D), F, D, Full, Full).

sfold_r_leaf(0, _, _, Acc, _, _) -> Acc;
sfold_r_leaf(K, T, Base, Acc, F, D) ->
    case element(K, T) of
        D -> sfold_r_leaf(K - 1, T, Base, Acc, F, D);
        X -> sfold_r_leaf(K - 1, T, Base, F(Base + K, X, Acc), F, D)
    end.

%% One past the last index not holding the default.
sparse_size(A) ->
    try sparse_foldr(fun(I, _, _) -> throw({last, I}) end, [], A) of
        [] -> 0
    catch
        throw:{last, I} -> I + 1
    end.
