%% A file trace port, flushed and read back by trace_client/2,3.
-module(s35_trace_port_file).
-export([main/0]).
main() ->
    Fun = dbg:trace_port(file, "trace.log"),
    dbgt:show(is_function(Fun, 0)),
    dbgt:show(dbg:flush_trace_port()),
    {ok, _} = dbg:tracer(port, Fun),
    {ok, Port} = dbg:get_tracer(),
    dbgt:show(is_port(Port)),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, m])),
    dbgt:show(dbg:tpl(tm, [{'_', [], [{return_trace}]}])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbg:flush_trace_port()),
    dbgt:show(dbg:trace_port_control(flush)),
    dbgt:stop(),
    dbgt:show(dbg:flush_trace_port()),
    C1 = dbg:trace_client(file, "trace.log"),
    dbgt:wait_exit(C1),
    Self = self(),
    Collect = fun(end_of_trace, N) -> Self ! {terms, N}, N;
                 (Msg, N) -> io:format("term ~p~n", [element(3, Msg)]), N + 1
              end,
    C2 = dbg:trace_client(file, "trace.log", {Collect, 0}),
    receive {terms, N} -> dbgt:show(N) end,
    dbgt:wait_exit(C2),
    dbgt:stop().
