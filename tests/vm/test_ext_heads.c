/* test_ext_heads.c: tests of vm/ext.c's ext_encode_headed, term_to_binary
 * with the heads of trace messages cached (the trace ports' encoder).
 * The fixed byte sequences come from OTP 25's erl: term_to_binary of the
 * expression in each row's comment, <0.81.0> being list_to_pid("<0.81.0>").
 * Everything else is checked against ext_encode and ext_encode_bounded. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "tests/lib/rng.h"
#include "tests/lib/terms.h"
#include "vm/ext.h"

static heap_t h;
static ext_heads *heads;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
    heads = calloc(1, sizeof *heads);
}
static void teardown(void)
{
    free(heads);
    heap_destroy(&h);
}
TestSuite(ext_heads, .init = setup, .fini = teardown);

#define A(s) atom_from_cstr(s)
#define I(v) term_small(v)
#define T(...) tb_tuple(&h, __VA_ARGS__)
#define L(...) tb_list(&h, __VA_ARGS__)
#define BYTES(...) (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})


/* ext_encode's bytes of t (it must be encodable) into a malloc'ed buffer. */
static uint8_t *reference(term_t t, size_t *n)
{
    cr_assert_eq(ext_size(t, n, NULL), EXT_OK);
    uint8_t *b = malloc(*n);
    cr_assert_eq(ext_encode(t, b), *n);
    return b;
}

/* t encoded twice through the cache (a miss, then a hit), each time the
 * bytes erl gives. */
static void check_erl(term_t t, const uint8_t *want, size_t len)
{
    uint8_t out[512];
    for (int round = 0; round < 2; round++) {
        size_t n = ext_encode_headed(heads, t, out, sizeof out);
        cr_assert_eq(n, len, "round %d: %zu bytes, erl %zu", round, n, len);
        cr_assert_arr_eq(out, want, len, "round %d: bytes differ from erl's", round);
    }
}

Test(ext_heads, trace_messages_as_erl)
{
    term_t pid = term_local_pid(81, 0);
    /* {trace, <0.81.0>, call, {bench_trace, tg, [300]}} */
    check_erl(T(4, A("trace"), pid, A("call"), T(3, A("bench_trace"), A("tg"), L(1, I(300)))),
              BYTES(131, 104, 4, 100, 0, 5, 116, 114, 97, 99, 101, 88, 100, 0, 13, 110, 111, 110, 111, 100,
                    101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 4, 99,
                    97, 108, 108, 104, 3, 100, 0, 11, 98, 101, 110, 99, 104, 95, 116, 114, 97, 99, 101, 100,
                    0, 2, 116, 103, 108, 0, 0, 0, 1, 98, 0, 0, 1, 44, 106));
    /* {trace, <0.81.0>, call, {m, f, [1, 2]}}: the same head, a string */
    check_erl(T(4, A("trace"), pid, A("call"), T(3, A("m"), A("f"), L(2, I(1), I(2)))),
              BYTES(131, 104, 4, 100, 0, 5, 116, 114, 97, 99, 101, 88, 100, 0, 13, 110, 111, 110, 111, 100,
                    101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 4, 99,
                    97, 108, 108, 104, 3, 100, 0, 1, 109, 100, 0, 1, 102, 107, 0, 2, 1, 2));
    /* {trace, <0.81.0>, call, {m, f, 2}}: all head */
    check_erl(T(4, A("trace"), pid, A("call"), T(3, A("m"), A("f"), I(2))),
              BYTES(131, 104, 4, 100, 0, 5, 116, 114, 97, 99, 101, 88, 100, 0, 13, 110, 111, 110, 111, 100,
                    101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 4, 99,
                    97, 108, 108, 104, 3, 100, 0, 1, 109, 100, 0, 1, 102, 97, 2));
    /* {trace, <0.81.0>, return_from, {m, f, 2}, {ok, -7}} */
    check_erl(T(5, A("trace"), pid, A("return_from"), T(3, A("m"), A("f"), I(2)), T(2, A("ok"), I(-7))),
              BYTES(131, 104, 5, 100, 0, 5, 116, 114, 97, 99, 101, 88, 100, 0, 13, 110, 111, 110, 111, 100,
                    101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 11,
                    114, 101, 116, 117, 114, 110, 95, 102, 114, 111, 109, 104, 3, 100, 0, 1, 109, 100, 0, 1,
                    102, 97, 2, 104, 2, 100, 0, 2, 111, 107, 98, 255, 255, 255, 249));
    /* {trace_ts, <0.81.0>, call, {m, f, [x]}, {1, 2, 3}} */
    check_erl(T(5, A("trace_ts"), pid, A("call"), T(3, A("m"), A("f"), L(1, A("x"))), T(3, I(1), I(2), I(3))),
              BYTES(131, 104, 5, 100, 0, 8, 116, 114, 97, 99, 101, 95, 116, 115, 88, 100, 0, 13, 110, 111,
                    110, 111, 100, 101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0,
                    100, 0, 4, 99, 97, 108, 108, 104, 3, 100, 0, 1, 109, 100, 0, 1, 102, 108, 0, 0, 0, 1, 100,
                    0, 1, 120, 106, 104, 3, 97, 1, 97, 2, 97, 3));
    /* {trace, <0.81.0>, call, {m, f, [a, 1.5]}, {hello}}: a match spec's message */
    check_erl(T(5, A("trace"), pid, A("call"), T(3, A("m"), A("f"), L(2, A("a"), term_float(&h, 1.5))),
                T(1, A("hello"))),
              BYTES(131, 104, 5, 100, 0, 5, 116, 114, 97, 99, 101, 88, 100, 0, 13, 110, 111, 110, 111, 100,
                    101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 4, 99,
                    97, 108, 108, 104, 3, 100, 0, 1, 109, 100, 0, 1, 102, 108, 0, 0, 0, 2, 100, 0, 1, 97, 70,
                    63, 248, 0, 0, 0, 0, 0, 0, 106, 104, 1, 100, 0, 5, 104, 101, 108, 108, 111));
    /* {trace, <0.81.0>, send, hi, <0.82.0>}: no inner tuple */
    check_erl(T(5, A("trace"), pid, A("send"), A("hi"), term_local_pid(82, 0)),
              BYTES(131, 104, 5, 100, 0, 5, 116, 114, 97, 99, 101, 88, 100, 0, 13, 110, 111, 110, 111, 100,
                    101, 64, 110, 111, 104, 111, 115, 116, 0, 0, 0, 81, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 4,
                    115, 101, 110, 100, 100, 0, 2, 104, 105, 88, 100, 0, 13, 110, 111, 110, 111, 100, 101, 64,
                    110, 111, 104, 111, 115, 116, 0, 0, 0, 82, 0, 0, 0, 0, 0, 0, 0, 0));
}

/* An atom from a few, some long, one latin1 beyond ASCII (no bounded
 * encoding: the general encoder's), one with a character above 255. */
static term_t some_atom(rng *g)
{
    static const char *const names[] = {
        "trace", "call",        "return_from", "m", "f", "g", "a_module_name_of_some_length_here",
        "",      "caf\xc3\xa9", "\xce\xbb"};
    return A(names[random_below(g, sizeof names / sizeof names[0])]);
}

/* Leaves of every kind: the immediates a head may hold, and others. */
static term_t some_leaf(rng *g)
{
    switch (random_below(g, 10)) {
    case 0:
        return I(random_range(g, 0, 255));
    case 1:
        return I(random_range(g, -70000, 70000));
    case 2:
        return term_int64(&h, random_percent(g, 50) ? INT64_C(1) << 40 : -(INT64_C(1) << 62));
    case 3:
    case 4:
        return some_atom(g);
    case 5:
        return term_local_pid((uint32_t)random_below(g, 6), (uint32_t)random_below(g, 2));
    case 6:
        return NIL;
    case 7:
        return term_float(&h, (double)random_range(g, -1000, 1000) / 8.0);
    case 8:
        return tb_binary(&h, "bin");
    default:
        return term_local_port((uint64_t)random_below(g, 3) + 5);
    }
}

static term_t some_term(rng *g, int depth)
{
    unsigned k = (unsigned)random_below(g, depth > 0 ? 4 : 1);
    if (k == 0)
        return some_leaf(g);
    term_t e[12];
    unsigned n = (unsigned)random_below(g, k == 3 ? 12 : 5);
    for (unsigned i = 0; i < n; i++)
        e[i] = some_term(g, depth - 1);
    if (k == 1)
        return term_tuple(&h, n, e);
    return term_list_from(&h, e, n, random_percent(g, 10) ? some_leaf(g) : NIL);
}

/* A trace-message-like tuple: leading immediates from few choices (so that
 * heads repeat, collide in the cache and replace each other), maybe an
 * inner tuple, then anything. */
static term_t some_message(rng *g)
{
    term_t e[8], in[6];
    unsigned n = (unsigned)random_below(g, 7), m = (unsigned)random_below(g, 5);
    for (unsigned i = 0; i < n; i++)
        e[i] = random_percent(g, 80) ? some_leaf(g) : some_term(g, 3);
    for (unsigned i = 0; i < m; i++)
        in[i] = random_percent(g, 70) ? some_leaf(g) : some_term(g, 3);
    unsigned at = n ? (unsigned)random_below(g, n) : 0;
    if (n && random_percent(g, 60))
        e[at] = term_tuple(&h, m, in);
    if (random_percent(g, 3)) { /* past SMALL_TUPLE_EXT */
        term_t big[300];
        for (unsigned i = 0; i < 300; i++)
            big[i] = i < n ? e[i] : I(i);
        return term_tuple(&h, 300, big);
    }
    return term_tuple(&h, n, e);
}

/* Whatever the message and whatever the cache holds, ext_encode_headed
 * gives ext_encode's bytes or 0, and 0 only where ext_encode_bounded does,
 * for every buffer size (it may fit where ext_encode_bounded does not: a
 * cached atom is copied without its text block's slack). */
Test(ext_heads, same_as_bounded_encoding)
{
    rng g = {7};
    enum { N = 20000 };
    static uint8_t got[2048], bounded[2048];
    size_t hits = 0, zeros = 0;
    for (int i = 0; i < N; i++) {
        term_t t = random_percent(&g, 90) ? some_message(&g) : some_term(&g, 4);
        size_t cap = random_percent(&g, 20) ? (size_t)random_below(&g, 120) : sizeof got;
        size_t n = ext_encode_headed(heads, t, got, cap);
        size_t nb = ext_encode_bounded(t, bounded, cap);
        cr_assert(n == nb || nb == 0, "term %d, cap %zu: %zu bytes, ext_encode_bounded %zu", i, cap, n, nb);
        if (n == 0) {
            zeros++;
            continue;
        }
        size_t want_n;
        uint8_t *want = reference(t, &want_n);
        cr_assert_eq(n, want_n, "term %d: %zu bytes, ext_encode %zu", i, n, want_n);
        cr_assert_arr_eq(got, want, n, "term %d: bytes differ from ext_encode", i);
        if (nb)
            cr_assert_arr_eq(bounded, want, n, "term %d: ext_encode_bounded differs from ext_encode", i);
        free(want);
        hits++;
        heap_reset(&h);
    }
    /* both outcomes were exercised */
    cr_assert_gt(hits, N / 4);
    cr_assert_gt(zeros, N / 20);
}

/* Many processes calling many functions: more heads than the cache has
 * slots, so slots are replaced over and over; each message still encodes
 * as ext_encode does. */
Test(ext_heads, replacement_keeps_bytes_exact)
{
    static uint8_t got[512];
    const char *fs[] = {"f", "g", "h", "i", "j", "k", "l"};
    for (int round = 0; round < 3; round++)
        for (uint32_t pid = 0; pid < 60; pid++)
            for (int f = 0; f < 7; f++) {
                term_t args = L(2, I(pid), I(-f));
                term_t t =
                    T(4, A("trace"), term_local_pid(pid, 0), A("call"), T(3, A("mod"), A(fs[f]), args));
                size_t n = ext_encode_headed(heads, t, got, sizeof got), want_n;
                uint8_t *want = reference(t, &want_n);
                cr_assert_eq(n, want_n);
                cr_assert_arr_eq(got, want, n, "pid %u, f %d, round %d", pid, f, round);
                free(want);
                heap_reset(&h);
            }
}
