/* fuzz.h: what every fuzz target in tests/fuzz shares (docs/internals/fuzzing.md):
 * the entry libFuzzer, or replay.c, calls once an input; the VM's set-up,
 * made at the first input; and how a target reports a broken promise
 * (abort, which both libFuzzer and tests/fuzz/run.sh take as a failure of
 * that input). */
#ifndef TESTS_FUZZ_FUZZ_H
#define TESTS_FUZZ_FUZZ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "vm/vm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The atom table, once; a target with more to set up does it after. True
 * the first time. */
static inline bool fuzz_setup(void)
{
    static bool ready;
    if (ready)
        return false;
    atom_table_init();
    ready = true;
    return true;
}

/* Reports what broke, and on what, then aborts. */
static inline _Noreturn void fuzz_fail(const char *target, const char *what, const char *detail)
{
    fprintf(stderr, "fuzz %s: %s%s%s\n", target, what, detail && detail[0] ? ": " : "", detail ? detail : "");
    abort();
}

#endif
