%% sofs: only the first child is traced.
-module(s19_sofs).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, sofs])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, spawner, [1])),
    dbgt:show(dbgt:ask(W, tm, spawner, [2])),
    dbgt:stop().
