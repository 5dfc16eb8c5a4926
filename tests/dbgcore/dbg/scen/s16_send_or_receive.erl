%% s and r alone; a receive of {dbg,ok} is not printed.
-module(s16_send_or_receive).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, s)),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbg:p(W, clear)),
    dbgt:show(dbg:p(W, r)),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:tell(W, {dbg, ok}),
    dbgt:tell(W, {dbg, other}),
    dbgt:stop().
