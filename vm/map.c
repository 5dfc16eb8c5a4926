/* map.c: Erlang maps: small sorted arrays, and above MAP_SMALL_LIMIT keys
 * the hash array mapped trie OTP 25 uses, shaped exactly as OTP shapes it
 * so that maps:to_list/1 order (and with it printing and term_to_binary)
 * comes out as erl's.
 *
 * Large form. Each trie level consumes 4 bits of the key's hash, lowest
 * bits first: levels 0-7 take them from hash_map_key(Key, 0), levels 8-15
 * from hash_map_key(Key, 1), and so on (OTP salts the hash by depth). A key
 * sits at the shallowest level where no other key shares its path, so the
 * key set alone decides the shape, however the map was built or shrunk.
 *
 *   root       [HDR_MAP, arity 2+c] [bitmap << 3 | ROOT] [size] [child]*c
 *   inner node [HDR_MAP, arity 1+c] [bitmap << 3 | NODE] [child]*c
 *   collision  [HDR_MAP, arity 1+c] [COLLISION   | NODE] [leaf]*c
 *
 * Bit i of the 16-bit bitmap is set when slot i (hash nibble i at this
 * level) is occupied; children are stored in slot order. A child is a leaf,
 * the cons cell [Key | Value], or a boxed inner or collision node. A
 * collision node exists only at COLLISION_LEVEL, for keys whose hashes
 * agree on all 56 levels above (OTP 25 would salt on instead; never seen
 * in practice); its leaves are in map-key order.
 *
 * Order: maps:to_list/1 is a depth-first walk visiting each node's children
 * from the highest slot to the lowest; maps:next/1 walks lowest first. */
#include "map.h"

#include <stdlib.h>

#include "alloc.h"
#include "cmp.h"
#include "hash.h"
#include "heap.h"

#define SLOT_BITS 4
#define LEVELS_PER_CHUNK 8  /* 32-bit hash / SLOT_BITS */
#define COLLISION_LEVEL 56  /* 7 salted hashes deep */
#define COLLISION_FLAG 0x4u /* in a NODE's kind word */
#define BITMAP_SHIFT 3

_Static_assert(COLLISION_LEVEL < MAP_ITER_DEPTH, "map_iter must hold a path from root to collision node");
_Static_assert(MAP_SMALL_LIMIT >= 1, "MAP_SMALL_LIMIT");

/* A key-value pair being placed: its hash for the current chunk of levels,
 * the same with nibbles reversed (sorting by it groups keys slot by slot,
 * level by level), and its position among the caller's pairs. */
typedef struct entry {
    term_t key, val;
    uint32_t hash, path;
    size_t idx;
} entry;

/* ---- trie node access ------------------------------------------------------ */

static inline bool is_root(const term_t *node) { return (node[1] & MAP_KIND_MASK) == MAP_KIND_HASH_ROOT; }
static inline bool is_collision(const term_t *node)
{
    return (node[1] & COLLISION_FLAG) != 0 && !is_root(node);
}
static inline unsigned get_bitmap(const term_t *node)
{
    return (unsigned)(node[1] >> BITMAP_SHIFT) & 0xFFFFu;
}

unsigned map_node_bitmap(const term_t *node) { return is_collision(node) ? 0 : get_bitmap(node); }

const term_t *map_node_children(const term_t *node, unsigned *count)
{
    unsigned arity = (unsigned)header_arity(node[0]);
    if (is_root(node)) {
        *count = arity - 2;
        return node + 3;
    }
    *count = arity - 1;
    return node + 2;
}

static inline unsigned get_slot(uint32_t hash, unsigned level)
{
    return (hash >> (SLOT_BITS * (level % LEVELS_PER_CHUNK))) & 0xFu;
}

/* Index of slot `slot` among the occupied slots of `bitmap`. */
static inline unsigned index_of_slot(unsigned bitmap, unsigned slot)
{
    return (unsigned)__builtin_popcount(bitmap & ((1u << slot) - 1));
}

static uint32_t reverse_nibbles(uint32_t h)
{
    uint32_t r = 0;
    for (int i = 0; i < 8; i++, h >>= 4)
        r = (r << 4) | (h & 0xFu);
    return r;
}

static void rehash_entries(entry *e, size_t n, unsigned chunk)
{
    for (size_t i = 0; i < n; i++) {
        e[i].hash = hash_map_key(e[i].key, chunk);
        e[i].path = reverse_nibbles(e[i].hash);
    }
}

static int compare_path(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    if (x->path != y->path)
        return x->path < y->path ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

static int compare_key(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    int c = term_cmp_exact(x->key, y->key);
    if (c)
        return c;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* ---- building ------------------------------------------------------------------ */

/* A small map from entries in map-key order. */
static term_t make_flat(heap_t *h, const entry *e, size_t n)
{
    term_t ktuple = term_tuple(h, n, NULL);
    term_t *ks = tuple_elems(ktuple);
    term_t *p = heap_alloc(h, 3 + n);
    p[0] = header_make(2 + n, HDR_MAP);
    p[1] = (term_t)n << 2 | MAP_KIND_FLAT;
    p[2] = ktuple;
    for (size_t i = 0; i < n; i++) {
        ks[i] = e[i].key;
        p[3 + i] = e[i].val;
    }
    return term_boxed(p);
}

/* A root (with `size`) or inner node over `c` children. */
static term_t make_node(heap_t *h, bool root, unsigned bitmap, const term_t *kids, unsigned c, uint64_t size)
{
    unsigned extra = root ? 1 : 0;
    term_t *p = heap_alloc(h, 2 + extra + c);
    p[0] = header_make(1 + extra + c, HDR_MAP);
    p[1] = (term_t)bitmap << BITMAP_SHIFT | (root ? MAP_KIND_HASH_ROOT : MAP_KIND_HASH_NODE);
    if (root)
        p[2] = size;
    memcpy(p + 2 + extra, kids, c * sizeof(term_t));
    return term_boxed(p);
}

/* The node at `level` for n distinct keys that agree on every slot above
 * it. Entries carry the hash of level's chunk and are sorted by path,
 * except at a chunk's first level, where they are rehashed here. Recursion
 * is bounded by COLLISION_LEVEL. */
static term_t build_node(heap_t *h, entry *e, size_t n, unsigned level, bool root)
{
    if (level == COLLISION_LEVEL) {
        qsort(e, n, sizeof *e, compare_key);
        term_t *p = heap_alloc(h, 2 + n);
        p[0] = header_make(1 + n, HDR_MAP);
        p[1] = COLLISION_FLAG | MAP_KIND_HASH_NODE;
        for (size_t i = 0; i < n; i++)
            p[2 + i] = term_cons(h, e[i].key, e[i].val);
        return term_boxed(p);
    }
    if (level > 0 && level % LEVELS_PER_CHUNK == 0) {
        rehash_entries(e, n, level / LEVELS_PER_CHUNK);
        qsort(e, n, sizeof *e, compare_path);
    }
    term_t kids[16];
    unsigned bitmap = 0, c = 0;
    for (size_t i = 0; i < n;) {
        unsigned slot = get_slot(e[i].hash, level);
        size_t j = i + 1;
        while (j < n && get_slot(e[j].hash, level) == slot)
            j++;
        bitmap |= 1u << slot;
        kids[c++] =
            j - i == 1 ? term_cons(h, e[i].key, e[i].val) : build_node(h, e + i, j - i, level + 1, false);
        i = j;
    }
    return make_node(h, root, bitmap, kids, c, n);
}

/* A large map from n > MAP_SMALL_LIMIT distinct keys hashed for chunk 0
 * and sorted by path. */
static term_t build_trie(heap_t *h, entry *e, size_t n) { return build_node(h, e, n, 0, true); }

/* Drops every entry a later entry with an equal key overrides. Entries
 * come sorted by path; equal keys hash alike, so each run of equal hashes
 * is sorted by key and thinned. Returns the number kept (still sorted by
 * path). */
static size_t dedup_by_hash(entry *e, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && e[j].hash == e[i].hash)
            j++;
        if (j - i > 1)
            qsort(e + i, j - i, sizeof *e, compare_key);
        for (size_t k = i; k < j; k++)
            if (k + 1 == j || term_cmp_exact(e[k].key, e[k + 1].key) != 0)
                e[w++] = e[k];
        i = j;
    }
    return w;
}

/* Entries sorted by key, then position: keeps the last of each key. */
static size_t dedup_sorted(entry *e, size_t n)
{
    size_t w = 0;
    for (size_t k = 0; k < n; k++)
        if (k + 1 == n || term_cmp_exact(e[k].key, e[k + 1].key) != 0)
            e[w++] = e[k];
    return w;
}

term_t map_from_pairs(heap_t *h, const term_t *keys, const term_t *vals, size_t n)
{
    if (n == 0)
        return map_empty(h);
    entry *e = alloc_new(ALLOC_TEMP, n * sizeof *e);
    for (size_t i = 0; i < n; i++)
        e[i] = (entry){.key = keys[i], .val = vals[i], .idx = i};
    size_t m;
    term_t result;
    if (n <= MAP_SMALL_LIMIT) {
        qsort(e, n, sizeof *e, compare_key);
        m = dedup_sorted(e, n);
        result = make_flat(h, e, m);
    } else {
        rehash_entries(e, n, 0);
        qsort(e, n, sizeof *e, compare_path);
        m = dedup_by_hash(e, n);
        if (m <= MAP_SMALL_LIMIT) {
            qsort(e, m, sizeof *e, compare_key);
            result = make_flat(h, e, m);
        } else {
            result = build_trie(h, e, m);
        }
    }
    alloc_free(ALLOC_TEMP, e, n * sizeof *e);
    return result;
}

term_t map_empty(heap_t *h) { return make_flat(h, NULL, 0); }

uint64_t map_size(term_t m)
{
    ASSERT(term_is_map(m));
    if (map_is_flat(m))
        return flatmap_size(m);
    return boxed_ptr(m)[2];
}

/* ---- lookup ---------------------------------------------------------------------- */

/* Index of `key` in a small map's sorted keys, or where it would go. */
static size_t search_flat(term_t m, term_t key, bool *found)
{
    const term_t *ks = tuple_elems(flatmap_keys(m));
    size_t lo = 0, hi = flatmap_size(m);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = term_cmp_exact(ks[mid], key);
        if (c == 0) {
            *found = true;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = false;
    return lo;
}

bool map_get(term_t m, term_t key, term_t *val)
{
    ASSERT(term_is_map(m));
    if (map_is_flat(m)) {
        bool found;
        size_t i = search_flat(m, key, &found);
        if (found)
            *val = flatmap_values(m)[i];
        return found;
    }
    const term_t *node = boxed_ptr(m);
    uint32_t hash = hash_map_key(key, 0);
    for (unsigned level = 0;; level++) {
        unsigned count;
        const term_t *kids = map_node_children(node, &count);
        term_t child;
        if (is_collision(node)) {
            for (unsigned i = 0; i < count; i++)
                if (term_eq_exact(list_head(kids[i]), key)) {
                    *val = list_tail(kids[i]);
                    return true;
                }
            return false;
        }
        if (level > 0 && level % LEVELS_PER_CHUNK == 0)
            hash = hash_map_key(key, level / LEVELS_PER_CHUNK);
        unsigned bitmap = get_bitmap(node), slot = get_slot(hash, level);
        if (!(bitmap & (1u << slot)))
            return false;
        child = kids[index_of_slot(bitmap, slot)];
        if (term_is_list(child)) {
            if (!term_eq_exact(list_head(child), key))
                return false;
            *val = list_tail(child);
            return true;
        }
        node = boxed_ptr(child);
    }
}

/* ---- put ------------------------------------------------------------------------------- */

/* A collision node like `node` with k => v added or replaced. */
static term_t put_collision(heap_t *h, const term_t *node, const entry *k, bool *added)
{
    unsigned count;
    const term_t *leaves = map_node_children(node, &count);
    term_t leaf = term_cons(h, k->key, k->val);
    size_t i = 0;
    int c = 1;
    while (i < count && (c = term_cmp_exact(list_head(leaves[i]), k->key)) < 0)
        i++;
    *added = c != 0;
    size_t n = count + (*added ? 1 : 0);
    term_t *p = heap_alloc(h, 2 + n);
    p[0] = header_make(1 + n, HDR_MAP);
    p[1] = COLLISION_FLAG | MAP_KIND_HASH_NODE;
    memcpy(p + 2, leaves, i * sizeof(term_t));
    p[2 + i] = leaf;
    size_t rest = i + (*added ? 0 : 1);
    memcpy(p + 3 + i, leaves + rest, (count - rest) * sizeof(term_t));
    return term_boxed(p);
}

/* A copy of trie node `node` at `level` with k => v. k->hash is the key's
 * hash for the chunk of `level`. Recursion is bounded by COLLISION_LEVEL. */
static term_t put_node(heap_t *h, const term_t *node, unsigned level, entry *k, bool *added)
{
    if (is_collision(node))
        return put_collision(h, node, k, added);
    unsigned count;
    const term_t *children = map_node_children(node, &count);
    term_t kids[16];
    memcpy(kids, children, count * sizeof(term_t));
    unsigned bitmap = get_bitmap(node), slot = get_slot(k->hash, level);
    unsigned i = index_of_slot(bitmap, slot);
    uint64_t size = is_root(node) ? node[2] : 0;
    if (!(bitmap & (1u << slot))) {
        memmove(kids + i + 1, kids + i, (count - i) * sizeof(term_t));
        kids[i] = term_cons(h, k->key, k->val);
        *added = true;
        return make_node(h, is_root(node), bitmap | 1u << slot, kids, count + 1, size + 1);
    }
    term_t child = kids[i];
    if (term_is_list(child) && term_eq_exact(list_head(child), k->key)) {
        kids[i] = term_cons(h, k->key, k->val); /* OTP: the new key replaces the old */
        *added = false;
    } else if (term_is_list(child)) {
        /* Two keys share this slot now: a subtree one level down. */
        entry two[2] = {{.key = list_head(child), .val = list_tail(child), .idx = 0}, *k};
        two[0].hash = hash_map_key(two[0].key, level / LEVELS_PER_CHUNK);
        two[0].path = reverse_nibbles(two[0].hash);
        two[1].path = reverse_nibbles(two[1].hash);
        two[1].idx = 1;
        qsort(two, 2, sizeof *two, compare_path);
        kids[i] = build_node(h, two, 2, level + 1, false);
        *added = true;
    } else {
        entry sub = *k;
        if ((level + 1) % LEVELS_PER_CHUNK == 0)
            sub.hash = hash_map_key(k->key, (level + 1) / LEVELS_PER_CHUNK);
        kids[i] = put_node(h, boxed_ptr(child), level + 1, &sub, added);
    }
    return make_node(h, is_root(node), bitmap, kids, count, size + (*added ? 1 : 0));
}

/* A large map from a small one with MAP_SMALL_LIMIT keys plus a new one. */
static term_t grow_to_trie(heap_t *h, term_t m, term_t key, term_t val)
{
    size_t n = flatmap_size(m) + 1;
    entry *e = alloc_new(ALLOC_TEMP, n * sizeof *e);
    const term_t *ks = tuple_elems(flatmap_keys(m)), *vs = flatmap_values(m);
    for (size_t i = 0; i + 1 < n; i++)
        e[i] = (entry){.key = ks[i], .val = vs[i], .idx = i};
    e[n - 1] = (entry){.key = key, .val = val, .idx = n - 1};
    rehash_entries(e, n, 0);
    qsort(e, n, sizeof *e, compare_path);
    term_t result = build_trie(h, e, n);
    alloc_free(ALLOC_TEMP, e, n * sizeof *e);
    return result;
}

term_t map_put(heap_t *h, term_t m, term_t key, term_t val)
{
    ASSERT(term_is_map(m));
    if (!map_is_flat(m)) {
        entry k = {.key = key, .val = val, .hash = hash_map_key(key, 0)};
        bool added;
        return put_node(h, boxed_ptr(m), 0, &k, &added);
    }
    bool found;
    size_t n = flatmap_size(m), i = search_flat(m, key, &found);
    const term_t *ks = tuple_elems(flatmap_keys(m)), *vs = flatmap_values(m);
    if (found) { /* OTP: a small map keeps its key, shares the key tuple */
        term_t *p = heap_alloc(h, 3 + n);
        memcpy(p, boxed_ptr(m), (3 + n) * sizeof(term_t));
        p[3 + i] = val;
        return term_boxed(p);
    }
    if (n >= MAP_SMALL_LIMIT)
        return grow_to_trie(h, m, key, val);
    term_t ktuple = term_tuple(h, n + 1, NULL);
    term_t *nk = tuple_elems(ktuple);
    term_t *p = heap_alloc(h, 4 + n);
    p[0] = header_make(3 + n, HDR_MAP);
    p[1] = (term_t)(n + 1) << 2 | MAP_KIND_FLAT;
    p[2] = ktuple;
    memcpy(nk, ks, i * sizeof(term_t));
    memcpy(p + 3, vs, i * sizeof(term_t));
    nk[i] = key;
    p[3 + i] = val;
    memcpy(nk + i + 1, ks + i, (n - i) * sizeof(term_t));
    memcpy(p + 4 + i, vs + i, (n - i) * sizeof(term_t));
    return term_boxed(p);
}

/* ---- remove ---------------------------------------------------------------------------- */

/* A small map like `m` without its pair at index i. */
static term_t remove_flat(heap_t *h, term_t m, size_t i)
{
    size_t n = flatmap_size(m) - 1;
    const term_t *ks = tuple_elems(flatmap_keys(m)), *vs = flatmap_values(m);
    term_t ktuple = term_tuple(h, n, NULL);
    term_t *nk = tuple_elems(ktuple);
    term_t *p = heap_alloc(h, 3 + n);
    p[0] = header_make(2 + n, HDR_MAP);
    p[1] = (term_t)n << 2 | MAP_KIND_FLAT;
    p[2] = ktuple;
    memcpy(nk, ks, i * sizeof(term_t));
    memcpy(p + 3, vs, i * sizeof(term_t));
    memcpy(nk + i, ks + i + 1, (n - i) * sizeof(term_t));
    memcpy(p + 3 + i, vs + i + 1, (n - i) * sizeof(term_t));
    return term_boxed(p);
}

/* The small map of a large map's pairs but `key`'s, which it holds: what
 * a large map of MAP_SMALL_LIMIT + 1 keys turns into when one goes. */
static term_t shrink_to_flat(heap_t *h, term_t m, term_t key)
{
    entry e[MAP_SMALL_LIMIT + 1];
    size_t n = 0;
    term_t k, v;
    map_iter it;
    map_iter_init(&it, m);
    while (map_iter_next(&it, &k, &v))
        if (n < MAP_SMALL_LIMIT && !term_eq_exact(k, key)) {
            e[n] = (entry){.key = k, .val = v, .idx = n};
            n++;
        }
    qsort(e, n, sizeof *e, compare_key);
    return make_flat(h, e, n);
}

/* A copy of trie node `node` without its child i, which sits in slot
 * `slot` (unused for a collision node). A root's size drops by one. */
static term_t copy_without_child(heap_t *h, const term_t *node, unsigned i, unsigned slot)
{
    unsigned count;
    const term_t *kids = map_node_children(node, &count);
    size_t head = (size_t)(kids - node);
    term_t *p = heap_alloc(h, head + count - 1);
    p[0] = header_make(head + count - 2, HDR_MAP);
    p[1] = is_collision(node) ? node[1] : node[1] & ~((term_t)1 << (BITMAP_SHIFT + slot));
    if (is_root(node))
        p[2] = node[2] - 1;
    memcpy(p + head, kids, i * sizeof(term_t));
    memcpy(p + head + i, kids + i + 1, (count - 1 - i) * sizeof(term_t));
    return term_boxed(p);
}

/* A copy of trie node `node` with `child` in place of its child i, for a
 * key removed below it: a root's size drops by one. */
static term_t copy_with_child(heap_t *h, const term_t *node, unsigned i, term_t child)
{
    unsigned count;
    const term_t *kids = map_node_children(node, &count);
    size_t head = (size_t)(kids - node), words = head + count;
    term_t *p = heap_alloc(h, words);
    memcpy(p, node, words * sizeof(term_t));
    if (is_root(node))
        p[2] = node[2] - 1;
    p[head + i] = child;
    return term_boxed(p);
}

/* Removes `key` from a large map: only the nodes on the key's path are
 * copied. The result has the shape the remaining keys alone give (as OTP
 * keeps it): a node left with a single leaf gives way to that leaf, and so
 * does every ancestor left with only that leaf below it. */
static term_t remove_trie(heap_t *h, term_t m, term_t key, term_t *val)
{
    struct {
        const term_t *node;
        unsigned idx, slot; /* the child on the key's path, and its slot */
    } path[MAP_ITER_DEPTH];
    unsigned depth = 0;
    const term_t *node = boxed_ptr(m);
    uint32_t hash = hash_map_key(key, 0);
    for (unsigned level = 0;; level++) {
        unsigned count, i = 0, slot = 0;
        const term_t *kids = map_node_children(node, &count);
        if (is_collision(node)) {
            while (i < count && !term_eq_exact(list_head(kids[i]), key))
                i++;
            if (i == count)
                return m;
        } else {
            if (level > 0 && level % LEVELS_PER_CHUNK == 0)
                hash = hash_map_key(key, level / LEVELS_PER_CHUNK);
            unsigned bitmap = get_bitmap(node);
            slot = get_slot(hash, level);
            if (!(bitmap & (1u << slot)))
                return m;
            i = index_of_slot(bitmap, slot);
        }
        ASSERT(depth < MAP_ITER_DEPTH);
        path[depth].node = node, path[depth].idx = i, path[depth].slot = slot;
        depth++;
        term_t child = kids[i];
        if (term_is_list(child)) {
            if (!term_eq_exact(list_head(child), key))
                return m;
            if (val)
                *val = list_tail(child);
            break;
        }
        node = boxed_ptr(child);
    }
    if (map_size(m) - 1 <= MAP_SMALL_LIMIT)
        return shrink_to_flat(h, m, key);

    unsigned d = depth - 1, count;
    const term_t *kids = map_node_children(path[d].node, &count);
    term_t sub;
    if (!is_root(path[d].node) && count == 2 && term_is_list(kids[1 - path[d].idx])) {
        sub = kids[1 - path[d].idx];
        while (d > 0 && !is_root(path[d - 1].node)) {
            map_node_children(path[d - 1].node, &count);
            if (count != 1)
                break;
            d--;
        }
    } else {
        sub = copy_without_child(h, path[d].node, path[d].idx, path[d].slot);
    }
    while (d > 0) {
        d--;
        sub = copy_with_child(h, path[d].node, path[d].idx, sub);
    }
    return sub;
}

term_t map_remove(heap_t *h, term_t m, term_t key, term_t *val)
{
    ASSERT(term_is_map(m));
    if (!map_is_flat(m))
        return remove_trie(h, m, key, val);
    bool found;
    size_t i = search_flat(m, key, &found);
    if (!found)
        return m;
    if (val)
        *val = flatmap_values(m)[i];
    return remove_flat(h, m, i);
}

/* ---- iteration -------------------------------------------------------------------------- */

static void start_iter(map_iter *it, term_t m, bool fold)
{
    ASSERT(term_is_map(m));
    it->map = m;
    it->pos = 0;
    it->depth = 0;
    it->fold = fold;
    if (!map_is_flat(m)) {
        unsigned count;
        it->stack[0].node = boxed_ptr(m);
        map_node_children(it->stack[0].node, &count);
        it->stack[0].next = fold ? 0 : count;
        it->depth = 1;
    }
}

void map_iter_init(map_iter *it, term_t m) { start_iter(it, m, false); }
void map_iter_init_fold(map_iter *it, term_t m) { start_iter(it, m, true); }

bool map_iter_next(map_iter *it, term_t *key, term_t *val)
{
    if (map_is_flat(it->map)) {
        if (it->pos >= flatmap_size(it->map))
            return false;
        *key = tuple_elems(flatmap_keys(it->map))[it->pos];
        *val = flatmap_values(it->map)[it->pos];
        it->pos++;
        return true;
    }
    while (it->depth > 0) {
        unsigned count;
        const term_t *kids = map_node_children(it->stack[it->depth - 1].node, &count);
        unsigned *next = &it->stack[it->depth - 1].next;
        term_t child;
        if (it->fold ? *next == count : *next == 0) {
            it->depth--;
            continue;
        }
        child = it->fold ? kids[(*next)++] : kids[--*next];
        if (term_is_list(child)) {
            *key = list_head(child);
            *val = list_tail(child);
            return true;
        }
        if (it->depth == MAP_ITER_DEPTH) /* cannot happen: tries are shallower */
            return false;
        const term_t *node = boxed_ptr(child);
        map_node_children(node, &count);
        it->stack[it->depth].node = node;
        it->stack[it->depth].next = it->fold ? 0 : count;
        it->depth++;
    }
    return false;
}

void map_sorted_pairs(term_t m, term_t *keys, term_t *vals)
{
    ASSERT(term_is_map(m));
    size_t n = map_size(m);
    if (map_is_flat(m)) {
        memcpy(keys, tuple_elems(flatmap_keys(m)), n * sizeof(term_t));
        memcpy(vals, flatmap_values(m), n * sizeof(term_t));
        return;
    }
    entry *e = alloc_new(ALLOC_TEMP, n * sizeof *e);
    map_iter it;
    size_t i = 0;
    map_iter_init(&it, m);
    while (i < n && map_iter_next(&it, &e[i].key, &e[i].val)) {
        e[i].idx = i;
        i++;
    }
    qsort(e, i, sizeof *e, compare_key);
    for (size_t j = 0; j < i; j++) {
        keys[j] = e[j].key;
        vals[j] = e[j].val;
    }
    alloc_free(ALLOC_TEMP, e, n * sizeof *e);
}
