/* test_copy.c: tests of vm/copy.c. Sizes come from erl (OTP 25):
 * erts_debug:flat_size/1 of the same term, shown beside each case, for the
 * object kinds whose layout is OTP's (tuples, lists, floats, bignums, small
 * maps, heap binaries, bitstrings). */
#include <criterion/criterion.h>
#include <stdatomic.h>

#include "tests/lib/terms.h"
#include "vm/atom.h"
#include "vm/bignum.h"
#include "vm/binary.h"
#include "vm/cmp.h"
#include "vm/copy.h"
#include "vm/heap.h"
#include "vm/map.h"

static heap_t h, to;
#define I(v) term_int64(&h, v)
#define F(d) term_float(&h, d)
#define A(s) atom_from_cstr(s)
#define S(s) tb_string(&h, s)
#define T(...) tb_tuple(&h, __VA_ARGS__)
#define M(...) tb_map(&h, __VA_ARGS__)
#define L(...) list_of(__VA_ARGS__, THE_NON_VALUE)

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
    heap_init(&to, ALLOC_HEAP_FRAG);
}
static void teardown(void)
{
    heap_destroy(&to);
    heap_destroy(&h);
}
TestSuite(copy, .init = setup, .fini = teardown);

/* [E1, ..., En], the arguments ended by THE_NON_VALUE. */
static term_t list_of(term_t first, ...)
{
    term_t e[32];
    size_t n = 0;
    va_list ap;
    va_start(ap, first);
    for (term_t t = first; t != THE_NON_VALUE; t = va_arg(ap, term_t))
        e[n++] = t;
    va_end(ap);
    return term_list_from(&h, e, n, NIL);
}

/* 1 bsl n */
static term_t pow2(unsigned n)
{
    mp_limb_t limbs[4] = {0};
    limbs[n / 64] = (mp_limb_t)1 << (n % 64);
    return big_from_limbs(&h, false, limbs, n / 64 + 1);
}

static term_t bytes_bin(size_t n, uint8_t fill)
{
    uint8_t *p;
    term_t b = bin_alloc(&h, n, &p);
    memset(p, fill, n);
    return b;
}

/* Whether `p` lies in a block of heap `x`. */
static bool in_heap(const heap_t *x, const void *p)
{
    for (const heap_block *b = x->blocks; b; b = b->next)
        if ((const term_t *)p >= b->mem && (const term_t *)p < b->mem + b->words)
            return true;
    return false;
}

/* Every pointer reachable from `t` lies in heap `x` (explicit stack). */
static bool all_in(const heap_t *x, term_t t)
{
    size_t cap = 1024, n = 0;
    term_t *stack = malloc(cap * sizeof *stack);
    bool ok = true;
    stack[n++] = t;
    while (n && ok) {
        t = stack[--n];
        term_t kids[2];
        size_t nk = 0;
        const term_t *p;
        if (term_is_list(t)) {
            p = list_ptr(t);
            kids[nk++] = p[0];
            kids[nk++] = p[1];
        } else if (term_is_boxed(t)) {
            p = boxed_ptr(t);
        } else {
            continue;
        }
        if (!in_heap(x, p)) {
            ok = false;
            break;
        }
        if (term_is_boxed(t)) {
            size_t first, size = heap_object_layout(p, &first);
            if (header_subtag(p[0]) == HDR_FUN) {
                if (n + 1 > cap)
                    stack = realloc(stack, (cap *= 2) * sizeof *stack);
                stack[n++] = p[HEAP_FUN_CREATOR_WORD];
            }
            for (size_t i = first; i < size; i++) {
                if (n + 1 > cap)
                    stack = realloc(stack, (cap *= 2) * sizeof *stack);
                stack[n++] = p[i];
            }
        }
        for (size_t i = 0; i < nk; i++) {
            if (n + 1 > cap)
                stack = realloc(stack, (cap *= 2) * sizeof *stack);
            stack[n++] = kids[i];
        }
    }
    free(stack);
    return ok;
}

Test(copy, sizes_are_erts_flat_size)
{
    uint8_t nine[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, four[4] = {1, 2, 3, 4 << 5};
    struct {
        term_t t;
        size_t words;
    } cases[] = {
        {T(2, A("a"), L(I(1), I(2))), 7},      /* {a,[1,2]} */
        {F(1.0), 2},                           /* 1.0 */
        {pow2(100), 3},                        /* 1 bsl 100 */
        {int_neg(&h, pow2(64)), 3},            /* -(1 bsl 64) */
        {M(2, A("a"), I(1), A("b"), I(2)), 8}, /* #{a=>1,b=>2} */
        {tb_binary(&h, "abc"), 3},             /* <<"abc">> */
        {tb_binary(&h, ""), 2},                /* <<>> */
        {S("hello"), 10},                      /* "hello" */
        /* {{1.5,[x|y]},<<1,2,3,4,5,6,7,8,9>>} */
        {T(2, T(2, F(1.5), term_cons(&h, A("x"), A("y"))), bin_new(&h, nine, 9)), 14},
        {M(1, A("k"), T(2, I(1), I(2))), 9},               /* #{k=>{1,2}} */
        {bytes_bin(64, 1), 10},                            /* binary:copy(<<1>>,64) */
        {L(F(1.0), F(2.0), T(2, I(3), pow2(70))), 16},     /* [1.0,2.0,{3,1 bsl 70}] */
        {bin_new_bits(&h, (const uint8_t[]){0x80}, 1), 8}, /* <<1:1>> */
        {bin_new_bits(&h, four, 27), 8},                   /* <<1,2,3,4:3>> */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cr_assert_eq(copy_size(cases[i].t), cases[i].words, "case %zu: %zu", i, copy_size(cases[i].t));
        size_t before = heap_used_words(&to);
        term_t c = copy_term(&to, cases[i].t);
        cr_assert_eq(heap_used_words(&to) - before, cases[i].words, "case %zu", i);
        cr_assert(term_eq_exact(c, cases[i].t), "case %zu", i);
        cr_assert(all_in(&to, c), "case %zu", i);
    }
}

Test(copy, immediates_are_returned_as_they_are)
{
    term_t imm[] = {NIL, A("ok"), term_small(-5), term_local_pid(7, 1), term_local_port(3)};
    for (size_t i = 0; i < sizeof imm / sizeof imm[0]; i++) {
        cr_assert_eq(copy_size(imm[i]), 0);
        cr_assert_eq(copy_term(&to, imm[i]), imm[i]);
    }
    cr_assert_eq(heap_used_words(&to), 0);
}

/* erts_debug:flat_size({L,L}) with L = [1,2,3] is 15 (erts_debug:size is 9):
 * a copy does not keep sharing. */
Test(copy, sharing_is_not_kept)
{
    term_t l = L(I(1), I(2), I(3));
    term_t t = T(2, l, l);
    cr_assert_eq(copy_size(t), 15);
    term_t c = copy_term(&to, t);
    cr_assert(term_eq_exact(c, t));
    cr_assert_neq(tuple_get(c, 0), tuple_get(c, 1));
}

Test(copy, outlives_its_source_heap)
{
    uint32_t ids[3] = {1, 2, 3};
    term_t env[3] = {S("free"), F(-0.0), T(1, A("x"))};
    term_t ext_pid = term_ext_id(&h, HDR_EXT_PID, A("n@host"), 3, (const uint32_t[]){40, 2}, 2);
    term_t fun = term_fun(&h, A("m"), 2, 5, 77, NULL, ext_pid, 3, env);
    term_t keys[40], vals[40];
    for (int i = 0; i < 40; i++) {
        keys[i] = T(2, A("k"), I(i));
        vals[i] = i % 2 ? S("v") : I(i);
    }
    term_t big_map = map_from_pairs(&h, keys, vals, 40);
    term_t src = L(fun, big_map, term_ref(&h, ids, 3), term_export(&h, A("lists"), A("map"), 2),
                   term_ext_id(&h, HDR_EXT_REF, A("n@host"), 1, ids, 3), pow2(200), tb_binary(&h, "bin"),
                   M(2, S("a"), F(2.5), I(3), L(A("b"))));
    heap_t ref;
    heap_init(&ref, ALLOC_HEAP);
    term_t expect = copy_term(&ref, src); /* a second, independent copy */
    term_t c = copy_term(&to, src);
    cr_assert(all_in(&to, c));
    heap_destroy(&h); /* under ASan, any pointer left into h would fault */
    heap_init(&h, ALLOC_HEAP);
    cr_assert(term_eq_exact(c, expect));
    fun_obj *f = fun_object(list_head(c));
    cr_assert_eq(f->num_free, 3);
    cr_assert_eq(f->old_uniq, 77);
    cr_assert(term_is_boxed_with(f->creator, HDR_EXT_PID));
    cr_assert(in_heap(&to, boxed_ptr(f->creator)));
    heap_destroy(&ref);
}

Test(copy, maps_stay_searchable)
{
    term_t keys[50], vals[50];
    for (int i = 0; i < 50; i++) {
        keys[i] = i % 3 ? I(i * 1000) : T(2, A("key"), I(i));
        vals[i] = I(i);
    }
    term_t m = map_from_pairs(&h, keys, vals, 50);
    term_t c = copy_term(&to, m);
    heap_t probe;
    heap_init(&probe, ALLOC_HEAP);
    for (int i = 0; i < 50; i++) {
        term_t k = copy_term(&probe, keys[i]), v;
        cr_assert(map_get(c, k, &v), "key %d", i);
        cr_assert_eq(small_value(v), i);
    }
    cr_assert_eq(map_size(c), 50);
    heap_destroy(&probe);
}

Test(copy, refc_binaries_are_shared_by_reference_count)
{
    term_t b = bytes_bin(1000, 7);
    refc_bin_obj *rb = (refc_bin_obj *)(void *)boxed_ptr(b);
    binary_t *val = rb->val;
    cr_assert_eq(atomic_load(&val->refc), 1);
    term_t sub = bin_sub(&h, b, 8 * 10 + 3, 8 * 20 + 5); /* a bitstring slice of it */
    term_t t = T(3, b, sub, b);
    cr_assert_eq(copy_size(t), 4 + 3 * REFC_BIN_WORDS + SUB_BIN_WORDS);
    term_t c = copy_term(&to, t);
    cr_assert(term_eq_exact(c, t));
    /* three new handles on `to`, one per reference */
    cr_assert_eq(atomic_load(&val->refc), 4);
    size_t handles = 0;
    for (offheap_hdr *o = to.offheap; o; o = o->next) {
        handles++;
        cr_assert_eq(((refc_bin_obj *)(void *)o)->val, val);
        cr_assert(in_heap(&to, o));
    }
    cr_assert_eq(handles, 3);
    cr_assert_eq(to.offheap_bytes, 3000);
    sub_bin_obj *sb = (sub_bin_obj *)(void *)boxed_ptr(tuple_get(c, 1));
    cr_assert_eq(header_subtag(sb->header), HDR_SUB_BIN);
    cr_assert_eq(sb->offset, 10);
    cr_assert_eq(sb->bitoffset, 3);
    cr_assert(in_heap(&to, boxed_ptr(sb->orig)));
    cr_assert_eq(((refc_bin_obj *)(void *)boxed_ptr(sb->orig))->val, val);
    heap_destroy(&to);
    heap_init(&to, ALLOC_HEAP);
    cr_assert_eq(atomic_load(&val->refc), 1);
}

Test(copy, literals_from_another_heap_are_copied)
{
    heap_t lit;
    heap_init(&lit, ALLOC_HEAP);
    term_t literal = term_tuple2(&lit, A("const"), term_string(&lit, "abc", 3));
    term_t t = T(2, literal, I(1));
    term_t c = copy_term(&to, t);
    cr_assert(all_in(&to, c));
    heap_destroy(&lit);
    cr_assert_eq(tuple_arity(tuple_get(c, 0)), 2);
    cr_assert_eq(list_length(tuple_get(tuple_get(c, 0), 1)), 3);
}

Test(copy, a_million_element_list_without_recursion)
{
    term_t l = NIL;
    for (int i = 0; i < 1000000; i++)
        l = term_cons(&h, I(i), l);
    cr_assert_eq(copy_size(l), 2000000);
    term_t c = copy_term(&to, l);
    cr_assert_eq(list_length(c), 1000000);
    cr_assert(term_eq_exact(c, l));
}

Test(copy, a_million_deep_tuple_without_recursion)
{
    term_t t = A("leaf");
    for (int i = 0; i < 1000000; i++)
        t = term_tuple2(&h, t, I(i));
    cr_assert_eq(copy_size(t), 3000000);
    term_t c = copy_term(&to, t);
    cr_assert(term_eq_exact(c, t));
    size_t depth = 0;
    for (term_t x = c; term_is_tuple(x); x = tuple_get(x, 0))
        depth++;
    cr_assert_eq(depth, 1000000);
}
