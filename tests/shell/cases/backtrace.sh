# c:bt/1 (the shell's bt/1) and erlang:process_display/2: a process's
# backtrace on standard error in OTP's layout, its frames innermost first,
# each caller's registers below its Return addr line, the end of the
# process last; return_trace's frame as an unknown function without
# registers. Addresses and offsets are this VM's: masked.
cat >btc.erl <<'ERL'
-module(btc).
-export([main/0, wait/1, outer/2, waiting/1]).
wait(A) -> receive stop -> A end.
outer(X, Y) -> R = wait(X), {R, Y}.
waiting(P) ->
    case process_info(P, status) of
        {status, waiting} -> ok;
        _ -> timer:sleep(5), waiting(P)
    end.
main() ->
    P = spawn(fun() -> outer([1, 2], {tag, "text", 2.5, <<"bin">>}) end),
    waiting(P),
    ok = c:bt(P),
    R = monitor(process, P),
    P ! stop,
    receive {'DOWN', R, _, _, _} -> ok end,
    io:format("after: ~p~n", [c:bt(P)]),
    %% wait/1 traced with return_trace: its frame of the trace engine
    %% comes between it and outer/2, and has no registers of its own
    dbg:tracer(process, {fun(_, S) -> S end, ok}),
    T = spawn(fun() -> receive go -> ok end, outer([3], x) end),
    dbg:p(T, [call]),
    dbg:tpl(btc, wait, [{'_', [], [{return_trace}]}]),
    T ! go,
    waiting(T),
    ok = c:bt(T),
    T ! stop.
ERL
"$DBGSH" -S 1 btc.erl -e 'btc:main()' 2>&1 | sed -E 's/0x[0-9a-f]{16}/ADDR/g; s/ \+ [0-9]+\)/ + N)/'
printf 'P = spawn(fun() -> receive after infinity -> ok end end), btc:waiting(P).\nbt(P).\nR = monitor(process, P), exit(P, kill), receive {'"'"'DOWN'"'"', R, _, _, _} -> ok end.\nbt(P).\n' | "$DBGSH" btc.erl 2>&1 | sed -E 's/0x[0-9a-f]{16}/ADDR/g; s/ \+ [0-9]+\)/ + N)/; s/<0\.[0-9]+\.0>/<PID>/'
