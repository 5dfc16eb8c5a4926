#!/usr/bin/env escript
%% gen_grapheme.escript: writes vm/grapheme.def, the grapheme-break
%% classes that OTP's unicode_util:gc/1 uses, read from the installed
%% stdlib's unicode_util.erl (itself generated from Unicode's tables).
%%
%%   escript tests/tools/gen_grapheme.escript vm/grapheme.def
%%
%% unicode_util.erl holds the classes as function clauses: gc_1/1 picks
%% how a cluster starting with a code point goes on (control, prepend,
%% Hangul L/V/T/LV/LVT, regional indicator, extended pictographic, other),
%% gc_h_lv_lvt/3 splits Hangul syllables into LV and LVT, and is_extend/1,
%% is_ext_pict/1, is_control/1 answer for the code points after the first.
%% This script reads those clauses (their integer patterns and range
%% guards) and fails loudly on any clause shape it does not know, so a new
%% OTP release cannot silently change the meaning of the table.
-mode(compile).

main([Out]) ->
    Src = filename:join([code:lib_dir(stdlib), "src", "unicode_util.erl"]),
    {ok, Forms} = epp:parse_file(Src, []),
    Fun = fun(Name, Arity) ->
                  case [Cs || {function, _, N, A, Cs} <- Forms, N =:= Name, A =:= Arity] of
                      [Cs] -> Cs;
                      _ -> fail("~s/~p not found in ~s", [Name, Arity, Src])
                  end
          end,
    Hangul = hangul(Fun(gc_h_lv_lvt, 3)),
    Start = starts(Fun(gc_1, 1), Hangul),
    Flags = lists:foldl(fun({Fn, Flag}, M) -> flags(Fun(Fn, 1), Flag, M) end, #{},
                        [{is_extend, extend}, {is_ext_pict, ext_pict}, {is_control, is_control}]),
    [fail("code point ~p below 256 is Extend: write.c's Latin-1 fast path breaks", [C])
     || C <- lists:seq(0, 255), lists:member(maps:get(C, Flags, 0) band 16#30, [16#10, 16#20])],
    Runs = runs(Start, Flags),
    {Maj, Min} = unicode_util:spec_version(),
    Text = [header(Src, Maj, Min, length(Runs)), [line(R) || R <- Runs], pages(Runs)],
    ok = file:write_file(Out, Text),
    io:format("~s: ~p ranges (Unicode ~p.~p)~n", [Out, length(Runs), Maj, Min]);
main(_) ->
    io:format(standard_error, "usage: gen_grapheme.escript OUT.def~n", []),
    halt(2).

fail(Fmt, Args) ->
    io:format(standard_error, "gen_grapheme: " ++ Fmt ++ "~n", Args),
    halt(1).

%% ---- reading clauses -------------------------------------------------------

%% {Lo, Hi} of the code points a clause's first argument matches, or any.
cps({clause, L, [P | _], Guards, _}) ->
    case head(P) of
        {int, N} when Guards =:= [] -> {N, N};
        var when Guards =:= [] -> any;
        var -> bounds(Guards, L);
        _ -> fail("line ~p: clause shape not understood", [L])
    end.

head({integer, _, N}) -> {int, N};
head({char, _, N}) -> {int, N};
head({var, _, _}) -> var;
head({cons, _, H, _}) -> head(H);
head({match, _, {var, _, _}, X}) -> head(X);
head({match, _, X, {var, _, _}}) -> head(X);
head(_) -> other.

bounds([Ops], L) ->
    lists:foldl(fun({op, _, '=<', {integer, _, A}, {var, _, _}}, {_, Hi}) -> {A, Hi};
                   ({op, _, '<', {integer, _, A}, {var, _, _}}, {_, Hi}) -> {A + 1, Hi};
                   ({op, _, '=<', {var, _, _}, {integer, _, B}}, {Lo, _}) -> {Lo, B};
                   ({op, _, '<', {var, _, _}, {integer, _, B}}, {Lo, _}) -> {Lo, B - 1};
                   (_, _) -> fail("line ~p: guard not understood", [L])
                end, {0, 16#10FFFF}, Ops);
bounds(_, L) -> fail("line ~p: guard not understood", [L]).

%% What a clause's body does last: {call, Name}, var, {atom, A}, or other.
body({clause, _, _, _, Body}) ->
    case lists:last(Body) of
        {call, _, {atom, _, Name}, _} -> {call, Name};
        {var, _, _} -> var;
        {atom, _, A} -> {atom, A};
        _ -> other
    end.

%% ---- classes -----------------------------------------------------------------

%% Hangul syllables: code point => lv | lvt, from gc_h_lv_lvt's clauses
%% that match a code point (the others handle the end of a run).
hangul(Clauses) ->
    lists:foldl(fun(C, M) ->
                        case {cps(C), body(C)} of
                            {any, _} -> M;
                            {{Lo, Hi}, {call, gc_h_V}} -> put_range(Lo, Hi, lv, M);
                            {{Lo, Hi}, {call, gc_h_T}} -> put_range(Lo, Hi, lvt, M);
                            {_, _} -> M
                        end
                end, #{}, Clauses).

put_range(Lo, Hi, V, M) -> maps:merge(M, maps:from_list([{C, V} || C <- lists:seq(Lo, Hi)])).

%% Code point => how gc_1 starts a cluster with it. The first clause that
%% matches wins, as in Erlang; unlisted code points are `other`.
starts(Clauses, Hangul) ->
    lists:foldl(fun(C, M) ->
                        case cps(C) of
                            any -> M; % the default clause: other
                            {Lo, Hi} ->
                                Kind = start_kind(C, Lo),
                                lists:foldl(fun(Cp, Acc) ->
                                                    case maps:is_key(Cp, Acc) of
                                                        true -> Acc;
                                                        false -> Acc#{Cp => kind(Kind, Cp, Hangul)}
                                                    end
                                            end, M, lists:seq(Lo, Hi))
                        end
                end, #{}, Clauses).

start_kind({clause, L, _, _, _} = C, Lo) ->
    case body(C) of
        _ when Lo =:= $\r, element(1, hd(element(3, C))) =:= match -> cr;
        var -> control;
        {call, gc_prepend} -> prepend;
        {call, gc_h_L} -> l;
        {call, gc_h_V} -> v;
        {call, gc_h_T} -> t;
        {call, gc_h_lv_lvt} -> hangul;
        {call, gc_regional} -> ri;
        {call, gc_ext_pict} -> pict;
        {call, gc_extend} -> other;
        other when Lo =:= 0 -> other; % the Latin-1 clause: a case
        B -> fail("line ~p: gc_1 clause body ~p not understood", [L, B])
    end.

kind(hangul, Cp, Hangul) -> maps:get(Cp, Hangul, other);
kind(K, _, _) -> K.

%% Code point => flag bits from the is_* functions answering true (or zwj).
flags(Clauses, Flag, M0) ->
    lists:foldl(fun(C, M) ->
                        case {cps(C), body(C)} of
                            {_, {atom, false}} -> M;
                            {any, _} -> fail("~p: default clause is not false", [Flag]);
                            {{Lo, Hi}, {atom, A}} ->
                                Bit = bit(Flag, A),
                                lists:foldl(fun(Cp, Acc) -> Acc#{Cp => maps:get(Cp, Acc, 0) bor Bit} end,
                                            M, lists:seq(Lo, Hi));
                            {_, B} -> fail("~p: clause body ~p not understood", [Flag, B])
                        end
                end, M0, Clauses).

bit(extend, true) -> 16#10;
bit(extend, zwj) -> 16#20;
bit(ext_pict, true) -> 16#40;
bit(is_control, true) -> 16#80;
bit(F, A) -> fail("~p answers ~p", [F, A]).

%% ---- output ------------------------------------------------------------------

%% [{From, Kind, Flags}]: the code points from From up to the next From
%% share Kind and Flags. Starts at 0 and covers 0..10FFFF.
runs(Start, Flags) ->
    Keys = lists:usort([0 | [K + D || K <- maps:keys(Start) ++ maps:keys(Flags), D <- [0, 1]]]),
    Cls = fun(C) -> {maps:get(C, Start, other), maps:get(C, Flags, 0)} end,
    {Rev, _} = lists:foldl(fun(K, {Acc, Prev}) when K > 16#10FFFF -> {Acc, Prev};
                              (K, {Acc, Prev}) ->
                                   case Cls(K) of
                                       Prev -> {Acc, Prev};
                                       {S, F} = New -> {[{K, S, F} | Acc], New}
                                   end
                           end, {[], none}, Keys),
    lists:reverse(Rev).

%% GRAPHEME_PAGE(Index) for each 4 KiB page of code points: the index of
%% the entry holding the page's first code point, to start a search at.
pages(Runs) ->
    Froms = list_to_tuple([F || {F, _, _} <- Runs]),
    Index = fun(C) -> length([F || F <- tuple_to_list(Froms), F =< C]) - 1 end,
    ["\n", [io_lib:format("GRAPHEME_PAGE(~p)\n", [Index(P bsl 12)]) || P <- lists:seq(0, 16#10FFFF bsr 12)]].

header(Src, Maj, Min, N) ->
    io_lib:format(
      "/* grapheme.def: the grapheme-break classes of OTP 25's unicode_util:gc/1\n"
      " * (Unicode ~p.~p), as ~p ranges: GRAPHEME(From, Start, Flags) says that the\n"
      " * code points from From up to the next entry's From start a cluster as\n"
      " * Start says and carry Flags. Then GRAPHEME_PAGE(Index) for each 4 KiB\n"
      " * page of code points: the entry holding its first code point.\n"
      " * Used by vm/unicode.c (string:length/slice clusters).\n"
      " * GENERATED by tests/tools/gen_grapheme.escript from\n"
      " * ~s; do not edit. */\n", [Maj, Min, N, Src]).

line({From, Start, Flags}) ->
    Fs = [N || {B, N} <- [{16#10, "GB_EXTEND"}, {16#20, "GB_ZWJ"}, {16#40, "GB_PICT"},
                          {16#80, "GB_CONTROL"}], Flags band B =/= 0],
    io_lib:format("GRAPHEME(0x~s, GS_~s, ~s)\n",
                  [string:pad(integer_to_list(From, 16), 4, leading, $0), string:uppercase(atom_to_list(Start)),
                   case Fs of [] -> "0"; _ -> lists:join("|", Fs) end]).
