/* lint.c: the fuzz target of the checks erl_eval asks of vm/lint.c on
 * terms its callers build (docs/internals/fuzzing.md): the bytes are an
 * external term (ext_binary_to_term when they start with 131, else
 * ext_decode), taken as a list of abstract expressions. Any term goes to
 * lint_well_formed_exprs and lint_well_formed_expr; one they accept goes
 * on to lint_exprs_error (with 'X' bound) and each element to
 * lint_is_guard_test, which take only well-formed terms. An error that
 * comes out is {Location, erl_lint, Description}. */
#include <stdint.h>

#include "tests/fuzz/fuzz.h"
#include "vm/lint.h"
#include "vm/vm.h"

static void fail(const char *what) { fuzz_fail("lint", what, NULL); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t t;
    size_t used;
    ext_error err;
    ext_result r = size > 0 && data[0] == EXT_VERSION ? ext_binary_to_term(&h, data, size, &t, &used, &err)
                                                      : ext_decode(&h, data, size, &t, &used, &err);
    if (r == EXT_OK) {
        (void)lint_well_formed_expr(t);
        if (lint_well_formed_exprs(t)) {
            term_t bound = atom_from_cstr("X");
            term_t e = lint_exprs_error(t, &bound, 1, &h);
            if (e != THE_NON_VALUE &&
                (!term_is_tuple(e) || tuple_arity(e) != 3 || tuple_get(e, 1) != atom_from_cstr("erl_lint")))
                fail("an error that is not {Location, erl_lint, Description}");
            for (term_t l = t; term_is_list(l); l = list_tail(l))
                (void)lint_is_guard_test(list_head(l), NULL, NULL);
        }
    }
    heap_destroy(&h);
    return 0;
}
