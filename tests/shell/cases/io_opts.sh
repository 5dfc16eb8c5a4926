# io:setopts on the user io server, then standard input read through it.
# Unicode: a line (its "\r\n" read as "\n"), N characters that are never
# part of one, io:read of a term with non-ASCII text. Binary mode, latin1
# and unicode: binaries of the request's encoding (UTF-8 of the bytes read
# as latin1 chars for the first), io:read. erl -noshell prints the same
# for these inputs. Binary lines, then bytes that are no UTF-8 on a
# unicode device: an error, the bytes kept for the next read (erl 25
# answers {error, collect_line} and drops what it had read).
printf 'cd\303\251\r\nxyz\303\251\nabcd\303\251fg\n{\303\244, "\303\266"}. rest\n' | $DBGSH -e '
  ok = io:setopts([{encoding, unicode}]),
  io:format("~w~n", [io:get_line("")]),
  io:format("~w~n", [[io:get_chars("", 4) || _ <- [1, 2, 3]]]),
  io:format("~w~n", [io:read("")]),
  io:format("~w~n", [[io:get_line(""), io:get_line("")]]).'
printf 'cd\303\251\r\nxyz\n{a}. xy' | $DBGSH -e '
  ok = io:setopts([binary]),
  io:format("~w~n", [[io:get_chars("", 4), io:get_chars("", 6)]]),
  io:format("~w~n", [[io:read(""), io:get_chars("", 3)]]).'
printf 'cd\303\251\r\nxyz\303\251\n{a}.xy' | $DBGSH -e '
  ok = io:setopts([binary, unicode]),
  io:format("~w~n", [[io:get_chars("", 4), io:get_chars("", 6)]]),
  io:format("~w~n", [[io:read(""), io:get_chars("", 3)]]).'
printf 'one\r\ntwo\n\351t\351\nlast' | $DBGSH -e '
  ok = io:setopts([binary]),
  io:format("~w~n", [[io:get_line(""), io:get_line("")]]),
  ok = io:setopts([list, unicode]),
  io:format("~w~n", [[io:get_line(""), io:get_chars("", 2)]]),
  ok = io:setopts([latin1]),
  io:format("~w~n", [[io:get_line(""), io:get_line(""), io:get_line("")]]).'
