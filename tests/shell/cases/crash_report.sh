# proc_lib's crash report for a process it started that fails: OTP 25's
# fields, and the exception's stack without the frames of proc_lib itself
# (the last ones, as OTP leaves them out). The report is a logger event
# that the default handler prints with erl's header; its time stamp, and
# the sizes and counts, which are this VM's, are masked.
cat >plc.erl <<'ERL'
-module(plc).
-export([main/0, crash/1]).
crash(X) -> erlang:error({boom, X}).
main() ->
    wait(proc_lib:spawn(?MODULE, crash, [1])),
    %% a process's report is written before it ends: in this order
    wait(proc_lib:spawn(fun() -> lists:map(fun(Y) -> Y + 1 end, [a]) end)).
wait(P) -> M = erlang:monitor(process, P), receive {'DOWN', M, _, _, _} -> ok end.
ERL
"$DBGSH" -S 1 plc.erl -e 'plc:main()' 2>&1 | sed -E 's/<0\.[0-9]+\.0>/<PID>/g; s/[0-9]{1,2}-[A-Z][a-z]{2}-[0-9]{4}::[0-9:.]{15}/DATE/; s/(heap_size|stack_size|reductions): [0-9]+/\1: N/'
