/* hash.h: OTP 25's term hashes, value for value.
 * hash_phash2 is erlang:phash2/1,2 (portable: same value on every node);
 * hash_internal is ERTS' internal hash, which orders large maps (vm/map.c).
 * Both borrow the term, walk it with an explicit stack (no C recursion on
 * depth), allocate only scratch memory (ALLOC_TEMP) and never run the GC. */
#ifndef VM_HASH_H
#define VM_HASH_H

#include <stdint.h>

#include "term.h"

/* erlang:phash2/1: 0 .. 2^27-1. */
uint32_t hash_phash2(term_t t);
/* FNV-1a of n bytes: the atom table's and the regex cache's keys. */
static inline uint32_t hash_bytes(const void *s, size_t n)
{
    const unsigned char *b = s;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}
/* erlang:phash2(T, Range) for 1 <= range <= 2^32: 0 .. range-1. */
uint32_t hash_phash2_range(term_t t, uint64_t range);

/* ERTS' make_internal_hash(T, Salt). Equal to OTP's value for numbers,
 * nil, lists, tuples, bitstrings, maps, local refs and local pids/ports (as
 * a node with the default +P and port limit numbers them); for atoms, funs
 * and external identifiers OTP hashes VM-private words (atom index,
 * pointers), which we replace with our own, so those values are ours. */
uint32_t hash_internal(term_t t, uint32_t salt);

/* The hash a map uses for `key` at trie depth 8*chunk .. 8*chunk+7 (OTP:
 * make_map_hash): chunk 0 is hash_internal(key, 0); deeper chunks are
 * salted by the chunk number, so keys whose 32-bit hashes collide split. */
uint32_t hash_map_key(term_t key, unsigned chunk);

#endif
