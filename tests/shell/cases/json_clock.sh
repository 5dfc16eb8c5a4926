# --json / set json: one JSON object per trace event (every line parses;
# "session" first when there are several sessions), filters still match
# dbg's text; --clock iso / set clock iso: {M,S,U} timestamps as UTC wall
# clock; both for --format too. Times vary, so they are masked. (Live
# events of two sessions print in the order the sessions are drained, so
# the second session traces a later call.)
cat > cm.erl <<'ERL'
-module(cm).
-export([f/1, g/1]).
f(X) -> {X, "done"}.
g(X) -> X.
ERL
mask() {
    sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z/<ISO>/g; s/\{[0-9]+,[0-9]+,[0-9]+\}/{<NOW>}/g'
}
"$DBGSH" -pa . --json <<'IN' | tee out.txt | mask
tp cm:f x
p all c timestamp
filter add -v /returned/
cm:f(1).
filter clear
set clock iso
cm:f(2).
session new web
tp cm:g
p all c
cm:f(3), cm:g(3).
session destroy web
set json off
cm:f(4).
set json maybe
dbg:stop(), dbg:tracer(port, dbg:trace_port(file, "t.trc")), dbg:p(all, [c, timestamp]), dbg:tp(cm, x), ok.
cm:f(5).
dbg:stop().
IN
echo "exit $?"
echo "-- every JSON line parses, with its event"
grep '^{"' out.txt | python3 -c 'import json, sys
for l in sys.stdin:
    o = json.loads(l)
    print(o.get("session", "-"), o["event"], o.get("args", o.get("value")))'
echo "-- --format --json --clock iso"
"$DBGSH" --format t.trc --json --clock iso | mask
"$DBGSH" --format t.trc --clock iso --grep 'call' | mask
"$DBGSH" --format t.trc --clock sometimes
echo "exit $?"
