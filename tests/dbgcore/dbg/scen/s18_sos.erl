%% sos: children of a traced process are traced (and their children).
-module(s18_sos).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, sos])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, spawner, [1])),
    dbgt:show(dbgt:ask(W, tm, spawner, [2])),
    dbgt:stop().
