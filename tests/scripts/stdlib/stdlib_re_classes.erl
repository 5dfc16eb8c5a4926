-module(stdlib_re_classes).
-export([main/0]).

%% re's character classes and caseless matching over Latin-1 (128-255),
%% with and without unicode: OTP's PCRE has Latin-1 tables, so \w,
%% [[:alpha:]] and caseless matching know the Latin-1 letters. \w+ with
%% unicode is left out: OTP 25 never starts it at one, a PCRE 8.44 bug
%% (docs/differences-from-erlang.md). Printed with ~w: lists of the code
%% points that match.

main() ->
    Classes = ["\\w", "\\W", "\\d", "\\s", "[[:alpha:]]", "[[:upper:]]",
               "[[:lower:]]", "[[:punct:]]", "[[:print:]]", "[[:graph:]]",
               "[[:cntrl:]]", "[[:xdigit:]]", "[[:space:]]", "[\\w]", "[^\\w]",
               "a|\\w", "^\\w"],
    [begin
         io:format("~s~n", [C]),
         [io:format("  ~w ~w~n", [O, matching(C, O)])
          || O <- [[], [unicode], [unicode, ucp], [unicode, no_start_optimize]]]
     end || C <- Classes],
    io:format("caseless~n", []),
    [io:format("  ~w ~w~n", [O, caseless(O)]) || O <- [[], [unicode]]],
    io:format("word boundaries ~w~n",
              [[C || C <- lists:seq(128, 255),
                     re:run([C, $a], "\\b", [unicode]) =:= {match, [{2, 0}]}]]),
    ok.

matching(RE, Opts) ->
    [C || C <- lists:seq(128, 255), re:run([C], RE, Opts) =/= nomatch].

caseless(Opts) ->
    [{C, D} || C <- lists:seq(128, 255), D <- lists:seq(128, 255), C < D,
               re:run([C], [D], [caseless | Opts]) =/= nomatch].
