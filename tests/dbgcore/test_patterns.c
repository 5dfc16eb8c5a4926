/* test_patterns.c: dbgcore/bp.c's counters in a running VM: call_memory
 * as OTP 26 documents it (OTP 25, the oracle of the script tests, has
 * none), and call_count and call_time kept exactly while several
 * schedulers run the traced functions and patterns change under them. */
#include "tests/lib/engine_run.h"

TestSuite(patterns, .init = engine_watchdog);

/* Loads Module from its text, runs Module:run(), returns its result (on
 * vr.heap). */
static term_t run_module(const char *module, const char *text)
{
    char file[64];
    snprintf(file, sizeof file, "%s.erl", module);
    cr_assert(load_text(file, text), "%s does not compile", module);
    return engine_run(module);
}

/* OTP 26's trace_info(MFA, call_memory): "if there are outer, middle and
 * inner functions each allocating 3 words, but only outer is traced, it
 * will report 9 allocated words. If outer and inner are traced, 6 words
 * are reported for outer and 3 for inner." A 2-tuple is 3 words. */
static const char pm_text[] =
    "-module(pm).\n"
    "-export([run/0, outer/1, middle/1, inner/1]).\n"
    "outer(N) -> X = {N, N}, _ = middle(N), X.\n"
    "middle(N) -> X = {N, N}, _ = inner(N), X.\n"
    "inner(N) -> {N, N}.\n"
    "gone(Ps) -> [begin R = monitor(process, P), exit(P, kill), receive {'DOWN', R, _, _, _} -> ok end end\n"
    "             || P <- Ps].\n"
    "words(F) -> {call_memory, [{P, C, W}]} = erlang:trace_info({pm, F, 1}, call_memory),\n"
    "    P = self(), {C, W}.\n"
    "run() ->\n"
    "    T = spawn(fun() -> receive _ -> ok end end),\n"
    "    1 = erlang:trace(self(), true, [call, {tracer, T}]),\n"
    "    1 = erlang:trace_pattern({pm, outer, 1}, true, [call_memory]),\n"
    "    {call_memory, []} = erlang:trace_info({pm, outer, 1}, call_memory),\n"
    "    _ = outer(1),\n"
    "    Only = words(outer),\n"
    "    1 = erlang:trace_pattern({pm, inner, 1}, true, [call_memory]),\n"
    "    1 = erlang:trace_pattern({pm, outer, 1}, restart, [call_memory]),\n"
    "    _ = outer(2), _ = outer(3),\n"
    "    Both = {words(outer), words(inner)},\n"
    "    1 = erlang:trace_pattern({pm, inner, 1}, pause, [call_memory]),\n"
    "    _ = inner(4),\n"
    "    Paused = words(inner),\n"
    "    {all, All} = erlang:trace_info({pm, inner, 1}, all),\n"
    "    Keys = [K || {K, _} <- All],\n"
    "    _ = erlang:trace_pattern({pm, '_', '_'}, false, [call_memory]),\n"
    "    gone([T]),\n"
    "    {Only, Both, Paused, Keys, erlang:trace_info({pm, inner, 1}, call_memory),\n"
    "     erlang:trace_info({pm, inner, 1}, all)}.\n";

Test(patterns, call_memory_as_otp26_documents)
{
    engine_start_vm(1, NULL);
    term_t r = run_module("pm", pm_text);
    engine_expect(r, "{{1, 9}, {{2, 12}, {2, 6}}, {2, 6},"
                     " [traced, match_spec, meta, meta_match_spec, call_memory, call_time, call_count],"
                     " {call_memory, false}, {all, false}}");
    stop_vm();
}

/* call_count and call_time from 8 processes on 4 schedulers: every call
 * counted once, each process's own figures in call_time. */
static const char pc_text[] =
    "-module(pc).\n"
    "-export([run/0, f/1]).\n"
    "f(X) -> X + 1.\n"
    "loop(0) -> ok;\n"
    "loop(N) -> f(N), loop(N - 1).\n"
    "gone(Ps) -> [begin R = monitor(process, P), exit(P, kill), receive {'DOWN', R, _, _, _} -> ok end end\n"
    "             || P <- Ps].\n"
    "run() ->\n"
    "    Self = self(),\n"
    "    T = spawn(fun() -> receive _ -> ok end end),\n"
    "    1 = erlang:trace_pattern({pc, f, 1}, true, [call_count, call_time]),\n"
    "    erlang:trace(new, true, [call, {tracer, T}]),\n"
    "    Ps = [spawn(fun() -> loop(20000), Self ! {done, self()} end) || _ <- lists:seq(1, 8)],\n"
    "    erlang:trace(new, false, [call]),\n"
    "    [receive {done, P} -> ok end || P <- Ps],\n"
    "    {call_count, N} = erlang:trace_info({pc, f, 1}, call_count),\n"
    "    {call_time, L} = erlang:trace_info({pc, f, 1}, call_time),\n"
    "    PerProc = lists:sort([{P, C} || {P, C, _, _} <- L]),\n"
    "    gone([T | Ps]),\n"
    "    {N, PerProc =:= lists:sort([{P, 20000} || P <- Ps])}.\n";

Test(patterns, counters_on_four_schedulers)
{
    engine_start_vm(4, NULL);
    term_t r = run_module("pc", pc_text);
    engine_expect(r, "{160000, true}");
    stop_vm();
}

/* Patterns that change while 4 processes on 4 schedulers call the
 * function: pause, restart, true and false 100 times (each change waits
 * for thread progress: on 2 cores a few slices); afterwards a
 * fresh counter counts exactly, and nothing crashed. */
static const char ps_text[] =
    "-module(ps).\n"
    "-export([run/0, f/1]).\n"
    "f(X) -> X + 1.\n"
    "loop(0) -> ok;\n"
    "loop(N) -> f(N), loop(N - 1).\n"
    "gone(Ps) -> [begin R = monitor(process, P), exit(P, kill), receive {'DOWN', R, _, _, _} -> ok end end\n"
    "             || P <- Ps].\n"
    "spin(Parent) -> receive stop -> Parent ! {stopped, self()} after 0 -> loop(100), spin(Parent) end.\n"
    "flip(0) -> ok;\n"
    "flip(N) ->\n"
    "    Op = lists:nth(N rem 4 + 1, [true, pause, restart, false]),\n"
    "    erlang:trace_pattern({ps, f, 1}, Op, [call_count, call_time, meta]),\n"
    "    _ = erlang:trace_info({ps, f, 1}, all),\n"
    "    flip(N - 1).\n"
    "run() ->\n"
    "    Self = self(),\n"
    "    T = spawn(fun Sink() -> receive _ -> Sink() end end),\n"
    "    erlang:trace(new, true, [call, {tracer, T}]),\n"
    "    Ps = [spawn(fun() -> spin(Self) end) || _ <- lists:seq(1, 4)],\n"
    "    erlang:trace(new, false, [call]),\n"
    "    erlang:trace_pattern({ps, f, 1}, true, [{meta, T}]),\n"
    "    flip(100),\n"
    "    [P ! stop || P <- Ps],\n"
    "    [receive {stopped, P} -> ok end || P <- Ps],\n"
    "    1 = erlang:trace_pattern({ps, f, 1}, true, [call_count]),\n"
    "    loop(500),\n"
    "    gone([T | Ps]),\n"
    "    {erlang:trace_info({ps, f, 1}, call_count), erlang:trace_pattern({ps, f, 1}, false, [call_count, "
    "meta])}.\n";

Test(patterns, changes_under_running_schedulers)
{
    engine_start_vm(4, NULL);
    term_t r = run_module("ps", ps_text);
    engine_expect(r, "{{call_count, 500}, 1}");
    stop_vm();
}
