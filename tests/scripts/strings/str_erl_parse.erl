-module(str_erl_parse).
-export([main/0]).

%% erl_parse:parse_term/1, parse_exprs/1, parse_form/1 over erl_scan's
%% tokens and over tokens written by hand; erl_parse:format_error/1.

id(X) -> X.

e(F) -> try F() catch error:R -> {error, R} end.

show(X) -> io:format("~w~n", [X]).

%% An error's message flattened: the deep shape of a token's text
%% (io_lib:format's) is not what this program checks.
flat({error, {Loc, erl_parse, Msg}}) -> {error, {Loc, erl_parse, lists:flatten(Msg)}};
flat(X) -> X.

scan(S, Loc, Opts) ->
    {ok, Tokens, _} = erl_scan:string(S, Loc, Opts),
    Tokens.

term(S) ->
    {ok, Term} = erl_parse:parse_term(scan(S, 1, [])),
    Term.

main() ->
    show(term(id("{ok, [1,2]}."))),
    show(term(id("#{a => 1, \"b\" => [c, 2.5, $x]}."))),
    show(term(id("<<1,2:4,\"x\">>."))),
    show(term(id("-16#FFFFFFFFFFFFFFFFFFFF."))),
    show(term(id("[a|b]."))),
    show(term(id("\"ab\" \"cd\"."))),
    show(term(id("{'end', -1, +2, - 3.0}."))),
    Srcs = ["foo.", "X = 1, Y = X + 2.", "a. b.", "a b.", "a", "(a.", "[1,2|3].",
            "fun() -> ok end.", "case X of 1 -> a; _ -> b end.", "[X || X <- L, X > 1].",
            "f(X) when X > 1 -> X.", "1, 2.", "m:f(1, 2).", "[1,\n2,\n3\n", "X#{a := 1}.", "1 + .",
            "#r{a = 1}.", "try f() catch error:E:S -> E after g() end.", "<< <<X>> || <<X>> <= B >>.",
            "a; f() -> b.", "a; g() -> b."],
    [begin
         Tokens = scan(S, Loc, Opts),
         show(e(fun() -> erl_parse:parse_exprs(Tokens) end)),
         show(e(fun() -> erl_parse:parse_term(Tokens) end))
     end || S <- Srcs, {Loc, Opts} <- [{1, []}, {{1, 1}, []}, {1, [text]}, {{3, 5}, [text]}]],
    Forms = ["-module(m).", "f(X) -> X + 1.", "-spec f(integer()) -> ok.",
             "-record(r, {a = 1 :: integer(), b}).", "f() -> a; g() -> b.", "-export([f/1])",
             "-type t() :: {a, b} | [c].", "-callback f(x) -> y."],
    [show(erl_parse:parse_form(scan(S, Loc, Opts)))
     || S <- Forms, {Loc, Opts} <- [{1, []}, {{1, 1}, [text]}]],
    %% tokens written by hand
    Toks = [[], [{atom, 1, a}], [{atom, {1, 3}, a}], [{atom, [{text, "a\nb"}, {location, {1, 3}}], a}],
            [{atom, 1, a}, {dot, 1}, {atom, 2, b}], [{atom, foo, x}, {dot, 1}],
            [{atom, [{location, 3}, {file, "x"}], x}, {'+', [{location, 3}, {file, "x"}]}, {dot, 1}],
            [{atom, -1, x}, {dot, 1}], [{integer, 1, -5}, {dot, 1}],
            [{'[', 1}, {integer, [], 1}, {',', [{generated, true}, {location, 3}]}, {integer, {1, 1}, 2},
             {']', 2}, {dot, 3}],
            [{atom, 1, a}, {'+', [{text, "+\n+"}, {location, {3, 3}}]}],
            [{foo, 1}, {dot, 1}], [{foo, {2, 2}, "xy"}, {dot, 1}], [{comment, 1, "% x"}, {dot, 1}],
            [{'\\', 1}, {dot, 1}], [{atom, 1, a}, {dot, 1}, {foo, 1}], [{'(', 1, foo}, {')', 1}, {dot, 1}],
            [{atom, 1, a}, {dot, 1, foo}]],
    [show(flat(erl_parse:F(T))) || T <- Toks, F <- [parse_exprs, parse_term, parse_form]],
    show(e(fun() -> erl_parse:parse_exprs(id(foo)) end)),
    show(e(fun() -> erl_parse:parse_exprs(id([foo])) end)),
    show(e(fun() -> erl_parse:parse_term(id([{atom, 1, x}, {dot, 1} | foo])) end)),
    %% format_error/1
    [io:format("~s~n", [lists:flatten(erl_parse:format_error(M))])
     || M <- [["syntax error before: ", "'.'"], "bad term", foo, {a, "b"}, [1 | 2]]],
    {error, {_, Mod, Msg}} = erl_parse:parse_exprs(scan(id("a b."), 1, [])),
    io:format("~s~n", [Mod:format_error(Msg)]),
    ok.
