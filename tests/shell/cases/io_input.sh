# io's input functions on the user io server: get_line and get_chars read
# standard input after writing their prompts (an atom's name, a string,
# {format, F, A}), a last line without its newline comes whole, then eof;
# erl -noshell gives the same for the same input. Then a script on
# standard input: the program's get_line reads the script's next line,
# which the shell then does not run, as erl's shell does.
printf 'first line\nsecond\nabcdefg\nno newline' | $DBGSH -e '
  io:format("~p~n", [io:get_line("p1> ")]),
  io:format("~p~n", [io:get_line(standard_io, prompt2)]),
  io:format("~p~n", [io:get_chars("", 3)]),
  io:format("~p~n", [io:get_chars(user, "", 0)]),
  io:format("~p~n", [io:get_line(standard_error, "")]),
  io:format("~p~n", [io:get_line("")]),
  io:format("~p~n", [io:get_line({format, "~p>", [x]})]),
  io:format("~p~n", [io:get_line("")]),
  io:format("~p~n", [io:get_chars("", 2)]).'
printf 'X = io:get_line("").\nthis line is data\nX.\n' | $DBGSH
# Many reads at the end of input, each answered at once: the reference
# each read waits for is the one its reply carries (the reader thread may
# finish before the request returns; it once hung here).
$DBGSH -e 'io:format("~p~n", [lists:usort([io:get_line("") || _ <- lists:seq(1, 2000)])]).' </dev/null
# io:read, parse_erl_exprs, parse_erl_form and scan_erl_exprs on standard
# input (get_until with erl_scan:tokens): a term across lines, a scan
# error and what follows it, the rest of a line after a form for the next
# read, locations given; erl -noshell prints the same for the same input.
cat >rd.erl <<'ERL'
-module(rd).
-export([main/0]).
main() ->
    io:format("~p~n", [io:read("t> ")]),
    io:format("~p~n", [io:read(standard_io, "u> ")]),
    io:format("~p~n", [io:parse_erl_exprs("e> ")]),
    io:format("~p~n", [io:get_line("")]),
    io:format("~p~n", [io:parse_erl_form(standard_io, "f> ", {1, 1})]),
    io:format("~p~n", [io:scan_erl_exprs(user, "s> ", 7)]),
    io:format("~p~n", [io:read(standard_io, "", 1)]),
    io:format("~p~n", [io:read("")]),
    io:format("~p~n", [io:read("")]).
ERL
printf '{x,\n y}. 37#1. [1, 2\n].\nX = 1 + 2.   rest of line\nf() ->\n  ok. a b\n c.  ' |
    $DBGSH -e 'c:c("rd"), rd:main().'
