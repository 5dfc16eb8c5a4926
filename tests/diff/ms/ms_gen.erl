%% ms_gen.erl: ms_gen:main([File, N, Seed]) writes N match spec test cases
%% to File, each {Id, Term, Spec, trace | table} as <<Size:32,
%% (term_to_binary(Case))/binary>> (deep terms need no parser), for
%% ms_runner.erl to run through
%% erlang:match_spec_test/3 in erl and in dbgsh. Valid and invalid specs:
%% every guard function and trace action, bad guards and heads, unbound
%% variables, bad shapes, map patterns and constructions, nesting around
%% OTP 25's limits. The same seed gives the same file.
%%
%% Left out on purpose: maps of more than 32 keys (OTP 25 builds odd
%% terms for them), '$_' with no arguments (OTP 25 crashes), registered
%% names and {tracer, _} in trace actions (they depend on, or change, the
%% node), pids, refs and funs (they name this node's objects).
-module(ms_gen).
-export([main/1]).

main([File, N, Seed]) ->
    rand:seed(exsss, {Seed, 17, 4711}),
    Cases = fixed() ++ [random_case() || _ <- lists:seq(1, max(0, N - length(fixed())))],
    Numbered = lists:zip(lists:seq(1, length(Cases)), Cases),
    Records = [begin B = term_to_binary({I, T, S, K}), [<<(byte_size(B)):32>>, B] end
               || {I, {T, S, K}} <- Numbered],
    ok = file:write_file(File, Records),
    length(Cases).

%% ---- hand-picked cases -------------------------------------------------------

fixed() ->
    Guards = [is_atom, is_float, is_integer, is_list, is_number, is_pid, is_port, is_reference,
              is_tuple, is_map, is_binary, is_function, abs, hd, tl, length, size, map_size,
              bit_size, byte_size, round, trunc, float, '+', '-', 'bnot', 'not', node,
              is_boolean, tuple_size, ceil, floor, self, get_tcw, is_seq_trace, caller],
    Args = [1, -7, 3.5, 0.0, a, [], [1, 2], "ab", <<1, 2>>, <<1:3>>, {{1, 2}}, #{a => 1},
            12345678901234567890, true, false],
    Unary = [{[A], [{['$1'], [], [{message, {G, '$1'}}]}], trace}
             || G <- Guards, A <- Args],
    Binary = [{[A, B], [{['$1', '$2'], [], [{message, {G, '$1', '$2'}}]}], trace}
              || G <- ['+', '-', '*', '/', 'div', 'rem', 'band', 'bor', 'bxor', 'bsl', 'bsr',
                       '>', '>=', '<', '=<', '=:=', '==', '=/=', '/=', 'and', 'or', 'xor',
                       'andalso', 'orelse', andthen, element, map_get, is_map_key,
                       binary_part, is_function, is_record, max, min, node],
                 {A, B} <- [{1, 2}, {7, -2}, {2.5, 2}, {3, 0}, {1 bsl 62, 3}, {true, false},
                            {a, b}, {1, {{x, y}}}, {a, #{a => 1}}, {<<"abcd">>, {{1, 2}}},
                            {-1, 70}, {255, 1 bsl 70}, {1, 1.0}]],
    Ternary = [{[T, R, S], [{['$1', '$2', '$3'], [], [{message, {G, '$1', '$2', '$3'}}]}], trace}
               || G <- [is_record, binary_part, element, 'and', 'or'],
                  {T, R, S} <- [{{{a, 1}}, a, 2}, {{{a, 1}}, b, 2}, {<<"abcdef">>, 1, 2},
                                {<<"ab">>, 1, 5}, {true, true, false}, {{{a}}, a, 1}]],
    Actions = [{[1, 2], [{'_', [], B}], trace} || B <- action_bodies()],
    Table = [{T, S, table} || {T, S} <- table_cases()],
    Shapes = [{[a], S, trace} || S <- bad_shapes()] ++ [{{a}, S, table} || S <- bad_shapes()],
    Deep = [{[1], S, trace} || S <- deep_specs()],
    Unary ++ Binary ++ Ternary ++ Actions ++ Table ++ Shapes ++ Deep.

action_bodies() ->
    [[{return_trace}], [{exception_trace}], [{return_trace}, {exception_trace}],
     [{message, false}, {return_trace}], [{message, {caller}}], [{message, {caller_line}}],
     [{message, {self}}], [{message, {node}}], [{message, {get_tcw}}],
     [{message, {set_tcw, 5}}], [{message, {set_tcw, -1}}], [{message, {set_tcw, a}}],
     [{message, {is_seq_trace}}], [{message, {get_seq_token}}],
     [{message, {set_seq_token, label, 1}}], [{message, {set_seq_token, serial, 1}}],
     [{message, {set_seq_token, send, true}}], [{message, {set_seq_token, 'receive', true}}],
     [{message, {set_seq_token, print, true}}], [{message, {set_seq_token, bogus, true}}],
     [{message, {set_seq_token, timestamp, true}}], [{message, {set_seq_token, 1, true}}],
     [{message, {process_dump}}], [{silent, true}], [{silent, false}], [{message, {silent, x}}],
     [{message, {display, {{a, "s", 1.5, <<1>>, [1 | 2]}}}}], [{display, '$_'}], [{display, '$$'}],
     [{message, {enable_trace, call}}], [{message, {enable_trace, cpu_timestamp}}],
     [{message, {disable_trace, send}}], [{message, {enable_trace, bogus}}],
     [{message, {enable_trace, {self}, procs}}], [{message, {enable_trace, 7, procs}}],
     [{message, {disable_trace, {self}, bogus}}], [{message, {enable_trace, no_such_name_x, call}}],
     [{message, {trace, [], []}}], [{message, {trace, [call], [send]}}],
     [{message, {trace, [bogus], []}}], [{message, {trace, x, []}}],
     [{message, {trace, [cpu_timestamp], []}}], [{message, {trace, {self}, [call], []}}],
     [{message, {trace, 1, [], []}}], [{message, {trace, [call | x], []}}],
     [{message, {message, a}}], [{message, a}, {message, b}], [{message, {return_trace}}],
     [{message, '$_'}], [{message, '$$'}], [{message, [{{a}}, {const, '$1'}]}],
     [{message, {{}}}], [{message, {{{{}}}}}], [{message, {const, {{x}}}}],
     [{message, #{a => {{b}}}}], [{message, #{{{x}} => 1}}], [{message, #{{const, {{x}}} => 1}}],
     [{message, {{{hd, []}, 2}}}], [{message, {'and', true, foo}}], [{message, {'or', foo, true}}],
     [{message, {'andalso', true, foo}}], [{message, {'andalso', false, foo}}],
     [{message, {'orelse', false, foo}}], [{message, {'orelse', foo, true}}],
     [{message, {andthen, true, false}}], [{message, {'not', 1}}],
     [{message, {'+', {display, a}, {display, b}}}], [{message, {{{display, x}, {display, y}}}}],
     [{message, #{k1 => {display, v1}, k2 => {display, v2}}}],
     [{message, #{{display, k1} => 1, {display, k2} => 2}}]].

table_cases() ->
    [{{a, 1}, [{{'$1', '$2'}, [], ['$$']}]},
     {{a, 1}, [{{'$1', '$2'}, [], ['$_']}]},
     {{a, 1}, [{'$1', [], ['$1']}]},
     {{a, 1}, [{'_', [], [true]}]},
     {{a, 1}, [{'_', [], []}]},
     {{a, 1}, [{'_', [], x}]},
     {{a, 1}, [{{'$1', '_'}, [{is_atom, '$1'}], [{{'$1', ok}}]}]},
     {{a, 1}, [{{'$1', '_'}, [{is_integer, '$1'}], [{{'$1', ok}}]}, {'_', [], [other]}]},
     {{a, 1}, [{{'$1', '$1'}, [], [same]}, {{'_', '$1'}, [], ['$1']}]},
     {{a, 1}, [{'_', [], [{return_trace}]}]},
     {{a, 1}, [{'_', [], [{message, x}]}]},
     {{a, 1}, [{'_', [{get_tcw}], [x]}]},
     {{a, 1}, [{'_', [], [{set_tcw, 1}]}]},
     {{a, 1}, [{'_', [], [{caller}]}]},
     {{a, 1}, [{'_', [], [{self}]}]},
     {{a, 1}, [{'_', [], [{node}]}]},
     {{a, 1}, [{'_', [], [{hd, []}]}]},
     {{a, 1}, [{'_', [], [{display, x}]}]},
     {#{a => 1, b => 2}, [{#{a => '$1'}, [], ['$1']}]},
     {#{a => 1, b => 2}, [{#{c => '$1'}, [], ['$1']}]},
     {#{a => 1, b => 2}, [{#{'$1' => 1}, [], ['$1']}]},
     {#{a => 1, b => 2}, [{#{'_' => 1}, [], [x]}]},
     {#{a => {1, 2}}, [{#{a => {'$1', '$2'}}, [], [{{'$2', '$1'}}]}]},
     {[1, 2, 3], [{['$1' | '$2'], [], [{{'$1', '$2'}}]}]},
     {[1, 2, 3], [{[1, '_', '$3'], [], ['$3']}]},
     {1.0, [{1, [], [int]}, {1.0, [], [float]}]},
     {0.0, [{-0.0, [], [neg]}, {'_', [], [other]}]},
     {<<"bin">>, [{<<"bin">>, [], [yes]}]},
     {12345678901234567890, [{12345678901234567890, [], [big]}]},
     {{a, b}, [{{a, '$1'}, [{'=:=', '$1', b}], [{{'$1', '$_', '$$'}}]}]}].

bad_shapes() ->
    [x, [], [x], [{x, y}], [{x, [], [], z}], [{'$1', [], []} | x], [{'_', x, []}],
     [{'_', [x | y], []}], [{'_', [], x}], [{'_', [], [a | b]}], [{'_', [{foo}], [{bar}]}],
     [{'_', [], [{foo}, {bar}]}], [{'_', [], [{foo}]}, {'_', [], [{bar}]}],
     [{'_', [], []}, {'_', [], x}], [{[a | b], [], []}], [{[a | '_'], [], []}],
     [{a, [], []}], [{1, [], []}], [{#{a => '$1'}, [], []}], [{#{'$1' => a}, [], []}],
     [{{a}, [], []}], [{[#{'_' => 1}], [], []}], [{['$1'], [], ['$2']}],
     [{['$1'], [{'>', '$3', 1}], ['$2']}], [{'_', [], [{'$1'}]}], [{'_', [], [{}]}],
     [{'_', [], [{1, 2}]}], [{'_', [], [{const}]}], [{'_', [], [{const, 1, 2}]}],
     [{'_', [], [{'and'}]}], [{'_', [], [{'or'}]}], [{'_', [], [{'andalso'}]}],
     [{'_', [], [{'orelse'}]}], [{'_', [], [{andthen}]}], [{'_', [], [{self, 1}]}],
     [{'_', [], [{message}]}], [{'_', [], [{message, 1, 2}]}], [{'_', [], [{return_trace, 1}]}],
     [{'_', [], [{display}]}], [{'_', [], [{enable_trace}]}], [{'_', [], [{trace, 1}]}],
     [{'_', [], [{silent}]}], [{'_', [], [{set_seq_token, a}]}], [{'_', [], [{caller, 1}]}],
     [{'_', [], [{is_seq_trace, 1}]}], [{'_', [], [{process_dump, 1}]}],
     [{'_', [{message, a}], []}], [{'_', [{return_trace}], []}], [{'_', [{set_tcw, 1}], []}],
     [{'_', [{display, a}], []}], [{'_', [{set_seq_token, a, b}], []}], [{'_', [{silent, a}], []}],
     [{'_', [{'$1', 2}], []}], [{'_', [], ['$0']}], [{'$0', [], ['$0']}],
     [{['$4294967297'], [], [{message, '$1'}]}], [{['$2147483648'], [], []}],
     [{['$01', '$a', '$'], [], [{message, {{'$01', '$a', '$'}}}]}],
     [{'_', [], [{message, {const, lists:seq(1, 60), x}}]}],
     [{'_', [], [{const, "a\nb\"c", 'A b', 'a@b', '', {'_'}, 1.5e-7, <<"q\"x">>}]}],
     [{'_', [], [{1.0e300, [a | b], #{k => "v"}, <<1, 2:3>>, -12345678901234567890}]}]].

%% Nesting around OTP 25's limits: 3191 lists, 2279 {{}}, 1484 maps (values),
%% 1329 maps (keys), calls as lists.
deep_specs() ->
    Shapes = [{fun(X) -> [X] end, 3191}, {fun(X) -> {{X}} end, 2279},
              {fun(X) -> #{a => X} end, 1484}, {fun(X) -> #{X => '$1'} end, 1329},
              {fun(X) -> {hd, X} end, 3191}, {fun(X) -> [{{X}}] end, 1329},
              {fun(X) -> {'andalso', X, true} end, 3191}, {fun(X) -> [1, X] end, 1595}],
    [[{['$1'], Where, Body}]
     || {F, Max} <- Shapes, D <- [Max - 1, Max, Max + 1],
        {Where, Body} <- [{[], [{message, deep(D, '$1', F)}]}, {[deep(D, '$1', F)], []}]]
    ++ [[{[deep(5000, '$1', fun(X) -> [X] end)], [], []}],
        [{'_', [], [{message, {const, deep(5000, a, fun(X) -> [X] end)}}]}],
        [{'_', [], [{message, lists:seq(1, 3200)}]}]].

deep(0, X, _) -> X;
deep(N, X, F) -> deep(N - 1, F(X), F).

%% ---- random cases ---------------------------------------------------------------

random_case() ->
    case rand:uniform(10) of
        N when N =< 6 -> trace_case();
        N when N =< 8 -> table_case();
        _ -> broken_case()
    end.

trace_case() ->
    Args = [term(2) || _ <- lists:seq(1, rand:uniform(4))],
    Clauses = [trace_clause(Args) || _ <- lists:seq(1, rand:uniform(3))],
    {Args, Clauses, trace}.

trace_clause(Args) ->
    {Head, Vars} = case rand:uniform(8) of
                       1 -> {'_', []};
                       2 -> {'$1', ['$1']};
                       _ -> head_list(Args)
                   end,
    Guards = [guard(Vars, 3) || _ <- lists:seq(1, rand:uniform(3) - 1)],
    Body = [body(Vars, true) || _ <- lists:seq(1, rand:uniform(4) - 1)],
    {Head, Guards, Body}.

table_case() ->
    Obj = list_to_tuple([term(2) || _ <- lists:seq(1, rand:uniform(4))]),
    Clauses = [table_clause(Obj) || _ <- lists:seq(1, rand:uniform(3))],
    {Obj, Clauses, table}.

table_clause(Obj) ->
    {Head, Vars} = case rand:uniform(6) of
                       1 -> {'_', []};
                       2 -> {'$1', ['$1']};
                       _ -> pattern(Obj, 1, [])
                   end,
    Guards = [guard(Vars, 3) || _ <- lists:seq(1, rand:uniform(3) - 1)],
    Body = [body(Vars, false) || _ <- lists:seq(1, rand:uniform(3))],
    {Head, Guards, Body}.

%% A spec with one thing wrong somewhere (or several).
broken_case() ->
    {T, S, K} = case rand:uniform(2) of 1 -> trace_case(); 2 -> table_case() end,
    {T, break(S), K}.

break(Spec) ->
    case rand:uniform(9) of
        1 -> [{'_', [], [{pick([foo, bar, baz, is_boolean, tuple_size]), '$1'}]} | Spec];
        2 -> Spec ++ [{'_', [pick([{message, a}, {return_trace}, {display, x}, {caller}])], []}];
        3 -> [{'_', [{'>', '$9', 1}], []} | Spec];
        4 -> [{'_', [], [{pick([abs, hd, element, '+', self, node, 'not']), 1, 2, 3, 4}]} | Spec];
        5 -> Spec ++ [pick([x, {a, b}, {a, [], [], d}])];
        6 -> [{'_', pick([x, [a | b]]), []} | Spec];
        7 -> [{'_', [], [{pick(['and', 'or', 'andalso', 'orelse', const, message, silent, trace,
                                enable_trace, set_seq_token, display])}]} | Spec];
        8 -> [{'_', [], [{message, {{term(2), {pick([foo, bar]), '$1'}}}}, {pick([qux]), '$7'}]} | Spec];
        _ -> [{'_', [], [{const, term(3), term(2)}, {term(1), term(1)}]} | Spec]
    end.

%% ---- heads ------------------------------------------------------------------------

%% A head for these arguments: each a variable, '_', the value itself, or a
%% pattern of its shape; sometimes of the wrong length.
head_list(Args) ->
    Args1 = case rand:uniform(10) of 1 -> [x | Args]; _ -> Args end,
    {Pats, Vars} = lists:foldl(fun(A, {Ps, Vs}) ->
                                       {P, Vs1} = pattern(A, length(Ps) + 1 + length(Vs), Vs),
                                       {[P | Ps], Vs1}
                               end, {[], []}, Args1),
    {lists:reverse(Pats), lists:usort(Vars)}.

pattern(T, Seed, Vars) ->
    case rand:uniform(6) of
        1 -> {'_', Vars};
        2 when Vars =/= [] -> V = pick(Vars), {V, Vars}; % a repeated variable
        N when N =< 3 -> V = var(Seed), {V, [V | Vars]};
        4 -> {T, Vars};
        _ -> sub_pattern(T, Seed, Vars)
    end.

sub_pattern(T, Seed, Vars) when is_tuple(T) ->
    {Ps, Vs} = lists:foldl(fun(E, {Ps, Vs}) ->
                                   {P, Vs1} = pattern(E, Seed * 3 + length(Ps) + 1, Vs),
                                   {[P | Ps], Vs1}
                           end, {[], Vars}, tuple_to_list(T)),
    {list_to_tuple(lists:reverse(Ps)), Vs};
sub_pattern([H | T], Seed, Vars) ->
    {P1, V1} = pattern(H, Seed * 2, Vars),
    {P2, V2} = pattern(T, Seed * 2 + 1, V1),
    {[P1 | P2], V2};
sub_pattern(T, Seed, Vars) when is_map(T), map_size(T) > 0 ->
    Keys = [K || K <- maps:keys(T), rand:uniform(2) =:= 1],
    lists:foldl(fun(K, {M, Vs}) ->
                        {P, Vs1} = pattern(maps:get(K, T), Seed * 5 + map_size(M), Vs),
                        {M#{K => P}, Vs1}
                end, {#{}, Vars}, Keys);
sub_pattern(_T, Seed, Vars) ->
    V = var(Seed),
    {V, [V | Vars]}.

var(N) -> list_to_atom("$" ++ integer_to_list(N rem 40 + 1)).

%% ---- guards and bodies ------------------------------------------------------------

guard(Vars, D) ->
    case rand:uniform(5) of
        1 -> pick([true, false, {const, true}]);
        _ -> bool_expr(Vars, D)
    end.

bool_expr(Vars, D) ->
    case rand:uniform(9) of
        1 -> {pick(type_tests()), expr(Vars, D - 1)};
        2 -> {is_record, expr(Vars, D - 1), pick([a, b, {const, a}]), pick([1, 2, 3])};
        3 -> {pick(['and', 'or']), bool_expr(Vars, D - 1), bool_expr(Vars, D - 1)};
        4 -> {pick(['andalso', 'orelse']), bool_expr(Vars, D - 1), bool_expr(Vars, D - 1)};
        5 -> {'not', bool_expr(Vars, D - 1)};
        6 -> {'xor', bool_expr(Vars, D - 1), bool_expr(Vars, D - 1)};
        7 -> {is_map_key, expr(Vars, D - 1), expr(Vars, D - 1)};
        _ -> {pick(['>', '>=', '<', '=<', '=:=', '==', '=/=', '/=']), expr(Vars, D - 1), expr(Vars, D - 1)}
    end.

type_tests() ->
    [is_atom, is_float, is_integer, is_list, is_number, is_pid, is_port, is_reference,
     is_tuple, is_map, is_binary, is_function].

expr(Vars, D) when D =< 0 -> leaf(Vars);
expr(Vars, D) ->
    case rand:uniform(14) of
        1 -> {pick([abs, hd, tl, length, size, map_size, bit_size, byte_size, round, trunc,
                    float, '-', '+', 'bnot', node]), expr(Vars, D - 1)};
        2 -> {pick(['+', '-', '*', '/', 'div', 'rem', 'band', 'bor', 'bxor', 'bsl', 'bsr']),
              expr(Vars, D - 1), expr(Vars, D - 1)};
        3 -> {element, pick([1, 2, 3, expr(Vars, D - 1)]), expr(Vars, D - 1)};
        4 -> {map_get, expr(Vars, D - 1), expr(Vars, D - 1)};
        5 -> {binary_part, expr(Vars, D - 1), pick([0, 1, 2]), pick([0, 1, 2, -1])};
        6 -> {binary_part, expr(Vars, D - 1), {{pick([0, 1]), pick([1, 2])}}};
        7 -> {list_to_tuple([expr(Vars, D - 1) || _ <- lists:seq(1, rand:uniform(3))])};
        8 -> [expr(Vars, D - 1) || _ <- lists:seq(1, rand:uniform(3))];
        9 -> [expr(Vars, D - 1) | expr(Vars, D - 1)];
        10 -> maps:from_list([{pick([a, b, c, 1]), expr(Vars, D - 1)} || _ <- lists:seq(1, rand:uniform(3))]);
        11 -> {const, term(2)};
        12 -> pick([{self}, {node}, '$_', '$$', {get_tcw}]);
        _ -> bool_expr(Vars, D - 1)
    end.

leaf(Vars) ->
    case rand:uniform(10) of
        1 -> term(1);
        N when N =< 4; Vars =:= [] -> plain();
        _ -> pick(Vars)
    end.

%% A constant that is no variable, call or tuple.
plain() ->
    case atomic() of
        {} -> [];
        A when is_atom(A) -> case atom_to_list(A) of "$" ++ _ -> x; _ -> A end;
        A -> A
    end.

body(Vars, true) ->
    case rand:uniform(12) of
        1 -> {message, expr(Vars, 3)};
        2 -> pick([{return_trace}, {exception_trace}, {message, false}, {message, true}]);
        3 -> {silent, pick([true, false, expr(Vars, 1)])};
        4 -> {message, pick([{caller}, {caller_line}, {is_seq_trace}, {get_seq_token}, {self}])};
        5 -> {message, {set_tcw, pick([0, 1, 7, -1, a, 1 bsl 32, expr(Vars, 1)])}};
        6 -> {message, {pick([enable_trace, disable_trace]), pick([call, send, procs, bogus, cpu_timestamp, all])}};
        7 -> {message, {pick([enable_trace, disable_trace]), pick([{self}, 1, nosuchproc_q]), pick([call, bogus])}};
        8 -> {message, {trace, pick([[], [call], [bogus], x]), pick([[], [send, procs], [cpu_timestamp]])}};
        9 -> {message, {set_seq_token, pick([label, serial, send, print, bogus, 7]), expr(Vars, 1)}};
        _ -> expr(Vars, 3)
    end;
body(Vars, false) ->
    expr(Vars, 3).

%% ---- terms --------------------------------------------------------------------------

term(D) when D =< 0 -> atomic();
term(D) ->
    case rand:uniform(8) of
        1 -> list_to_tuple([term(D - 1) || _ <- lists:seq(1, rand:uniform(3) - 1)]);
        2 -> [term(D - 1) || _ <- lists:seq(1, rand:uniform(3) - 1)];
        3 -> maps:from_list([{atomic(), term(D - 1)} || _ <- lists:seq(1, rand:uniform(3) - 1)]);
        4 -> [term(D - 1) | atomic()];
        _ -> atomic()
    end.

atomic() ->
    case rand:uniform(12) of
        1 -> rand:uniform(200) - 100;
        2 -> pick([0, 1, 2, 3, -1, 255, 256, 1 bsl 59, -(1 bsl 59), 1 bsl 64, -(1 bsl 70)]);
        3 -> pick([1.0, -2.5, 0.5, 1.0e10, 3.0e-5, 2.0]);
        4 -> pick([a, b, c, true, false, 'Quoted', 'with space', '']);
        5 -> pick(["abc", "", "x\ny", [1000], "a\"b"]);
        6 -> pick([<<>>, <<"abc">>, <<1, 2, 3>>, <<7:3>>, <<"x\"y">>]);
        7 -> pick(['$1', '$2', '_', '$_', '$$']);
        8 -> [];
        9 -> {};
        _ -> rand:uniform(10)
    end.

pick(L) -> lists:nth(rand:uniform(length(L)), L).
