%% The c and caller_trace aliases: the caller in the call line.
-module(s12_alias_c).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tpl(tm, g, c)),
    dbgt:show(dbg:tpl(tm, k, caller_trace)),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbgt:ask(W, tm, h, [1])),
    dbgt:show(dbgt:ask(W, tm, g, [5])),
    dbgt:stop().
