%% A handler that fails ends the tracer, and the server with it; dbg
%% starts afresh afterwards.
-module(s26_tracer_death).
-export([main/0]).
main() ->
    Handler = fun(Msg, N) when N >= 2 -> exit({enough, element(3, Msg)});
                 (Msg, N) -> io:format("seen ~p~n", [element(3, Msg)]), N + 1
              end,
    dbgt:show(dbg:tracer(process, {Handler, 0})),
    {ok, T} = dbg:get_tracer(),
    Server = whereis(dbg),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    W ! {call, self(), tm, g, [3]},
    receive {result, W, R} -> dbgt:show(R) end,
    dbgt:wait_exit(T),
    dbgt:wait_exit(Server),
    dbgt:show(whereis(dbg)),
    dbgt:show(dbg:get_tracer()),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbgt:ask(W, tm, g, [4])),
    dbgt:stop().
