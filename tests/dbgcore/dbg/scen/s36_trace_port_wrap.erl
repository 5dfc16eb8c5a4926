%% A wrap-log trace port: files are deleted and written round, and
%% trace_client reads them in order.
-module(s36_trace_port_wrap).
-export([main/0]).
main() ->
    ok = file:write_file("wrap9.tlog", <<"stale">>),
    {ok, _} = dbg:tracer(port, dbg:trace_port(file, {"wrap", wrap, ".tlog", 200, 3})),
    dbgt:show(lists:sort(filelib_wildcard())),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c])),
    dbgt:show(dbg:tpl(tm, [])),
    dbgt:show(dbgt:ask(W, tm, nontail, [12])),
    dbgt:stop(),
    dbgt:show(lists:sort(filelib_wildcard())),
    Self = self(),
    Collect = fun(end_of_trace, Acc) -> Self ! {args, lists:reverse(Acc)}, Acc;
                 ({trace, _, call, {_, _, Args}}, Acc) -> [Args | Acc];
                 (Other, Acc) -> [Other | Acc]
              end,
    C = dbg:trace_client(file, {"wrap", wrap, ".tlog", 200, 3}, {Collect, []}),
    receive {args, As} -> dbgt:show(As) end,
    dbgt:wait_exit(C),
    dbgt:stop().

filelib_wildcard() ->
    {ok, Files} = file:list_dir("."),
    [F || F <- Files, lists:prefix("wrap", F)].
