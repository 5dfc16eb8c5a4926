%% lists: the list library of the dbgsh VM, OTP 25's API and behaviour.
%% The C BIFs lists:reverse/2, member/2, keyfind/3, keymember/3 and
%% keysearch/3 live in the VM and are not defined here; calls to them are
%% written as remote calls so the loader binds them to the BIFs.
-module(lists).

-export([all/2, any/2, append/1, append/2, concat/1, delete/2, droplast/1,
         dropwhile/2, duplicate/2, enumerate/1, enumerate/2, filter/2,
         filtermap/2, flatlength/1, flatmap/2, flatten/1, flatten/2,
         foldl/3, foldr/3, foreach/2, join/2, keydelete/3, keymap/3,
         keymerge/3, keyreplace/4, keysort/2, keystore/4, keytake/3,
         last/1, map/2, mapfoldl/3, mapfoldr/3, max/1, merge/1, merge/2,
         merge/3, merge3/3, min/1, nth/2, nthtail/2, partition/2, prefix/2,
         reverse/1, rkeymerge/3, rmerge/2, rmerge/3, rmerge3/3,
         rukeymerge/3, rumerge/2, rumerge/3, rumerge3/3, search/2, seq/2,
         seq/3, sort/1, sort/2, split/2, splitwith/2, sublist/2, sublist/3,
         subtract/2, suffix/2, sum/1, takewhile/2, ukeymerge/3, ukeysort/2,
         umerge/1, umerge/2, umerge/3, umerge3/3, uniq/1, uniq/2, unzip/1,
         unzip3/1, usort/1, usort/2, zf/2, zip/2, zip3/3, zipwith/3,
         zipwith3/4]).

%% ---------------------------------------------------------------------
%% Simple list functions

append(A, B) -> A ++ B.

append([Last]) -> Last;
append([H | T]) -> H ++ append(T);
append([]) -> [].

subtract(A, B) -> A -- B.

reverse([] = L) -> L;
reverse([_] = L) -> L;
reverse([A, B | T]) -> lists:reverse(T, [B, A]).

nth(1, [H | _]) -> H;
nth(N, [_ | T]) when N > 1 -> nth(N - 1, T).

nthtail(1, [_ | T]) -> T;
nthtail(N, [_ | T]) when N > 1 -> nthtail(N - 1, T);
nthtail(0, L) when is_list(L) -> L.

prefix([X | P], [X | L]) -> prefix(P, L);
prefix([], L) when is_list(L) -> true;
prefix([_ | _], L) when is_list(L) -> false.

suffix(Suf, L) ->
    D = length(L) - length(Suf),
    D >= 0 andalso nthtail(D, L) =:= Suf.

droplast([_]) -> [];
droplast([H | T]) -> [H | droplast(T)].

last([H | T]) -> last_of(H, T).

last_of(_, [H | T]) -> last_of(H, T);
last_of(X, []) -> X.

seq(From, To) when is_integer(From), is_integer(To), From - 1 =< To ->
    seq_down(To, To - From + 1, []).

seq(From, To, Step)
  when is_integer(From), is_integer(To), is_integer(Step),
       (Step > 0 andalso From - Step =< To) orelse
       (Step < 0 andalso From - Step >= To) ->
    N = (To - From + Step) div Step,
    count_down(From + Step * (N - 1), N, Step, []);
seq(X, X, 0) when is_integer(X) ->
    [X];
seq(From, To, Step) ->
    erlang:error(badarg, [From, To, Step], [{error_info, #{module => erl_stdlib_errors}}]).

%% N consecutive integers ending with X, prepended to Acc: four a call
%% while there are that many (a quarter of the calls and tests).
seq_down(X, N, Acc) when N >= 4 -> seq_down(X - 4, N - 4, [X - 3, X - 2, X - 1, X | Acc]);
seq_down(X, N, Acc) when N > 0 -> seq_down(X - 1, N - 1, [X | Acc]);
seq_down(_, _, Acc) -> Acc.

%% N values ending with X, each Step apart, prepended to Acc.
count_down(_, 0, _, Acc) -> Acc;
count_down(X, N, Step, Acc) -> count_down(X - Step, N - 1, Step, [X | Acc]).

sum(L) -> sum_acc(L, 0).

sum_acc([H | T], S) -> sum_acc(T, S + H);
sum_acc([], S) -> S.

duplicate(N, X) when is_integer(N), N >= 0 -> dup(N, X, []).

dup(0, _, Acc) -> Acc;
dup(N, X, Acc) -> dup(N - 1, X, [X | Acc]).

min([H | T]) -> min_of(T, H).

min_of([H | T], M) when H < M -> min_of(T, H);
min_of([_ | T], M) -> min_of(T, M);
min_of([], M) -> M.

max([H | T]) -> max_of(T, H).

max_of([H | T], M) when H > M -> max_of(T, H);
max_of([_ | T], M) -> max_of(T, M);
max_of([], M) -> M.

sublist(L, 1, Len) when is_list(L), is_integer(Len), Len >= 0 ->
    sublist(L, Len);
sublist([], Start, _) when is_integer(Start), Start >= 2 ->
    [];
sublist([_ | T], Start, Len) when is_integer(Start), Start >= 2 ->
    sublist(T, Start - 1, Len).

sublist(L, Len) when is_integer(Len), is_list(L) -> take_n(L, Len).

take_n([H | T], N) when N > 0 -> [H | take_n(T, N - 1)];
take_n(_, 0) -> [];
take_n(L, N) when is_list(L), N > 0 -> [].

delete(X, [X | T]) -> T;
delete(X, [H | T]) -> [H | delete(X, T)];
delete(_, []) -> [].

zip([X | Xs], [Y | Ys]) -> [{X, Y} | zip(Xs, Ys)];
zip([], []) -> [].

unzip(L) -> unzip_acc(L, [], []).

unzip_acc([{X, Y} | T], Xs, Ys) -> unzip_acc(T, [X | Xs], [Y | Ys]);
unzip_acc([], Xs, Ys) -> {reverse(Xs), reverse(Ys)}.

zip3([X | Xs], [Y | Ys], [Z | Zs]) -> [{X, Y, Z} | zip3(Xs, Ys, Zs)];
zip3([], [], []) -> [].

unzip3(L) -> unzip3_acc(L, [], [], []).

unzip3_acc([{X, Y, Z} | T], Xs, Ys, Zs) ->
    unzip3_acc(T, [X | Xs], [Y | Ys], [Z | Zs]);
unzip3_acc([], Xs, Ys, Zs) ->
    {reverse(Xs), reverse(Ys), reverse(Zs)}.

zipwith(F, [X | Xs], [Y | Ys]) ->
    V = F(X, Y),
    [V | zipwith(F, Xs, Ys)];
zipwith(F, [], []) when is_function(F, 2) -> [].

zipwith3(F, [X | Xs], [Y | Ys], [Z | Zs]) ->
    V = F(X, Y, Z),
    [V | zipwith3(F, Xs, Ys, Zs)];
zipwith3(F, [], [], []) when is_function(F, 3) -> [].

concat(L) -> flatmap(fun to_chars/1, L).

to_chars(X) when is_integer(X) -> integer_to_list(X);
to_chars(X) when is_float(X) -> float_to_list(X);
to_chars(X) when is_atom(X) -> atom_to_list(X);
to_chars(X) when is_list(X) -> X.

flatten(L) when is_list(L) -> flat(L, []).

flatten(L, Tail) when is_list(L), is_list(Tail) -> flat(L, Tail).

flat([H | T], Tail) when is_list(H) -> flat(H, flat(T, Tail));
flat([H | T], Tail) -> [H | flat(T, Tail)];
flat([], Tail) -> Tail.

flatlength(L) -> flen(L, 0).

flen([H | T], N) when is_list(H) -> flen(H, flen(T, N));
flen([_ | T], N) -> flen(T, N + 1);
flen([], N) -> N.

keydelete(K, N, L) when is_integer(N), N > 0 -> kdel(K, N, L).

kdel(K, N, [H | T]) when element(N, H) == K -> T;
kdel(K, N, [H | T]) -> [H | kdel(K, N, T)];
kdel(_, _, []) -> [].

keyreplace(K, N, L, New) when is_integer(N), N > 0, is_tuple(New) ->
    krep(K, N, L, New).

krep(K, N, [H | T], New) when element(N, H) == K -> [New | T];
krep(K, N, [H | T], New) -> [H | krep(K, N, T, New)];
krep(_, _, [], _) -> [].

keytake(K, N, L) when is_integer(N), N > 0 -> ktake(K, N, L, []).

ktake(K, N, [H | T], Seen) when element(N, H) == K ->
    {value, H, lists:reverse(Seen, T)};
ktake(K, N, [H | T], Seen) -> ktake(K, N, T, [H | Seen]);
ktake(_, _, [], _) -> false.

keystore(K, N, L, New) when is_integer(N), N > 0, is_tuple(New) ->
    kstore(K, N, L, New).

kstore(K, N, [H | T], New) when element(N, H) == K -> [New | T];
kstore(K, N, [H | T], New) -> [H | kstore(K, N, T, New)];
kstore(_, _, [], New) -> [New].

keymap(F, N, [H | T]) ->
    V = setelement(N, H, F(element(N, H))),
    [V | keymap(F, N, T)];
keymap(F, N, []) when is_integer(N), N >= 1, is_function(F, 1) -> [].

enumerate(L) when is_list(L) -> enum(1, L).

enumerate(I, L) when is_integer(I), is_list(L) -> enum(I, L).

enum(I, [H | T]) -> [{I, H} | enum(I + 1, T)];
enum(_, []) -> [].

uniq(L) -> uniq_seen(L, #{}).

uniq_seen([X | T], Seen) ->
    case is_map_key(X, Seen) of
        true -> uniq_seen(T, Seen);
        false -> [X | uniq_seen(T, Seen#{X => true})]
    end;
uniq_seen([], _) -> [].

uniq(F, L) when is_function(F, 1) -> uniq_by(L, F, #{}).

uniq_by([X | T], F, Seen) ->
    K = F(X),
    case is_map_key(K, Seen) of
        true -> uniq_by(T, F, Seen);
        false -> [X | uniq_by(T, F, Seen#{K => true})]
    end;
uniq_by([], _, _) -> [].

join(_, []) -> [];
join(Sep, [H | T]) -> [H | join_rest(Sep, T)].

join_rest(_, []) -> [];
join_rest(Sep, [H | T]) -> [Sep, H | join_rest(Sep, T)].

split(N, L) when is_integer(N), N >= 0, is_list(L) ->
    case split_at(N, L, []) of
        {_, _} = R -> R;
        badarg -> erlang:error(badarg, [N, L])
    end;
split(N, L) ->
    erlang:error(badarg, [N, L]).

split_at(0, L, Acc) -> {lists:reverse(Acc, []), L};
split_at(N, [H | T], Acc) -> split_at(N - 1, T, [H | Acc]);
split_at(_, [], _) -> badarg.

%% ---------------------------------------------------------------------
%% Higher-order functions

all(P, L) when is_function(P, 1) ->
    case L of
        [H | T] ->
            case P(H) of
                true -> all_rest(P, T);
                false -> false
            end;
        [] -> true
    end.

all_rest(P, [H | T]) ->
    case P(H) of
        true -> all_rest(P, T);
        false -> false
    end;
all_rest(_, []) -> true.

any(P, L) when is_function(P, 1) ->
    case L of
        [H | T] ->
            case P(H) of
                true -> true;
                false -> any_rest(P, T)
            end;
        [] -> false
    end.

any_rest(P, [H | T]) ->
    case P(H) of
        true -> true;
        false -> any_rest(P, T)
    end;
any_rest(_, []) -> false.

map(F, L) when is_function(F, 1) ->
    case L of
        [H | T] ->
            V = F(H),
            [V | map_rest(F, T)];
        [] -> []
    end.

map_rest(F, [H | T]) ->
    V = F(H),
    [V | map_rest(F, T)];
map_rest(_, []) -> [].

flatmap(F, L) when is_function(F, 1) -> flatmap_rest(F, L).

flatmap_rest(F, [H | T]) ->
    V = F(H),
    V ++ flatmap_rest(F, T);
flatmap_rest(_, []) -> [].

foldl(F, Acc, L) when is_function(F, 2) ->
    case L of
        [H | T] -> foldl_rest(F, F(H, Acc), T);
        [] -> Acc
    end.

foldl_rest(F, Acc, [H | T]) -> foldl_rest(F, F(H, Acc), T);
foldl_rest(_, Acc, []) -> Acc.

foldr(F, Acc, L) when is_function(F, 2) -> foldr_rest(F, Acc, L).

foldr_rest(F, Acc, [H | T]) -> F(H, foldr_rest(F, Acc, T));
foldr_rest(_, Acc, []) -> Acc.

filter(P, L) when is_function(P, 1) -> [X || X <- L, P(X)].

partition(P, L) when is_function(P, 1) -> part(P, L, [], []).

part(P, [H | T], Yes, No) ->
    case P(H) of
        true -> part(P, T, [H | Yes], No);
        false -> part(P, T, Yes, [H | No])
    end;
part(_, [], Yes, No) -> {reverse(Yes), reverse(No)}.

filtermap(F, L) when is_function(F, 1) -> fmap(F, L).

fmap(F, [H | T]) ->
    case F(H) of
        false -> fmap(F, T);
        true -> [H | fmap(F, T)];
        {true, V} -> [V | fmap(F, T)]
    end;
fmap(_, []) -> [].

zf(F, L) -> filtermap(F, L).

foreach(F, L) when is_function(F, 1) -> each(F, L).

each(F, [H | T]) ->
    F(H),
    each(F, T);
each(_, []) -> ok.

mapfoldl(F, Acc, L) when is_function(F, 2) -> mfl(F, Acc, L).

mfl(F, Acc0, [H | T]) ->
    {V, Acc1} = F(H, Acc0),
    {Vs, Acc2} = mfl(F, Acc1, T),
    {[V | Vs], Acc2};
mfl(_, Acc, []) -> {[], Acc}.

mapfoldr(F, Acc, L) when is_function(F, 2) -> mfr(F, Acc, L).

mfr(F, Acc0, [H | T]) ->
    {Vs, Acc1} = mfr(F, Acc0, T),
    {V, Acc2} = F(H, Acc1),
    {[V | Vs], Acc2};
mfr(_, Acc, []) -> {[], Acc}.

takewhile(P, L) when is_function(P, 1) -> tw(P, L).

tw(P, [H | T]) ->
    case P(H) of
        true -> [H | tw(P, T)];
        false -> []
    end;
tw(_, []) -> [].

dropwhile(P, L) when is_function(P, 1) -> dw(P, L).

dw(P, [H | T] = L) ->
    case P(H) of
        true -> dw(P, T);
        false -> L
    end;
dw(_, []) -> [].

search(P, L) when is_function(P, 1) -> find_first(P, L).

find_first(P, [H | T]) ->
    case P(H) of
        true -> {value, H};
        false -> find_first(P, T)
    end;
find_first(_, []) -> false.

splitwith(P, L) when is_function(P, 1) -> sw(P, L, []).

sw(P, [H | T], Acc) ->
    case P(H) of
        true -> sw(P, T, [H | Acc]);
        false -> {reverse(Acc), [H | T]}
    end;
sw(_, [], Acc) -> {reverse(Acc), []}.

%% ---------------------------------------------------------------------
%% Sorting.
%%
%% sort/1 and sort/2 first cut the input into sorted runs exactly the way
%% OTP does (that decides where elements that compare equal end up, since
%% neither is stable in every case), then merge adjacent runs.  OTP breaks
%% ties the same way at every level of its merge tree: sort/2 takes the
%% earlier run's element when Fun(Earlier, Later); sort/1 takes the
%% earlier run's element on ties when the first two elements were in
%% order, the later run's otherwise.  So within each class of equal
%% elements the result is ordered by run (earliest first, or latest first)
%% and then by place in the run, and any merge of adjacent runs with the
%% same rule gives the same result whatever the shape of the tree.
%% The other sorts are stable and keep the first of equal elements, so a
%% plain stable merge sort gives the same answer.
%%
%% sort/1 has its own copy of the run cutting, every comparison a guard.
%% Its merge passes take runs as they come, without reversing them first:
%% a pass over runs that read largest first emits the largest element
%% first, so its results read smallest first, and the next pass merges
%% those the other way.  Each pass also reverses the list of runs, so the
%% rule "earlier run first on ties" alternates between "first of the pair"
%% and "second of the pair"; the two alternations line up, leaving just
%% two kinds of pass (merge_up, merge_down).  Only a run left without a
%% partner is reversed, to read like the merged ones.

sort([X, Y | T] = L) when X =< Y ->
    case T of
        [] -> L;
        [Z] when Y =< Z -> L;
        [Z] when X =< Z -> [X, Z, Y];
        [Z] -> [Z, X, Y];
        _ when X == Y -> equal_prefix(Y, T, [X]);
        _ -> up_runs(Y, X, T, [], [])
    end;
sort([X, Y | T]) ->
    case T of
        [] -> [Y, X];
        [Z] when X =< Z -> [Y, X | T];
        [Z] when Y =< Z -> [Y, Z, X];
        [Z] -> [Z, Y, X];
        _ -> down_runs(Y, X, T, [], [])
    end;
sort([_] = L) -> L;
sort([] = L) -> L.

%% A leading stretch of equal elements becomes the bottom of the first run.
equal_prefix(X, [Y | T], Acc) when X == Y -> equal_prefix(Y, T, [X | Acc]);
equal_prefix(X, [Y | T], Acc) when X < Y -> up_runs(Y, X, T, Acc, []);
equal_prefix(X, [Y | T], Acc) -> down_runs(Y, X, T, Acc, []);
equal_prefix(X, [], Acc) -> lists:reverse(Acc, [X]).

%% sort/1's runs when its first two elements were in order.  The current
%% run is [Top, Next | Below], largest first.  An element goes on top when
%% no smaller than Top, else just under Top when no smaller than Next,
%% else to the bottom while the run has two elements; otherwise it waits
%% (up_runs_wait) to start the next run with the element after it.  Rs
%% holds the finished runs, newest first, each largest first.
up_runs(Top, Next, [Z | L], Below, Rs) when Top =< Z ->
    up_runs(Z, Top, L, [Next | Below], Rs);
up_runs(Top, Next, [Z | L], Below, Rs) when Next =< Z ->
    up_runs(Top, Z, L, [Next | Below], Rs);
up_runs(Top, Next, [Z | L], [], Rs) ->
    up_runs(Top, Next, L, [Z], Rs);
up_runs(Top, Next, [Z | L], Below, Rs) ->
    up_runs_wait(Top, Next, L, Below, Rs, Z);
up_runs(Top, Next, [], Below, Rs) ->
    merge_down([[Top, Next | Below] | Rs]).

%% The same with W waiting; Below is never empty here.
up_runs_wait(Top, Next, [Z | L], Below, Rs, W) when Top =< Z ->
    up_runs_wait(Z, Top, L, [Next | Below], Rs, W);
up_runs_wait(Top, Next, [Z | L], Below, Rs, W) when Next =< Z ->
    up_runs_wait(Top, Z, L, [Next | Below], Rs, W);
up_runs_wait(Top, Next, [Z | L], Below, Rs, W) when W =< Z ->
    up_runs(Z, W, L, [], [[Top, Next | Below] | Rs]);
up_runs_wait(Top, Next, [Z | L], Below, Rs, W) ->
    up_runs(W, Z, L, [], [[Top, Next | Below] | Rs]);
up_runs_wait(Top, Next, [], Below, Rs, W) ->
    merge_down([[W], [Top, Next | Below] | Rs]).

%% sort/1's runs when its first two elements were out of order: as
%% up_runs, smallest first, an element equal to Top going on top.
down_runs(Top, Next, [Z | L], Below, Rs) when Z =< Top ->
    down_runs(Z, Top, L, [Next | Below], Rs);
down_runs(Top, Next, [Z | L], Below, Rs) when Z =< Next ->
    down_runs(Top, Z, L, [Next | Below], Rs);
down_runs(Top, Next, [Z | L], [], Rs) ->
    down_runs(Top, Next, L, [Z], Rs);
down_runs(Top, Next, [Z | L], Below, Rs) ->
    down_runs_wait(Top, Next, L, Below, Rs, Z);
down_runs(Top, Next, [], Below, Rs) ->
    merge_up([[Top, Next | Below] | Rs]).

down_runs_wait(Top, Next, [Z | L], Below, Rs, W) when Z =< Top ->
    down_runs_wait(Z, Top, L, [Next | Below], Rs, W);
down_runs_wait(Top, Next, [Z | L], Below, Rs, W) when Z =< Next ->
    down_runs_wait(Top, Z, L, [Next | Below], Rs, W);
down_runs_wait(Top, Next, [Z | L], Below, Rs, W) when Z < W ->
    down_runs(Z, W, L, [], [[Top, Next | Below] | Rs]);
down_runs_wait(Top, Next, [Z | L], Below, Rs, W) ->
    down_runs(W, Z, L, [], [[Top, Next | Below] | Rs]);
down_runs_wait(Top, Next, [], Below, Rs, W) ->
    merge_up([[W], [Top, Next | Below] | Rs]).

%% One merge pass over runs that read smallest first, the first run of
%% each pair going first on ties; the results read largest first and come
%% out in the opposite order, for merge_down.
merge_up([R]) -> R;
merge_up(Rs) -> up_pairs(Rs, []).

up_pairs([[HA | TA], [HB | TB] | Rs], Acc) ->
    up_pairs(Rs, [merge_two_up(HA, TA, HB, TB, []) | Acc]);
up_pairs([R], Acc) -> merge_down([lists:reverse(R, []) | Acc]);
up_pairs([], Acc) -> merge_down(Acc).

merge_two_up(HA, TA, HB, TB, Acc) when HA =< HB ->
    case TA of
        [HA1 | TA1] -> merge_two_up(HA1, TA1, HB, TB, [HA | Acc]);
        [] -> lists:reverse(TB, [HB, HA | Acc])
    end;
merge_two_up(HA, TA, HB, TB, Acc) ->
    case TB of
        [HB1 | TB1] -> merge_two_up(HA, TA, HB1, TB1, [HB | Acc]);
        [] -> lists:reverse(TA, [HA, HB | Acc])
    end.

%% One merge pass over runs that read largest first, the second run of
%% each pair going first on ties (so emitted last); the results read
%% smallest first and come out in the opposite order, for merge_up.
merge_down([R]) -> lists:reverse(R, []);
merge_down(Rs) -> down_pairs(Rs, []).

down_pairs([[HA | TA], [HB | TB] | Rs], Acc) ->
    down_pairs(Rs, [merge_two_down(HA, TA, HB, TB, []) | Acc]);
down_pairs([R], Acc) -> merge_up([lists:reverse(R, []) | Acc]);
down_pairs([], Acc) -> merge_up(Acc).

merge_two_down(HA, TA, HB, TB, Acc) when HB =< HA ->
    case TA of
        [HA1 | TA1] -> merge_two_down(HA1, TA1, HB, TB, [HA | Acc]);
        [] -> lists:reverse(TB, [HB, HA | Acc])
    end;
merge_two_down(HA, TA, HB, TB, Acc) ->
    case TB of
        [HB1 | TB1] -> merge_two_down(HA, TA, HB1, TB1, [HB | Acc]);
        [] -> lists:reverse(TA, [HA, HB | Acc])
    end.

sort(F, []) when is_function(F, 2) -> [];
sort(F, [_] = L) when is_function(F, 2) -> L;
sort(F, [X, Y | T]) ->
    case F(X, Y) of
        true -> runs({f_asc, F}, Y, X, T, [], [], none);
        false -> runs({f_desc, F}, Y, X, T, [], [], none)
    end.

%% sort/2's runs, as sort/1's: M is {f_asc, F} when its first two
%% elements were in order, {f_desc, F} otherwise.  The current run is
%% [Top, Next | Below], Top being the last element in the run's order.
%% Rs holds the finished runs, newest first, each in the same layout.  P
%% is an element that fitted nowhere, waiting to start the next run
%% ('none' or {p, Elem}).
runs(M, Top, Next, [Z | L], Below, Rs, P) ->
    case goes_after(M, Top, Z) of
        true -> runs(M, Z, Top, L, [Next | Below], Rs, P);
        false ->
            case goes_after(M, Next, Z) of
                true -> runs(M, Top, Z, L, [Next | Below], Rs, P);
                false ->
                    case P of
                        none when Below == [] ->
                            runs(M, Top, Next, L, [Z], Rs, none);
                        none ->
                            runs(M, Top, Next, L, Below, Rs, {p, Z});
                        {p, S} ->
                            Rs1 = [[Top, Next | Below] | Rs],
                            case goes_after(M, S, Z) of
                                true -> runs(M, Z, S, L, [], Rs1, none);
                                false -> runs(M, S, Z, L, [], Rs1, none)
                            end
                    end
            end
    end;
runs(M, Top, Next, [], Below, Rs, P) ->
    Rs1 = [[Top, Next | Below] | Rs],
    Rs2 = case P of
              none -> Rs1;
              {p, S} -> [[S] | Rs1]
          end,
    merge_runs(M, ascending_runs(M, Rs2, [])).

%% true when Z may follow A at the top of a run in mode M.
goes_after({f_asc, F}, A, Z) -> fun_true(F(A, Z));
goes_after({f_desc, F}, A, Z) -> not fun_true(F(A, Z)).

fun_true(true) -> true;
fun_true(false) -> false;
fun_true(V) -> erlang:error({case_clause, V}).

%% Turns the newest-first list of runs into an oldest-first list of
%% ascending lists.  Runs built ascending are stored top first, so they
%% are reversed; descending runs already read smallest first.
ascending_runs({f_asc, _} = M, [R | Rs], Acc) ->
    ascending_runs(M, Rs, [lists:reverse(R, []) | Acc]);
ascending_runs(M, [R | Rs], Acc) ->
    ascending_runs(M, Rs, [R | Acc]);
ascending_runs(_, [], Acc) -> Acc.

merge_runs(_, [R]) -> R;
merge_runs(M, Rs) -> merge_runs(M, merge_pairs(M, Rs)).

merge_pairs(M, [A, B | Rs]) -> [merge_two(M, A, B) | merge_pairs(M, Rs)];
merge_pairs(_, Rs) -> Rs.

merge_two(M, A, B) -> merge_two(M, A, B, []).

%% Ties go to the earlier run (A) when F(A, B).
merge_two({_, F} = M, [HA | TA] = A, [HB | TB] = B, Acc) ->
    case fun_true(F(HA, HB)) of
        true -> merge_two(M, TA, B, [HA | Acc]);
        false -> merge_two(M, A, TB, [HB | Acc])
    end;
merge_two(_, [], B, Acc) -> lists:reverse(Acc, B);
merge_two(_, A, [], Acc) -> lists:reverse(Acc, A).

%% Stable merge sort on a =< predicate Le, for the stable sorts.
stable_sort(_, []) -> [];
stable_sort(Le, L) -> merge_all(Le, cut_runs(Le, L)).

cut_runs(Le, [X, Y | T]) ->
    case Le(X, Y) of
        true -> up_run(Le, Y, T, [X]);
        false -> down_run(Le, Y, T, [X])
    end;
cut_runs(_, [X]) -> [[X]];
cut_runs(_, []) -> [].

up_run(Le, X, [Y | T] = L, Acc) ->
    case Le(X, Y) of
        true -> up_run(Le, Y, T, [X | Acc]);
        false -> [lists:reverse(Acc, [X]) | cut_runs(Le, L)]
    end;
up_run(_, X, [], Acc) -> [lists:reverse(Acc, [X])].

down_run(Le, X, [Y | T] = L, Acc) ->
    case Le(X, Y) of
        false -> down_run(Le, Y, T, [X | Acc]);
        true -> [[X | Acc] | cut_runs(Le, L)]
    end;
down_run(_, X, [], Acc) -> [[X | Acc]].

merge_all(_, [R]) -> R;
merge_all(Le, Rs) -> merge_all(Le, merge_all_pairs(Le, Rs)).

merge_all_pairs(Le, [A, B | Rs]) ->
    [lists:reverse(le_merge(Le, A, B, []), []) | merge_all_pairs(Le, Rs)];
merge_all_pairs(_, Rs) -> Rs.

le_merge(Le, [HA | TA] = A, [HB | TB] = B, Acc) ->
    case Le(HA, HB) of
        true -> le_merge(Le, TA, B, [HA | Acc]);
        false -> le_merge(Le, A, TB, [HB | Acc])
    end;
le_merge(_, [], B, Acc) -> lists:reverse(B, Acc);
le_merge(_, A, [], Acc) -> lists:reverse(A, Acc).

%% Drops each element Eq to the one kept before it.
dedup(Eq, [X | T]) -> [X | dedup(Eq, X, T)];
dedup(_, []) -> [].

dedup(Eq, K, [X | T]) ->
    case Eq(K, X) of
        true -> dedup(Eq, K, T);
        false -> [X | dedup(Eq, X, T)]
    end;
dedup(_, _, []) -> [].

usort([_, _ | _] = L) ->
    dedup(fun(A, B) -> A == B end,
          stable_sort(fun(A, B) -> A =< B end, proper(L)));
usort([_] = L) -> L;
usort([]) -> [].

usort(F, [_] = L) when is_function(F, 2) -> L;
usort(F, [] = L) when is_function(F, 2) -> L;
usort(F, [_ | _] = L) when is_function(F, 2) ->
    Le = fun(A, B) -> fun_true(F(A, B)) end,
    dedup(fun(A, B) -> Le(A, B) andalso Le(B, A) end,
          stable_sort(Le, proper(L))).

%% The list itself, or function_clause when it is improper.
proper(L) -> proper(L, L).

proper(L, [_ | T]) -> proper(L, T);
proper(L, []) -> L.

keysort(N, L) when is_integer(N), N > 0 ->
    case L of
        [] -> L;
        [_] -> L;
        [_, _ | _] ->
            strip_keys(stable_sort(fun key_le/2, add_keys(N, equal_front(N, L))))
    end.

%% keysort/2 is stable but for one case, kept here: when the list (four
%% or more long) starts with several elements equal as terms and then an
%% element with a smaller key, those first elements come out reversed.
equal_front(N, [X, Y, _, _ | _] = L) when X == Y ->
    case equal_run(L, []) of
        {[Last | _] = Run, [Z | _] = Rest} ->
            case element(N, Last) =< element(N, Z) of
                true -> L;
                false -> Run ++ Rest
            end;
        {_, []} -> L
    end;
equal_front(_, L) -> L.

%% The leading elements each equal to the one before, reversed, and the rest.
equal_run([X | [Y | _] = T], Acc) when X == Y -> equal_run(T, [X | Acc]);
equal_run([X | T], Acc) -> {[X | Acc], T}.

ukeysort(N, L) when is_integer(N), N > 0 ->
    case L of
        [] -> L;
        [_] -> L;
        [_, _ | _] ->
            strip_keys(dedup(fun({A, _}, {B, _}) -> A == B end,
                             stable_sort(fun key_le/2, add_keys(N, L))))
    end.

key_le({A, _}, {B, _}) -> A =< B.

add_keys(N, [H | T]) -> [{element(N, H), H} | add_keys(N, T)];
add_keys(_, []) -> [].

strip_keys(L) -> [X || {_, X} <- L].

%% ---------------------------------------------------------------------
%% Merging sorted lists

merge(Ls) -> merge_list(Ls).

merge_list([]) -> [];
merge_list([L]) -> L;
merge_list([_, _ | _] = Ls) -> merge_list(merge_list_pairs(Ls)).

merge_list_pairs([A, B | T]) -> [merge(A, B) | merge_list_pairs(T)];
merge_list_pairs(T) -> T.

merge(A, []) -> A;
merge(A, [_ | _] = B) -> m_asc(A, B, []).

m_asc([HA | TA] = A, [HB | TB] = B, Acc) ->
    if HA =< HB -> m_asc(TA, B, [HA | Acc]);
       true -> m_asc(A, TB, [HB | Acc])
    end;
m_asc([], B, Acc) -> lists:reverse(Acc, B);
m_asc(A, [], Acc) -> lists:reverse(Acc, A).

rmerge(A, []) -> A;
rmerge(A, [_ | _] = B) -> m_desc(A, B, []).

m_desc([HA | TA] = A, [HB | TB] = B, Acc) ->
    if HA > HB -> m_desc(TA, B, [HA | Acc]);
       true -> m_desc(A, TB, [HB | Acc])
    end;
m_desc([], B, Acc) -> lists:reverse(Acc, B);
m_desc(A, [], Acc) -> lists:reverse(Acc, A).

merge3(A, [], C) -> merge(A, C);
merge3(A, B, []) -> merge(A, B);
merge3(A, [_ | _] = B, [_ | _] = C) -> merge(merge(A, B), C).

rmerge3(A, [], C) -> rmerge(A, C);
rmerge3(A, B, []) -> rmerge(A, B);
rmerge3(A, [_ | _] = B, [_ | _] = C) -> rmerge(rmerge(A, B), C).

merge(F, A, [_ | _] = B) when is_function(F, 2) -> fm_asc(F, A, B, []);
merge(F, A, []) when is_function(F, 2) -> A.

fm_asc(F, [HA | TA] = A, [HB | TB] = B, Acc) ->
    case F(HA, HB) of
        true -> fm_asc(F, TA, B, [HA | Acc]);
        false -> fm_asc(F, A, TB, [HB | Acc])
    end;
fm_asc(_, [], B, Acc) -> lists:reverse(Acc, B);
fm_asc(_, A, [], Acc) -> lists:reverse(Acc, A).

rmerge(F, A, [_ | _] = B) when is_function(F, 2) -> fm_desc(F, A, B, []);
rmerge(F, A, []) when is_function(F, 2) -> A.

fm_desc(F, [HA | TA] = A, [HB | TB] = B, Acc) ->
    case F(HA, HB) of
        true -> fm_desc(F, A, TB, [HB | Acc]);
        false -> fm_desc(F, TA, B, [HA | Acc])
    end;
fm_desc(_, [], B, Acc) -> lists:reverse(Acc, B);
fm_desc(_, A, [], Acc) -> lists:reverse(Acc, A).

umerge(Ls) -> umerge_list(Ls).

umerge_list([]) -> [];
umerge_list([L]) -> L;
umerge_list([_, _ | _] = Ls) -> umerge_list(umerge_list_pairs(Ls)).

umerge_list_pairs([A, B | T]) -> [umerge(A, B) | umerge_list_pairs(T)];
umerge_list_pairs(T) -> T.

umerge([], B) -> B;
umerge([_ | _] = A, B) -> um_asc(A, B, []).

um_asc([HA | TA] = A, [HB | TB] = B, Acc) ->
    if HA < HB -> um_asc(TA, B, [HA | Acc]);
       HA == HB -> um_asc(TA, TB, [HA | Acc]);
       true -> um_asc(A, TB, [HB | Acc])
    end;
um_asc([], B, Acc) -> lists:reverse(Acc, B);
um_asc(A, [], Acc) -> lists:reverse(Acc, A).

rumerge(A, []) -> A;
rumerge(A, [_ | _] = B) -> um_desc(A, B, []).

um_desc([HA | TA] = A, [HB | TB] = B, Acc) ->
    if HA > HB -> um_desc(TA, B, [HA | Acc]);
       HA == HB -> um_desc(TA, TB, [HA | Acc]);
       true -> um_desc(A, TB, [HB | Acc])
    end;
um_desc([], B, Acc) -> lists:reverse(Acc, B);
um_desc(A, [], Acc) -> lists:reverse(Acc, A).

umerge3(A, [], C) -> umerge(A, C);
umerge3(A, B, []) -> umerge(A, B);
umerge3(A, [_ | _] = B, [_ | _] = C) -> umerge(umerge(A, B), C).

rumerge3(A, [], C) -> rumerge(A, C);
rumerge3(A, B, []) -> rumerge(A, B);
rumerge3(A, [_ | _] = B, [_ | _] = C) -> rumerge(rumerge(A, B), C).

%% Equal elements: the one from the first list is kept, and a second-list
%% element is dropped when it equals the element just taken from the first.
umerge(F, [], B) when is_function(F, 2) -> B;
umerge(F, [_ | _] = A, B) when is_function(F, 2) -> ufm_asc(F, A, B, none, []).

ufm_asc(F, [HA | TA] = A, [HB | TB] = B, Last, Acc) ->
    case F(HA, HB) of
        true -> ufm_asc(F, TA, B, {a, HA}, [HA | Acc]);
        false ->
            case dup_of_last(F, HB, Last) of
                true -> ufm_asc(F, A, TB, none, Acc);
                false -> ufm_asc(F, A, TB, none, [HB | Acc])
            end
    end;
ufm_asc(F, [], [HB | TB] = B, Last, Acc) ->
    case dup_of_last(F, HB, Last) of
        true -> lists:reverse(Acc, TB);
        false -> lists:reverse(Acc, B)
    end;
ufm_asc(_, A, [], _, Acc) -> lists:reverse(Acc, A).

dup_of_last(_, _, none) -> false;
dup_of_last(F, X, {a, E}) -> fun_true(F(X, E)).

rumerge(F, A, []) when is_function(F, 2) -> A;
rumerge(F, A, [HB | TB]) when is_function(F, 2) -> ufm_desc(F, A, HB, TB, []).

%% HB is the head of the second list, not yet emitted.
ufm_desc(F, [HA | TA], HB, TB, Acc) ->
    case F(HA, HB) of
        true -> ufm_desc_held(F, HA, TA, TB, HB, Acc);
        false -> ufm_desc(F, TA, HB, TB, [HA | Acc])
    end;
ufm_desc(_, [], HB, TB, Acc) -> lists:reverse(Acc, [HB | TB]).

%% P, from the second list, waits while HA is compared with the rest.
ufm_desc_held(F, HA, TA, [HB | TB], P, Acc) ->
    case F(HA, HB) of
        true -> ufm_desc_held(F, HA, TA, TB, HB, [P | Acc]);
        false ->
            case fun_true(F(P, HA)) of
                true -> ufm_desc(F, TA, HB, TB, [HA | Acc]);
                false -> ufm_desc(F, TA, HB, TB, [HA, P | Acc])
            end
    end;
ufm_desc_held(F, HA, TA, [], P, Acc) ->
    case fun_true(F(P, HA)) of
        true -> lists:reverse(Acc, [HA | TA]);
        false -> lists:reverse(Acc, [P, HA | TA])
    end.

keymerge(N, A, B) when is_integer(N), N > 0 ->
    case B of
        [] -> A;
        [_ | _] -> km(N, A, B, asc, [])
    end.

rkeymerge(N, A, B) when is_integer(N), N > 0 ->
    case B of
        [] -> A;
        [_ | _] -> km(N, A, B, desc, [])
    end.

km(N, [HA | TA] = A, [HB | TB] = B, D, Acc) ->
    case takes_first(D, element(N, HA), element(N, HB)) of
        true -> km(N, TA, B, D, [HA | Acc]);
        false -> km(N, A, TB, D, [HB | Acc])
    end;
km(_, [], B, _, Acc) -> lists:reverse(Acc, B);
km(_, A, [], _, Acc) -> lists:reverse(Acc, A).

takes_first(asc, KA, KB) -> KA =< KB;
takes_first(desc, KA, KB) -> KA > KB.

ukeymerge(N, A, B) when is_integer(N), N > 0 ->
    case A of
        [] -> B;
        [_ | _] -> ukm(N, A, B, asc, [])
    end.

rukeymerge(N, A, B) when is_integer(N), N > 0 ->
    case B of
        [] -> A;
        [_ | _] -> ukm(N, A, B, desc, [])
    end.

ukm(N, [HA | TA] = A, [HB | TB] = B, D, Acc) ->
    KA = element(N, HA),
    KB = element(N, HB),
    if KA == KB -> ukm(N, TA, TB, D, [HA | Acc]);
       true ->
            case takes_first(D, KA, KB) of
                true -> ukm(N, TA, B, D, [HA | Acc]);
                false -> ukm(N, A, TB, D, [HB | Acc])
            end
    end;
ukm(_, [], B, _, Acc) -> lists:reverse(Acc, B);
ukm(_, A, [], _, Acc) -> lists:reverse(Acc, A).
