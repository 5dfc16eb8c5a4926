-module(stdlib_re_run).
-export([main/0]).

%% re:run/2,3, re:compile/1,2 and re:inspect/2: capture specs and types,
%% global matching (empty matches, unicode and CRLF advancement), compile
%% and run options, limits, compile errors (their position only: the
%% texts are the PCRE library's) and badarg. Compiled patterns are never
%% printed, only their capture count and flags.

id(X) -> X.

p(X) -> io:format("~p~n", [X]).

w(X) -> io:format("~w~n", [X]).

%% The value, or {'EXIT', Reason} without the stack trace.
c(F) ->
    case catch F() of
        {'EXIT', {R, _}} -> {'EXIT', R};
        V -> V
    end.

%% A compile error's position, not its text.
err({error, {compile, {_Msg, Pos}}}) -> {error, compile, Pos};
err({error, {_Msg, Pos}}) -> {error, Pos};
err(Other) -> Other.

%% What a compiled pattern says of itself: capture count, unicode, CRLF.
mp({ok, {re_pattern, N, U, Crlf, Bin}}) when is_binary(Bin) -> {mp, N, U, Crlf};
mp(Other) -> err(Other).

main() ->
    capture(),
    global(),
    options(),
    newlines(),
    unicode(),
    compile(),
    errors(),
    ok.

capture() ->
    S = "xacy",
    RE = "(a)(b)?(c)(d)?(e)?",
    p(re:run(S, RE)),
    [p(re:run(S, RE, [{capture, Spec, Type}]))
     || Spec <- [all, all_but_first, first, none, [0, 2, 3], [5, 9]],
        Type <- [index, list, binary]],
    p(re:run(S, RE, [{capture, all_but_first}])),
    p(re:run(S, RE, [{capture, []}])),
    {ok, N} = re:compile("(?<x>a)(?<b>b)?(?<m>c)?"),
    p(re:inspect(N, namelist)),
    p(re:run("ac", N, [{capture, all_names}])),
    p(re:run("ac", N, [{capture, all_names, list}])),
    p(re:run("ac", N, [{capture, [m, "x", 1, b], binary}])),
    p(re:run("ac", N, [{capture, [nope, "nope"], list}])),
    p(re:run("a", "a", [{capture, all_names}])),
    p(re:inspect(element(2, re:compile("(a)")), namelist)),
    {ok, D} = re:compile("(?<n>a)|(?<n>b)", [dupnames]),
    p(re:inspect(D, namelist)),
    p(re:run("b", D, [{capture, [n], list}])),
    p(re:run("a", D, [{capture, all_names, index}])).

global() ->
    p(re:run("a1b22", "[0-9]", [global])),
    p(re:run("a1b22", "([a-z])([0-9])?", [global, {capture, all, list}])),
    p(re:run("a1b22", "[a-z]([0-9])", [global, {capture, all_but_first, binary}])),
    p(re:run("a1b2", "[0-9]", [global, {capture, first, list}])),
    p(re:run("a1b2", "[0-9]", [global, {capture, none}])),
    p(re:run("a1b2", "x", [global])),
    p(re:run("abc", "", [global])),
    p(re:run("abc", "x*", [global, {capture, first, list}])),
    p(re:run("aaa", "a*?", [global])),
    p(re:run("abc", "x*", [global, notempty])),
    p(re:run("abc", "x*", [global, notempty_atstart])),
    p(re:run("abab", "b", [global, {offset, 2}])),
    p(re:run("abc", "", [global, {offset, 3}])).

options() ->
    p(re:run("xABc", "ab", [caseless])),
    p(re:run("a\nb", "^b", [])),
    p(re:run("a\nb", "^b", [multiline])),
    p(re:run("a\nb", "a.b", [])),
    p(re:run("a\nb", "a.b", [dotall])),
    p(re:run("xab", "a b # comment", [extended])),
    p(re:run("aaa", "a+", [ungreedy])),
    p(re:run("aaa", "a+?", [ungreedy])),
    p(re:run("a\n", "a$", [])),
    p(re:run("a\n", "a$", [dollar_endonly])),
    p(re:run("ab\ncd", "c", [firstline])),
    p(re:run("ab", "b", [anchored])),
    p(re:run("ab", "b", [{offset, 1}, anchored])),
    p(re:run("ab", "^b", [{offset, 1}])),
    p(re:run("ab", "\\Gb", [{offset, 1}])),
    p(re:run("ab", "^a", [notbol])),
    p(re:run("ab", "b$", [noteol])),
    p(re:run("ab", "", [notempty])),
    p(re:run("ab", "x?", [notempty_atstart])),
    p(re:run("ab", "x?", [notempty_atstart, {offset, 1}])),
    p(re:run("ab", "(a)(?:b)", [no_auto_capture])),
    p(re:run("ab", "(?<n>a)(b)", [no_auto_capture, {capture, all, list}])),
    p(re:run("ab", "b", [no_start_optimize])),
    p(re:run([16#85], "\\R", [])),
    p(re:run([16#85], "\\R", [bsr_anycrlf])),
    p(re:run([16#85], "\\R", [bsr_unicode])),
    Slow = "aaaaaaaaaaaaaaaaaaaaaaab",
    p(re:run(Slow, "(a+)+$", [{match_limit, 10}, report_errors])),
    p(re:run(Slow, "(a+)+$", [{match_limit, 10}, report_errors, global])),
    p(re:run(Slow, "(a+)+$", [{match_limit, 10}])),
    p(re:run(Slow, "(a+)+$", [report_errors])).

newlines() ->
    S = "a\rb\nc\r\nd",
    [p({NL, re:run(S, "^.", [multiline, global, {newline, NL}, {capture, all, list}])})
     || NL <- [lf, cr, crlf, any, anycrlf]],
    [p({NL, re:run(S, RE, [global, {capture, first, list}])})
     || NL <- [lf, cr, crlf, any, anycrlf],
        {ok, RE} <- [re:compile("^.", [multiline, {newline, NL}])]],
    {ok, CR} = re:compile("^.", [multiline, {newline, cr}]),
    p(re:run(S, CR, [global, {newline, lf}, {capture, all, list}])),
    p(re:run("a\r\nb", "", [global])),
    p(re:run("a\r\nb", "", [global, {newline, crlf}])),
    p(re:run("a\r\nb", "", [global, {newline, any}])),
    p(re:run("a\r\nb", "", [global, {newline, anycrlf}])),
    p(re:run("a\r\nb", "", [global, {newline, cr}])),
    p(re:run("a\r\nb", element(2, re:compile("", [{newline, crlf}])), [global])),
    p(re:run([16#85, $a], "^a", [multiline, {newline, any}])),
    p(re:run([16#85, $a], "^a", [multiline, {newline, anycrlf}])).

unicode() ->
    S = [16#400, $a, 16#1F600, 16#E4],
    B = unicode:characters_to_binary(S),
    [w(re:run(X, "(.)(.)", [unicode, {capture, all, T}]))
     || X <- [S, B], T <- [index, list, binary]],
    w(re:run(S, "", [unicode, global])),
    w(re:run(B, "(?:)", [unicode, global, {capture, first, list}])),
    w(re:run(S, [16#1F600], [unicode])),
    w(re:run(S, <<"\\x{1F600}">>, [unicode])),
    {ok, U} = re:compile("(.)", [unicode]),
    w(mp({ok, U})),
    w(re:run(S, U, [global, {capture, all_but_first, list}])),
    w(re:run(S, U, [{offset, 3}, {capture, first, binary}])),
    w(re:run([$a, 200, $b], ".(.)", [{capture, all, list}])),
    w(re:run(<<$a, 200, $b>>, ".(.)", [{capture, all, binary}])),
    w(re:run([16#E4], "\\w", [unicode])),
    w(re:run([16#E4], "\\w", [unicode, ucp])),
    w(re:run([16#C4], "\\x{e4}", [unicode, caseless])),
    w(re:run(["a", <<"b">>, [$c | <<"d">>]], [<<"b">>, "c"])).

compile() ->
    p(mp(re:compile("a"))),
    p(mp(re:compile(<<"(a)(b)?((c))">>))),
    p(mp(re:compile(["(a", <<")">>], [unicode]))),
    [p({NL, mp(re:compile("x", [{newline, NL}]))}) || NL <- [lf, cr, crlf, any, anycrlf]],
    p(mp(re:compile("(?<a>.)(?:x)(b)", [no_auto_capture]))),
    p(mp(re:compile("a", [caseless, multiline, dotall, extended, ungreedy, firstline,
                          dollar_endonly, anchored, no_start_optimize, dupnames,
                          bsr_anycrlf, ucp, unicode]))),
    [p({P, err(re:compile(P))})
     || P <- ["(", "a)", "[a", "*a", "a**", "a{2,1}", "\\", "a\\", "a(?", "(?z)",
              "(?<n", "(?P<1>a)", "[z-a]", "a{99999}"]],
    [p({P, err(re:run("abc", P, [report_errors]))}) || P <- ["(", "[a", "a{2,1}"]],
    p(element(1, re:compile("(*UTF)a", [never_utf]))),
    p(element(1, re:compile(<<255>>, [unicode]))).

errors() ->
    {ok, MP} = re:compile("a"),
    [p(c(F)) || F <- [fun() -> re:run(id(a), "a") end,
                      fun() -> re:run("a", id(a)) end,
                      fun() -> re:run("a", "a", id(x)) end,
                      fun() -> re:run("a", "a", id([a | b])) end,
                      fun() -> re:run("a", "a", id([bogus])) end,
                      fun() -> re:run("a", "a", id([{offset, -1}])) end,
                      fun() -> re:run("a", "a", id([{offset, x}])) end,
                      fun() -> re:run("a", "a", id([{capture, x}])) end,
                      fun() -> re:run("a", "a", id([{capture, all, x}])) end,
                      fun() -> re:run("a", "a", id([{capture, [-1]}])) end,
                      fun() -> re:run("a", "a", id([{capture, [a | b]}])) end,
                      fun() -> re:run("a", "a", id([{match_limit, -1}])) end,
                      fun() -> re:run("a", "a", id([{newline, x}])) end,
                      fun() -> re:run("a", "(", id([])) end,
                      fun() -> re:run(id([256]), "a") end,
                      fun() -> re:run(id([$a | b]), "a") end,
                      fun() -> re:run(id(<<255>>), "a", [unicode]) end,
                      fun() -> re:run(id([16#110000]), "a", [unicode]) end,
                      fun() -> re:run(<<"\344"/utf8>>, "", [unicode, {offset, id(1)}]) end,
                      fun() -> re:run("a", "a", id([unicode, {capture, all, list}, x])) end,
                      fun() -> re:run("a", MP, id([caseless])) end,
                      fun() -> re:run("a", MP, id([unicode])) end,
                      fun() -> re:run("a", id({re_pattern, 1}), []) end,
                      fun() -> re:compile(id(a)) end,
                      fun() -> re:compile(id([256])) end,
                      fun() -> re:compile("a", id([bogus])) end,
                      fun() -> re:compile("a", id(x)) end,
                      fun() -> re:compile("a", id([{newline, x}])) end,
                      fun() -> re:inspect(MP, id(bogus)) end,
                      fun() -> re:inspect(id(x), namelist) end]],
    %% run options that are also compile options work on a compiled pattern
    p(re:run("ab", MP, [anchored, {newline, crlf}])).
