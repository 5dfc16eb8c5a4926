%% maps: the part of OTP 25's maps module that is not a C BIF in the VM.
%% Iteration order comes from the C BIF erts_internal:map_next/3, the one
%% OTP's maps:next/1 uses, so fold/map/foreach visit keys in OTP's order.
-module(maps).

-export([filter/2, filtermap/2, fold/3, foreach/2, groups_from_list/2,
         groups_from_list/3, intersect/2, intersect_with/3, iterator/1,
         map/2, merge_with/3, next/1, update_with/3, update_with/4, with/2,
         without/2]).

%% As OTP's maps: every error names erl_stdlib_errors as the formatter of
%% its explanation (the shell's "*** argument N: ..." lines). A macro, so
%% that the function that fails is the first frame.
-define(error_with_info(Reason, Args),
        erlang:error(Reason, Args, [{error_info, #{module => erl_stdlib_errors}}])).

iterator(M) when is_map(M) -> [0 | M];
iterator(M) -> ?error_with_info({badmap, M}, [M]).

next({_, _, _} = I) -> I;
next([Path | M]) when is_integer(Path), is_map(M) ->
    erts_internal:map_next(Path, M, iterator);
next(none) -> none;
next(I) -> ?error_with_info(badarg, [I]).

%% The first step of walking a map or an iterator for the functions below.
first(MapOrIter) when is_map(MapOrIter) -> next(iterator(MapOrIter));
first(Iter) -> next(Iter).

filter(P, MI) when is_function(P, 2) ->
    try first(MI) of
        Step -> maps:from_list(keep(P, Step))
    catch
        error:_ -> ?error_with_info({badmap, MI}, [P, MI])
    end;
filter(P, MI) ->
    ?error_with_info(badarg, [P, MI]).

keep(P, {K, V, I}) ->
    case P(K, V) of
        true -> [{K, V} | keep(P, next(I))];
        false -> keep(P, next(I))
    end;
keep(_, none) -> [].

filtermap(F, MI) when is_function(F, 2) ->
    try first(MI) of
        Step -> maps:from_list(keep_map(F, Step))
    catch
        error:_ -> ?error_with_info({badmap, MI}, [F, MI])
    end;
filtermap(F, MI) ->
    ?error_with_info(badarg, [F, MI]).

keep_map(F, {K, V, I}) ->
    case F(K, V) of
        true -> [{K, V} | keep_map(F, next(I))];
        {true, V1} -> [{K, V1} | keep_map(F, next(I))];
        false -> keep_map(F, next(I))
    end;
keep_map(_, none) -> [].

foreach(F, MI) when is_function(F, 2) ->
    try first(MI) of
        Step -> each(F, Step)
    catch
        error:_ -> ?error_with_info({badmap, MI}, [F, MI])
    end;
foreach(F, MI) ->
    ?error_with_info(badarg, [F, MI]).

each(F, {K, V, I}) ->
    F(K, V),
    each(F, next(I));
each(_, none) -> ok.

fold(F, Acc, MI) when is_function(F, 3) ->
    try first(MI) of
        Step -> fold_steps(F, Acc, Step)
    catch
        error:_ -> ?error_with_info({badmap, MI}, [F, Acc, MI])
    end;
fold(F, Acc, MI) ->
    ?error_with_info(badarg, [F, Acc, MI]).

fold_steps(F, Acc, {K, V, I}) -> fold_steps(F, F(K, V, Acc), next(I));
fold_steps(_, Acc, none) -> Acc.

map(F, MI) when is_function(F, 2) ->
    try first(MI) of
        Step -> maps:from_list(map_steps(F, Step))
    catch
        error:_ -> ?error_with_info({badmap, MI}, [F, MI])
    end;
map(F, MI) ->
    ?error_with_info(badarg, [F, MI]).

map_steps(F, {K, V, I}) ->
    V1 = F(K, V),
    [{K, V1} | map_steps(F, next(I))];
map_steps(_, none) -> [].

intersect(M1, M2) when is_map(M1), is_map(M2) ->
    case map_size(M1) =< map_size(M2) of
        true -> common(fun(_, _, V2) -> V2 end, M1, M2);
        false -> common(fun(_, V1, _) -> V1 end, M2, M1)
    end;
intersect(M1, M2) ->
    ?error_with_info(two_maps_error(M1, M2), [M1, M2]).

intersect_with(F, M1, M2) when is_map(M1), is_map(M2), is_function(F, 3) ->
    case map_size(M1) =< map_size(M2) of
        true -> common(F, M1, M2);
        false -> common(fun(K, V2, V1) -> F(K, V1, V2) end, M2, M1)
    end;
intersect_with(F, M1, M2) ->
    ?error_with_info(combine_error(M1, M2, F), [F, M1, M2]).

%% Walks Small; keys also in Big get F(K, SmallValue, BigValue).
common(F, Small, Big) -> common(F, next(iterator(Small)), Big, []).

common(F, {K, V1, I}, Big, Acc) ->
    Step = next(I),
    case Big of
        #{K := V2} -> common(F, Step, Big, [{K, F(K, V1, V2)} | Acc]);
        _ -> common(F, Step, Big, Acc)
    end;
common(_, none, _, Acc) -> maps:from_list(Acc).

merge_with(F, M1, M2) when is_map(M1), is_map(M2), is_function(F, 3) ->
    case map_size(M1) > map_size(M2) of
        true -> merge_into(next(iterator(M2)), M1, F);
        false -> merge_into(next(iterator(M1)), M2,
                            fun(K, V1, V2) -> F(K, V2, V1) end)
    end;
merge_with(F, M1, M2) ->
    ?error_with_info(combine_error(M1, M2, F), [F, M1, M2]).

%% Adds the walked map's pairs to Into; F(K, IntoValue, WalkedValue).
merge_into({K, V2, I}, Into, F) ->
    case Into of
        #{K := V1} -> merge_into(next(I), Into#{K := F(K, V1, V2)}, F);
        #{} -> merge_into(next(I), maps:put(K, V2, Into), F)
    end;
merge_into(none, Into, _) -> Into.

two_maps_error(M1, M2) when is_map(M1) -> {badmap, M2};
two_maps_error(M1, _) -> {badmap, M1}.

combine_error(M1, M2, F) when is_function(F, 3) -> two_maps_error(M1, M2);
combine_error(_, _, _) -> badarg.

map_error(M) when is_map(M) -> badarg;
map_error(V) -> {badmap, V}.

update_with(K, F, M) when is_function(F, 1), is_map(M) ->
    case M of
        #{K := V} -> M#{K := F(V)};
        #{} -> ?error_with_info({badkey, K}, [K, F, M])
    end;
update_with(K, F, M) ->
    ?error_with_info(map_error(M), [K, F, M]).

update_with(K, F, Init, M) when is_function(F, 1), is_map(M) ->
    case M of
        #{K := V} -> M#{K := F(V)};
        #{} -> M#{K => Init}
    end;
update_with(K, F, Init, M) ->
    ?error_with_info(map_error(M), [K, F, Init, M]).

without(Ks, M) when is_list(Ks), is_map(M) -> drop_keys(Ks, M);
without(Ks, M) -> ?error_with_info(map_error(M), [Ks, M]).

drop_keys([K | Ks], M) -> drop_keys(Ks, maps:remove(K, M));
drop_keys([], M) -> M.

with(Ks, M) when is_list(Ks), is_map(M) -> maps:from_list(pick(Ks, M));
with(Ks, M) -> ?error_with_info(map_error(M), [Ks, M]).

pick([K | Ks], M) ->
    case M of
        #{K := V} -> [{K, V} | pick(Ks, M)];
        #{} -> pick(Ks, M)
    end;
pick([], _) -> [].

groups_from_list(F, L) when is_function(F, 1) ->
    try lists:reverse(L) of
        Rev -> group(F, fun(X) -> X end, Rev, #{})
    catch
        error:_ -> ?error_with_info(badarg, [F, L])
    end;
groups_from_list(F, L) ->
    ?error_with_info(badarg, [F, L]).

groups_from_list(F, VF, L) when is_function(F, 1), is_function(VF, 1) ->
    try lists:reverse(L) of
        Rev -> group(F, VF, Rev, #{})
    catch
        error:_ -> ?error_with_info(badarg, [F, VF, L])
    end;
groups_from_list(F, VF, L) ->
    ?error_with_info(badarg, [F, VF, L]).

%% Rev is the input reversed, so consing keeps each group in input order.
group(F, VF, [H | T], Acc) ->
    K = F(H),
    V = VF(H),
    case Acc of
        #{K := Vs} -> group(F, VF, T, Acc#{K := [V | Vs]});
        #{} -> group(F, VF, T, Acc#{K => [V]})
    end;
group(_, _, [], Acc) -> Acc.
