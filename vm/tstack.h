/* tstack.h: the growable stack of terms (or other words) that C walks over
 * terms keep: TSTACK_LOCAL items inline, more on ALLOC_TEMP. Header only.
 * The stack borrows its terms and the GC does not see them: hold them only
 * across code that does not collect. */
#ifndef VM_TSTACK_H
#define VM_TSTACK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "alloc.h"
#include "term.h"

#define TSTACK_LOCAL 32

/* items[0, n) are the stack, bottom first; read them in place freely.
 * items is NULL (cap 0) until the first push, then `local` (cap
 * TSTACK_LOCAL), then an ALLOC_TEMP block of cap words. A zeroed tstack
 * ({0}) is an empty stack. Once pushed on, items may point into the
 * struct itself: never copy, move or return a tstack by value, only a
 * pointer to it. */
typedef struct tstack {
    term_t *items;
    size_t n, cap;
    term_t local[TSTACK_LOCAL];
} tstack;

/* Makes s an empty stack, as {0} does, without clearing `local`. Whatever
 * s held is forgotten, not freed. */
static inline void tstack_init(tstack *s)
{
    s->items = NULL;
    s->n = s->cap = 0;
}

/* Pushes t onto s, moving s to ALLOC_TEMP (or a bigger block) when it is
 * full; out of memory is fatal, as everywhere in alloc.h. */
static inline void tstack_push(tstack *s, term_t t)
{
    if (s->n == s->cap) {
        if (!s->items) {
            s->items = s->local;
            s->cap = TSTACK_LOCAL;
        } else if (s->items == s->local) {
            term_t *items = alloc_new(ALLOC_TEMP, 2 * s->cap * sizeof *items);
            memcpy(items, s->local, s->n * sizeof *items);
            s->items = items;
            s->cap *= 2;
        } else {
            s->items =
                alloc_resize(ALLOC_TEMP, s->items, s->cap * sizeof *s->items, 2 * s->cap * sizeof *s->items);
            s->cap *= 2;
        }
    }
    s->items[s->n++] = t;
}

/* Pops the top of s into *t; false (and *t untouched) when s is empty. */
static inline bool tstack_pop(tstack *s, term_t *t)
{
    if (s->n == 0)
        return false;
    *t = s->items[--s->n];
    return true;
}

/* True when some item of s is the word t (a linear search: for the small
 * sets of names a walk keeps). */
static inline bool tstack_has(const tstack *s, term_t t)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->items[i] == t)
            return true;
    return false;
}

/* Releases the ALLOC_TEMP block s may have and leaves it an empty stack,
 * ready for pushes again. */
static inline void tstack_free(tstack *s)
{
    if (s->items && s->items != s->local)
        alloc_free(ALLOC_TEMP, s->items, s->cap * sizeof *s->items);
    tstack_init(s);
}

#endif
