%% exception_from for every traced frame an exception unwinds.
-module(s38_exceptions_deep).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tpl(tm, x)),
    dbgt:show(dbgt:ask(W, tm, catcher, [0])),
    dbgt:show(dbgt:ask(W, tm, g, [not_a_number])),
    dbgt:show(dbgt:ask(W, tm, f, [x, 1])),
    dbgt:stop().
