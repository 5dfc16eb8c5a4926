%% p(all | existing | processes, ...): every process (counts vary by VM).
-module(s33_all_existing).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:count(dbg:p(all, c))),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbgt:count(dbg:p(all, clear))),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:show(dbgt:count(dbg:p(existing, [c]))),
    dbgt:show(dbgt:ask(W, tm, g, [3])),
    dbgt:show(dbgt:count(dbg:p(existing_processes, clear))),
    dbgt:show(dbgt:count(dbg:p(processes, [c]))),
    dbgt:show(dbgt:ask(W, tm, g, [4])),
    dbgt:show(dbgt:count(dbg:p(processes, clear))),
    dbgt:stop().
