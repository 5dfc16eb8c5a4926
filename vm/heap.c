/* heap.c: block-chained bump allocation for terms. */
#include "heap.h"

#include "binary.h"

struct heap_block {
    heap_block *next;
    size_t words;
    term_t mem[];
};

void heap_init(heap_t *h, alloc_type type)
{
    h->top = h->limit = NULL;
    h->blocks = NULL;
    h->next_words = HEAP_BLOCK_WORDS;
    h->offheap = NULL;
    h->type = type;
}

static void release_offheap(heap_t *h)
{
    for (offheap_hdr *o = h->offheap; o; o = o->next) {
        if (header_subtag(o->header) == HDR_REFC_BIN)
            bin_release(((refc_bin_obj *)(void *)o)->val);
    }
    h->offheap = NULL;
}

static void free_block(heap_t *h, heap_block *b)
{
    alloc_free(h->type, b, sizeof *b + b->words * sizeof(term_t));
}

void heap_destroy(heap_t *h)
{
    release_offheap(h);
    for (heap_block *b = h->blocks, *next; b; b = next) {
        next = b->next;
        free_block(h, b);
    }
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
                free_block(h, keep);
            keep = b;
        } else {
            free_block(h, b);
        }
    }
    h->blocks = keep;
    if (keep) {
        keep->next = NULL;
        h->top = keep->mem;
        h->limit = keep->mem + keep->words;
    }
}

term_t *heap_alloc(heap_t *h, size_t words)
{
    if ((size_t)(h->limit - h->top) < words) {
        size_t n = h->next_words;
        while (n < words)
            n *= 2;
        if (h->next_words < HEAP_BLOCK_MAX_WORDS)
            h->next_words *= 2;
        heap_block *b = alloc_new(h->type, sizeof *b + n * sizeof(term_t));
        b->words = n;
        b->next = h->blocks;
        h->blocks = b;
        h->top = b->mem;
        h->limit = b->mem + n;
    }
    term_t *p = h->top;
    h->top += words;
    return p;
}

void heap_link_offheap(heap_t *h, offheap_hdr *obj)
{
    obj->next = h->offheap;
    h->offheap = obj;
}

size_t heap_used_words(const heap_t *h)
{
    size_t n = 0;
    for (const heap_block *b = h->blocks; b; b = b->next)
        n += b == h->blocks ? (size_t)(h->top - b->mem) : b->words;
    return n;
}
