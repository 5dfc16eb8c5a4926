# sessions: each its own patterns and flags and collector; [NAME] before
# every line when there are several; pause, resume, destroy; views, grep
# and filters per session
cat > m2.erl <<'ERL'
-module(m2).
-export([a/1, b/1]).
a(X) -> {a, X}.
b(X) -> {b, X}.
ERL
"$DBGSH" -pa . <<'IN'
tp m2:a
p all c
m2:a(1).
session new web
tp m2:b
p all c
m2:a(2).
m2:b(2).
session list
session pause web
m2:b(3).
session resume web
m2:b(4).
i web
view
grep -v /m2:a/
session use main
view web
filter add /\(2\)/
m2:a(5).
m2:a(2).
view
filter list
filter clear
filter add -g -i /M2:B\(4/
view web
filter del 1
session destroy web
m2:a(6).
session list
set ring 2
session list
view
set ring 100000
m2:a(7).
view
IN
echo "exit $?"
