%% arity: call lines show M:F/A instead of the arguments.
-module(s40_arity).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, arity])),
    dbgt:show(dbg:tpl(tm, [{'_', [], [{return_trace}]}])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbgt:ask(W, tm, nested, [abc])),
    dbgt:stop().
