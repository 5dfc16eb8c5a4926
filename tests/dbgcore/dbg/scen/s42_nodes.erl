%% n/1, cn/1, ln/0 and tracer/3 on a node that is not distributed.
-module(s42_nodes).
-export([main/0]).
main() ->
    dbgt:show(dbg:ln()),
    dbgt:show(dbg:n(node())),
    dbgt:show(dbg:n(other@host)),
    dbgt:show(dbg:tracer(node(), process, {fun dbg:dhandler/2, user})),
    dbgt:show(dbg:ln()),
    dbgt:show(dbg:tracer(node(), process, {fun dbg:dhandler/2, user})),
    dbgt:show(dbg:tracer(other@host, process, {fun dbg:dhandler/2, user})),
    dbgt:show(dbg:cn(other@host)),
    dbgt:show(dbg:ln()),
    W = dbgt:worker(),
    dbgt:show(dbg:cn(node())),
    dbgt:show(dbg:ln()),
    dbgt:show(dbg:get_tracer()),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:p(all, c)),
    dbgt:show(dbg:tp(tm, [])),
    dbgt:show(dbg:i()),
    dbgt:stop().
