%% p(Item, clear) turns every flag off; i/0 shows what is left.
-module(s21_clear).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W1 = dbgt:worker(),
    W2 = dbgt:worker(),
    dbgt:show(dbg:p(W1, [c, m])),
    dbgt:show(dbg:p(W2, [c])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbg:i()),
    dbgt:show(dbg:p(W1, clear)),
    dbgt:show(dbgt:ask(W1, tm, g, [1])),
    dbgt:show(dbgt:ask(W2, tm, g, [2])),
    dbgt:show(dbg:i()),
    dbgt:show(dbg:p(W2, [clear])),
    dbgt:show(dbg:i()),
    dbgt:stop().
