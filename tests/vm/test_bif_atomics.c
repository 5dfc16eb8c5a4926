/* test_bif_atomics.c: tests of vm/bif_atomics.c, the atomics and counters
 * arrays: what a new array holds, wrap-around at both ends, the memory an
 * array takes and gives back when the last term that holds it goes (its
 * reference copied to other heaps included), info/1's figures, the
 * descriptions format/exception.c reads, and the atomicity of every
 * update from several threads at once. What erl returns for each call,
 * errors included, is checked by the script tests
 * (tests/scripts/bifs/bif_atomics_*, bif_counters_basic). */
#include <pthread.h>

#include "tests/lib/terms.h"

#define BIF_DEF "vm/bif_atomics.def"
#define BIF_SUITE bif_atomics
#define BIF_ROWS_EQ term_eq_exact
#include "tests/lib/bif_rows.h"

#include "vm/bif_atomics.h"
#include "vm/copy.h"

#define I(v) term_int64(&p.heap, v)

static term_t new_atomics(int64_t n, const char *opts)
{
    term_t a[2] = {I(n), read_text(opts)};
    term_t r = call("atomics:new/2", a);
    cr_assert(r != THE_NON_VALUE);
    return r;
}

static term_t call3(const char *mfa, term_t a, term_t b, term_t c)
{
    term_t args[3] = {a, b, c};
    return call(mfa, args);
}

static uint64_t binary_bytes(void)
{
    alloc_stat s;
    alloc_get_stat(ALLOC_BINARY, &s);
    return s.size;
}

static const call_row rows[] = {
    {"atomics:get/2", "[x, 1]", "!badarg"},
    {"atomics:info/1", "[x]", "!badarg"},
    {"atomics:new/2", "[0, []]", "!badarg"},
    {"atomics:new/2", "[2305843009213693952, []]", "!system_limit"},
    {"atomics:new/2", "[1, [x]]", "!badarg"},
    {"atomics:sub/3", "[x, 1, a]", "!badarith"},
    {"counters:new/2", "[1, [foo]]", "!badarg"},
    {"counters:get/2", "[{atomics, x}, 1]", "!badarg"},
    {"counters:sub/3", "[x, 1, a]", "!badarith"},
};

Test(bif_atomics, rows) { check_rows(rows, sizeof rows / sizeof rows[0]); }

/* Zeroed, 1-based, signed by default; both signs wrap modulo 2^64. */
Test(bif_atomics, values_wrap_around)
{
    term_t s = new_atomics(3, "[]"), u = new_atomics(3, "[{signed, false}]");
    term_t get[2] = {s, I(3)};
    expect_term(call("atomics:get/2", get), "0");
    expect_term(call3("atomics:add_get/3", s, I(1), read_text("9223372036854775807")), "9223372036854775807");
    expect_term(call3("atomics:add_get/3", s, I(1), I(1)), "-9223372036854775808");
    expect_term(call3("atomics:sub_get/3", s, I(1), I(1)), "9223372036854775807");
    expect_term(call3("atomics:sub_get/3", u, I(2), I(1)), "18446744073709551615");
    expect_term(call3("atomics:add_get/3", u, I(2), I(2)), "1");
    expect_term(call3("atomics:add_get/3", u, I(2), read_text("18446744073709551615")), "0");
    expect_term(call3("atomics:exchange/3", u, I(3), read_text("18446744073709551615")), "0");
    term_t cx[4] = {u, I(3), read_text("18446744073709551615"), I(7)};
    expect_term(call("atomics:compare_exchange/4", cx), "ok");
    expect_term(call("atomics:compare_exchange/4", cx), "7");
    term_t info = call("atomics:info/1", &s);
    term_t v;
    cr_assert(map_get(info, atom_from_cstr("size"), &v) && v == I(3));
    cr_assert(map_get(info, atom_from_cstr("memory"), &v) && small_value(v) >= 3 * 8);
}

/* An array is freed with the last heap that refers to it: a copy of its
 * reference on another heap keeps it. */
Test(bif_atomics, memory_goes_with_the_last_reference)
{
    uint64_t base = binary_bytes();
    heap_t other;
    heap_init(&other, ALLOC_HEAP);
    {
        term_t r = new_atomics(10000, "[]");
        term_t c[2] = {I(10000), read_text("[write_concurrency]")};
        term_t w = call("counters:new/2", c);
        cr_assert_geq(binary_bytes(), base + 2 * 80000);
        (void)copy_term(&other, term_tuple2(&p.heap, r, w));
    }
    heap_destroy(&p.heap);
    heap_init(&p.heap, ALLOC_HEAP);
    cr_assert_geq(binary_bytes(), base + 2 * 80000, "the copies no longer hold the arrays");
    heap_destroy(&other);
    cr_assert_eq(binary_bytes(), base);
}

/* What format/exception.c is told of references. */
Test(bif_atomics, describe)
{
    term_t u = new_atomics(5, "[{signed, false}]");
    term_t c[2] = {I(4), read_text("[write_concurrency]")};
    term_t w = call("counters:new/2", c);
    atomics_desc d;
    cr_assert(atomics_describe(u, &d) && d.size == 5 && !d.is_signed);
    cr_assert_not(atomics_describe(tuple_get(w, 1), &d));
    cr_assert_not(atomics_describe(read_text("x"), &d));
    cr_assert(atomics_describe_counters(w, &d) && d.size == 4 && d.is_signed);
    cr_assert(atomics_describe_counters(term_tuple2(&p.heap, atom_from_cstr("atomics"), u), &d) &&
              d.size == 5);
    cr_assert_not(atomics_describe_counters(u, &d));
    cr_assert_not(
        atomics_describe_counters(term_tuple2(&p.heap, atom_from_cstr("atomics"), tuple_get(w, 1)), &d));
}

/* Four threads, each with a process of its own, update one array at once:
 * no update is lost. */
enum { THREADS = 4, ROUNDS = 20000 };
typedef struct worker {
    pthread_t tid;
    term_t ref; /* copied onto the worker's heap */
    process proc;
} worker;

static void *hammer(void *arg)
{
    worker *w = arg;
    const bif_entry *add = find_bif("atomics:add/3"), *sub = find_bif("atomics:sub_get/3"),
                    *cx = find_bif("atomics:compare_exchange/4"), *get = find_bif("atomics:get/2"),
                    *cadd = find_bif("counters:add/3");
    term_t one = term_small(1), two = term_small(2), three = term_small(3);
    term_t counters = term_tuple2(&w->proc.heap, atom_from_cstr("atomics"), w->ref);
    for (int i = 0; i < ROUNDS; i++) {
        add->fn(&w->proc, (term_t[]){w->ref, one, one});
        sub->fn(&w->proc, (term_t[]){w->ref, two, one});
        for (;;) {
            term_t old = get->fn(&w->proc, (term_t[]){w->ref, three});
            term_t r = cx->fn(&w->proc, (term_t[]){w->ref, three, old, term_small(small_value(old) + 1)});
            if (r == ATOM_ok)
                break;
        }
        cadd->fn(&w->proc, (term_t[]){counters, term_small(4), two});
    }
    return NULL;
}

Test(bif_atomics, updates_from_threads_at_once_are_all_kept)
{
    term_t r = new_atomics(4, "[]");
    worker ws[THREADS];
    for (int i = 0; i < THREADS; i++) {
        memset(&ws[i].proc, 0, sizeof ws[i].proc);
        heap_init(&ws[i].proc.heap, ALLOC_HEAP);
        ws[i].ref = copy_term(&ws[i].proc.heap, r);
    }
    for (int i = 0; i < THREADS; i++)
        cr_assert_eq(pthread_create(&ws[i].tid, NULL, hammer, &ws[i]), 0);
    for (int i = 0; i < THREADS; i++)
        pthread_join(ws[i].tid, NULL);
    for (int i = 0; i < THREADS; i++)
        heap_destroy(&ws[i].proc.heap);
    term_t g[2] = {r, I(1)};
    expect_term(call("atomics:get/2", g), "80000");
    g[1] = I(2);
    expect_term(call("atomics:get/2", g), "-80000");
    g[1] = I(3);
    expect_term(call("atomics:get/2", g), "80000");
    g[1] = I(4);
    expect_term(call("atomics:get/2", g), "160000");
}
