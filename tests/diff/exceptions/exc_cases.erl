%% exc_cases.erl: the raised half of the exception text corpus
%% (tests/diff/exceptions/run.sh). Each c(Name) clause raises one exception
%% in compiled code with files and lines; run/1 is the common wrapper both
%% erl and dbgsh call, and strip/1 cuts the stack trace at the wrapper's
%% frame, so what is left (the frames of this module and of the library
%% functions it calls) does not depend on how each side evaluates the call.
%% Calls of BIFs are kept out of tail position (v/1 around them) so that
%% the caller's frame is in the trace on both sides; the few cases that
%% are in tail position on purpose are named tail_*.
-module(exc_cases).
-export([run/1, names/0, c/1, id/1, fmt_err/2]).

-record(rec, {a = 1, b = 2}).

%% The wrapper: {Class, Reason, Stack up to the wrapper} or {returned, V}.
run(Name) ->
    try c(Name) of
        V -> {returned, V}
    catch
        C:R:S -> {C, R, strip(S)}
    end.

strip([{?MODULE, run, 1, _} | _]) -> [];
strip([F | S]) -> [F | strip(S)];
strip([]) -> [].

id(X) -> X.
v(X) -> X.
zero() -> 0.

names() ->
    [badarith_div, badarith_plus, badarith_nested, badarith_float, badarith_bsl,
     atom_to_list, element_range, element_zero, element_notint, element_nottuple,
     setelement, hd_empty, tl_atom, length_improper, length_atom, list_to_atom_int,
     list_to_atom_improper, list_to_integer_text, list_to_integer_atom, list_to_integer_base,
     integer_to_list_atom, integer_to_list_base, binary_to_list_atom, tuple_size_list,
     tuple_to_list_atom, list_to_tuple_atom, byte_size_atom, bit_size_atom, abs_atom,
     float_atom, round_atom, trunc_atom, map_size_atom, map_get_missing, map_get_notmap,
     is_map_key_notmap, atom_to_binary_enc, binary_to_atom_enc, binary_to_term_bad,
     list_to_binary_bad, iolist_to_binary_bad, iolist_size_bad, make_tuple_neg, split_binary_range,
     integer_to_binary_atom, binary_to_integer_text, list_to_float_text, float_to_list_atom,
     whereis_int, exit2_int, apply_bad, node_int, subtract_atom, append_atom,
     badmatch_small, badmatch_tuple, badmatch_long_list, badmatch_deep, badmatch_map,
     badmatch_string, badmatch_binary, badmatch_utf8_binary, badmatch_unicode_string,
     badmatch_unicode_atom, badmatch_float, badmatch_big, badmatch_pid, badmatch_ref,
     badmatch_fun, badmatch_wide_tuple, badmatch_nested_lists,
     case_clause, case_clause_long, if_clause, try_clause, try_clause_long,
     function_clause_1, function_clause_3, function_clause_printable, function_clause_long,
     function_clause_string_arg, function_clause_guard, function_clause_fun,
     undef_module, undef_function, undef_local, undef_args,
     badfun_int, badfun_tuple, badarity, badarity_0, badarity_3, badarity_export,
     badkey_update, badmap_update, badrecord, timeout_value,
     error_atom, error_tuple, error_args, error_long_args, error_noproc, error_system_limit,
     error_notalive, error_badarg_value, error_unicode_reason, error_string,
     exit_atom, exit_tuple, exit_long, exit_normal, exit_badarg, exit_string,
     throw_atom, throw_tuple, throw_long, throw_badarith,
     bs_type, bs_second_segment, bs_string_segment, bs_unit, bs_short, bs_short_long,
     bs_size, bs_size_limit, bs_float_invalid, bs_no_float, bs_utf, bs_comprehension,
     error_info_option,
     std_maps_get_missing, std_maps_get_notmap, std_maps_get3, std_maps_find, std_maps_is_key,
     std_maps_keys, std_maps_merge, std_maps_put, std_maps_update_missing, std_maps_from_list,
     std_maps_map_fun, std_maps_map_notmap, std_maps_fold, std_maps_fold_fun, std_maps_with,
     std_maps_without, std_maps_iterator, std_maps_next, std_maps_update_with,
     std_maps_intersect, std_lists_keyfind_pos, std_lists_keyfind_list, std_lists_keysearch,
     std_lists_member, std_lists_reverse, std_lists_seq_zero, std_lists_seq_up,
     std_lists_seq_down, std_binary_part_pos, std_binary_part_len, std_binary_part_tuple,
     std_binary_part_tuple_len, std_binary_part_bad, std_binary_part_bits, std_binary_at,
     std_binary_first, std_binary_last, std_binary_copy, std_binary_split,
     std_binary_split_opts, std_binary_match, std_binary_replace, std_binary_replace_opts,
     std_binary_decode_unsigned, std_binary_encode_unsigned, std_binary_list_to_bin,
     std_binary_lcp, std_unicode_c2b, std_unicode_c2b_enc, std_unicode_c2l_data,
     std_unicode_c2b_3, std_math_sqrt, std_math_sqrt_atom, std_math_log, std_math_pow,
     std_math_fmod, std_math_sin,
     ets_lookup_noname, ets_lookup_deleted, ets_lookup_ref, ets_lookup_type,
     ets_insert_access, ets_lookup_private, ets_insert_empty, ets_insert_list,
     ets_insert_atom, ets_insert_new_bad, ets_delete_object_bad, ets_lookup_element_badkey,
     ets_lookup_element_size, ets_lookup_element_pos, ets_update_counter_keypos,
     ets_update_counter_position, ets_update_counter_notint, ets_update_counter_badop, ets_update_counter_bag,
     ets_update_counter4_default, ets_update_element_keypos, ets_update_element_range,
     ets_update_element_spec, ets_new_exists, ets_new_badopt, ets_new_name,
     ets_next_badkey, ets_rename_exists, ets_rename_badname, ets_give_away_owner,
     ets_give_away_notpid, ets_give_away_dead, ets_select_badms, ets_select3_limit,
     ets_select_cont, ets_select_replace_bag, ets_select_count_badms, ets_info_item,
     ets_safe_fixtable_bool, ets_setopts_bad, ets_whereis_bad, ets_match_spec_compile,
     ets_match3_limit, ets_delete_noname, ets_select_delete_badms, ets_setopts_access, ets_setopts_owner,
     os_getenv_atom, os_getenv_eq, os_getenv_improper, os_putenv_bin, os_putenv_zero,
     os_putenv_name_chars, os_putenv_value_range, os_unsetenv_atoms, os_system_time_unit,
     os_perf_counter_unit,
     re_run_bad_pattern, re_run_not_iodata, re_run_not_regexp, re_run_forged, re_run3_badopt,
     re_compile_bad_pattern, re_compile_badopt, re_compile_not_iodata, re_compile1_not_iodata,
     re_split_bad_subject, re_split3_badopt, re_replace_bad_pattern, re_replace_bad_replacement,
     re_replace4_badopt, re_inspect_not_compiled, re_inspect_bad_item,
     atomics_new_badopt, atomics_new_limit, atomics_new_notint, atomics_info_bad,
     atomics_get_badref, atomics_cx_badref, atomics_sub_badarith, counters_new_badopt,
     counters_new_limit, counters_get_badref, counters_add_badref, counters_info_bad,
     pterm_get_missing,
     nested_calls, deep_calls, after_calls, tail_map_get, tail_atom_to_list].

%% ---- arithmetic -----------------------------------------------------------------
c(badarith_div) -> v(1 / zero());
c(badarith_plus) -> X = id(a), v(X + 1);
c(badarith_nested) -> v(id(1) * (2 + id(foo)));
c(badarith_float) -> v(id(1.0e308) * id(1.0e308));
c(badarith_bsl) -> v(id(1) bsl id(a));
%% ---- BIFs with error_info --------------------------------------------------------
c(atom_to_list) -> v(atom_to_list(id(7)));
c(element_range) -> v(element(id(5), id({1})));
c(element_zero) -> v(element(id(0), id({1, 2})));
c(element_notint) -> v(element(id(a), id({1})));
c(element_nottuple) -> v(element(id(1), id([1])));
c(setelement) -> v(setelement(id(3), id({a}), x));
c(hd_empty) -> v(hd(id([])));
c(tl_atom) -> v(tl(id(x)));
c(length_improper) -> v(length(id([a | b])));
c(length_atom) -> v(length(id(x)));
c(list_to_atom_int) -> v(list_to_atom(id(7)));
c(list_to_atom_improper) -> v(list_to_atom(id([$a | b])));
c(list_to_integer_text) -> v(list_to_integer(id("12x")));
c(list_to_integer_atom) -> v(list_to_integer(id(x)));
c(list_to_integer_base) -> v(list_to_integer(id("12"), id(99)));
c(integer_to_list_atom) -> v(integer_to_list(id(a)));
c(integer_to_list_base) -> v(integer_to_list(id(10), id(1)));
c(binary_to_list_atom) -> v(binary_to_list(id(a)));
c(tuple_size_list) -> v(tuple_size(id([a])));
c(tuple_to_list_atom) -> v(tuple_to_list(id(a)));
c(list_to_tuple_atom) -> v(list_to_tuple(id(a)));
c(byte_size_atom) -> v(byte_size(id(a)));
c(bit_size_atom) -> v(bit_size(id(a)));
c(abs_atom) -> v(abs(id(a)));
c(float_atom) -> v(float(id(a)));
c(round_atom) -> v(round(id(a)));
c(trunc_atom) -> v(trunc(id(a)));
c(map_size_atom) -> v(map_size(id(a)));
c(map_get_missing) -> v(map_get(id(k), id(#{a => 1})));
c(map_get_notmap) -> v(map_get(id(k), id(notamap)));
c(is_map_key_notmap) -> v(is_map_key(id(k), id([])));
c(atom_to_binary_enc) -> v(atom_to_binary(id(a), id(foo)));
c(binary_to_atom_enc) -> v(binary_to_atom(id(<<1>>), id(foo)));
c(binary_to_term_bad) -> v(binary_to_term(id(<<1, 2, 3>>)));
c(list_to_binary_bad) -> v(list_to_binary(id([a])));
c(iolist_to_binary_bad) -> v(iolist_to_binary(id([1, [foo]])));
c(iolist_size_bad) -> v(iolist_size(id(a)));
c(make_tuple_neg) -> v(erlang:make_tuple(id(-1), a));
c(split_binary_range) -> v(split_binary(id(<<1, 2>>), id(5)));
c(integer_to_binary_atom) -> v(integer_to_binary(id(a)));
c(binary_to_integer_text) -> v(binary_to_integer(id(<<"1x">>)));
c(list_to_float_text) -> v(list_to_float(id("x")));
c(float_to_list_atom) -> v(float_to_list(id(a)));
c(whereis_int) -> v(whereis(id(1)));
c(exit2_int) -> v(exit(id(1), foo));
c(apply_bad) -> v(apply(id(1), id(f), id([])));
c(node_int) -> v(node(id(1)));
c(subtract_atom) -> v(id([1, 2]) -- id(a));
c(append_atom) -> v(id(a) ++ id([1]));
%% ---- badmatch and other value errors -------------------------------------------------
c(badmatch_small) -> 1 = id(2), ok;
c(badmatch_tuple) -> {a, b} = id({a, c}), ok;
c(badmatch_long_list) -> [] = id(lists:seq(1, 60)), ok;
c(badmatch_deep) -> x = id(deep(40)), ok;
c(badmatch_map) -> #{a := 1} = id(#{a => 2, b => [1, 2, 3], c => "text", d => {x, y}}), ok;
c(badmatch_string) -> "abc" = id("the quick brown fox jumps over the lazy dog and runs far away"), ok;
c(badmatch_binary) -> <<>> = id(<<"the quick brown fox jumps over the lazy dog and more bytes">>), ok;
c(badmatch_utf8_binary) -> <<>> = id(<<"caf", 233/utf8, " ", 1074/utf8, 1086/utf8, 1076/utf8>>), ok;
c(badmatch_unicode_string) -> [] = id([1074, 1086, 1076, 1072]), ok;
c(badmatch_unicode_atom) -> x = id(list_to_atom([97, 1074, 98])), ok;
c(badmatch_float) -> 1 = id(3.14159), ok;
c(badmatch_big) -> 1 = id(1 bsl 200), ok;
c(badmatch_pid) -> 1 = id(self()), ok;
c(badmatch_ref) -> 1 = id(make_ref()), ok;
c(badmatch_fun) -> 1 = id(fun lists:map/2), ok;
c(badmatch_wide_tuple) -> 1 = id(list_to_tuple([{key, N, lists:duplicate(N, $x)} || N <- lists:seq(1, 8)])), ok;
c(badmatch_nested_lists) -> 1 = id([[N, [N, N]] || N <- lists:seq(1, 12)]), ok;
c(case_clause) ->
    case id(x) of
        a -> ok
    end;
c(case_clause_long) ->
    case id({a_long_tag, lists:seq(1, 40), "and a string that is long", #{k => v}}) of
        a -> ok
    end;
c(if_clause) ->
    X = id(1),
    if
        X > 2 -> ok
    end;
c(try_clause) ->
    try id(x) of
        a -> ok
    catch
        _ -> error
    end;
c(try_clause_long) ->
    try id(lists:duplicate(30, {x, y})) of
        a -> ok
    catch
        _ -> error
    end;
%% ---- function_clause and undef --------------------------------------------------------
c(function_clause_1) -> v(f1(id(7)));
c(function_clause_3) -> v(f3(id(a), id(b), id(c)));
c(function_clause_printable) -> v(f3(id($a), id($b), id($c)));
c(function_clause_long) -> v(f3(id(lists:seq(1, 30)), id({tag, lists:seq(1, 20)}), id("some text here")));
c(function_clause_string_arg) -> v(f1(id("string")));
c(function_clause_guard) -> v(fg(id(-5)));
c(function_clause_fun) -> F = fun(a) -> ok end, v(F(id(b)));
c(undef_module) -> v(nosuch_module:fn(id(1), 2));
c(undef_function) -> v(lists:no_such_function(id(1)));
c(undef_local) -> v(?MODULE:not_exported(id(1)));
c(undef_args) -> v(apply(nosuch_module, id(fn), [1, "two", {three}]));
%% ---- funs, maps, records, receive --------------------------------------------------------
c(badfun_int) -> F = id(3), v(F());
c(badfun_tuple) -> F = id({a, b}), v(F(1));
c(badarity) -> F = id(fun(X) -> X end), v(F(1, 2));
c(badarity_0) -> F = id(fun() -> ok end), v(F(1));
c(badarity_3) -> F = id(fun(X, Y) -> {X, Y} end), v(F(1, 2, 3));
c(badarity_export) -> F = id(fun lists:reverse/1), v(F(1, 2));
c(badkey_update) -> M = id(#{a => 1}), v(M#{b := 2});
c(badmap_update) -> M = id(notamap), v(M#{b => 2});
c(badrecord) -> R = id({other, 1}), v(R#rec.a);
c(timeout_value) ->
    receive
    after id(-1) -> ok
    end;
%% ---- error/1,2, exit/1, throw/1 ---------------------------------------------------------
c(error_atom) -> v(erlang:error(id(my_error)));
c(error_tuple) -> v(erlang:error(id({my_error, "with text", 42})));
c(error_args) -> v(erlang:error(id(my_error), [1, two, "three"]));
c(error_long_args) -> v(erlang:error(id(my_error), [lists:seq(1, 25), {a, lists:seq(1, 25)}]));
c(error_noproc) -> v(erlang:error(id(noproc)));
c(error_system_limit) -> v(erlang:error(id(system_limit)));
c(error_notalive) -> v(erlang:error(id(notalive)));
c(error_badarg_value) -> v(erlang:error(id({badarg, some_value})));
c(error_unicode_reason) -> v(erlang:error(id({[1074, 1086], <<"caf", 233/utf8>>, list_to_atom([1074])})));
c(error_string) -> v(erlang:error(id("an error given as a string")));
c(exit_atom) -> v(exit(id(foo)));
c(exit_tuple) -> v(exit(id({shutdown, {some, reason}})));
c(exit_long) -> v(exit(id({a_long_exit_reason, lists:seq(1, 50), [{k, v} || _ <- lists:seq(1, 6)]})));
c(exit_normal) -> v(exit(id(normal)));
c(exit_badarg) -> v(exit(id(badarg)));
c(exit_string) -> v(exit(id("exit text")));
c(throw_atom) -> v(throw(id(bar)));
c(throw_tuple) -> v(throw(id({error, not_found})));
c(throw_long) -> v(throw(id([{item, N, lists:seq(1, N)} || N <- lists:seq(1, 9)])));
c(throw_badarith) -> v(throw(id(badarith)));
%% ---- several frames -------------------------------------------------------------------
%% ---- binary construction (error_info of erl_erts_errors:format_bs_fail) ---------
c(bs_type) -> v(<<(id(x)):8>>);
c(bs_second_segment) -> v(<<1, (id(1.5))/binary>>);
c(bs_string_segment) -> v(<<"abc", 1, (id([]))/utf8>>);
c(bs_unit) -> v(<<(id(<<1:3>>))/binary>>);
c(bs_short) -> v(<<(id(<<"hello">>)):30/binary>>);
c(bs_short_long) -> v(<<(id(<<(list_to_binary(lists:seq(1, 20)))/binary, 5:3>>)):30/binary>>);
c(bs_size) -> v(<<1:(id(-(1 bsl 200)))>>);
c(bs_size_limit) -> v(<<1:(id(1 bsl 70))>>);
c(bs_float_invalid) -> v(<<(id(1.0)):(id(8))/float>>);
c(bs_no_float) -> v(<<(id(1 bsl 1030)):64/float>>);
c(bs_utf) -> v(<<(id(16#D800))/utf16>>);
c(bs_comprehension) -> v(<< <<X:8>> || X <- id([1, {x, [y]}]) >>);
c(error_info_option) ->
    v(erlang:error(badarg, [id(1)], [{error_info, #{cause => {7, integer, type, q}, module => erl_erts_errors,
                                                    function => format_bs_fail, override_segment_position => 3}}]));

%% ---- stdlib functions (error_info of erl_stdlib_errors) ------------------------
c(std_maps_get_missing) -> v(maps:get(a, id(#{})));
c(std_maps_get_notmap) -> v(maps:get(a, id(x)));
c(std_maps_get3) -> v(maps:get(a, id(x), 1));
c(std_maps_find) -> v(maps:find(a, id(x)));
c(std_maps_is_key) -> v(maps:is_key(a, id(x)));
c(std_maps_keys) -> v(maps:keys(id(x)));
c(std_maps_merge) -> v(maps:merge(id(#{}), id(b)));
c(std_maps_put) -> v(maps:put(a, 1, id(x)));
c(std_maps_update_missing) -> v(maps:update(a, 1, id(#{})));
c(std_maps_from_list) -> v(maps:from_list(id(x)));
c(std_maps_map_fun) -> v(maps:map(id(f), #{}));
c(std_maps_map_notmap) -> v(maps:map(fun(_, V) -> V end, id(x)));
c(std_maps_fold) -> v(maps:fold(fun(_, _, A) -> A end, 0, id([a | b])));
c(std_maps_fold_fun) -> v(maps:fold(id(fun(_, _) -> ok end), 0, #{}));
c(std_maps_with) -> v(maps:with(id(x), #{}));
c(std_maps_without) -> v(maps:without([], id(x)));
c(std_maps_iterator) -> v(maps:iterator(id(x)));
c(std_maps_next) -> v(maps:next(id(x)));
c(std_maps_update_with) -> v(maps:update_with(a, fun(V) -> V end, 1, id(x)));
c(std_maps_intersect) -> v(maps:intersect(id(a), #{}));
c(std_lists_keyfind_pos) -> v(lists:keyfind(a, id(0), []));
c(std_lists_keyfind_list) -> v(lists:keyfind(a, 1, id(x)));
c(std_lists_keysearch) -> v(lists:keysearch(a, id(x), []));
c(std_lists_member) -> v(lists:member(a, id([b | c])));
c(std_lists_reverse) -> v(lists:reverse(id(x), []));
c(std_lists_seq_zero) -> v(lists:seq(1, 5, id(0)));
c(std_lists_seq_up) -> v(lists:seq(5, 1, id(1)));
c(std_lists_seq_down) -> v(lists:seq(1, 5, id(-1)));
c(std_binary_part_pos) -> v(binary:part(id(<<1>>), 5, 1));
c(std_binary_part_len) -> v(binary:part(id(<<1>>), 0, 5));
c(std_binary_part_tuple) -> v(binary:part(id(<<1>>), {5, 1}));
c(std_binary_part_tuple_len) -> v(binary:part(id(<<1>>), {0, 5}));
c(std_binary_part_bad) -> v(binary:part(id(<<1>>), x));
c(std_binary_part_bits) -> v(binary:part(id(<<1:3>>), 0, 1));
c(std_binary_at) -> v(binary:at(id(<<1>>), 5));
c(std_binary_first) -> v(binary:first(id(<<>>)));
c(std_binary_last) -> v(binary:last(id(x)));
c(std_binary_copy) -> v(binary:copy(<<1>>, id(-1)));
c(std_binary_split) -> v(binary:split(id(<<"a">>), <<>>));
c(std_binary_split_opts) -> v(binary:split(<<"a">>, <<",">>, id([x])));
c(std_binary_match) -> v(binary:match(id(x), [<<"a">>, <<>>]));
c(std_binary_replace) -> v(binary:replace(<<"a">>, <<"a">>, id(x)));
c(std_binary_replace_opts) -> v(binary:replace(<<"a">>, <<"a">>, <<"b">>, id([x])));
c(std_binary_decode_unsigned) -> v(binary:decode_unsigned(<<1>>, id(middle)));
c(std_binary_encode_unsigned) -> v(binary:encode_unsigned(id(-1)));
c(std_binary_list_to_bin) -> v(binary:list_to_bin(id([a])));
c(std_binary_lcp) -> v(binary:longest_common_prefix(id(x)));
c(std_unicode_c2b) -> v(unicode:characters_to_binary(id([a])));
c(std_unicode_c2b_enc) -> v(unicode:characters_to_binary(<<"a">>, id(x)));
c(std_unicode_c2l_data) -> v(unicode:characters_to_list(id([$a, [<<"b">> | c]]), utf8));
c(std_unicode_c2b_3) -> v(unicode:characters_to_binary(<<"a">>, utf8, id({utf16, middle})));
c(std_math_sqrt) -> v(math:sqrt(id(-1)));
c(std_math_sqrt_atom) -> v(math:sqrt(id(x)));
c(std_math_log) -> v(math:log(id(0)));
c(std_math_pow) -> v(math:pow(id(x), 1));
c(std_math_fmod) -> v(math:fmod(1, id(0.0)));
c(std_math_sin) -> v(math:sin(id(x)));

%% ---- ets (error_info causes, erl_stdlib_errors' texts) -------------------------
%% update_counter on a key that is not there (badkey, or a bad default) is
%% left out: erl 25 aborts copying that exception ("size_object: bad tag");
%% tests/format/test_exception.c has its texts. The tables are named
%% (tab/1): a table identifier prints as wide as erl's reference counter
%% happens to be, which would move line breaks.
c(ets_lookup_noname) -> v(ets:lookup(id(no_such_table), k));
c(ets_lookup_deleted) -> T = tab([]), ets:delete(T), v(ets:lookup(T, k));
c(ets_lookup_ref) -> v(ets:lookup(id(make_ref()), k));
c(ets_lookup_type) -> v(ets:lookup(id("t"), k));
c(ets_insert_access) -> v(ets:insert(other_table(protected), {k}));
c(ets_lookup_private) -> v(ets:lookup(other_table(private), k));
c(ets_insert_empty) -> v(ets:insert(tab([]), id({})));
c(ets_insert_list) -> v(ets:insert(tab([]), id([{a}, b])));
c(ets_insert_atom) -> v(ets:insert(tab([]), id(a)));
c(ets_insert_new_bad) -> v(ets:insert_new(tab([]), id([{}])));
c(ets_delete_object_bad) -> v(ets:delete_object(tab([]), id(x)));
c(ets_lookup_element_badkey) -> v(ets:lookup_element(tab([]), k, 2));
c(ets_lookup_element_size) -> v(ets:lookup_element(table([{k, 1}]), k, 5));
c(ets_lookup_element_pos) -> v(ets:lookup_element(table([{k, 1}]), k, id(0)));
c(ets_update_counter_keypos) -> v(ets:update_counter(table([{k, 1}]), k, {1, 1}));
c(ets_update_counter_position) -> v(ets:update_counter(table([{k, 1}]), k, {7, 1}));
c(ets_update_counter_notint) -> v(ets:update_counter(table([{k, a}]), k, 1));
c(ets_update_counter_badop) -> v(ets:update_counter(table([{k, 1}]), k, id(x)));
c(ets_update_counter_bag) -> v(ets:update_counter(tab([bag]), k, 1));
c(ets_update_counter4_default) -> v(ets:update_counter(table([{k, a}]), k, 1, {k, 0}));
c(ets_update_element_keypos) -> v(ets:update_element(table([{k, 1}]), k, {1, x}));
c(ets_update_element_range) -> v(ets:update_element(table([{k, 1}]), k, {5, x}));
c(ets_update_element_spec) -> v(ets:update_element(table([{k, 1}]), k, id(x)));
c(ets_new_exists) -> ets:new(exc_named, [named_table]), v(ets:new(exc_named, [named_table]));
c(ets_new_badopt) -> v(ets:new(t, id([bad])));
c(ets_new_name) -> v(ets:new(id("t"), []));
c(ets_next_badkey) -> v(ets:next(tab([]), nokey));
c(ets_rename_exists) -> ets:new(exc_taken, [named_table]), v(ets:rename(ets:new(exc_from, [named_table]), exc_taken));
c(ets_rename_badname) -> v(ets:rename(tab([]), id("x")));
c(ets_give_away_owner) -> v(ets:give_away(tab([]), self(), x));
c(ets_give_away_notpid) -> v(ets:give_away(tab([]), id(x), x));
c(ets_give_away_dead) ->
    {P, M} = spawn_monitor(fun() -> ok end),
    receive {'DOWN', M, _, _, _} -> ok end,
    v(ets:give_away(tab([]), P, x));
c(ets_select_badms) -> v(ets:select(tab([]), id(x)));
c(ets_select3_limit) -> v(ets:select(tab([]), [{'_', [], ['$_']}], id(0)));
c(ets_select_cont) -> v(ets:select(id(x)));
c(ets_select_replace_bag) -> v(ets:select_replace(tab([bag]), [{'_', [], ['$_']}]));
c(ets_select_count_badms) -> v(ets:select_count(tab([]), id(x)));
c(ets_info_item) -> v(ets:info(tab([]), id(bad)));
c(ets_safe_fixtable_bool) -> v(ets:safe_fixtable(tab([]), id(x)));
c(ets_setopts_bad) -> v(ets:setopts(tab([]), id(x)));
c(ets_whereis_bad) -> v(ets:whereis(id("x")));
c(ets_match_spec_compile) -> v(ets:match_spec_compile(id(x)));
c(ets_match3_limit) -> v(ets:match(tab([]), '_', id(x)));
c(ets_delete_noname) -> v(ets:delete(id(no_such_table)));
c(ets_select_delete_badms) -> v(ets:select_delete(tab([]), id(x)));
c(ets_setopts_access) -> v(ets:setopts(other_table(protected), {heir, none}));
c(ets_setopts_owner) -> v(ets:setopts(other_table(public), {heir, none}));
c(os_getenv_atom) -> v(os:getenv(id(foo)));
c(os_getenv_eq) -> v(os:getenv(id("A=B")));
c(os_getenv_improper) -> v(os:getenv(id([$a, [$b | c]])));
c(os_putenv_bin) -> v(os:putenv("DBGSH_EXC", id(<<"1">>)));
c(os_putenv_zero) -> v(os:putenv("DBGSH_EXC", id([$a, 0])));
c(os_putenv_name_chars) -> v(os:putenv(id([$a, b]), "1"));
c(os_putenv_value_range) -> v(os:putenv("DBGSH_EXC", id([-1])));
c(os_unsetenv_atoms) -> v(os:unsetenv(id([a])));
c(os_system_time_unit) -> v(os:system_time(id(x)));
c(os_perf_counter_unit) -> v(os:perf_counter(id(x)));

c(nested_calls) -> v(a1(id(3)));
c(deep_calls) -> v(d(id(6)));
c(after_calls) -> v(b1(id([x, y])));
c(tail_map_get) -> map_get(id(k), id(#{}));
c(tail_atom_to_list) -> atom_to_list(id(1));
%% Cases added later go through one clause, so that OTP's compiler keeps
%% the order of c/1's funs (the given half names erl's funs by their index
%% in our module).
c(Name) -> later_case(Name).

%% re (PCRE2's message for "[a" and "a{2,1}" is PCRE's, and the offset too)
later_case(re_run_bad_pattern) -> v(re:run("abc", id("[a")));
later_case(re_run_not_iodata) -> v(re:run(id(abc), "a"));
later_case(re_run_not_regexp) -> v(re:run("abc", id({x})));
later_case(re_run_forged) -> v(re:run("abc", id({re_pattern, 0, 0, 0, <<>>})));
later_case(re_run3_badopt) -> v(re:run("abc", "a", id([bad])));
later_case(re_compile_bad_pattern) -> v(re:compile(id("a{2,1}"), [bad]));
later_case(re_compile_badopt) -> v(re:compile("a", id([caseless | x])));
later_case(re_compile_not_iodata) -> v(re:compile(id(<<1:3>>), []));
later_case(re_compile1_not_iodata) -> v(re:compile(id(1.5)));
later_case(re_split_bad_subject) -> v(re:split(id([a]), "a"));
later_case(re_split3_badopt) -> v(re:split("abc", "b", id([{parts, x}])));
later_case(re_replace_bad_pattern) -> v(re:replace("abc", id("[a"), "x"));
later_case(re_replace_bad_replacement) -> v(re:replace("abc", "b", id(x)));
later_case(re_replace4_badopt) -> v(re:replace("abc", "b", "x", id([{return, x}])));
later_case(re_inspect_not_compiled) -> v(re:inspect(id("a"), namelist));
later_case(re_inspect_bad_item) -> v(re:inspect(id("a"), 42));
%% atomics, counters and persistent_term (erl_erts_errors): only what the
%% exception term says alone, as both sides format erl's term too, where
%% an atomics reference no longer refers to an array (format/exception.c's
%% unit tests take live ones)
later_case(atomics_new_badopt) -> v(atomics:new(id(0), [bad]));
later_case(atomics_new_limit) -> v(atomics:new(id(1 bsl 64), [x | y]));
later_case(atomics_new_notint) -> v(atomics:new(id(a), []));
later_case(atomics_info_bad) -> v(atomics:info(id(x)));
later_case(atomics_get_badref) -> v(atomics:get(id(make_ref()), 0));
later_case(atomics_cx_badref) -> v(atomics:compare_exchange(id(x), 1.0, a, 1 bsl 70));
later_case(atomics_sub_badarith) -> v(atomics:sub(id(x), a, b));
later_case(counters_new_badopt) -> v(counters:new(id(0), [atomics | x]));
later_case(counters_new_limit) -> v(counters:new(id(1 bsl 61), []));
later_case(counters_get_badref) -> v(counters:get(id({atomics, x}), a));
later_case(counters_add_badref) -> v(counters:add(id({write_concurrency, make_ref()}), 0, 1.5));
later_case(counters_info_bad) -> v(counters:info(id([])));
later_case(pterm_get_missing) -> v(persistent_term:get(id({?MODULE, missing}))).

deep(0) -> leaf;
deep(N) -> {N, [deep(N - 1)]}.

f1(a) -> ok.
f3(x, y, z) -> ok.
fg(N) when N > 0 -> N.

a1(N) -> v(a2(N + 1)).
a2(N) -> v(a3([N, N])).
a3(L) -> v(length(L) + hd(tl(tl(L)))).

d(0) -> v(erlang:error(deep_down));
d(N) -> v(d(N - 1)).

b1(L) -> v(lists:map(fun(X) -> v(b2(X)) end, L)).
b2(X) -> v(X + 1).

%% An error_info formatter for the given corpus (erlside.escript).
fmt_err(_Reason, [{_M, _F, _As, Info} | _]) ->
    #{error_info := Map} = maps:from_list([E || E = {error_info, _} <- Info]),
    maps:get(text, Map, #{}).

%% A new table named exc_tab (one from an earlier case goes first).
tab(Opts) ->
    catch ets:delete(exc_tab),
    ets:new(exc_tab, [named_table | Opts]).

%% A table holding objects.
table(Objects) ->
    T = tab([]),
    ets:insert(T, Objects),
    T.

%% A named table of another process (alive until the test's node ends).
other_table(Access) ->
    Me = self(),
    Name = list_to_atom("exc_" ++ atom_to_list(Access)),
    case ets:whereis(Name) of
        undefined ->
            spawn(fun() -> ets:new(Name, [Access, named_table]), Me ! made, receive never -> ok end end),
            receive made -> Name end;
        _ ->
            Name
    end.
