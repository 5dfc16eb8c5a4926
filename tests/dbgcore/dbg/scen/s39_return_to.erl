%% return_to: where each traced call returns to.
-module(s39_return_to).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, return_to])),
    dbgt:show(dbg:tpl(tm, [])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbgt:ask(W, tm, h, [1])),
    dbgt:show(dbgt:ask(W, tm, deep, [3])),
    dbgt:stop().
