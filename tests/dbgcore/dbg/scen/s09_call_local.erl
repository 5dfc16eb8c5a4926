%% tpl traces local calls too; ctpl takes them away again.
-module(s09_call_local).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [call])),
    dbgt:show(dbg:tpl(tm, k, [])),
    dbgt:show(dbg:tpl(tm, h, 1, [])),
    dbgt:show(dbgt:ask(W, tm, h, [3])),
    dbgt:show(dbg:ctpl(tm, k, 1)),
    dbgt:show(dbgt:ask(W, tm, h, [4])),
    dbgt:show(dbg:ctpl(tm)),
    dbgt:show(dbgt:ask(W, tm, h, [5])),
    dbgt:stop().
