-module(erl_scan_tokens).
-export([main/0]).
%% erl_scan:tokens/3,4: the same texts fed in chunks of 1, 3 and 1000
%% characters, with lines, columns and the text option: the forms up to
%% each dot (one white space character taken with it), errors as soon as
%% more text cannot mend them with the text after the bad token left
%% over, eof at the end; and continuation_location/1.
feed(Text, N, Loc, Opts) -> feed([], Text, N, Loc, Opts, []).
feed(Cont, [], _N, Loc, Opts, Acc) ->
    {done, R, Rest} = erl_scan:tokens(Cont, eof, Loc, Opts),
    lists:reverse([{R, Rest} | Acc]);
feed(Cont, Text, N, Loc, Opts, Acc) ->
    {Chunk, More} = lists:split(min(N, length(Text)), Text),
    case erl_scan:tokens(Cont, Chunk, Loc, Opts) of
        {more, C} -> feed(C, More, N, Loc, Opts, Acc);
        {done, R, Rest} -> feed([], Rest ++ More, N, Loc, Opts, [R | Acc])
    end.
%% Texts made of fragments by a linear congruential generator (the same
%% sequence on both sides), each fed in chunks of 1 to 7 characters.
generated() ->
    Frags = {"a", "Xy", "12", "1.5", ".", ". ", ".\n", "\n", " ", "\t", "\"s. \"", "'q.'",
             "\"open", "$.", "$\\.", "% c\n", "16#", "37#", "..", "...", "=", "->", "(", ")",
             "[", "]", ",", "{", "}", "<<", ">>", "'", "\"", "$", "#", "1e", "a.b", "%"},
    gen(200, 12345, Frags).

gen(0, _, _) -> ok;
gen(N, Seed0, Frags) ->
    {Len, Seed1} = next(Seed0, 12),
    {Text, Seed2} = frags(Len + 1, Seed1, Frags, []),
    {Chunk, Seed3} = next(Seed2, 7),
    io:format("~p ~p: ~p~n", [Text, Chunk + 1, feed(Text, Chunk + 1, {1, 1}, [])]),
    gen(N - 1, Seed3, Frags).

frags(0, Seed, _, Acc) -> {lists:append(lists:reverse(Acc)), Seed};
frags(N, Seed0, Frags, Acc) ->
    {I, Seed} = next(Seed0, tuple_size(Frags)),
    frags(N - 1, Seed, Frags, [element(I + 1, Frags) | Acc]).

next(Seed, Range) ->
    S = (Seed * 1103515245 + 12345) rem 2147483648,
    {(S div 65536) rem Range, S}.

%% continuation_location/1 of a continuation; a form that is done has none.
where({more, C}) -> erl_scan:continuation_location(C);
where({done, _, _} = Done) -> Done.

texts() ->
    ["a \x{1} b. c.", "x\n\n  a `\n b. c.", "\"abc\n", "  \n% hi\n", "a.%c\n",
     "1.5. ", "$. . ", "a.", "f(X) -> X. ", "a 1e. ", "a ... b. c.. d. ",
     "'q. r' x. \"s\\\". t\" y. ", "$\\. a. $\\\\. b. ", "a 37#1. b. ",
     "{1, [2, \"x\"], <<\"b\">>, #{k => v}}.\n", "foo(\n  bar).\n baz.\n",
     "1.0e400. ok. ", "'unterminated. \n more. ", "a.\tb.\rc.", "%% only\n",
     "X = 16#FF, Y = $a. Z. ", "a.b. c. ", "a .b. ", "[1|2]. 3."].
main() ->
    [io:format("~p ~p ~p: ~p~n", [T, N, Loc, feed(T, N, Loc, Opts)])
     || T <- texts(), N <- [1, 3, 1000], {Loc, Opts} <- [{1, []}, {{1, 1}, []}, {3, [text]}]],
    {more, C} = erl_scan:tokens([], "abc\n de", {2, 5}),
    io:format("~p~n", [erl_scan:continuation_location(C)]),
    %% a no-break space ends a form too (printed with ~w: the device
    %% encodings of the two sides differ)
    io:format("~w~n", [feed("a.\x{a0}b.", 1, 1, [text])]),
    [io:format("~p ~p: ~p~n", [T, L, where(erl_scan:tokens([], T, L))])
     || T <- ["ab", "ab ", "ab  ", "ab \n", "ab\n", "ab\n  ", "ab % c", "ab % c\n", "  ",
              "  \n x", "  \n", "\"x\n y", "12", "12 ", "f(", "f( ", "$", "16#", "X", "X =",
              "X == ", "a -", "a ->", "'q'", "'q", "<<", "a ...", "a..", "1.5e", "a. b"],
        L <- [1, {1, 1}, {3, 4}]],
    generated(),
    ok.
