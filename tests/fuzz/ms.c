/* ms.c: the fuzz target of dbgcore/ms.c, the match-spec compiler, and of
 * its runner (docs/internals/fuzzing.md). The first byte picks the dialect
 * (call, send, receive, table); the rest is term text: the spec, then
 * optionally the arguments (a list) or, for the table dialect, the object.
 * A spec that compiles keeps its source and runs on the arguments (a fixed
 * list when the input gives none), with hooks that change nothing; one that
 * does not gives a non-empty error list and badarg or system_limit. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbgcore/ms.h"
#include "format/format.h"
#include "tests/fuzz/fuzz.h"

#define MAX_ARGS 8

/* Arguments for specs when the input gives none. */
static const char FIXED_ARGS[] = "[1, foo, \"bar\", {x, 2.5}, <<1,2>>, #{k => [v]}, [a|b], -7].";

static void fail(const char *what) { fuzz_fail("ms", what, NULL); }

/* {display, T} writes nothing here (the default hook prints). */
static void display_nothing(ms_ctx *ctx, term_t t) {}

static const ms_hooks QUIET_HOOKS = {.display = display_nothing};

static void check_errors(term_t errors, term_t reason)
{
    if (!term_is_list(errors))
        fail("a spec that does not compile has no error list");
    if (reason != ATOM_badarg && reason != ATOM_system_limit)
        fail("a spec that does not compile fails with neither badarg nor system_limit");
}

/* Runs the program on `args` (a list: the call's arguments, [Receiver,
 * Msg], [Node, Sender, Msg], or for a table spec the object itself). */
static void run(const ms_prog *prog, ms_kind kind, heap_t *h, term_t args)
{
    ms_ctx ctx = {
        .heap = h,
        .self = term_local_pid(42, 0),
        .caller = ATOM_undefined,
        .caller_line = ATOM_undefined,
        .hooks = &QUIET_HOOKS,
    };
    ms_result out;
    if (kind == MS_TABLE) {
        ms_run_table(prog, &ctx, args, &out);
        return;
    }
    unsigned want = kind == MS_SEND ? 2 : kind == MS_RECEIVE ? 3 : MAX_ARGS;
    term_t v[MAX_ARGS];
    unsigned n = 0;
    for (term_t l = args; term_is_list(l) && n < want; l = list_tail(l))
        v[n++] = list_head(l);
    ms_run_trace(prog, &ctx, v, n, &out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    if (size == 0)
        return 0;
    ms_kind kind = (ms_kind)(data[0] % 4);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    read_stream rs;
    read_stream_init(&rs, (const char *)data + 1, size - 1);
    term_t spec, args;
    read_error err;
    if (read_next(&rs, &h, &spec, &err) == READ_OK) {
        if (read_next(&rs, &h, &args, &err) != READ_OK)
            read_term(&h, FIXED_ARGS, strlen(FIXED_ARGS), &args, &err);
        term_t errors, reason;
        ms_prog *prog = ms_compile(spec, kind, &h, &errors, &reason);
        if (prog) {
            if (errors != NIL || !term_eq_exact(ms_source(prog), spec))
                fail("a compiled spec lost its source or has errors");
            run(prog, kind, &h, args);
            ms_free(prog);
        } else {
            check_errors(errors, reason);
        }
    }
    heap_destroy(&h);
    return 0;
}
