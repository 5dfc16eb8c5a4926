# proc_lib's crash report for a process it started that fails: OTP 25's
# fields, and the exception's stack without the frames of proc_lib itself
# (the last ones, as OTP leaves them out). erl's header carries a time
# stamp, ours none (docs/differences-from-erlang.md). The sizes and counts
# are this VM's: masked.
cat >plc.erl <<'ERL'
-module(plc).
-export([main/0, crash/1]).
crash(X) -> erlang:error({boom, X}).
main() ->
    proc_lib:spawn(?MODULE, crash, [1]),
    timer:sleep(100),
    proc_lib:spawn(fun() -> lists:map(fun(Y) -> Y + 1 end, [a]) end),
    timer:sleep(100).
ERL
"$DBGSH" -S 1 plc.erl -e 'plc:main()' 2>&1 | sed -E 's/<0\.[0-9]+\.0>/<PID>/g; s/(heap_size|stack_size|reductions): [0-9]+/\1: N/'
