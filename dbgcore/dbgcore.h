/* dbgcore.h: the public header of the trace engine (layer 3, DESIGN.md):
 * trace sessions, flags, breakpoints, match specifications, tracers, trace
 * logs and the dbg/trace/erlang:trace* BIFs. The shell includes only this. */
#ifndef DBGCORE_DBGCORE_H
#define DBGCORE_DBGCORE_H

#include "vm/vm.h"
/* Trace logs (dbg's trace-port file format, plain files and wrap sets) are
 * part of dbgcore's public API: the shell writes and reads them (log
 * --binary, dbgsh --format) through tlog.h's writer and reader. */
#include "dbgcore/tlog.h"

/* Registers the engine with the VM: its BIFs (bif_register), its Erlang
 * modules (dbg, ...: vm_add_library) and the VM's trace hooks. Call once,
 * after atom_table_init and before vm_start. */
void dbgcore_init(void);

#endif
