/* float.c: floats as OTP 25's float_to_list(F, [short]) prints them (also
 * the text ~w and ~p give a float). The digits come from our implementation
 * of Ryu (Ulf Adams, "Ryu: fast float-to-string conversion", PLDI 2018), the
 * algorithm OTP itself uses, so length, digits and ties are OTP's; numbers
 * with a whole part and a fraction below 2^53 take an exact shortcut to
 * the same text (float_write_fixed, inline in float.h). */
#include "float.h"

#include <gmp.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "term.h"

typedef unsigned __int128 uint128;

/* ---- powers of five ------------------------------------------------------------ */

/* Ryu scales by 5^i through 125-bit fixed-point multipliers, built once,
 * exactly, with GMP on first use (pthread_once; read-only afterwards, so
 * any number of threads may print at once):
 *   pow5[i]     = the top 125 bits of 5^i, i.e. floor(5^i * 2^(125 - b)),
 *   pow5_inv[i] = floor(2^(b - 1 + 125) / 5^i) + 1,
 * where b = pow5_bits(i) is the bit length of 5^i. The counts are what the
 * exponent range of doubles reaches (see shortest_decimal). */
#define MUL_BITS 125
#define POW5_COUNT 326     /* i = -e2 - q <= 325 */
#define POW5_INV_COUNT 291 /* q <= float_log10_pow2(969) - 1 = 290 */

static uint64_t pow5[POW5_COUNT][2];         /* [0]: low 64 bits, [1]: high */
static uint64_t pow5_inv[POW5_INV_COUNT][2]; /* same */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void store_u128(uint64_t out[2], const mpz_t v)
{
    size_t words = 0;
    out[0] = out[1] = 0;
    mpz_export(out, &words, -1, sizeof out[0], 0, 0, v);
    ASSERT(words <= 2);
}

static void build_tables(void)
{
    mpz_t p, t;
    mpz_init_set_ui(p, 1); /* 5^i */
    mpz_init(t);
    for (int i = 0; i < POW5_COUNT; i++) {
        long bits = (long)mpz_sizeinbase(p, 2);
        if (bits > MUL_BITS)
            mpz_tdiv_q_2exp(t, p, (mp_bitcnt_t)(bits - MUL_BITS));
        else
            mpz_mul_2exp(t, p, (mp_bitcnt_t)(MUL_BITS - bits));
        store_u128(pow5[i], t);
        if (i < POW5_INV_COUNT) {
            mpz_set_ui(t, 0);
            mpz_setbit(t, (mp_bitcnt_t)(bits - 1 + MUL_BITS));
            mpz_fdiv_q(t, t, p);
            mpz_add_ui(t, t, 1);
            store_u128(pow5_inv[i], t);
        }
        mpz_mul_ui(p, p, 5);
    }
    mpz_clear(p);
    mpz_clear(t);
}

/* ---- logarithms in integer arithmetic --------------------------------------------- */

/* Each is exact on the range given (checked against exact integer
 * arithmetic); shortest_decimal stays below e = 1100. */

/* Bit length of 5^e (1 for e = 0), 0 <= e <= 3528. */
static inline int pow5_bits(int e) { return (int)(((uint32_t)e * 1217359) >> 19) + 1; }
/* floor(e * log10(5)), 0 <= e <= 2620. */
static inline int log10_pow5(int e) { return (int)(((uint32_t)e * 732923) >> 20); }

/* True when v (> 0) is a multiple of 5^p. */
static inline bool is_multiple_of_pow5(uint64_t v, int p)
{
    int n = 0;
    ASSERT(v != 0);
    while (v % 5 == 0)
        v /= 5, n++;
    return n >= p;
}

/* floor(m * mul / 2^shift) for a 125-bit multiplier, m < 2^55 and
 * shift >= 64 so that the result fits in 64 bits. The low 64 bits of
 * m * mul[0] are dropped; Ryu's error analysis allows it. */
static inline uint64_t mul_shift(uint64_t m, const uint64_t mul[2], int shift)
{
    uint128 low = (uint128)m * mul[0];
    uint128 high = (uint128)m * mul[1];
    return (uint64_t)(((low >> 64) + high) >> (shift - 64));
}

/* ---- shortest digits -------------------------------------------------------------- */

/* Divides vr, vp and vm by p (a power of ten) when vp and vm still
 * differ after it; *top gets the highest digit that vr lost. */
static inline bool drop_digits(uint64_t *vr, uint64_t *vp, uint64_t *vm, uint64_t p, unsigned *top)
{
    if (*vp / p <= *vm / p)
        return false;
    *top = (unsigned)(*vr % p / (p / 10));
    *vr /= p, *vp /= p, *vm /= p;
    return true;
}

/* digits * 10^exp */
typedef struct decimal {
    uint64_t digits;
    int exp;
} decimal;

/* The shortest decimal that reads back as the positive double (frac,
 * bexp) and, among decimals of that length, the one nearest to it; an
 * exact tie goes to the even digits. Ryu's steps:
 *  1. Scale by 4 so the interval of reals that round to d has integer
 *     ends: d = mv * 2^e2 with mv = 4 * m2, the interval is
 *     (mm, mp) * 2^e2 with mp = mv + 2 and mm = mv - 2, or mm = mv - 1 at
 *     a power of two, where the gap to the double below is half as wide.
 *     The ends belong to it when m2 is even (a tie reads back as even).
 *  2. Move mm, mv, mp to base ten: vm, vr, vp = floor(x * 2^e2 / 10^e10)
 *     for an e10 that keeps them about 17 digits long, with one 64x128-bit
 *     multiplication each. Note whether vm and vr are exact (the dropped
 *     fraction is 0): that matters only when a removed digit could be a
 *     tie or the lower end is a candidate.
 *  3. Remove digits while vp and vm still differ once divided by 10: what
 *     is left is the shortest length; round vr to it (and step up when vr
 *     has fallen on an excluded lower end). */
static decimal shortest_decimal(uint64_t frac, unsigned bexp)
{
    int e2;
    uint64_t m2;
    if (bexp == 0) {
        e2 = 1 - FLOAT_EXP_SHIFT - 2;
        m2 = frac;
    } else {
        e2 = (int)bexp - FLOAT_EXP_SHIFT - 2;
        m2 = frac | FLOAT_HIDDEN_BIT;
    }
    bool ends_in = (m2 & 1) == 0;
    uint64_t mv = 4 * m2;
    unsigned mm_shift = frac != 0 || bexp <= 1; /* 0: the gap below is half */

    uint64_t vr, vp, vm;
    int e10;
    bool vm_exact = false, vr_exact = false;
    if (e2 >= 0) {
        /* x * 2^e2 / 10^q = x * 2^(e2 - q) / 5^q, by pow5_inv[q]. */
        int q = float_log10_pow2(e2) - (e2 > 3);
        int shift = -e2 + q + MUL_BITS + pow5_bits(q) - 1;
        ASSERT(q < POW5_INV_COUNT);
        e10 = q;
        vr = mul_shift(mv, pow5_inv[q], shift);
        vp = mul_shift(mv + 2, pow5_inv[q], shift);
        vm = mul_shift(mv - 1 - mm_shift, pow5_inv[q], shift);
        if (q <= 21) {
            /* Exact means a multiple of 5^q; at most one of mm, mv, mp is
             * a multiple of 5. Above 21 Ryu (and so OTP) does not look. */
            if (mv % 5 == 0)
                vr_exact = is_multiple_of_pow5(mv, q);
            else if (ends_in)
                vm_exact = is_multiple_of_pow5(mv - 1 - mm_shift, q);
            else
                vp -= is_multiple_of_pow5(mv + 2, q); /* an excluded end */
        }
    } else {
        /* x * 2^e2 / 10^(q + e2) = x * 5^i / 2^q with i = -e2 - q, by
         * pow5[i]. */
        int q = log10_pow5(-e2) - (-e2 > 1);
        int i = -e2 - q;
        int shift = q - (pow5_bits(i) - MUL_BITS);
        ASSERT(i < POW5_COUNT);
        e10 = q + e2;
        vr = mul_shift(mv, pow5[i], shift);
        vp = mul_shift(mv + 2, pow5[i], shift);
        vm = mul_shift(mv - 1 - mm_shift, pow5[i], shift);
        if (q <= 1) {
            /* Exact means a multiple of 2^q: mv always is, mp = mv + 2
             * too, mm when it is even. */
            vr_exact = true;
            if (ends_in)
                vm_exact = mm_shift == 1;
            else
                vp--;
        } else if (q < 63) {
            vr_exact = (mv & ((UINT64_C(1) << q) - 1)) == 0;
        }
    }

    int removed = 0;
    uint64_t out;
    if (vm_exact || vr_exact) {
        /* The rare case (under 1%) that tracks exactness digit by digit. */
        unsigned last = 0; /* the last digit removed from vr */
        while (vp / 10 > vm / 10) {
            vm_exact &= vm % 10 == 0;
            vr_exact &= last == 0;
            last = (unsigned)(vr % 10);
            vr /= 10, vp /= 10, vm /= 10, removed++;
        }
        if (vm_exact) {
            /* The lower end itself is a candidate: take its zeros off. */
            while (vm % 10 == 0) {
                vr_exact &= last == 0;
                last = (unsigned)(vr % 10);
                vr /= 10, vp /= 10, vm /= 10, removed++;
            }
        }
        if (vr_exact && last == 5 && vr % 2 == 0)
            last = 4; /* exactly half way: to even */
        out = vr + ((vr == vm && (!ends_in || !vm_exact)) || last >= 5);
    } else {
        /* Nothing removed is exact, so the highest removed digit alone
         * decides the rounding. The digits that can go are the k last
         * for the largest k with vp / 10^k > vm / 10^k, a test monotone
         * in k: remove them 8, 4, 2, 1 at a time. */
        unsigned top = 0;
        while (drop_digits(&vr, &vp, &vm, 100000000, &top))
            removed += 8;
        if (drop_digits(&vr, &vp, &vm, 10000, &top))
            removed += 4;
        if (drop_digits(&vr, &vp, &vm, 100, &top))
            removed += 2;
        if (drop_digits(&vr, &vp, &vm, 10, &top))
            removed += 1;
        out = vr + (vr == vm || top >= 5);
    }
    return (decimal){out, e10 + removed};
}

/* True when d = (frac, bexp) is an integer in [1, 2^53): its digits are
 * then the integer's without trailing zeros (nothing shorter fits in an
 * interval at most 1 wide), the answer shortest_decimal would give. */
static bool small_integer(uint64_t frac, unsigned bexp, decimal *out)
{
    int e2 = (int)bexp - FLOAT_EXP_SHIFT;
    if (e2 > 0 || e2 < -FLOAT_FRAC_BITS)
        return false;
    uint64_t m2 = frac | FLOAT_HIDDEN_BIT;
    uint64_t below_point = m2 & ((UINT64_C(1) << -e2) - 1);
    if (below_point != 0)
        return false;
    out->digits = m2 >> -e2;
    out->exp = 0;
    while (out->digits % 10 == 0)
        out->digits /= 10, out->exp++;
    return true;
}

/* ---- layout ------------------------------------------------------------------------ */

const char float_digit_pairs[201] = "00010203040506070809101112131415161718192021222324"
                                    "25262728293031323334353637383940414243444546474849"
                                    "50515253545556575859606162636465666768697071727374"
                                    "75767778798081828384858687888990919293949596979899";

const uint64_t float_pow10[20] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
    UINT64_C(10000000000000000),
    UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

/* The shortest decimal of a positive double in [2^-11, 2^53) with a
 * fraction, found exactly in integer arithmetic: d = M / 2^s (1 <= s <=
 * 63), and for k = 1, 2, ... the k-place decimal nearest to d, m / 10^k
 * with m = M * 10^k / 2^s rounded half to even, reads back as d when its
 * distance to d is under half an ulp, 2^-s / 2 (exactly half: when M is
 * even, as reading ties to even). The first k that reads back gives the
 * shortest digits, and among them the nearest: shortest_decimal's answer,
 * in a few multiplications when d has few decimals (12.5, 0.01, 3.14).
 * Powers of two (frac 0, a narrower gap below) are left to it, as is any
 * d that would need more than 19 places (never, as 17 significant digits
 * always read back). False when d is not one of these. */
static bool short_fraction(uint64_t frac, unsigned bexp, decimal *out)
{
    int s = FLOAT_EXP_SHIFT - (int)bexp;
    if (frac == 0 || s < 1 || s > 63)
        return false;
    uint64_t m2 = frac | FLOAT_HIDDEN_BIT;
    uint64_t one = UINT64_C(1) << s, half = one >> 1;
    for (int k = 1; k < 20; k++) {
        uint128 p = (uint128)m2 * float_pow10[k];
        uint64_t rem = (uint64_t)p & (one - 1);
        uint64_t m = (uint64_t)(p >> s);
        uint64_t dist = rem > half ? one - rem : rem;
        if (2 * dist < float_pow10[k] || (2 * dist == float_pow10[k] && (m2 & 1) == 0)) {
            out->digits = m + (rem > half || (rem == half && (m & 1)));
            out->exp = -k;
            return true;
        }
    }
    return false;
}

/* Writes the decimal digits of v (< 10^8) so that they end at `end`,
 * two at a time. */
static void write_digits32(char *end, uint32_t v)
{
    while (v >= 100) {
        end -= 2;
        memcpy(end, float_digit_pairs + 2 * (v % 100), 2);
        v /= 100;
    }
    if (v >= 10) {
        end -= 2;
        memcpy(end, float_digit_pairs + 2 * v, 2);
    } else {
        *--end = (char)('0' + v);
    }
}

/* Writes the n decimal digits of m to dig[0..n): eight at a time in
 * 32-bit arithmetic. */
static void write_digits(char *dig, uint64_t m, unsigned n)
{
    char *end = dig + n;
    while (m >= 100000000) {
        uint32_t low = (uint32_t)(m % 100000000);
        m /= 100000000;
        for (int i = 0; i < 4; i++, low /= 100) {
            end -= 2;
            memcpy(end, float_digit_pairs + 2 * (low % 100), 2);
        }
    }
    write_digits32(end, (uint32_t)m);
}

/* Lays out m * 10^e (m without trailing zeros: shortest_decimal leaves
 * none) as OTP 25's
 * float_to_list(F, [short]) does: plain decimal when that is not longer
 * than scientific (exponent window below), scientific otherwise, and
 * scientific for integers of 2^53 and up. */
static size_t layout_float(char *out, uint64_t m, int e)
{
    char dig[24];
    unsigned n = float_count_digits(m);
    write_digits(dig, m, n);
    int sci = e + (int)n - 1;
    int lower = -(int)n - 2, upper = 1;
    if (n == 1)
        lower = -4, upper = 2;
    else if (sci >= 10)
        upper = 2;
    bool fixed = e >= lower && e <= upper;
    if (fixed && ((e == 0 && m >= (UINT64_C(1) << 53)) || (e == 1 && m > (UINT64_C(1) << 52) / 5) ||
                  (e == 2 && m > (UINT64_C(1) << 51) / 25)))
        fixed = false;
    char *p = out;
    if (fixed) {
        int whole = (int)n + e;
        if (e >= 0) {
            memcpy(p, dig, n), p += n;
            memset(p, '0', (size_t)e), p += e;
            memcpy(p, ".0", 2), p += 2;
        } else if (whole > 0) {
            memcpy(p, dig, (size_t)whole), p += whole;
            *p++ = '.';
            memcpy(p, dig + whole, n - (unsigned)whole), p += n - (unsigned)whole;
        } else {
            memcpy(p, "0.", 2), p += 2;
            memset(p, '0', (size_t)-whole), p += -whole;
            memcpy(p, dig, n), p += n;
        }
    } else {
        *p++ = dig[0];
        *p++ = '.';
        if (n == 1)
            *p++ = '0';
        else
            memcpy(p, dig + 1, n - 1), p += n - 1;
        *p++ = 'e';
        if (sci < 0)
            *p++ = '-', sci = -sci;
        if (sci >= 100)
            *p++ = (char)('0' + sci / 100);
        if (sci >= 10)
            *p++ = (char)('0' + sci / 10 % 10);
        *p++ = (char)('0' + sci % 10);
    }
    *p = '\0';
    return (size_t)(p - out);
}

/* ---- entry point ------------------------------------------------------------------- */

size_t float_short_other(double d, char *out)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t frac = bits & (FLOAT_HIDDEN_BIT - 1);
    unsigned bexp = (unsigned)(bits >> FLOAT_FRAC_BITS) & 0x7FF;
    char *p = out;
    if (bits >> 63)
        *p++ = '-';
    if (bexp == 0x7FF) { /* never an Erlang float; printed for C callers */
        memcpy(p, frac ? "nan" : "inf", 4);
        return (size_t)(p - out) + 3;
    }
    if (bexp == 0 && frac == 0) {
        memcpy(p, "0.0", 4);
        return (size_t)(p - out) + 3;
    }
    decimal v;
    if (!small_integer(frac, bexp, &v) && !short_fraction(frac, bexp, &v)) {
        pthread_once(&tables_once, build_tables);
        v = shortest_decimal(frac, bexp);
    }
    return (size_t)(p - out) + layout_float(p, v.digits, v.exp);
}

size_t float_to_short_chars(double d, char *out) { return float_short_chars(d, out); }

/* ---- the narrow IEEE forms ---------------------------------------------- */

uint32_t float_single_bits(double d)
{
    float f;
    if (fabs(d) >= 0x1.ffffffp127) /* rounds beyond FLT_MAX */
        f = signbit(d) ? -INFINITY : INFINITY;
    else
        f = (float)d;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

uint16_t float_half_bits(double d)
{
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    double a = fabs(d);
    if (a >= 65520.0) /* rounds beyond 65504 */
        return sign | 0x7C00;
    if (a < ldexp(1.0, -14))
        return sign | (uint16_t)nearbyint(ldexp(a, 24)); /* 0x400 is the least normal */
    int e;
    frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    e -= 1;
    double m = nearbyint((ldexp(a, -e) - 1.0) * 1024.0);
    if (m >= 1024.0)
        m = 0, e++;
    return sign | (uint16_t)((e + 15) << 10) | (uint16_t)m;
}

double float_from_half_bits(uint16_t u)
{
    int e = (u >> 10) & 0x1F;
    int m = u & 0x3FF;
    double a;
    if (e == 0)
        a = ldexp(m, -24); /* subnormal */
    else if (e == 31)
        a = m ? NAN : INFINITY;
    else
        a = ldexp(1024 + m, e - 25);
    return u & 0x8000 ? -a : a;
}
