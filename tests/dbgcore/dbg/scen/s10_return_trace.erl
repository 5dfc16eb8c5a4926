%% return_trace in a match spec: "returned from" lines.
-module(s10_return_trace).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tpl(tm, [{'_', [], [{return_trace}]}])),
    dbgt:show(dbgt:ask(W, tm, f, [2, 3])),
    dbgt:show(dbgt:ask(W, tm, nontail, [2])),
    dbgt:show(dbgt:ask(W, tm, big, [30])),
    dbgt:stop().
