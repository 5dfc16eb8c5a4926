/* ets.h: Erlang term storage, OTP's ets tables: set, ordered_set, bag and
 * duplicate_bag, owned by a process and deleted with it (or handed to its
 * heir), read and written by the ets BIFs of vm/ets.c (vm/ets.def).
 * docs/internals/ets.md describes the mechanism.
 *
 * Each object is a copy of the inserted tuple in one block of its own (its
 * refc binaries shared by count); a read copies it onto the reader's heap.
 * A table is a vm_magic: its identifier is a magic reference holding a
 * count, so the table's record outlives every tid a process still has,
 * while its objects go when the table is deleted. Tables take a
 * reader-writer lock each; the registry of tables (for names, ets:all/0
 * and owners' exits) one lock of its own, always taken first.
 *
 * Match specifications (select, match, match_spec_run) are compiled and
 * run by the trace engine's compiler in dbgcore/ (the table dialect), which
 * registers itself here: vm/ cannot call upwards. */
#ifndef VM_ETS_H
#define VM_ETS_H

#include <stdbool.h>

#include "heap.h"
#include "proc.h"
#include "term.h"

/* The match specification engine the ets BIFs use. */
typedef struct ets_ms_engine {
    /* A program for `spec` (borrowed; the program keeps its own copy),
     * or NULL with *reason set to badarg or system_limit. Never runs the
     * GC. */
    void *(*compile)(term_t spec, term_t *reason);
    /* Runs `prog` on obj: false when no clause matched, else true with
     * *result, built on h (which may point into obj and the program).
     * `self` is the calling process's pid ({self} in a body). */
    bool (*run)(const void *prog, heap_t *h, term_t self, term_t obj, term_t *result);
    void (*free)(void *prog);
} ets_ms_engine;

/* Installs the engine (dbgcore_init does, before vm_start). Without one,
 * the BIFs that take a match specification raise badarg. */
void ets_set_ms_engine(const ets_ms_engine *e);

/* Whether t is a match specification the ets functions take: a compiled
 * one (match_spec_compile/1's), or one that compiles (erl_stdlib_errors'
 * is_match_spec/1). Any thread. */
bool ets_is_match_spec(term_t t);

/* The owner of tables is exiting (proc_exit, before its links and
 * monitors hear of it): each table it owns goes to its heir with an
 * 'ETS-TRANSFER' message, or is deleted. Cheap for a process that owns
 * none (one load of p->ets_tables). */
void ets_proc_exit(process *p);

/* How many tables exist (system_info(ets_count)). Any thread. */
size_t ets_count(void);

/* For tests: the height of ordered_set tid's AVL tree after checking it
 * (each object's height one more than its taller child's, its children's
 * heights at most one apart, its key after the keys to its left and before
 * those to its right, its kept key its tuple's key element), or -1 when
 * a check fails or tid is no ordered_set. */
int ets_tree_check(term_t tid);

#endif
