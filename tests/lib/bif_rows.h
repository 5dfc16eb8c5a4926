/* bif_rows.h: the harness of the BIF unit tests: a bare process, the BIFs
 * of one .def file, and rows of calls whose expected results erl printed.
 * Before including, define BIF_DEF (the .def file, a string), BIF_SUITE
 * (the suite name) and BIF_ROWS_EQ (how a result must equal the expected
 * term: term_eq_exact, or bif_rows_same for identical external format). */
#ifndef TESTS_LIB_BIF_ROWS_H
#define TESTS_LIB_BIF_ROWS_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/bif.h"
#include "vm/ext.h"
#include "vm/proc.h"
#include "vm/vm.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include BIF_DEF
#undef BIF
static const bif_entry table[] = {
#define BIF(m, f, a, fn, flags) {#m, #f, a, fn, flags},
#include BIF_DEF
#undef BIF
};
#define NTABLE (sizeof table / sizeof table[0])

static process p;
static void setup(void)
{
    atom_table_init();
    memset(&p, 0, sizeof p);
    heap_init(&p.heap, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&p.heap); }
#define BIF_ROWS_SUITE_(name) TestSuite(name, .init = setup, .fini = teardown)
BIF_ROWS_SUITE_(BIF_SUITE);

/* The entry "module:name/arity" of this file's table, or NULL. */
static inline const bif_entry *find_bif(const char *mfa)
{
    char buf[128];
    for (size_t i = 0; i < NTABLE; i++) {
        snprintf(buf, sizeof buf, "%s:%s/%u", table[i].module, table[i].name, table[i].arity);
        if (strcmp(buf, mfa) == 0)
            return &table[i];
    }
    return NULL;
}

static inline term_t read_text(const char *text)
{
    term_t t;
    read_error err;
    if (read_term_nodot(&p.heap, text, strlen(text), &t, &err) != READ_OK)
        cr_assert_fail("cannot read %s: %s", text, err.msg);
    return t;
}

/* An expected result: erl's text, where a local pid <0.N.S> (which the
 * reader does not take) stands for itself. */
static inline term_t read_want(const char *text)
{
    unsigned num, serial;
    if (sscanf(text, "<0.%u.%u>", &num, &serial) == 2)
        return term_local_pid(num, serial);
    return read_text(text);
}

/* The term's external format in hex, for failure messages: decode it in
 * erl with binary_to_term(<<16#...:N/unit:8>>). Four buffers in turn, so
 * one message can show several terms. */
static inline const char *show(term_t t)
{
    static char outs[4][4100];
    static unsigned next;
    char *out = outs[next++ % 4];
    uint8_t buf[2048];
    size_t n;
    if (t == THE_NON_VALUE)
        return "(exception)";
    if (ext_size(t, &n, NULL) != EXT_OK || n > sizeof buf)
        return "(too large to show)";
    ext_encode(t, buf);
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", buf[i]);
    return out;
}

/* Identical terms: equal external formats, so -0.0 differs from 0.0 and
 * 1 from 1.0 (=:= in OTP 25 takes 0.0 =:= -0.0). */
static inline bool bif_rows_same(term_t a, term_t b)
{
    size_t na, nb;
    if (ext_size(a, &na, NULL) != EXT_OK || ext_size(b, &nb, NULL) != EXT_OK || na != nb)
        return false;
    uint8_t *x = malloc(na), *y = malloc(nb);
    ext_encode(a, x);
    ext_encode(b, y);
    bool eq = memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return eq;
}

/* Calls mfa with args; THE_NON_VALUE when it raised. */
static inline term_t call(const char *mfa, const term_t *args)
{
    const bif_entry *e = find_bif(mfa);
    cr_assert(e != NULL, "no BIF %s", mfa);
    p.fclass = CLASS_THROW;
    p.freason = THE_NON_VALUE;
    return e->fn(&p, args);
}

typedef struct call_row {
    const char *mfa, *args, *want;
} call_row;

/* Runs the rows: each must give its term, or raise error:Reason when its
 * `want` is "!Reason". */
static inline void check_rows(const call_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const call_row *r = &rows[i];
        term_t argv[4], l = read_text(r->args);
        unsigned argc = 0;
        for (; term_is_list(l) && argc < 4; l = list_tail(l))
            argv[argc++] = list_head(l);
        term_t got = call(r->mfa, argv);
        if (r->want[0] == '!') {
            term_t reason = read_text(r->want + 1);
            cr_expect(got == THE_NON_VALUE && p.fclass == CLASS_ERROR && BIF_ROWS_EQ(p.freason, reason),
                      "%s(%s): want error:%s, got %s (reason %s)", r->mfa, r->args, r->want + 1, show(got),
                      got == THE_NON_VALUE ? show(p.freason) : "-");
        } else {
            term_t want = read_want(r->want);
            cr_expect(got != THE_NON_VALUE && BIF_ROWS_EQ(got, want), "%s(%s): want %s, got %s", r->mfa,
                      r->args, r->want, got == THE_NON_VALUE ? show(p.freason) : show(got));
        }
    }
}

/* Checks `got` against the erl text `want` (the call must not raise). */
static inline void expect_term(term_t got, const char *want)
{
    cr_assert(got != THE_NON_VALUE, "raised %s", show(p.freason));
    cr_expect(BIF_ROWS_EQ(got, read_text(want)), "want %s, got %s", want, show(got));
}

/* Calls mfa; the call must raise error:reason (the very same term). */
static inline void expect_error(const char *mfa, const term_t *args, term_t reason)
{
    term_t got = call(mfa, args);
    cr_expect(got == THE_NON_VALUE && p.fclass == CLASS_ERROR && p.freason == reason,
              "%s: want error %s, got %s", mfa, show(reason), show(got));
}

#endif
