# --color and set color: trace lines coloured by kind of event (call cyan,
# return green, exception red, messages yellow/magenta, process events
# blue); never colour when it is off, nor in what filters and logs see;
# a bad value is one error line
cat > cm.erl <<'ERL'
-module(cm).
-export([f/1, g/1, ping/0]).
f(X) -> X * 2.
g(X) -> 1 / X.
ping() -> self() ! ping, receive ping -> ok end.
ERL
"$DBGSH" --color always -pa . <<'IN' | sed 's/\x1b/<ESC>/g'
tp cm x
p all c m
filter add -v /cm:ping/
log plain.log
cm:f(2).
catch cm:g(0).
cm:ping().
set color never
cm:f(3).
set color always
view
set
set color sometimes
IN
echo "exit $?"
echo "-- the log"
cat plain.log
echo "-- bad option"
"$DBGSH" --color sometimes
echo "exit $?"
