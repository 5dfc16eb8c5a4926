# terms read from a pipe print as the Erlang shell prints values
printf '%s\n' \
  '{ok, [1,2,3], "text", #{key => <<"bin">>}, 16#ff, $a}.' \
  '{1,' ' 2}. [a|b].  '"'"'hello world'"'"'.' \
  '[{node, nonode@nohost}, {big, 18446744073709551616}, {f, 1000.0}].' \
  '{"a very long string that will not fit on one line with the rest", [1,2,3,4,5,6,7,8,9,10]}.' \
  'q().' '{never, printed}.' | "$DBGSH"
