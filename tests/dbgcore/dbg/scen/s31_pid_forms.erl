%% p/2 items naming a pid: {X,Y,Z}, an integer, the text "<X.Y.Z>", a dead pid.
-module(s31_pid_forms).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    "<0." ++ Rest = pid_to_list(W),
    {Num, ".0>"} = string:to_integer(Rest),
    dbgt:show(dbg:tp(tm, g, [])),
    dbgt:show(dbg:p({0, Num, 0}, c)),
    dbgt:show(dbgt:ask(W, tm, g, [1])),
    dbgt:show(dbg:p(Num, clear)),
    dbgt:show(dbgt:ask(W, tm, g, [2])),
    dbgt:show(dbg:p(pid_to_list(W), [c])),
    dbgt:show(dbgt:ask(W, tm, g, [3])),
    dbgt:show(dbg:p(W, clear)),
    Dead = spawn(fun() -> ok end),
    dbgt:wait_exit(Dead),
    dbgt:show(dbg:p(Dead, c)),
    dbgt:show(dbg:p({1, 2}, c)),
    dbgt:stop().
