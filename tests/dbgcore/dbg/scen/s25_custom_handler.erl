%% A tracer process with our own handler and state.
-module(s25_custom_handler).
-export([main/0]).
main() ->
    Handler = fun(Msg, N) ->
                      io:format("#~p ~p ~p~n", [N, element(1, Msg), element(3, Msg)]),
                      N + 1
              end,
    dbgt:show(dbg:tracer(process, {Handler, 1})),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, m])),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbgt:ask(W, tm, g, [3])),
    dbgt:show(dbg:tracer(process, {Handler, 1})),
    dbgt:stop().
