%% p/2 errors, without and with a tracer.
-module(s07_p_errors).
-export([main/0]).
main() ->
    W = dbgt:worker(),
    dbgt:show(dbg:p(all, c)),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:p(W, [bogus])),
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:p(W, [c, bogus, m])),
    dbgt:show(dbg:p(W, bogus)),
    dbgt:show(dbg:p(W, [c | d])),
    dbgt:show(dbg:p(W, {c})),
    dbgt:show(dbg:p(W, [{tracer, self()}])),
    dbgt:show(dbg:p(W, [clear, c])),
    dbgt:show(dbg:p(W, [cpu_timestamp])),
    dbgt:show(dbg:p(1.5, c)),
    dbgt:show(dbg:p("junk", c)),
    dbgt:show(dbg:p([], c)),
    dbgt:show(dbg:p(no_such_name, c)),
    dbgt:show(dbg:i()),
    dbgt:stop().
