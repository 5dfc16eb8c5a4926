%% dtp/1 and dtp/0: numbers freed at the top are reused, built-ins stay.
-module(s03_dtp).
-export([main/0]).
main() ->
    [dbgt:show(dbg:tp(tm, g, [{[N], [], []}])) || N <- [1, 2, 3, 4]],
    dbgt:show(dbg:dtp(4)),
    dbgt:show(dbg:tp(tm, g, [{[5], [], []}])),
    dbgt:show(dbg:dtp(2)),
    dbgt:show(dbg:tp(tm, g, [{[6], [], []}])),
    dbgt:show(dbg:dtp(99)),
    dbgt:show(dbg:dtp(x)),
    dbgt:show(dbg:dtp(foo)),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:dtp()),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:tp(tm, g, [{[7], [], []}])),
    dbgt:stop().
