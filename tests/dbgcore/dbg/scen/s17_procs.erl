%% p (procs): spawn, link, exit, register events.
-module(s17_procs).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [p])),
    dbgt:show(dbgt:ask(W, tm, reg, [a_name])),
    dbgt:show(dbgt:ask(W, tm, linker, [3])),
    dbgt:show(dbg:p(W, clear)),
    dbgt:stop().
