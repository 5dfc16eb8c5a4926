/* float.h: the shortest text of a double, as OTP 25's
 * float_to_list(F, [short]) writes it: what ~w and ~p print for a float,
 * what erl_parse's error messages show for a float token, and what
 * erlang:float_to_list(F, [short]) returns. Also the 32- and 16-bit IEEE
 * forms of float segments in binaries. */
#ifndef VM_FLOAT_H
#define VM_FLOAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Longest text float_to_short_chars writes, with its terminating NUL
 * ("-2.2250738585072014e-308" is 24 chars). */
#define FLOAT_SHORT_MAX 32

/* Writes the shortest decimal that reads back as `d` (among those, the
 * nearest, ties to even), laid out as OTP 25 does ("1.0e3", "100.0",
 * "0.30000000000000004", "-0.0"), NUL-terminated, to `out` (at least
 * FLOAT_SHORT_MAX bytes); returns its length. Infinities and NaN, never
 * Erlang floats, come out as "inf", "-inf" and "nan". Thread-safe. */
size_t float_to_short_chars(double d, char *out);

/* ---- decimal digits without a branch on their number ----
 * Shared by the float layout (float.c) and the integer printers of
 * format/write.h. Numbers of every length come in random order, so a
 * branch on the number of digits is mispredicted about as often as it is
 * taken: the eight digits of a number below 10^8 are computed together in
 * one 64-bit word (SWAR, two multiplications per halving) and stored whole,
 * the leading zeros shifted out. */

/* The eight decimal digits of v < 10^8, leading zeros kept, as byte values
 * 0..9 in text order (the first digit in the first byte in memory). */
static inline uint64_t float_digits8(uint32_t v)
{
    /* Each step splits every lane x into q = x / c in its low half and
     * x - c q in its high half, q | (x - c q) << w, computed as
     * (x << w) - q (c 2^w - 1): no lane borrows from the next (each
     * lane's result is that number, >= 0), and the chain of dependent
     * operations is shorter than with the remainder shifted and or-ed. */
    uint64_t hi = v / 10000;
    uint64_t x = ((uint64_t)v << 32) - hi * ((UINT64_C(10000) << 32) - 1); /* v / 10^4, v % 10^4 */
    uint64_t q = ((x * 10486) >> 20) & UINT64_C(0x0000007F0000007F);       /* x / 100 per 32-bit lane */
    x = (x << 16) - q * ((100 << 16) - 1);
    q = ((x * 103) >> 10) & UINT64_C(0x000F000F000F000F); /* x / 10 per 16-bit lane */
    x = (x << 8) - q * ((10 << 8) - 1);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}

/* '0' in each byte: float_digits8 + FLOAT_ZEROS is text. */
#define FLOAT_ZEROS UINT64_C(0x3030303030303030)

/* Stores the last 8 - skip bytes of the digit word d (text order) at p,
 * as one 8-byte store: the `skip` bytes after them are NULs. skip < 8. */
static inline void float_store_digits(char *p, uint64_t d, unsigned skip)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    d <<= 8 * skip;
#else
    d >>= 8 * skip;
#endif
    memcpy(p, &d, 8);
}

/* ---- the common floats, inline ----
 * float_to_short_chars writes a double of 1 <= |d| < 2^53 with a fraction
 * (what programs mostly print: 3.14, 12.5, computed values) straight from
 * its bits (float_write_fixed), every other one in float.c
 * (float_short_other: integers and short fractions exactly, the rest by
 * Ryu). The first path is here, inline, for the formatters' loops
 * (format/'s ~p and ~w print a float every few terms). */

/* A double is frac * 2^(bexp - FLOAT_EXP_SHIFT), plus the hidden bit 2^52
 * in frac when bexp > 0 (bexp, the biased exponent, is 0 for subnormals). */
#define FLOAT_FRAC_BITS 52
#define FLOAT_EXP_SHIFT 1075 /* bias 1023 + FLOAT_FRAC_BITS */
#define FLOAT_HIDDEN_BIT (UINT64_C(1) << FLOAT_FRAC_BITS)

/* 10^k for k = 0..19, and the two digits of 0..99 in text order. */
extern const uint64_t float_pow10[20];
extern const char float_digit_pairs[201];

/* floor(e * log10(2)), exact for 0 <= e <= 1650. */
static inline int float_log10_pow2(int e) { return (int)(((uint32_t)e * 78913) >> 18); }

/* Number of decimal digits of m > 0: log10 from the bit length
 * (1233 / 4096 ~ log10(2)), corrected by one comparison. */
static inline unsigned float_count_digits(uint64_t m)
{
    unsigned t = (unsigned)(64 - __builtin_clzll(m)) * 1233 >> 12;
    return t + (m >= float_pow10[t]);
}

/* Writes the last n digits of v < 10^16 (1 <= n <= 16; leading zeros when
 * v has fewer) at p as two digit words, the first one's skipped digits
 * shifted out and overwritten when n <= 8; returns the end. Writes 8
 * scratch bytes past it. */
static inline char *float_put_last_digits(char *p, uint64_t v, unsigned n)
{
    uint64_t hi = float_digits8((uint32_t)(v / 100000000)) + FLOAT_ZEROS;
    uint64_t lo = float_digits8((uint32_t)(v % 100000000)) + FLOAT_ZEROS;
    unsigned z = 16 - n, zh = z < 8 ? z : 8; /* zeros to skip, in hi */
    float_store_digits(p, hi, zh & 7);
    p += 8 - zh;
    float_store_digits(p, lo, z - zh);
    return p + 8 - (z - zh);
}

/* float_put_last_digits, as one digit word when n <= 8 (the usual whole part
 * and fraction). */
static inline char *float_put_digits(char *p, uint64_t v, unsigned n)
{
    if (n <= 8) {
        float_store_digits(p, float_digits8((uint32_t)v) + FLOAT_ZEROS, 8 - n);
        return p + n;
    }
    return float_put_last_digits(p, v, n);
}

/* put_digits for a whole part of n = float_count_digits(v) digits: one of 9 or
 * 10 (computed values up to ten billion) takes its first one or two
 * digits from the pair table, not from a second digit word. Writes 8
 * scratch bytes past the end. */
static inline char *float_put_whole(char *p, uint64_t v, unsigned n)
{
    uint64_t hi = v / 100000000;
    if (n <= 8 || hi >= 100)
        return float_put_digits(p, v, n);
    memcpy(p, float_digit_pairs + 2 * hi + (10 - n), 2); /* n = 9: the digit and a byte the word overwrites */
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
 * Needs 10^k < 2^s (k < kmax, see float_write_fixed), so that 2h < 2^64. No
 * k-place decimal is exactly half an ulp away: n / 10^k = (2M +- 1) /
 * 2^(s + 1), for d = M / 2^s, would need 2^(s + 1) to divide
 * (2M +- 1) * 10^k, so k > s >= kmax. So the tie rule of reading (to even)
 * never enters, nor d's parity. */
static inline bool float_fraction_reads_back(uint64_t rest, uint64_t pow10, unsigned sh)
{
    uint64_t h = pow10 << (sh - 1);
    return rest + h < 2 * h;
}

/* True when the k-place decimal nearest to the fraction f64 / 2^64 reads
 * back (float_fraction_reads_back, k < kmax); *digits gets its k digits, which
 * are then f64 * 10^k / 2^64 rounded to nearest with no tie to break (a
 * tie is half of 10^-k away, more than half an ulp). */
static inline bool float_places_read_back(uint64_t f64, unsigned k, unsigned sh, uint64_t *digits)
{
    unsigned __int128 prod = (unsigned __int128)f64 * float_pow10[k];
    uint64_t rest = (uint64_t)prod;
    *digits = (uint64_t)(prod >> 64) + (rest >> 63); /* to nearest: rest >= 2^63 is -h < rest < 0 */
    return float_fraction_reads_back(rest, float_pow10[k], sh);
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
static inline size_t float_write_fixed(char *out, uint64_t bits, uint64_t f64, int s)
{
    unsigned sh = 64 - (unsigned)s;
    unsigned k = (unsigned)float_log10_pow2(s); /* kmax - 1, 0..15; 0 never reads back */
    uint64_t f;
    if (float_places_read_back(f64, k, sh, &f)) {
        if (f % 10 == 0) {
            k = 1;
            while (!float_places_read_back(f64, k, sh, &f))
                k++;
        }
    } else {
        k++;
        unsigned __int128 prod = (unsigned __int128)f64 * float_pow10[k];
        uint64_t rest = (uint64_t)prod;
        f = (uint64_t)(prod >> 64);
        f += rest > (UINT64_C(1) << 63) - (f & 1); /* to nearest; a tie, rest = 2^63, to even */
    }
    uint64_t whole = ((bits & (FLOAT_HIDDEN_BIT - 1)) | FLOAT_HIDDEN_BIT) >> s;
    out[0] = '-';
    char *p = out + (bits >> 63);
    unsigned n = float_count_digits(whole); /* at least 1 */
    if (n + k <= 8) {
        /* whole * 10^k + f in one digit word, stored twice: all its
         * digits, the first decimal then overwritten by the '.', and its
         * last k, the decimals, after the '.'. */
        uint64_t w = float_digits8((uint32_t)(whole * float_pow10[k] + f)) + FLOAT_ZEROS;
        float_store_digits(p, w, 8 - n - k);
        p[n] = '.';
        float_store_digits(p + n + 1, w, 8 - k);
    } else {
        char *q = float_put_whole(p, whole, n);
        *q = '.';
        float_put_digits(q + 1, f, k);
    }
    p += n + 1 + k;
    *p = '\0';
    return (size_t)(p - out);
}

/* float_to_short_chars for the doubles float_write_fixed does not take. */
size_t float_short_other(double d, char *out);

/* float_to_short_chars, inline. */
static inline size_t float_short_chars(double d, char *out)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t frac = bits & (FLOAT_HIDDEN_BIT - 1);
    int s = FLOAT_EXP_SHIFT - (int)((bits >> FLOAT_FRAC_BITS) & 0x7FF); /* d = (frac | hidden) / 2^s */
    if ((unsigned)(s - 1) < FLOAT_FRAC_BITS) {
        uint64_t f64 = frac << (64 - s); /* the fraction's bits, at the top */
        if (f64 != 0)
            return float_write_fixed(out, bits, f64, s);
    }
    return float_short_other(d, out);
}

/* ---- the narrow IEEE forms of float segments (<<F:32/float>>, /16) ----
 * Computed in software, with no `_Float16` and no float conversion out of
 * range (undefined in C), so that every compiler builds them the same. */

/* The bits of single precision `d` (finite), rounding to nearest even;
 * beyond the largest float it is an infinity, as OTP builds it. */
uint32_t float_single_bits(double d);
/* The bits of half precision `d` (finite), rounding to nearest even;
 * beyond the largest half (65504) it is an infinity, as OTP builds it. */
uint16_t float_half_bits(double d);
/* The value of half precision bits `u` (infinities and NaN included). */
double float_from_half_bits(uint16_t u);

#endif
