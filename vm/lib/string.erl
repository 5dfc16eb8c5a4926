%% string: OTP 25's string module for the dbgsh VM: the Unicode chardata
%% API (grapheme clusters from the C BIF unicode_util:gc/1, case mapping
%% and normalisation from unicode_util BIFs) and the old latin-1 list API.
%% Flat lists and binaries give OTP's exact results; for deep chardata the
%% characters are the same but the nesting of the result may differ.
-module(string).

-export([is_empty/1, length/1, to_graphemes/1, reverse/1, equal/2,
         equal/3, equal/4, slice/2, slice/3, pad/2, pad/3, pad/4, trim/1,
         trim/2, trim/3, chomp/1, take/2, take/3, take/4, lexemes/2,
         nth_lexeme/3, uppercase/1, lowercase/1, titlecase/1, casefold/1,
         prefix/2, split/2, split/3, replace/3, replace/4, find/2, find/3,
         next_codepoint/1, next_grapheme/1, to_float/1, to_integer/1,
         list_to_float/1, list_to_integer/1]).
-export([len/1, concat/2, chr/2, rchr/2, str/2, rstr/2, span/2, cspan/2,
         substr/2, substr/3, tokens/2, chars/2, chars/3, copies/2,
         words/1, words/2, strip/1, strip/2, strip/3, sub_word/2,
         sub_word/3, left/2, left/3, right/2, right/3, sub_string/2,
         sub_string/3, centre/2, centre/3, join/2, to_upper/1, to_lower/1]).

%% Two code points below 256 where the first is not CR: the first is a
%% grapheme cluster of its own, no need to ask unicode_util:gc/1.
-define(ASCII_LIST(C1, C2), C1 < 256, C2 < 256, C1 =/= $\r).

%% The separators of trim/2,3 and chomp/1: unicode_util:whitespace().
-define(WHITESPACE, [[13, 10], 9, 10, 11, 12, 13, 32, 133, 8206, 8207, 8232, 8233]).

%% ---------------------------------------------------------------------
%% Walking chardata

%% Next grapheme cluster, raising {badarg, Rest} on bad UTF-8.
gc(CD) ->
    case unicode_util:gc(CD) of
        {error, E} -> erlang:error({badarg, E});
        R -> R
    end.

next_grapheme(CD) -> unicode_util:gc(CD).

next_codepoint(CD) -> cp(CD).

%% unicode_util:cp/1: [CP | Rest], [] or {error, Rest}.
cp([C | _] = L) when is_integer(C) -> L;
cp([]) -> [];
cp([H | T]) when is_list(H) ->
    case cp(H) of
        [] -> cp(T);
        [C | R] -> [C | join_rest(R, T)];
        {error, E} -> {error, join_rest(E, T)}
    end;
cp([B | T]) when is_binary(B) ->
    case B of
        <<C/utf8, R/binary>> -> [C | join_rest(R, T)];
        <<>> -> cp(T);
        _ -> {error, [B | T]}
    end;
cp(<<C/utf8, R/binary>>) -> [C | R];
cp(<<>>) -> [];
cp(B) when is_binary(B) -> {error, B}.

join_rest([], T) -> T;
join_rest(<<>>, T) -> T;
join_rest(R, T) -> [R | T].

%% GC (a code point or a list of them) in front of Tail.
add(C, Tail) when is_integer(C) -> [C | Tail];
add(GC, Tail) -> GC ++ Tail.

%% Flat code points of a reversed list of grapheme clusters.
unrev(Gs) -> unrev(Gs, []).

unrev([G | Gs], Acc) -> unrev(Gs, add(G, Acc));
unrev([], Acc) -> Acc.

%% Byte offset of the rest R inside binary B.
offset(B, R) -> byte_size(B) - byte_size(R).

empty_like(B) when is_binary(B) -> <<>>;
empty_like(_) -> [].

%% ---------------------------------------------------------------------
%% Unicode API

is_empty([]) -> true;
is_empty(<<>>) -> true;
is_empty([H | T]) -> is_empty(H) andalso is_empty(T);
is_empty(_) -> false.

length(CD) -> count(CD, 0).

count([C1 | [C2 | _] = T], N) when ?ASCII_LIST(C1, C2) -> count(T, N + 1);
count(CD, N) ->
    case gc(CD) of
        [] -> N;
        [_ | R] -> count(R, N + 1)
    end.

to_graphemes(CD) ->
    case gc(CD) of
        [G | R] -> [G | to_graphemes(R)];
        [] -> []
    end.

reverse(CD) -> rev_gcs(CD, []).

rev_gcs([C1 | [C2 | _] = T], Acc) when ?ASCII_LIST(C1, C2) -> rev_gcs(T, [C1 | Acc]);
rev_gcs(CD, Acc) ->
    case gc(CD) of
        [G | R] -> rev_gcs(R, [G | Acc]);
        [] -> Acc
    end.

equal(A, B) when is_binary(A), is_binary(B) -> A =:= B;
equal(A, B) -> equal_cps(A, B).

equal_cps([A | AR], [B | BR]) when is_integer(A), is_integer(B) ->
    A =:= B andalso equal_cps(AR, BR);
equal_cps([], B) -> is_empty(B);
equal_cps(A0, B0) ->
    case {cp(A0), cp(B0)} of
        {[C | A], [C | B]} -> equal_cps(A, B);
        {[], []} -> true;
        {L1, L2} when is_list(L1), is_list(L2) -> false
    end.

equal(A, B, false) -> equal(A, B);
equal(A, B, true) -> equal_by(A, B, fun unicode_util:casefold/1).

equal(A, B, Case, none) -> equal(A, B, Case);
equal(A, B, false, Norm) -> equal_by(A, B, normaliser(Norm));
equal(A, B, true, Norm) ->
    N = normaliser(Norm),
    equal_by(A, B, fun(X) -> unicode_util:casefold(N(X)) end).

normaliser(nfd) -> fun unicode_util:nfd/1;
normaliser(nfc) -> fun unicode_util:nfc/1;
normaliser(nfkd) -> fun unicode_util:nfkd/1;
normaliser(nfkc) -> fun unicode_util:nfkc/1;
normaliser(_) -> fun(_) -> erlang:error(undef) end.

%% Compares code point by code point after mapping the front with Map.
equal_by(A, A, _) -> true;
equal_by(A0, B0, Map) ->
    case {cp(Map(A0)), cp(Map(B0))} of
        {[C | A], [C | B]} -> equal_by(A, B, Map);
        {[], []} -> true;
        {L1, L2} when is_list(L1), is_list(L2) -> false
    end.

slice(CD, N) when is_integer(N), N >= 0 ->
    case skip(CD, N) of
        [] when is_binary(CD) -> <<>>;
        R -> R
    end.

slice(CD, N, Len) when is_integer(N), N >= 0, is_integer(Len), Len > 0 ->
    case skip(CD, N) of
        [] when is_binary(CD) -> <<>>;
        R -> take_gcs(R, Len)
    end;
slice(CD, N, infinity) ->
    case skip(CD, N) of
        [] when is_binary(CD) -> <<>>;
        R -> R
    end;
slice(CD, _, 0) -> empty_like(CD).

%% The rest after N grapheme clusters.
skip([C1 | [C2 | _] = T], N) when ?ASCII_LIST(C1, C2), N > 0 -> skip(T, N - 1);
skip(CD, N) when N > 0 ->
    case gc(CD) of
        [_ | R] -> skip(R, N - 1);
        [] -> []
    end;
skip(CD, 0) -> CD.

%% The first N grapheme clusters, as a binary for a binary.
take_gcs(B, N) when is_binary(B) ->
    R = skip(B, N),
    binary:part(B, 0, offset(B, rest_bin(R)));
take_gcs(CD, N) -> take_list(CD, N).

rest_bin(R) when is_binary(R) -> R;
rest_bin([]) -> <<>>.

take_list([C1 | [C2 | _] = T], N) when ?ASCII_LIST(C1, C2), N > 0 ->
    [C1 | take_list(T, N - 1)];
take_list(CD, N) when N > 0 ->
    case gc(CD) of
        [G | R] -> add(G, take_list(R, N - 1));
        [] -> []
    end;
take_list(_, 0) -> [].

pad(CD, Len) -> pad(CD, Len, trailing, $\s).

pad(CD, Len, Dir) -> pad(CD, Len, Dir, $\s).

pad(CD, Len, leading, C) when is_integer(Len) ->
    [lists:duplicate(max(0, Len - count(CD, 0)), C), CD];
pad(CD, Len, trailing, C) when is_integer(Len) ->
    [CD | lists:duplicate(max(0, Len - count(CD, 0)), C)];
pad(CD, Len, both, C) when is_integer(Len) ->
    Fill = max(0, Len - count(CD, 0)),
    Half = lists:duplicate(Fill div 2, C),
    [Half, CD, Half | lists:duplicate(Fill rem 2, C)].

trim(S) -> trim(S, both, ?WHITESPACE).

trim(S, Dir) -> trim(S, Dir, ?WHITESPACE).

trim(S, _, []) -> S;
trim(S, leading, Seps) when is_list(Seps) -> trim_lead(S, Seps);
trim(S, trailing, Seps) when is_list(Seps) -> trim_trail(S, Seps);
trim(S, both, Seps) when is_list(Seps) -> trim_trail(trim_lead(S, Seps), Seps).

chomp(S) -> trim(S, trailing, [[$\r, $\n], $\n]).

%% The rest after the leading clusters that are in Seps.
trim_lead(S, Seps) ->
    case drop_in(S, Seps, true) of
        [] when is_binary(S) -> <<>>;
        R -> R
    end.

%% Skips clusters while lists:member(G, Seps) =:= In; the rest.
drop_in([C1 | [C2 | _] = T] = S, Seps, In) when ?ASCII_LIST(C1, C2) ->
    case lists:member(C1, Seps) =:= In of
        true -> drop_in(T, Seps, In);
        false -> S
    end;
drop_in(S, Seps, In) ->
    case gc(S) of
        [G | R] ->
            case lists:member(G, Seps) =:= In of
                true -> drop_in(R, Seps, In);
                false -> S
            end;
        [] -> []
    end.

%% Separator matching walks the string in units.  gcw: one grapheme
%% cluster at a time.  cpw: one code point at a time, except that where a
%% code point starts one of the separators the whole cluster from there is
%% taken (so a separator can match a combining mark inside a cluster).
%% OTP's trim(trailing), take and lexemes use cpw, the rest gcw.
%% unit/4 returns none or {Unit, IsSeparator, Rest}.
unit(gcw, [C1 | [C2 | _] = T], Seps, _) when ?ASCII_LIST(C1, C2) ->
    {C1, lists:member(C1, Seps), T};
unit(gcw, S, Seps, _) ->
    case gc(S) of
        [] -> none;
        [G | R] -> {G, lists:member(G, Seps), R}
    end;
unit(cpw, S, Seps, CPs) ->
    case cp(S) of
        [] -> none;
        {error, E} -> erlang:error({badarg, E});
        [C | R] ->
            case lists:member(C, CPs) of
                true ->
                    [G | R1] = gc(S),
                    {G, lists:member(G, Seps), R1};
                false -> {C, false, R}
            end
    end.

%% The first code point of each separator.
first_cps(Seps) -> [first_cp(Sep) || Sep <- Seps].

first_cp(C) when is_integer(C) -> C;
first_cp(Sep) -> [C | _] = cp(Sep), C.

%% All units of S, last first.
units_rev(Mode, S, Seps, CPs, Acc) ->
    case unit(Mode, S, Seps, CPs) of
        none -> Acc;
        {_, _, R} = U -> units_rev(Mode, R, Seps, CPs, [U | Acc])
    end.

%% Flat code points of units given last first.
unrev_units(Us) -> unrev([G || {G, _, _} <- Us]).

trim_trail(S, Seps) ->
    {Head, _} = split_tail(S, Seps, true, cpw),
    Head.

%% Splits off the longest tail of units whose IsSeparator is In:
%% {Head, Tail}, binaries for a binary, flat lists otherwise.
split_tail(S, Seps, In, Mode) ->
    Us = units_rev(Mode, S, Seps, first_cps(Seps), []),
    {TailRev, HeadRev} = lists:splitwith(fun({_, Sep, _}) -> Sep =:= In end, Us),
    case S of
        _ when is_binary(S) ->
            Cut = case HeadRev of
                      [] -> 0;
                      [{_, _, R} | _] -> offset(S, rest_bin(R))
                  end,
            {binary:part(S, 0, Cut), binary:part(S, Cut, byte_size(S) - Cut)};
        _ -> {unrev_units(HeadRev), unrev_units(TailRev)}
    end.

take(S, Seps) -> take(S, Seps, false, leading).

take(S, Seps, Comp) -> take(S, Seps, Comp, leading).

take(S, [], Comp, Dir) ->
    E = empty_like(S),
    case {Comp, Dir} of
        {false, leading} -> {E, S};
        {false, trailing} -> {S, E};
        {true, leading} -> {S, E};
        {true, trailing} -> {E, S}
    end;
take(S, Seps, false, leading) -> take_lead(S, Seps, true, gcw);
take(S, Seps, true, leading) -> take_lead(S, Seps, false, cpw);
take(S, Seps, false, trailing) -> split_tail(S, Seps, true, cpw);
take(S, Seps, true, trailing) -> split_tail(S, Seps, false, gcw).

%% The leading units whose IsSeparator is In, and the rest.
take_lead(S, Seps, In, Mode) -> take_lead(S, S, Seps, first_cps(Seps), In, Mode, []).

take_lead(Orig, S, Seps, CPs, In, Mode, Acc) ->
    case unit(Mode, S, Seps, CPs) of
        {G, Sep, R} when Sep =:= In -> take_lead(Orig, R, Seps, CPs, In, Mode, [G | Acc]);
        Stop ->
            Rest = case Stop of
                       none -> empty_like(Orig);
                       _ -> S
                   end,
            case Orig of
                _ when is_binary(Orig) ->
                    R1 = rest_bin(Rest),
                    {binary:part(Orig, 0, offset(Orig, R1)), R1};
                _ -> {unrev(Acc), Rest}
            end
    end.

lexemes([], _) -> [];
lexemes(S, []) -> [S];
lexemes(S, Seps) when is_list(Seps) -> lexemes_of(S, Seps).

lexemes_of(S, Seps) -> lexemes_of(S, S, Seps, first_cps(Seps), none, []).

%% Cur is none between lexemes, else {StartRest, UnitsLastFirst}.
lexemes_of(Orig, S, Seps, CPs, Cur, Acc) ->
    case unit(cpw, S, Seps, CPs) of
        none -> lists:reverse(add_lexeme(Orig, Cur, S, Acc));
        {_, true, R} -> lexemes_of(Orig, R, Seps, CPs, none, add_lexeme(Orig, Cur, S, Acc));
        {G, false, R} ->
            Cur1 = case Cur of
                       none -> {S, [G]};
                       {Start, Gs} -> {Start, [G | Gs]}
                   end,
            lexemes_of(Orig, R, Seps, CPs, Cur1, Acc)
    end.

%% Adds the lexeme that ends where End begins.
add_lexeme(_, none, _, Acc) -> Acc;
add_lexeme(B, {Start, _}, End, Acc) when is_binary(B) ->
    From = offset(B, Start),
    [binary:part(B, From, offset(B, rest_bin(End)) - From) | Acc];
add_lexeme(_, {_, Gs}, _, Acc) -> [unrev(Gs) | Acc].

nth_lexeme(S, 1, []) -> S;
nth_lexeme(S, N, Seps) when is_list(Seps), is_integer(N), N > 0 ->
    case Seps =:= [] andalso has_binary(S) of
        true -> erlang:error(badarg);
        false -> nth_lex(S, S, N, Seps, first_cps(Seps))
    end.

%% OTP compiles a binary search pattern from the separators when its walk
%% meets a binary, which fails for no separators: any binary but an empty
%% one before the first code point.
has_binary(B) when is_binary(B) -> true;
has_binary(L) -> bin_after_cp(L, false) =:= true.

%% true when found, else seen or false: whether a code point went by.
bin_after_cp(<<>>, seen) -> true;
bin_after_cp(<<>>, Seen) -> Seen;
bin_after_cp(B, _) when is_binary(B) -> true;
bin_after_cp([H | T], Seen) ->
    case bin_after_cp(H, Seen) of
        true -> true;
        Seen1 -> bin_after_cp(T, Seen1)
    end;
bin_after_cp([], Seen) -> Seen;
bin_after_cp(_, _) -> seen.

%% Skips separator clusters, then the lexemes before the Nth.
nth_lex(Orig, S, N, Seps, CPs) ->
    case unit(gcw, S, Seps, CPs) of
        none -> empty_like(Orig);
        {_, true, R} -> nth_lex(Orig, R, N, Seps, CPs);
        {_, false, _} when N =:= 1 ->
            case lexemes_of(Orig, S, Seps, CPs, none, []) of
                [L | _] -> L
            end;
        {_, false, _} when is_binary(Orig) -> nth_lex(Orig, past_sep(S, Seps, CPs), N - 1, Seps, CPs);
        {_, false, R} -> nth_lex(Orig, past_sep(R, Seps, CPs), N - 1, Seps, CPs)
    end.

%% The rest after the next separator.
past_sep(S, Seps, CPs) ->
    case unit(cpw, S, Seps, CPs) of
        none -> empty_like(S);
        {_, true, R} -> R;
        {_, false, R} -> past_sep(R, Seps, CPs)
    end.

uppercase(CD) -> map_case(CD, fun unicode_util:uppercase/1, $a, $z, -32).

lowercase(CD) -> map_case(CD, fun unicode_util:lowercase/1, $A, $Z, 32).

casefold(CD) -> map_case(CD, fun unicode_util:casefold/1, $A, $Z, 32).

%% Maps code point by code point; an unchanged input is returned as is.
%% ASCII letters are mapped here, everything else by Map, a unicode_util
%% function that maps the first code point of a string.
map_case(CD, Map, Lo, Hi, D) when is_list(CD) ->
    case map_list(CD, Map, Lo, Hi, D, false) of
        unchanged -> CD;
        L -> L
    end;
map_case(<<>>, _, _, _, _) -> <<>>;
map_case(<<_/utf8, _/binary>> = B, Map, Lo, Hi, D) ->
    case map_bin(B, Map, Lo, Hi, D, false, []) of
        unchanged -> B;
        L -> unicode:characters_to_binary(L)
    end;
map_case(B, _, _, _, _) -> erlang:error({badarg, B}).

map_list([C1 | [C2 | _] = T], Map, Lo, Hi, D, _) when Lo =< C1, C1 =< Hi, C2 < 256 ->
    [C1 + D | changed(map_list(T, Map, Lo, Hi, D, true))];
map_list([C1 | [C2 | _] = T], Map, Lo, Hi, D, Ch) when C1 < 128, C2 < 256 ->
    keep(C1, map_list(T, Map, Lo, Hi, D, Ch));
map_list([], _, _, _, _, true) -> [];
map_list([], _, _, _, _, false) -> unchanged;
map_list(CPs, Map, Lo, Hi, D, Ch) ->
    case Map(CPs) of
        [M | R] when M =:= hd(CPs) -> keep(M, map_list(R, Map, Lo, Hi, D, Ch));
        [M | R] -> add(M, changed(map_list(R, Map, Lo, Hi, D, true)));
        [] -> map_list([], Map, Lo, Hi, D, Ch)
    end.

keep(_, unchanged) -> unchanged;
keep(C, L) -> [C | L].

changed(unchanged) -> [];
changed(L) -> L.

map_bin(S, Map, Lo, Hi, D, Ch, Acc) ->
    case cp(S) of
        [] when Ch -> unrev(Acc);
        [] -> unchanged;
        {error, E} -> erlang:error({badarg, E});
        [C | R] ->
            M = if Lo =< C, C =< Hi -> C + D;
                   C < 128 -> C;
                   true -> hd(Map([C]))
                end,
            map_bin(R, Map, Lo, Hi, D, Ch orelse M =/= C, [M | Acc])
    end.

titlecase(CD) when is_list(CD) ->
    case unicode_util:titlecase(CD) of
        [G | T] -> add(G, T);
        E -> E
    end;
titlecase(CD) when is_binary(CD) ->
    case unicode_util:titlecase(CD) of
        [C | T] when is_integer(C) -> <<C/utf8, T/binary>>;
        [Cs | T] -> <<(unicode:characters_to_binary(Cs))/binary, T/binary>>;
        [] -> <<>>
    end.

prefix(S, Pre0) ->
    R = case unicode:characters_to_list(Pre0) of
            [] -> S;
            Pre -> after_prefix(S, Pre)
        end,
    case R of
        [] when is_binary(S) -> <<>>;
        _ -> R
    end.

%% The rest of S after the code points Pre, the last of which must be a
%% whole grapheme cluster; nomatch otherwise.
after_prefix(S, [G]) ->
    case unicode_util:gc(S) of
        [G | R] -> R;
        _ -> nomatch
    end;
after_prefix([C | R], [P | Ps]) when is_integer(C) ->
    case C =:= P of
        true -> after_prefix(R, Ps);
        false -> nomatch
    end;
after_prefix(S, [P | Ps]) ->
    case cp(S) of
        [P | R] -> after_prefix(R, Ps);
        _ -> nomatch
    end.

split(S, Pat) -> split(S, Pat, leading).

split(S, Pat, Where) ->
    case is_empty(Pat) of
        true -> [S];
        false ->
            Needle = unicode:characters_to_list(Pat),
            case split_walk(S, S, Needle, Where, 0, [], []) of
                {found, Parts} -> Parts;
                {done, _, []} -> [S];
                {done, _, Acc} when Where =:= trailing -> Acc;
                {done, Last, Acc} when Where =:= all -> lists:reverse([Last | Acc])
            end
    end.

replace(S, Pat, Rep) -> lists:join(Rep, split(S, Pat)).

replace(S, Pat, Rep, Where) -> lists:join(Rep, split(S, Pat, Where)).

%% Walks S code point by code point looking for Needle.  For a binary B
%% the current part starts at byte From; for a list its code points are
%% collected reversed in Cur.  trailing keeps the last match in Acc, all
%% collects the parts before each match.
split_walk(B, S, [N | _] = Needle, Where, From, Cur, Acc) ->
    case cp(S) of
        [] -> {done, part_end(B, From, Cur), Acc};
        {error, E} -> erlang:error({badarg, E});
        [C | R] ->
            case C =:= N andalso after_prefix(S, Needle) of
                Miss when Miss =:= false; Miss =:= nomatch ->
                    split_walk(B, R, Needle, Where, From, [C | Cur], Acc);
                After ->
                    Before = part_to(B, From, S, Cur),
                    case Where of
                        leading -> {found, [Before, After]};
                        trailing ->
                            split_walk(B, R, Needle, Where, From, [C | Cur], [Before, After]);
                        all ->
                            split_walk(B, After, Needle, Where, next_from(B, After),
                                       [], [Before | Acc])
                    end
            end
    end.

part_to(B, From, S, _) when is_binary(B) -> binary:part(B, From, offset(B, S) - From);
part_to(_, _, _, Cur) -> lists:reverse(Cur).

part_end(B, From, _) when is_binary(B) -> binary:part(B, From, byte_size(B) - From);
part_end(_, _, Cur) -> lists:reverse(Cur).

next_from(B, After) when is_binary(B) -> offset(B, rest_bin(After));
next_from(_, _) -> 0.

find(S, "", _) -> S;
find(S, <<>>, _) -> S;
find(S, Pat, leading) -> found(S, Pat, leading);
find(S, Pat, trailing) -> found(S, Pat, trailing).

find(S, Pat) -> find(S, Pat, leading).

%% The rest of S from the first (leading) or last (trailing) match.
found(S, Pat, Dir) ->
    Needle = unicode:characters_to_list(Pat),
    case find_from(S, Needle, Dir, nomatch) of
        [] when is_binary(S) -> <<>>;
        R -> R
    end.

find_from(S, [N | _] = Needle, Dir, Res) ->
    case cp(S) of
        [] -> Res;
        {error, E} -> erlang:error({badarg, E});
        [C | R] ->
            case C =:= N andalso after_prefix(S, Needle) of
                Miss when Miss =:= false; Miss =:= nomatch ->
                    find_from(R, Needle, Dir, Res);
                _ when Dir =:= leading -> S;
                _ -> find_from(R, Needle, Dir, S)
            end
    end.

to_integer(S) ->
    try take(S, "+-0123456789") of
        {Head, Tail} ->
            case is_empty(Head) of
                true -> {error, no_integer};
                false ->
                    L = unicode:characters_to_list(Head),
                    case string:list_to_integer(L) of
                        {error, _} = Err -> Err;
                        {I, Rest} -> number_rest(S, I, Rest, L, Tail)
                    end
            end
    catch
        _:_ -> {error, badarg}
    end.

to_float(S) ->
    try take(S, "+-0123456789eE.,") of
        {Head, Tail} ->
            case is_empty(Head) of
                true -> {error, no_float};
                false ->
                    L = unicode:characters_to_list(Head),
                    case string:list_to_float(L) of
                        {error, _} = Err -> Err;
                        {F, Rest} -> number_rest(S, F, Rest, L, Tail)
                    end
            end
    catch
        _:_ -> {error, badarg}
    end.

number_rest(S, N, Rest, L, _) when is_binary(S) ->
    Used = erlang:length(L) - erlang:length(Rest),
    <<_:Used/binary, More/binary>> = S,
    {N, More};
number_rest(_, N, Rest, _, Tail) ->
    {N, concat(Rest, Tail)}.

%% string:list_to_integer/1: a leading integer and the rest of the list.
list_to_integer(L) when is_list(L) ->
    {Sign, Digits} = sign(L),
    case digits(Digits, []) of
        {[], _} -> {error, no_integer};
        {Ds, Rest} -> {erlang:list_to_integer(Sign ++ Ds), Rest}
    end;
list_to_integer(_) -> {error, not_a_list}.

%% string:list_to_float/1: Digits (. or ,) Digits [e|E [+|-] Digits].
list_to_float(L) when is_list(L) ->
    {Sign, S0} = sign(L),
    case digits(S0, []) of
        {[], _} -> {error, no_float};
        {Int, [Dot | S1]} when Dot =:= $.; Dot =:= $, ->
            case digits(S1, []) of
                {[], _} -> {error, no_float};
                {Frac, S2} ->
                    {Exp, S3} = exponent(S2),
                    try erlang:list_to_float(Sign ++ Int ++ "." ++ Frac ++ Exp) of
                        F -> {F, S3}
                    catch
                        error:badarg -> {error, no_float}
                    end
            end;
        _ -> {error, no_float}
    end;
list_to_float(_) -> {error, not_a_list}.

sign([$- | T]) -> {"-", T};
sign([$+ | T]) -> {"", T};
sign(T) -> {"", T}.

digits([D | T], Acc) when is_integer(D), D >= $0, D =< $9 -> digits(T, [D | Acc]);
digits(T, Acc) -> {lists:reverse(Acc), T}.

exponent([E | T] = S) when E =:= $e; E =:= $E ->
    {Sign, S1} = case T of
                     [$- | R] -> {"-", R};
                     [$+ | R] -> {"+", R};
                     _ -> {"", T}
                 end,
    case digits(S1, []) of
        {[], _} -> {"", S};
        {Ds, S2} -> {"e" ++ Sign ++ Ds, S2}
    end;
exponent(S) -> {"", S}.

%% ---------------------------------------------------------------------
%% Old latin-1 list API

len(S) -> erlang:length(S).

concat(A, B) -> A ++ B.

chr(S, C) when is_integer(C) -> chr(S, C, 1).

chr([C | _], C, I) -> I;
chr([_ | T], C, I) -> chr(T, C, I + 1);
chr([], _, _) -> 0.

rchr(S, C) when is_integer(C) -> rchr(S, C, 1, 0).

rchr([C | T], C, I, _) -> rchr(T, C, I + 1, I);
rchr([_ | T], C, I, L) -> rchr(T, C, I + 1, L);
rchr([], _, _, L) -> L.

str(S, Sub) when is_list(Sub) -> str(S, Sub, 1).

str([C | T], [C | Sub], I) ->
    case starts(Sub, T) of
        true -> I;
        false -> str(T, [C | Sub], I + 1)
    end;
str([_ | T], Sub, I) -> str(T, Sub, I + 1);
str([], _, _) -> 0.

rstr(S, Sub) when is_list(Sub) -> rstr(S, Sub, 1, 0).

rstr([C | T], [C | Sub], I, L) ->
    case starts(Sub, T) of
        true -> rstr(T, [C | Sub], I + 1, I);
        false -> rstr(T, [C | Sub], I + 1, L)
    end;
rstr([_ | T], Sub, I, L) -> rstr(T, Sub, I + 1, L);
rstr([], _, _, L) -> L.

starts([C | P], [C | S]) -> starts(P, S);
starts([], S) when is_list(S) -> true;
starts(P, S) when is_list(P), is_list(S) -> false.

span(S, Cs) when is_list(Cs) -> span(S, Cs, 0).

span([C | T], Cs, I) ->
    case lists:member(C, Cs) of
        true -> span(T, Cs, I + 1);
        false -> I
    end;
span([], _, I) -> I.

cspan(S, Cs) when is_list(Cs) -> cspan(S, Cs, 0).

cspan([C | T], Cs, I) ->
    case lists:member(C, Cs) of
        true -> I;
        false -> cspan(T, Cs, I + 1)
    end;
cspan([], _, I) -> I.

substr(S, 1) when is_list(S) -> S;
substr(S, Start) when is_integer(Start), Start > 1 -> drop_chars(S, Start).

substr(S, Start, L) when is_integer(Start), Start >= 1, is_integer(L), L >= 0 ->
    first_chars(drop_chars(S, Start), L).

first_chars([C | T], L) when L > 0 -> [C | first_chars(T, L - 1)];
first_chars(S, _) when is_list(S) -> [].

drop_chars(S, 1) when is_list(S) -> S;
drop_chars([_ | T], N) -> drop_chars(T, N - 1).

tokens(S, Seps) ->
    case Seps of
        [] ->
            case S of
                [] -> [];
                [_ | _] -> [S]
            end;
        [_ | _] -> toks(lists:reverse(S), Seps, [], [])
    end.

%% Walks the reversed string, so tokens come out in order.
toks([C | T], Seps, Tok, Acc) ->
    case lists:member(C, Seps) of
        true when Tok =:= [] -> toks(T, Seps, [], Acc);
        true -> toks(T, Seps, [], [Tok | Acc]);
        false -> toks(T, Seps, [C | Tok], Acc)
    end;
toks([], _, [], Acc) -> Acc;
toks([], _, Tok, Acc) -> [Tok | Acc].

chars(C, N) -> chars(C, N, []).

chars(C, N, Tail) when N > 0 -> chars(C, N - 1, [C | Tail]);
chars(C, 0, Tail) when is_integer(C) -> Tail.

copies(S, N) when is_list(S), is_integer(N), N >= 0 -> copies(S, N, []).

copies(_, 0, Acc) -> Acc;
copies(S, N, Acc) -> copies(S, N - 1, S ++ Acc).

words(S) -> words(S, $\s).

words(S, C) when is_integer(C) -> count_words(strip(S, both, C), C, 0).

count_words([], _, N) -> N + 1;
count_words([C | T], C, N) -> count_words(strip(T, left, C), C, N + 1);
count_words([_ | T], C, N) -> count_words(T, C, N).

sub_word(S, I) -> sub_word(S, I, $\s).

sub_word(S, I, C) when is_integer(I), is_integer(C) ->
    case words(S, C) of
        N when N < I -> [];
        _ -> word_at(strip(S, left, C), I, C, 1, [])
    end.

word_at([], _, _, _, Acc) -> lists:reverse(Acc);
word_at([C | _], I, C, I, Acc) -> lists:reverse(Acc);
word_at([H | T], I, C, I, Acc) -> word_at(T, I, C, I, [H | Acc]);
word_at([C | T], Stop, C, I, Acc) when I < Stop ->
    word_at(strip(T, left, C), Stop, C, I + 1, Acc);
word_at([_ | T], Stop, C, I, Acc) when I < Stop ->
    word_at(T, Stop, C, I, Acc).

strip(S) -> strip(S, both).

strip(S, left) -> strip_left(S, $\s);
strip(S, right) -> strip_right(S, $\s);
strip(S, both) -> strip_right(strip_left(S, $\s), $\s).

strip(S, right, C) -> strip_right(S, C);
strip(S, left, C) -> strip_left(S, C);
strip(S, both, C) -> strip_right(strip_left(S, C), C).

strip_left([C | T], C) -> strip_left(T, C);
strip_left([_ | _] = S, C) when is_integer(C) -> S;
strip_left([], C) when is_integer(C) -> [].

strip_right([C | T], C) ->
    case strip_right(T, C) of
        [] -> [];
        R -> [C | R]
    end;
strip_right([H | T], C) -> [H | strip_right(T, C)];
strip_right([], C) when is_integer(C) -> [].

left(S, L) when is_integer(L) -> left(S, L, $\s).

left(S, L, C) when is_integer(C) ->
    N = erlang:length(S),
    if N > L -> substr(S, 1, L);
       N < L -> S ++ chars(C, L - N);
       true -> S
    end.

right(S, L) when is_integer(L) -> right(S, L, $\s).

right(S, L, C) when is_integer(C) ->
    N = erlang:length(S),
    if N > L -> substr(S, N - L + 1);
       N < L -> chars(C, L - N, S);
       true -> S
    end.

centre(S, L) when is_integer(L) -> centre(S, L, $\s).

centre(S, 0, C) when is_list(S), is_integer(C) -> [];
centre(S, L, C) when is_integer(C) ->
    N = erlang:length(S),
    if N > L -> substr(S, (N - L) div 2 + 1, L);
       N < L ->
            Right = (L - N) div 2,
            chars(C, Right, S ++ chars(C, L - (N + Right)));
       true -> S
    end.

sub_string(S, Start) -> substr(S, Start).

sub_string(S, Start, Stop) -> substr(S, Start, Stop - Start + 1).

to_lower(S) when is_list(S) -> [lower_char(C) || C <- S];
to_lower(C) when is_integer(C) -> lower_char(C).

to_upper(S) when is_list(S) -> [upper_char(C) || C <- S];
to_upper(C) when is_integer(C) -> upper_char(C).

lower_char(C) when is_integer(C), $A =< C, C =< $Z -> C + 32;
lower_char(C) when is_integer(C), 16#C0 =< C, C =< 16#D6 -> C + 32;
lower_char(C) when is_integer(C), 16#D8 =< C, C =< 16#DE -> C + 32;
lower_char(C) -> C.

upper_char(C) when is_integer(C), $a =< C, C =< $z -> C - 32;
upper_char(C) when is_integer(C), 16#E0 =< C, C =< 16#F6 -> C - 32;
upper_char(C) when is_integer(C), 16#F8 =< C, C =< 16#FE -> C - 32;
upper_char(C) -> C.

join([], Sep) when is_list(Sep) -> [];
join([H | T], Sep) -> H ++ lists:append([Sep ++ X || X <- T]).
