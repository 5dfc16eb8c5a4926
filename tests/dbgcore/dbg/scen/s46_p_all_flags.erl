%% p(Item, all) sets every flag but silent and running; i/0 lists them.
%% The handler skips in/out events (when they come is up to the VM).
-module(s46_p_all_flags).
-export([main/0]).
main() ->
    Handler = fun(Msg, Out) when element(3, Msg) =:= in; element(3, Msg) =:= out -> Out;
                 (Msg, Out) -> dbg:dhandler(Msg, Out)
              end,
    dbgt:show(dbg:tracer(process, {Handler, user})),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, all)),
    dbgt:show(dbg:i()),
    dbgt:show(erlang:trace_info(W, flags)),
    dbgt:show(dbg:p(W, clear)),
    dbgt:show(erlang:trace_info(W, flags)),
    dbgt:show(dbg:p(W, [c, arity, return_to, silent])),
    dbgt:show(dbg:i()),
    dbgt:show(dbg:p(W, clear)),
    dbgt:stop().
