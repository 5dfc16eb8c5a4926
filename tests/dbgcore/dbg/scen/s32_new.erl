%% p(new, ...): processes made later are traced, earlier ones are not.
-module(s32_new).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    Old = dbgt:worker(),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbg:p(new, [c])),
    New = dbgt:worker(),
    dbgt:show(dbgt:ask(Old, tm, g, [1])),
    dbgt:show(dbgt:ask(New, tm, g, [2])),
    dbgt:show(dbg:p(new_processes, clear)),
    dbgt:show(dbg:p(New, clear)),
    dbgt:show(dbgt:ask(New, tm, g, [3])),
    dbgt:stop().
