%% p/2 on registered names.
-module(s30_registered).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(the_worker),
    dbgt:show(dbg:p(the_worker, c)),
    dbgt:show(dbg:p(no_such_name, c)),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbg:p(the_worker, clear)),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:stop().
