%% Stray messages to the server and to the tracer are reported and ignored.
-module(s41_garbage).
-export([main/0]).
main() ->
    dbgt:show(dbg:tracer()),
    T = dbgt:tracer_pid(),
    dbg ! hello_server,
    dbgt:sync(),
    dbgt:show(dbg:get_tracer() =:= {ok, T}),
    T ! {hello, tracer},
    dbgt:sync(),
    T ! {trace_like, tuple},
    dbgt:sync(),
    dbgt:show(dbg:ltp() =:= ok),
    dbg ! {not_a_pid, request},
    dbgt:sync(),
    dbgt:show(dbg:get_tracer() =:= {ok, T}),
    dbgt:stop().
