/* float.h: the shortest text of a double, as OTP 25's
 * float_to_list(F, [short]) writes it: what ~w and ~p print for a float,
 * what erl_parse's error messages show for a float token, and what
 * erlang:float_to_list(F, [short]) returns. Also the 32- and 16-bit IEEE
 * forms of float segments in binaries. */
#ifndef VM_FLOAT_H
#define VM_FLOAT_H

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
