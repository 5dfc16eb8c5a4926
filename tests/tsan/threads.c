/* threads.c: the thread-safety test of `make tsan`. Criterion's runner does
 * not work under ThreadSanitizer (its sandbox crashes at start-up), so this
 * plain program drives the shared pieces from several threads at once: the
 * atom table, the allocation counters, and the formatters on shared terms.
 * Prints "tsan: N passed, N failed"; exits non-zero on a failure (and
 * ThreadSanitizer exits 66 on a race). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

#define TALLY_NAME "threads"
#include "tests/lib/tally.h"

#define THREADS 4
#define ATOMS 3000
#define ROUNDS 200

/* ---- atoms: every thread interns the same names and must agree ---------- */

static term_t interned[THREADS][ATOMS];

static void *intern_atoms(void *arg)
{
    term_t *out = arg;
    char name[32];
    for (int i = 0; i < ATOMS; i++) {
        int n = snprintf(name, sizeof name, "tsan_%d", (i * 7919) % ATOMS);
        if (atom_intern(name, (size_t)n, &out[i]) != ATOM_OK)
            out[i] = THE_NON_VALUE;
        size_t len;
        const char *text = atom_text(out[i], &len);
        if (len != (size_t)n || memcmp(text, name, len) != 0)
            out[i] = THE_NON_VALUE;
    }
    return NULL;
}

static void test_atoms(void)
{
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, intern_atoms, interned[t]);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    int ok = 1;
    for (int i = 0; i < ATOMS; i++)
        for (int t = 0; t < THREADS; t++)
            ok &= interned[t][i] != THE_NON_VALUE && interned[t][i] == interned[0][i];
    check(ok, "atom table: threads disagree on an atom");
}

/* ---- formatting: shared read-only terms, one buffer per thread ----------- */

static term_t shared_terms[8];
static char *expected[8];

static void format_one(fmt_buf *b, term_t t)
{
    fmt_buf_reset(b);
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    fmt_pretty(b, t, &o);
    fmt_buf_putc(b, '|');
    fmt_write(b, t, -1, false);
}

static void *format_terms(void *arg)
{
    int *ok = arg;
    fmt_buf b;
    fmt_buf_init(&b);
    for (int r = 0; r < ROUNDS; r++)
        for (int i = 0; i < 8; i++) {
            format_one(&b, shared_terms[i]);
            if (strcmp(b.data, expected[i]) != 0)
                *ok = 0;
        }
    fmt_buf_free(&b);
    return NULL;
}

static void build_terms(heap_t *h)
{
    static const char *const texts[8] = {
        "{ok, [1,2,3], \"text\", #{key => <<\"bin\">>}, 255, 97}.",
        "[{node, nonode@nohost}, {big, 18446744073709551616123}, {f, 1000.5}].",
        "{\"a very long string that will not fit on one line with the rest\", "
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]}.",
        "#{1 => a, 2 => b, 3 => c, 4 => d, 5 => e, 6 => f, 7 => g, 8 => h, 9 => i, 10 => j,"
        " 11 => k, 12 => l, 13 => m, 14 => n, 15 => o, 16 => p, 17 => q, 18 => r, 19 => s,"
        " 20 => t, 21 => u, 22 => v, 23 => w, 24 => x, 25 => y, 26 => z, 27 => aa, 28 => bb,"
        " 29 => cc, 30 => dd, 31 => ee, 32 => ff, 33 => gg, 34 => hh}.",
        "<<1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,"
        "31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,"
        "59,60,61,62,63,64,65,66,67,68,69,70:7>>.",
        "[[[[[[[[[[[[[[[[[[[[deep]]]]]]]]]]]]]]]]]]]].",
        "{'Quoted Atom', 'case', [a|b], 0.30000000000000004, -1.0e-10}.",
        "\"\\n\\t\\e latin1: \\345\\344\\366\".",
    };
    for (int i = 0; i < 8; i++) {
        read_error e;
        if (read_term(h, texts[i], strlen(texts[i]), &shared_terms[i], &e) != READ_OK) {
            printf("threads: bad fixture %d: %s\n", i, e.msg);
            exit(1);
        }
    }
}

static void test_format(void)
{
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    build_terms(&h);
    fmt_buf b;
    fmt_buf_init(&b);
    for (int i = 0; i < 8; i++) {
        format_one(&b, shared_terms[i]);
        expected[i] = strdup(b.data);
    }
    fmt_buf_free(&b);
    pthread_t th[THREADS];
    int ok[THREADS];
    for (int t = 0; t < THREADS; t++) {
        ok[t] = 1;
        pthread_create(&th[t], NULL, format_terms, &ok[t]);
    }
    for (int t = 0; t < THREADS; t++) {
        pthread_join(th[t], NULL);
        check(ok[t], "formatters: a thread's output differs");
    }
    for (int i = 0; i < 8; i++)
        free(expected[i]);
    heap_destroy(&h);
}

/* ---- allocation counters: concurrent updates add up ---------------------- */

static void *churn(void *arg)
{
    (void)arg;
    for (int i = 0; i < 20000; i++) {
        void *p = alloc_new(ALLOC_TEMP, 64);
        alloc_free(ALLOC_TEMP, p, 64);
    }
    return NULL;
}

static void test_alloc(void)
{
    alloc_stat before, after;
    alloc_get_stat(ALLOC_TEMP, &before);
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, churn, NULL);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    alloc_get_stat(ALLOC_TEMP, &after);
    check(after.size == before.size && after.blocks == before.blocks, "alloc: counters drifted");
}

int main(void)
{
    atom_table_init();
    test_atoms();
    test_format();
    test_alloc();
    return tally_report();
}
