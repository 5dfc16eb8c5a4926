%% tpe/2 and ctpe/1: match specs on send and receive events.
-module(s23_tpe).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    E = spawn(tm, echo, []),
    dbgt:show(dbg:p(W, m)),
    dbgt:show(dbg:tpe(send, [{['_', {'_', keep}], [], []}])),
    dbgt:show(dbg:tpe('receive', [{['_', '_', {echo, '$1'}], [{'==', '$1', keep}], []}])),
    dbgt:show(dbgt:ask(W, tm, sender, [E, {W, drop}])),
    dbgt:show(dbgt:ask(W, tm, sender, [E, {W, keep}])),
    dbgt:show(dbg:ctpe(send)),
    dbgt:show(dbg:ctpe('receive')),
    dbgt:show(dbgt:ask(W, tm, sender, [E, {W, drop}])),
    dbgt:show(dbg:p(W, clear)),
    E ! stop,
    dbgt:stop().
