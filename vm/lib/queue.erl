%% queue: FIFO queues as {Rear, Front} list pairs (Rear reversed), OTP 25's
%% original, "Okasaki" and "extended" APIs with its results, its way of
%% rebalancing the two lists and its exceptions (badarg for a non-queue,
%% empty for taking from an empty queue).
-module(queue).

-export([all/2, any/2, cons/2, daeh/1, delete/2, delete_r/2, delete_with/2,
         delete_with_r/2, drop/1, drop_r/1, filter/2, filtermap/2, fold/3,
         from_list/1, get/1, get_r/1, head/1, in/2, in_r/2, init/1,
         is_empty/1, is_queue/1, join/2, lait/1, last/1, len/1, liat/1,
         member/2, new/0, out/1, out_r/1, peek/1, peek_r/1, reverse/1,
         snoc/2, split/2, tail/1, to_list/1]).

-define(IS_Q(R, F), is_list(R), is_list(F)).

%% ---------------------------------------------------------------------
%% Original API

new() -> {[], []}.

is_queue({R, F}) when ?IS_Q(R, F) -> true;
is_queue(_) -> false.

is_empty({[], []}) -> true;
is_empty({R, F}) when ?IS_Q(R, F) -> false;
is_empty(Q) -> erlang:error(badarg, [Q]).

len({R, F}) when ?IS_Q(R, F) -> length(R) + length(F);
len(Q) -> erlang:error(badarg, [Q]).

to_list({R, F}) when ?IS_Q(R, F) -> F ++ lists:reverse(R, []);
to_list(Q) -> erlang:error(badarg, [Q]).

from_list(L) when is_list(L) -> front_to_queue(L);
from_list(L) -> erlang:error(badarg, [L]).

member(X, {R, F}) when ?IS_Q(R, F) -> lists:member(X, R) orelse lists:member(X, F);
member(X, Q) -> erlang:error(badarg, [X, Q]).

in(X, {[_] = R, []}) -> {[X], R};
in(X, {R, F}) when ?IS_Q(R, F) -> {[X | R], F};
in(X, Q) -> erlang:error(badarg, [X, Q]).

in_r(X, {[], [_] = F}) -> {F, [X]};
in_r(X, {R, F}) when ?IS_Q(R, F) -> {R, [X | F]};
in_r(X, Q) -> erlang:error(badarg, [X, Q]).

out({[], []} = Q) -> {empty, Q};
out({[X], []}) -> {{value, X}, {[], []}};
out({[Last | R], []}) ->
    [X | F] = lists:reverse(R, []),
    {{value, X}, {[Last], F}};
out({R, [X]}) when is_list(R) -> {{value, X}, rear_to_queue(R)};
out({R, [X | F]}) when is_list(R) -> {{value, X}, {R, F}};
out(Q) -> erlang:error(badarg, [Q]).

out_r({[], []} = Q) -> {empty, Q};
out_r({[], [X]}) -> {{value, X}, {[], []}};
out_r({[], [First | F]}) ->
    [X | R] = lists:reverse(F, []),
    {{value, X}, {R, [First]}};
out_r({[X], F}) when is_list(F) -> {{value, X}, front_to_queue(F)};
out_r({[X | R], F}) when is_list(F) -> {{value, X}, {R, F}};
out_r(Q) -> erlang:error(badarg, [Q]).

%% ---------------------------------------------------------------------
%% Extended API

get({[], []} = Q) -> erlang:error(empty, [Q]);
get({R, F}) when ?IS_Q(R, F) -> front(R, F);
get(Q) -> erlang:error(badarg, [Q]).

front(R, [X | _]) when is_list(R) -> X;
front([X], []) -> X;
front([_ | R], []) -> lists:last(R).

get_r({[], []} = Q) -> erlang:error(empty, [Q]);
get_r({[X | _], F}) when is_list(F) -> X;
get_r({[], [X]}) -> X;
get_r({[], [_ | F]}) -> lists:last(F);
get_r(Q) -> erlang:error(badarg, [Q]).

peek({[], []}) -> empty;
peek({R, [X | _]}) when is_list(R) -> {value, X};
peek({[X], []}) -> {value, X};
peek({[_ | R], []}) -> {value, lists:last(R)};
peek(Q) -> erlang:error(badarg, [Q]).

peek_r({[], []}) -> empty;
peek_r({[X | _], F}) when is_list(F) -> {value, X};
peek_r({[], [X]}) -> {value, X};
peek_r({[], [_ | F]}) -> {value, lists:last(F)};
peek_r(Q) -> erlang:error(badarg, [Q]).

drop({[], []} = Q) -> erlang:error(empty, [Q]);
drop({[_], []}) -> {[], []};
drop({[Last | R], []}) ->
    [_ | F] = lists:reverse(R, []),
    {[Last], F};
drop({R, [_]}) when is_list(R) -> rear_to_queue(R);
drop({R, [_ | F]}) when is_list(R) -> {R, F};
drop(Q) -> erlang:error(badarg, [Q]).

drop_r({[], []} = Q) -> erlang:error(empty, [Q]);
drop_r({[], [_]}) -> {[], []};
drop_r({[], [First | F]}) ->
    [_ | R] = lists:reverse(F, []),
    {R, [First]};
drop_r({[_], F}) when is_list(F) -> front_to_queue(F);
drop_r({[_ | R], F}) when is_list(F) -> {R, F};
drop_r(Q) -> erlang:error(badarg, [Q]).

reverse({R, F}) when ?IS_Q(R, F) -> {F, R};
reverse(Q) -> erlang:error(badarg, [Q]).

join({R, F} = Q, {[], []}) when ?IS_Q(R, F) -> Q;
join({[], []}, {R, F} = Q) when ?IS_Q(R, F) -> Q;
join({R1, F1}, {R2, F2}) when ?IS_Q(R1, F1), ?IS_Q(R2, F2) ->
    {R2, F1 ++ lists:reverse(R1, F2)};
join(Q1, Q2) -> erlang:error(badarg, [Q1, Q2]).

split(0, {R, F} = Q) when ?IS_Q(R, F) -> {{[], []}, Q};
split(N, {R, F} = Q) when is_integer(N), N >= 1, ?IS_Q(R, F) ->
    LenF = length(F),
    if
        N < LenF ->
            [X | F1] = F,
            move_front(N - 1, R, F1, [], [X]);
        N > LenF ->
            Keep = length(R) - (N - LenF),
            if
                Keep < 0 -> erlang:error(badarg, [N, Q]);
                Keep > 0 ->
                    [X | R1] = R,
                    move_rear(Keep - 1, R1, F, [X], []);
                true -> {Q, {[], []}}
            end;
        true -> {front_to_queue(F), rear_to_queue(R)}
    end;
split(N, Q) -> erlang:error(badarg, [N, Q]).

%% Moves N more front items into the first queue's rear.
move_front(0, R1, F1, R2, F2) -> {{R2, F2}, {R1, F1}};
move_front(N, R1, [X | F1], R2, F2) -> move_front(N - 1, R1, F1, [X | R2], F2).

%% Moves N more rear items into the second queue's front.
move_rear(0, R1, F1, R2, F2) -> {{R1, F1}, {R2, F2}};
move_rear(N, [X | R1], F1, R2, F2) -> move_rear(N - 1, R1, F1, R2, [X | F2]).

%% The fun may return true, false, or a list of items to put in X's place.
filter(P, {R0, F0}) when is_function(P, 1), ?IS_Q(R0, F0) ->
    F = filter_front(P, F0),
    R = filter_rear(P, R0),
    rebuild(R, F);
filter(P, Q) -> erlang:error(badarg, [P, Q]).

filter_front(_, []) -> [];
filter_front(P, [X | F]) ->
    case P(X) of
        true -> [X | filter_front(P, F)];
        [Y] -> [Y | filter_front(P, F)];
        false -> filter_front(P, F);
        [] -> filter_front(P, F);
        L when is_list(L) -> L ++ filter_front(P, F)
    end.

%% The rear is visited last item first, so the fun sees queue order.
filter_rear(_, []) -> [];
filter_rear(P, [X | R0]) ->
    R = filter_rear(P, R0),
    case P(X) of
        true -> [X | R];
        [Y] -> [Y | R];
        false -> R;
        [] -> R;
        L when is_list(L) -> lists:reverse(L, R)
    end.

filtermap(P, {R0, F0}) when is_function(P, 1), ?IS_Q(R0, F0) ->
    F = lists:filtermap(P, F0),
    R = filtermap_rear(P, R0),
    rebuild(R, F);
filtermap(P, Q) -> erlang:error(badarg, [P, Q]).

filtermap_rear(_, []) -> [];
filtermap_rear(P, [X | R0]) ->
    R = filtermap_rear(P, R0),
    case P(X) of
        true -> [X | R];
        {true, Y} -> [Y | R];
        false -> R
    end.

rebuild([], F) -> front_to_queue(F);
rebuild(R, []) -> rear_to_queue(R);
rebuild(R, F) -> {R, F}.

fold(Fun, Acc, {R, F}) when is_function(Fun, 2), ?IS_Q(R, F) ->
    lists:foldr(Fun, lists:foldl(Fun, Acc, F), R);
fold(Fun, Acc, Q) -> erlang:error(badarg, [Fun, Acc, Q]).

any(P, {R, F}) when is_function(P, 1), ?IS_Q(R, F) ->
    lists:any(P, F) orelse lists:any(P, R);
any(P, Q) -> erlang:error(badarg, [P, Q]).

all(P, {R, F}) when is_function(P, 1), ?IS_Q(R, F) ->
    lists:all(P, F) andalso lists:all(P, R);
all(P, Q) -> erlang:error(badarg, [P, Q]).

%% Removes the first item =:= X (from the front end).
delete(X, {R0, F0} = Q) when ?IS_Q(R0, F0) ->
    case del_first(X, F0) of
        false ->
            case del_last(X, R0) of
                false -> Q;
                [] -> front_to_queue(F0);
                R1 -> {R1, F0}
            end;
        [] -> rear_to_queue(R0);
        F1 -> {R0, F1}
    end;
delete(X, Q) -> erlang:error(badarg, [X, Q]).

delete_r(X, {R0, F0}) when ?IS_Q(R0, F0) ->
    {F1, R1} = delete(X, {F0, R0}),
    {R1, F1};
delete_r(X, Q) -> erlang:error(badarg, [X, Q]).

%% false when X is absent, else the list without its first X.
del_first(X, [X | T]) -> T;
del_first(X, [Y | T]) ->
    case del_first(X, T) of
        false -> false;
        T1 -> [Y | T1]
    end;
del_first(_, []) -> false.

%% The same for the last X of the list.
del_last(X, [Y | T]) ->
    case del_last(X, T) of
        false when Y =:= X -> T;
        false -> false;
        T1 -> [Y | T1]
    end;
del_last(_, []) -> false.

delete_with(P, {R0, F0} = Q) when is_function(P, 1), ?IS_Q(R0, F0) ->
    case del_first_with(P, F0) of
        false ->
            case del_last_with(P, R0) of
                false -> Q;
                [] -> front_to_queue(F0);
                R1 -> {R1, F0}
            end;
        [] -> rear_to_queue(R0);
        F1 -> {R0, F1}
    end;
delete_with(P, Q) -> erlang:error(badarg, [P, Q]).

delete_with_r(P, {R0, F0}) when is_function(P, 1), ?IS_Q(R0, F0) ->
    {F1, R1} = delete_with(P, {F0, R0}),
    {R1, F1};
delete_with_r(P, Q) -> erlang:error(badarg, [P, Q]).

del_first_with(P, [Y | T]) ->
    case P(Y) of
        true -> T;
        false ->
            case del_first_with(P, T) of
                false -> false;
                T1 -> [Y | T1]
            end
    end;
del_first_with(_, []) -> false.

del_last_with(P, [Y | T]) ->
    case del_last_with(P, T) of
        false ->
            case P(Y) of
                true -> T;
                false -> false
            end;
        T1 -> [Y | T1]
    end;
del_last_with(_, []) -> false.

%% ---------------------------------------------------------------------
%% Okasaki API

cons(X, Q) -> in_r(X, Q).

head({[], []} = Q) -> erlang:error(empty, [Q]);
head({R, F}) when ?IS_Q(R, F) -> front(R, F);
head(Q) -> erlang:error(badarg, [Q]).

tail(Q) -> drop(Q).

snoc(Q, X) -> in(X, Q).

daeh(Q) -> get_r(Q).

last(Q) -> get_r(Q).

liat(Q) -> drop_r(Q).

lait(Q) -> drop_r(Q).

init(Q) -> drop_r(Q).

%% ---------------------------------------------------------------------
%% Rebalancing: a queue built from one list gets half of it on each side.

rear_to_queue([]) -> {[], []};
rear_to_queue([_] = R) -> {[], R};
rear_to_queue([A, B]) -> {[A], [B]};
rear_to_queue(L) ->
    {R, F} = lists:split(length(L) div 2, L),
    {R, lists:reverse(F, [])}.

front_to_queue([]) -> {[], []};
front_to_queue([_] = F) -> {F, []};
front_to_queue([A, B]) -> {[B], [A]};
front_to_queue(L) ->
    {F, R} = lists:split(length(L) div 2, L),
    {lists:reverse(R, []), F}.
