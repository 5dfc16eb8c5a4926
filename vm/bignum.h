/* bignum.h: arbitrary-precision integers on the heap, over GMP's mpn layer.
 * A bignum is a boxed header (HDR_POS_BIG/HDR_NEG_BIG, arity = limb count)
 * followed by the magnitude's limbs, least significant first. The int_*
 * functions take any integer term (SMALL or bignum) and always return a
 * normalised result: SMALL when the value fits. They allocate on `h`. */
#ifndef VM_BIGNUM_H
#define VM_BIGNUM_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "term.h"

/* Normalised integer from a sign and a magnitude (leading zero limbs ok). */
term_t big_from_limbs(heap_t *h, bool negative, const mp_limb_t *limbs, size_t n);
term_t big_from_int64(heap_t *h, int64_t v);
term_t big_from_uint64(heap_t *h, uint64_t v, bool negative);

static inline bool big_is_negative(term_t t) { return header_subtag(*boxed_ptr(t)) == HDR_NEG_BIG; }
static inline size_t big_limb_count(term_t t) { return (size_t)header_arity(*boxed_ptr(t)); }
static inline const mp_limb_t *big_limbs(term_t t) { return (const mp_limb_t *)(boxed_ptr(t) + 1); }

/* Value of an integer term if it fits int64_t. */
bool int_to_int64(term_t t, int64_t *out);
/* Integer to double, rounding to nearest; false if out of range (OTP's
 * badarith for float(Big) where the result would be infinite). */
bool int_to_double(term_t t, double *out);
/* The integer part of a finite double. */
term_t int_from_double(heap_t *h, double d);

/* Parse digits (no sign, no separators) in `base` 2..36, either case. False
 * on a character that is not a digit of the base or an empty string. */
bool int_from_digits(heap_t *h, const char *digits, size_t n, unsigned base, bool negative, term_t *out);

/* Number of chars int_to_chars may write for `t` in `base` (sign included). */
size_t int_chars_bound(term_t t, unsigned base);
/* Writes the integer in `base` 2..36 (upper-case letters, '-' sign), returns
 * the number of chars written. `buf` must hold int_chars_bound() chars. */
size_t int_to_chars(term_t t, unsigned base, char *buf);

/* Three-way compare of two integer terms. */
int int_cmp(term_t a, term_t b);
term_t int_add(heap_t *h, term_t a, term_t b);
term_t int_sub(heap_t *h, term_t a, term_t b);
term_t int_mul(heap_t *h, term_t a, term_t b);
term_t int_neg(heap_t *h, term_t a);
/* Truncating division and remainder (Erlang's div and rem); b != 0. */
term_t int_div(heap_t *h, term_t a, term_t b);
term_t int_rem(heap_t *h, term_t a, term_t b);

/* Compares an integer with a float exactly, as Erlang's == and < do: -1, 0
 * or 1 for int <, ==, > float. */
int int_cmp_float(term_t i, double f);

#endif
