%% A follow_file trace client reads a log while it grows, until stopped.
-module(s47_follow_file).
-export([main/0]).
main() ->
    {ok, _} = dbg:tracer(port, dbg:trace_port(file, "follow.log")),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbg:flush_trace_port()),
    Self = self(),
    Report = fun(Msg, N) -> Self ! {seen, Msg}, N + 1 end,
    C = dbg:trace_client(follow_file, "follow.log", {Report, 0}),
    receive {seen, M1} -> dbgt:show(element(4, M1)) end,
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:show(dbg:flush_trace_port()),
    receive {seen, M2} -> dbgt:show(element(4, M2)) end,
    dbgt:show(dbg:stop_trace_client(C)),
    dbgt:show(is_process_alive(C)),
    dbgt:show(catch dbg:stop_trace_client(C)),
    dbgt:stop().
