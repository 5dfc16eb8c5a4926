/* heap.c: block-chained bump allocation for terms, the off-heap list, and
 * the block operations the GC (vm/gc.c) builds on. */
#include "heap.h"

#include <stdatomic.h>

#include "binary.h"

/* top and limit of a heap without blocks: never NULL, so the fast path of
 * heap_alloc does no arithmetic on a null pointer, and empty (limit ==
 * top), so every allocation takes the slow path. */
static term_t no_block[1];

void heap_init(heap_t *h, alloc_type type)
{
    h->top = h->limit = no_block;
    h->blocks = NULL;
    h->rest_words = 0;
    h->next_words = HEAP_BLOCK_WORDS;
    h->offheap = NULL;
    h->offheap_bytes = 0;
    h->type = type;
}

void heap_hold_offheap_obj(heap_t *h, offheap_hdr *o)
{
    if (header_subtag(o->header) == HDR_REFC_BIN)
        atomic_fetch_add_explicit(&((refc_bin_obj *)(void *)o)->val->refc, 1, memory_order_relaxed);
    else
        atomic_fetch_add_explicit(&((magic_ref_obj *)(void *)o)->magic->refc, 1, memory_order_relaxed);
    heap_link_offheap(h, o);
}

void heap_release_offheap_obj(offheap_hdr *o)
{
    if (header_subtag(o->header) == HDR_REFC_BIN)
        bin_release(((refc_bin_obj *)(void *)o)->val);
    else if (header_subtag(o->header) == HDR_MAGIC_REF)
        magic_release(((magic_ref_obj *)(void *)o)->magic);
}

static void release_offheap(heap_t *h)
{
    for (offheap_hdr *o = h->offheap; o; o = o->next)
        heap_release_offheap_obj(o);
    h->offheap = NULL;
    h->offheap_bytes = 0;
}

/* This thread's cache of minimum young heap blocks (heap.h): ncached of
 * them, at most cache_cap (0: no cache). */
static _Thread_local heap_block *cached[HEAP_CACHE_MAX];
static _Thread_local unsigned ncached, cache_cap;

#define CACHED_BYTES (sizeof(heap_block) + HEAP_CACHE_WORDS * sizeof(term_t))

static bool is_cacheable(alloc_type type, size_t words)
{
    return type == ALLOC_HEAP && words == HEAP_CACHE_WORDS && !alloc_map_enabled();
}

heap_block *heap_block_new(alloc_type type, size_t words)
{
    heap_block *b;
    if (ncached && is_cacheable(type, words)) {
        b = cached[--ncached];
        alloc_unpoison(b, CACHED_BYTES);
    } else {
        b = alloc_new(type, sizeof *b + words * sizeof(term_t));
    }
    b->next = NULL;
    b->words = words;
    b->used = 0;
    b->type = type;
    return b;
}

void heap_cache_use(bool on)
{
    while (ncached) {
        heap_block *b = cached[--ncached];
        alloc_unpoison(b, CACHED_BYTES);
        alloc_free(ALLOC_HEAP, b, CACHED_BYTES);
    }
    cache_cap = on ? HEAP_CACHE_MAX : 0;
}

size_t heap_allocated_bytes(const heap_t *h)
{
    size_t n = 0;
    for (const heap_block *b = h->blocks; b; b = b->next)
        n += sizeof *b + b->words * sizeof(term_t);
    return n;
}

void heap_block_free(heap_block *b)
{
#if DBGSH_GC_STRESS
    for (size_t i = 0; i < b->words; i++)
        b->mem[i] = HEAP_POISON_WORD;
#endif
    if (ncached < cache_cap && is_cacheable(b->type, b->words)) {
        alloc_poison(b, CACHED_BYTES);
        cached[ncached++] = b;
        return;
    }
    alloc_free(b->type, b, sizeof *b + b->words * sizeof(term_t));
}

static void free_blocks(heap_block *b)
{
    for (heap_block *next; b; b = next) {
        next = b->next;
        heap_block_free(b);
    }
}

/* Makes `b` (already first in the chain) the current block, used up to
 * `used` words. */
static void enter_block(heap_t *h, heap_block *b, size_t used)
{
    h->top = b->mem + used;
    h->limit = b->mem + b->words;
}

/* Records the use of the current block before another becomes current. */
static void seal_current(heap_t *h)
{
    if (h->blocks) {
        h->blocks->used = (size_t)(h->top - h->blocks->mem);
        h->rest_words += h->blocks->used;
    }
}

void heap_destroy(heap_t *h)
{
    release_offheap(h);
    free_blocks(h->blocks);
    heap_init(h, h->type);
}

void heap_reset(heap_t *h)
{
    release_offheap(h);
    heap_block *keep = NULL;
    for (heap_block *b = h->blocks, *next; b; b = next) {
        next = b->next;
        if (!keep || b->words > keep->words) {
            if (keep)
                heap_block_free(keep);
            keep = b;
        } else {
            heap_block_free(b);
        }
    }
    h->blocks = keep;
    h->rest_words = 0;
    if (keep) {
        keep->next = NULL;
        keep->used = 0;
        enter_block(h, keep, 0);
    }
}

term_t *heap_alloc_slow(heap_t *h, size_t words)
{
    size_t n = h->next_words;
    while (n < words)
        n *= 2;
    if (h->next_words < HEAP_BLOCK_MAX_WORDS)
        h->next_words *= 2;
    seal_current(h);
    heap_block *b = heap_block_new(h->type, n);
    b->next = h->blocks;
    h->blocks = b;
    enter_block(h, b, words);
    return b->mem;
}

void heap_link_offheap(heap_t *h, offheap_hdr *obj)
{
    obj->next = h->offheap;
    h->offheap = obj;
    if (header_subtag(obj->header) == HDR_REFC_BIN)
        h->offheap_bytes += ((refc_bin_obj *)(void *)obj)->size; /* the bytes it sees, as OTP */
}

#if DBGSH_DEBUG
/* rest_words against the blocks it counts (debug builds). */
static bool rest_words_exact(const heap_t *h)
{
    size_t n = 0;
    for (const heap_block *b = h->blocks ? h->blocks->next : NULL; b; b = b->next)
        n += b->used;
    return n == h->rest_words;
}
#endif

size_t heap_used_words(const heap_t *h)
{
    ASSERT(rest_words_exact(h));
    return h->blocks ? h->rest_words + (size_t)(h->top - h->blocks->mem) : 0;
}

void heap_absorb(heap_t *dst, heap_t *src)
{
    if (src->offheap) {
        offheap_hdr *last = src->offheap;
        while (last->next)
            last = last->next;
        last->next = dst->offheap;
        dst->offheap = src->offheap;
        dst->offheap_bytes += src->offheap_bytes;
    }
    if (src->blocks) {
        heap_block *first = src->blocks, *last = first;
        while (last->next)
            last = last->next;
        if (dst->blocks) {
            seal_current(src);
            last->next = dst->blocks->next;
            dst->blocks->next = first;
            dst->rest_words += src->rest_words;
        } else {
            dst->blocks = first;
            dst->top = src->top;
            dst->limit = src->limit;
            dst->rest_words = src->rest_words;
        }
    }
    heap_init(src, src->type);
}

void heap_replace_blocks(heap_t *h, heap_block *b, size_t used)
{
    free_blocks(h->blocks);
    h->blocks = b;
    h->rest_words = 0;
    if (b) {
        b->next = NULL;
        b->used = used;
        enter_block(h, b, used);
    } else {
        h->top = h->limit = no_block;
    }
}

ptrdiff_t heap_resize_block(heap_t *h, size_t words)
{
    heap_block *b = h->blocks;
    ASSERT(b && !b->next);
    size_t used = (size_t)(h->top - b->mem);
    ASSERT(used <= words);
    heap_block *nb = b;
    if (words != b->words) {
        nb = alloc_resize(b->type, b, sizeof *b + b->words * sizeof(term_t), sizeof *b + words * sizeof(term_t));
        nb->words = words;
    }
    h->blocks = nb;
    enter_block(h, nb, used);
    return (char *)nb - (char *)b;
}
