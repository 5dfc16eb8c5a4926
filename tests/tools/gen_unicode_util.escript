#!/usr/bin/env escript
%% gen_unicode_util.escript: writes vm/unicode_util.def, the case mapping
%% and normalisation data of OTP's unicode_util (uppercase/1, lowercase/1,
%% titlecase/1, casefold/1, nfd/1, nfc/1, nfkd/1, nfkc/1, lookup/1), read
%% from the installed stdlib's unicode_util.erl (itself generated from
%% Unicode's tables).
%%
%%   escript tests/tools/gen_unicode_util.escript vm/unicode_util.def
%%
%% unicode_util.erl holds the data as function clauses with an integer
%% pattern and a literal body: case_table/1 ({U, L} or {U, L, T, F}, each
%% an integer or a list of them), unicode_table/1 ({CCC, Canon, Compat},
%% the decompositions as [{CCC, CP}]) and compose_pair/2. Any other clause
%% shape fails loudly, so a new OTP release cannot change the meaning of
%% the table unnoticed. Run it with the OTP release the VM follows (25).
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
    Case = [{CP, norm_case(V)} || {[CP], V} <- rows(Fun(case_table, 1), 1, {{'CP', 'CP'}})],
    Uni = rows(Fun(unicode_table, 1), 1, {{0, [], []}}),
    Pairs = rows(Fun(compose_pair, 2), 2, {false}),
    Ccc = [{CP, C} || {[CP], {C, _, _}} <- Uni, C =/= 0],
    CccMap = maps:from_list(Ccc),
    check_ccc(Uni, CccMap),
    {Pool, Recs, Runs} = case_runs(Case),
    {DPool, Canon, Compat, Tags} = decomps(Uni),
    {Maj, Min} = unicode_util:spec_version(),
    Text = [header(Src, Maj, Min),
            section("UC_CASE_REC(Du, Dl, Dt, Df, Seqs): a case record: for each of upper, lower,\n"
                    " * title and fold, the delta from the code point, or where bit N of Seqs\n"
                    " * is set (N = 0 upper .. 3 fold) a sequence: UC_SEQ(offset, length) into\n"
                    " * the UC_CASE_POOL code points",
                    [io_lib:format("UC_CASE_REC(~p, ~p, ~p, ~p, ~p)~n", tuple_to_list(R)) || R <- Recs]),
            section("UC_CASE_RUN(First, Last, Even, Odd): code points First..Last map by\n"
                    " * record Even where CP - First is even, Odd where it is odd (sorted;\n"
                    " * code points in no run map to themselves)",
                    [io_lib:format("UC_CASE_RUN(0x~.16B, 0x~.16B, ~p, ~p)~n", tuple_to_list(R))
                     || R <- Runs]),
            section("UC_CASE_POOL(CP): the code points of the case sequences", pool(Pool, "UC_CASE_POOL")),
            section("UC_CCC(First, Last, Class): canonical combining classes other than 0",
                    [io_lib:format("UC_CCC(0x~.16B, 0x~.16B, ~p)~n", [F, L, C])
                     || {F, L, C} <- ccc_runs(Ccc)]),
            section("UC_COMPAT_TAG(Name): the compatibility tags of lookup/1, numbered from 1",
                    [io_lib:format("UC_COMPAT_TAG(\"~s\")~n", [T]) || T <- Tags]),
            section("UC_CANON(First, Last, Offset, Length): the full canonical decomposition\n"
                    " * of First: Length UC_DECOMP_POOL code points from Offset; for a run\n"
                    " * (Last > First, Length 1) that of First + I is pool[Offset] + I",
                    [io_lib:format("UC_CANON(0x~.16B, 0x~.16B, ~p, ~p)~n", [F, L, O, N])
                     || {F, L, O, N} <- Canon]),
            section("UC_COMPAT(First, Last, Tag, Offset, Length): compatibility decompositions\n"
                    " * as UC_CANON's, with a UC_COMPAT_TAG number",
                    [io_lib:format("UC_COMPAT(0x~.16B, 0x~.16B, ~p, ~p, ~p)~n", [F, L, T, O, N])
                     || {F, L, T, O, N} <- Compat]),
            section("UC_DECOMP_POOL(CP): the code points of the decompositions",
                    pool(DPool, "UC_DECOMP_POOL")),
            section("UC_COMPOSE(A, B, C): A followed by B composes to C (sorted by A, B)",
                    [io_lib:format("UC_COMPOSE(0x~.16B, 0x~.16B, 0x~.16B)~n", [A, B, C])
                     || {[A, B], C} <- lists:sort(Pairs)])],
    ok = file:write_file(Out, Text),
    io:format("~s: ~p case runs, ~p records, ~p canonical, ~p compat, ~p pairs (Unicode ~p.~p)~n",
              [Out, length(Runs), length(Recs), length(Canon), length(Compat), length(Pairs), Maj, Min]);
main(_) ->
    io:format(standard_error, "usage: gen_unicode_util.escript OUT.def~n", []),
    halt(2).

fail(Fmt, Args) ->
    io:format(standard_error, "gen_unicode_util: " ++ Fmt ++ "~n", Args),
    halt(1).

%% ---- reading clauses -------------------------------------------------------

%% [{IntegerArgs, Value}] of a table function whose last clause is the
%% default (all variables or wildcards, body Default).
rows(Clauses, Arity, {Default}) ->
    {Rows, [Last]} = lists:split(length(Clauses) - 1, Clauses),
    case Last of
        {clause, _, Vars, [], [Body]} when length(Vars) =:= Arity ->
            [fail("default clause shape not understood", []) || not all_vars(Vars)],
            case catch erl_parse:normalise(Body) of
                Default -> ok;
                _ when Default =:= {'CP', 'CP'} -> check_default_case(Body);
                _ -> fail("default ~p not understood", [Body])
            end;
        _ -> fail("default clause shape not understood", [])
    end,
    [row(C, Arity) || C <- Rows].

all_vars(Vars) -> lists:all(fun({var, _, _}) -> true; (_) -> false end, Vars).

check_default_case({tuple, _, [{var, _, V}, {var, _, V}]}) -> ok;
check_default_case(B) -> fail("case_table default ~p not understood", [B]).

row({clause, L, Args, [], [Body]}, Arity) when length(Args) =:= Arity ->
    Ints = [case A of
                {integer, _, N} -> N;
                _ -> fail("line ~p: argument not an integer", [L])
            end || A <- Args],
    case catch erl_parse:normalise(Body) of
        {'EXIT', _} -> fail("line ~p: body is not a literal", [L]);
        V -> {Ints, V}
    end;
row({clause, L, _, _, _}, _) ->
    fail("line ~p: clause shape not understood", [L]).

%% ---- case mapping ----------------------------------------------------------

norm_case({U, L}) -> norm_case({U, L, U, L});
norm_case({U, L, T, F} = V) ->
    [fail("case value ~p not understood", [V]) || not lists:all(fun is_gc/1, [U, L, T, F])],
    {U, L, T, F};
norm_case(V) -> fail("case value ~p not understood", [V]).

is_gc(X) when is_integer(X) -> true;
is_gc([_, _ | _] = L) -> lists:all(fun erlang:is_integer/1, L);
is_gc(_) -> false.

%% {Pool, Records, Runs}: records deduplicated, runs of code points stepping
%% by one whose records alternate (or repeat).
case_runs(Case) ->
    {Pool, Keyed} = lists:foldl(
                      fun({CP, Vals}, {P, Acc}) ->
                              {P1, Fields, Mask} = fields(CP, tuple_to_list(Vals), P, [], 0, 0),
                              {P1, [{CP, list_to_tuple(Fields ++ [Mask])} | Acc]}
                      end, {[], []}, Case),
    Sorted = lists:keysort(1, Keyed),
    Recs = lists:usort([R || {_, R} <- Sorted]),
    Index = maps:from_list(lists:zip(Recs, lists:seq(0, length(Recs) - 1))),
    Runs = runs([{CP, maps:get(R, Index)} || {CP, R} <- Sorted]),
    {lists:append(lists:reverse(Pool)), Recs, Runs}.

%% Fields of one record; sequences are appended to the pool (kept as a
%% reversed list of sequences, offset = code points before).
fields(_, [], Pool, Acc, _, Mask) -> {Pool, lists:reverse(Acc), Mask};
fields(CP, [V | Vs], Pool, Acc, Bit, Mask) when is_integer(V) ->
    fields(CP, Vs, Pool, [V - CP | Acc], Bit + 1, Mask);
fields(CP, [V | Vs], Pool, Acc, Bit, Mask) ->
    Off = length(lists:append(Pool)),
    fields(CP, Vs, [V | Pool], [{seq, Off, length(V)} | Acc], Bit + 1, Mask bor (1 bsl Bit)).

runs([]) -> [];
runs([{CP, R} | Rest]) -> run(Rest, CP, CP, R, none).

run([{C, R} | Rest], First, Last, Even, Odd) when C =:= Last + 1 ->
    Want = case (C - First) rem 2 of 0 -> Even; 1 -> Odd end,
    if Want =:= none; Want =:= R ->
            Odd1 = case Odd of none -> R; _ -> Odd end,
            run(Rest, First, C, Even, Odd1);
       true ->
            [{First, Last, Even, odd(Even, Odd)} | runs([{C, R} | Rest])]
    end;
run(Rest, First, Last, Even, Odd) ->
    [{First, Last, Even, odd(Even, Odd)} | runs(Rest)].

odd(Even, none) -> Even;
odd(_, Odd) -> Odd.

pool(CPs, Macro) ->
    pool_lines(CPs, Macro).

pool_lines([], _) -> [];
pool_lines(CPs, Macro) ->
    {Line, Rest} = lists:split(min(12, length(CPs)), CPs),
    [Macro, "(", lists:join(", ", [io_lib:format("0x~.16B", [C]) || C <- Line]), ")\n"
     | pool_lines(Rest, Macro)].

%% ---- normalisation ---------------------------------------------------------

%% Every {CCC, CP} in a decomposition must carry CP's own class, so the
%% tables need only the code points.
check_ccc(Uni, CccMap) ->
    [[fail("~.16B: class ~p of ~.16B differs", [CP, C, D]) || {C, D} <- Ds, C =/= maps:get(D, CccMap, 0)]
     || {[CP], {_, Canon, Compat}} <- Uni, Ds <- [Canon, case Compat of [] -> []; {_, L} -> L end]],
    ok.

ccc_runs([]) -> [];
ccc_runs([{CP, C} | Rest]) -> ccc_run(Rest, CP, CP, C).

ccc_run([{CP, C} | Rest], F, L, C) when CP =:= L + 1 -> ccc_run(Rest, F, CP, C);
ccc_run(Rest, F, L, C) -> [{F, L, C} | ccc_runs(Rest)].

decomps(Uni) ->
    Tags = lists:usort([atom_to_list(T) || {_, {_, _, {T, _}}} <- Uni]),
    TagNo = maps:from_list(lists:zip(Tags, lists:seq(1, length(Tags)))),
    {Pool, Canon, Compat} =
        lists:foldl(
          fun({[CP], {_, Can, Comp}}, {P, Ca, Co}) ->
                  {P1, Ca1} = case Can of
                                  [] -> {P, Ca};
                                  _ -> {add_seq(P, Can), [{CP, seq_len(P), length(Can)} | Ca]}
                              end,
                  case Comp of
                      [] -> {P1, Ca1, Co};
                      {T, L} -> {add_seq(P1, L), Ca1,
                                 [{CP, maps:get(atom_to_list(T), TagNo), seq_len(P1), length(L)} | Co]}
                  end
          end, {{[], 0}, [], []}, lists:keysort(1, Uni)),
    {Seqs, _} = Pool,
    Flat = list_to_tuple(lists:append(lists:reverse(Seqs))),
    CanonRuns = join_runs([{C, C, 0, O, N} || {C, O, N} <- lists:reverse(Canon)], Flat),
    CompatRuns = join_runs([{C, C, T, O, N} || {C, T, O, N} <- lists:reverse(Compat)], Flat),
    %% the pool again, holding only what the runs still point to
    {Pool2, Canon2} = repool(CanonRuns, Flat, [], 0, []),
    {Pool3, Compat2} = repool(CompatRuns, Flat, Pool2, length(lists:append(Pool2)), []),
    {lists:append(lists:reverse(Pool3)),
     [{F, L, O, N} || {F, L, _, O, N} <- Canon2], Compat2, Tags}.

%% Runs of single-code-point decompositions whose targets go up by one
%% with the code point (same tag): {First, Last, Tag, Off, 1}, the target
%% of First + I being pool[Off] + I.
join_runs([{F, L, T, O, 1}, {C, C, T, O2, 1} | Rest], Pool)
  when C =:= L + 1, element(O2 + 1, Pool) =:= element(O + 1, Pool) + (C - F) ->
    join_runs([{F, C, T, O, 1} | Rest], Pool);
join_runs([E | Rest], Pool) -> [E | join_runs(Rest, Pool)];
join_runs([], _) -> [].

repool([{F, L, T, O, N} | Rest], Flat, Seqs, At, Acc) ->
    Seq = [element(O + 1 + I, Flat) || I <- lists:seq(0, N - 1)],
    repool(Rest, Flat, [Seq | Seqs], At + N, [{F, L, T, At, N} | Acc]);
repool([], _, Seqs, _, Acc) -> {Seqs, lists:reverse(Acc)}.

add_seq({Seqs, N}, Tagged) -> {[[CP || {_, CP} <- Tagged] | Seqs], N + length(Tagged)}.
seq_len({_, N}) -> N.

%% ---- output ----------------------------------------------------------------

header(Src, Maj, Min) ->
    io_lib:format(
      "/* unicode_util.def: the case mapping and normalisation data of OTP 25's\n"
      " * unicode_util (Unicode ~p.~p), for vm/bif_misc.c. Sections, each a macro\n"
      " * the includer defines (to nothing for the sections it does not want):\n"
      " * UC_CASE_REC, UC_CASE_RUN, UC_CASE_POOL, UC_CCC, UC_COMPAT_TAG,\n"
      " * UC_CANON, UC_COMPAT, UC_DECOMP_POOL, UC_COMPOSE; UC_SEQ(off, len)\n"
      " * inside UC_CASE_REC.\n"
      " * GENERATED by tests/tools/gen_unicode_util.escript from\n"
      " * ~s; do not edit. */\n", [Maj, Min, Src]).

section(Doc, Lines) ->
    ["\n/* ", Doc, " */\n", fix_seq(Lines)].

%% {seq, Off, Len} fields print as UC_SEQ(Off, Len).
fix_seq(Lines) ->
    re:replace(lists:flatten(Lines), "\\{seq,(\\d+),(\\d+)\\}", "UC_SEQ(\\1, \\2)", [global]).
