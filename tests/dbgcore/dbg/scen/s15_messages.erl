%% p/1 (m): sends and receives of a worker.
-module(s15_messages).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    E = spawn(tm, echo, []),
    dbgt:show(dbg:p(W)),
    dbgt:show(dbgt:ask(W, tm, sender, [E, {W, hello}])),
    dbgt:show(dbgt:ask(W, tm, sender, [E, {W, [1, 2, 3]}])),
    dbgt:show(dbg:p(E, m)),
    dbgt:show(dbgt:ask(W, tm, sender, [E, {W, "text"}])),
    dbgt:show(dbg:p(E, clear)),
    E ! stop,
    dbgt:stop().
