/* alloc.c: typed allocation with always-on, lock-free accounting. */
#include "alloc.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct type_counters {
    _Atomic uint64_t size;
    _Atomic uint64_t blocks;
    _Atomic uint64_t max_size;
} type_counters;

static type_counters counters[ALLOC_TYPE_COUNT];

static const char *const type_names[] = {
#define X(name, allocator, class) #name,
#include "alloc_types.def"
#undef X
};
static const char *const type_classes[] = {
#define X(name, allocator, class) #class,
#include "alloc_types.def"
#undef X
};

static void die_oom(size_t size)
{
    fprintf(stderr, "dbgsh: out of memory (allocating %zu bytes)\n", size);
    exit(70);
}

static void account(alloc_type type, int64_t delta_size, int64_t delta_blocks)
{
    type_counters *c = &counters[type];
    uint64_t now = atomic_fetch_add_explicit(&c->size, (uint64_t)delta_size, memory_order_relaxed) +
                   (uint64_t)delta_size;
    atomic_fetch_add_explicit(&c->blocks, (uint64_t)delta_blocks, memory_order_relaxed);
    uint64_t max = atomic_load_explicit(&c->max_size, memory_order_relaxed);
    while (now > max &&
           !atomic_compare_exchange_weak_explicit(&c->max_size, &max, now, memory_order_relaxed,
                                                  memory_order_relaxed)) {
    }
}

void *alloc_new(alloc_type type, size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        die_oom(size);
    account(type, (int64_t)size, 1);
    return p;
}

void *alloc_zeroed(alloc_type type, size_t size)
{
    void *p = calloc(1, size ? size : 1);
    if (!p)
        die_oom(size);
    account(type, (int64_t)size, 1);
    return p;
}

void *alloc_resize(alloc_type type, void *p, size_t old_size, size_t new_size)
{
    void *q = realloc(p, new_size ? new_size : 1);
    if (!q)
        die_oom(new_size);
    account(type, (int64_t)new_size - (int64_t)old_size, p ? 0 : 1);
    return q;
}

void alloc_free(alloc_type type, void *p, size_t size)
{
    if (!p)
        return;
    free(p);
    account(type, -(int64_t)size, -1);
}

void alloc_buf_put(alloc_buf *b, const void *s, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->n + n)
            cap *= 2;
        b->p = alloc_resize(ALLOC_TEMP, b->p, b->cap, cap);
        b->cap = cap;
    }
    if (n)
        memcpy(b->p + b->n, s, n);
    b->n += n;
}

void alloc_buf_free(alloc_buf *b)
{
    if (b->p)
        alloc_free(ALLOC_TEMP, b->p, b->cap);
    b->p = NULL;
    b->n = b->cap = 0;
}

char *alloc_strndup(alloc_type type, const char *s, size_t n)
{
    n = strnlen(s, n);
    char *d = alloc_new(type, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *alloc_strdup(alloc_type type, const char *s) { return alloc_strndup(type, s, strlen(s)); }

void alloc_strfree(alloc_type type, char *s)
{
    if (s)
        alloc_free(type, s, strlen(s) + 1);
}

void alloc_get_stat(alloc_type type, alloc_stat *out)
{
    type_counters *c = &counters[type];
    out->size = atomic_load_explicit(&c->size, memory_order_relaxed);
    out->blocks = atomic_load_explicit(&c->blocks, memory_order_relaxed);
    out->max_size = atomic_load_explicit(&c->max_size, memory_order_relaxed);
}

const char *alloc_type_name(alloc_type type) { return type_names[type]; }
const char *alloc_type_class(alloc_type type) { return type_classes[type]; }
