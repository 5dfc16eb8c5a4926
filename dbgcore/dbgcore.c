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

void dbgcore_init(void)
{
    engine_atoms_init();
    tev_init();
    bp_init();
    tracer_module_register(&erl_msg_tracer_module);
    bif_register(dbgcore_bifs, sizeof dbgcore_bifs / sizeof dbgcore_bifs[0]);
    vm_add_library(dbgcore_embedded_lib, dbgcore_embedded_lib_n);
}
