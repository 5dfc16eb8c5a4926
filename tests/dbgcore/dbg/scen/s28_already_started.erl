%% tracer/0,2 when a tracer runs; get_tracer/0,1; the server's pid.
-module(s28_already_started).
-export([main/0]).
main() ->
    dbgt:show(dbg:get_tracer()),
    {ok, S} = dbg:tracer(),
    dbgt:show(S =:= whereis(dbg)),
    dbgt:show(dbg:tracer()),
    dbgt:show(dbg:tracer(process, {fun dbg:dhandler/2, user})),
    dbgt:show(dbg:tracer(module, {some_module, state})),
    {ok, T} = dbg:get_tracer(),
    dbgt:show(is_pid(T) andalso T =/= S),
    dbgt:show(dbg:get_tracer(nonode@nohost)),
    dbgt:show(dbg:get_tracer(other@host)),
    dbgt:show(catch dbg:tracer(no_such_type, data)),
    dbgt:show(catch dbg:tracer(port, not_a_port)),
    dbgt:show(catch dbg:start()),
    dbgt:stop().
