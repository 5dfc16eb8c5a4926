%% i/0: nothing traced, then processes with several flags, registered
%% workers and processes started from a module function.
-module(s22_info).
-export([main/0]).
main() ->
    dbgt:show(dbg:i()),
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:i()),
    W = dbgt:worker(),
    E = spawn(tm, echo, []),
    R = dbgt:worker(a_registered_worker),
    dbgt:show(dbg:p(W, [s, r, c, p, sos, sol, sofs, sofl])),
    dbgt:show(dbg:p(E, [c, arity, return_to, timestamp])),
    dbgt:show(dbg:p(a_registered_worker, [garbage_collection, exiting, silent])),
    dbgt:show(dbg:i()),
    dbgt:show(dbg:p(R, clear)),
    dbgt:show(dbg:p(E, clear)),
    dbgt:show(dbg:p(W, clear)),
    E ! stop,
    dbgt:stop(),
    dbgt:show(dbg:i()),
    dbgt:stop().
