/* heap.h: a term heap, the memory terms are built in.
 * A heap owns a chain of blocks (bump allocation, never moves a term) and a
 * list of handles on off-heap data (refc binaries) it releases when reset or
 * destroyed. Issue #3's process heaps add a copying GC on top of this.
 * Not thread-safe: one heap belongs to one thread at a time. */
#ifndef VM_HEAP_H
#define VM_HEAP_H

#include <stddef.h>

#include "alloc.h"
#include "term.h"

typedef struct heap_block heap_block;

struct heap {
    term_t *top;          /* next free word of the current block */
    term_t *limit;        /* end of the current block */
    heap_block *blocks;   /* current block first */
    size_t next_words;    /* size of the next block to allocate */
    offheap_hdr *offheap; /* refc binaries etc. referenced from this heap */
    alloc_type type;
};

void heap_init(heap_t *h, alloc_type type);
/* Frees every block and releases every off-heap handle. */
void heap_destroy(heap_t *h);
/* Forgets every term on the heap and releases off-heap handles, keeping the
 * largest block, so a heap reused in a loop stops allocating. */
void heap_reset(heap_t *h);
/* `words` uninitialised, 8-byte aligned words; never fails (OOM is fatal). */
term_t *heap_alloc(heap_t *h, size_t words);
/* Links an off-heap handle (its first word a header) into the heap's list. */
void heap_link_offheap(heap_t *h, offheap_hdr *obj);
/* Words in use on the heap, for tests and accounting. */
size_t heap_used_words(const heap_t *h);

#endif
