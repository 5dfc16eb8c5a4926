%% c/3,4: a call run in a fresh traced process, dbg stopped afterwards.
-module(s29_c).
-export([main/0]).
main() ->
    dbgt:show(dbg:c(tm, f, [1, 2], [bogus])),
    dbgt:show(dbg:c(tm, f, [1, 2], [c | x])),
    run(fun() -> dbg:c(tm, f, [1, 2], c) end),
    run(fun() -> dbg:c(tm, f, [3, 4], [c, arity]) end),
    run(fun() -> dbg:c(tm, catcher, [5], [c]) end),
    run(fun() -> dbg:c(tm, crash, [6], [c]) end),
    dbgt:show(whereis(dbg)).

%% Starts the tracer first (c/4 keeps it) so that its end can be awaited,
%% sets patterns, runs the c/4 call and prints its reply last.
run(Call) ->
    {ok, _} = dbg:tracer(),
    T = dbgt:tracer_pid(),
    {ok, _} = dbg:tp(tm, f, [{'_', [], [{return_trace}]}]),
    {ok, _} = dbg:tpl(tm, g, []),
    {ok, _} = dbg:tpl(tm, crash, x),
    Result = Call(),
    dbgt:wait_exit(T),
    dbgt:show(Result).
