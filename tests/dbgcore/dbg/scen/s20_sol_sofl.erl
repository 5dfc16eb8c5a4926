%% sol and sofl: processes linked to a traced process are traced.
-module(s20_sol_sofl).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, sol])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, linker, [1])),
    dbgt:show(dbgt:ask(W, tm, linker, [2])),
    W2 = dbgt:worker(),
    dbgt:show(dbg:p(W2, [c, sofl])),
    dbgt:show(dbgt:ask(W2, tm, linker, [3])),
    dbgt:show(dbgt:ask(W2, tm, linker, [4])),
    dbgt:stop().
