/* dbgcore.c: the engine's start-up: one table of every BIF the engine's
 * modules declare in their .def files, its embedded Erlang library, and
 * the VM's trace hooks. */
#include "dbgcore.h"

#include "engine.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "ms.def"
#include "trace.def"
#include "session.def"
#include "tport.def"
#include "collector.def"
#undef BIF

static const bif_entry dbgcore_bifs[] = {
#define BIF(m, f, a, fn, flags) {#m, #f, a, fn, flags},
#include "ms.def"
#include "trace.def"
#include "session.def"
#include "tport.def"
#include "collector.def"
#undef BIF
};

/* The tracer modules built in: docs/examples' message tracer. */
extern const tracer_module erl_msg_tracer_module;

extern const vm_lib_file dbgcore_embedded_lib[];
extern const size_t dbgcore_embedded_lib_n;

/* ---- the match specifications of ets tables (vm/ets.h) ---------------------------- */

static void *ets_compile(term_t spec, term_t *reason)
{
    return ms_compile(spec, MS_TABLE, NULL, NULL, reason);
}

/* A table program has no trace actions (MS_TABLE refuses them), so no
 * hooks; {caller} is undefined outside a trace, as in OTP's ets. */
static bool ets_run(const void *prog, heap_t *h, term_t self, term_t obj, term_t *result)
{
    ms_ctx ctx = {.heap = h, .self = self, .caller = ATOM_undefined, .caller_line = ATOM_undefined};
    ms_result r;
    if (!ms_run_table(prog, &ctx, obj, &r))
        return false;
    *result = r.message;
    return true;
}

static void ets_free(void *prog) { ms_free(prog); }

static const ets_ms_engine ets_engine = {ets_compile, ets_run, ets_free};

void dbgcore_init(void)
{
    engine_atoms_init();
    tev_init();
    bp_init();
    tracer_module_register(&erl_msg_tracer_module);
    bif_register(dbgcore_bifs, sizeof dbgcore_bifs / sizeof dbgcore_bifs[0]);
    ets_set_ms_engine(&ets_engine);
    vm_add_library(dbgcore_embedded_lib, dbgcore_embedded_lib_n);
}
