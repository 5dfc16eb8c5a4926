%% The x alias (exception_trace): return values and exceptions.
-module(s11_alias_x).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tpl(tm, crash, x)),
    dbgt:show(dbg:tpl(tm, catcher, exception_trace)),
    dbgt:show(dbgt:ask(W, tm, catcher, [1])),
    dbgt:show(dbgt:ask(W, tm, catcher, [2])),
    dbgt:show(dbgt:ask(W, tm, crash, [3])),
    dbgt:stop().
