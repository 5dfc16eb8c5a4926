-module(stdlib_file_consult).
-export([main/0]).

%% file:consult/1 on terms, syntax errors, scan errors, encodings and bytes
%% that are not UTF-8, with file:format_error/1 of each error.

-define(F, "stdlib_file_consult.tmp").

c(Text) ->
    ok = file:write_file(?F, Text),
    R = file:consult(?F),
    io:format("~w~n  -> ~w~n", [Text, R]),
    case R of
        {error, E} -> io:format("  ~s~n", [file:format_error(E)]);
        _ -> ok
    end.

main() ->
    [c(T) || T <- texts()],
    ok = file:delete(?F),
    io:format("~w~n", [file:consult(?F)]),
    io:format("~w~n", [file:consult(".")]),
    io:format("~w~n", [file:consult(1)]),
    io:format("~w~n", [file:consult([?F | x])]),
    [io:format("~s~n", [file:format_error(E)])
     || E <- [enoent, eacces, eisdir, enotdir, eexist, enotempty, einval, eperm, exdev, eloop,
              enametoolong, enospc, erofs, ebadf, badarg, terminated, system_limit, foo, "x", 1,
              {3, erl_parse, ["syntax error before: ", "x"]},
              {4, erl_scan, {string, $", "ab"}},
              {5, file_io_server, invalid_unicode},
              {6, file, undefined_script},
              {7, file, {error, badarith, []}},
              {8, file, {badarith, []}}]],
    ok.

texts() ->
    ["a. b.",
     "a. b",
     "a.\n\n b c.\n",
     "a.\n\"abc",
     "a b.\n\"abc",
     "a.\n 'x\n\n",
     "a.\n %% comment\n",
     "a.\n 1.0e.\n",
     "{a,X}.\n",
     "a.b.\n",
     "",
     "\n\n   ",
     "f(). \n",
     "#{a=>1}. <<1,2>>. \"\\x{400}\". -3. +4. [1|2]. 'a b'. $a.\n",
     "a. b.% c\n",
     "x.\ty.\n",
     "1 + 2.\n",
     "a.\n\n\n\nb\n\n",
     "\"a\x{1}b\".",
     "{a\n,\n}.\n",
     "{1,2}.{3,4}.",
     "[1|2|3].",
     "<<\"abc\"/utf8>>.",
     "fun a/1.",
     "#{}.  %x\n -0.0. 2#101. $\\n. \"a\" \"b\". 1.5e3. 16#ff.",
     "'\\x{100}'. <<1:4>>. <<$a, \"bc\">>. {}. [].",
     "a.\r\nb.\r\n",
     "16#. a.",
     "\"\\x{110000}\".",
     "a. 1.0e999 b.\n c. \"x",
     "a. 'b\n\n\n",
     "a. $",
     <<"a.\n \"", 255, "\".\n">>,
     <<"a.\nb.\nc.\n\n\n d. \"", 255, "\".\n">>,
     <<"\n\na \"", 255, "\".\n">>,
     <<"a.\n\n\n\n", 16#c3>>,
     <<"a\n\n", 255>>,
     <<"\"ab\n\n", 255>>,
     <<"a.\n[1,\n2,\n3\n\n a. ", 255>>,
     <<"a.\n[1,\n2,\n3\n\n a.", 255>>,
     <<"a.\n\n\n\n\"\xc3\xa4\".">>,
     <<"%% -*- coding: latin-1 -*-\n \"", 255, "\".\n">>,
     <<"%% coding: latin-1\n\"\xc3\xa4\".">>,
     <<"\n%% coding: latin-1\n\"\xc3\xa4\".">>,
     <<"\n\n%% coding: latin-1\n\"\xc3\xa4\".">>,
     <<"%% coding: utf-8\n\"\xc3\xa4\".">>,
     <<"%% encoding: latin-1\n\"\xc3\xa4\".">>,
     <<"%% coding:latin1\n\"\xc3\xa4\".">>,
     <<"%% coding = LATIN-1\n\"\xc3\xa4\".">>,
     <<"a. % coding: latin-1\n\"\xc3\xa4\".">>,
     <<"%% coding: foo\n%% coding: latin-1\n\"\xc3\xa4\".">>,
     <<"\xef\xbb\xbf\"\xc3\xa4\".">>].
