# filelib:wildcard where dbgsh differs from OTP 25 on purpose
# (docs/differences-from-erlang.md): braces inside braces are
# alternatives within an alternative (OTP's pattern compiler crashes with
# case_clause on them), and an escaped backslash matches a backslash
# (OTP's matches the two characters "@e"). An unclosed brace is still
# OTP's badpattern error.
mkdir t && touch t/ab t/ac t/ad t/b 't/a\b' t/a@eb
$DBGSH -e '
  io:format("~p~n", [filelib:wildcard("{a{b,c},b}", "t")]),
  io:format("~p~n", [filelib:wildcard("a{b,{c,[d-z]}}", "t")]),
  io:format("~p~n", [filelib:wildcard("a\\\\b", "t")]),
  io:format("~p~n", [try filelib:wildcard("{a,{b}", "t") catch error:R -> R end]).'
