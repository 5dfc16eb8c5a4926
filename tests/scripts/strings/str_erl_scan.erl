-module(str_erl_scan).
-export([main/0]).

%% erl_scan:string/1,2,3: tokens, locations, options, errors, format_error.

id(X) -> X.

e(F) -> try F() catch error:R -> {error, R} end.

show(X) -> io:format("~w~n", [X]).

main() ->
    show(erl_scan:string(id("foo(X) -> 'a b' ++ \"x\\n\" ++ [$a, 1.5, 16#ff]. % hi\n bar."))),
    show(erl_scan:string(id("{ok, [1,2]}."))),
    show(erl_scan:string(id(""))),
    show(erl_scan:string(id("a.b a. b.%c\nc"), {1, 1})),
    show(erl_scan:string(id("end maybe else fun 'end' ? \\ @ ^ ` ~ &"), 7)),
    show(erl_scan:string(id("1_000 2#1010 36#zz 99999999999999999999999 1.0e10 $\\x{41} 0.1 $\\s"), {3, 9})),
    show(erl_scan:string(id("<<>> =:= =/= =< >= == /= -> <- <= || := :: ... .. ?= =>"), {1, 1})),
    show(erl_scan:string(id("'a\nb' \"c\nd\" x $\n y"), {1, 1})),
    show(erl_scan:string(id("X_1 _ _Y"), 0)),
    %% errors: {error, {Location, erl_scan, Descriptor}, EndLocation}
    show(erl_scan:string(id("a \"bc"))),
    show(erl_scan:string(id("a 'bc\nd"), {1, 1})),
    show(erl_scan:string(id("a 16#"), {2, 2})),
    show(erl_scan:string(id("a $"))),
    show(erl_scan:string(id("1.0e999 b"), {1, 1})),
    show(erl_scan:string(id("99#1"))),
    show(erl_scan:string(id([$a, 32, 16#110000]), {1, 1})),
    show(erl_scan:string(id([$a, $\s, 16#D800]))),
    show(erl_scan:string(id([16#100, $a]), {1, 1})),
    show(erl_scan:string(id("\"abc\\qdef\" x"))),
    show(erl_scan:string(id("x \"\\x{D800}\""), {1, 1})),
    show(erl_scan:string(id("a %\x{100}\n b"), {1, 1})),
    show(erl_scan:string(id("a %\x{100}\n b"), {1, 1}, [return_comments])),
    show(erl_scan:string(id([$%, 16#FFFE]))),
    show(erl_scan:string(id("'" ++ lists:duplicate(256, $a) ++ "'"))),
    %% options
    Src = id("f(X) -> % c\n\t\t[X,  \"s\\n\"].  x\r\n\n  \v y"),
    [show(erl_scan:string(Src, Loc, Opts))
     || Opts <- [[text], [return_comments], [return_white_spaces], return, [return, text],
                 [{return_comments, false}, return_comments], [bogus]],
        Loc <- [1, {1, 1}]],
    show(erl_scan:string(id("  \n                                 x\t\t\t\t\t\t\t\t\t\t\t\t x"), {1, 1}, [return_white_spaces])),
    show(erl_scan:string(id("\n\t\t\t\t\t\t\t\t\t\t\t\t\tx\n\r\n\f\n\n"), {1, 1}, [return_white_spaces])),
    show(erl_scan:string(id([$a, 16#85, 16#A0, $b, $\v, $\f, $\s, $c]), {1, 1}, [return_white_spaces])),
    show(erl_scan:string(id("foo 'foo' end 'end' case"), {1, 1},
                         [{reserved_word_fun, fun(W) -> W =:= foo end}])),
    show(erl_scan:string(id("foo 'foo' end \"s\" 'q' \"e\\n\" 12"), {1, 1},
                         [{text_fun, fun(C, T) -> C =:= atom andalso length(T) > 3 end}])),
    show(erl_scan:string(id("foo 'foo' \"s\" 12 % c\n x"), 1,
                         [return, {text_fun, fun(C, _) -> C =:= string orelse C =:= white_space end}])),
    %% bad arguments
    show(e(fun() -> erl_scan:string(id("a"), id(-3)) end)),
    show(e(fun() -> erl_scan:string(id(""), id(-3)) end)),
    show(e(fun() -> erl_scan:string(id("$"), id(-3)) end)),
    show(e(fun() -> erl_scan:string(id("a"), id({1, 0})) end)),
    show(e(fun() -> erl_scan:string(id(foo)) end)),
    show(e(fun() -> erl_scan:string(id("a"), 1, [{reserved_word_fun, id(1)}]) end)),
    show(e(fun() -> erl_scan:string(id("a"), id(1.0)) end)),
    show(e(fun() -> erl_scan:string(id([$a, 32, foo])) end)),
    show(e(fun() -> erl_scan:string(id([$a, -1])) end)),
    %% token accessors
    {ok, Ts, _} = erl_scan:string(id("foo \"a\nb\" ("), {1, 1}, [text]),
    {ok, Ls, _} = erl_scan:string(id("foo \"a\nb\" ("), 5),
    [show([erl_scan:F(T) || F <- [category, symbol, line, column, location, text, end_location]])
     || T <- Ts ++ Ls],
    show([erl_scan:reserved_word(W) || W <- ['end', 'xor', maybe, foo]]),
    show(e(fun() -> erl_scan:category(id({x})) end)),
    %% format_error/1
    [io:format("~s~n", [erl_scan:format_error(D)])
     || D <- [{string, $", [1, 2, 3, $a]}, {string, $', "ab'c"}, {illegal, character},
              {illegal, float}, {base, 99}, char, {foo, "x"}, {string, $x, "ab"}]],
    {error, Info, _} = erl_scan:string(id("x 'abc")),
    {_, Mod, Desc} = Info,
    io:format("~s~n", [Mod:format_error(Desc)]),
    ok.
