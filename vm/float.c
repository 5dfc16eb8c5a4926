/* float.c: floats as OTP 25's float_to_list(F, [short]) prints them (also
 * the text ~w and ~p give a float). The digits come from our implementation
 * of Ryu (Ulf Adams, "Ryu: fast float-to-string conversion", PLDI 2018), the
 * algorithm OTP itself uses, so length, digits and ties are OTP's; numbers
 * with a whole part and a fraction below 2^53 take an exact shortcut to
 * the same text (write_fixed). */
#include "float.h"

#include <gmp.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "term.h"

typedef unsigned __int128 uint128;

#ifdef __GNUC__
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* A double is frac * 2^(bexp - 1075), plus the hidden bit 2^52 in frac
 * when bexp > 0 (bexp, the biased exponent, is 0 for subnormals). */
#define FRAC_BITS 52
#define EXP_SHIFT 1075 /* bias 1023 + FRAC_BITS */
#define HIDDEN_BIT (UINT64_C(1) << FRAC_BITS)

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
#define POW5_INV_COUNT 291 /* q <= log10_pow2(969) - 1 = 290 */

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
/* floor(e * log10(2)), 0 <= e <= 1650. */
static inline int log10_pow2(int e) { return (int)(((uint32_t)e * 78913) >> 18); }
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
        e2 = 1 - EXP_SHIFT - 2;
        m2 = frac;
    } else {
        e2 = (int)bexp - EXP_SHIFT - 2;
        m2 = frac | HIDDEN_BIT;
    }
    bool ends_in = (m2 & 1) == 0;
    uint64_t mv = 4 * m2;
    unsigned mm_shift = frac != 0 || bexp <= 1; /* 0: the gap below is half */

    uint64_t vr, vp, vm;
    int e10;
    bool vm_exact = false, vr_exact = false;
    if (e2 >= 0) {
        /* x * 2^e2 / 10^q = x * 2^(e2 - q) / 5^q, by pow5_inv[q]. */
        int q = log10_pow2(e2) - (e2 > 3);
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
    int e2 = (int)bexp - EXP_SHIFT;
    if (e2 > 0 || e2 < -FRAC_BITS)
        return false;
    uint64_t m2 = frac | HIDDEN_BIT;
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

static const char DIGIT_PAIRS[201] = "00010203040506070809101112131415161718192021222324"
                                     "25262728293031323334353637383940414243444546474849"
                                     "50515253545556575859606162636465666768697071727374"
                                     "75767778798081828384858687888990919293949596979899";

static const uint64_t POW10[20] = {
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
    int s = EXP_SHIFT - (int)bexp;
    if (frac == 0 || s < 1 || s > 63)
        return false;
    uint64_t m2 = frac | HIDDEN_BIT;
    uint64_t one = UINT64_C(1) << s, half = one >> 1;
    for (int k = 1; k < 20; k++) {
        uint128 p = (uint128)m2 * POW10[k];
        uint64_t rem = (uint64_t)p & (one - 1);
        uint64_t m = (uint64_t)(p >> s);
        uint64_t dist = rem > half ? one - rem : rem;
        if (2 * dist < POW10[k] || (2 * dist == POW10[k] && (m2 & 1) == 0)) {
            out->digits = m + (rem > half || (rem == half && (m & 1)));
            out->exp = -k;
            return true;
        }
    }
    return false;
}

/* Number of decimal digits of m > 0: log10 from the bit length
 * (1233 / 4096 ~ log10(2)), corrected by one comparison. */
static unsigned count_digits(uint64_t m)
{
    unsigned t = (unsigned)(64 - __builtin_clzll(m)) * 1233 >> 12;
    return t + (m >= POW10[t]);
}

/* Writes the decimal digits of v (< 10^8) so that they end at `end`,
 * two at a time. */
static void write_digits32(char *end, uint32_t v)
{
    while (v >= 100) {
        end -= 2;
        memcpy(end, DIGIT_PAIRS + 2 * (v % 100), 2);
        v /= 100;
    }
    if (v >= 10) {
        end -= 2;
        memcpy(end, DIGIT_PAIRS + 2 * v, 2);
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
            memcpy(end, DIGIT_PAIRS + 2 * (low % 100), 2);
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
    unsigned n = count_digits(m);
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

/* ---- numbers with a whole part and a fraction -------------------------------- */

/* Writes the last n digits of v < 10^16 (1 <= n <= 16; leading zeros when
 * v has fewer) at p as two digit words, the first one's skipped digits
 * shifted out and overwritten when n <= 8; returns the end. Writes 8
 * scratch bytes past it. */
static inline char *put_last_digits(char *p, uint64_t v, unsigned n)
{
    uint64_t hi = float_digits8((uint32_t)(v / 100000000)) + FLOAT_ZEROS;
    uint64_t lo = float_digits8((uint32_t)(v % 100000000)) + FLOAT_ZEROS;
    unsigned z = 16 - n, zh = z < 8 ? z : 8; /* zeros to skip, in hi */
    float_store_digits(p, hi, zh & 7);
    p += 8 - zh;
    float_store_digits(p, lo, z - zh);
    return p + 8 - (z - zh);
}

/* put_last_digits, as one digit word when n <= 8 (the usual whole part
 * and fraction). */
static inline char *put_digits(char *p, uint64_t v, unsigned n)
{
    if (n <= 8) {
        float_store_digits(p, float_digits8((uint32_t)v) + FLOAT_ZEROS, 8 - n);
        return p + n;
    }
    return put_last_digits(p, v, n);
}

/* put_digits for a whole part of n = count_digits(v) digits: one of 9 or
 * 10 (computed values up to ten billion) takes its first one or two
 * digits from the pair table, not from a second digit word. Writes 8
 * scratch bytes past the end. */
static inline char *put_whole(char *p, uint64_t v, unsigned n)
{
    uint64_t hi = v / 100000000;
    if (n <= 8 || hi >= 100)
        return put_digits(p, v, n);
    memcpy(p, DIGIT_PAIRS + 2 * hi + (10 - n), 2); /* n = 9: the digit and a byte the word overwrites */
    p += n - 8;
    float_store_digits(p, float_digits8((uint32_t)(v - hi * 100000000)) + FLOAT_ZEROS, 0);
    return p + 8;
}

/* The k-place decimal nearest to a double's fraction, f64 / 2^64 (f64 =
 * the fraction's bits << sh, sh = 64 - s), reads back as the double when
 * it is within half an ulp, 2^-s / 2, of it. rest, the low word of
 * f64 * 10^k, is what the k digits leave, and the test is -h < rest < h
 * mod 2^64, h = 10^k * 2^(sh - 1) half an ulp scaled the same way: one
 * comparison, no shift of a 128-bit product by an amount that varies.
 * Needs 10^k < 2^s (k < kmax, see write_fixed), so that 2h < 2^64. No
 * k-place decimal is exactly half an ulp away: n / 10^k = (2M +- 1) /
 * 2^(s + 1), for d = M / 2^s, would need 2^(s + 1) to divide
 * (2M +- 1) * 10^k, so k > s >= kmax. So the tie rule of reading (to even)
 * never enters, nor d's parity. */
static inline bool fraction_reads_back(uint64_t rest, uint64_t pow10, unsigned sh)
{
    uint64_t h = pow10 << (sh - 1);
    return rest + h < 2 * h;
}

/* True when the k-place decimal nearest to the fraction f64 / 2^64 reads
 * back (fraction_reads_back, k < kmax); *digits gets its k digits, which
 * are then f64 * 10^k / 2^64 rounded to nearest with no tie to break (a
 * tie is half of 10^-k away, more than half an ulp). */
static inline bool places_read_back(uint64_t f64, unsigned k, unsigned sh, uint64_t *digits)
{
    uint128 prod = (uint128)f64 * POW10[k];
    uint64_t rest = (uint64_t)prod;
    *digits = (uint64_t)(prod >> 64) + (rest >> 63); /* to nearest: rest >= 2^63 is -h < rest < 0 */
    return fraction_reads_back(rest, POW10[k], sh);
}

/* The text of a double d with 1 <= |d| < 2^53 and a fraction: the
 * shortest decimal that reads back as d is then always written plainly,
 * whole part, '.', k decimals (OTP's exponent window takes every
 * number of this range), and both parts come out of d's bits directly:
 * d = M / 2^s (1 <= s <= 52), whole part M >> s, and the k decimals
 * the nearest k-place fraction to (M mod 2^s) / 2^s, rounded half to
 * even, for the least k at which d reads back (short_fraction's test on
 * the fraction alone; the nearest decimal never rounds up to whole + 1,
 * another double). No layout, no division by a power of ten that varies.
 * The least k: kmax = floor(s log10 2) + 1 places always do (10^-kmax
 * < 2^-s, decimals closer than an ulp). Below kmax, 10^-k is wider than
 * an ulp, so at most one k-place decimal reads back. So when kmax - 1
 * places do, with digits f, fewer places that do are f without some of
 * its trailing zeros (written with kmax - 1 places, they would be a second
 * such decimal), and f ending in another digit has the least k. kmax - 1
 * is tried first (a computed value needs it or kmax); only when its
 * digits end in 0 (a short fraction like 123.45) are k = 1, 2, 3...
 * tried, the first that reads back being the least.
 * bits are d's, f64 = (M mod 2^s) << (64 - s), not 0. Writes the text (at
 * most 19 bytes) and its NUL in out[0..26). */
static size_t write_fixed(char *out, uint64_t bits, uint64_t f64, int s)
{
    unsigned sh = 64 - (unsigned)s;
    unsigned k = (unsigned)log10_pow2(s); /* kmax - 1, 0..15; 0 never reads back */
    uint64_t f;
    if (places_read_back(f64, k, sh, &f)) {
        if (f % 10 == 0) {
            k = 1;
            while (!places_read_back(f64, k, sh, &f))
                k++;
        }
    } else {
        k++;
        uint128 prod = (uint128)f64 * POW10[k];
        uint64_t rest = (uint64_t)prod;
        f = (uint64_t)(prod >> 64);
        f += rest > (UINT64_C(1) << 63) - (f & 1); /* to nearest; a tie, rest = 2^63, to even */
    }
    uint64_t whole = ((bits & (HIDDEN_BIT - 1)) | HIDDEN_BIT) >> s;
    out[0] = '-';
    char *p = out + (bits >> 63);
    unsigned n = count_digits(whole); /* at least 1 */
    if (n + k <= 8) {
        /* whole * 10^k + f in one digit word, stored twice: all its
         * digits, the first decimal then overwritten by the '.', and its
         * last k, the decimals, after the '.'. */
        uint64_t w = float_digits8((uint32_t)(whole * POW10[k] + f)) + FLOAT_ZEROS;
        float_store_digits(p, w, 8 - n - k);
        p[n] = '.';
        float_store_digits(p + n + 1, w, 8 - k);
    } else {
        char *q = put_whole(p, whole, n);
        *q = '.';
        put_digits(q + 1, f, k);
    }
    p += n + 1 + k;
    *p = '\0';
    return (size_t)(p - out);
}

/* ---- entry point ------------------------------------------------------------------- */

/* float_to_short_chars for the doubles write_fixed does not take. Not
 * inlined: the common path stays a small function. */
static NOINLINE size_t write_other(double d, char *out)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t frac = bits & (HIDDEN_BIT - 1);
    unsigned bexp = (unsigned)(bits >> FRAC_BITS) & 0x7FF;
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

size_t float_to_short_chars(double d, char *out)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t frac = bits & (HIDDEN_BIT - 1);
    int s = EXP_SHIFT - (int)((bits >> FRAC_BITS) & 0x7FF); /* d = (frac | HIDDEN_BIT) / 2^s */
    if ((unsigned)(s - 1) < FRAC_BITS) {
        uint64_t f64 = frac << (64 - s); /* the fraction's bits, at the top */
        if (f64 != 0)
            return write_fixed(out, bits, f64, s);
    }
    return write_other(d, out);
}

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
