/* binary.h: binaries and bitstrings.
 * Byte-aligned binaries up to HEAP_BIN_LIMIT bytes live on the heap; larger
 * ones are refc binaries sharing a binary_t off-heap (refcounted, freed at
 * zero, accounted as ALLOC_BINARY). Slices and bitstrings are sub binaries.
 * Read any of them through bin_view. */
#ifndef VM_BINARY_H
#define VM_BINARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "term.h"

/* A read-only view: the bits start `bitoffset` bits into bytes[0]; there
 * are size * 8 + bitsize of them. */
typedef struct bin_view {
    const uint8_t *bytes;
    uint64_t size;
    uint8_t bitoffset;
    uint8_t bitsize;
} bin_view;

/* A refc binary of `n` bytes (left uninitialised, *out points at them)
 * whose off-heap block has room for `capacity` >= n, for appends to grow
 * into (or only n when that much cannot be had). THE_NON_VALUE when n
 * bytes cannot be had (alloc_try_new): the caller raises system_limit. */
term_t bin_alloc_appendable(heap_t *h, size_t n, size_t capacity, uint8_t **out);
/* A refc binary of the first `n` bytes of `val` (which must hold them):
 * one more reference to the same block. */
term_t bin_share(heap_t *h, binary_t *val, size_t n);
/* A binary holding a copy of `n` bytes (which exist, so this never fails:
 * out of memory here ends dbgsh, as alloc_new). */
term_t bin_new(heap_t *h, const uint8_t *bytes, size_t n);
/* The bytes of iodata t (bytes, binaries and lists of them, a binary or []
 * as a list's tail): with out NULL, *n gets their count; else they are
 * copied to out, which holds *n bytes. False when t is no iodata. One walk
 * with the iolist BIFs (vm/bif_bin.c); any depth costs memory, not stack. */
bool bin_iodata(term_t t, uint8_t *out, size_t *n);
/* The bytes of iodata t as one binary on h (iolist_to_binary's walk);
 * THE_NON_VALUE when t is no iodata. */
term_t bin_of_iodata(heap_t *h, term_t t);
/* Unicode chardata as one UTF-8 binary on h (unicode:characters_to_binary/1,
 * which gives back a valid UTF-8 binary as it is); THE_NON_VALUE when it is
 * no chardata or not all of it converts. */
term_t bin_of_chardata(heap_t *h, term_t data);
/* A binary of `n` bytes left uninitialised; *out points at them.
 * THE_NON_VALUE when they cannot be had, as bin_alloc_appendable. */
term_t bin_alloc(heap_t *h, size_t n, uint8_t **out);
/* A bitstring of `nbits` bits taken from the start of `bytes` (the unused
 * low bits of the last byte are ignored). */
term_t bin_new_bits(heap_t *h, const uint8_t *bytes, uint64_t nbits);
/* A slice of `nbits` bits of bitstring `b` starting at bit `bitpos`; the
 * caller checks the range. Shares the bytes, copies nothing. */
term_t bin_sub(heap_t *h, term_t b, uint64_t bitpos, uint64_t nbits);

void bin_view_of(term_t b, bin_view *v);
/* Whether t is a binary (a bitstring of whole bytes); its view in *v. */
bool bin_view_bytes(term_t t, bin_view *v);
static inline uint64_t bin_bit_size(const bin_view *v) { return v->size * 8 + v->bitsize; }
/* Byte i (0 <= i < size) of a view, whatever its bit offset. */
static inline uint8_t bin_byte_at(const bin_view *v, uint64_t i)
{
    if (v->bitoffset == 0)
        return v->bytes[i];
    return (uint8_t)((v->bytes[i] << v->bitoffset) | (v->bytes[i + 1] >> (8 - v->bitoffset)));
}
/* The trailing bits (bitsize of them) as the high bits of a byte. */
uint8_t bin_tail_bits(const bin_view *v);
/* Copies the view's bits to `out` (bin_bit_size bits, high bits first; the
 * last byte's unused low bits are zero). `out` holds size + 1 bytes. */
void bin_copy_bits(const bin_view *v, uint8_t *out);

/* Drops one reference to off-heap bytes (heap.c calls this). */
void bin_release(binary_t *b);

#endif
