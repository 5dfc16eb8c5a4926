-module(erl_eval_exprs).
-export([main/0]).

%% erl_eval (differential): a table of expression texts, each scanned,
%% parsed and evaluated with erl_eval:exprs/2 (checked by erl_lint first)
%% in an empty orddict, then some with initial bindings, some with a map
%% as bindings, some with exprs/3 (no check) and with expr/2, expr_list/2.
%% Each prints {value, Value, SortedBindings} or {Class, Reason}. Stack
%% traces are never printed: a list of stack frames (in a catch result,
%% an exception reason or a binding) prints as '<stack>', and a fun made
%% by the evaluator prints as {'fun', Arity}.

main() ->
    [t(S) || S <- cases()],
    [t(S, Bs) || {S, Bs} <- with_bindings()],
    [tmap(S, Bs) || {S, Bs} <- map_cases()],
    [t3(S, Bs) || {S, Bs} <- unchecked()],
    [texpr(S) || S <- expr_cases()],
    [tlist(S) || S <- expr_list_cases()],
    auto_imported(),
    maybes(),
    odd_input(),
    ok.

%% maybe ... end (no syntax for it without the feature: the abstract
%% format is made here from parsed pieces).
e1(S) -> [E] = parse(S ++ "."), E.

mm(P, E) -> {maybe_match, 1, e1(P), e1(E)}.

maybes() ->
    Cl = fun(P, B) -> {clause, 1, [e1(P)], [], [e1(B)]} end,
    Cases =
        [{"maybe {ok, X} ?= {ok, 1}, X + 1 end",
          {'maybe', 1, [mm("{ok, X}", "{ok, 1}"), e1("X + 1")]}},
         {"maybe {ok, X} ?= error, X end",
          {'maybe', 1, [mm("{ok, X}", "error"), e1("X")]}},
         {"maybe {ok, X} ?= {ok, 2} end",
          {'maybe', 1, [mm("{ok, X}", "{ok, 2}")]}},
         {"maybe Y = 1, {ok, X} ?= {ok, Y}, {X, Y} end",
          {'maybe', 1, [e1("Y = 1"), mm("{ok, X}", "{ok, Y}"), e1("{X, Y}")]}},
         {"maybe {ok, X} ?= {error, e}, X else {error, E} -> {caught, E} end",
          {'maybe', 1, [mm("{ok, X}", "{error, e}"), e1("X")],
           {'else', 1, [Cl("{error, E}", "{caught, E}")]}}},
         {"maybe {ok, X} ?= {ok, 3}, X else _ -> no end",
          {'maybe', 1, [mm("{ok, X}", "{ok, 3}"), e1("X")],
           {'else', 1, [Cl("_", "no")]}}},
         {"maybe {ok, X} ?= other, X else {error, E} -> E end",
          {'maybe', 1, [mm("{ok, X}", "other"), e1("X")],
           {'else', 1, [Cl("{error, E}", "E")]}}},
         {"maybe 1 / 0 end",
          {'maybe', 1, [e1("1 / 0")]}}],
    [begin
         show("maybe exprs/3: ", S, run(fun() -> erl_eval:exprs([E], [], none) end)),
         show("maybe expr/5: ", S, run(fun() -> erl_eval:expr(E, [], none, none, none) end))
     end || {S, E} <- Cases],
    ok.

odd_input() ->
    show("odd: ", "exprs([], [])", run(fun() -> erl_eval:exprs([], []) end)),
    show("odd: ", "exprs([], [], none)", run(fun() -> erl_eval:exprs([], [], none) end)),
    show("odd: ", "expr(foo, [])", run(fun() -> erl_eval:expr(foo, []) end)),
    show("odd: ", "expr({atom, 1, a}, [])", run(fun() -> erl_eval:expr({atom, 1, a}, []) end)),
    show("odd: ", "expr({atom, 1, a}, #{})",
         run(fun() -> erl_eval:expr({atom, 1, a}, #{}) end)),
    show("odd: ", "expr({foo, 1}, [], none)",
         run(fun() -> erl_eval:expr({foo, 1}, [], none) end)),
    show("odd: ", "exprs([{var, 1, 'X'}], [{'X', 1}], none)",
         run(fun() -> erl_eval:exprs([{var, 1, 'X'}], [{'X', 1}], none) end)),
    ok.

%% Which unqualified calls the evaluator takes for auto-imported BIFs
%% (given to the non-local handler as {erlang, Name}) and which for local
%% functions (given to the local handler): nothing is called.
auto_imported() ->
    Lf = {value, fun(Name, _Args) -> {local, Name} end},
    Ef = {value, fun({erlang, Name}, _Args) -> {bif, Name};
                    (What, _Args) -> {other, What}
                 end},
    Call = fun(Prefix, Name, Arity) ->
                   Args = lists:join(", ", lists:duplicate(Arity, "a")),
                   S = io_lib:format("~s~p(~s).", [Prefix, Name, Args]),
                   {value, V, _} = erl_eval:exprs(parse(lists:flatten(S)), [], Lf, Ef),
                   V
           end,
    Auto = [{N, A, Call("", N, A)} || {N, A} <- auto_bifs()],
    io:format("auto-imported BIFs: ~p, taken for local functions: ~p~n",
              [length(Auto), [{N, A} || {N, A, V} <- Auto, V =/= {bif, N}]]),
    Other = [{N, A, Call("", N, A)} || {N, A} <- not_auto()],
    io:format("other erlang functions: ~p, taken for BIFs: ~p~n",
              [length(Other), [{N, A} || {N, A, V} <- Other, V =/= {local, N}]]),
    io:format("erlang:F calls: ~p~n",
              [[{N, A, Call("erlang:", N, A)}
                || {N, A} <- [{length, 1}, {display, 1}, {nosuch, 0}]]]).

not_auto() ->
    [{display, 1}, {append_element, 2}, {phash2, 1}, {fun_info, 2}, {get_stacktrace, 0},
     {memory, 0}, {system_info, 1}, {send, 2}, {raise, 3}, {make_fun, 3}, {timestamp, 0},
     {unique_integer, 0}, {monotonic_time, 0}, {system_time, 0}, {send_after, 3},
     {start_timer, 3}, {cancel_timer, 1}, {yield, 0}, {localtime, 0}, {universaltime, 0},
     {md5, 1}, {crc32, 1}, {adler32, 1}, {external_size, 1}, {insert_element, 3},
     {delete_element, 2}, {make_tuple, 2}, {trace, 3}, {max, 1}, {halt, 3}, {apply, 1},
     {apply, 4}, {length, 2}, {error, 4}, {hibernate, 3}, {is_builtin, 3}, {list_to_ref, 2},
     {atom_to_list, 2}, {bitsize, 2}, {nodes, 3}, {function_exported, 3}, {loaded, 0},
     {binary_to_list, 2}, {exit, 3}, {get_module_info, 1}, {dist_ctrl_get_data, 1},
     {port_info, 1}, {process_display, 2}, {read_timer, 1}, {suspend_process, 1},
     {'not', 1}, {'+', 2}, {is_record, 1}, {throw, 2}, {self, 1}, {date, 1}].

auto_bifs() ->
    [{abs, 1}, {abs, 1}, {alias, 0}, {alias, 1}, {apply, 2}, {apply, 3}, {atom_to_binary, 1},
     {atom_to_binary, 2}, {atom_to_list, 1}, {binary_part, 2}, {binary_part, 3},
     {binary_to_atom, 1}, {binary_to_atom, 2}, {binary_to_existing_atom, 1},
     {binary_to_existing_atom, 2}, {binary_to_integer, 1}, {binary_to_integer, 2},
     {binary_to_float, 1}, {binary_to_list, 1}, {binary_to_list, 3}, {binary_to_term, 1},
     {binary_to_term, 2}, {bitsize, 1}, {bit_size, 1}, {bitstring_to_list, 1}, {byte_size, 1},
     {ceil, 1}, {check_old_code, 1}, {check_process_code, 2}, {check_process_code, 3},
     {date, 0}, {delete_module, 1}, {demonitor, 1}, {demonitor, 2}, {disconnect_node, 1},
     {element, 2}, {erase, 0}, {erase, 1}, {error, 1}, {error, 2}, {error, 3}, {exit, 1},
     {exit, 2}, {float, 1}, {float_to_list, 1}, {float_to_list, 2}, {float_to_binary, 1},
     {float_to_binary, 2}, {floor, 1}, {garbage_collect, 0}, {garbage_collect, 1},
     {garbage_collect, 2}, {get, 0}, {get, 1}, {get_keys, 0}, {get_keys, 1},
     {group_leader, 0}, {group_leader, 2}, {halt, 0}, {halt, 1}, {halt, 2}, {hd, 1},
     {integer_to_binary, 1}, {integer_to_binary, 2}, {integer_to_list, 1},
     {integer_to_list, 2}, {iolist_size, 1}, {iolist_to_binary, 1}, {is_alive, 0},
     {is_process_alive, 1}, {is_atom, 1}, {is_boolean, 1}, {is_binary, 1}, {is_bitstring, 1},
     {is_float, 1}, {is_function, 1}, {is_function, 2}, {is_integer, 1}, {is_list, 1},
     {is_map, 1}, {is_map_key, 2}, {is_number, 1}, {is_pid, 1}, {is_port, 1},
     {is_reference, 1}, {is_tuple, 1}, {is_record, 2}, {is_record, 3}, {length, 1}, {link, 1},
     {list_to_atom, 1}, {list_to_binary, 1}, {list_to_bitstring, 1},
     {list_to_existing_atom, 1}, {list_to_float, 1}, {list_to_integer, 1},
     {list_to_integer, 2}, {list_to_pid, 1}, {list_to_port, 1}, {list_to_ref, 1},
     {list_to_tuple, 1}, {load_module, 2}, {make_ref, 0}, {map_size, 1}, {map_get, 2},
     {max, 2}, {min, 2}, {module_loaded, 1}, {monitor, 2}, {monitor, 3}, {monitor_node, 2},
     {node, 0}, {node, 1}, {nodes, 0}, {nodes, 1}, {nodes, 2}, {now, 0}, {open_port, 2},
     {pid_to_list, 1}, {port_to_list, 1}, {port_close, 1}, {port_command, 2},
     {port_command, 3}, {port_connect, 2}, {port_control, 3}, {pre_loaded, 0},
     {process_flag, 2}, {process_flag, 3}, {process_info, 1}, {process_info, 2},
     {processes, 0}, {purge_module, 1}, {put, 2}, {ref_to_list, 1}, {register, 2},
     {registered, 0}, {round, 1}, {self, 0}, {setelement, 3}, {size, 1}, {spawn, 1},
     {spawn, 2}, {spawn, 3}, {spawn, 4}, {spawn_link, 1}, {spawn_link, 2}, {spawn_link, 3},
     {spawn_link, 4}, {spawn_request, 1}, {spawn_request, 2}, {spawn_request, 3},
     {spawn_request, 4}, {spawn_request, 5}, {spawn_request_abandon, 1}, {spawn_monitor, 1},
     {spawn_monitor, 2}, {spawn_monitor, 3}, {spawn_monitor, 4}, {spawn_opt, 2},
     {spawn_opt, 3}, {spawn_opt, 4}, {spawn_opt, 5}, {split_binary, 2}, {statistics, 1},
     {term_to_binary, 1}, {term_to_binary, 2}, {term_to_iovec, 1}, {term_to_iovec, 2},
     {throw, 1}, {time, 0}, {tl, 1}, {trunc, 1}, {tuple_size, 1}, {tuple_to_list, 1},
     {unalias, 1}, {unlink, 1}, {unregister, 1}, {whereis, 1}].

%% ---------------------------------------------------------------------

parse(S) ->
    {ok, Toks, _} = erl_scan:string(S),
    {ok, Es} = erl_parse:parse_exprs(Toks),
    Es.

show(Label, S, R) ->
    io:format("~s~s~n    ~p~n", [Label, S, R]).

t(S) -> t(S, []).

t(S, Bs) ->
    Label = case Bs of
                [] -> "";
                _ -> io_lib:format("~p |- ", [Bs])
            end,
    show(Label, S, run(fun() -> erl_eval:exprs(parse(S), Bs) end)).

tmap(S, Bs) ->
    show(io_lib:format("map ~p |- ", [Bs]), S,
         run(fun() -> erl_eval:exprs(parse(S), Bs) end)).

t3(S, Bs) ->
    show(io_lib:format("exprs/3 ~p |- ", [Bs]), S,
         run(fun() -> erl_eval:exprs(parse(S), Bs, none) end)).

texpr(S) ->
    show("expr/2: ", S, run(fun() -> [E] = parse(S), erl_eval:expr(E, []) end)).

tlist(S) ->
    show("expr_list/2: ", S,
         try erl_eval:expr_list(parse(S), []) of
             {Vs, Bs} -> {Vs, bs(Bs)}
         catch
             C:R -> {C, clean(R)}
         end).

run(F) ->
    try F() of
        {value, V, Bs} when is_map(Bs) -> {value, clean(V), map, bs(Bs)};
        {value, V, Bs} -> {value, clean(V), bs(Bs)};
        Other -> {other, clean(Other)}
    catch
        C:R -> {C, clean(R)}
    end.

bs(Bs) ->
    [{K, clean(V)} || {K, V} <- lists:sort(erl_eval:bindings(Bs))].

%% Stack traces and the evaluator's funs out of a term.
clean({'EXIT', {R, []}}) -> {'EXIT', {clean(R), '<stack>'}};
clean([]) -> [];
clean(L) when is_list(L) ->
    case is_stack(L) of
        true -> '<stack>';
        false -> clean_list(L)
    end;
clean(T) when is_tuple(T) -> list_to_tuple([clean(X) || X <- tuple_to_list(T)]);
clean(M) when is_map(M) -> maps:from_list([{clean(K), clean(V)} || {K, V} <- maps:to_list(M)]);
clean(F) when is_function(F) ->
    case erlang:fun_info(F, type) of
        {type, external} -> F;
        _ -> {'fun', element(2, erlang:fun_info(F, arity))}
    end;
clean(X) -> X.

clean_list([H | T]) -> [clean(H) | clean_list(T)];
clean_list(T) -> clean(T).

is_stack([{M, F, _} | T]) when is_atom(M), is_atom(F) -> frames(T);
is_stack(L) -> L =/= [] andalso frames(L).

frames([{M, F, A, Info} | T]) when is_atom(M), is_atom(F), is_list(Info),
                                   (is_integer(A) orelse is_list(A)) ->
    frames(T);
frames([]) -> true;
frames(_) -> false.

%% ---------------------------------------------------------------------

cases() ->
    [%% arithmetic and operators
     "1 + 2 * 3 - 4 div 2 rem 3.",
     "7 / 2.",
     "-(3) + +(4).",
     "- 2.5 * 2.",
     "bnot 5.",
     "{5 band 3, 5 bor 3, 5 bxor 3, 1 bsl 10, 1024 bsr 3, -1 bsr 1}.",
     "1 div 0.",
     "1 rem 0.",
     "1.0 / 0.",
     "1 / 0.0.",
     "a + 1.",
     "- a.",
     "bnot 1.5.",
     "1.5 div 1.",
     "not true.",
     "not 3.",
     "{true and false, true or false, true xor true, false xor true}.",
     "true and 3.",
     "3 or true.",
     "true andalso 3.",
     "false andalso 3.",
     "false andalso (1 / 0).",
     "3 andalso true.",
     "false orelse foo.",
     "true orelse (1 / 0).",
     "foo orelse true.",
     "X = 1, X > 0 andalso X < 2.",
     "{1 == 1.0, 1 =:= 1.0, 1 /= 1.0, 1 =/= 1.0, 1 < a, a > 1, [] >= {}, 2 =< 2}.",
     "{[1,2] ++ [3], [1,2,3,2] -- [2], \"ab\" ++ \"cd\"}.",
     "a ++ b.",
     "[1 | a] ++ [2].",
     "[1] -- a.",
     "16#FF + 2#101 + $a.",
     "1 + 2, 3 + 4.",
     "(1 + 2) * 3.",
     %% variables and matching
     "X = 5, X * X.",
     "X = 5, X = 6.",
     "X = Y = 3, {X, Y}.",
     "Y.",
     "{A, A} = {1, 2}.",
     "{A, A} = {1, 1}.",
     "{A = 1, A = 2}.",
     "{A = 1, A = 1}.",
     "[A = 1 | A = 2].",
     "{A = 1, B = 2, A + B}.",
     "{X = 1, Y = X}.",
     "X = {a, [1,2|b], \"str\", 1.5, <<>>}.",
     "[H | T] = \"abc\", {H, T}.",
     "[_, _ | T] = [1, 2, 3, 4], T.",
     "\"ab\" ++ T = \"abcd\", T.",
     "\"ab\" ++ T = \"xbcd\".",
     "[$a, $b | T] = \"abc\", T.",
     "\"\" ++ T = \"x\", T.",
     "-1 = 0 - 1.",
     "- 1 = -1, +2 = 2, 3 * 2 = 6.",
     "{-1.5, - 2} = {-1.5, -2}.",
     "1.0 = 1.",
     "{a, _, _} = {a, b}.",
     "[] = [a].",
     "\"abc\" = [$a, $b, $c].",
     "_ = 1.",
     "{_, _X} = {1, 2}, _X.",
     %% case, if, try, catch, begin
     "case 3 of 1 -> one; N when N > 2 -> {big, N} end.",
     "case x of y -> 1 end.",
     "case {1, 2} of {A, B} when A < B -> A + B end.",
     "case 1 of X when X > 0; X < -10 -> pos; _ -> other end.",
     "case [1, 2] of [H | _] = L -> {H, L} end.",
     "case 1 of 1 -> Y = one; _ -> Y = other end, Y.",
     "case 1 of 1 -> Y = one; 2 -> ok end, Y.",
     "if 1 > 2 -> a; true -> b end.",
     "if 1 > 2 -> a end.",
     "if 1 / 0 > 2 -> a; true -> b end.",
     "if hd([]) -> a; true -> b end.",
     "X = 3, if X > 2, X < 4 -> three; true -> other end.",
     "X = 3, if X > 5; X =:= 3 -> yes end.",
     "try 1 of 1 -> one catch _:_ -> err end.",
     "try 2 of 1 -> one catch _:_ -> err end.",
     "try throw(x) catch throw:X -> {caught, X} end.",
     "try throw(x) catch x -> default_is_throw end.",
     "try error(x) catch error:X:Stk -> {X, is_list(Stk)} end.",
     "try exit(x) catch Class:Reason -> {Class, Reason} end.",
     "try error({a, b}) catch error:{a, B} -> B end.",
     "try 1 after put(aft, yes) end, erase(aft).",
     "{catch (try error(x) after put(aft, 1) end), erase(aft)}.",
     "try try throw(a) catch throw:a -> throw(b) end catch throw:B -> {outer, B} end.",
     "try try error(a) catch throw:_ -> inner end catch error:E -> {outer, E} end.",
     "try error(a) catch throw:_ -> no end.",
     "try X = 1, X + 1 of Y -> {X, Y} catch _ -> no end.",
     "try 1 / 0 catch error:badarith -> arith end.",
     "try error(x) catch error:x when false -> no; error:x -> yes end.",
     "try throw(1) of _ -> no catch throw:N when N > 0 -> pos end.",
     "try erlang:raise(exit, r, []) catch C:R -> {C, R} end.",
     "try erlang:raise(foo, r, []) catch C:R -> {C, R} end.",
     "catch throw(a).",
     "catch exit(b).",
     "catch error(c).",
     "catch 1 + a.",
     "catch 1 + 2.",
     "catch X = 1.",
     "catch (X = 1), X.",
     "catch case 1 of 2 -> a end.",
     "begin X = 1, Y = X + 1, {X, Y} end.",
     "begin end_ = 1, ok end.",
     %% list comprehensions
     "[X * 2 || X <- [1, 2, 3]].",
     "[{X, Y} || X <- [1, 2], Y <- [a, b]].",
     "[X || X <- [1, 2, 3, 4, 5], X rem 2 =:= 1].",
     "[X || X <- [1, a, 2, b], is_integer(X)].",
     "[X || X <- [1, 2, 3], X > 1, X < 3].",
     "[X || {X, 1} <- [{a, 1}, {b, 2}, c, {d, 1}]].",
     "[X || X <- [1, 2, 3], lists:member(X, [2, 3])].",
     "[X || X <- [1, 2], foo].",
     "[X || X <- [1, 2], hd([X]) > 1].",
     "[X || X <- [1, 2], lists:nth(1, [x])].",
     "[X || X <- [a, 1], X + 1 > 1].",
     "[X || X <- [a, 1], element(1, {X + 1}) > 1].",
     "[X || X <- a].",
     "[X || X <- [1 | a]].",
     "[Y || X <- [1, 2], Y <- [X, X * 10]].",
     "X = 5, [X || X <- [1, 2]].",
     "Y = 1, [X || X <- [1, 2], X =:= Y].",
     "[X || X <- [1, 2], Y <- [X], Y > 1].",
     "[[] || _ <- [1, 2]].",
     "[X || X <- []].",
     "[X || X <- [1, 2], (X > 1) orelse false].",
     %% binary generators and comprehensions
     "[X || <<X>> <= <<1, 2, 3>>].",
     "[{A, B} || <<A:4, B:4>> <= <<16#12, 16#34>>].",
     "<< <<X, X>> || X <- [1, 2, 3] >>.",
     "<< <<(X + 1)>> || <<X>> <= <<1, 2, 3>>, X =/= 2 >>.",
     "<< <<X:3>> || X <- [1, 2, 3] >>.",
     "[X || <<X:8>> <= <<1, 2, 3:4>>].",
     "[X || <<X:16>> <= <<1, 2, 3>>].",
     "[X || <<1:8, X:8>> <= <<1, 2, 3, 4, 1, 5>>].",
     "[X || <<X>> <= notbin].",
     "<< X || X <- [1] >>.",
     "<< <<X>> || X <- [1, 2], X > 1 >>.",
     "[B || <<B:2/binary>> <= <<\"abcde\">>].",
     "[{N, C} || <<N:8, C:N/binary>> <= <<1, $a, 2, $b, $c>>].",
     "[X || <<X/utf8>> <= <<\"h\\x{100}\"/utf8>>].",
     "[X || <<\"a\", X>> <= <<\"axbyaz\">>].",
     %% binaries
     "<<1, 2, 3>>.",
     "<<256:16, -1:8/signed, 1:16/little, 1:16/big>>.",
     "<<1:4, 2:4>>.",
     "<<1:3>>.",
     "<<1.5/float, 2.0:32/float, 1.0:16/float>>.",
     "<<1.5:64/float-little, 1:32/float-big>>.",
     "<<\"abc\">>.",
     "<<\"abc\":16>>.",
     "<<\"ab\"/utf8, \"\\x{100}\"/utf8>>.",
     "<<\"\\x{100}\">>.",
     "<<$a/utf8, 16#1F600/utf8, 16#100/utf16, 16#100/utf16-little, 16#41/utf32>>.",
     "<<16#41/utf32-little, 16#10000/utf16>>.",
     "<<X:8, Y/binary>> = <<1, 2, 3>>, {X, Y}.",
     "<<N:8, X:N/binary, R/binary>> = <<2, 10, 20, 30>>, {N, X, R}.",
     "<<X:4/unit:8>> = <<0, 0, 1, 0>>, X.",
     "<<A:8/signed, B:16/little, C:8/native>> = <<255, 1, 0, 7>>, {A, B, C}.",
     "<<A:4/signed-little-unit:4>> = <<255, 254>>, A.",
     "<<F:32/float>> = <<1.5:32/float>>, F.",
     "<<F:16/float>> = <<1.5:16/float>>, F.",
     "<<F/float>> = <<2.5/float>>, F.",
     "<<F:32/float>> = <<127, 255, 255, 255>>.",
     "<<U/utf8, R/binary>> = <<\"\\x{100}abc\"/utf8>>, {U, R}.",
     "<<U/utf16-little>> = <<1, 0>>, U.",
     "<<U/utf32>> = <<0, 0, 0, 65>>, U.",
     "<<\"ab\", R/binary>> = <<\"abcd\">>, R.",
     "<<\"ab\", R/binary>> = <<\"xbcd\">>.",
     "<<X:8>> = <<1, 2>>.",
     "<<X:8>> = 5.",
     "<<X/binary, Y/binary>> = <<1>>.",
     "<<a:8>>.",
     "<<1:(-1)>>.",
     "<<(1.5):8>>.",
     "<<<<1:1>>/binary>>.",
     "<<1:8/float>>.",
     "<<1:1/binary>>.",
     "<<(-2):8/unsigned, 0>>.",
     "<<a:8, (1 / 0):8>>.",
     "<<16#110000/utf8>>.",
     "<<a/utf8>>.",
     "X = 3, <<X:X>>.",
     "S = 2, <<1:S/unit:8>>.",
     "<<X:2/binary-unit:4>> = <<1>>, X.",
     "<<B/bits>> = <<1:3>>, B.",
     "<<B/binary>> = <<1:3>>.",
     "<<X:(1 + 7)>> = <<9>>, X.",
     "Sz = 8, <<X:Sz>> = <<9>>, X.",
     "<<X:8, X:8>> = <<7, 7>>, X.",
     "<<X:8, X:8>> = <<7, 8>>.",
     "B = <<1, 2>>, <<B/binary, B:1/binary>>.",
     "<<(<<1:1>>)/bitstring, 1:7>>.",
     "<<1:64/integer-unit:2>>.",
     %% maps
     "#{a => 1, b => 2}.",
     "M = #{a => 1}, M#{a := 2, b => 3}.",
     "M = #{a => 1}, M#{b := 2}.",
     "X = 1, X#{a => 1}.",
     "X = 1, X#{a := 1}.",
     "#{a := X} = #{a => 1, b => 2}, X.",
     "#{a := X} = #{b => 2}.",
     "#{a := X} = foo.",
     "K = k, #{K := V} = #{k => v}, V.",
     "#{} = #{a => 1}.",
     "#{{a, 1} => x, [1] => y, 1.0 => f, 1 => i}.",
     "(#{a => 1})#{a => 2}.",
     "#{a => 1, a => 2}.",
     "M = #{}, M#{x := 1}.",
     "#{(X = 1) => X}.",
     "#{a := 1, b := B} = #{a => 1, b => 2}, B.",
     "#{a := 2} = #{a => 1}.",
     "M = #{a => 1}, #{a := V} = M, {V, map_size(M)}.",
     "maps:get(a, #{a => 1}).",
     "#{a => 1}#{a := 1, a := 2}.",
     %% funs and calls
     "F = fun(X) -> X * 2 end, F(21).",
     "F = fun(0) -> zero; (N) when N > 0 -> pos; (_) -> neg end, {F(0), F(5), F(-5)}.",
     "Y = 10, F = fun(X) -> X + Y end, F(1).",
     "F = fun() -> ok end, F().",
     "F = fun(A, B, C) -> A + B + C end, F(1, 2, 3).",
     "F = fun(X) -> X end, F(1, 2).",
     "F = fun(0) -> zero end, F(1).",
     "Fact = fun Fact(0) -> 1; Fact(N) -> N * Fact(N - 1) end, Fact(20).",
     "F = fun L([]) -> 0; L([_ | T]) -> 1 + L(T) end, F([a, b, c]).",
     "F = fun G() -> G end, is_function(F()).",
     "F = fun G(X) when X > 0 -> G(X - 1); G(X) -> X end, F(5).",
     "F = fun G(0) -> 0 end, F(1).",
     "F = fun G(X) -> X end, F(1, 2).",
     "F = fun lists:reverse/1, F([1, 2, 3]).",
     "F = fun erlang:length/1, F([1, 2]).",
     "M = lists, F = fun M:seq/2, F(1, 3).",
     "fun foo/1.",
     "F = fun(X) -> X end, {is_function(F, 1), is_function(F, 2)}.",
     "X = 1, F = fun(X) -> X end, F(2).",
     "X = 1, F = fun(Y) when Y > X -> big; (_) -> small end, {F(0), F(5)}.",
     "X = 1, F = fun() -> X = 2 end, F().",
     "F = fun(X) -> Y = X + 1, Y end, F(1).",
     "F = fun(X, Y) -> {X, Y} end, apply(F, [1, 2]).",
     "apply(lists, reverse, [[1, 2]]).",
     "apply(fun(X) -> X end, [1, 2]).",
     "erlang:apply(lists, seq, [1, 3]).",
     "erlang:apply(fun(X) -> X + 1 end, [1]).",
     "apply(erlang, apply, [lists, seq, [1, 2]]).",
     "{length([1, 2]), erlang:length([1, 2, 3])}.",
     "self() =:= erlang:self().",
     "element(2, {a, b}).",
     "element(3, {a, b}).",
     "atom_to_list(abc).",
     "lists:seq(1, 5).",
     "lists:nosuch(1).",
     "nosuchmod:f().",
     "foo(1).",
     "X = lists, X:reverse([1, 2]).",
     "X = foo, X:bar().",
     "F = {lists, reverse}, F([1]).",
     "F = 3, F().",
     "(fun() -> 1 end)().",
     "(fun(X) -> X end)(1, 2).",
     "F = fun(X) -> fun(Y) -> X + Y end end, (F(1))(2).",
     "lists:map(fun(X) -> X + 1 end, [1, 2, 3]).",
     "lists:foldl(fun(X, A) -> X + A end, 0, [1, 2, 3]).",
     "lists:map(fun(X) -> 1 / X end, [1, 0]).",
     "erlang:'+'(1, 2).",
     "erlang:is_integer(1).",
     "M = erlang, F = length, M:F([1]).",
     "{erlang, length}([1]).",
     "fun(A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,"
     " A18, A19, A20) -> A20 end(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,"
     " 17, 18, 19, 20).",
     "fun(A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,"
     " A18, A19, A20, A21) -> A21 end.",
     "fun F(A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,"
     " A18, A19, A20, A21) -> F end.",
     %% records
     "#r{a = 1}.",
     "X = 1, X#r.a.",
     "#r.a.",
     %% guards
     "case 5 of X when is_integer(X), X > 3 -> yes; _ -> no end.",
     "case a of X when is_atom(X); is_integer(X) -> yes end.",
     "case 5 of X when X > 10; X < 6 -> yes end.",
     "case {} of X when tuple_size(X) =:= 0 -> empty end.",
     "case [1] of X when length(X) > 0, hd(X) =:= 1 -> ok end.",
     "case a of X when X + 1 > 0 -> yes; _ -> guard_false end.",
     "case a of X when X + 1 > 0; true -> second end.",
     "case 1 of X when erlang:is_integer(X) -> yes end.",
     "case 3 of X when X rem 2 =:= 1 andalso X > 2 -> yes end.",
     "case 3 of X when not is_atom(X) -> yes end.",
     "case 3 of X when integer(X) -> old end.",
     "case 3 of X when is_function(X) orelse X > 1 -> yes end.",
     "case {a, 1} of {A, N} when is_atom(A), is_integer(N) ; N =:= 0 -> ok end.",
     "case 1 of X when true -> t end.",
     "case 1 of X when X -> t; _ -> f end.",
     "case true of X when X -> t; _ -> f end.",
     "case self() of P when is_pid(P), node(P) =:= node() -> local end.",
     "case 2.0 of X when float(X) -> fl end.",
     "case <<1>> of B when byte_size(B) == 1, is_binary(B) -> bin end.",
     "case #{a => 1} of M when map_size(M) =:= 1, is_map_key(a, M) -> m end.",
     "case #{a => 1} of M when map_get(a, M) =:= 1 -> m end.",
     "case #{} of M when map_get(a, M) =:= 1 -> m; _ -> no end.",
     "case 1 of X when is_record(X, r, 2) -> rec; _ -> no end.",
     "case {r, 1} of X when is_record(X, r, 2) -> rec; _ -> no end.",
     "case [] of X when X == [] -> e end.",
     "case 1 of X when abs(X) > 0, float(X) > 0.5 -> ok end.",
     "case 1 of X when is_function(X, 1) -> f; _ -> nf end.",
     "if 0 -> a; true -> b end.",
     "if true, false; true -> b end.",
     "if element(1, {true}) -> first end.",
     %% more edges
     "2 * 1.5e308.",
     "1 bsl 100.",
     "\"a\" < \"b\".",
     "[$a | \"bc\"].",
     "X = (catch 1), X.",
     "catch exit(normal).",
     "catch throw({'EXIT', x}).",
     "catch (try error(x) after throw(y) end).",
     "try 1 after 2 end.",
     "try 1 of X -> X after ok end.",
     "try error(x) catch C:_ when C == error -> e end.",
     "X = 1, [Y || {X, Y} <- [{1, a}, {2, b}]].",
     "X = 1, [Y || <<X, Y>> <= <<1, 2, 3, 4>>].",
     "N = 4, [X || <<X:N>> <= <<1:4, 2:4>>].",
     "[Y || X <- [1, 2, 3], (Y = X * 2) > 2].",
     "[[Y || Y <- [X]] || X <- [1, 2]].",
     "[X || X <- [a, 1], atom_to_list(X) =:= \"a\"].",
     "[X || X <- [a, 1], is_atom(X), atom_to_list(X) =:= \"a\"].",
     "[X || X <- [1, a], integer(X)].",
     "[X || X <- [1, a], erlang:is_integer(X)].",
     "B = true, [X || X <- [1], B].",
     "[X || X <- [1, 2], true, not false].",
     "[X || X <- [1, 2], is_integer(X) andalso X > 1].",
     "[X || X <- [{r}, {s}], is_record(X, r)].",
     "[X || X <- [1, 2], X =:= lists:max([X, 2])].",
     "case a of X when (X + 1 > 0) andalso true -> y; _ -> n end.",
     "case 1 of X when X > 0 orelse (1 / 0) -> ok end.",
     "case 1 of X when is_map_key(a, X) -> y; _ -> n end.",
     "X = 1, case 2 of Y when Y > X -> gt end.",
     "X = 1, case 1 of X -> same; _ -> differ end.",
     "X = 1, case 2 of X -> same; _ -> differ end.",
     "case [1] of L when erlang:length(L) == 1 -> ok end.",
     "<<\"a\"/float>>.",
     "<<\"abc\"/little-utf16>>.",
     "<<\"abc\":4>>.",
     "<<\"\":8/float>>.",
     "<<\"ab\":16, R/binary>> = <<0, 97, 0, 98, 1>>, R.",
     "<<1/float>> = <<1.0/float>>.",
     "<<1:32/float>> = <<1.0:32/float>>.",
     "<<-1:8/signed, 0>> = <<255, 0>>.",
     "<<(1 + 1):8>> = <<2>>.",
     "<<(X = 8):8, 1:X>>.",
     "<<1/binary>>.",
     "X = <<1:3>>, <<X/binary>>.",
     "X = <<>>, <<X:1/bits>>.",
     "<<(<<1, 2>>):3/binary>>.",
     "<<1.0e300:32/float>>.",
     "<<(1 bsl 2000):64/float>>.",
     "<<1.0:2/float-unit:16>>.",
     "<<1:12/little>>.",
     "X = 1.5, <<1:X>>.",
     "<<X:8/utf8>> = <<1>>.",
     "<<X/bad_type>> = <<1>>.",
     "<<X/binary-integer>> = <<1>>.",
     "<<X:(-8)>> = <<1>>.",
     "#{a := 1}.",
     "#{1 + 1 := X} = #{2 => a}, X.",
     "#{}#{a := 1, b := 2}.",
     "X = 1, X#{a => 1 / 0}.",
     "_ + 1.",
     "fun() -> X end.",
     "fun F() -> F end, F.",
     "[X || X <- [1]], X.",
     "if X = 1 -> ok end.",
     "receive after X -> ok end.",
     "fun(X, X) -> X end(1, 1).",
     "fun(X, X) -> X end(1, 2).",
     "fun M:F/A.",
     "X = 1, fun(Y) -> X = Y end(2).",
     "fun({a, X}) -> X end({a, 1}).",
     "F = fun erlang:'+'/2, F(1, 2).",
     "F = fun lists:nosuch/1, F(1).",
     "apply(1, f, []).",
     "apply(lists, reverse, notalist).",
     "{lists}:reverse([1]).",
     "erlang:foo().",
     "length(a).",
     "erlang:length(a, b).",
     "foo(1 / 0).",
     "lists:reverse(1 / 0).",
     "N = 3, F = fun G(0) -> N; G(K) -> G(K - 1) end, F(5).",
     "F = 1, G = fun F(0) -> done; F(N) -> F(N - 1) end, G(3).",
     "fun F(F) -> F end(1).",
     "F = fun(X) -> G = fun(Y) -> X + Y end, G(1) end, F(1).",
     "X = 1, F = fun() -> Y = 2 end, Z = F(), {X, Z}.",
     "is_pid(spawn(fun() -> ok end)).",
     "erlang:error(foo).",
     "erlang:throw(x).",
     "exit(foo).",
     "error(foo, [1]).",
     "throw(1), 2.",
     %% checked by erl_lint
     "X.",
     "1 = X.",
     "case 1 of X when foo(X) -> 1 end.",
     "case 1 of X when lists:member(X, []) -> 1 end.",
     "f() = 1.",
     "<<X:Y>> = <<1>>.",
     "[X || X <- [1], Y].",
     "try 1 catch _:_:S -> S end, S.",
     "#{X => 1} = #{}.",
     "case a of a -> Z = 1; b -> ok end, Z.",
     "fun(X) -> Z = X end, Z.",
     "receive X -> X after 0 -> Y = 1 end, Y.",
     "X = 1, Y = 2, [X, Y | Z].",
     "try ok catch error:E:E -> E end.",
     "{A, B, C}.",
     "X + Y.",
     "Y = X + Z.",
     "<<X:foo>> = <<1>>.",
     "<<X:1.5>> = <<1>>.",
     "<<1:4/utf8>>.",
     "<<\"a\"/binary>>.",
     "<<X:X>> = <<1>>.",
     "[X || X <- [1]] = [1].",
     "X + 1 = 2.",
     "A = 1, A + 1 = 2.",
     "#{a => 1} = #{}.",
     "#{X := 1} = #{}.",
     "case 1 of X when erlang:foo(X) -> a end.",
     "case 1 of X when (X = 1) -> a end.",
     "case 1 of X when [Y || Y <- X] -> a end.",
     "case 1 of X when is_integer(X, 1) -> a end.",
     "try 1 of X -> X catch _ -> Y = 1 end, Y.",
     "fun(X) -> X end = 1.",
     "<<X:8/bits-unit:8>> = <<1>>.",
     "<<1:8/unit:300>>.",
     "<<X/float-unit:3>> = <<1>>.",
     "<<X:8/binary-little>> = <<1>>.",
     "<<X:8, Y:X/binary, Z:Y>> = <<1, 2>>.",
     "{put(k, 1), put(k, 2), erase(k)}.",
     "[put(k, a) | put(k, b)], erase(k).",
     "put(k, a) =:= put(k, b), erase(k).",
     "M = #{put(k, a) => put(k, b)}, erase(k).",
     "F = fun(_, _) -> ok end, F(put(k, a), put(k, b)), erase(k).",
     "lists:member(put(k, a), [put(k, b)]), erase(k).",
     "begin put(k, 0), <<(put(k, 1)):8, (put(k, 2)):8>> end.",
     "put(k, 0), M = #{a => 1}, M#{a := put(k, 1), b => put(k, 2)}.",
     "$a.",
     "N = 8, F = fun(<<X:N>>) -> X end, F(<<5>>).",
     "F = fun(N, <<X:N>>) -> X end, F(8, <<5>>).",
     "case {8, <<5>>} of {N, <<X:N>>} -> X end.",
     "{N, <<X:N>>} = {8, <<5>>}, X.",
     "<<N:8, X:N>> = <<8, 5>>, X.",
     "K = a, F = fun(#{K := V}) -> V end, F(#{a => 1}).",
     "{K, #{K := V}} = {a, #{a => 1}}.",
     "1.0e10.",
     "\"a\\tb\\n\".",
     "'hello world'."
    ].

with_bindings() ->
    [{"X + 1.", [{'X', 5}]},
     {"X = 5.", [{'X', 5}]},
     {"X = 6.", [{'X', 5}]},
     {"Y = X, {X, Y}.", [{'X', 5}]},
     {"F(2).", [{'F', fun(X) -> X * 3 end}]},
     {"[X || X <- L, X > 1].", [{'L', [1, 2, 3]}]},
     {"<<X:N>> = B, X.", [{'B', <<1, 2>>}, {'N', 16}]},
     {"#{K := V} = M, V.", [{'K', a}, {'M', #{a => 1}}]},
     {"X = Y.", [{'X', 1}, {'Y', 1}]},
     {"{X, Y}.", [{'Y', 2}, {'X', 1}]},
     {"try error(x) catch _:_:S -> caught end.", [{'S', 1}]},
     {"Z = 1.", [{"notatom", 1}]}
    ].

map_cases() ->
    [{"X = 1, Y = X + 1.", #{}},
     {"{A = 1, A = 2}.", #{}},
     {"[A = 1 | A = 2].", #{}},
     {"{A = 1, B = 2}.", #{}},
     {"F = fun(X) -> X + 1 end, F(1).", #{}},
     {"X.", #{}},
     {"case 1 of X -> X end.", #{}},
     {"[X || X <- [1, 2]].", #{}},
     {"<<N:8, B:N/binary>> = <<2, 1, 2>>.", #{}},
     {"try throw(t) catch T -> T end.", #{}},
     {"X + 1.", #{'X' => 5}},
     {"X = 6.", #{'X' => 5}},
     {"F = fun(Y) -> X + Y end, F(1).", #{'X' => 5}},
     {"#{a := V} = #{a => 1}.", #{}},
     {"catch (X = 1).", #{}},
     {"[X | Y] = [1, 2].", #{}}
    ].

unchecked() ->
    [{"X.", []},
     {"X + 1.", []},
     {"f() = 1.", []},
     {"case 1 of X when foo(X) -> 1 end.", []},
     {"case 1 of X when lists:member(X, [1]) -> 1 end.", []},
     {"#r{a = 1}.", []},
     {"foo(1).", []},
     {"fun foo/1.", []},
     {"<<X:Y>> = <<1>>.", []},
     {"{<<X:Y>>} = {<<1>>}.", []},
     {"#{a => X} = #{a => 1}.", []},
     {"try 1 catch _:_:S -> 1 end.", [{'S', 1}]},
     {"X = 1, X = 2.", []},
     {"case 1 of 1 -> Y = one; 2 -> ok end, Y.", []},
     {"[X || X <- [1], Y].", []},
     {"case 1 of X when X; 1 -> a end.", []},
     {"[X || X <- [1, 2], foo(X)].", []},
     {"receive f() -> 1 after 0 -> t end.", []},
     {"fun(X) -> foo(X) end(1).", []},
     {"#{X => 1} = #{1 => 1}, X.", []},
     {"#{(X = 1) => X}.", []},
     {"case 1 of _ when 1 -> a; _ -> b end.", []},
     {"[X || X <- Y].", []},
     {"#r.a.", []},
     {"X = 1, X#r.a.", []},
     {"X = 1, X#r{a = 2}.", []},
     {"{X = 1, X = 2}.", []},
     {"fun(X) -> Y end(1).", []},
     {"[X || X <- [1, 2], Z].", []},
     {"case 1 of X when Y -> a; _ -> b end.", []},
     {"case 1 of X when X == Y -> a; _ -> b end.", []},
     {"<<X:Y>> = <<1>>.", [{'Y', 8}]},
     {"try throw(a) catch X:Y:Z -> {X, Y} end, Z.", []},
     {"case {r} of X when record(X, r) -> y end.", []},
     {"#{X := 1} = #{1 => 1}.", []},
     {"{K, #{K := V}} = {a, #{a => 1}}.", []},
     {"F = fun(N, <<X:N>>) -> X end, F(8, <<5>>).", []},
     {"case {8, <<5>>} of {N, <<X:N>>} -> X end.", []},
     {"{N, <<X:N>>} = {8, <<5>>}, X.", []},
     {"<<\"ab\"/utf16>> = <<0, 97, 0, 98>>.", []},
     {"<<_:8, X/binary>> = <<1, 2>>, X.", []},
     {"<<X:2/integer-unit:4>> = <<16#AB>>, X.", []},
     {"<<X:64/float>> = <<0:64>>, X.", []},
     {"<<X:32/float>> = <<127, 128, 0, 0>>.", []},
     {"fun(A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,"
      " A18, A19, A20, A21) -> A21 end.", []}
    ].

expr_cases() ->
    ["X = 1.",
     "{1, 2}.",
     "X.",
     "case 1 of 1 -> Y = 2 end.",
     "fun(X) -> X end.",
     "1 / 0."
    ].

expr_list_cases() ->
    ["X = 1, Y = 2.",
     "X = 1, X = 2.",
     "X = 1, X.",
     "1, 2, 3.",
     "A = 1, A = 1."
    ].
