-module(erl_eval_handlers).
-export([main/0]).
-export([lf_mf/2, lf_mfa/3, lf_mfa/4]).

%% erl_eval (differential): the function handlers (local: {value, F},
%% {value, F, Extra}, {eval, F}, {eval, F, Extra} and the old {M, F},
%% {M, F, Extra}; non-local: {value, F} with F/2 and F/3, which also sees
%% the errors the evaluator raises, as calls of erlang:raise/3), expr/5
%% returning the bare value, fun_data/1, match_clause/4, the bindings
%% API, check_command/2, partial_eval/1 and is_constant_expr/1, eval_str/1,
%% extended_parse_exprs/1 and extended_parse_term/1, a long loop written
%% as an interpreted named fun, interpreted funs called from compiled
%% code. Stack traces never print (a stack shows as '<stack>', an
%% evaluator's fun as {'fun', Arity}).

main() ->
    local_value(),
    local_eval(),
    local_old(),
    nonlocal(),
    nonlocal_recover(),
    nonlocal3(),
    return_value(),
    fun_data(),
    match_clause(),
    bindings_api(),
    check_command(),
    constants(),
    eval_str(),
    extended(),
    loops(),
    ok.

%% ---------------------------------------------------------------------

parse(S) ->
    {ok, Toks, _} = erl_scan:string(S),
    {ok, Es} = erl_parse:parse_exprs(Toks),
    Es.

p(Label, X) -> io:format("~s: ~p~n", [Label, X]).

c(F) ->
    try F() of
        V -> clean(V)
    catch
        C:R -> {C, clean(R)}
    end.

run(F) ->
    try F() of
        {value, V, Bs} when is_list(Bs); is_map(Bs) -> {value, clean(V), bs(Bs)};
        Other -> {other, clean(Other)}
    catch
        C:R -> {C, clean(R)}
    end.

bs(Bs) -> [{K, clean(V)} || {K, V} <- lists:sort(erl_eval:bindings(Bs))].

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

%% What a handler is given, stack traces left out.
seen(Args) -> [case is_list(A) andalso A =/= [] andalso is_stack(A) of
                   true -> stack;
                   false -> clean(A)
               end || A <- Args].

%% ---------------------------------------------------------------------
%% Local function handlers

local_value() ->
    H = fun(Name, Args) ->
                io:format("  value handler: ~p ~p~n", [Name, clean(Args)]),
                case {Name, Args} of
                    {double, [X]} -> 2 * X;
                    {fail, [R]} -> error(R);
                    {self_call, [N]} -> {called, N};
                    _ -> {unknown, Name}
                end
        end,
    Lf = {value, H},
    [p("local value " ++ S, run(fun() -> erl_eval:exprs(parse(S), [], Lf) end))
     || S <- ["double(21).",
              "X = 5, double(X) + 1.",
              "double(X = 3), X.",
              "foo(1, 2, 3).",
              "foo().",
              "fail(oops).",
              "catch fail(oops).",
              "F = fun(Y) -> double(Y) end, F(4).",
              "lists:map(fun(Y) -> double(Y) end, [1, 2]).",
              "[double(X) || X <- [1, 2]].",
              "case 1 of X when double(X) > 0 -> guard_call; _ -> no end.",
              "X = 1, Y = double(X), {X, Y}.",
              "double(1 / 0).",
              "lists:reverse([1, 2])."]],
    HX = fun(Name, Args, E1, E2) ->
                 io:format("  value handler+extra: ~p ~p ~p ~p~n", [Name, Args, E1, E2]),
                 {Name, Args, E1, E2}
         end,
    [p("local value+extra " ++ S,
       run(fun() -> erl_eval:exprs(parse(S), [], {value, HX, [x1, x2]}) end))
     || S <- ["f(1).", "X = 2, g(X, X)."]],
    ok.

local_eval() ->
    H = fun(Name, Args, Bs) ->
                io:format("  eval handler: ~p ~p ~p~n", [Name, Args, bs(Bs)]),
                case Name of
                    set ->
                        [{var, _, V}, E] = Args,
                        {value, Val, Bs1} = erl_eval:expr(E, Bs),
                        {value, Val, erl_eval:add_binding(V, Val, Bs1)};
                    quote ->
                        {value, Args, Bs};
                    redirect ->
                        {eval, fun(A, B) -> {redirected, A, B} end, [1, 2], Bs};
                    redirect_interpreted ->
                        {value, F, _} = erl_eval:exprs(parse("fun(A) -> {interp, A} end."), []),
                        {eval, F, [7], Bs};
                    bad_reply ->
                        oops;
                    _ ->
                        {value, {unknown, Name}, Bs}
                end
        end,
    Lf = {eval, H},
    [p("local eval " ++ S, run(fun() -> erl_eval:exprs(parse(S), [], Lf) end))
     || S <- ["set(X, 1 + 2), X.",
              "Y = 1, set(X, Y + 1), {X, Y}.",
              "quote(a + b, [c]).",
              "redirect().",
              "redirect_interpreted().",
              "bad_reply().",
              "foo(1).",
              "F = fun() -> quote(z) end, F().",
              "lists:map(fun(A) -> quote(A) end, [1])."]],
    HX = fun(Name, Args, Bs, E1) ->
                 io:format("  eval handler+extra: ~p ~p ~p ~p~n", [Name, Args, bs(Bs), E1]),
                 {value, {Name, E1}, Bs}
         end,
    [p("local eval+extra " ++ S,
       run(fun() -> erl_eval:exprs(parse(S), [{'Z', 1}], {eval, HX, [extra]}) end))
     || S <- ["f(Z)."]],
    ok.

lf_mf(Name, Args) ->
    io:format("  lf_mf/2: ~p ~p~n", [Name, Args]),
    {mf, Name, Args}.

lf_mfa(Name, Args, E1) ->
    io:format("  lf_mfa/3: ~p ~p ~p~n", [Name, Args, E1]),
    {value, {mfa3, Name, E1}, []}.

lf_mfa(Name, Args, Bs, E1) ->
    io:format("  lf_mfa/4: ~p ~p ~p ~p~n", [Name, Args, Bs, E1]),
    {value, {mfa4, Name, E1}, Bs}.

local_old() ->
    [p("local {M,F} " ++ S,
       run(fun() -> erl_eval:exprs(parse(S), [], {?MODULE, lf_mf}) end))
     || S <- ["f(1, 2).", "X = 1, g(X)."]],
    [p("local {M,F,Extra} " ++ S,
       run(fun() -> erl_eval:exprs(parse(S), [], {?MODULE, lf_mfa, [extra]}) end))
     || S <- ["f(1, 2)."]],
    ok.

%% ---------------------------------------------------------------------
%% Non-local function handlers

nonlocal() ->
    Ef = {value, fun(What, Args) ->
                         io:format("  nonlocal: ~p ~p~n", [clean(What), seen(Args)]),
                         case What of
                             {M, F} -> apply(M, F, Args);
                             Fun -> apply(Fun, Args)
                         end
                 end},
    [p("nonlocal " ++ S, run(fun() -> erl_eval:exprs(parse(S), [], none, Ef) end))
     || S <- ["lists:reverse([1, 2]).",
              "1 + 2.",
              "- 1.",
              "not true.",
              "true andalso false.",
              "length([1]).",
              "erlang:length([1]).",
              "apply(lists, reverse, [[1]]).",
              "erlang:apply(lists, reverse, [[1]]).",
              "apply(erlang, apply, [lists, reverse, [[1]]]).",
              "apply(fun lists:reverse/1, [[1]]).",
              "F = fun lists:reverse/1, F([1]).",
              "F = fun(X) -> X + 1 end, F(1).",
              "apply(fun(X) -> X end, [1]).",
              "lists:map(fun(X) -> X * 2 end, [1, 2]).",
              "X = lists, X:seq(1, 2).",
              "self() =:= self().",
              "case 1 of 2 -> a end.",
              "if false -> a end.",
              "X = 1, X = 2.",
              "{A = 1, A = 2}.",
              "X.",
              "foo(1).",
              "fun foo/0.",
              "#r{}.",
              "3 andalso true.",
              "false orelse 3.",
              "F = fun(X) -> X end, F(1, 2).",
              "F = fun(0) -> z end, F(1).",
              "try 2 of 1 -> a catch _:_ -> b end.",
              "try error(x) catch error:y -> no end.",
              "[X || X <- a].",
              "[X || X <- [1], lists:nth(1, [x])].",
              "<<a:8>>.",
              "1 / 0.",
              "catch 1 / 0.",
              "F = {lists, reverse}, F([1]).",
              "case 1 of X when is_integer(X), X > 0 -> ok end.",
              "[X || X <- [1, 2], X > 1].",
              "<<X:8>> = <<1>>, X.",
              "#{a := V} = #{a => 1}, V.",
              "M = #{}, M#{a := 1}.",
              "<<(1 + 1):8>>.",
              "<<X:(1 + 7)>> = <<9>>, X.",
              "erlang:raise(error, x, []).",
              "catch erlang:raise(throw, t, [])."]],
    [p("nonlocal with compiled fun " ++ S,
       run(fun() -> erl_eval:exprs(parse(S), [{'G', fun(X) -> {g, X} end}], none, Ef) end))
     || S <- ["G(1).", "lists:map(G, [1])."]],
    ok.

%% A handler that does not raise the evaluator's errors but gives back a
%% value in their place.
nonlocal_recover() ->
    Ef = {value, fun({erlang, raise}, [Class, Reason, _Stack]) ->
                         io:format("  recover: ~p ~p~n", [Class, clean(Reason)]),
                         {recovered, clean(Reason)};
                    ({M, F}, Args) ->
                         apply(M, F, Args);
                    (Fun, Args) ->
                         apply(Fun, Args)
                 end},
    [p("recover " ++ S, run(fun() -> erl_eval:exprs(parse(S), [], none, Ef) end))
     || S <- ["case 1 of 2 -> a end.",
              "if false -> a end.",
              "X = 1, X = 2.",
              "X.",
              "foo(1).",
              "F = fun(0) -> z end, F(1).",
              "F = fun(X) -> X end, F(1, 2).",
              "3 andalso true.",
              "try 2 of 1 -> a catch _:_ -> b end.",
              "#r{}.",
              "Y = (case 1 of 2 -> a end), Y.",
              "{A = 1, A = 2}.",
              "<<a:8>>."]],
    ok.

nonlocal3() ->
    Ef = {value, fun(Anno, What, Args) ->
                         io:format("  nonlocal/3: ~p ~p ~p~n", [Anno, clean(What), seen(Args)]),
                         case What of
                             {M, F} -> apply(M, F, Args);
                             Fun -> apply(Fun, Args)
                         end
                 end},
    [p("nonlocal/3 " ++ io_lib:format("~p", [S]), run(fun() -> erl_eval:exprs(parse(S), [], none, Ef) end))
     || S <- ["lists:reverse([1, 2]).",
              "\n\n1 +\n 2.",
              "X = 1,\nX = 2."]],
    ok.

%% ---------------------------------------------------------------------

return_value() ->
    [E] = parse("{X, X}."),
    p("expr/5 value", clean(erl_eval:expr(E, [{'X', 1}], none, none, value))),
    p("expr/5 none", run(fun() -> erl_eval:expr(E, [{'X', 1}], none, none, none) end)),
    [E2] = parse("fun(Y) -> Y + X end."),
    F = erl_eval:expr(E2, [{'X', 10}], none, none, value),
    p("expr/5 value fun", {is_function(F, 1), F(1)}),
    [E3] = parse("case X of 1 -> Z = one end."),
    p("expr/5 value case", erl_eval:expr(E3, [{'X', 1}], none, none, value)),
    [E4] = parse("1 / X."),
    p("expr/5 value error", run(fun() -> erl_eval:expr(E4, [{'X', 0}], none, none, value) end)),
    [E5] = parse("foo(1)."),
    p("expr/5 value local", erl_eval:expr(E5, [], {value, fun(N, A) -> {N, A} end}, none,
                                          value)),
    ok.

%% ---------------------------------------------------------------------

fun_data() ->
    Eval = fun(S, Bs) -> {value, V, _} = erl_eval:exprs(parse(S), Bs), V end,
    [p("fun_data " ++ S, erl_eval:fun_data(Eval(S, Bs)))
     || {S, Bs} <- [{"fun(X) -> X + 1 end.", []},
                    {"Y = 1, Z = 2, fun(X) -> X + Y end.", []},
                    {"fun F(0) -> 0; F(N) -> F(N - 1) end.", []},
                    {"fun(X) when X > A -> X; (_) -> B end.", [{'A', 1}, {'B', 2}, {'C', 3}]},
                    {"X = 1, fun(X) -> X end.", []},
                    {"X = 1, fun() -> X end.", []},
                    {"X = 1, fun() -> fun() -> X end end.", []},
                    {"X = 1, fun(Y) -> [X || X <- Y] end.", []},
                    {"F = 1, fun F() -> F end.", []},
                    {"fun() -> ok end.", [{'Unused', 1}]}]],
    p("fun_data compiled", erl_eval:fun_data(fun(X) -> X end)),
    p("fun_data external", erl_eval:fun_data(fun lists:reverse/1)),
    p("fun_data atom", erl_eval:fun_data(foo)),
    ok.

%% ---------------------------------------------------------------------

match_clause() ->
    [{'case', _, _, Cs}] = parse("case V of {a, Y} when Y > 1 -> {got, Y}; "
                                 "[H | _] -> H; _ -> other end."),
    [p("match_clause " ++ io_lib:format("~p", [V]),
       case erl_eval:match_clause(Cs, [V], Bs, none) of
           {Body, NewBs} -> {Body, bs(NewBs)};
           nomatch -> nomatch
       end)
     || {V, Bs} <- [{{a, 2}, []}, {{a, 0}, []}, {[x, y], []}, {{a, 5}, [{'Y', 5}]},
                    {{a, 5}, [{'Y', 6}]}, {{a, 5}, #{}}]],
    [{'case', _, _, Cs2}] = parse("case V of X when foo(X) -> 1; _ -> 2 end."),
    p("match_clause local guard",
      c(fun() -> erl_eval:match_clause(Cs2, [1], [], {value, fun(_, _) -> true end}) end)),
    [{'fun', _, {clauses, Cs3}}] = parse("fun(A, B) when A < B -> lt; (_, _) -> ge end."),
    p("match_clause 2 values", erl_eval:match_clause(Cs3, [1, 2], [], none)),
    p("match_clause 2 values ge", erl_eval:match_clause(Cs3, [2, 1], [], none)),
    p("match_clause wrong count", erl_eval:match_clause(Cs3, [1], [], none)),
    ok.

%% ---------------------------------------------------------------------

bindings_api() ->
    B0 = erl_eval:new_bindings(),
    p("new_bindings", B0),
    B1 = erl_eval:add_binding('X', 1, B0),
    B2 = erl_eval:add_binding('A', 2, B1),
    B3 = erl_eval:add_binding('X', 3, B2),
    p("add_binding", B3),
    p("bindings", erl_eval:bindings(B3)),
    p("binding X", erl_eval:binding('X', B3)),
    p("binding Z", erl_eval:binding('Z', B3)),
    p("del_binding X", erl_eval:del_binding('X', B3)),
    p("del_binding Z", erl_eval:del_binding('Z', B3)),
    M1 = erl_eval:add_binding('X', 1, #{}),
    M2 = erl_eval:add_binding('A', 2, M1),
    p("map add_binding", M2),
    p("map bindings", lists:sort(erl_eval:bindings(M2))),
    p("map binding A", erl_eval:binding('A', M2)),
    p("map binding Z", erl_eval:binding('Z', M2)),
    p("map del_binding", erl_eval:del_binding('A', M2)),
    p("bindings bad", run(fun() -> erl_eval:bindings(foo) end)),
    p("binding bad", run(fun() -> erl_eval:binding('X', foo) end)),
    ok.

%% ---------------------------------------------------------------------

check_command() ->
    [p("check_command " ++ S,
       case erl_eval:check_command(parse(S), Bs) of
           ok -> ok;
           {error, {_, Mod, Desc}} -> {Mod, Desc}
       end)
     || {S, Bs} <- [{"1 + 2.", []},
                    {"X + 1.", []},
                    {"X + 1.", [{'X', 1}]},
                    {"X + 1.", #{'X' => 1}},
                    {"case 1 of 1 -> Y = 1; _ -> ok end, Y.", []},
                    {"case 1 of X when foo(X) -> 1 end.", []},
                    {"f() = 1.", []},
                    {"#r{}.", []},
                    {"<<X/bad>> = <<>>.", []},
                    {"fun(X) -> Y end.", []},
                    {"X = 1, X = 2.", []},
                    {"[X || X <- [1]], X.", []},
                    {"try 1 catch error:E:E -> ok end.", []},
                    {"#{a := 1}.", []},
                    {"X = 1, _ = Y, Z.", []}]],
    p("check_command malformed", c(fun() -> erl_eval:check_command([foo], []) end)),
    p("check_command empty", c(fun() -> erl_eval:check_command([], []) end)),
    ok.

%% ---------------------------------------------------------------------

constants() ->
    [begin
         [E] = parse(S),
         p("constant " ++ S, {erl_eval:is_constant_expr(E), erl_eval:partial_eval(E)})
     end
     || S <- ["1 + 2.", "-3.", "a.", "1 / 0.", "X + 1.", "{1, 2}.", "[1, 2].",
              "2.5 * 2.", "1 bsl 3.", "not true.", "a ++ b.", "\"str\".", "length([1]).",
              "$a + 1.", "- (1 + 2) * 3.", "1 + a.", "[].", "1.", "2.0.", "true andalso false.",
              "1 == 1.", "- a.", "7 rem 2 + 3 div 2.", "f(1 + 2)."]],
    ok.

%% ---------------------------------------------------------------------

%% The message of an error up to its stack trace.
no_stack({error, Msg}) ->
    Upto = case string:find(Msg, "[{") of
               nomatch -> Msg;
               Rest -> string:slice(Msg, 0, length(Msg) - length(Rest))
           end,
    {error, lists:flatten(string:replace(string:join(string:lexemes(Upto, " \n"), " "),
                                         ", ", ",", all))};
no_stack(Ok) ->
    Ok.

eval_str() ->
    [p("eval_str " ++ io_lib:format("~p", [S]), no_stack(erl_eval:eval_str(S)))
     || S <- ["1 + 2.\n", "X.\n", "1 +\n", "1. 2.\n", <<"3 * 4.">>, <<"3 * 4.\n">>, "1 / 0.\n",
              "1 + .\n", "X = 1, X + 1.\n", "throw(t).\n", "exit(e).\n", "", "  \n",
              "foo(1).\n", "lists:seq(1, 3).   \n\t", "\"abc\".\n", "a. b"]],
    ok.

%% ---------------------------------------------------------------------

extended() ->
    Toks = fun(S) -> {ok, Ts, _} = erl_scan:string(S, 1, [text]), Ts end,
    [p("extended_parse_exprs " ++ S, c(fun() -> erl_eval:extended_parse_exprs(Toks(S)) end))
     || S <- ["{<0.1.0>, #Fun<lists.reverse.1>, foo}.",
              "<0.1.0>.",
              "f(<0.1.0>, X).",
              "#Ref<0.1.2.3>.",
              "#Port<0.3>.",
              "[1, 2 | T].",
              "1 + .",
              "<0.1.",
              "#Fun<a.b>.",
              "#Fun<erl_eval.1.2>.",
              "X = <1.2.3>, 1 < 2."]],
    [p("extended_parse_term " ++ S,
       c(fun() -> describe(erl_eval:extended_parse_term(Toks(S))) end))
     || S <- ["<0.1.0>.",
              "{<0.1.0>, [#Ref<0.1.2.3>], #Port<0.3>}.",
              "#Fun<lists.reverse.1>.",
              "fun lists:seq/2.",
              "{a, \"b\", [1.5], <<1, 2>>, #{k => v}}.",
              "-1.",
              "+2.5.",
              "-$a.",
              "foo(1).",
              "X.",
              "1, 2.",
              "1 +.",
              "#{k := v}.",
              "<<(1 + 2)>>.",
              "<<\"ab\", 3>>.",
              "[1 | 2].",
              "1 + 2.",
              "- - 1."]],
    ok.

describe({ok, T}) -> {ok, kinds(T)};
describe(Other) -> Other.

kinds(P) when is_pid(P) -> pid;
kinds(R) when is_reference(R) -> reference;
kinds(P) when is_port(P) -> port;
kinds(T) when is_tuple(T) -> list_to_tuple([kinds(X) || X <- tuple_to_list(T)]);
kinds([H | T]) -> [kinds(H) | kinds(T)];
kinds(X) -> X.

%% ---------------------------------------------------------------------

loops() ->
    Eval = fun(S) -> {value, V, _} = erl_eval:exprs(parse(S), []), V end,
    p("loop 300000 (stack growth < 100 words)",
      Eval("{_, S0} = process_info(self(), stack_size), "
           "F = fun Loop(0, Acc) -> {_, S} = process_info(self(), stack_size), {Acc, S - S0 < 100}; "
           "Loop(N, Acc) -> Loop(N - 1, Acc + 1) end, "
           "F(300000, 0).")),
    p("loop case 100000",
      Eval("F = fun Loop(N, Acc) -> case N of 0 -> Acc; _ -> Loop(N - 1, Acc + 2) end end, "
           "F(100000, 0).")),
    p("loop if 100000",
      Eval("F = fun Loop(N) -> if N =:= 0 -> done; true -> Loop(N - 1) end end, "
           "F(100000).")),
    L = Eval("fun Loop(0, Acc) -> Acc; Loop(N, Acc) -> Loop(N - 1, [N rem 3 | Acc]) end."),
    p("loop from compiled", length(L(300000, []))),
    Mutual = Eval("fun(N) -> Even = fun E(0) -> true; E(K) -> not E(K - 1) end, Even(N) end."),
    p("non-tail 10000", Mutual(10000)),
    Double = Eval("fun(X) -> X * 2 end."),
    p("lists:map", lists:map(Double, [1, 2, 3])),
    p("lists:foldl", lists:foldl(Eval("fun(X, Acc) -> [X | Acc] end."), [], [1, 2, 3])),
    p("lists:filter", lists:filter(Eval("fun(X) -> X rem 2 =:= 0 end."), [1, 2, 3, 4])),
    p("lists:sort/2", lists:sort(Eval("fun(A, B) -> A >= B end."), [2, 3, 1])),
    p("apply/2", apply(Eval("fun(A, B, C) -> {C, B, A} end."), [1, 2, 3])),
    Raise = Eval("fun(X) -> 10 div X end."),
    p("raises outside", run(fun() -> Raise(0) end)),
    p("raises in map", run(fun() -> lists:map(Raise, [1, 0]) end)),
    p("raises throw", try (Eval("fun() -> throw(up) end."))() catch throw:T -> {caught, T} end),
    p("wrong arity outside", run(fun() -> apply(Double, [1, 2]) end)),
    p("no clause outside", run(fun() -> (Eval("fun(a) -> ok end."))(b) end)),
    p("erlang:fun_info arity", erlang:fun_info(Double, arity)),
    Z = Eval("fun() -> fun(X) -> X + 100 end end."),
    p("fun returning fun", (Z())(1)),
    ok.
