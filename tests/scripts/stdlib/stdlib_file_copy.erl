-module(stdlib_file_copy).
-export([main/0]).

%% file:copy/2,3: between names, {Name, Modes} and open files, byte
%% counts (an atom is no limit), and errors.

-define(D, "stdlib_file_copy.tmp").

p(Label, X) -> io:format("~s: ~p~n", [Label, X]).

in(P) -> filename:join(?D, P).

main() ->
    _ = file:del_dir_r(?D),
    ok = file:make_dir(?D),
    ok = file:make_dir(in("dir")),
    Src = in("src"),
    ok = file:write_file(Src, "hello world"),
    p("names", file:copy(Src, in("a"))),
    p("copied", file:read_file(in("a"))),
    p("three bytes", file:copy(Src, in("b"), 3)),
    p("copied", file:read_file(in("b"))),
    p("none", file:copy(Src, in("c"), 0)),
    p("copied", file:read_file(in("c"))),
    p("atom count", file:copy(Src, in("d"), whatever)),
    p("binary names", file:copy(list_to_binary(Src), list_to_binary(in("e")))),
    p("appended", file:copy(Src, {in("e"), [append]})),
    p("copied", file:read_file(in("e"))),
    p("modes both", file:copy({Src, [read]}, {in("f"), [exclusive]})),
    p("exclusive again", file:copy(Src, {in("f"), [exclusive]})),
    p("unknown modes", file:copy({Src, [bad]}, {in("g"), [{encoding, utf8}]})),
    p("copied", file:read_file(in("g"))),
    {ok, In} = file:open(Src, [read]),
    p("from an open file", file:copy(In, in("h"), 5)),
    p("the rest", file:copy(In, in("i"))),
    p("copied", [file:read_file(in("h")), file:read_file(in("i"))]),
    p("at the end", file:copy(In, in("j"))),
    ok = file:close(In),
    {ok, Out} = file:open(in("k"), [write]),
    p("to an open file", file:copy(Src, Out)),
    p("again", file:copy(Src, Out, 5)),
    ok = file:close(Out),
    p("copied", file:read_file(in("k"))),
    {ok, B1} = file:open(Src, [read, binary]),
    {ok, B2} = file:open(in("l"), [write, binary]),
    p("open to open", file:copy(B1, B2, 8)),
    p("into a file read only", file:copy(B2, B1)),
    ok = file:close(B1),
    ok = file:close(B2),
    p("copied", file:read_file(in("l"))),
    p("bad count", file:copy(Src, in("m"), -1)),
    p("from a directory", file:copy(in("dir"), in("m"))),
    p("to a directory", file:copy(Src, in("dir"))),
    p("missing", file:copy(in("missing"), in("m"))),
    p("no such directory", file:copy(Src, in("no/m"))),
    p("bad names", [file:copy(1, in("m")), file:copy(Src, {a}), file:copy({Src, foo}, in("m"))]),
    p("m made", filelib:is_file(in("m"))),
    p("onto itself", file:copy(Src, Src)),
    p("left", file:read_file(Src)),
    ok = file:del_dir_r(?D).
