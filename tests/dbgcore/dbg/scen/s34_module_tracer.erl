%% tracer(module, ...): the tracer is {Module, State}; an unloadable tracer
%% module makes erlang:trace/3 fail, reported in the match list.
-module(s34_module_tracer).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer(module, {no_such_tracer_module, some_state})),
    dbgt:show(dbg:get_tracer()),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, c)),
    dbgt:show(dbg:i()),
    dbgt:stop(),
    dbgt:show(dbg:tracer(module, fun() -> {no_such_tracer_module, other} end)),
    dbgt:show(dbg:get_tracer()),
    dbgt:stop(),
    dbgt:show(dbg:tracer(module, fun() -> exit(no_tracer) end)),
    dbgt:stop().
