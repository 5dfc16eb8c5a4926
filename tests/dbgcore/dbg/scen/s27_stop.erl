%% stop/0 clears the function and message patterns (when a tracer runs)
%% and the saved specs; stop_clear/0 is the same.
-module(s27_stop).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tp(tm, f, [{'_', [], [{return_trace}]}])),
    dbgt:show(dbg:tpl(tm, k, [])),
    dbgt:show(dbg:tpe(send, [{'_', [], []}])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 1])),
    dbgt:stop(),
    dbgt:show(whereis(dbg)),
    dbgt:show(erlang:trace_info({tm, f, 2}, traced)),
    dbgt:show(erlang:trace_info({tm, k, 1}, traced)),
    dbgt:show(erlang:trace_info(send, match_spec)),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:get_tracer()),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbg:stop_clear()),
    dbgt:show(erlang:trace_info({tm, g, 1}, traced)),
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbg:stop_clear()),
    dbgt:show(erlang:trace_info({tm, g, 1}, traced)).
