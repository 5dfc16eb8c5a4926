/* copy.c: deep copies of terms onto a heap: copy_size walks the term with
 * an explicit stack; copy_term allocates the whole copy at once and fills
 * it with a Cheney scan over the copy itself, so neither recurses. */
#include "copy.h"

#include "alloc.h"

/* A stack of terms still to be sized: a local array first, then memory
 * from vm/alloc.h for wide or deep terms. */
typedef struct work {
    term_t *items;
    size_t n, cap;
    term_t local[64];
} work;

static void push_term(work *w, term_t t)
{
    if (!term_is_list(t) && !term_is_boxed(t))
        return;
    if (w->n == w->cap) {
        size_t cap = w->cap * 2;
        if (w->items == w->local) {
            w->items = alloc_new(ALLOC_TEMP, cap * sizeof(term_t));
            memcpy(w->items, w->local, w->n * sizeof(term_t));
        } else {
            w->items = alloc_resize(ALLOC_TEMP, w->items, w->cap * sizeof(term_t), cap * sizeof(term_t));
        }
        w->cap = cap;
    }
    w->items[w->n++] = t;
}

/* The words of the boxed object p when none of its words points anywhere
 * and it is small (a tuple of atoms and pids, a fun closing over such: what
 * most messages and spawned funs are), else 0: such an object is copied as
 * it is, with no walk. Larger ones go to the walk directly, so no term is
 * looked at twice over more than FLAT_MAX_WORDS. */
#define FLAT_MAX_WORDS 32
static size_t flat_size(const term_t *p)
{
    size_t first, words = heap_object_layout(p, &first);
    if (words > FLAT_MAX_WORDS)
        return 0;
    if (header_subtag(p[0]) == HDR_FUN && (term_is_list(p[HEAP_FUN_CREATOR_WORD]) ||
                                           term_is_boxed(p[HEAP_FUN_CREATOR_WORD])))
        return 0;
    for (size_t i = first; i < words; i++)
        if (term_is_list(p[i]) || term_is_boxed(p[i]))
            return 0;
    return words;
}

/* copy_size of any term, by a walk. */
static __attribute__((noinline)) size_t walk_size(term_t t)
{
    work w;
    w.items = w.local;
    w.n = 0;
    w.cap = sizeof w.local / sizeof w.local[0];
    size_t size = 0;
    push_term(&w, t);
    while (w.n) {
        t = w.items[--w.n];
        /* a list's cells one after another, its elements on the stack */
        while (term_is_list(t)) {
            size += 2;
            push_term(&w, list_head(t));
            t = list_tail(t);
        }
        if (!term_is_boxed(t))
            continue;
        const term_t *p = boxed_ptr(t);
        size_t first, words = heap_object_layout(p, &first);
        size += words;
        if (header_subtag(p[0]) == HDR_FUN)
            push_term(&w, p[HEAP_FUN_CREATOR_WORD]);
        for (size_t i = first; i < words; i++)
            push_term(&w, p[i]);
    }
    if (w.items != w.local)
        alloc_free(ALLOC_TEMP, w.items, w.cap * sizeof(term_t));
    return size;
}

size_t copy_size(term_t t)
{
    if (term_is_boxed(t)) {
        size_t flat = flat_size(boxed_ptr(t));
        if (flat)
            return flat;
    } else if (!term_is_list(t)) {
        return 0;
    }
    return walk_size(t);
}

/* Copies the object *slot points to at *top and points *slot at the copy,
 * whose own words still point at the source until the scan reaches them. */
static inline void copy_object(heap_t *to, term_t *slot, term_t **top)
{
    term_t t = *slot, *n = *top;
    if (term_is_list(t)) {
        const term_t *p = list_ptr(t);
        n[0] = p[0];
        n[1] = p[1];
        *top = n + 2;
        *slot = term_list(n);
    } else if (term_is_boxed(t)) {
        const term_t *p = boxed_ptr(t);
        size_t words = 1 + (size_t)header_arity(p[0]);
        memcpy(n, p, words * sizeof(term_t));
        *top = n + words;
        if (header_subtag(p[0]) == HDR_REFC_BIN || header_subtag(p[0]) == HDR_MAGIC_REF)
            heap_hold_offheap_obj(to, (offheap_hdr *)(void *)n);
        *slot = term_boxed(n);
    }
}

term_t copy_term(heap_t *to, term_t t)
{
    if (!term_is_list(t) && !term_is_boxed(t))
        return t;
    size_t size = copy_size(t);
    term_t *hp = heap_alloc(to, size), *top = hp, *scan = hp;
    copy_object(to, &t, &top);
    if (top == hp + size) /* a flat object (flat_size): nothing to scan */
        return t;
    while (scan < top) {
        if (term_is_header(*scan)) {
            size_t first, words = heap_object_layout(scan, &first);
            if (header_subtag(*scan) == HDR_FUN)
                copy_object(to, scan + HEAP_FUN_CREATOR_WORD, &top);
            for (size_t i = first; i < words; i++)
                copy_object(to, scan + i, &top);
            scan += words;
        } else {
            copy_object(to, scan, &top);
            scan++;
        }
    }
    ASSERT(top == hp + size);
    return t;
}
