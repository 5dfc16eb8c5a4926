/* map.h: Erlang maps in two forms, as OTP has them.
 * Small form (at most MAP_SMALL_LIMIT keys): header HDR_MAP, then a word
 * (size << 2 | MAP_KIND_FLAT), then a tuple of the keys sorted in map-key
 * order (term order, but every integer before every float), then the values
 * in the same order. Large form: a hash array mapped trie keyed by OTP's
 * internal hash (vm/hash.h), so that iteration visits keys in exactly the
 * order OTP's maps:to_list/1 does (layout documented in map.c). The word
 * after every map header, and the root's size word, are raw words, not
 * terms; every other word of a map node is a term. Maps are immutable;
 * map_* allocate on `h`, borrow their arguments and never run the GC. */
#ifndef VM_MAP_H
#define VM_MAP_H

#include <stdbool.h>
#include <stddef.h>

#include "term.h"

#define MAP_KIND_MASK 0x3u
#define MAP_KIND_FLAT 0x0u
#define MAP_KIND_HASH_ROOT 0x1u /* root of the trie: carries the size */
#define MAP_KIND_HASH_NODE 0x2u /* inner node or collision node */

static inline term_t map_kind_word(term_t m) { return boxed_ptr(m)[1]; }
static inline bool map_is_flat(term_t m) { return (map_kind_word(m) & MAP_KIND_MASK) == MAP_KIND_FLAT; }

/* Flat-form accessors. */
static inline uint64_t flatmap_size(term_t m) { return map_kind_word(m) >> 2; }
static inline term_t flatmap_keys(term_t m) { return boxed_ptr(m)[2]; }
static inline term_t *flatmap_values(term_t m) { return boxed_ptr(m) + 3; }

/* A map of `n` pairs; when a key repeats, the last pair wins, key included
 * (as maps:from_list/1: 0.0 and -0.0 are one key in OTP 25). The form
 * follows the number of distinct keys. The arrays are not modified. */
term_t map_from_pairs(heap_t *h, const term_t *keys, const term_t *vals, size_t n);
term_t map_empty(heap_t *h);
uint64_t map_size(term_t m);
/* Looks `key` up with exact (=:=) key equality. */
bool map_get(term_t m, term_t key, term_t *val);
/* A new map with key => val (added or replaced), as maps:put/3: a small
 * map keeps the key it had, a large one takes the new key; at
 * MAP_SMALL_LIMIT + 1 keys the map turns large. */
term_t map_put(heap_t *h, term_t m, term_t key, term_t val);

/* A new map without `key` (exact =:= match), as maps:remove/2: only the
 * trie nodes on the key's path are copied, and a large map left with
 * MAP_SMALL_LIMIT keys turns small. When the key is present its value goes
 * to *val (if val is not NULL); when it is absent the result is `m` itself
 * and *val is left alone. */
term_t map_remove(heap_t *h, term_t m, term_t key, term_t *val);

/* Iteration. map_iter_init: maps:to_list/1 order (also maps:keys/1,
 * maps:values/1 and term_to_binary's MAP_EXT pairs): sorted for the small
 * form, trie order for the large form. map_iter_init_fold: maps:iterator/1
 * + maps:next/1 order (also maps:fold/3, and what ~w and ~p print): the
 * same for the small form, the reverse of to_list order for the large form.
 * The iterator holds no heap memory; the map must outlive it. */
#define MAP_ITER_DEPTH 64
typedef struct map_iter {
    term_t map;
    uint64_t pos; /* small form: next index */
    unsigned depth;
    bool fold; /* large form: visit children first to last */
    struct {
        const term_t *node; /* a trie node's header word */
        unsigned next;      /* children left (to_list) or done (fold) */
    } stack[MAP_ITER_DEPTH];
} map_iter;
/* The children of a large map's trie node (root, inner or collision node,
 * given by its header word) and their number, in slot order. */
const term_t *map_node_children(const term_t *node, unsigned *count);
/* Its kind: MAP_KIND_HASH_ROOT for the root, MAP_KIND_HASH_NODE for an inner
 * or collision node; and its 16-bit slot bitmap, 0 for a collision node. */
static inline unsigned map_node_kind(const term_t *node) { return (unsigned)node[1] & MAP_KIND_MASK; }
unsigned map_node_bitmap(const term_t *node);
void map_iter_init(map_iter *it, term_t m);
void map_iter_init_fold(map_iter *it, term_t m);
bool map_iter_next(map_iter *it, term_t *key, term_t *val);

/* Keys and values in map-key order (the order term comparison uses), into
 * arrays of map_size(m) entries. */
void map_sorted_pairs(term_t m, term_t *keys, term_t *vals);

#endif
