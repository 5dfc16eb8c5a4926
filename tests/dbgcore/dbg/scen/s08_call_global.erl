%% Global call trace: exported calls are traced, local ones are not.
-module(s08_call_global).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tp(tm, [])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbgt:ask(W, tm, h, [3])),
    dbgt:show(dbgt:ask(W, tm, nested, [x])),
    dbgt:show(dbg:ctp(tm, f)),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:stop().
