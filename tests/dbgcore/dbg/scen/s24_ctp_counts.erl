%% ctp/ctpl/ctpg in all their arities, with their counts.
-module(s24_ctp_counts).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:tp(tm, [])),
    dbgt:show(dbg:tpl(tm, k, [])),
    dbgt:show(dbg:ctpg(tm, f, 2)),
    dbgt:show(dbg:ctpg({tm, g, 1})),
    dbgt:show(dbg:ctpl(tm, k)),
    dbgt:show(dbg:ctp(tm, h)),
    dbgt:show(dbg:ctp(tm)),
    dbgt:show(dbg:tp(tm, [])),
    dbgt:show(dbg:ctpg(tm)),
    dbgt:show(dbg:tpl(tm, [])),
    dbgt:show(dbg:ctp({tm, '_', '_'})),
    dbgt:show(dbg:tpl({tm, f, 2}, [])),
    dbgt:show(dbgt:count(dbg:ctpl())),
    dbgt:show(dbg:tp({tm, f, 2}, [])),
    dbgt:show(dbgt:count(dbg:ctpg())),
    dbgt:show(dbg:tp(tm, g, 1, [])),
    dbgt:show(dbg:ctp(tm, g, 1)),
    dbgt:show(erlang:trace_info({tm, f, 2}, traced)),
    dbgt:stop().
