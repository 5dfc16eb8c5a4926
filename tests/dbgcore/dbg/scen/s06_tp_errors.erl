%% Bad arguments to the pattern functions.
-module(s06_tp_errors).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:tp(tm, f, [{bad}])),
    dbgt:show(dbg:tp(tm, f, [{'_', [], [{no_such_action}]}])),
    dbgt:show(dbg:tp(tm, f, [{'_', [{no_such_guard, '$1'}], []}])),
    dbgt:show(dbg:tp(tm, f, not_a_list_spec)),
    dbgt:show(catch dbg:tp(tm, f, {a, tuple})),
    dbgt:show(catch dbg:tp(1, [])),
    dbgt:show(catch dbg:tp("tm", [])),
    dbgt:show(catch dbg:tpe(call, [])),
    dbgt:show(catch dbg:ctp(1)),
    dbgt:show(catch dbg:ctpe(call)),
    dbgt:show(dbg:tp({"a", b, c}, [])),
    dbgt:show(dbg:tp(no_such_module, [])),
    dbgt:show(dbg:tp(tm, no_such_function, [])),
    dbgt:show(dbg:ltp()),
    dbgt:stop().
