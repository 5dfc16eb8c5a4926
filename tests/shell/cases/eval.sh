# -e evaluates in a fresh process and exits: 0 when it returns, 1 when it
# fails (the reason on stderr), N on halt(N); -S checks its value; a module
# given as FILE.erl is loaded first, and modules load from -pa directories.
d=$(mktemp -d)
printf -- '-module(m1).\n-export([f/1]).\nf(X) -> {X, ?MODULE}.\n' > "$d/m1.erl"
printf -- '-module(m2).\n-export([g/0]).\ng() -> m1:f(2).\n' > "$d/m2.erl"
"$DBGSH" -S 1 -e 'io:format("~p~n", [lists:seq(1, 3)])'; echo "status $?"
"$DBGSH" -S 2 "$d/m1.erl" -e 'io:format("~p~n", [m1:f(1)])'; echo "status $?"
"$DBGSH" -S 1 -pa "$d" -e 'io:format("~p~n", [m2:g()])'; echo "status $?"
"$DBGSH" -S 1 -e 'io:format("a~n"), halt(3), io:format("b~n")'; echo "status $?"
"$DBGSH" -S 1 -e 'X = 1, X = 2' 2>/dev/null; echo "status $?"
"$DBGSH" -S 1 -e 'nomodule:f()' 2>/dev/null; echo "status $?"
"$DBGSH" -S 0 -e 'ok'; echo "status $?"
rm -rf "$d"
