/* test_bignum.c: tests of vm/bignum.c; expected values printed by erl. */
#include <criterion/criterion.h>
#include <math.h>

#include "vm/vm.h"

static heap_t h;
static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_HEAP);
}
static void teardown(void) { heap_destroy(&h); }
TestSuite(bignum, .init = setup, .fini = teardown);

static term_t parse(const char *s)
{
    bool neg = s[0] == '-';
    term_t t;
    cr_assert(int_from_digits(&h, s + neg, strlen(s + neg), 10, neg, &t));
    return t;
}

static void assert_text(term_t t, unsigned base, const char *want)
{
    char buf[1024];
    cr_assert_leq(int_chars_bound(t, base), sizeof buf);
    size_t n = int_to_chars(t, base, buf);
    buf[n] = '\0';
    cr_assert_str_eq(buf, want);
}

Test(bignum, parse_and_print)
{
    /* 1 bsl 100 */
    term_t b = parse("1267650600228229401496703205376");
    cr_assert(term_is_big(b));
    assert_text(b, 10, "1267650600228229401496703205376");
    /* integer_to_list(1 bsl 100, 36) */
    assert_text(b, 36, "3EWFDNCA0N6LD1GGVFGG");
    assert_text(parse("-000123"), 10, "-123");
    assert_text(parse("0"), 10, "0");
    assert_text(term_small(SMALL_MIN), 16, "-800000000000000");
}

Test(bignum, normalises_to_small)
{
    cr_assert(term_is_small(parse("576460752303423487")));  /* SMALL_MAX */
    cr_assert(term_is_big(parse("576460752303423488")));
    cr_assert(term_is_small(parse("-576460752303423488"))); /* SMALL_MIN */
    cr_assert(term_is_big(parse("-576460752303423489")));
    mp_limb_t l[3] = {5, 0, 0};
    cr_assert_eq(big_from_limbs(&h, true, l, 3), term_small(-5));
}

Test(bignum, rejects_bad_digits)
{
    term_t t;
    cr_assert(!int_from_digits(&h, "12a", 3, 10, false, &t));
    cr_assert(!int_from_digits(&h, "", 0, 10, false, &t));
    cr_assert(!int_from_digits(&h, "2", 1, 2, false, &t));
    cr_assert(!int_from_digits(&h, "1", 1, 37, false, &t));
    cr_assert(int_from_digits(&h, "zz", 2, 36, false, &t));
    cr_assert_eq(t, term_small(36 * 36 - 1));
}

Test(bignum, arithmetic_matches_erl)
{
    term_t a = parse("1267650600228229401496703205376"); /* 1 bsl 100 */
    term_t b = parse("1180591620717411303424");          /* 1 bsl 70 */
    /* (1 bsl 100) * (1 bsl 70) - 12345 */
    term_t p = int_sub(&h, int_mul(&h, a, b), term_small(12345));
    assert_text(p, 10, "1496577676626844588240573268701473812127674923995079");
    /* (1 bsl 100) - (1 bsl 100 - 1) */
    cr_assert_eq(int_sub(&h, a, int_sub(&h, a, term_small(1))), term_small(1));
    term_t m64 = int_neg(&h, parse("18446744073709551616"));
    assert_text(int_div(&h, m64, term_small(7)), 10, "-2635249153387078802");
    cr_assert_eq(int_rem(&h, m64, term_small(7)), term_small(-2));
    cr_assert_eq(int_add(&h, a, int_neg(&h, a)), term_small(0));
    /* small overflow into bignum */
    assert_text(int_add(&h, term_small(SMALL_MAX), term_small(1)), 10, "576460752303423488");
    assert_text(int_mul(&h, term_small(SMALL_MAX), term_small(SMALL_MAX)), 10,
                "332306998946228967073030260463239169");
}

Test(bignum, doubles)
{
    term_t a = parse("1267650600228229401496703205376");
    double d;
    cr_assert(int_to_double(a, &d));
    cr_assert_eq(d, 1.2676506002282294e30); /* float(1 bsl 100) */
    /* trunc(1.0e30) */
    assert_text(int_from_double(&h, 1.0e30), 10, "1000000000000000019884624838656");
    assert_text(int_from_double(&h, -2.5), 10, "-2");
    char huge[400];
    memset(huge, '9', 330);
    term_t t;
    cr_assert(int_from_digits(&h, huge, 330, 10, false, &t));
    cr_assert(!int_to_double(t, &d));
}

Test(bignum, compare_with_floats_exactly)
{
    term_t big = parse("9007199254740993"); /* 2^53 + 1: not a double */
    cr_assert_eq(int_cmp_float(big, 9007199254740992.0), 1);
    cr_assert_eq(int_cmp_float(big, 9007199254740994.0), -1);
    cr_assert_eq(int_cmp_float(term_small(3), 3.0), 0);
    cr_assert_eq(int_cmp_float(term_small(3), 3.5), -1);
    cr_assert_eq(int_cmp_float(term_small(-3), -3.5), 1);
    cr_assert_eq(int_cmp_float(parse("1000000000000000019884624838656"), 1.0e30), 0);
    cr_assert_eq(int_cmp(parse("-1267650600228229401496703205376"), term_small(-5)), -1);
}
