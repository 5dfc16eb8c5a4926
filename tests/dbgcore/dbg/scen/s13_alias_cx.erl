%% cx and caller_exception_trace: caller and exceptions together.
-module(s13_alias_cx).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tpl(tm, crash, cx)),
    dbgt:show(dbg:tpl(tm, g, caller_exception_trace)),
    dbgt:show(dbgt:ask(W, tm, catcher, [1])),
    dbgt:show(dbgt:ask(W, tm, catcher, [0])),
    dbgt:show(dbgt:ask(W, tm, f, [4, 4])),
    dbgt:stop().
