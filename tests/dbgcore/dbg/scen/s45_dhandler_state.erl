%% A handler that wraps dbg:dhandler/2 and shows the state it returns.
-module(s45_dhandler_state).
-export([main/0]).
main() ->
    Handler = fun(Msg, Out) ->
                      Out1 = dbg:dhandler(Msg, Out),
                      io:format("state ~p~n", [Out1]),
                      Out1
              end,
    dbgt:show(dbg:tracer(process, {Handler, user})),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:show(dbg:dhandler(end_of_trace, some_state)),
    dbgt:show(dbg:dhandler({not_trace, 1, 2}, some_state)),
    dbgt:show(dbg:dhandler({trace, W}, some_state)),
    dbgt:show(dbg:dhandler(not_a_tuple, some_state)),
    dbgt:show(dbg:dhandler({trace, W, 'receive', {dbg, ok}}, {user, ""})),
    dbgt:show(dbg:dhandler({trace, W, call, {tm, g, [9]}}, {user, ""})),
    dbgt:show(dbg:dhandler({trace_ts, W, call, {tm, g, 2}, {1, 2, 3}}, {user, ""})),
    dbgt:show(dbg:dhandler({drop, 5}, {user, ""})),
    dbgt:show(dbg:dhandler({seq_trace, 0, {send, {0, 1}, W, W, hello}}, {user, ""})),
    dbgt:show(dbg:dhandler({trace, W, spawn, W, {tm, g, [1]}}, {user, ""})),
    dbgt:show(dbg:dhandler({trace, W, link, W}, {user, ""})),
    dbgt:stop().
