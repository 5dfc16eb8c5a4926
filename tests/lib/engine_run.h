/* engine_run.h: vmrun.h's harness with the trace engine, for the dbgcore
 * tests that run traced Erlang code: boots the VM with dbgcore_init (and a
 * tracer module when given) before its processes, runs Module:run() to its
 * end, and compares results with terms written as erl prints them. A test
 * that hangs fails by its watchdog alarm rather than hanging the suite
 * (Criterion's .timeout leaks in its runner, which fails the ASan build:
 * see tests/vm/test_progress.c); each test runs in its own process, so
 * the alarm is the test's alone. */
#ifndef TESTS_LIB_ENGINE_RUN_H
#define TESTS_LIB_ENGINE_RUN_H

#include <unistd.h>

#include "tests/lib/vmrun.h"

#include "dbgcore/dbgcore.h"
#include "dbgcore/engine.h"
#include "vm/cmp.h"

/* A suite's .init: the test fails with SIGALRM after 120 s. */
static inline void engine_watchdog(void) { alarm(120); }

/* vmrun's start_vm with the trace engine set up first, and `module` (a
 * tracer module, or NULL) registered. */
static inline void engine_start_vm(unsigned schedulers, const tracer_module *module)
{
    heap_init(&vr.heap, ALLOC_TEMP);
    vr.nends = 0;
    atom_table_init();
    dbgcore_init();
    if (module)
        cr_assert(tracer_module_register(module));
    proc_table_init(keep_end);
    code_init(load_from_source);
    sched_start(schedulers);
    vr.started = true;
}

/* Runs Module:run() (loaded already) to its end, normally; its result
 * (on vr.heap). */
static inline term_t engine_run(const char *module)
{
    term_t pid = spawn_text(module, "run", "[]");
    const proc_end *e = wait_end(pid, 60000);
    cr_assert(e, "%s:run() did not end", module);
    cr_assert(e->reason == ATOM_normal, "%s:run() exited: %s", module, show(e->reason));
    return e->result;
}

/* got must be exactly the term the text `want` reads as. */
static inline void engine_expect(term_t got, const char *want)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t w = read_on(&h, want);
    cr_expect(term_eq_exact(got, w), "got %s, want %s", show(got), want);
    heap_destroy(&h);
}

#endif
