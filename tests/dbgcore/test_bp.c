/* test_bp.c: dbgcore/bp.c's staging in a running VM: one request over
 * records whose settings differ (more than the staging list shares at
 * once), per-function counters beside a shared call trace, global and
 * local replacing each other, a paused counter left without a
 * breakpoint; every record, list and counter given back at the end
 * (the record pool's chains are tested in tests/vm/test_pool.c). */
#include "tests/lib/engine_run.h"

TestSuite(bp, .init = engine_watchdog);

/* The traced functions: 12 of them, plus module_info/0,1. */
static const char btf_text[] =
    "-module(btf).\n"
    "-export([f1/1, f2/1, f3/1, f4/1, f5/1, f6/1, f7/1, f8/1, f9/1, f10/1, f11/1, f12/1]).\n"
    "f1(X) -> X. f2(X) -> X. f3(X) -> X. f4(X) -> X. f5(X) -> X. f6(X) -> X.\n"
    "f7(X) -> X. f8(X) -> X. f9(X) -> X. f10(X) -> X. f11(X) -> X. f12(X) -> X.\n";

/* The requests, as OTP 25 answers them (run on erl: the expected value
 * below). A tracer process collects the call messages. */
static const char bt_text[] =
    "-module(bt).\n"
    "-export([run/0]).\n"
    "fs() -> [f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12].\n"
    "info(Item) -> [element(2, erlang:trace_info({btf, F, 1}, Item)) || F <- fs()].\n"
    "collect(Acc) ->\n"
    "    receive\n"
    "        {get, P} -> P ! {got, lists:reverse(Acc)}, collect([]);\n"
    "        {trace, _, call, {btf, F, [A]}, M} -> collect([{F, A, M} | Acc]);\n"
    "        {trace, _, call, {btf, F, [A]}} -> collect([{F, A} | Acc])\n"
    "    end.\n"
    "got() ->\n"
    "    Ref = erlang:trace_delivered(self()),\n"
    "    receive {trace_delivered, _, Ref} -> ok end,\n"
    "    whereis(btc) ! {get, self()},\n"
    "    receive {got, L} -> L end.\n"
    "run() ->\n"
    "    {module, btf} = code:ensure_loaded(btf),\n"
    "    register(btc, spawn(fun() -> collect([]) end)),\n"
    "    erlang:trace(self(), true, [call, {tracer, whereis(btc)}]),\n"
    "    %% twelve different settings, then one request over all of them\n"
    "    [1 = erlang:trace_pattern({btf, F, 1}, [{['$1'], [{'==', '$1', I}], []}], [local])\n"
    "     || {I, F} <- lists:zip(lists:seq(1, 12), fs())],\n"
    "    _ = [btf:F(I) || {I, F} <- lists:zip(lists:seq(1, 12), fs())],\n"
    "    _ = btf:f2(5),\n"
    "    Own = got(),\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, [{'_', [], [{message, x}]}], [local]),\n"
    "    One = lists:usort(info(match_spec)),\n"
    "    _ = btf:f4(0), _ = btf:f12(1),\n"
    "    Shared = got(),\n"
    "    %% counters of each function's own beside the shared call trace\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, true, [call_count]),\n"
    "    _ = btf:f3(0), _ = btf:f3(0), _ = btf:f5(0),\n"
    "    _ = got(),\n"
    "    Counts = info(call_count),\n"
    "    %% global replaces local on the export entries, local global again\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, true, [global]),\n"
    "    Global = lists:usort(info(traced)),\n"
    "    GCounts = lists:usort(info(call_count)),\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, true, [local, call_count]),\n"
    "    Local = lists:usort(info(traced)),\n"
    "    _ = btf:f7(0),\n"
    "    %% a paused counter alone: no breakpoint, the figure kept\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, pause, [call_count]),\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, false, [local]),\n"
    "    _ = btf:f7(0),\n"
    "    Paused = {info(traced), info(call_count), got()},\n"
    "    14 = erlang:trace_pattern({btf, '_', '_'}, false, [call_count]),\n"
    "    Gone = {lists:usort(info(traced)), lists:usort(info(call_count))},\n"
    "    exit(whereis(btc), kill),\n"
    "    {Own, One, Shared, Counts, Global, GCounts, Local, Paused, Gone}.\n";

static const char bt_want[] =
    "{[{f1, 1}, {f2, 2}, {f3, 3}, {f4, 4}, {f5, 5}, {f6, 6}, {f7, 7}, {f8, 8}, {f9, 9}, {f10, 10},"
    "  {f11, 11}, {f12, 12}],"
    " [[{'_', [], [{message, x}]}]],"
    " [{f4, 0, x}, {f12, 1, x}],"
    " [0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0],"
    " [global], [false], [local],"
    " {[false, false, false, false, false, false, false, false, false, false, false, false],"
    "  [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [{f7, 0}]},"
    " {[false], [false]}}";

static void run_bt(unsigned schedulers)
{
    engine_start_vm(schedulers, NULL);
    cr_assert(load_text("btf.erl", btf_text), "btf does not compile");
    cr_assert(load_text("bt.erl", bt_text), "bt does not compile");
    alloc_stat before, after;
    alloc_get_stat(ALLOC_BREAKPOINT, &before);
    engine_expect(engine_run("bt"), bt_want);
    /* every pattern is gone: records, lists, counters are back */
    alloc_get_stat(ALLOC_BREAKPOINT, &after);
    cr_expect_eq(after.blocks, before.blocks, "breakpoint blocks: %llu before, %llu after",
                 (unsigned long long)before.blocks, (unsigned long long)after.blocks);
    cr_expect_eq(after.size, before.size);
    stop_vm();
}

Test(bp, one_request_over_many_settings) { run_bt(1); }

/* The same with 2 schedulers: every change waits for thread progress. */
Test(bp, one_request_over_many_settings_two_schedulers) { run_bt(2); }

/* A pattern on every function of a module sets and clears each record
 * once, and the records all go back (the pool's slabs with them). */
static const char bm_text[] = "-module(bm).\n"
                              "-export([run/0]).\n"
                              "run() ->\n"
                              "    {module, btf} = code:ensure_loaded(btf),\n"
                              "    R = [{erlang:trace_pattern({btf, '_', '_'}, true, [local]),\n"
                              "          erlang:trace_info({btf, f9, 1}, traced),\n"
                              "          erlang:trace_pattern({btf, '_', '_'}, false, [local]),\n"
                              "          erlang:trace_info({btf, f9, 1}, traced)} || _ <- [1, 2, 3]],\n"
                              "    lists:usort(R).\n";

Test(bp, set_and_clear_give_every_record_back)
{
    engine_start_vm(1, NULL);
    cr_assert(load_text("btf.erl", btf_text), "btf does not compile");
    cr_assert(load_text("bm.erl", bm_text), "bm does not compile");
    alloc_stat before, after;
    alloc_get_stat(ALLOC_BREAKPOINT, &before);
    engine_expect(engine_run("bm"), "[{14, {traced, local}, 14, {traced, false}}]");
    alloc_get_stat(ALLOC_BREAKPOINT, &after);
    cr_expect_eq(after.blocks, before.blocks);
    cr_expect_eq(after.size, before.size);
    stop_vm();
}
