%% Saved match specs without a tracer: numbering, reuse of an equal spec,
%% the built-in aliases and their long names, unknown names and numbers.
-module(s02_saved_numbering).
-export([main/0]).
main() ->
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:tp(tm, f, [{[1, '_'], [], []}])),
    dbgt:show(dbg:tp(tm, g, [{['_'], [], [{return_trace}]}])),
    dbgt:show(dbg:tp(tm, f, [{[1, '_'], [], []}])),
    dbgt:show(dbg:tp(tm, f, 2, [{'_', [], [{exception_trace}]}])),
    dbgt:show(dbg:tpl(tm, x)),
    dbgt:show(dbg:tp(tm, exception_trace)),
    dbgt:show(dbg:tp(tm, c)),
    dbgt:show(dbg:tp(tm, caller_trace)),
    dbgt:show(dbg:tp(tm, cx)),
    dbgt:show(dbg:tp(tm, caller_exception_trace)),
    dbgt:show(dbg:tp(tm, 1)),
    dbgt:show(dbg:tp({tm, g, 1}, 2)),
    dbgt:show(dbg:tp(tm, 7)),
    dbgt:show(dbg:tp(tm, nosuchname)),
    dbgt:show(dbg:tp(tm, [])),
    dbgt:show(dbg:tpe(send, [{['_', hello], [], []}])),
    dbgt:show(dbg:ltp()),
    dbgt:show(dbg:get_tracer()),
    dbgt:stop().
