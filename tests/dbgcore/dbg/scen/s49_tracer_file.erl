%% tracer(file, Filename), which OTP 25 lacks: a process tracer whose
%% handler opens the file on the first message and prints there what the
%% default handler prints. On OTP 25 (function_clause) the scenario sets up
%% the same tracer by hand, as later OTP defines it, so that the expected
%% output still comes from OTP. The calls run in a spawned process, whose
%% pid is as wide on both sides (erl -eval runs main/0 in <0.9.0>), so
%% that the wrapped lines below match.
-module(s49_tracer_file).
-export([main/0]).
main() ->
    Self = self(),
    {Pid, Ref} = spawn_monitor(fun() -> run(), Self ! done end),
    receive done -> ok; {'DOWN', Ref, _, Pid, Why} -> io:format("~p~n", [Why]) end.

run() ->
    Started = case catch dbg:tracer(file, "trace.txt") of
                  {'EXIT', {function_clause, _}} ->
                      dbg:tracer(process, {fun later_otp_handler/2, undefined});
                  Other ->
                      Other
              end,
    dbgt:show(Started),
    dbgt:show(file:read_file_info("trace.txt")),
    W = dbgt:worker(),
    dbgt:show(dbg:p(W, [c, m])),
    dbgt:show(dbg:tpl(tm, [{'_', [], [{return_trace}]}])),
    dbgt:show(dbgt:ask(W, tm, f, [1, 2])),
    dbgt:show(dbgt:ask(W, tm, big, [40])),
    dbgt:stop(),
    dbgt:print_file("trace.txt").

later_otp_handler(Msg, undefined) ->
    {ok, Dev} = file:open("trace.txt", [write]),
    later_otp_handler(Msg, Dev);
later_otp_handler(Msg, Dev) ->
    _ = dbg:dhandler(Msg, Dev),
    Dev.
