%% h/0 and every item of h/1; an unknown item is function_clause.
-module(s01_help).
-export([main/0]).
main() ->
    dbgt:show(dbg:h()),
    lists:foreach(fun(I) -> dbgt:show(dbg:h(I)) end,
                  [p, c, i, tp, tpl, ctp, ctpl, ctpg, ltp, dtp, wtp, rtp, n, cn, ln,
                   tracer, trace_port, trace_client, get_tracer, stop, stop_clear]),
    dbgt:show(catch dbg:h(nosuchitem)).
