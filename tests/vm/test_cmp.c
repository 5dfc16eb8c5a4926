/* test_cmp.c: tests of vm/cmp.c; every expectation was checked in erl. */
#include <criterion/criterion.h>

#include "vm/vm.h"

static heap_t h;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(cmp, .init = setup, .fini = teardown);

static term_t fl(double d) { return term_float(&h, d); }
static term_t atom(const char *s) { return atom_from_cstr(s); }
static term_t map1(term_t k, term_t v) { return map_from_pairs(&h, &k, &v, 1); }
static term_t map2(term_t k1, term_t v1, term_t k2, term_t v2)
{
    term_t k[2] = {k1, k2}, v[2] = {v1, v2};
    return map_from_pairs(&h, k, v, 2);
}

Test(cmp, type_classes_in_order)
{
    /* lists:sort([<<>>, [a], [], #{}, {}, self(), make_ref(),
     *             fun erlang:abs/1, a, 1.5, 1]) */
    uint32_t ids[3] = {1, 2, 3};
    uint8_t none = 0;
    term_t sorted[] = {
        term_small(1),
        fl(1.5),
        atom("a"),
        term_ref(&h, ids, 3),
        term_export(&h, atom("erlang"), atom("abs"), 1),
        term_local_port(3),
        term_local_pid(9, 0),
        term_tuple(&h, 0, NULL),
        map_empty(&h),
        NIL,
        term_cons(&h, atom("a"), NIL),
        bin_new(&h, &none, 0),
    };
    size_t n = sizeof sorted / sizeof *sorted;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            int c = term_cmp(sorted[i], sorted[j]);
            cr_assert_eq(c < 0, i < j, "i=%zu j=%zu", i, j);
            cr_assert_eq(c == 0, i == j, "i=%zu j=%zu", i, j);
        }
}

Test(cmp, numbers)
{
    cr_assert(term_eq(term_small(1), fl(1.0)));        /* 1 == 1.0 */
    cr_assert(!term_eq_exact(term_small(1), fl(1.0))); /* 1 =:= 1.0 */
    cr_assert(term_eq_exact(fl(0.0), fl(-0.0)));       /* OTP 25: true */
    cr_assert_lt(term_cmp(term_small(2), fl(2.5)), 0);
    term_t big = term_uint64(&h, UINT64_C(1) << 63);
    cr_assert_gt(term_cmp(big, fl(1.0e18)), 0);
    cr_assert_lt(term_cmp(int_neg(&h, big), term_small(SMALL_MIN)), 0);
    cr_assert_gt(term_cmp_exact(fl(0.5), term_small(2)), 0);
}

Test(cmp, atoms_by_text)
{
    cr_assert_lt(term_cmp(atom("abc"), atom("abd")), 0);
    cr_assert_lt(term_cmp(atom("ab"), atom("abc")), 0);
    cr_assert_lt(term_cmp(atom("Z"), atom("a")), 0);
    cr_assert_eq(term_cmp(atom("x"), atom("x")), 0);
}

Test(cmp, tuples_by_size_first)
{
    /* {2} < {1,1} */
    cr_assert_lt(term_cmp(term_tuple(&h, 1, (term_t[]){term_small(2)}),
                          term_tuple2(&h, term_small(1), term_small(1))), 0);
    cr_assert_lt(term_cmp(term_tuple2(&h, term_small(1), term_small(1)),
                          term_tuple2(&h, term_small(1), term_small(2))), 0);
}

Test(cmp, lists)
{
    term_t elems[2] = {term_small(1), term_small(2)};
    term_t proper = term_list_from(&h, elems, 2, NIL);
    term_t improper = term_cons(&h, term_small(1), term_small(2));
    cr_assert_lt(term_cmp(improper, proper), 0); /* [1|2] < [1,2] */
    cr_assert_lt(term_cmp(NIL, proper), 0);
    cr_assert(term_eq(term_string(&h, "abc", 3), term_string(&h, "abc", 3)));
    cr_assert_lt(term_cmp(term_string(&h, "ab", 2), term_string(&h, "abc", 3)), 0);
}

Test(cmp, maps)
{
    term_t a = atom("a"), b = atom("b"), c = atom("c");
    cr_assert_lt(term_cmp(map1(term_small(1), a), map1(fl(1.0), a)), 0); /* #{1=>a} < #{1.0=>a} */
    cr_assert(!term_eq(map1(term_small(1), a), map1(fl(1.0), a)));
    cr_assert(term_eq(map1(a, term_small(1)), map1(a, fl(1.0))));
    cr_assert(!term_eq_exact(map1(a, term_small(1)), map1(a, fl(1.0))));
    cr_assert_lt(term_cmp(map1(b, term_small(1)), map2(a, term_small(2), c, term_small(0))), 0);
    cr_assert_lt(term_cmp(map1(a, term_small(2)), map1(b, term_small(1))), 0);
    cr_assert_lt(term_cmp(map2(a, term_small(1), b, term_small(2)), map2(a, term_small(2), b, term_small(1))),
                 0);
}

Test(cmp, bitstrings_bitwise)
{
    /* lists:sort([<<1:3>>, <<0>>, <<>>, <<0:1>>, <<1,2>>, <<1>>]) =
     * [<<>>,<<0:1>>,<<0>>,<<1>>,<<1,2>>,<<1:3>>] */
    uint8_t zero = 0, one = 1, onetwo[2] = {1, 2}, b001 = 0x20;
    term_t sorted[] = {bin_new(&h, NULL, 0), bin_new_bits(&h, &zero, 1), bin_new(&h, &zero, 1),
                       bin_new(&h, &one, 1), bin_new(&h, onetwo, 2), bin_new_bits(&h, &b001, 3)};
    for (size_t i = 0; i < 6; i++)
        for (size_t j = 0; j < 6; j++) {
            int cmpv = term_cmp(sorted[i], sorted[j]);
            cr_assert_eq(cmpv < 0, i < j, "i=%zu j=%zu", i, j);
        }
}

Test(cmp, pids_serial_major)
{
    /* lists:sort([c:pid(0,5,1), c:pid(0,6,0), c:pid(0,4,2)]) =
     * [<0.6.0>,<0.5.1>,<0.4.2>] */
    cr_assert_lt(term_cmp(term_local_pid(6, 0), term_local_pid(5, 1)), 0);
    cr_assert_lt(term_cmp(term_local_pid(5, 1), term_local_pid(4, 2)), 0);
}

Test(cmp, funs_closures_before_exports)
{
    term_t clo = term_fun(&h, atom("erl_eval"), 0, 43, 3316493, NULL, term_local_pid(1, 0), 0, NULL);
    term_t ex = term_export(&h, atom("lists"), atom("map"), 2);
    cr_assert_lt(term_cmp(clo, ex), 0);
    cr_assert_lt(term_cmp(term_export(&h, atom("lists"), atom("append"), 1),
                          term_export(&h, atom("lists"), atom("append"), 2)), 0);
}

Test(cmp, deep_terms_use_no_c_stack)
{
    term_t a = NIL, b = NIL;
    for (int i = 0; i < 200000; i++) {
        a = term_tuple(&h, 1, &a);
        b = term_tuple(&h, 1, &b);
    }
    cr_assert(term_eq_exact(a, b));
    term_t la = NIL, lb = NIL;
    for (int i = 0; i < 200000; i++) {
        la = term_cons(&h, la, NIL);
        lb = term_cons(&h, lb, NIL);
    }
    cr_assert_eq(term_cmp(la, lb), 0);
}
