/* bits.h: the bit syntax at run time: building bitstrings segment by
 * segment (bs_create) and matching them through match contexts (private
 * sub binaries whose offset advances). Results go on the process heap;
 * nothing here runs the GC. */
#ifndef VM_BITS_H
#define VM_BITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "code.h"
#include "proc.h"

/* True when the bitstring b is a binary (whole bytes). */
bool bits_is_binary(term_t b);
/* Why a segment of bs_create could not be built: the Error of OTP's
 * error_info cause (erl_erts_errors:format_bs_fail), or a size too large
 * (system_limit). */
typedef enum bs_fail_reason {
    BS_FAIL_NONE,
    BS_FAIL_TYPE,     /* the value is not of the segment's type */
    BS_FAIL_SIZE,     /* the size is no non-negative integer */
    BS_FAIL_UNIT,     /* a whole bitstring that is no whole number of units */
    BS_FAIL_SHORT,    /* a bitstring shorter than the segment's size */
    BS_FAIL_INVALID,  /* a float segment of other than 16, 32 or 64 bits */
    BS_FAIL_NO_FLOAT, /* an integer outside a double's range */
    BS_FAIL_LIMIT,    /* a segment of 2^63 bits or more, or more bytes in
                         all than the machine has: system_limit */
} bs_fail_reason;
typedef struct bs_fail {
    uint32_t segment; /* in the source, 1-based (BS_SEGNO_SHIFT) */
    unsigned kind;    /* BS_INTEGER, ... */
    bs_fail_reason reason;
    term_t value;  /* the value, or the size for BS_FAIL_SIZE and _LIMIT */
    uint64_t bits; /* the segment's bits, which BS_FAIL_INVALID reports */
} bs_fail;

/* Builds the n segments described at seg (5 operand words each, see
 * opcodes.def) reading register operands from R; THE_NON_VALUE with *fail
 * filled when a segment's value or size is bad (nothing is raised: a
 * guard jumps to its fail label). */
term_t bits_create(process *p, const term_t *R, const code_t *seg, uint64_t n, bs_fail *fail);
/* Raises f's exception on p, as OTP: badarg (system_limit for
 * BS_FAIL_LIMIT) whose first frame carries the error_info
 * #{cause => {Segment, Type, Error, Value}, function => format_bs_fail,
 * module => erl_erts_errors}. Returns THE_NON_VALUE. */
term_t bits_create_error(process *p, const bs_fail *f);
term_t bits_start_match(process *p, term_t b);
term_t bits_get(process *p, term_t ctx, unsigned kind, unsigned flags, unsigned unit, term_t size);
bool bits_skip(term_t ctx, unsigned unit, term_t size);
bool bits_match_string(term_t ctx, uint64_t nbits, term_t bits);
term_t bits_get_tail(process *p, term_t ctx);

/* A match context's fields: a private sub binary whose offset advances. */
static inline sub_bin_obj *bits_ctx(term_t ctx) { return (sub_bin_obj *)(void *)boxed_ptr(ctx); }

/* The bits a match context has left. */
static inline uint64_t bits_left(term_t ctx)
{
    const sub_bin_obj *s = bits_ctx(ctx);
    return s->size * 8 + s->bitsize;
}

/* True when the context's bits left are a whole number of units (a power
 * of two but for a segment's unusual unit: a mask, not a division). */
static inline bool bits_left_in_units(term_t ctx, uint64_t unit)
{
    uint64_t left = bits_left(ctx);
    return (unit & (unit - 1)) == 0 ? (left & (unit - 1)) == 0 : left % unit == 0;
}

/* The integer in the n whole bytes at b (1 <= n <= 7: always a small), in
 * either byte order, signed or not. */
static inline term_t bits_small_from_bytes(const uint8_t *b, unsigned n, bool little, bool sign)
{
    uint64_t u = 0;
    if (n == 1) {
        u = b[0];
    } else if (n == 4 && !little) {
        uint32_t v;
        memcpy(&v, b, 4);
        u = __builtin_bswap32(v);
    } else if (little) {
        for (unsigned i = n; i-- > 0;)
            u = u << 8 | b[i];
    } else {
        for (unsigned i = 0; i < n; i++)
            u = u << 8 | b[i];
    }
    unsigned bits = 8 * n;
    if (sign && (u >> (bits - 1) & 1))
        u |= ~UINT64_C(0) << bits;
    return term_small((int64_t)u);
}

/* bits_get's commonest case, inline in the interpreter: an integer of 1 to
 * 7 whole bytes (`X:32`, `Y:8/little-signed`) at a byte boundary, which is
 * always a small. THE_NON_VALUE for anything else, matched or not, which
 * then goes to bits_get: the general code decides every failure. */
static inline term_t bits_get_small_int(term_t ctx, unsigned kind, unsigned flags, unsigned unit, term_t size)
{
    if (kind != BS_INTEGER || !term_is_small(size) || (flags & BS_NATIVE))
        return THE_NON_VALUE;
    int64_t count = small_value(size);
    if (count < 0 || count > 56)
        return THE_NON_VALUE;
    sub_bin_obj *s = bits_ctx(ctx);
    uint64_t bits = (uint64_t)count * unit;
    uint64_t n = bits / 8;
    if (s->bitoffset != 0 || bits % 8 != 0 || n - 1 >= 7 || n > s->size)
        return THE_NON_VALUE;
    uint64_t total;
    const uint8_t *b = whole_bin_bytes(boxed_ptr(s->orig), &total) + s->offset;
    term_t r = bits_small_from_bytes(b, (unsigned)n, flags & BS_LITTLE, flags & BS_SIGNED);
    s->offset += n;
    s->size -= n;
    return r;
}

#endif
