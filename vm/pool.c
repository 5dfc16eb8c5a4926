/* pool.c: pool.h's slabs and free list. A slab is one allocation: a header
 * linking it to the pool's other slabs, then per_slab objects. Taking and
 * giving back an object, or a chain of them, is a few instructions (per
 * object) under one hold of the pool's spinlock.
 * Under AddressSanitizer a free object is poisoned but for its link, so a
 * stale pointer into it is caught as after a free. */
#include "pool.h"

#include <stdint.h>

struct pool_slab {
    pool_slab *next;
    size_t bytes;
    _Alignas(16) unsigned char objects[];
};

/* The pool's object size as slabs lay them out: a pointer at least (the
 * free list's link), a multiple of 16. */
static size_t stride_of(const pool *p)
{
    size_t s = p->size < sizeof(void *) ? sizeof(void *) : p->size;
    return (s + 15) & ~(size_t)15;
}

/* A new slab's objects onto the free list (p locked). */
static void add_slab(pool *p)
{
    size_t stride = stride_of(p);
    size_t bytes = sizeof(pool_slab) + stride * p->per_slab;
    pool_slab *s = alloc_new(p->type, bytes);
    s->bytes = bytes;
    s->next = p->slabs;
    p->slabs = s;
    /* the first object on top, so that a run of gets walks the slab up */
    for (size_t i = p->per_slab; i-- > 0;) {
        void *obj = s->objects + i * stride;
        *(void **)obj = p->free;
        p->free = obj;
        alloc_poison((char *)obj + sizeof(void *), stride - sizeof(void *));
    }
}

void *pool_get(pool *p)
{
    spinlock_lock(&p->lock);
    if (!p->free)
        add_slab(p);
    void *obj = p->free;
    p->free = *(void **)obj;
    p->live++;
    spinlock_unlock(&p->lock);
    alloc_unpoison(obj, stride_of(p));
    return obj;
}

void *pool_get_chain(pool *p, size_t n)
{
    spinlock_lock(&p->lock);
    void *first = p->free, *last = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!p->free) {
            add_slab(p);
            if (last)
                *(void **)last = p->free;
            else
                first = p->free;
        }
        last = p->free;
        p->free = *(void **)last;
    }
    *(void **)last = NULL;
    p->live += n;
    spinlock_unlock(&p->lock);
#ifdef ALLOC_ASAN
    for (void *o = first; o; o = *(void **)o)
        alloc_unpoison(o, stride_of(p));
#endif
    return first;
}

/* Frees the slabs of a pool whose last object came back (unlocked: they
 * are no longer the pool's). */
static void free_slabs(const pool *p, pool_slab *gone)
{
    while (gone) {
        pool_slab *next = gone->next;
        alloc_unpoison(gone, gone->bytes);
        alloc_free(p->type, gone, gone->bytes);
        gone = next;
    }
}

/* Puts the chain first..last of n objects on the free list (p locked);
 * the slabs when that was the last object out. */
static pool_slab *push_chain(pool *p, void *first, void *last, size_t n)
{
    *(void **)last = p->free;
    p->free = first;
    p->live -= n;
    if (p->live)
        return NULL;
    /* the last object is back: every object is free, so are the slabs */
    pool_slab *gone = p->slabs;
    p->slabs = NULL;
    p->free = NULL;
    return gone;
}

void pool_put(pool *p, void *obj)
{
    alloc_poison((char *)obj + sizeof(void *), stride_of(p) - sizeof(void *));
    spinlock_lock(&p->lock);
    pool_slab *gone = push_chain(p, obj, obj, 1);
    spinlock_unlock(&p->lock);
    free_slabs(p, gone);
}

void pool_put_chain(pool *p, void *first, void *last, size_t n)
{
#ifdef ALLOC_ASAN
    for (void *o = first;; o = *(void **)o) {
        alloc_poison((char *)o + sizeof(void *), stride_of(p) - sizeof(void *));
        if (o == last)
            break;
    }
#endif
    spinlock_lock(&p->lock);
    pool_slab *gone = push_chain(p, first, last, n);
    spinlock_unlock(&p->lock);
    free_slabs(p, gone);
}
