/* test_ets.c: tests of vm/ets.c's structures through its BIFs, on a bare
 * process: the ordered_set tree against a sorted reference under random
 * inserts and deletes, hash tables growing and shrinking, a fixed table
 * walked while it is emptied, objects' off-heap data, the memory a table
 * gives back, and an owner's exit. What erl prints for the same calls is
 * checked by the script tests (tests/scripts/ets/); select and match need
 * the trace engine's compiler and are tested there. */
#include <math.h>
#include <stdio.h>

#include "tests/lib/terms.h"

#define BIF_DEF "vm/ets.def"
#define BIF_SUITE ets
#define BIF_ROWS_EQ term_eq_exact
#include "tests/lib/bif_rows.h"

#include "vm/binary.h"
#include "vm/ets.h"

#define A(s) atom_from_cstr(s)

static term_t new_table(const char *opts)
{
    term_t args[2] = {A("t"), read_text(opts)};
    term_t t = call("ets:new/2", args);
    cr_assert(t != THE_NON_VALUE);
    return t;
}

static term_t call2(const char *mfa, term_t a, term_t b)
{
    term_t args[2] = {a, b};
    return call(mfa, args);
}

static term_t call1(const char *mfa, term_t a) { return call(mfa, &a); }

static void insert(term_t t, int64_t k, int64_t v)
{
    cr_assert_eq(call2("ets:insert/2", t, term_tuple2(&p.heap, term_small(k), term_small(v))), ATOM_true);
}

static int64_t size_of(term_t t) { return small_value(call2("ets:info/2", t, ATOM_size)); }

static uint64_t ets_bytes(void)
{
    alloc_stat s;
    alloc_get_stat(ALLOC_ETS, &s);
    return s.size;
}

/* A small deterministic generator (xorshift), the same every run. */
static uint64_t rng = 88172645463325252u;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* 20,000 random inserts and deletes of 2,000 keys: the table's walk with
 * first/next, and with last/prev backwards, is exactly the keys present,
 * in order, and its size their number. */
Test(ets, ordered_set_follows_a_sorted_reference)
{
    term_t t = new_table("[ordered_set]");
    enum { KEYS = 2000 };
    static bool present[KEYS];
    memset(present, 0, sizeof present);
    for (int i = 0; i < 20000; i++) {
        int64_t k = (int64_t)(next_random() % KEYS);
        if (next_random() % 3) {
            insert(t, k, i);
            present[k] = true;
        } else {
            cr_assert_eq(call2("ets:delete/2", t, term_small(k)), ATOM_true);
            present[k] = false;
        }
    }
    int64_t n = 0;
    term_t k = call1("ets:first/1", t);
    for (int64_t want = 0; want < KEYS; want++) {
        if (!present[want])
            continue;
        cr_assert_eq(k, term_small(want), "walk at %lld", (long long)want);
        k = call2("ets:next/2", t, k);
        n++;
    }
    cr_assert_eq(k, A("$end_of_table"));
    cr_assert_eq(size_of(t), n);
    k = call1("ets:last/1", t);
    for (int64_t want = KEYS - 1; want >= 0; want--) {
        if (!present[want])
            continue;
        cr_assert_eq(k, term_small(want));
        k = call2("ets:prev/2", t, k);
    }
    cr_assert_eq(k, A("$end_of_table"));
    /* the tree stays an AVL tree: at most 1.44 log2(n + 2) high */
    int h = ets_tree_check(t);
    cr_assert(h > 0 && h <= 1.44 * log2((double)n + 2), "height %d for %lld keys", h, (long long)n);
    /* a key between two others steps to its neighbours */
    cr_assert_eq(call2("ets:next/2", t, term_float(&p.heap, -0.5)), call1("ets:first/1", t));
}

/* Keys in order, the case an insert's rebalancing meets most (each goes
 * down the same spine), and keys of every kind mixed: the tree checks at
 * every size, and is as low as an AVL tree must be. Objects replaced
 * under an equal key (1.0 for 1) keep it balanced too. */
Test(ets, ordered_set_stays_balanced)
{
    term_t up = new_table("[ordered_set]"), down = new_table("[ordered_set]");
    enum { N = 20000 };
    for (int64_t i = 0; i < N; i++) {
        insert(up, i, i);
        insert(down, N - i, i);
        if (i % 997 == 0) {
            cr_assert_gt(ets_tree_check(up), 0, "after %lld keys", (long long)i);
            cr_assert_gt(ets_tree_check(down), 0, "after %lld keys", (long long)i);
        }
    }
    cr_assert_leq(ets_tree_check(up), 1.44 * log2(N + 2.0));
    cr_assert_leq(ets_tree_check(down), 1.44 * log2(N + 2.0));
    for (int64_t i = 0; i < N; i += 2) /* replace every other object under a float key */
        cr_assert_eq(
            call2("ets:insert/2", up, term_tuple2(&p.heap, term_float(&p.heap, (double)i), ATOM_true)),
            ATOM_true);
    cr_assert_eq(size_of(up), N);
    cr_assert_gt(ets_tree_check(up), 0);

    term_t mixed = new_table("[ordered_set]");
    const char *kinds[] = {"{k}", "[k]", "<<\"k\">>", "k", "1.5", "{k, a}", "\"k\""};
    for (int i = 0; i < 3000; i++) {
        term_t key;
        switch (next_random() % 5) {
        case 0:
            key = term_small((int64_t)(next_random() % 1000) - 500);
            break;
        case 1:
            key = term_float(&p.heap, (double)(next_random() % 1000) / 7.0);
            break;
        case 2:
            key = term_tuple2(&p.heap, term_small((int64_t)(next_random() % 50)), A("x"));
            break;
        case 3: {
            char name[16];
            snprintf(name, sizeof name, "a%u", (unsigned)(next_random() % 200));
            key = A(name);
            break;
        }
        default:
            key = read_text(kinds[next_random() % (sizeof kinds / sizeof kinds[0])]);
            break;
        }
        cr_assert_eq(call2("ets:insert/2", mixed, term_tuple2(&p.heap, key, term_small(i))), ATOM_true);
        if (next_random() % 4 == 0)
            cr_assert_eq(call2("ets:delete/2", mixed, key), ATOM_true);
    }
    cr_assert_gt(ets_tree_check(mixed), 0);
    cr_assert_eq(ets_tree_check(new_table("[set]")), -1); /* no tree */
}

/* A set grown to 50,000 objects and emptied again: every key is found
 * while it is in, none after, and the table gives its memory back. */
Test(ets, hash_table_grows_and_shrinks)
{
    uint64_t before = ets_bytes();
    term_t t = new_table("[set, public]");
    uint64_t empty = ets_bytes();
    for (int64_t i = 0; i < 50000; i++)
        insert(t, i, -i);
    cr_assert_eq(size_of(t), 50000);
    for (int64_t i = 0; i < 50000; i += 7)
        cr_assert_eq(call2("ets:member/2", t, term_small(i)), ATOM_true);
    for (int64_t i = 0; i < 50000; i++)
        call2("ets:delete/2", t, term_small(i));
    cr_assert_eq(size_of(t), 0);
    cr_assert_eq(call2("ets:member/2", t, term_small(3)), ATOM_false);
    cr_assert_eq(ets_bytes(), empty, "shrunk back to its first size");
    cr_assert_eq(call1("ets:delete/1", t), ATOM_true);
    /* the record stays while the tid lives; everything else is gone */
    cr_assert_lt(ets_bytes() - before, 1024);
    cr_assert_eq(call2("ets:info/2", t, ATOM_size), ATOM_undefined);
}

/* Deleting every key of a fixed bag while walking it with first/next:
 * the walk meets every key once, and the dead objects are freed at the
 * unfix. */
Test(ets, fixed_table_walk_survives_deletes)
{
    term_t t = new_table("[bag]");
    for (int64_t i = 0; i < 500; i++) {
        insert(t, i, 1);
        insert(t, i, 2);
    }
    cr_assert_eq(call2("ets:safe_fixtable/2", t, ATOM_true), ATOM_true);
    uint64_t full = ets_bytes();
    int64_t walked = 0;
    for (term_t k = call1("ets:first/1", t); k != A("$end_of_table"); k = call2("ets:next/2", t, k)) {
        cr_assert_eq(call2("ets:delete/2", t, k), ATOM_true);
        walked++;
    }
    cr_assert_eq(walked, 500);
    cr_assert_eq(size_of(t), 0);
    cr_assert_eq(ets_bytes(), full, "dead objects stay while fixed");
    cr_assert_eq(call2("ets:safe_fixtable/2", t, ATOM_false), ATOM_true);
    cr_assert_lt(ets_bytes(), full, "freed at the unfix");
    cr_assert_eq(call2("ets:info/2", t, A("fixed")), ATOM_false);
    call1("ets:delete/1", t);
}

/* An object keeps its refc binary alive by count after the inserting
 * heap is gone; the count goes with the object. */
Test(ets, objects_hold_refc_binaries)
{
    term_t t = new_table("[set]");
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    uint8_t bytes[1000];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)i;
    term_t bin = bin_new(&h, bytes, sizeof bytes);
    cr_assert(term_is_boxed_with(bin, HDR_REFC_BIN), "a refc binary");
    cr_assert_eq(call2("ets:insert/2", t, term_tuple2(&h, A("k"), bin)), ATOM_true);
    heap_destroy(&h);
    term_t got = call2("ets:lookup/2", t, A("k"));
    cr_assert(term_is_list(got));
    bin_view v;
    bin_view_of(tuple_get(list_head(got), 1), &v);
    cr_assert_eq(v.size, sizeof bytes);
    cr_assert(memcmp(v.bytes, bytes, sizeof bytes) == 0);
    cr_assert_eq(call1("ets:delete/1", t), ATOM_true);
}

/* The owner's exit deletes its tables; update_counter's list of
 * operations is all or nothing. */
Test(ets, owner_exit_and_counters)
{
    term_t t = new_table("[set, named_table]");
    cr_assert_eq(t, A("t"));
    cr_assert_eq(call2("ets:insert/2", t, read_text("{c, 1, 10, x}")), ATOM_true);
    term_t ops = read_text("[{2, 5}, {3, -20, 0, 100}]");
    term_t args3[3] = {t, A("c"), ops};
    expect_term(call("ets:update_counter/3", args3), "[6,100]");
    args3[2] = read_text("[{2, 1}, {4, 1}]");
    cr_assert_eq(call("ets:update_counter/3", args3), THE_NON_VALUE);
    expect_term(call2("ets:lookup/2", t, A("c")), "[{c,6,100,x}]");
    ets_proc_exit(&p);
    cr_assert_eq(call2("ets:info/2", t, ATOM_size), ATOM_undefined);
    cr_assert_eq(call1("ets:whereis/1", A("t")), ATOM_undefined);
}
