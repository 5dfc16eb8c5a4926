/* test_float.c: tests of vm/float.c (float_to_short_chars, and the 32- and
 * 16-bit forms of float segments at the end). Every expected
 * string in the table was printed by erl (OTP 25.2) as
 * float_to_list(F, [short]) for the double the C literal reads as; the
 * other tests check the defining properties (reads back, shortest,
 * nearest with ties to even) on random doubles, exactly, with GMP. */
#include <criterion/criterion.h>
#include <gmp.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/vm.h"

static const struct {
    double d;
    const char *want;
} CASES[] = {
    {0x1p-1074, "5.0e-324"}, /* 2^-1074, the smallest subnormal */
    {0x2p-1074, "1.0e-323"}, /* 2^-1074 multiples */
    {0x3p-1074, "1.5e-323"},
    {0x7p-1074, "3.5e-323"},
    {0xap-1074, "5.0e-323"},
    {0x3e8p-1074, "4.94e-321"},
    {0x0.fffffffffffffp-1022, "2.225073858507201e-308"}, /* the largest subnormal */
    {4.9406564584124654e-324, "5.0e-324"},               /* reads as 2^-1074 */
    {2.4703282292062328e-324, "5.0e-324"},               /* rounds up to 2^-1074 */
    {0x1p-1022, "2.2250738585072014e-308"},              /* DBL_MIN: the gap below is not half */
    {2.2250738585072014e-308, "2.2250738585072014e-308"},
    {0x1.0000000000001p-1022, "2.225073858507202e-308"},
    {0x1p-1021, "4.450147717014403e-308"},
    {0x1.fffffffffffffp+1023, "1.7976931348623157e308"}, /* DBL_MAX */
    {0x1.ffffffffffffep+1023, "1.7976931348623155e308"},
    {0x1p1023, "8.98846567431158e307"},
    /* Powers of two whose gap below is half the gap above: the shortest
     * lies in the narrow side (an interval taken as symmetric would give
     * 1.780059086805761e-307, 7.120236347223044e-307, ...). */
    {0x1p-1019, "1.7800590868057611e-307"},
    {0x1p-1017, "7.120236347223045e-307"},
    {0x1p-1007, "7.291122019556398e-304"},
    {0x1p-957, "8.209073602596753e-289"},
    {0x1p-814, "9.153422936374701e-246"},
    {0x1p64, "1.8446744073709552e19"},
    {0x1p65, "3.6893488147419103e19"},
    {0x1p89, "6.189700196426902e26"},
    {0x1p-1, "0.5"},
    {0x1p52, "4503599627370496.0"},
    {0x1p53, "9.007199254740992e15"},
    {0x1p54, "1.8014398509481984e16"},
    {9007199254740991.0, "9007199254740991.0"},   /* around 2^53 */
    {9007199254740993.0, "9.007199254740992e15"}, /* reads as 2^53 */
    {9007199254740994.0, "9.007199254740994e15"},
    {9007199254740995.0, "9.007199254740996e15"}, /* reads as ...996 */
    {18014398509481985.0, "1.8014398509481984e16"},
    {4503599627370497.0, "4503599627370497.0"},
    {9007199254740900.0, "9007199254740900.0"}, /* layout: m * 10^2 below 2^53 is plain */
    {9007199254741100.0, "9.0071992547411e15"}, /* m * 10^2 above is scientific */
    {9007199254740990.0, "9007199254740990.0"}, /* m * 10 below 2^53 */
    {9007199254741010.0, "9.00719925474101e15"}, /* m * 10 above */
    {123456789012345680.0, "1.2345678901234568e17"},
    {0.1, "0.1"},
    {0.2, "0.2"},
    {0.3, "0.3"},
    {0.30000000000000004, "0.30000000000000004"}, /* 0.1 + 0.2 */
    {1.0e23, "1.0e23"},
    {9.999999999999999e22, "1.0e23"},
    {1.0e22, "1.0e22"},
    {8.41e21, "8.41e21"},
    {1.0e21, "1.0e21"},
    {70674101594503.875, "70674101594503.88"}, /* exact ties: to the even digit, up */
    {574381011590255.25, "574381011590255.2"}, /* down */
    {566189897745801.75, "566189897745801.8"}, /* up */
    {7.0e22, "7.0e22"}, /* the lower end is exact and the shortest */
    {6.51e21, "6.51e21"},
    {1.446e22, "1.446e22"},
    {1.0, "1.0"}, /* layout windows */
    {10.0, "10.0"},
    {100.0, "100.0"},
    {1000.0, "1.0e3"},
    {0.0001, "0.0001"},
    {0.00012, "1.2e-4"},
    {0.00001, "1.0e-5"},
    {0.001234, "0.001234"},
    {0.00012345, "1.2345e-4"},
    {123456789.0, "123456789.0"},
    {1234567890.0, "1234567890.0"},
    {12345678900.0, "12345678900.0"},
    {123456789000.0, "1.23456789e11"},
    {1.0e15, "1.0e15"},
    {1.0e16, "1.0e16"},
    {3.141592653589793, "3.141592653589793"},
    {2.718281828459045, "2.718281828459045"},
    {1.0e100, "1.0e100"},
    {1.0e-100, "1.0e-100"},
    {1.0e308, "1.0e308"},
    {1.0e-307, "1.0e-307"},
    {123.456, "123.456"},
    {-0.0, "-0.0"}, /* signs */
    {0.0, "0.0"},
    {-1.5, "-1.5"},
    {-0x1p-1074, "-5.0e-324"},
    {-1.7976931348623157e308, "-1.7976931348623157e308"},
    {-0.30000000000000004, "-0.30000000000000004"},
    /* 1 <= |d| < 2^53 with a fraction: written plainly, the decimals
     * found from the fraction's bits alone (write_fixed) */
    {1.0000000000000002, "1.0000000000000002"}, /* 16 decimals, the most */
    {1.9999999999999998, "1.9999999999999998"},
    {9.999999999999998, "9.999999999999998"},
    {99.99999999999999, "99.99999999999999"},
    {10.000000000000002, "10.000000000000002"},
    {2.0000000000000004, "2.0000000000000004"},
    {4503599627370495.5, "4503599627370495.5"}, /* 16 whole digits */
    {2251799813685247.8, "2251799813685247.8"},
    {1125899906842623.9, "1125899906842623.9"},
    {1000000000000000.2, "1000000000000000.2"},
    {1000000000000000.1, "1000000000000000.1"},
    {16777216.000000002, "16777216.000000004"},
    {4294967296.5, "4294967296.5"},
    {123456789.123, "123456789.123"}, /* whole parts of 9 to 11 digits */
    {987654321.1234567, "987654321.1234567"},
    {999999999.9999999, "999999999.9999999"},
    {1000000000.0000001, "1000000000.0000001"},
    {5123456789.123456, "5123456789.123456"},
    {6148914691.236517, "6148914691.236517"},
    {9999999999.999998, "9999999999.999998"},
    {12345678901.5, "12345678901.5"},
    {98765432109.87654, "98765432109.87654"},
    {99999999.99999999, "99999999.99999999"}, /* 8 and 9 digits, 8 decimals */
    {100000000.00000001, "100000000.00000001"},
    {4294967296.12345, "4294967296.12345"}, /* fewer decimals than kmax - 1 = 6 */
    {500000000.25, "500000000.25"},
    {12.375, "12.375"}, /* few decimals, far fewer than the fraction's bits allow */
    {8.5, "8.5"},
    {1.1, "1.1"},
    {1.15, "1.15"},
    {123.45, "123.45"},
    {99.99, "99.99"},
    {2.675, "2.675"},
    {1.005, "1.005"},
    {3.14159, "3.14159"},
    {65536.00001, "65536.00001"},
    {7.00000000001, "7.00000000001"},
    {1234567.890625, "1234567.890625"},
    {1234.56789012345, "1234.56789012345"},
    {55.51115123125783, "55.51115123125783"},
    {-123.456, "-123.456"},
    {-1.0000000000000002, "-1.0000000000000002"},
};
#define NCASES (sizeof CASES / sizeof CASES[0])

Test(float, erl_vectors)
{
    char out[FLOAT_SHORT_MAX];
    for (size_t i = 0; i < NCASES; i++) {
        size_t n = float_to_short_chars(CASES[i].d, out);
        cr_expect_str_eq(out, CASES[i].want, "float_to_list(%a, [short])", CASES[i].d);
        cr_expect_eq(n, strlen(CASES[i].want), "%s", CASES[i].want);
    }
}

Test(float, not_finite)
{
    /* Never Erlang floats; C callers get a readable word. */
    char out[FLOAT_SHORT_MAX];
    cr_expect_eq(float_to_short_chars(HUGE_VAL, out), 3);
    cr_expect_str_eq(out, "inf");
    cr_expect_eq(float_to_short_chars(-HUGE_VAL, out), 4);
    cr_expect_str_eq(out, "-inf");
    float_to_short_chars(NAN, out);
    cr_expect_str_eq(out, "nan");
}

/* ---- properties on random doubles ----------------------------------------------- */

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A finite positive double: random bits, or a random subnormal. */
static double random_double(uint64_t *state)
{
    uint64_t bits = next_random(state) >> 1;
    if (bits % 16 == 0)
        bits &= (UINT64_C(1) << 52) - 1;
    else if ((bits >> 52) == 0x7FF)
        bits ^= UINT64_C(1) << 62;
    if (bits == 0)
        bits = 1;
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* The digits and exponent of our output: text = m * 10^e, m's digits
 * counted in *ndig (leading zeros of "0.00ddd" not counted). */
static void parse_output(const char *s, uint64_t *m, int *e, int *ndig)
{
    uint64_t v = 0;
    int frac = 0, n = 0;
    bool point = false;
    for (; *s && *s != 'e'; s++) {
        if (*s == '.') {
            point = true;
            continue;
        }
        v = v * 10 + (uint64_t)(*s - '0');
        n += v != 0;
        frac += point;
    }
    *e = (*s == 'e' ? atoi(s + 1) : 0) - frac;
    while (v != 0 && v % 10 == 0)
        v /= 10, (*e)++, n--;
    *m = v, *ndig = n;
}

static bool reads_back(uint64_t m, int e, double d)
{
    char text[48];
    snprintf(text, sizeof text, "%llue%d", (unsigned long long)m, e);
    return strtod(text, NULL) == d;
}

/* Our output for d reads back as d, and no decimal with one digit less
 * does: if one did, so would one of the two nearest to our digits (the
 * set of decimals that read back as d is an interval and holds both). */
static void check_shortest(double d)
{
    char out[FLOAT_SHORT_MAX];
    float_to_short_chars(d, out);
    cr_assert_eq(strtod(out, NULL), d, "%s does not read back as %a", out, d);
    uint64_t m;
    int e, n;
    parse_output(out, &m, &e, &n);
    cr_assert(n >= 1 && n <= 17, "%s: %d digits", out, n);
    if (n == 1)
        return;
    cr_assert(!reads_back(m / 10, e + 1, d), "%s: %llue%d is shorter", out, (unsigned long long)(m / 10), e + 1);
    cr_assert(!reads_back(m / 10 + 1, e + 1, d), "%s: %llue%d is shorter", out, (unsigned long long)(m / 10 + 1),
              e + 1);
}

Test(float, round_trips_and_shortest)
{
    uint64_t state = 1;
    for (int i = 0; i < 200000; i++)
        check_shortest(random_double(&state));
    /* Every power of two, where the gap below is half the gap above. */
    for (int e = -1074; e <= 1023; e++)
        check_shortest(ldexp(1.0, e));
}

/* A double in [1, 2^53) with a fraction, as programs make them: a few
 * decimals (x / 100), a quotient, or random bits with the low ones cleared
 * (0 to 52 of them: fractions of every length, exact ties among them). */
static double random_plain(uint64_t *state)
{
    uint64_t r = next_random(state);
    double d;
    switch (r % 3) {
    case 0:
        d = (double)(next_random(state) % 100000000) / 100.0;
        break;
    case 1:
        d = (double)(next_random(state) >> 11) / (double)(1 + next_random(state) % 100000);
        break;
    default: {
        uint64_t bits = next_random(state) & ((UINT64_C(1) << 52) - 1);
        bits &= ~((UINT64_C(1) << (next_random(state) % 53)) - 1);
        bits |= (uint64_t)(1023 + next_random(state) % 53) << 52;
        memcpy(&d, &bits, sizeof d);
    }
    }
    return d >= 1.0 ? d : d + 1.0;
}

Test(float, plain_range_round_trips_and_shortest)
{
    uint64_t state = 3;
    for (int i = 0; i < 200000; i++)
        check_shortest(random_plain(&state));
}

/* |m * 10^e - d| as an exact rational in r. */
static void distance(mpq_t r, uint64_t m, int e, double d)
{
    mpq_t x;
    mpq_init(x);
    mpz_set_ui(mpq_numref(r), (unsigned long)m);
    mpz_set_ui(mpq_denref(r), 1);
    mpz_ui_pow_ui(mpq_numref(x), 10, (unsigned long)abs(e));
    mpz_set_ui(mpq_denref(x), 1);
    if (e >= 0)
        mpq_mul(r, r, x);
    else
        mpq_div(r, r, x);
    mpq_set_d(x, d); /* exact */
    mpq_sub(r, r, x);
    mpq_abs(r, r);
    mpq_clear(x);
}

/* Of the decimals as long as our output for d that read back as d, ours
 * is the nearest to d, an exact tie going to the even one. */
static void check_nearest(double d, mpq_t ours, mpq_t other)
{
    char out[FLOAT_SHORT_MAX];
    float_to_short_chars(d, out);
    uint64_t m;
    int e, n;
    parse_output(out, &m, &e, &n);
    distance(ours, m, e, d);
    for (int side = -1; side <= 1; side += 2) {
        uint64_t nb = m + (uint64_t)(int64_t)side;
        if (nb == 0 || !reads_back(nb, e, d))
            continue;
        distance(other, nb, e, d);
        int c = mpq_cmp(ours, other);
        cr_assert(c < 0 || (c == 0 && m % 2 == 0), "%s: %llue%d is as near", out, (unsigned long long)nb, e);
    }
}

Test(float, nearest_of_its_length)
{
    uint64_t state = 2;
    mpq_t ours, other;
    mpq_init(ours);
    mpq_init(other);
    for (int i = 0; i < 20000; i++)
        check_nearest(random_double(&state), ours, other);
    for (int e = -1074; e <= 1023; e++)
        check_nearest(ldexp(1.0, e), ours, other);
    state = 4;
    for (int i = 0; i < 20000; i++)
        check_nearest(random_plain(&state), ours, other);
    mpq_clear(ours);
    mpq_clear(other);
}

/* ---- threads ----------------------------------------------------------------------- */

static void *print_cases(void *arg)
{
    char out[FLOAT_SHORT_MAX];
    uintptr_t wrong = 0;
    for (int round = 0; round < 200; round++)
        for (size_t i = 0; i < NCASES; i++) {
            float_to_short_chars(CASES[i].d, out);
            wrong += strcmp(out, CASES[i].want) != 0;
        }
    return (void *)wrong;
}

Test(float, threads)
{
    /* Threads printing at once, the first use (which builds the tables)
     * included: Criterion runs each test in a fresh process. */
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, print_cases, NULL), 0);
    for (int i = 0; i < 4; i++) {
        void *wrong;
        pthread_join(t[i], &wrong);
        cr_expect_eq((uintptr_t)wrong, 0, "thread %d: %zu wrong", i, (size_t)(uintptr_t)wrong);
    }
}

/* ---- the narrow IEEE forms of float segments -------------------------------------- */

/* Each row: erl's binary:decode_unsigned(<<D:16/float>>) (OTP 25.2). */
static const struct {
    double d;
    uint16_t bits;
} HALVES[] = {
    {1.5, 0x3E00},
    {-2.5, 0xC100},
    {0.1, 0x2E66},
    {-0.0, 0x8000},
    {65504.0, 0x7BFF},                 /* the largest half */
    {65519.99, 0x7BFF},                /* rounds down to it */
    {65520.0, 0x7C00},                 /* rounds up beyond it: infinity */
    {1.0e10, 0x7C00},
    {1.00048828125, 0x3C00},           /* 1 + 2^-11, a tie: to even, down */
    {1.00146484375, 0x3C02},           /* 1 + 3 * 2^-11, a tie: to even, up */
    {1.0004882812500002, 0x3C01},      /* above the tie: rounded once, not via float */
    {6.097555160522461e-5, 0x03FF},    /* the largest subnormal */
    {6.103515625e-5, 0x0400},          /* the least normal */
    {5.9604644775390625e-8, 0x0001},   /* the least subnormal */
    {2.9802322387695312e-8, 0x0000},   /* half of it, a tie: to even, zero */
    {2.98023223876953200000001e-8, 0x0001},
    {1.0e-8, 0x0000},
};

Test(float, half_bits_as_erl)
{
    for (size_t i = 0; i < sizeof HALVES / sizeof HALVES[0]; i++)
        cr_expect_eq(float_half_bits(HALVES[i].d), HALVES[i].bits, "<<%a:16/float>>: %04x, want %04x",
                     HALVES[i].d, float_half_bits(HALVES[i].d), HALVES[i].bits);
}

/* Every finite half reads as a double that writes back as the same bits. */
Test(float, every_half_round_trips)
{
    for (uint32_t u = 0; u <= 0xFFFF; u++) {
        double d = float_from_half_bits((uint16_t)u);
        if ((u & 0x7C00) == 0x7C00) {
            cr_assert(isinf(d) ? (u & 0x3FF) == 0 : isnan(d), "%04x", u);
            continue;
        }
        cr_assert_eq(float_half_bits(d), u, "%04x reads as %a, which writes as %04x", u, d, float_half_bits(d));
    }
    cr_expect_eq(float_from_half_bits(0x3555), 0.333251953125);
    cr_expect_eq(float_from_half_bits(0x8001), -0x1p-24);
}

/* erl's <<D:32/float>>: beyond the largest float, an infinity (a C cast
 * there is undefined behaviour). */
Test(float, single_bits_as_erl)
{
    cr_expect_eq(float_single_bits(0.1), 0x3DCCCCCDu);
    cr_expect_eq(float_single_bits(1.0e300), 0x7F800000u);
    cr_expect_eq(float_single_bits(-1.0e300), 0xFF800000u);
    cr_expect_eq(float_single_bits(3.4028235677973366e38), 0x7F800000u);
    cr_expect_eq(float_single_bits(3.4028234663852886e38), 0x7F7FFFFFu); /* FLT_MAX */
}
