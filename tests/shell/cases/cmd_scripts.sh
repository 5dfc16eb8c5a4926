# scripts: dbgsh FILE.dbg ARGS, -x, source, comments, $1..$9, on-error,
# save and replay
cat > m3.erl <<'ERL'
-module(m3).
-export([f/1]).
f(X) -> X + 1.
ERL
cat > t.dbg <<'DBG'
% a comment
# another
tp m3:$1 $2
p all c
% in Erlang lines $2 stays a character: m3:f(50)
m3:f($2).
Y = 1,
Z = Y + 1.
DBG
"$DBGSH" -pa . t.dbg f x
echo "exit $?"
# a '#' line is a comment unless a map or a record follows the '#'
cat > hash.dbg <<'DBG'
#!/usr/bin/env dbgsh
# a comment that ends with a dot.
#note{ this is a record, not a comment: the script stops here }.
DBG
"$DBGSH" -x hash.dbg
echo "exit $?"
cat > maps.dbg <<'DBG'
rd(pt, {x = 0, y = 0}).
#{a => 1}.
#pt{x = 3}.
  #pt.y.
#'pt'{y = 4}.
#comment: not Erlang
DBG
"$DBGSH" -x maps.dbg
echo "exit $?"
cat > bad.dbg <<'DBG'
tp m3:f
tp m3:
m3:f(1).
DBG
"$DBGSH" -pa . -x bad.dbg
echo "exit $?"
cat > cont.dbg <<'DBG'
set on-error continue
tp m3:
1 + 1.
DBG
"$DBGSH" -x cont.dbg
echo "exit $?"
cat > inner.dbg <<'DBG'
tp m3:f $1
DBG
"$DBGSH" -pa . <<'IN'
source inner.dbg c
p all c
m3:f(1).
filter add -v /returned/
session new s2
tp m3:f
save saved.dbg
IN
grep -v '^#' saved.dbg
"$DBGSH" -pa . <<'IN'
source saved.dbg
session list
IN
echo "exit $?"
