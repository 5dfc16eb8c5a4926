%% Timestamp flags: trace_ts messages print "(Timestamp: ...)".
-module(s37_timestamps).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:tpl(tm, [{'_', [], [{return_trace}]}])),
    dbgt:show(dbg:p(W, [c, m, timestamp])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbg:p(W, clear)),
    dbgt:show(dbg:p(W, [c, monotonic_timestamp])),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbg:p(W, clear)),
    dbgt:show(dbg:p(W, [c, strict_monotonic_timestamp, timestamp])),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:stop().
