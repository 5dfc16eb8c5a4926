-module(io_read_file).
-export([main/0, two_lines/2]).

%% io:read/2,3,4, scan_erl_exprs, scan_erl_form, parse_erl_exprs and
%% parse_erl_form on a file (its io server's get_until request with
%% erl_scan:tokens): a term across lines, what a form leaves of its line
%% for the next read (get_line sees it), a term that is no term, a scan
%% error and what follows it, a syntax error, eof with and without white
%% space before it; then in binary mode and in UTF-8; and a get_until of
%% the program's own function.
main() ->
    File = "io_read_file.txt",
    ok = file:write_file(File, "{a,\n [1, \"two\"]}. 3.\n"
                               "X + 1 % comment\n * 2. f(X) -> X.\n"
                               "1 + 2. 37#1. ok. foo(.\n"
                               "tail line\n  \n"),
    {ok, F} = file:open(File, [read]),
    R1 = [io:read(F, ""), io:get_line(F, ""),
          io:parse_erl_exprs(F, "", 5), io:parse_erl_form(F, "", {1, 1}),
          io:read(F, ""), io:scan_erl_exprs(F, ""), io:read(F, "", 1),
          io:parse_erl_exprs(F, ""), io:get_line(F, ""),
          io:scan_erl_form(F, "", 1, [text]), io:read(F, ""), io:read(F, "", 1)],
    ok = file:close(F),
    [io:format("~p~n", [R]) || R <- R1],
    {ok, B} = file:open(File, [read, binary]),
    R2 = [io:read(B, ""), io:get_line(B, ""), io:scan_erl_exprs(B, "", {1, 1})],
    ok = file:close(B),
    io:format("~p~n", [R2]),
    ok = file:write_file(File, unicode:characters_to_binary("{\"\x{e9}t\x{e9}\", '\x{3b1}'}. [\x{1f600}].\n")),
    {ok, U} = file:open(File, [read, {encoding, utf8}]),
    R3 = [io:read(U, ""), io:read(U, ""), io:read(U, "")],
    ok = file:close(U),
    io:format("~w~n", [R3]),
    ok = file:write_file(File, "abc\ndef\n"),
    {ok, G} = file:open(File, [read]),
    %% a function of the program's own: two lines, then the rest back
    Two = io:request(G, {get_until, unicode, "", ?MODULE, two_lines, []}),
    io:format("~p ~p ~p~n", [Two, io:get_chars(G, "", 2), io:request(G, {get_until, unicode, "", ?MODULE, two_lines, []})]),
    ok = file:close(G),
    ok = file:delete(File).

two_lines([], eof) -> {done, eof, eof};
two_lines([], Line) -> {more, {one, Line}};
two_lines({one, First}, eof) -> {done, {only, First}, eof};
two_lines({one, First}, [C | Rest]) -> {done, {two, First, [C]}, Rest}.
