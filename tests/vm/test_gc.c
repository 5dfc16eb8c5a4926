/* test_gc.c: tests of vm/gc.c (and heap_absorb of vm/heap.c). Every root
 * is checked against a deep copy taken before the collection (on a heap the
 * GC does not touch). Expected sizes come from erl (OTP 25):
 *   process_info(spawn_opt(F, [{min_heap_size, N}]), heap_size) for the heap
 *   size sequence; erlang:trace(P, true, [garbage_collection]) events for
 *   the old heap size at the first promotion, the minor/major pattern under
 *   {fullsweep_after, 2}, a fresh process's first collection turning major,
 *   the shrink to 233 words after a major that finds nothing live, and
 *   garbage_collection_info for the binary virtual heap limits. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <stdatomic.h>

#include "tests/lib/rng.h"
#include "tests/lib/terms.h"
#include "vm/atom.h"
#include "vm/bignum.h"
#include "vm/binary.h"
#include "vm/cmp.h"
#include "vm/copy.h"
#include "vm/gc.h"
#include "vm/heap.h"
#include "vm/map.h"

static heap_t young, refh;
static gc_state gc;

static void setup(void)
{
    atom_table_init();
    gc_init(&young, &gc, 0);
    heap_init(&refh, ALLOC_HEAP);
}
static void teardown(void)
{
    gc_destroy(&young, &gc);
    heap_destroy(&refh);
}
TestSuite(gc, .init = setup, .fini = teardown);

#define A(s) atom_from_cstr(s)
#define I(v) term_int64(&young, v)

/* ---- helpers ----------------------------------------------------------------- */

static gc_kind collect(term_t *roots, size_t n, size_t need, bool major)
{
    gc_root r = {roots, n};
    return gc_collect(&young, &gc, &r, 1, need, major, NULL, NULL);
}

static bool in_block(const heap_block *b, const void *p)
{
    return b && (const term_t *)p >= b->mem && (const term_t *)p < b->mem + b->words;
}
static bool in_young(const void *p) { return in_block(young.blocks, p) && young.blocks->next == NULL; }
static bool in_old(const void *p) { return in_block(gc.old.blocks, p); }
static term_t *ptr_of(term_t t) { return term_is_list(t) ? list_ptr(t) : boxed_ptr(t); }

/* A list of n small integers: 2n words. */
static term_t int_list(heap_t *h, int n)
{
    term_t l = NIL;
    for (int i = n; i > 0; i--)
        l = term_cons(h, term_small(i), l);
    return l;
}

static term_t refc_binary(heap_t *h, size_t n, uint8_t fill)
{
    uint8_t *p;
    term_t b = bin_alloc(h, n, &p);
    memset(p, fill, n);
    return b;
}
static binary_t *val_of(term_t b) { return ((refc_bin_obj *)(void *)boxed_ptr(b))->val; }

/* Calls `f` on every term word of the objects in [p, end). */
static void for_each_word(term_t *p, term_t *end, void (*f)(term_t *, void *), void *arg)
{
    while (p < end) {
        if (term_is_header(*p)) {
            size_t first, size = heap_object_layout(p, &first);
            if (header_subtag(*p) == HDR_FUN)
                f(p + HEAP_FUN_CREATOR_WORD, arg);
            for (size_t i = first; i < size; i++)
                f(p + i, arg);
            p += size;
        } else {
            f(p++, arg);
        }
    }
}

static void count_young_pointer(term_t *w, void *arg)
{
    if ((term_is_list(*w) || term_is_boxed(*w)) && in_block(young.blocks, ptr_of(*w)))
        (*(size_t *)arg)++;
}

/* The generational invariant: no old object points into the young heap. */
static size_t old_to_young_pointers(void)
{
    size_t n = 0;
    if (gc.old.blocks)
        for_each_word(gc.old.blocks->mem, gc.old.top, count_young_pointer, &n);
    return n;
}

/* ---- a random term generator ------------------------------------------------- */

typedef struct gen {
    rng r;
    heap_t *h;
} gen;

static const char *const ATOMS[] = {"a", "ok", "error", "undefined", "true", "node@host", "x_y_z", "[]"};

static term_t gen_binary(gen *g)
{
    size_t n = random_percent(&g->r, 50) ? random_below(&g->r, 70) : 65 + random_below(&g->r, 300);
    return refc_binary(g->h, n, (uint8_t)random_below(&g->r, 256));
}

static term_t gen_leaf(gen *g)
{
    heap_t *h = g->h;
    uint32_t ids[3] = {(uint32_t)next_random(&g->r), 7, 9};
    switch (random_below(&g->r, 13)) {
    case 0:
        return term_small(random_range(&g->r, -1000000, 1000000));
    case 1: {
        mp_limb_t limbs[3] = {next_random(&g->r), next_random(&g->r), 1 + random_below(&g->r, 1000)};
        return big_from_limbs(h, random_percent(&g->r, 50), limbs, 1 + random_below(&g->r, 3));
    }
    case 2:
        return term_float(h, (double)random_range(&g->r, -100000, 100000) / 7.0);
    case 3:
        return A(ATOMS[random_below(&g->r, 8)]);
    case 4:
        return NIL;
    case 5:
        return term_local_pid((uint32_t)random_below(&g->r, 1000), 0);
    case 6:
        return term_ref(h, ids, 3);
    case 7:
        return term_ext_id(h, HDR_EXT_PID, A("other@host"), 2, ids, 2);
    case 8:
        return term_ext_id(h, HDR_EXT_REF, A("other@host"), 3, ids, 3);
    case 9:
        return term_export(h, A("lists"), A("reverse"), 1);
    case 10:
    case 11:
        return gen_binary(g);
    default:
        return term_local_port(random_below(&g->r, 100));
    }
}

/* Recursion bounded by `depth` (at most 6 here). No object is referenced
 * twice, so the term's copy_size is its exact size on a heap. */
static term_t gen_term(gen *g, int depth)
{
    heap_t *h = g->h;
    if (depth <= 0 || random_percent(&g->r, 25))
        return gen_leaf(g);
    term_t e[40], v[40];
    switch (random_below(&g->r, 8)) {
    case 0: {
        size_t n = random_below(&g->r, 6);
        for (size_t i = 0; i < n; i++)
            e[i] = gen_term(g, depth - 1);
        return term_tuple(h, n, e);
    }
    case 1: {
        size_t n = random_below(&g->r, 7);
        for (size_t i = 0; i < n; i++)
            e[i] = gen_term(g, depth - 1);
        term_t tail = random_percent(&g->r, 20) ? gen_leaf(g) : NIL;
        return term_list_from(h, e, n, tail);
    }
    case 2: {
        size_t n = random_below(&g->r, 5);
        for (size_t i = 0; i < n; i++) {
            e[i] = gen_term(g, depth - 2);
            v[i] = gen_term(g, depth - 1);
        }
        return map_from_pairs(h, e, v, n);
    }
    case 3: {
        unsigned n = (unsigned)random_below(&g->r, 4);
        for (unsigned i = 0; i < n; i++)
            e[i] = gen_term(g, depth - 1);
        term_t creator = random_percent(&g->r, 50)
                             ? term_local_pid(5, 0)
                             : term_ext_id(h, HDR_EXT_PID, A("n@h"), 1, (const uint32_t[]){3, 4}, 2);
        return term_fun(h, A("mod"), 1, random_below(&g->r, 9), 42, NULL, creator, n, e);
    }
    case 4:
        if (random_percent(&g->r, 30)) {
            size_t n = 33 + random_below(&g->r, 8);
            for (size_t i = 0; i < n; i++) {
                e[i] = term_tuple2(h, A("k"), term_small((int64_t)i));
                v[i] = gen_term(g, depth - 2);
            }
            return map_from_pairs(h, e, v, n);
        }
        return gen_leaf(g);
    case 5: {
        term_t whole = gen_binary(g);
        bin_view bv;
        bin_view_of(whole, &bv);
        uint64_t bits = bin_bit_size(&bv);
        uint64_t start = bits ? random_below(&g->r, bits) : 0;
        return bin_sub(h, whole, start, bits - start ? random_below(&g->r, bits - start) : 0);
    }
    case 6: {
        char s[16];
        size_t n = random_below(&g->r, 15);
        for (size_t i = 0; i < n; i++)
            s[i] = (char)('a' + random_below(&g->r, 26));
        return term_string(h, s, n);
    }
    default:
        return term_tuple2(h, gen_term(g, depth - 1), gen_leaf(g));
    }
}

/* ---- sizes ------------------------------------------------------------------- */

Test(gc, heap_sizes_follow_otp)
{
    /* process_info(spawn_opt(F, [{min_heap_size, N}]), heap_size) */
    static const size_t cases[][2] = {{0, 233},     {1, 233},         {100, 233},       {233, 233},
                                      {234, 376},   {300, 376},       {376, 376},       {377, 610},
                                      {1000, 1598}, {833026, 833026}, {833027, 999631}, {1000000, 1199557}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        heap_t y;
        gc_state s;
        gc_init(&y, &s, cases[i][0]);
        gc_info info;
        gc_info_get(&y, &s, 0, &info);
        cr_assert_eq(info.heap_block_size, cases[i][1], "min_heap_size %zu", cases[i][0]);
        cr_assert_eq(s.min_heap_words, cases[i][1]);
        cr_assert_eq(info.heap_size, 0);
        cr_assert_eq(info.old_heap_block_size, 0);
        cr_assert_eq(info.bin_vheap_block_size, 46422);
        cr_assert_eq(info.bin_old_vheap_block_size, 46422);
        gc_destroy(&y, &s);
    }
    /* the old heap sizes erl allocates at a first promotion, from the young
     * heap's use: 224 -> 376, 600 -> 987, 1584 -> 2586 */
    cr_assert_eq(gc_next_heap_size(224, 1), 376);
    cr_assert_eq(gc_next_heap_size(600, 1), 987);
    cr_assert_eq(gc_next_heap_size(1584, 1), 2586);
    cr_assert_eq(gc_next_heap_size(462, 0), 610);
}

/* ---- correctness on random terms ----------------------------------------------- */

#define NROOTS 40

static void check_roots(const term_t *roots, const term_t *refs, size_t n, const char *what, int round)
{
    for (size_t i = 0; i < n; i++) {
        cr_assert(term_eq_exact(roots[i], refs[i]), "%s round %d: root %zu differs", what, round, i);
        if (term_is_list(roots[i]) || term_is_boxed(roots[i]))
            cr_assert(in_young(ptr_of(roots[i])) || in_old(ptr_of(roots[i])), "%s round %d: root %zu", what,
                      round, i);
    }
}

static void random_rounds(uint64_t seed, size_t need)
{
    gen g = {{seed}, &young};
    term_t roots[NROOTS], refs[NROOTS];
    for (size_t i = 0; i < NROOTS; i++)
        roots[i] = refs[i] = NIL;
    for (int round = 0; round < 30; round++) {
        /* replace some roots, leave garbage behind */
        for (size_t i = 0; i < NROOTS; i++) {
            if (random_percent(&g.r, 30)) {
                roots[i] = gen_term(&g, 6);
                refs[i] = copy_term(&refh, roots[i]);
            }
            if (random_percent(&g.r, 30))
                (void)gen_term(&g, 4);
        }
        if (random_percent(&g.r, 30)) { /* a message arrives */
            heap_t msg;
            heap_init(&msg, ALLOC_HEAP_FRAG);
            gen mg = {{next_random(&g.r)}, &msg};
            size_t i = random_below(&g.r, NROOTS);
            roots[i] = gen_term(&mg, 5);
            refs[i] = copy_term(&refh, roots[i]);
            heap_absorb(&young, &msg);
        }
        bool major = random_percent(&g.r, 25);
        gc_kind k = collect(roots, NROOTS, need, major);
        cr_assert(!major || k == GC_MAJOR);
        check_roots(roots, refs, NROOTS, "random", round);
        cr_assert_eq(young.blocks->next, NULL);
        cr_assert_geq((size_t)(young.limit - young.top), need);
        cr_assert_eq(old_to_young_pointers(), 0, "round %d", round);
        if (k != GC_MINOR) {
            /* nothing shared, so everything live is exactly the roots' sizes */
            size_t live = 0;
            for (size_t i = 0; i < NROOTS; i++)
                live += copy_size(roots[i]);
            cr_assert_eq(heap_used_words(&young), live, "round %d", round);
            cr_assert_eq(gc.old.blocks, NULL);
        }
    }
    collect(roots, NROOTS, 0, true);
    check_roots(roots, refs, NROOTS, "final", 99);
}

Test(gc, random_roots_survive_minor_and_major_collections)
{
    for (uint64_t seed = 1; seed <= 6; seed++)
        random_rounds(seed, 0);
}

/* `need` forces the young heap to grow after the copy: every pointer into
 * it (roots, the heap's own words, the off-heap list) must follow. */
Test(gc, random_roots_survive_a_heap_that_grows)
{
    random_rounds(77, 50000);
    random_rounds(78, 3000);
}

Test(gc, roots_that_are_not_pointers_are_left_alone)
{
    term_t t = term_tuple2(&young, A("a"), I(1));
    term_t roots[] = {header_make(3, HDR_TUPLE), term_catch(17), A("x"), term_small(-3), NIL, t,
                      term_local_pid(1, 2),      THE_NON_VALUE};
    term_t copy[sizeof roots / sizeof roots[0]];
    memcpy(copy, roots, sizeof roots);
    collect(roots, sizeof roots / sizeof roots[0], 0, true);
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
        if (i != 5)
            cr_assert_eq(roots[i], copy[i]);
    cr_assert_neq(roots[5], t);
    cr_assert(term_eq_exact(roots[5], copy_term(&refh, roots[5])));
    cr_assert_eq(tuple_get(roots[5], 0), A("a"));
}

/* ---- garbage, sharing, literals ---------------------------------------------------- */

Test(gc, garbage_is_gone_and_the_heap_shrinks)
{
    term_t keep = term_tuple2(&young, A("keep"), int_list(&young, 10)); /* 3 + 20 words */
    for (int i = 0; i < 5000; i++)
        (void)term_tuple2(&young, I(i), term_float(&young, i));
    term_t roots[1] = {keep};
    gc_info before, after;
    gc_root r = {roots, 1};
    gc_kind k = gc_collect(&young, &gc, &r, 1, 0, true, &before, &after);
    cr_assert_eq(k, GC_MAJOR);
    cr_assert_eq(heap_used_words(&young), 23);
    cr_assert_eq(after.heap_size, 23);
    cr_assert_eq(after.recent_size, 23);
    cr_assert_eq(after.mbuf_size, 0);
    cr_assert_eq(before.heap_size + before.mbuf_size, 5000 * 5 + 23);
    cr_assert_eq(after.wordsize, 5000 * 5);
    /* nothing live to speak of: back to 233 words, as erl after a major
     * collection reclaiming everything (gc_major_end heap_block_size 233) */
    cr_assert_eq(after.heap_block_size, 233);

    /* and from a big heap */
    for (int i = 0; i < 20000; i++)
        (void)term_cons(&young, I(i), NIL);
    k = gc_collect(&young, &gc, &r, 1, 0, false, &before, &after);
    cr_assert_eq(k, GC_MINOR);
    cr_assert_eq(after.heap_size + after.old_heap_size, 23);
    roots[0] = NIL;
    gc_collect(&young, &gc, &r, 1, 0, true, &before, &after);
    cr_assert_eq(heap_used_words(&young), 0);
    cr_assert_eq(after.heap_block_size, 233);
    cr_assert_eq(after.old_heap_block_size, 0);
    cr_assert_eq(after.wordsize, 23);
}

Test(gc, sharing_is_preserved)
{
    term_t x = int_list(&young, 1000);
    term_t pair = term_tuple2(&young, x, x);
    term_t roots[4] = {pair, x, x, pair};
    term_t ref = copy_term(&refh, x);
    for (int i = 0; i < 4; i++) {
        gc_kind k = collect(roots, 4, 0, i == 3);
        cr_assert_eq(roots[1], roots[2], "pass %d", i);
        cr_assert_eq(roots[0], roots[3], "pass %d", i);
        cr_assert_eq(tuple_get(roots[0], 0), roots[1], "pass %d", i);
        cr_assert_eq(tuple_get(roots[0], 1), roots[1], "pass %d", i);
        cr_assert(term_eq_exact(roots[1], ref));
        size_t used = heap_used_words(&young) + heap_used_words(&gc.old);
        cr_assert_eq(used, 2000 + 3, "pass %d (%d)", i, (int)k);
    }
}

Test(gc, literals_outside_the_heap_are_not_moved)
{
    heap_t lit;
    heap_init(&lit, ALLOC_HEAP);
    term_t bin = refc_binary(&lit, 500, 9);
    term_t literal = term_tuple3(&lit, A("literal"), term_string(&lit, "abc", 3), bin);
    term_t lit_before[4];
    memcpy(lit_before, boxed_ptr(literal), sizeof lit_before);
    term_t roots[3] = {literal, term_tuple2(&young, literal, I(5)), term_cons(&young, literal, NIL)};
    for (int i = 0; i < 4; i++) {
        collect(roots, 3, 0, i % 2 == 1);
        cr_assert_eq(roots[0], literal);
        cr_assert_eq(tuple_get(roots[1], 0), literal);
        cr_assert_eq(list_head(roots[2]), literal);
        cr_assert(in_young(boxed_ptr(roots[1])) || in_old(boxed_ptr(roots[1])));
    }
    /* the literal's words were not touched (no forwarding left behind) and
     * its binary was neither released nor given a new handle */
    cr_assert_eq(memcmp(lit_before, boxed_ptr(literal), sizeof lit_before), 0);
    cr_assert_eq(atomic_load(&val_of(bin)->refc), 1);
    cr_assert_eq(young.offheap, NULL);
    heap_destroy(&lit);
}

/* ---- magic references ------------------------------------------------------------- */

/* A magic whose destructor counts its runs. */
typedef struct {
    vm_magic m;
    int destroyed;
} counted_magic;
static void count_destroy(vm_magic *m) { ((counted_magic *)(void *)m)->destroyed++; }

Test(gc, magic_refs_hold_a_count_per_copy_and_destroy_at_the_last)
{
    counted_magic cm = {.destroyed = 0};
    atomic_init(&cm.m.refc, 0);
    cm.m.destroy = count_destroy;
    const uint32_t ids[3] = {7, 8, 9};
    term_t mref = term_magic_ref(&young, ids, &cm.m);
    cr_assert(term_is_ref(mref) && term_is_local_ref(mref));
    cr_assert_eq(ref_object(mref)->nids, 3);
    cr_assert_eq(ref_object(mref)->ids[2], 9);
    cr_assert(term_eq_exact(mref, term_ref(&young, ids, 3)), "a magic ref equals the plain ref with its ids");
    cr_assert_eq(atomic_load(&cm.m.refc), 1);

    /* a copy on another heap takes a count, which that heap's end gives back */
    heap_t other;
    heap_init(&other, ALLOC_TEMP);
    term_t c = copy_term(&other, term_tuple2(&other, mref, NIL));
    cr_assert_eq(atomic_load(&cm.m.refc), 2);
    cr_assert(term_eq_exact(tuple_get(c, 0), mref));

    /* kept through collections, minor and major, moved each time */
    term_t roots[1] = {term_tuple2(&young, mref, I(1))};
    collect(roots, 1, 0, false);
    cr_assert_eq(collect(roots, 1, 0, false), GC_MINOR);
    cr_assert_eq(collect(roots, 1, 0, true), GC_MAJOR);
    cr_assert_eq(atomic_load(&cm.m.refc), 2);
    cr_assert_eq(cm.destroyed, 0);
    term_t moved = tuple_get(roots[0], 0);
    cr_assert(term_is_boxed_with(moved, HDR_MAGIC_REF) && magic_ref_object(moved)->magic == &cm.m);
    cr_assert(term_eq_exact(moved, tuple_get(c, 0)));

    /* dropped here: the collection gives the count back, not yet the last */
    roots[0] = NIL;
    collect(roots, 1, 0, true);
    cr_assert_eq(atomic_load(&cm.m.refc), 1);
    cr_assert_eq(cm.destroyed, 0);
    heap_destroy(&other);
    cr_assert_eq(atomic_load(&cm.m.refc), 0);
    cr_assert_eq(cm.destroyed, 1);
}

/* ---- off-heap binaries ------------------------------------------------------------ */

Test(gc, refc_binaries_are_released_exactly_when_unreachable)
{
    enum { N = 10 };
    term_t bins[N], roots[N];
    binary_t *vals[N];
    for (int i = 0; i < N; i++) {
        bins[i] = refc_binary(&young, 100 + (size_t)i, (uint8_t)i);
        vals[i] = val_of(bins[i]);
        atomic_fetch_add(&vals[i]->refc, 1); /* the test's own reference */
        roots[i] = i % 2 ? NIL : term_tuple2(&young, bins[i], I(i));
    }
    cr_assert_eq(young.offheap_bytes, 10 * 100 + 45);
    collect(roots, N, 0, false); /* a fresh heap's first collection is major */
    for (int i = 0; i < N; i++)
        cr_assert_eq(atomic_load(&vals[i]->refc), i % 2 ? 1u : 2u, "binary %d", i);
    cr_assert_eq(young.offheap_bytes, 100 + 102 + 104 + 106 + 108);

    /* promote the live ones, then drop two: a minor collection leaves old
     * garbage alone, a major one releases it */
    cr_assert_eq(collect(roots, N, 0, false), GC_MINOR);
    cr_assert_eq(gc.old.offheap_bytes, 100 + 102 + 104 + 106 + 108);
    cr_assert_eq(young.offheap, NULL);
    roots[0] = roots[4] = NIL;
    cr_assert_eq(collect(roots, N, 0, false), GC_MINOR);
    cr_assert_eq(atomic_load(&vals[0]->refc), 2);
    cr_assert_eq(collect(roots, N, 0, true), GC_MAJOR);
    cr_assert_eq(atomic_load(&vals[0]->refc), 1);
    cr_assert_eq(atomic_load(&vals[4]->refc), 1);
    cr_assert_eq(atomic_load(&vals[2]->refc), 2);
    cr_assert_eq(young.offheap_bytes, 102 + 106 + 108);
    cr_assert_eq(gc.old.offheap, NULL);
    for (int i = 0; i < N; i++) {
        cr_assert(term_is_tuple(roots[i]) || roots[i] == NIL);
        if (roots[i] != NIL)
            cr_assert_eq(val_of(tuple_get(roots[i], 0)), vals[i]);
        bin_release(vals[i]);
    }
}

Test(gc, dead_binaries_are_freed)
{
    alloc_stat base, mid, end;
    alloc_get_stat(ALLOC_BINARY, &base);
    term_t roots[2] = {refc_binary(&young, 4000, 1), NIL};
    (void)refc_binary(&young, 8000, 2);
    term_t sub_only = bin_sub(&young, refc_binary(&young, 16000, 3), 8, 80);
    roots[1] = sub_only; /* keeps its original alive */
    alloc_get_stat(ALLOC_BINARY, &mid);
    cr_assert_geq(mid.size, base.size + 28000);
    collect(roots, 2, 0, true);
    alloc_get_stat(ALLOC_BINARY, &end);
    cr_assert_eq(end.size - base.size, mid.size - base.size - (8000 + sizeof(binary_t)));
    bin_view v;
    bin_view_of(roots[1], &v);
    cr_assert_eq(v.size, 10);
    cr_assert_eq(v.bytes[0], 3);
    roots[0] = roots[1] = NIL;
    collect(roots, 2, 0, true);
    alloc_get_stat(ALLOC_BINARY, &end);
    cr_assert_eq(end.size, base.size);
}

/* 600 live binaries of 1000 bytes: garbage_collection_info after a major
 * collection says bin_vheap_size 75000, bin_vheap_block_size 121527 and
 * bin_old_vheap_block_size 121527. */
Test(gc, binary_virtual_heap_follows_otp)
{
    gc_destroy(&young, &gc);
    gc_init(&young, &gc, 4000); /* room for the handles: no fragments */
    term_t roots[600];
    for (int i = 0; i < 600; i++)
        roots[i] = refc_binary(&young, 1000, 0);
    gc_info info;
    gc_info_get(&young, &gc, 0, &info);
    cr_assert_eq(info.bin_vheap_size, 75000);
    cr_assert_eq(young.blocks->next, NULL);
    cr_assert(gc_wanted(&young, &gc, 0)); /* 75000 words over the 46422 limit */
    collect(roots, 600, 0, true);
    gc_info_get(&young, &gc, 0, &info);
    cr_assert_eq(info.bin_vheap_size, 75000);
    cr_assert_eq(info.bin_vheap_block_size, 121527);
    cr_assert_eq(info.bin_old_vheap_block_size, 121527);
    cr_assert(!gc_wanted(&young, &gc, 0));
}

/* ---- generations ----------------------------------------------------------------- */

/* erl: a fresh process's first collection is gc_minor_start, gc_minor_end,
 * gc_major_start, gc_major_end (no old heap yet, nothing to promote); the
 * next minor one promotes, allocating an old heap of 376 words when 224
 * words of the young heap were in use. */
Test(gc, promotion_after_two_minor_collections)
{
    term_t roots[2] = {int_list(&young, 112), NIL}; /* 224 words */
    term_t ref = copy_term(&refh, roots[0]);
    gc_info before, after;
    gc_root r = {roots, 2};
    cr_assert_eq(gc_collect(&young, &gc, &r, 1, 0, false, &before, &after), GC_MINOR_TO_MAJOR);
    cr_assert_eq(after.heap_size, 224);
    cr_assert_eq(after.recent_size, 224);
    cr_assert_eq(after.heap_block_size, 233);
    cr_assert_eq(after.old_heap_block_size, 0);
    cr_assert(in_young(list_ptr(roots[0])));
    gc_info info;
    gc_info_get(&young, &gc, 4, &info);
    cr_assert_eq(info.stack_size, 4);
    cr_assert_eq(info.recent_size, 224);

    cr_assert_eq(gc_collect(&young, &gc, &r, 1, 0, false, &before, &after), GC_MINOR);
    cr_assert_eq(before.recent_size, 224);
    cr_assert_eq(after.old_heap_block_size, 376);
    cr_assert_eq(after.old_heap_size, 224);
    cr_assert_eq(after.heap_size, 0);
    cr_assert_eq(after.recent_size, 0);
    cr_assert_eq(after.wordsize, 0);
    cr_assert(in_old(list_ptr(roots[0])));
    cr_assert(term_eq_exact(roots[0], ref));

    /* a newer term takes two minor collections to reach the old heap */
    roots[1] = term_tuple2(&young, roots[0], I(7));
    cr_assert_eq(collect(roots, 2, 0, false), GC_MINOR);
    cr_assert(in_young(boxed_ptr(roots[1])));
    cr_assert_eq(tuple_get(roots[1], 0), roots[0]);
    cr_assert_eq(collect(roots, 2, 0, false), GC_MINOR);
    cr_assert(in_old(boxed_ptr(roots[1])));
    cr_assert_eq(tuple_get(roots[1], 0), roots[0]);
    cr_assert_eq(gc.minor_count, 3);
    cr_assert_eq(gc.major_count, 1);
    cr_assert_eq(old_to_young_pointers(), 0);
}

/* erl, spawn_opt(F, [{fullsweep_after, 2}]) with something live: after the
 * first collection, minor, minor, major, minor, minor, major. */
Test(gc, fullsweep_after_forces_a_major_collection)
{
    gc.fullsweep_after = 2;
    term_t roots[1] = {int_list(&young, 50)};
    static const gc_kind expect[] = {GC_MINOR_TO_MAJOR, GC_MINOR, GC_MINOR, GC_MAJOR,
                                     GC_MINOR,          GC_MINOR, GC_MAJOR};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        (void)int_list(&young, 20); /* garbage */
        roots[0] = term_cons(&young, I((int64_t)i), roots[0]);
        cr_assert_eq(collect(roots, 1, 0, false), expect[i], "collection %zu", i);
        cr_assert_eq(list_length(roots[0]), 51 + (int64_t)i);
    }
    /* fullsweep_after 0: every collection is major */
    gc.fullsweep_after = 0;
    for (int i = 0; i < 3; i++)
        cr_assert_eq(collect(roots, 1, 0, false), GC_MAJOR);
}

Test(gc, a_full_old_heap_turns_a_minor_collection_major)
{
    term_t roots[2] = {int_list(&young, 112), NIL};
    collect(roots, 2, 0, false);
    cr_assert_eq(collect(roots, 2, 0, false), GC_MINOR); /* old heap: 376 words, 224 used */
    roots[1] = int_list(&young, 100);                    /* 200 words: more than the 152 free */
    term_t r0 = copy_term(&refh, roots[0]), r1 = copy_term(&refh, roots[1]);
    cr_assert_eq(collect(roots, 2, 0, false), GC_MINOR); /* roots[1] now below the high-water mark */
    gc_info before, after;
    gc_root r = {roots, 2};
    cr_assert_eq(gc_collect(&young, &gc, &r, 1, 0, false, &before, &after), GC_MINOR_TO_MAJOR);
    cr_assert_eq(before.old_heap_size, 224);
    cr_assert_eq(before.recent_size, 200);
    cr_assert_eq(after.old_heap_block_size, 0);
    cr_assert_eq(after.heap_size, 424);
    cr_assert_eq(after.heap_block_size, 610); /* 424 words to keep: the next size up */
    cr_assert(term_eq_exact(roots[0], r0));
    cr_assert(term_eq_exact(roots[1], r1));
}

/* ---- need, fragments, wanted --------------------------------------------------------- */

Test(gc, need_is_honoured)
{
    term_t roots[1] = {int_list(&young, 300)};
    gc_info after;
    gc_root r = {roots, 1};
    gc_collect(&young, &gc, &r, 1, 100000, false, NULL, &after);
    cr_assert_geq((size_t)(young.limit - young.top), 100000);
    cr_assert_eq(after.heap_block_size, gc_next_heap_size(600 + 100000, 0));
    cr_assert_eq(after.heap_block_size, 121536);
    cr_assert_eq(list_length(roots[0]), 300);
    gc_collect(&young, &gc, &r, 1, 200000, false, NULL, &after);
    cr_assert_geq((size_t)(young.limit - young.top), 200000);
    gc_collect(&young, &gc, &r, 1, 300000, true, NULL, &after);
    cr_assert_geq((size_t)(young.limit - young.top), 300000);
    cr_assert_eq(list_length(roots[0]), 300);
    /* a large heap mostly empty shrinks again */
    size_t big = gc.young_words;
    gc_collect(&young, &gc, &r, 1, 0, false, NULL, &after);
    cr_assert_lt(gc.young_words, big);
    cr_assert_eq(gc.young_words, gc_next_heap_size(gc.young_words, 0));
    cr_assert_eq(list_length(roots[0]), 300);
}

Test(gc, messages_and_overflow_are_fragments)
{
    cr_assert(!gc_wanted(&young, &gc, 0));
    heap_t msg;
    heap_init(&msg, ALLOC_HEAP_FRAG);
    term_t m = term_tuple3(&msg, A("msg"), term_string(&msg, "hello", 5), refc_binary(&msg, 200, 4));
    term_t ref = copy_term(&refh, m);
    size_t msg_words = heap_used_words(&msg);
    term_t *cur = young.top;
    heap_absorb(&young, &msg);
    cr_assert_eq(msg.blocks, NULL);
    cr_assert_eq(msg.offheap, NULL);
    cr_assert_eq(young.top, cur); /* allocation goes on in the young heap */
    cr_assert_eq(young.offheap_bytes, 200);
    /* a fragment is no reason to collect until it, the block's use and the
     * stack reach the block's size */
    cr_assert(!gc_wanted(&young, &gc, 0));
    cr_assert(!gc_wanted(&young, &gc, gc.young_words - msg_words - 1));
    cr_assert(gc_wanted(&young, &gc, gc.young_words - msg_words));
    gc_info info;
    gc_info_get(&young, &gc, 0, &info);
    cr_assert_eq(info.mbuf_size, msg_words);
    cr_assert_eq(info.heap_size, 0);

    /* an allocation that does not fit the young heap starts a fragment */
    term_t *big = heap_alloc(&young, 1000);
    for (int i = 0; i < 1000; i++)
        big[i] = NIL;
    gc_info_get(&young, &gc, 0, &info);
    cr_assert_eq(info.mbuf_size, msg_words + 1000);
    cr_assert(gc_wanted(&young, &gc, 0)); /* the block overflowed */
    cr_assert_eq(heap_used_words(&young), msg_words + 1000);
    term_t roots[2] = {m, term_tuple2(&young, m, A("more"))};
    gc_info_get(&young, &gc, 0, &info);
    cr_assert_eq(info.heap_size, 0);
    cr_assert_eq(info.mbuf_size, msg_words + 1003);

    alloc_stat frag;
    collect(roots, 2, 0, false);
    alloc_get_stat(ALLOC_HEAP_FRAG, &frag);
    cr_assert_eq(frag.blocks, 0);
    cr_assert_eq(young.blocks->next, NULL);
    cr_assert(!gc_wanted(&young, &gc, 0));
    cr_assert(term_eq_exact(roots[0], ref));
    cr_assert_eq(tuple_get(roots[1], 0), roots[0]);
    gc_info_get(&young, &gc, 0, &info);
    cr_assert_eq(info.mbuf_size, 0);
    cr_assert_eq(info.heap_size, msg_words + 3);
}

/* The young heap is sized for the root words (the stack) too, as OTP's
 * heap block holds the stack: a deep stack with little live data must not
 * be scanned whole every few hundred words allocated. */
Test(gc, young_heap_sized_for_the_stack)
{
    size_t n = 5000;
    term_t *stack = calloc(n, sizeof *stack);
    cr_assert_not_null(stack);
    for (size_t i = 0; i < n; i++)
        stack[i] = NIL;
    stack[0] = int_list(&young, 10);
    gc_root r = {stack, n};
    cr_assert(!gc_wanted(&young, &gc, 0));
    cr_assert(gc_wanted(&young, &gc, n));
    gc_collect(&young, &gc, &r, 1, 0, false, NULL, NULL);
    cr_assert_geq(gc.young_words, n + 20);
    cr_assert_eq(gc.young_words, gc_next_heap_size(gc.young_words, 0));
    cr_assert(!gc_wanted(&young, &gc, n));
    cr_assert_eq(list_length(stack[0]), 10);
    /* a shallow stack again: a mostly empty heap shrinks back in time */
    r.n = 1;
    size_t big = gc.young_words;
    for (int i = 0; i < 4; i++)
        gc_collect(&young, &gc, &r, 1, 0, i == 3, NULL, NULL);
    cr_assert_lt(gc.young_words, big);
    free(stack);
}

Test(gc, full_young_heap_wants_a_collection)
{
    cr_assert(!gc_wanted(&young, &gc, 0));
    (void)heap_alloc(&young, gc.young_words);
    cr_assert(gc_wanted(&young, &gc, 0));
    cr_assert_eq(young.blocks->next, NULL);
}

/* ---- depth --------------------------------------------------------------------------- */

Test(gc, a_million_element_list_collects_without_recursion)
{
    term_t roots[1] = {int_list(&young, 1000000)};
    for (int i = 0; i < 3; i++) {
        collect(roots, 1, 0, i == 2);
        cr_assert_eq(list_length(roots[0]), 1000000);
        cr_assert_eq(small_value(list_head(roots[0])), 1);
    }
    cr_assert(in_young(list_ptr(roots[0])));
}

Test(gc, a_million_deep_tuple_collects_without_recursion)
{
    term_t t = A("leaf");
    for (int i = 0; i < 1000000; i++)
        t = term_tuple2(&young, t, I(i));
    term_t roots[1] = {t};
    term_t ref = copy_term(&refh, t);
    collect(roots, 1, 0, false);
    collect(roots, 1, 0, false);
    cr_assert(in_old(boxed_ptr(roots[0])));
    collect(roots, 1, 0, true);
    cr_assert(term_eq_exact(roots[0], ref));
    cr_assert_eq(heap_used_words(&young), 3000000);
}

/* ---- heap_absorb ----------------------------------------------------------------------- */

Test(gc, absorb_moves_blocks_and_handles)
{
    alloc_stat base, end;
    alloc_get_stat(ALLOC_HEAP_FRAG, &base);
    heap_t a, b;
    heap_init(&a, ALLOC_HEAP);
    heap_init(&b, ALLOC_HEAP_FRAG);
    term_t x = term_tuple2(&a, A("x"), refc_binary(&a, 300, 1));
    term_t l = NIL;
    for (int i = 0; i < 3000; i++) /* several blocks */
        l = term_cons(&b, term_small(i), l);
    term_t y = term_tuple2(&b, l, refc_binary(&b, 400, 2));
    size_t used_a = heap_used_words(&a), used_b = heap_used_words(&b);
    term_t *top = a.top;
    heap_absorb(&a, &b);
    cr_assert_eq(heap_used_words(&a), used_a + used_b);
    cr_assert_eq(heap_used_words(&b), 0);
    cr_assert_eq(a.top, top);
    cr_assert_eq(a.offheap_bytes, 700);
    size_t handles = 0;
    for (offheap_hdr *o = a.offheap; o; o = o->next)
        handles++;
    cr_assert_eq(handles, 2);
    cr_assert_eq(list_length(tuple_get(y, 0)), 3000);
    cr_assert_eq(tuple_get(x, 0), A("x"));
    /* into an empty heap */
    heap_t c;
    heap_init(&c, ALLOC_HEAP);
    heap_absorb(&c, &a);
    cr_assert_eq(heap_used_words(&c), used_a + used_b);
    term_t z = term_tuple2(&c, x, y);
    cr_assert_eq(heap_used_words(&c), used_a + used_b + 3);
    cr_assert_eq(tuple_get(z, 1), y);
    heap_destroy(&c);
    heap_destroy(&a);
    heap_destroy(&b);
    alloc_get_stat(ALLOC_HEAP_FRAG, &end);
    cr_assert_eq(end.blocks, base.blocks);
    cr_assert_eq(end.size, base.size);
}

/* gc_set_opts and the system's options, with erl's answers:
 * process_info(spawn_opt(F, [{min_heap_size, 1000}]), min_heap_size) is
 * 1598, 10 gives 233; process_flag(min_bin_vheap_size, 100000) then
 * process_info gives 121536; system_info(max_heap_size) starts as
 * #{size => 0, kill => true, error_logger => true}. */
Test(gc, options_round_up_as_otp)
{
    gc_opts o = {.min_heap_words = 1000,
                 .min_vheap_words = 100000,
                 .fullsweep_after = 7,
                 .max_heap = {.words = 5000, .kill = false, .log = true}};
    gc_set_opts(&gc, &o);
    cr_assert_eq(gc.min_heap_words, 1598);
    cr_assert_eq(gc.min_vheap_words, 121536);
    cr_assert_eq(gc.bin_vheap_limit, 121536, "the binary volume limit starts at the minimum");
    cr_assert_eq(gc.fullsweep_after, 7);
    cr_assert(gc.max_heap.words == 5000 && !gc.max_heap.kill && gc.max_heap.log);
    o.min_heap_words = 10;
    o.min_vheap_words = 0;
    gc_set_opts(&gc, &o);
    cr_assert_eq(gc.min_heap_words, GC_MIN_HEAP_WORDS);
    cr_assert_eq(gc.min_vheap_words, GC_MIN_VHEAP_WORDS);
}

Test(gc, system_options_keep_every_field)
{
    gc_opts saved, now;
    gc_system_opts(&saved);
    cr_assert_eq(saved.min_heap_words, GC_MIN_HEAP_WORDS);
    cr_assert_eq(saved.min_vheap_words, GC_MIN_VHEAP_WORDS);
    cr_assert_eq(saved.fullsweep_after, GC_FULLSWEEP_AFTER);
    cr_assert(saved.max_heap.words == 0 && saved.max_heap.kill && saved.max_heap.log);
    gc_opts o = {.min_heap_words = 1000,
                 .min_vheap_words = 1,
                 .fullsweep_after = 3,
                 .max_heap = {.words = GC_MAX_HEAP_LIMIT, .kill = false, .log = true}};
    gc_set_system_opts(&o);
    gc_system_opts(&now);
    cr_assert_eq(now.min_heap_words, 1598, "stored rounded, as system_info shows it");
    cr_assert_eq(now.min_vheap_words, GC_MIN_VHEAP_WORDS);
    cr_assert_eq(now.fullsweep_after, 3);
    cr_assert(now.max_heap.words == GC_MAX_HEAP_LIMIT && !now.max_heap.kill && now.max_heap.log);
    o.max_heap = (gc_max_heap){.words = 233, .kill = true, .log = false};
    gc_set_system_opts(&o);
    gc_system_opts(&now);
    cr_assert(now.max_heap.words == 233 && now.max_heap.kill && !now.max_heap.log);
    gc_set_system_opts(&saved);
}

/* ---- foreign areas: gc_reaches, gc_offset_pointers ------------------------------- */

/* A literal area as persistent_term makes one: copy_term into one block. */
typedef struct area {
    term_t *mem;
    size_t words;
    heap_t h;
    term_t t;
} area;

static void area_make(area *a, term_t t)
{
    a->words = copy_size(t);
    a->mem = alloc_new(ALLOC_LITERAL, a->words * sizeof(term_t));
    a->h = (heap_t){.top = a->mem, .limit = a->mem + a->words, .type = ALLOC_LITERAL};
    a->t = copy_term(&a->h, t);
}

static void area_free(area *a)
{
    for (offheap_hdr *o = a->h.offheap, *next; o; o = next) {
        next = o->next;
        heap_release_offheap_obj(o);
    }
    alloc_free(ALLOC_LITERAL, a->mem, a->words * sizeof(term_t));
}

static bool reaches(term_t *roots, size_t n, const area *a)
{
    gc_root r = {roots, n};
    return gc_reaches(&young, &gc, &r, 1, a->mem, a->mem + a->words);
}

/* A root or a heap word that points into the area says yes, wherever it
 * is in the process heap (young block, fragment, old heap), garbage
 * included (the check is conservative: the copy that follows is exact);
 * a word of another heap, or words past the heap's top, say nothing. */
Test(gc, reaches_finds_words_that_point_into_an_area)
{
    area a;
    area_make(&a, term_tuple2(&refh, refc_binary(&refh, 300, 1), int_list(&refh, 10)));
    term_t inner = tuple_get(a.t, 1); /* a list inside the area */
    term_t roots[2] = {int_list(&young, 5), NIL};
    cr_assert_not(reaches(roots, 2, &a));
    /* a root, to the area's start or into its middle */
    roots[1] = a.t;
    cr_assert(reaches(roots, 2, &a));
    roots[1] = inner;
    cr_assert(reaches(roots, 2, &a));
    /* a heap word: live, promoted to the old heap, or garbage */
    roots[1] = term_cons(&young, term_tuple2(&young, I(1), inner), NIL);
    cr_assert(reaches(roots, 2, &a));
    collect(roots, 2, 0, false);
    collect(roots, 2, 0, false);
    cr_assert(in_old(list_ptr(roots[1])));
    cr_assert(reaches(roots, 2, &a));
    roots[1] = NIL;
    collect(roots, 2, 0, true);
    cr_assert_not(reaches(roots, 2, &a));
    (void)term_tuple2(&young, a.t, I(1));
    cr_assert(reaches(roots, 2, &a));
    collect(roots, 2, 0, true);
    cr_assert_not(reaches(roots, 2, &a));
    /* a message's fragment once it joined the heap */
    heap_t msg;
    heap_init(&msg, ALLOC_HEAP_FRAG);
    roots[1] = term_tuple2(&msg, a.t, I(2));
    cr_assert_not(reaches(roots + 0, 1, &a));
    heap_absorb(&young, &msg);
    cr_assert(reaches(roots + 0, 1, &a));
    collect(roots, 1, 0, true);
    /* another heap's words, and the words past the top, are not read */
    heap_t other;
    heap_init(&other, ALLOC_HEAP);
    roots[1] = term_tuple2(&other, a.t, I(3));
    cr_assert_not(reaches(roots, 1, &a));
    term_t *past = young.top;
    if (past < young.limit) {
        *past = a.t;
        cr_assert_not(reaches(roots, 1, &a));
        *past = NIL;
    }
    heap_destroy(&other);
    area_free(&a);
}

/* Pointers into [lo, hi) move by delta, in the roots and the words of a
 * walkable block, nothing else: what proc_copy_literal_area does with a
 * copy of an area. */
Test(gc, offset_pointers_moves_only_pointers_into_the_range)
{
    area a;
    area_make(&a, term_tuple3(&refh, int_list(&refh, 4), term_float(&refh, 1.5), A("x")));
    term_t *copy = alloc_new(ALLOC_LITERAL, a.words * sizeof(term_t));
    memcpy(copy, a.mem, a.words * sizeof(term_t));
    uintptr_t lo = (uintptr_t)a.mem, hi = (uintptr_t)(a.mem + a.words);
    uint64_t delta = (uint64_t)((uintptr_t)copy - lo);
    /* the copy's own pointers */
    gc_offset_pointers(NULL, 0, copy, copy + a.words, lo, hi, delta);
    term_t moved = a.t + delta;
    cr_assert(term_eq_exact(moved, a.t));
    cr_assert_eq((uintptr_t)list_ptr(tuple_get(moved, 0)) - (uintptr_t)copy,
                 (uintptr_t)list_ptr(tuple_get(a.t, 0)) - lo);
    /* a heap block and roots: pointers into the area move, others stay */
    term_t mine = int_list(&young, 2);
    term_t t = term_tuple3(&young, tuple_get(a.t, 1), mine, I(7));
    term_t roots[3] = {t, a.t, mine};
    collect(roots, 3, 0, true); /* one walkable block */
    gc_root r = {roots, 3};
    gc_offset_pointers(&r, 1, young.blocks->mem, young.top, lo, hi, delta);
    cr_assert_eq(roots[1], moved);
    cr_assert_eq(tuple_get(roots[0], 0), tuple_get(moved, 1));
    cr_assert(in_young(list_ptr(tuple_get(roots[0], 1))));
    cr_assert_eq(tuple_get(roots[0], 1), roots[2]);
    cr_assert_eq(float_value(tuple_get(roots[0], 0)), 1.5);
    alloc_free(ALLOC_LITERAL, copy, a.words * sizeof(term_t));
    area_free(&a);
}
