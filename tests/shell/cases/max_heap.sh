# max_heap_size as the user sees it: the error logger's report, a logger
# event the default handler prints on standard output as erl's does (its
# time stamp masked here), when a process is killed over its limit, also
# when -e ends right after (the first run: -e prints nothing of its own,
# so that the report's order against it does not matter); and the
# gc_max_heap_size event in dbg's trace output, between the collection's
# start and the exit (the second run, the report left out: it comes as
# the tracer prints). The numbers are this VM's heap sizes (OTP's differ:
# it also counts the heap it is about to allocate), so they are checked
# here and not against erl.
cat >mhs.erl <<'ERL'
-module(mhs).
-export([run/1]).
grow(N, A) when N > 0 -> grow(N - 1, [N | A]);
grow(_, A) -> length(A).
run(Traced) ->
    {P, R} = spawn_opt(fun() -> receive go -> grow(100000, []) end end,
                       [monitor, {max_heap_size, 1000}]),
    Traced andalso dbg:p(P, [garbage_collection, procs]),
    P ! go,
    receive {'DOWN', R, process, P, Why} -> Why end.
ERL
"$DBGSH" -S 1 mhs.erl -e 'killed = mhs:run(false)' | sed 's/^=ERROR REPORT==== .* ===$/=ERROR REPORT==== DATE ===/'
echo "status ${PIPESTATUS[0]}"
"$DBGSH" -S 1 mhs.erl -e 'dbg:tracer(), R = mhs:run(true), timer:sleep(100), io:format("~p~n", [R])' 2>/dev/null |
    sed '/^=ERROR REPORT/,/^$/d' | grep -v "^ *{[a-z_]*,[0-9]*}[],]$" | sed 's/ \[{.*//'
# erl's flags set the same for every process spawned: +hmax kills a
# process that spawn_opt gave no limit, +hmaxel false keeps it quiet,
# +hms and +hmbs round up as erl's; bad values are refused (status 2).
"$DBGSH" -S 1 +hmax 2000 +hmaxel false +hms 500 +hmbs 50000 -e '
    {P, R} = spawn_monitor(fun() -> length(lists:seq(1, 100000)) end),
    receive {_, R, _, P, Why} -> io:format("~p~n", [Why]) end,
    io:format("~p~n", [[erlang:system_info(I) || I <- [max_heap_size, min_heap_size, min_bin_vheap_size]]])'
echo "status $?"
"$DBGSH" +hmax lots -e ok
echo "status $?"
"$DBGSH" +hmaxk yes -e ok
echo "status $?"
"$DBGSH" +hms -1 -e ok
echo "status $?"
