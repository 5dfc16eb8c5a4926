%% Match specs that filter on arguments and add {message, ...}.
-module(s14_ms_filter).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:tp(tm, f, [{[1, '_'], [], []},
                             {['$1', '$2'], [{'>', '$2', 10}], [{message, {{big, '$2'}}}]}])),
    dbgt:show(dbg:tp(tm, g, 1, [{['$1'], [{is_atom, '$1'}], [{message, false}]},
                                {['_'], [], [{message, '$_'}]}])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 1])),
    dbgt:show(dbgt:ask(W, tm, f, [2, 2])),
    dbgt:show(dbgt:ask(W, tm, f, [3, 30])),
    dbgt:show(catch dbgt:ask(W, tm, g, [a])),
    dbgt:show(dbgt:ask(W, tm, g, [7])),
    dbgt:stop().
