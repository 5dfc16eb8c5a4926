%% proplists: property lists, OTP 25's API and behaviour.
%% A property is an atom A (short for {A, true}) or a tuple whose first
%% element is the key; anything else in a list is skipped.
-module(proplists).
-compile({nowarn_deprecated_function, [{erlang, phash, 2}]}).

-export([append_values/2, compact/1, delete/2, expand/2, from_map/1,
         get_all_values/2, get_bool/2, get_keys/1, get_value/2,
         get_value/3, is_defined/2, lookup/2, lookup_all/2, normalize/2,
         property/1, property/2, split/2, substitute_aliases/2,
         substitute_negations/2, to_map/1, to_map/2, unfold/1]).

property({K, true}) when is_atom(K) -> K;
property(P) -> P.

property(K, true) when is_atom(K) -> K;
property(K, V) -> {K, V}.

unfold([P | Ps]) when is_atom(P) -> [{P, true} | unfold(Ps)];
unfold([P | Ps]) -> [P | unfold(Ps)];
unfold([]) -> [].

compact(L) -> [property(P) || P <- L].

%% Which kind of match P is for K: atom, tuple or no.
match(K, P) when is_atom(P), P =:= K -> atom;
match(K, P) when tuple_size(P) >= 1, element(1, P) =:= K -> tuple;
match(_, _) -> no.

lookup(K, [P | Ps]) ->
    case match(K, P) of
        atom -> {K, true};
        tuple -> P;
        no -> lookup(K, Ps)
    end;
lookup(_, []) -> none.

lookup_all(K, [P | Ps]) ->
    case match(K, P) of
        atom -> [{K, true} | lookup_all(K, Ps)];
        tuple -> [P | lookup_all(K, Ps)];
        no -> lookup_all(K, Ps)
    end;
lookup_all(_, []) -> [].

is_defined(K, [P | Ps]) ->
    case match(K, P) of
        no -> is_defined(K, Ps);
        _ -> true
    end;
is_defined(_, []) -> false.

get_value(K, L) -> get_value(K, L, undefined).

get_value(K, [P | Ps], Default) ->
    case match(K, P) of
        atom -> true;
        tuple ->
            case P of
                {_, V} -> V;
                _ -> Default
            end;
        no -> get_value(K, Ps, Default)
    end;
get_value(_, [], Default) -> Default.

get_all_values(K, [P | Ps]) ->
    case match(K, P) of
        atom -> [true | get_all_values(K, Ps)];
        tuple ->
            case P of
                {_, V} -> [V | get_all_values(K, Ps)];
                _ -> get_all_values(K, Ps)
            end;
        no -> get_all_values(K, Ps)
    end;
get_all_values(_, []) -> [].

append_values(K, [P | Ps]) ->
    case match(K, P) of
        atom -> [true | append_values(K, Ps)];
        tuple ->
            case P of
                {_, V} when is_list(V) -> V ++ append_values(K, Ps);
                {_, V} -> [V | append_values(K, Ps)];
                _ -> append_values(K, Ps)
            end;
        no -> append_values(K, Ps)
    end;
append_values(_, []) -> [].

get_bool(K, [P | Ps]) ->
    case match(K, P) of
        atom -> true;
        tuple ->
            case P of
                {_, true} -> true;
                _ -> false
            end;
        no -> get_bool(K, Ps)
    end;
get_bool(_, []) -> false.

%% OTP collects the keys in a version 1 sets set and returns them in the
%% order its sets:to_list/1 gives, which keyset_* reproduces.
get_keys(Ps) -> keyset_to_list(collect_keys(Ps, keyset_new())).

collect_keys([P | Ps], S) when is_atom(P) ->
    collect_keys(Ps, keyset_add(P, S));
collect_keys([P | Ps], S) when tuple_size(P) >= 1 ->
    collect_keys(Ps, keyset_add(element(1, P), S));
collect_keys([_ | Ps], S) ->
    collect_keys(Ps, S);
collect_keys([], S) -> S.

delete(K, [P | Ps]) ->
    case match(K, P) of
        no -> [P | delete(K, Ps)];
        _ -> delete(K, Ps)
    end;
delete(_, []) -> [].

substitute_aliases(As, Ps) -> [alias(As, P) || P <- Ps].

alias([{K, K1} | As], P) ->
    case match(K, P) of
        atom -> property(K1, true);
        tuple -> property(setelement(1, P, K1));
        no -> alias(As, P)
    end;
alias([], P) -> P.

substitute_negations(As, Ps) -> [negate(As, P) || P <- Ps].

negate([{K, K1} | As], P) ->
    case match(K, P) of
        atom -> property(K1, false);
        tuple ->
            case P of
                {_, true} -> property(K1, false);
                _ -> property(K1, true)
            end;
        no -> negate(As, P)
    end;
negate([], P) -> P.

expand(Es, Ps) when is_list(Ps) ->
    Es1 = [{property(P), V} || {P, V} <- Es],
    splice(expand_all(first_of_each_key(Es1), Ps)).

expand_all([{P, L} | Es], Ps) -> expand_all(Es, expand_one(P, L, Ps));
expand_all([], Ps) -> Ps.

expand_one(P, L, Ps) when is_atom(P) -> expand_at(P, P, L, Ps);
expand_one(P, L, Ps) when tuple_size(P) >= 1 -> expand_at(element(1, P), P, L, Ps);
expand_one(_, _, Ps) -> Ps.

%% Replaces the first property with key K by the expansion L (a list that
%% is spliced in later) when it equals P, and deletes the other K entries.
expand_at(K, P, L, [Q | Qs]) ->
    case match(K, Q) of
        atom -> expand_found(K, P, Q, L, Qs);
        tuple -> expand_found(K, P, property(Q), L, Qs);
        no -> [Q | expand_at(K, P, L, Qs)]
    end;
expand_at(_, _, _, []) -> [].

expand_found(K, P, Q, L, Qs) when P =:= Q -> [L | delete(K, Qs)];
expand_found(_, _, Q, _, Qs) -> [Q | Qs].

%% Keeps the first of each run of equal keys.
first_of_each_key([{K, V} | T]) -> [{K, V} | skip_key(K, T)];
first_of_each_key([]) -> [].

skip_key(K, [{K1, _} | T]) when K =:= K1 -> skip_key(K, T);
skip_key(_, [{K1, V} | T]) -> [{K1, V} | skip_key(K1, T)];
skip_key(_, []) -> [].

splice([E | Es]) when is_list(E) -> E ++ splice(Es);
splice([E | Es]) -> [E | splice(Es)];
splice([]) -> [].

normalize(L, Stages) -> compact(stages(L, Stages)).

stages(L, [{aliases, As} | Ss]) -> stages(substitute_aliases(As, L), Ss);
stages(L, [{expand, Es} | Ss]) -> stages(expand(Es, L), Ss);
stages(L, [{negations, Ns} | Ss]) -> stages(substitute_negations(Ns, L), Ss);
stages(L, []) -> L.

split(L, Keys) ->
    {Store, Rest} = split_in(L, maps:from_list([{K, []} || K <- Keys]), []),
    {[lists:reverse(map_get(K, Store)) || K <- Keys], lists:reverse(Rest)}.

split_in([P | Ps], Store, Rest) when is_atom(P) ->
    split_key(P, P, Ps, Store, Rest);
split_in([P | Ps], Store, Rest) when tuple_size(P) >= 1 ->
    split_key(element(1, P), P, Ps, Store, Rest);
split_in([P | Ps], Store, Rest) ->
    split_in(Ps, Store, [P | Rest]);
split_in([], Store, Rest) -> {Store, Rest}.

split_key(K, P, Ps, Store, Rest) ->
    case Store of
        #{K := Got} -> split_in(Ps, Store#{K := [P | Got]}, Rest);
        _ -> split_in(Ps, Store, [P | Rest])
    end.

to_map(L) -> lists:foldr(fun add_to_map/2, #{}, L).

add_to_map({K, V}, M) -> M#{K => V};
add_to_map(T, M) when tuple_size(T) >= 1 -> maps:remove(element(1, T), M);
add_to_map(K, M) when is_atom(K) -> M#{K => true};
add_to_map(_, M) -> M.

to_map(L, Stages) -> to_map(stages(L, Stages)).

from_map(M) -> maps:to_list(M).

%% A linear hash table laid out like sets' version 1 sets: N slots in use,
%% slot numbers from erlang:phash(E, MaxN) folded back by Bso when past N,
%% new elements consed onto their bucket, one more slot split off whenever
%% the table holds more than 5 elements per slot.
-record(keyset, {size = 0, n = 16, maxn = 32, bso = 16, buckets = #{}}).

keyset_new() -> #keyset{}.

keyset_slot(E, #keyset{n = N, maxn = MaxN, bso = Bso}) ->
    case erlang:phash(E, MaxN) of
        H when H > N -> H - Bso;
        H -> H
    end.

keyset_add(E, #keyset{buckets = B} = S) ->
    Slot = keyset_slot(E, S),
    Bkt = maps:get(Slot, B, []),
    case lists:member(E, Bkt) of
        true -> S;
        false -> keyset_grow(S#keyset{buckets = B#{Slot => [E | Bkt]}})
    end.

keyset_grow(#keyset{size = Size, n = N} = S) when Size + 1 > N * 5 ->
    #keyset{maxn = MaxN, bso = Bso, buckets = B} =
        case S of
            #keyset{maxn = N} -> S#keyset{maxn = 2 * N, bso = 2 * S#keyset.bso};
            _ -> S
        end,
    N1 = N + 1,
    Slot1 = N1 - Bso,
    {Stay, Move} = lists:partition(fun(E) -> erlang:phash(E, MaxN) =:= Slot1 end,
                                   maps:get(Slot1, B, [])),
    S#keyset{size = Size + 1, n = N1, maxn = MaxN, bso = Bso,
             buckets = B#{Slot1 => Stay, N1 => Move}};
keyset_grow(#keyset{size = Size} = S) ->
    S#keyset{size = Size + 1}.

keyset_to_list(#keyset{n = N, buckets = B}) ->
    lists:append([lists:reverse(maps:get(I, B, [])) || I <- lists:seq(1, N)]).
