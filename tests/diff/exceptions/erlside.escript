#!/usr/bin/env escript
%%! +pc latin1
%% erlside.escript: the erl side of the exception text differential test
%% (run.sh explains the design).
%%   gen DIR  runs every raised case of exc_cases (compiled into DIR) and
%%            takes every given case below; writes DIR/cases.etf, what
%%            dbgsh needs: [{Name, raised | given, Class, Reason, Stack,
%%            ErrorMap | none}] and the variants; and DIR/erl.etf, the text
%%            erl's shell prints for each case in each variant.
%%   cmp DIR  compares DIR/ours.etf (dbgside.erl's results) with erl.etf.
%%            Last line "exceptions: N passed, N failed".
%% The text is what shell:report_exception/4 writes: the tag "** ", then
%% erl_error:format_exception/7 with column 4, the shell's stack trim fun
%% and its pp/3 (io_lib_pretty with depth 30, line_max_chars 60, the
%% device's columns and encoding, strings), then a newline.
-mode(compile).

%% Differences shown in full (EXCEPTIONS_SHOW, default 6); the rest by name.
-define(SHOW, list_to_integer(os:getenv("EXCEPTIONS_SHOW", "6"))).

variants() -> [{latin1, 80}, {unicode, 80}, {unicode, 40}].

main(["gen", Dir]) ->
    true = code:add_patha(Dir),
    {module, exc_cases} = code:ensure_loaded(exc_cases),
    Raised = [raised(N) || N <- exc_cases:names()],
    Cases = Raised ++ [{N, given, C, R, S, error_map(R, S)} || {N, C, R, S} <- given()],
    Dup = [N || N <- proplists:get_keys([{N, x} || {N, _, _, _, _, _} <- Cases]),
                length([x || {M, _, _, _, _, _} <- Cases, M =:= N]) > 1],
    [] = Dup,
    ok = file:write_file(filename:join(Dir, "cases.etf"), term_to_binary({variants(), Cases})),
    Texts = [{N, [shell_text(C, R, S, Enc, LL) || {Enc, LL} <- variants()]} || {N, _, C, R, S, _} <- Cases],
    ok = file:write_file(filename:join(Dir, "erl.etf"), term_to_binary(Texts)),
    io:format("exceptions: ~b raised and ~b given cases x ~b variants~n",
              [length(Raised), length(Cases) - length(Raised), length(variants())]),
    halt(0);
main(["cmp", Dir]) ->
    {ok, Cb} = file:read_file(filename:join(Dir, "cases.etf")),
    {ok, Eb} = file:read_file(filename:join(Dir, "erl.etf")),
    {Variants, Cases} = binary_to_term(Cb),
    Erl = binary_to_term(Eb),
    Ours = case file:read_file(filename:join(Dir, "ours.etf")) of
               {ok, Ob} -> maps:from_list(binary_to_term(Ob));
               _ -> #{}
           end,
    Known = known(Dir),
    {P, F, K, Fixed} = compare(Cases, Erl, Ours, Variants, Known),
    [io:format("exceptions: ~s: known VM difference, see vm_known.txt: ~s~n", [N, Why])
     || {N, Why} <- K],
    [io:format("exceptions: ~s: now the same in dbgsh: take it out of vm_known.txt~n", [N])
     || N <- Fixed],
    io:format("exceptions: ~b passed, ~b failed~n", [P, F]),
    halt(case F of 0 -> 0; _ -> 1 end);
main(_) ->
    io:format(standard_error, "usage: erlside.escript gen DIR | cmp DIR~n", []),
    halt(2).

%% ---- the cases ---------------------------------------------------------------------------

raised(Name) ->
    case exc_cases:run(Name) of
        {C, R, S} -> {Name, raised, C, R, S, error_map(R, S)};
        Other -> error({case_did_not_raise, Name, Other})
    end.

%% For a first frame whose error_info names a module other than
%% erl_erts_errors and erl_stdlib_errors (which dbgsh derives itself):
%% what that module's
%% format_error returns, handed to dbgsh as its error_map option. The
%% given cases that use it have reasons that leave the stack whole.
error_map(Reason, [{M, _, _, Info} | _] = Stack) when is_list(Info) ->
    case lists:keyfind(error_info, 1, Info) of
        {error_info, #{} = Map} ->
            case {maps:get(module, Map, M), maps:get(function, Map, format_error)} of
                {erl_erts_errors, format_error} -> none;
                {erl_erts_errors, format_bs_fail} -> none;
                {erl_stdlib_errors, format_error} -> none;
                {Mod, Fun} -> try Mod:Fun(Reason, Stack) catch error:_ -> #{} end
            end;
        _ -> none
    end;
error_map(_, _) ->
    none.

%% Exceptions made up here: reasons and stack shapes the raised cases do
%% not reach (shell and erl_eval reasons, operators, odd locations, error
%% maps, terms that wrap, stacks that are no stack traces).
given() ->
    Loc = [{file, "given.erl"}, {line, 12}],
    Long = lists:seq(1, 40),
    Custom = fun(Text) -> [{error_info, #{module => exc_cases, function => fmt_err, text => Text}}] end,
    Deep = lists:foldl(fun(N, Acc) -> {N, [Acc]} end, leaf, lists:seq(1, 40)),
    [{g_not_stacktrace, error, foo, bar},
     {g_not_stacktrace_exit, exit, foo, [not_a_frame]},
     {g_improper_stack, error, foo, [{m, f, 1, []} | x]},
     {g_bad_frame_arity, error, foo, [{m, f, x, []}]},
     {g_bad_frame_info, error, foo, [{m, f, 1, x}]},
     {g_empty_stack_throw, throw, foo, []},
     {g_shell_fc, error, function_clause, [{shell, my_cmd, 2, []}]},
     {g_shell_fc_two_frames, error, function_clause, [{shell, my_cmd, 2, []}, {m, f, 1, Loc}]},
     {g_shell_undef, error, {shell_undef, nosuch, 2, []}, []},
     {g_shell_undef_args, error, {shell_undef, nosuch, [a, b, c], []}, []},
     {g_unbound, error, {unbound, 'Var'}, []},
     {g_bad_filter, error, {bad_filter, not_bool}, []},
     {g_bad_generator, error, {bad_generator, {not_a, list}}, []},
     {g_argument_limit, error, {argument_limit, {'fun', 1, [], []}}, []},
     {g_rs_bad_return, exit, {restricted_shell_bad_return, {x, y}}, []},
     {g_rs_disallowed, exit, {restricted_shell_disallowed, {{lists, reverse}, [[1, 2]]}}, []},
     {g_rs_disallowed_local, exit, {restricted_shell_disallowed, {my_local, [a]}}, []},
     {g_rs_started, exit, restricted_shell_started, []},
     {g_rs_stopped, exit, restricted_shell_stopped, []},
     {g_calling_self, exit, calling_self, []},
     {g_calling_self_error, error, calling_self, []},
     {g_badarg_exit, exit, {badmatch, 1}, []},
     {g_badarity_export, error, {badarity, {fun lists:map/2, [a]}}, []},
     {g_badarity_bif, error, {badarity, {fun erlang:length/1, [a, b, c, d]}}, []},
     {g_badarity_notfun, error, {badarity, {not_fun, [a]}}, []},
     {g_undef_arity, error, undef, [{m, f, 2, []}, {m2, g, 1, Loc}]},
     {g_undef_unicode, error, undef, [{'mödule', 'fün', [1], []}]},
     {g_undef_wide, error, undef, [{m, list_to_atom([1074, 1086]), [1], []}]},
     {g_fc_op, error, function_clause, [{erlang, '+', [1, 2], []}]},
     {g_op_plus_long, error, badarith, [{erlang, '+', [Long, {a, Long}], []}]},
     {g_op_long_left, error, badarith, [{erlang, '*', [lists:seq(1, 60), 2], []}]},
     {g_op_long_right, error, badarith, [{erlang, '-', [1, {b, lists:seq(1, 50)}], []}]},
     {g_op_unary, error, badarith, [{erlang, '-', [{long, lists:seq(1, 50)}], []}]},
     {g_op_not, error, badarg, [{erlang, 'not', [x], []}]},
     {g_op_div_str, error, badarith, [{erlang, 'div', ["abc", 0], []}]},
     {g_op_send, error, badarg, [{erlang, '!', [nosuch, msg], Loc}]},
     {g_op_compare, error, badarg, [{erlang, '=:=', [a, b], []}, {m, f, 0, Loc}]},
     {g_op_arity, error, badarith, [{erlang, '+', 2, Loc}]},
     {g_op_not_erlang, error, badarith, [{m, '+', [1, 2], Loc}]},
     {g_frames_mixed, error, foo, [{m, f, [1, 2], Loc}, {m, g, 1, []}, {m, h, 0, [{file, "h.erl"}]},
                                   {m, i, 3, [{line, 9}]}, {lists, map, [a, b], Loc}]},
     {g_loc_weird, error, foo, [{m, f, 1, [{file, "a.erl", x}, {line, 3}]}]},
     {g_loc_atom_true, error, foo, [{m, f, 1, [file, {line, 3}]}]},
     {g_loc_binary_file, error, foo, [{m, f, 1, [{file, <<"bin.erl">>}, {line, 3}]}]},
     {g_loc_unicode_file, error, foo, [{m, f, 1, [{file, [102, 239, 108, 1074, 46, 101, 114, 108]}, {line, 3}]}]},
     {g_loc_deep_file, error, foo, [{m, f, 1, [{file, ["dir/", [<<"sub">>, "/x.erl"]]}, {line, 3}]}]},
     {g_loc_line_term, error, foo, [{m, f, 1, [{file, "x.erl"}, {line, {3, 4}}]}]},
     {g_trim_eval, error, foo, [{m, f, 1, Loc}, {erl_eval, do_apply, 7, []}, {shell, exprs, 7, []}]},
     {g_trim_middle, error, foo, [{erl_eval, expr, 6, []}, {m, f, 1, Loc}, {shell, eval, 3, []}]},
     {g_trim_all, error, foo, [{erl_eval, expr, 6, []}, {shell, eval, 3, []}]},
     {g_printable_args, error, foo, [{m, f, "hello", Loc}]},
     {g_printable_args_latin1, error, foo, [{m, f, [233, 97, 10], Loc}]},
     {g_unicode_args, error, foo, [{m, f, [1074, 1086], Loc}]},
     {g_big_char_args, error, foo, [{m, f, [1114111, 97], Loc}]},
     {g_empty_args, error, foo, [{m, f, [], Loc}]},
     {g_args_utf8_binary, error, foo, [{m, f, [<<"caf", 233/utf8>>, "é"], Loc}]},
     {g_args_latin1_binary, error, foo, [{m, f, [<<"caf", 233>>, x], Loc}]},
     {g_fc_utf8_binary, error, function_clause, [{m, f, [<<"caf", 233/utf8>>], Loc}]},
     {g_long_callee, error, foo, [{a_really_long_module_name_for_testing, a_really_long_function_name_here_x,
                                   [a, b], Loc}]},
     {g_long_callee_fc, error, function_clause,
      [{a_module_with_a_name_long_enough_ab, and_a_function_name_long_enough_too, [1], Loc}]},
     {g_long_args, error, foo, [{m, f, [lists:seq(1, 30), {tag, lists:seq(1, 30)}, "a string"], Loc}]},
     {g_bif_frame_noinfo, error, badarg, [{erlang, atom_to_list, [1], []}]},
     {g_bif_frame_arity, error, badarg, [{erlang, atom_to_list, 1, [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_element, error, badarg, [{erlang, element, [a, b], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_element_big, error, badarg,
      [{erlang, element, [1 bsl 70, {a}], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_register_cause, error, badarg,
      [{erlang, register, [foo, self()], [{error_info, #{module => erl_erts_errors, cause => registered_name}}]}]},
     {g_erts_register_bad, error, badarg,
      [{erlang, register, [undefined, x], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_system_limit, error, system_limit,
      [{erlang, list_to_atom, [[]], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_binary_to_term_safe, error, badarg,
      [{erlang, binary_to_term, [<<1>>, [safe]], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_split_binary, error, badarg,
      [{erlang, split_binary, [<<1>>, -1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_list_to_integer_base, error, badarg,
      [{erlang, list_to_integer, [x, 1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_atom_to_binary_latin1, error, badarg,
      [{erlang, atom_to_binary, [list_to_atom([1074]), latin1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_float_to_list_opts, error, badarg,
      [{erlang, float_to_list, [1.0, [bad]], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_b2a_bits, error, badarg,
      [{erlang, binary_to_atom, [<<1:3>>, utf8], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_b2a_bad_utf8, error, badarg,
      [{erlang, binary_to_atom, [<<255, 1>>, utf8], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_b2ea_latin1, error, badarg,
      [{erlang, binary_to_existing_atom, [<<"nope">>, latin1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_l2ea, error, badarg,
      [{erlang, list_to_existing_atom, ["no_such_atom_here"], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_l2ea_bad, error, badarg,
      [{erlang, list_to_existing_atom, [[a]], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_split_big, error, badarg,
      [{erlang, split_binary, [<<1, 2>>, 1 bsl 70], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_element_negbig, error, badarg,
      [{erlang, element, [-(1 bsl 70), {a}], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_element_bignottuple, error, badarg,
      [{erlang, element, [1 bsl 70, x], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_setelement, error, badarg,
      [{erlang, setelement, [0, {a}, x], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_register_remote, error, badarg,
      [{erlang, register, [foo, list_to_pid("<0.1.2>")], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_integer_to_list_base, error, badarg,
      [{erlang, integer_to_list, [x, 37], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_binary_to_integer_base, error, badarg,
      [{erlang, binary_to_integer, [<<"z">>, 10], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_apply, error, badarg,
      [{erlang, apply, [m, 1, [x | y]], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_link_pid, error, noproc,
      [{erlang, link, [self()], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_is_function, error, badarg,
      [{erlang, is_function, [x, -1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_binary_to_term_badopt, error, badarg,
      [{erlang, binary_to_term, [<<131>>, [x | y]], [{error_info, #{module => erl_erts_errors, cause => badopt}}]}]},
     {g_erts_unknown_bif, error, badarg,
      [{erlang, no_such_bif, [1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_erts_other_module, error, badarg,
      [{lists, foo, [1], [{error_info, #{module => erl_erts_errors}}]}]},
     {g_custom_args, error, badarg, [{m, f, [a, b], Custom(#{1 => "first\nsecond line", 2 => <<"bin text">>,
                                                            general => "general remark"})}]},
     {g_custom_reason, error, {custom, reason}, [{m, f, 2, Custom(#{reason => "my explained reason", 1 => "bad"})}]},
     {g_custom_arity, error, badarg, [{m, f, 3, Custom(#{2 => "second", 3 => ["deep", [" text"]]})}]},
     {g_custom_crlf, error, badarg, [{m, f, [x], Custom(#{1 => "one\r\ntwo\n\nthree"})}]},
     {g_custom_general_only, error, badarg, [{m, f, [x], Custom(#{general => <<"only general">>})}, {m, g, 0, Loc}]},
     {g_custom_second_frame, error, badarg, [{m, g, 0, Loc}, {m, f, [x], Custom(#{1 => "ignored"})}]},
     {g_long_exit, exit, {x, lists:seq(1, 200)}, []},
     {g_string_reason, error, "a string reason", []},
     {g_binary_reason, throw, <<"binary">>, []},
     {g_map_reason, error, #{a => 1, b => lists:seq(1, 30), c => "text"}, []},
     {g_badkey_long, error, {badkey, {a, lists:seq(1, 50)}}, []},
     {g_badmap_long, error, {badmap, lists:seq(1, 50)}, []},
     {g_badfun_long, error, {badfun, {lists:seq(1, 20), lists:seq(1, 20)}}, []},
     {g_badmatch_newline, error, {badmatch, [{N, "a longer string value"} || N <- lists:seq(1, 5)]}, []},
     {g_badmatch_deep, error, {badmatch, Deep}, []},
     {g_case_clause_exit, exit, {case_clause, x}, []},
     {g_try_clause, error, {try_clause, [{a, b} || _ <- lists:seq(1, 12)]}, []},
     {g_badarg_value_long, error, {badarg, lists:seq(1, 45)}, []},
     {g_fc_no_loc, error, function_clause, [{m, f, [1], []}]},
     {g_fc_arity, error, function_clause, [{m, f, 1, Loc}, {m, g, 0, Loc}]},
     {g_fc_long, error, function_clause, [{m, f, [lists:seq(1, 30), lists:seq(1, 30)], Loc}]},
     {g_fc_printable, error, function_clause, [{m, f, "xyz", Loc}]},
     {g_fc_exit, exit, function_clause, [{m, f, [1], Loc}]},
     {g_undef_exit, exit, undef, [{m, f, [1], Loc}]},
     {g_throw_nocatch, throw, {nocatch, x}, []},
     {g_exit_killed, exit, killed, []},
     {g_exit_with_stack, exit, foo, [{m, f, 1, Loc}]},
     {g_throw_with_stack, throw, foo, [{m, f, [a], Loc}, {m, g, 1, Loc}]},
     {g_pid_ref, error, {badmatch, {self(), make_ref()}}, []},
     {g_unicode_atom_reason, error, {list_to_atom([1074, 1086]), 'café'}, []},
     {g_unicode_string_reason, error, {badmatch, [1074, 1086, 1076]}, []},
     {g_latin1_string_reason, error, {badmatch, "café crème"}, []},
     {g_utf8_binary_reason, error, {badmatch, <<"caf", 233/utf8>>}, []},
     {g_float_reason, exit, {1.5, -0.0, 1.0e100}, []},
     {g_bignum_reason, throw, 1 bsl 300, []},
     {g_bitstring_reason, error, {badmatch, <<1, 2:3>>}, []},
     {g_records_like, error, {badrecord, {rec, 1, 2}}, []},
     {g_badrecord_atom, error, {badrecord, rec}, []},
     {g_list_reason_long, exit, [{key, N, lists:duplicate(N, $x)} || N <- lists:seq(1, 10)], []},
     {g_nested_long, error, {badmatch, #{list => lists:seq(1, 30), tuple => {a, b, c, lists:seq(1, 30)}}}, []}
    ].

%% ---- erl's text -----------------------------------------------------------------------------

shell_text(Class, Reason, Stack, Enc, LineLength) ->
    PF = fun(Term, I) ->
                 io_lib_pretty:print(Term, [{column, I}, {line_length, LineLength}, {depth, 30},
                                            {line_max_chars, 60}, {strings, true},
                                            {record_print_fun, fun(_, _) -> no end}, {encoding, Enc}])
         end,
    SF = fun(M, _F, _A) -> (M =:= erl_eval) or (M =:= shell) end,
    try erl_error:format_exception(4, Class, Reason, Stack, SF, PF, Enc) of
        Str -> unicode:characters_to_binary([<<"** ">>, Str, $\n])
    catch
        C:R -> {erl_crashed, C, R}
    end.

%% ---- comparing ----------------------------------------------------------------------------

%% vm_known.txt: "name  why" lines (# comments): raised cases whose stack
%% or reason differs in dbgsh's VM, so that only their end-to-end text is
%% expected to differ.
known(Dir) ->
    case file:read_file(filename:join(Dir, "vm_known.txt")) of
        {ok, B} ->
            Lines = [string:trim(L) || L <- string:split(unicode:characters_to_list(B), "\n", all)],
            maps:from_list([case string:split(L, " ") of
                                [N, Why] -> {list_to_atom(N), string:trim(Why)};
                                [N] -> {list_to_atom(N), ""}
                            end || L <- Lines, L =/= "", hd(L) =/= $#]);
        _ -> #{}
    end.

%% Each case in each variant is one comparison of the formatter (erl's
%% exception through dbgsh_out:format_exception) and, for a raised case,
%% one of dbgsh's own exception; known VM differences are left out of the
%% second.
compare(Cases, Erl, Ours, Variants, Known) ->
    {P, F, K, Fixed, _} =
        lists:foldl(
          fun({{Name, Kind, _, _, _, _}, {Name, ErlTexts}}, {P0, F0, K0, X0, Shown0}) ->
                  {Fmt, E2e} = maps:get(Name, Ours, {missing, missing}),
                  Vs = lists:seq(1, length(Variants)),
                  FmtRes = [same(fmt, lists:nth(I, ErlTexts), pick(Fmt, I)) || I <- Vs],
                  E2eRes = case Kind of
                               raised -> [same(e2e, lists:nth(I, ErlTexts), pick(E2e, I)) || I <- Vs];
                               given -> []
                           end,
                  IsKnown = maps:is_key(Name, Known),
                  Counted = FmtRes ++ case IsKnown of true -> []; false -> E2eRes end,
                  Bad = [{Name, lists:nth(I, Variants), Mode, Ex, Got}
                         || {I, {false, Mode, Ex, Got}} <- number(FmtRes) ++ number_if(not IsKnown, E2eRes)],
                  Shown = show(Bad, Shown0),
                  K1 = case IsKnown of true -> [{Name, maps:get(Name, Known)} | K0]; false -> K0 end,
                  X1 = case IsKnown andalso E2eRes =/= [] andalso lists:all(fun(R) -> R =:= true end, E2eRes) of
                           true -> [Name | X0];
                           false -> X0
                       end,
                  NOk = length([x || true <- Counted]),
                  {P0 + NOk, F0 + length(Counted) - NOk, K1, X1, Shown}
          end, {0, 0, [], [], 0}, lists:zip(Cases, Erl)),
    {P, F, lists:reverse(K), lists:reverse(Fixed)}.

number(L) -> lists:zip(lists:seq(1, length(L)), L).
number_if(true, L) -> number(L);
number_if(false, _) -> [].

pick(missing, _) -> missing;
pick(L, I) when is_list(L) -> lists:nth(I, L);
pick(X, _) -> X.

same(Mode, Expected, Got) ->
    case normalise(Mode, Expected) =:= normalise(Mode, Got) of
        true -> true;
        false -> {false, Mode, Expected, Got}
    end.

%% Pids, refs, ports and fun texts differ between the VMs; in dbgsh's own
%% exceptions (e2e) so do the lines of library modules, whose sources are
%% not OTP's.
normalise(Mode, B) when is_binary(B) ->
    Rules = [{"<[0-9]+\\.[0-9]+\\.[0-9]+>", "<PID>"},
             {"#Ref<[0-9.]+>", "#Ref<REF>"},
             {"#Port<[0-9.]+>", "#Port<PORT>"},
             {"#Fun<[^>]*>", "#Fun<FUN>"}]
        ++ case Mode of
               e2e -> [{"\\(((?!exc_cases\\.erl)[^(),]+\\.erl), line [0-9]+\\)", "(\\1, line _)"}];
               fmt -> []
           end,
    lists:foldl(fun({Re, To}, Acc) -> re:replace(Acc, Re, To, [global, unicode, {return, binary}]) end, B, Rules);
normalise(_, X) ->
    X.

show([], Shown) ->
    Shown;
show([{Name, {Enc, LL}, Mode, Ex, Got} | T], Shown) ->
    show_one(Shown < ?SHOW, Name, Enc, LL, Mode, Ex, Got),
    show(T, Shown + 1).

show_one(true, Name, Enc, LL, Mode, Ex, Got) ->
    io:format("exceptions: FAIL ~s (~s, ~s, ~b columns)~n--- erl:~n~ts--- dbgsh:~n~ts~n",
              [Name, Mode, Enc, LL, text(Ex), text(Got)]);
show_one(false, Name, Enc, LL, Mode, _, _) ->
    io:format("exceptions: FAIL ~s (~s, ~s, ~b columns)~n", [Name, Mode, Enc, LL]).

text(B) when is_binary(B) -> B;
text(X) -> io_lib:format("~p~n", [X]).
