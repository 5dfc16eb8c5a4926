/* float.h: the shortest text of a double, as OTP 25's
 * float_to_list(F, [short]) writes it: what ~w and ~p print for a float,
 * what erl_parse's error messages show for a float token, and what
 * erlang:float_to_list(F, [short]) returns. */
#ifndef VM_FLOAT_H
#define VM_FLOAT_H

#include <stddef.h>

/* Longest text float_to_short_chars writes, with its terminating NUL
 * ("-2.2250738585072014e-308" is 24 chars). */
#define FLOAT_SHORT_MAX 32

/* Writes the shortest decimal that reads back as `d` (among those, the
 * nearest, ties to even), laid out as OTP 25 does ("1.0e3", "100.0",
 * "0.30000000000000004", "-0.0"), NUL-terminated, to `out` (at least
 * FLOAT_SHORT_MAX bytes); returns its length. Infinities and NaN, never
 * Erlang floats, come out as "inf", "-inf" and "nan". Thread-safe. */
size_t float_to_short_chars(double d, char *out);

#endif
