-module(stdlib_re_split_replace).
-export([main/0]).

%% re:split/2,3 and re:replace/3,4: the exact shape of their iodata,
%% every option, groups (unset ones too), replacement references, unicode
%% and the errors (only the reason printed).

id(X) -> X.

p(X) -> io:format("~p~n", [X]).

w(X) -> io:format("~w~n", [X]).

%% The value, or {'EXIT', Reason} without the stack trace.
c(F) ->
    case catch F() of
        {'EXIT', {R, _}} -> {'EXIT', R};
        V -> V
    end.

main() ->
    split(),
    replace(),
    unicode(),
    errors(),
    ok.

split() ->
    p(re:split("a,b,,c,,", ",")),
    p(re:split(<<"a,b">>, ",", [{return, list}])),
    p(re:split("a,b,,c,,", ",", [trim])),
    p(re:split("a,b,,c,,", ",", [{parts, 0}])),
    p(re:split("a,b,,c,,", ",", [{parts, 1}])),
    p(re:split("a,b,,c,,", ",", [{parts, 2}, {return, list}])),
    p(re:split("a,b,,c,,", ",", [{parts, infinity}, {return, binary}])),
    p(re:split("a,b,,c", ",", [trim, {parts, 3}])),
    p(re:split("a,b,,c,,", ",", [{parts, 3}, trim])),
    p(re:split("abc", "")),
    p(re:split("abc", "", [{return, list}])),
    p(re:split("", "")),
    p(re:split("", "", [trim])),
    p(re:split("", "x", [trim])),
    p(re:split("a1b22c", "([0-9])")),
    p(re:split("a1b22c", "([0-9])", [group])),
    p(re:split("a1b22c", "([0-9])", [group, {return, list}])),
    p(re:split("xaxbx", "(a)|(b)")),
    p(re:split("xaxbx", "(a)(z)?")),
    p(re:split("xax", "(a)(y)?(z)?", [group])),
    p(re:split("a,b,,", "(,)", [group, trim])),
    p(re:split("aXbxc", "x", [caseless, {return, list}])),
    p(re:split("a\nb\nc", "^", [multiline, {return, list}])),
    p(re:split("a,b,c", ",", [{offset, 2}, {return, list}])),
    p(re:split(["a", <<",b">>, [$,, $c]], ",")),
    {ok, MP} = re:compile("(,)"),
    p(re:split("a,b", MP, [{return, list}])),
    p(re:split("aaa", "a*?", [{return, list}])),
    p(re:split("ab", "", [notempty])).

replace() ->
    p(re:replace("abcb", "b", "X")),
    p(re:replace("abcb", "b", "X", [global])),
    p(re:replace("abcb", "b", "", [global])),
    p(re:replace("abcb", "b", "[&]", [global, {return, list}])),
    p(re:replace("abc", "b", "&&")),
    p(re:replace("abc", "(b)", "<\\1>", [{return, list}])),
    p(re:replace("abc", "(b)", "\\0", [{return, list}])),
    p(re:replace("abc", "(b)", "\\g1\\g{1}0", [{return, list}])),
    p(re:replace("abc", "(b)(x)?", "[\\2\\9]", [{return, list}])),
    p(re:replace("abc", "b", "\\&\\\\", [{return, list}])),
    p(re:replace("abc", "b", "x\\", [{return, list}])),
    p(re:replace("abc", "b", "\\g", [{return, list}])),
    {ok, MP} = re:compile("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)"),
    p(re:replace("abcdefghijklm", MP, "\\g{12}\\12\\120", [{return, list}])),
    p(re:replace("abc", "b", [<<"<">>, "&", [$>]])),
    p(re:replace("abc", "b", <<"<&>">>, [{return, binary}])),
    p(re:replace("abc", "", "-", [global])),
    p(re:replace("abc", "x*", "-", [global, {return, list}])),
    p(re:replace("abc", "x", "-")),
    p(re:replace(["a", <<"b">>], "x", "-")),
    p(re:replace("abab", "b", "-", [{offset, 2}, {return, list}])),
    p(re:replace("aBab", "b", "-", [caseless, global, {return, list}])),
    p(re:replace("a\r\nb", "$", "|", [global, multiline, {return, list}])),
    p(re:replace("a\r\nb", "", "|", [global, {newline, crlf}, {return, list}])).

unicode() ->
    S = [16#400, $-, 16#1F600, $a],
    w(re:split(S, "-", [unicode])),
    w(re:split(S, "", [unicode, {return, list}])),
    w(re:split(unicode:characters_to_binary(S), "", [unicode])),
    w(re:replace(S, "-", [16#E4], [unicode])),
    w(re:replace(S, "", "/", [unicode, global, {return, list}])),
    w(re:replace(S, [16#1F600], "<&>", [unicode, {return, binary}])),
    {ok, MP} = re:compile("(\\x{400})", [unicode]),
    w(re:replace(S, MP, "\\1\\1", [{return, list}])),
    w(re:split([$a, 200, $b], [200], [{return, list}])).

errors() ->
    [p(c(F)) || F <- [fun() -> re:split("a", ",", id([global])) end,
                      fun() -> re:split("a", ",", id([{parts, -1}])) end,
                      fun() -> re:split("a", ",", id([{return, x}])) end,
                      fun() -> re:split("a", ",", id([{capture, all}])) end,
                      fun() -> re:split("a", ",", id(x)) end,
                      fun() -> re:split("a", id("(")) end,
                      fun() -> re:split(id(a), ",") end,
                      fun() -> re:split(id([256]), ",") end,
                      fun() -> re:replace("a", "a", "b", id([report_errors])) end,
                      fun() -> re:replace("a", "a", "b", id([a | b])) end,
                      fun() -> re:replace("a", "a", "b", id([bogus])) end,
                      fun() -> re:replace("a", "a", id(b)) end,
                      fun() -> re:replace("abc", "(b)", id("\\g{1")) end,
                      fun() -> re:replace("abc", "(b)", id("\\g{1"), []) end,
                      fun() -> re:replace("abc", "(x)", id("\\g{1"), []) end,
                      fun() -> re:replace("abc", "(b)", id("\\gx"), []) end,
                      fun() -> re:replace("a", "a", id([16#110000]), [unicode]) end,
                      fun() -> re:replace("a", "x", id([16#110000]), [unicode]) end,
                      fun() -> re:replace("a", id({x}), "b") end]],
    ok.
