/* pool.h: objects of one size handed out from slabs (OTP's fix_alloc): for
 * structs made and dropped by the tens of thousands at once, such as the
 * breakpoint records of a pattern on every function, where malloc's
 * per-thread cache is too small and every call takes its slow path. A
 * freed object goes on the pool's free list; the slabs go back to the
 * system when the pool's last object does, so a pool holds at most what
 * was live at once. The slabs are counted under the pool's alloc type. */
#ifndef VM_POOL_H
#define VM_POOL_H

#include <stddef.h>

#include "alloc.h"
#include "spinlock.h"

typedef struct pool_slab pool_slab;

typedef struct pool {
    alloc_type type;   /* what instrument counts the slabs as */
    size_t size;       /* of an object: at least a pointer */
    size_t per_slab;   /* objects in a slab */
    spinlock lock;     /* the fields below */
    void *free;        /* free objects, each holding the next in its first word */
    pool_slab *slabs;  /* every slab */
    size_t live;       /* objects handed out and not put back */
} pool;

/* A pool of objects of `size` bytes, `per_slab` to a slab; a static pool
 * starts as POOL_INIT(...) and needs nothing else. */
#define POOL_INIT(type_, size_, per_slab_) {.type = (type_), .size = (size_), .per_slab = (per_slab_)}

/* An object of the pool's size, uninitialised. Any thread; dies on out of
 * memory, as alloc_new. */
void *pool_get(pool *p);

/* Gives obj (from pool_get of the same pool) back. Any thread. */
void pool_put(pool *p, void *obj);

/* n objects (n >= 1) at once, for a caller about to make many: a chain
 * linked through each object's first word (the last one's is NULL), the
 * rest uninitialised. One lock for the whole chain. Any thread; dies on
 * out of memory. */
void *pool_get_chain(pool *p, size_t n);

/* Gives back the n objects of a chain from first to last, linked through
 * their first words (last's link is not read), taken with pool_get or
 * pool_get_chain of the same pool. One lock for the whole chain. Any
 * thread. */
void pool_put_chain(pool *p, void *first, void *last, size_t n);

#endif
