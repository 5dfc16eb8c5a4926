/* heap.h: a term heap, the memory terms are built in: a chain of blocks
 * (bump allocation, never moves a term) and a list of handles on off-heap
 * data (refc binaries) it releases when reset or destroyed. vm/gc.h builds
 * process heaps on it. Not thread-safe: one heap, one thread at a time. */
#ifndef VM_HEAP_H
#define VM_HEAP_H

#include <stddef.h>

#include "alloc.h"
#include "map.h"
#include "term.h"

/* A block of heap memory. The heap's current block (where allocation goes)
 * is first in the chain; `used` is exact for every other block and is set
 * when the block stops being current (the current block's use is
 * heap_t.top). `type` is the allocation type the block was allocated with,
 * so a block that moves to another heap (heap_absorb) is freed as it was
 * allocated. */
typedef struct heap_block heap_block;
struct heap_block {
    heap_block *next;
    size_t words;
    size_t used;
    alloc_type type;
    term_t mem[];
};

struct heap {
    term_t *top;            /* next free word of the current block */
    term_t *limit;          /* end of the current block */
    heap_block *blocks;     /* current block first */
    size_t rest_words;      /* words used in the blocks after the current one */
    size_t next_words;      /* size of the next block to allocate */
    offheap_hdr *offheap;   /* refc binaries etc. referenced from this heap */
    uint64_t offheap_bytes; /* bytes of the refc binaries on `offheap` */
    alloc_type type;
};

void heap_init(heap_t *h, alloc_type type);
/* Frees every block and releases every off-heap handle. */
void heap_destroy(heap_t *h);
/* Forgets every term on the heap and releases off-heap handles, keeping the
 * largest block, so a heap reused in a loop stops allocating. */
void heap_reset(heap_t *h);
/* The slow path of heap_alloc: starts a new block (the old current block
 * keeps its contents and its unused tail). Never fails (OOM is fatal). */
term_t *heap_alloc_slow(heap_t *h, size_t words);
/* `words` uninitialised, 8-byte aligned words; never fails (OOM is fatal).
 * Never runs the GC. */
static inline term_t *heap_alloc(heap_t *h, size_t words)
{
    term_t *p = h->top;
    if ((size_t)(h->limit - p) >= words) {
        h->top = p + words;
        return p;
    }
    return heap_alloc_slow(h, words);
}
/* A list built front to back on h, which is not collected meanwhile (a
 * BIF's heap, a scratch heap): `head` is the list so far, *tail the slot
 * of the next cell, `last` the last cell (NULL while empty). */
typedef struct list_builder {
    heap_t *h;
    term_t head;
    term_t *tail;
    term_t *last;
} list_builder;

static inline void lb_init(list_builder *b, heap_t *h)
{
    b->h = h;
    b->head = NIL;
    b->tail = &b->head;
    b->last = NULL;
}

static inline void lb_add(list_builder *b, term_t t)
{
    term_t *c = heap_alloc(b->h, 2);
    c[0] = t;
    c[1] = NIL;
    *b->tail = term_list(c);
    b->tail = &c[1];
    b->last = c;
}

/* Links an off-heap handle (its first word a header) into the heap's list
 * and counts a refc binary's bytes in offheap_bytes. */
void heap_link_offheap(heap_t *h, offheap_hdr *obj);
/* A new off-heap handle on h (a refc binary's or a magic reference's,
 * made or copied there): takes one count on what it refers to and links
 * it into h's list. */
void heap_hold_offheap_obj(heap_t *h, offheap_hdr *obj);
/* Gives back what a dead off-heap handle held: a refc binary's count on
 * its bytes, a magic reference's count on its magic (which may run the
 * magic's destructor, vm/term.h). */
void heap_release_offheap_obj(offheap_hdr *obj);
/* Words in use on the heap, for tests and accounting. */
size_t heap_used_words(const heap_t *h);
/* Bytes the heap's blocks take, as allocated (vm/alloc.h). */
size_t heap_allocated_bytes(const heap_t *h);
/* Moves everything of `src` into `dst`: src's blocks become blocks of dst
 * placed after dst's current block (for a process heap: heap fragments), so
 * allocation on dst goes on where it was; src's off-heap handles join dst's
 * list. Terms do not move. If dst has no block yet, src's current block
 * becomes dst's. `src` is left empty (as after heap_init), ready for reuse
 * or heap_destroy. */
void heap_absorb(heap_t *dst, heap_t *src);

/* ---- blocks, for the GC -------------------------------------------------- */

/* A block of `words` words (used 0), not linked to any heap. */
heap_block *heap_block_new(alloc_type type, size_t words);
/* Frees a block; a GC-stress build (DBGSH_GC_STRESS) first fills it with
 * HEAP_POISON_WORD, so that a stale pointer into it is recognised. */
void heap_block_free(heap_block *b);
/* Young heap blocks of the minimum size (ALLOC_HEAP, HEAP_CACHE_WORDS: OTP's
 * min_heap_size, GC_MIN_HEAP_WORDS in vm/gc.h) that a thread with a cache
 * frees are kept, up to HEAP_CACHE_MAX of them (about 1.9 MB), for its next
 * heap_block_new of that kind: every spawn needs one and most exits free
 * one. They stay allocated and counted as `heap` meanwhile (vm/alloc.h
 * says how caches behave). heap_cache_use(true) gives the calling thread a
 * cache (the schedulers: proc_use_caches); false frees what it holds and
 * ends it, before the thread ends. Threads have none by default. */
#define HEAP_CACHE_WORDS 233
#define HEAP_CACHE_MAX 1024
void heap_cache_use(bool on);
/* The word a GC-stress build fills freed heap blocks (and the registers
 * just above a process's stack_top after a collection) with: a header word
 * of subtag 0001 (reserved, no object has it), so never a term nor the
 * start of an object. */
#define HEAP_POISON_WORD ((term_t)0xDEADBEEFDEADBE04u)
/* The used words of block `b` of heap `h` (exact for the current block). */
static inline size_t heap_block_used(const heap_t *h, const heap_block *b)
{
    return b == h->blocks ? (size_t)(h->top - b->mem) : b->used;
}
/* Frees every block of `h` without touching its off-heap list (the caller
 * has rebuilt it), then makes `b` (NULL for none; never one of h's own
 * blocks), used up to `used` words, its only block and the current one. */
void heap_replace_blocks(heap_t *h, heap_block *b, size_t used);

/* Resizes h's current block, which must be its only one, to `words` words
 * (no fewer than it uses), in place when the allocator can (a shrink
 * mostly is). Returns how far its words moved, in bytes: 0 in place, else
 * every pointer into the block is off by that much (the old block is
 * freed; only its address may still be compared). */
ptrdiff_t heap_resize_block(heap_t *h, size_t words);

/* ---- object layout, for heap walkers -------------------------------------- */

/* Word index of a fun's creator pid inside a fun_obj. */
#define HEAP_FUN_CREATOR_WORD (offsetof(fun_obj, creator) / sizeof(term_t))

/* The layout of the boxed object whose header word is obj[0]: returns its
 * size in words and sets *first to the index of its first term word. Every
 * word from *first to the end of the object holds a term; every word
 * before it is raw (sizes, limbs, bytes, pointers, map bitmaps) except, in
 * a fun, the creator at HEAP_FUN_CREATOR_WORD. Atoms stored in raw
 * positions (module names, a node name) are immediates and need no
 * visiting. Outside an object (in a cons cell) every word is a term, and
 * never a header word, so a walker can go through a heap area object by
 * object from its start. */
static inline size_t heap_object_layout(const term_t *obj, size_t *first)
{
    term_t hdr = obj[0];
    size_t size = 1 + (size_t)header_arity(hdr);
    switch (header_subtag(hdr)) {
    case HDR_TUPLE:
        *first = 1;
        break;
    case HDR_FUN:
        *first = offsetof(fun_obj, env) / sizeof(term_t);
        break;
    case HDR_SUB_BIN:
        *first = offsetof(sub_bin_obj, orig) / sizeof(term_t);
        break;
    case HDR_MAP:
        /* the kind word, and a trie root's size word, are raw */
        *first = (obj[1] & MAP_KIND_MASK) == MAP_KIND_HASH_ROOT ? 3 : 2;
        break;
    default:
        *first = size;
        break;
    }
    return size;
}

#endif
