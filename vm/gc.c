/* gc.c: the generational semispace copying collector of process heaps:
 * evacuation with forwarding words, Cheney scans of the new young heap and
 * of the promoted part of the old heap (no recursion, no mark stack), the
 * off-heap binary sweep, and OTP's heap and binary-heap sizing. The design
 * is in docs/internals/gc.md. */
#include "gc.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "binary.h"

/* ---- sizes ---------------------------------------------------------------- */

size_t gc_next_heap_size(size_t words, unsigned offset)
{
    /* 12, 38, then s[i] = s[i-1] + s[i-2] + 1 up to s[22] = 833026, then
     * 20% steps: OTP's erts_next_heap_size table, generated on the fly. */
    size_t prev = 12, cur = 12;
    unsigned idx = 0;
    if (words < cur)
        return cur;
    for (;;) {
        if (cur >= words) {
            if (offset == 0)
                return cur;
            offset--;
        }
        size_t next = idx == 0 ? 38 : idx < 22 ? cur + prev + 1 : cur + cur / 5;
        prev = cur;
        cur = next;
        idx++;
    }
}

/* A young heap size for `words`: the sequence's, never below the minimum. */
static size_t young_size(const gc_state *gc, size_t words, unsigned offset)
{
    size_t n = gc_next_heap_size(words, offset);
    return n < gc->min_heap_words ? gc->min_heap_words : n;
}

/* OTP's next_vheap_size: grow by the golden ratio while the binary volume
 * is over 75% of the limit, halve it under 25%, never below the minimum. */
static uint64_t next_vheap_limit(const gc_state *gc, uint64_t vheap, uint64_t limit)
{
    if (vheap / 3 > limit / 4) {
        while (vheap / 3 > limit / 4) {
            uint64_t grown = (uint64_t)((double)limit * 1.618);
            if (grown <= limit)
                break;
            limit = grown;
        }
    } else if (vheap < limit / 4) {
        limit >>= 1;
    }
    return limit < gc->min_vheap_words ? gc->min_vheap_words : limit;
}

/* ---- setup and numbers ------------------------------------------------------ */

void gc_init(heap_t *young, gc_state *gc, size_t min_heap_words)
{
    memset(gc, 0, sizeof *gc);
    gc->min_heap_words =
        gc_next_heap_size(min_heap_words < GC_MIN_HEAP_WORDS ? GC_MIN_HEAP_WORDS : min_heap_words, 0);
    gc->fullsweep_after = GC_FULLSWEEP_AFTER;
    gc->min_vheap_words = GC_MIN_VHEAP_WORDS;
    gc->bin_vheap_limit = gc->bin_old_vheap_limit = GC_MIN_VHEAP_WORDS;
    gc->max_heap = (gc_max_heap){.words = 0, .kill = true, .log = true};
    heap_init(&gc->old, ALLOC_OLD_HEAP);
    /* blocks that overflow the young heap are heap fragments */
    heap_init(young, ALLOC_HEAP_FRAG);
    heap_block *b = heap_block_new(ALLOC_HEAP, gc->min_heap_words);
    heap_replace_blocks(young, b, 0);
    gc->young_heap = gc->high_water = b->mem;
    gc->young_words = b->words;
}

static uint64_t min_size(uint64_t words, uint64_t least)
{
    return gc_next_heap_size(words < least ? least : words, 0);
}

uint64_t gc_min_heap_size(uint64_t words) { return min_size(words, GC_MIN_HEAP_WORDS); }

void gc_set_opts(gc_state *gc, const gc_opts *o)
{
    gc->min_heap_words = gc_min_heap_size(o->min_heap_words);
    gc->min_vheap_words = min_size(o->min_vheap_words, GC_MIN_VHEAP_WORDS);
    gc->fullsweep_after = o->fullsweep_after;
    gc->max_heap = o->max_heap;
    /* the binary volumes that trigger a collection start at the minimum
     * (OTP sets them so at spawn) and are never below it */
    if (gc->bin_vheap_limit < gc->min_vheap_words)
        gc->bin_vheap_limit = gc->min_vheap_words;
    if (gc->bin_old_vheap_limit < gc->min_vheap_words)
        gc->bin_old_vheap_limit = gc->min_vheap_words;
}

/* The system's options, a field at a time (erlang:system_flag/2 sets one
 * at a time); max_heap_size packed as words << 2 | kill << 1 | log. */
static struct {
    _Atomic uint64_t min_heap, min_vheap, max_heap;
    _Atomic uint32_t fullsweep;
} system_opts = {GC_MIN_HEAP_WORDS, GC_MIN_VHEAP_WORDS, 3, GC_FULLSWEEP_AFTER};

void gc_system_opts(gc_opts *out)
{
    uint64_t m = atomic_load_explicit(&system_opts.max_heap, memory_order_relaxed);
    out->min_heap_words = atomic_load_explicit(&system_opts.min_heap, memory_order_relaxed);
    out->min_vheap_words = atomic_load_explicit(&system_opts.min_vheap, memory_order_relaxed);
    out->fullsweep_after = atomic_load_explicit(&system_opts.fullsweep, memory_order_relaxed);
    out->max_heap = (gc_max_heap){.words = m >> 2, .kill = m & 2, .log = m & 1};
}

void gc_set_system_opts(const gc_opts *o)
{
    uint64_t m = o->max_heap.words << 2 | (uint64_t)o->max_heap.kill << 1 | (uint64_t)o->max_heap.log;
    atomic_store_explicit(&system_opts.min_heap, gc_min_heap_size(o->min_heap_words), memory_order_relaxed);
    atomic_store_explicit(&system_opts.min_vheap, min_size(o->min_vheap_words, GC_MIN_VHEAP_WORDS),
                          memory_order_relaxed);
    atomic_store_explicit(&system_opts.fullsweep, o->fullsweep_after, memory_order_relaxed);
    atomic_store_explicit(&system_opts.max_heap, m, memory_order_relaxed);
}

void gc_destroy(heap_t *young, gc_state *gc)
{
    heap_destroy(young);
    heap_destroy(&gc->old);
    gc->young_heap = gc->high_water = NULL;
    gc->young_words = 0;
}

static heap_block *find_young_block(const heap_t *young, const gc_state *gc)
{
    for (heap_block *b = young->blocks; b; b = b->next)
        if (b->mem == gc->young_heap)
            return b;
    ASSERT(!"the young heap block is not in the young generation");
    return NULL;
}

void gc_info_get(const heap_t *young, const gc_state *gc, size_t stack_words, gc_info *out)
{
    const heap_block *yb = find_young_block(young, gc);
    const heap_block *ob = gc->old.blocks;
    memset(out, 0, sizeof *out);
    out->heap_size = heap_block_used(young, yb);
    out->heap_block_size = yb->words;
    out->old_heap_size = ob ? heap_block_used(&gc->old, ob) : 0;
    out->old_heap_block_size = ob ? ob->words : 0;
    out->stack_size = stack_words;
    out->recent_size = (uint64_t)(gc->high_water - gc->young_heap);
    out->mbuf_size = heap_used_words(young) - out->heap_size;
    out->bin_vheap_size = young->offheap_bytes / sizeof(term_t);
    out->bin_vheap_block_size = gc->bin_vheap_limit;
    out->bin_old_vheap_size = gc->old.offheap_bytes / sizeof(term_t);
    out->bin_old_vheap_block_size = gc->bin_old_vheap_limit;
}

term_t gc_info_list(heap_t *h, const gc_info *gi, bool wordsize)
{
    const struct {
        term_t key;
        uint64_t value;
    } items[] = {
        {ATOM_old_heap_block_size, gi->old_heap_block_size},
        {ATOM_heap_block_size, gi->heap_block_size},
        {ATOM_mbuf_size, gi->mbuf_size},
        {ATOM_recent_size, gi->recent_size},
        {ATOM_stack_size, gi->stack_size},
        {ATOM_old_heap_size, gi->old_heap_size},
        {ATOM_heap_size, gi->heap_size},
        {ATOM_bin_vheap_size, gi->bin_vheap_size},
        {ATOM_bin_vheap_block_size, gi->bin_vheap_block_size},
        {ATOM_bin_old_vheap_size, gi->bin_old_vheap_size},
        {ATOM_bin_old_vheap_block_size, gi->bin_old_vheap_block_size},
    };
    term_t l = NIL;
    for (size_t i = sizeof items / sizeof items[0]; i-- > 0;)
        l = term_cons(h, term_tuple2(h, items[i].key, term_uint64(h, items[i].value)), l);
    if (wordsize)
        l = term_cons(h, term_tuple2(h, ATOM_wordsize, term_uint64(h, gi->wordsize)), l);
    return l;
}

/* ---- evacuation ----------------------------------------------------------- */

/* Where an object goes: to the new young heap, to the old heap, or nowhere
 * (it is outside the area being collected). */
enum { TO_YOUNG, TO_OLD, NOT_MOVED };

/* A collected address range other than the young heap block. */
typedef struct area {
    uintptr_t start, end;
    uintptr_t used_end; /* end of the words in use: objects end below it */
    int dest;
} area;

typedef struct collector {
    uintptr_t young_start, young_hw, young_end; /* the young heap block */
    uintptr_t young_used_end;                   /* ... and the end of its use */
    int mature_dest;                            /* for [young_start, young_hw) */
    area *areas;                                /* sorted, disjoint */
    size_t nareas, areas_cap;
    uintptr_t lo, hi; /* bounds of all areas */
    const area *last; /* the area the last search found: neighbours in a
                       * list or a tuple are mostly in the same fragment */
    term_t *top[2];   /* next free word of each destination */
    term_t *base[2];  /* where each destination's copies start */
} collector;

/* The collector's hot path (evacuate, hot_dest) is inlined into its loops
 * whatever the compiler's size heuristics say. */
#define ALWAYS_INLINE inline __attribute__((always_inline))

static int compare_areas(const void *a, const void *b)
{
    uintptr_t x = ((const area *)a)->start, y = ((const area *)b)->start;
    return x < y ? -1 : x > y;
}

static const area *search_areas(const collector *c, uintptr_t a)
{
    size_t lo = 0, hi = c->nareas;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a < c->areas[mid].start)
            hi = mid;
        else if (a >= c->areas[mid].end)
            lo = mid + 1;
        else
            return &c->areas[mid];
    }
    return NULL;
}

/* A pointer outside the young heap block: the area it falls in (the last
 * one found first), or NOT_MOVED. */
static int dest_of_area(collector *c, uintptr_t a)
{
    if (a - c->last->start < c->last->end - c->last->start)
        return c->last->dest;
    if (a < c->lo || a >= c->hi)
        return NOT_MOVED;
    const area *ar = search_areas(c, a);
    if (!ar)
        return NOT_MOVED;
    c->last = ar;
    return ar->dest;
}

/* What the copying loops read on every word, copied out of the collector
 * into locals: the compiler must otherwise reload the collector's words
 * after every store into a copy (both are 64-bit integers to it, so they
 * may alias). The loops write `top` back before anything else reads it. */
typedef struct hot {
    uintptr_t young_start, young_bytes, young_hw;
    int mature_dest;
    term_t *top[2];
} hot;

static inline hot hot_of(const collector *c)
{
    return (hot){c->young_start, c->young_end - c->young_start, c->young_hw, c->mature_dest,
                 {c->top[TO_YOUNG], c->top[TO_OLD]}};
}

static inline void hot_done(collector *c, const hot *h)
{
    c->top[TO_YOUNG] = h->top[TO_YOUNG];
    c->top[TO_OLD] = h->top[TO_OLD];
}

static ALWAYS_INLINE int hot_dest(collector *c, const hot *h, const term_t *p)
{
    uintptr_t a = (uintptr_t)p;
    if (a - h->young_start < h->young_bytes)
        return a < h->young_hw ? h->mature_dest : TO_YOUNG;
    return dest_of_area(c, a);
}

/* ---- GC-stress checks ------------------------------------------------------
 * A GC-stress build (DBGSH_GC_STRESS, config.h) checks every pointer the
 * collector meets, in a root or in a copied object, before following it: a
 * pointer into the collected area must land on an object inside the words
 * in use (a valid header word or a forwarding word; a cons cell of two
 * terms), and a pointer outside it (a literal, the old heap in a minor
 * collection, a message not received yet) on a valid object too. Reading
 * the target is what lets AddressSanitizer catch a pointer into a freed
 * block; without ASan, freed blocks hold HEAP_POISON_WORD (heap.c). A
 * failed check aborts saying what was wrong: a missing root, a term held
 * in C across a collection, a stale register. */
#if DBGSH_GC_STRESS
static void stress_fail(const char *what, const term_t *slot, term_t t)
{
    fprintf(stderr, "dbgsh: gc stress: %s: word %p holds %#llx\n", what, (const void *)slot,
            (unsigned long long)t);
    abort();
}

/* A header word of an object kind that exists (not subtag 0001, reserved
 * for match states and HEAP_POISON_WORD's) and of a size a heap can
 * hold. */
static bool valid_header(term_t h)
{
    unsigned sub = header_subtag(h);
    return term_is_header(h) && sub != (0x1u << 2) &&
           header_arity(h) < (UINT64_C(1) << 40);
}

/* The end of the words in use of the collected block holding `a`. */
static uintptr_t used_end_of(const collector *c, uintptr_t a)
{
    if (a >= c->young_start && a < c->young_end)
        return c->young_used_end;
    for (size_t i = 0; i < c->nareas; i++)
        if (a >= c->areas[i].start && a < c->areas[i].end)
            return c->areas[i].used_end;
    return 0;
}

/* Whether `t` points at a copy made by this collection. */
static bool in_to_space(const collector *c, term_t t)
{
    const term_t *p = term_is_list(t) ? list_ptr(t) : boxed_ptr(t);
    for (int d = TO_YOUNG; d <= TO_OLD; d++)
        if (c->base[d] && p >= c->base[d] && p < c->top[d])
            return true;
    return false;
}

/* Checks the object pointer `t` found in `slot`; `d` is where it goes. */
static void check_pointer(const collector *c, const term_t *slot, term_t t, int d)
{
    const volatile term_t *p = term_is_list(t) ? list_ptr(t) : boxed_ptr(t);
    uintptr_t a = (uintptr_t)p, end = d == NOT_MOVED ? UINTPTR_MAX : used_end_of(c, a);
    if (a + (term_is_list(t) ? 2 : 1) * sizeof(term_t) > end)
        stress_fail("pointer past the words in use of its heap block", slot, t);
    term_t w0 = p[0];
    if (w0 == HEAP_POISON_WORD)
        stress_fail("pointer into a freed heap block", slot, t);
    if (term_is_list(t)) {
        if (d != NOT_MOVED && w0 == THE_NON_VALUE) {
            if (!term_is_list(p[1]) || !in_to_space(c, p[1]))
                stress_fail("cons cell with a bad forwarding word", slot, t);
            return;
        }
        if (term_is_header(w0) || term_is_header(p[1]))
            stress_fail("list pointer to a word that is not a cons cell", slot, t);
        return;
    }
    if (d != NOT_MOVED && term_is_boxed(w0)) {
        if (!in_to_space(c, w0))
            stress_fail("bad forwarding word", slot, t);
        return;
    }
    if (!valid_header(w0))
        stress_fail("boxed pointer to a word that is not a header", slot, t);
    if (a + (1 + header_arity(w0)) * sizeof(term_t) > end)
        stress_fail("object runs past the words in use of its heap block", slot, t);
}
#define STRESS_CHECK(c, h, slot, t, d) (hot_done((c), (h)), check_pointer((c), (slot), (t), (d)))
#else
#define STRESS_CHECK(c, h, slot, t, d) ((void)0)
#endif

/* Forwarding. A moved boxed object's header word becomes the boxed term of
 * its copy (a header word never has the boxed tag). A moved cons cell's head
 * becomes THE_NON_VALUE (a header word, never a cons head) and its tail the
 * list term of its copy. */
static ALWAYS_INLINE void evacuate(collector *c, hot *h, term_t *slot)
{
    term_t t = *slot;
    if (term_is_list(t)) {
        term_t *p = list_ptr(t);
        int d = hot_dest(c, h, p);
        STRESS_CHECK(c, h, slot, t, d);
        if (d == NOT_MOVED)
            return;
        term_t head = p[0], tail = p[1];
        if (head == THE_NON_VALUE) {
            *slot = tail;
            return;
        }
        term_t *n = h->top[d];
        h->top[d] = n + 2;
        n[0] = head;
        n[1] = tail;
        p[0] = THE_NON_VALUE;
        p[1] = *slot = term_list(n);
    } else if (term_is_boxed(t)) {
        term_t *p = boxed_ptr(t);
        int d = hot_dest(c, h, p);
        STRESS_CHECK(c, h, slot, t, d);
        if (d == NOT_MOVED)
            return;
        term_t hdr = p[0];
        if (term_is_boxed(hdr)) {
            *slot = hdr;
            return;
        }
        size_t size = 1 + (size_t)header_arity(hdr);
        term_t *n = h->top[d];
        h->top[d] = n + size;
        n[0] = hdr;
        for (size_t i = 1; i < size; i++)
            n[i] = p[i];
        p[0] = *slot = term_boxed(n);
    }
}

/* Cheney scan of destination `d` from `scan` until it catches up with the
 * destination's top; returns where it stopped. The scan goes object by
 * object, so a word that is not a header starts a cons cell: both its
 * words are terms. */
static term_t *scan_copies(collector *c, term_t *scan, int d)
{
    hot h = hot_of(c);
    while (scan < h.top[d]) {
        if (term_is_header(*scan)) {
            size_t first, size = heap_object_layout(scan, &first);
            if (header_subtag(*scan) == HDR_FUN)
                evacuate(c, &h, scan + HEAP_FUN_CREATOR_WORD);
            for (size_t i = first; i < size; i++)
                evacuate(c, &h, scan + i);
            scan += size;
        } else {
            evacuate(c, &h, scan);
            evacuate(c, &h, scan + 1);
            scan += 2;
        }
    }
    hot_done(c, &h);
    return scan;
}

/* Copies what the roots reach; `old_scan` is where promoted copies start. */
static void copy_live(collector *c, gc_root *roots, size_t nroots, term_t *young_scan, term_t *old_scan)
{
    hot h = hot_of(c);
    for (size_t r = 0; r < nroots; r++)
        for (size_t i = 0; i < roots[r].n; i++)
            evacuate(c, &h, roots[r].start + i);
    hot_done(c, &h);
    while (young_scan < c->top[TO_YOUNG] || (old_scan && old_scan < c->top[TO_OLD])) {
        young_scan = scan_copies(c, young_scan, TO_YOUNG);
        if (old_scan)
            old_scan = scan_copies(c, old_scan, TO_OLD);
    }
}

/* Goes through an off-heap list of the collected area: a handle that was
 * copied joins the list of the heap its copy is in, one that was not is
 * dead and gives back what it held (its binary, its magic count). Handles outside the collected area stay, on
 * `young`'s list. */
static void sweep_offheap(collector *c, offheap_hdr *list, heap_t *young, heap_t *old,
                          const heap_block *young_to)
{
    uintptr_t ys = (uintptr_t)young_to->mem, ye = (uintptr_t)(young_to->mem + young_to->words);
    hot h = hot_of(c);
    for (offheap_hdr *o = list, *next; o; o = next) {
        next = o->next;
        if (hot_dest(c, &h, (const term_t *)(void *)o) == NOT_MOVED) {
            heap_link_offheap(young, o);
        } else if (term_is_boxed(o->header)) {
            offheap_hdr *n = (offheap_hdr *)(void *)boxed_ptr(o->header);
            uintptr_t a = (uintptr_t)n;
            heap_link_offheap(a >= ys && a < ye ? young : old, n);
        } else {
            heap_release_offheap_obj(o);
        }
    }
}

/* The collected areas other than the young heap block: heap fragments (to
 * the young heap), and for a major collection the old heap. */
static void add_areas(collector *c, const heap_t *young, const heap_block *yb, const heap_t *old)
{
    size_t n = 1;
    for (const heap_block *b = young->blocks; b; b = b->next)
        n++;
    c->areas = alloc_new(ALLOC_TEMP, n * sizeof *c->areas);
    c->nareas = 0;
    for (const heap_block *b = young->blocks; b; b = b->next) {
        if (b != yb)
            c->areas[c->nareas++] = (area){(uintptr_t)b->mem, (uintptr_t)(b->mem + b->words),
                                           (uintptr_t)(b->mem + heap_block_used(young, b)), TO_YOUNG};
    }
    if (old && old->blocks) {
        const heap_block *ob = old->blocks;
        c->areas[c->nareas++] = (area){(uintptr_t)ob->mem, (uintptr_t)(ob->mem + ob->words),
                                       (uintptr_t)(ob->mem + heap_block_used(old, ob)), TO_YOUNG};
    }
    c->young_used_end = (uintptr_t)(yb->mem + heap_block_used(young, yb));
    qsort(c->areas, c->nareas, sizeof *c->areas, compare_areas);
    static const area none = {0, 0, 0, NOT_MOVED};
    c->last = c->nareas ? &c->areas[0] : &none;
    c->lo = c->nareas ? c->areas[0].start : 0;
    c->hi = c->nareas ? c->areas[c->nareas - 1].end : 0;
    c->areas_cap = n;
}

static void free_areas(collector *c) { alloc_free(ALLOC_TEMP, c->areas, c->areas_cap * sizeof *c->areas); }

/* ---- the young heap block after a collection ------------------------------------ */

static void install_young(heap_t *young, gc_state *gc, heap_block *b, size_t used)
{
    heap_replace_blocks(young, b, used);
    young->next_words = HEAP_BLOCK_WORDS; /* overflow fragments start small again */
    gc->young_heap = b->mem;
    gc->young_words = b->words;
    gc->high_water = young->top;
}

static inline void offset_word(term_t *w, uintptr_t lo, uintptr_t hi, uint64_t delta)
{
    term_t t = *w;
    if (term_is_list(t) || term_is_boxed(t)) {
        uintptr_t a = (uintptr_t)(t & ~(term_t)TAG_PRIMARY_MASK);
        if (a >= lo && a < hi)
            *w = t + delta;
    }
}

void gc_offset_pointers(gc_root *roots, size_t nroots, term_t *start, term_t *end, uintptr_t lo, uintptr_t hi,
                        uint64_t delta)
{
    for (size_t r = 0; r < nroots; r++)
        for (size_t i = 0; i < roots[r].n; i++)
            offset_word(roots[r].start + i, lo, hi, delta);
    for (term_t *p = start; p < end;) {
        if (term_is_header(*p)) {
            size_t first, size = heap_object_layout(p, &first);
            if (header_subtag(*p) == HDR_FUN)
                offset_word(p + HEAP_FUN_CREATOR_WORD, lo, hi, delta);
            for (size_t i = first; i < size; i++)
                offset_word(p + i, lo, hi, delta);
            p += size;
        } else {
            offset_word(p, lo, hi, delta);
            p++;
        }
    }
}

/* Resizes the young heap (one block, as a collection leaves it) to `words`
 * words. A realloc shrinks in place as a rule; when the block moves, every
 * pointer into it is redirected: roots, the heap's own words, the off-heap
 * list. Nothing else points into it: the old heap never points into the
 * young one. */
static void resize_young(heap_t *young, gc_state *gc, gc_root *roots, size_t nroots, size_t words)
{
    heap_block *ob = young->blocks;
    size_t used = (size_t)(young->top - ob->mem);
    size_t hw = (size_t)(gc->high_water - ob->mem);
    uintptr_t lo = (uintptr_t)ob->mem, hi = (uintptr_t)(ob->mem + used);
    uint64_t delta = (uint64_t)heap_resize_block(young, words);
    heap_block *nb = young->blocks;
    if (delta) {
        gc_offset_pointers(roots, nroots, nb->mem, nb->mem + used, lo, hi, delta);
        for (offheap_hdr **pp = &young->offheap; *pp; pp = &(*pp)->next) {
            uintptr_t a = (uintptr_t)*pp;
            if (a >= lo && a < hi)
                *pp = (offheap_hdr *)(a + (uintptr_t)delta);
        }
    }
    young->next_words = HEAP_BLOCK_WORDS;
    gc->young_heap = nb->mem;
    gc->young_words = nb->words;
    gc->high_water = nb->mem + hw;
}

/* ---- minor and major collections ------------------------------------------------ */

/* A minor collection, if the old heap can take what survived the last one
 * (allocating the old heap the first time there is something to promote);
 * false, with nothing done, when a major one must run instead. */
static bool collect_minor(heap_t *young, gc_state *gc, heap_block *yb, size_t ygen, gc_root *roots,
                          size_t nroots, size_t need, size_t stack)
{
    heap_t *old = &gc->old;
    size_t mature = (size_t)(gc->high_water - gc->young_heap), prev = gc->young_words;
    if (!old->blocks && mature) {
        size_t young_used = heap_block_used(young, yb);
        heap_replace_blocks(old, heap_block_new(ALLOC_OLD_HEAP, gc_next_heap_size(young_used, 1)), 0);
    }
    if (!old->blocks || mature > (size_t)(old->limit - old->top) ||
        old->offheap_bytes / sizeof(term_t) >= gc->bin_old_vheap_limit)
        return false;

    collector c;
    c.young_start = (uintptr_t)yb->mem;
    c.young_hw = (uintptr_t)gc->high_water;
    c.young_end = (uintptr_t)(yb->mem + yb->words);
    c.mature_dest = TO_OLD;
    add_areas(&c, young, yb, NULL);
    heap_block *nb = heap_block_new(ALLOC_HEAP, young_size(gc, ygen + stack, 0));
    c.top[TO_YOUNG] = c.base[TO_YOUNG] = nb->mem;
    c.top[TO_OLD] = c.base[TO_OLD] = old->top;
    copy_live(&c, roots, nroots, nb->mem, old->top);

    offheap_hdr *list = young->offheap;
    young->offheap = NULL;
    young->offheap_bytes = 0;
    sweep_offheap(&c, list, young, old, nb);
    old->top = c.top[TO_OLD];
    free_areas(&c);
    install_young(young, gc, nb, (size_t)(c.top[TO_YOUNG] - nb->mem));

    /* OTP's sizing after a minor collection: shrink a large heap that is
     * mostly empty (but not far below the old heap), grow one too small. */
    size_t size = gc->young_words, old_size = old->blocks->words;
    size_t need_after = (size_t)(young->top - gc->young_heap) + need + stack;
    if (size > 3000 && 4 * need_after < size && (size > 8000 || size > old_size)) {
        size_t wanted = 3 * need_after;
        if (wanted * 9 < old_size && old_size / 8 > wanted)
            wanted = old_size / 8;
        wanted = wanted < gc->min_heap_words ? gc->min_heap_words : young_size(gc, wanted, 0);
        if (wanted < size)
            resize_young(young, gc, roots, nroots, wanted);
    } else if (need_after > size) {
        resize_young(young, gc, roots, nroots, young_size(gc, need_after, 0));
    } else if (size > prev && 4 * need_after <= 3 * prev) {
        /* The new block was sized for all the young generation held, heap
         * fragments of messages already handled among it; what survived
         * fits the size it had, so back to that (a realloc in place), or a
         * process that receives would grow its heap a step at every
         * collection. */
        resize_young(young, gc, roots, nroots, prev);
    }

    gc->bin_vheap = young->offheap_bytes;
    gc->bin_old_vheap = old->offheap_bytes;
    gc->bin_vheap_limit = next_vheap_limit(gc, gc->bin_vheap / sizeof(term_t), gc->bin_vheap_limit);
    gc->bin_old_vheap_limit =
        next_vheap_limit(gc, gc->bin_old_vheap / sizeof(term_t), gc->bin_old_vheap_limit);
    return true;
}

static void collect_major(heap_t *young, gc_state *gc, heap_block *yb, size_t ygen, gc_root *roots,
                          size_t nroots, size_t need, size_t stack)
{
    heap_t *old = &gc->old;
    size_t old_used = old->blocks ? (size_t)(old->top - old->blocks->mem) : 0;
    uint64_t vheap_before = young->offheap_bytes / sizeof(term_t);
    size_t words = young_size(gc, ygen + old_used + stack, 0);
    if (words == gc->young_words && gc->grow_next)
        words = young_size(gc, gc->young_words, 1);
    gc->grow_next = false;

    collector c;
    c.young_start = (uintptr_t)yb->mem;
    c.young_hw = c.young_start;
    c.young_end = (uintptr_t)(yb->mem + yb->words);
    c.mature_dest = TO_YOUNG;
    add_areas(&c, young, yb, old);
    heap_block *nb = heap_block_new(ALLOC_HEAP, words);
    c.top[TO_YOUNG] = c.base[TO_YOUNG] = nb->mem;
    c.top[TO_OLD] = c.base[TO_OLD] = NULL;
    copy_live(&c, roots, nroots, nb->mem, NULL);

    offheap_hdr *ylist = young->offheap, *olist = old->offheap;
    young->offheap = old->offheap = NULL;
    young->offheap_bytes = old->offheap_bytes = 0;
    sweep_offheap(&c, ylist, young, young, nb);
    sweep_offheap(&c, olist, young, young, nb);
    free_areas(&c);
    heap_replace_blocks(old, NULL, 0);
    install_young(young, gc, nb, (size_t)(c.top[TO_YOUNG] - nb->mem));

    /* OTP's adjust_after_fullsweep: grow to fit `need`, grow at the next
     * major when over 75% full, shrink when under 25% full. */
    size_t size = gc->young_words;
    size_t need_after = (size_t)(young->top - gc->young_heap) + need + stack;
    if (size < need_after) {
        resize_young(young, gc, roots, nroots, young_size(gc, need_after, 0));
    } else if (3 * size < 4 * need_after) {
        gc->grow_next = true;
    } else if (4 * need_after < size && size > GC_MIN_HEAP_WORDS) {
        size_t wanted = 2 * need_after;
        wanted = wanted < gc->min_heap_words ? gc->min_heap_words : young_size(gc, wanted, 0);
        if (wanted < size)
            resize_young(young, gc, roots, nroots, wanted);
    }

    gc->bin_vheap = young->offheap_bytes;
    gc->bin_old_vheap = 0;
    gc->bin_old_vheap_limit = next_vheap_limit(gc, vheap_before, gc->bin_old_vheap_limit);
    gc->bin_vheap_limit = next_vheap_limit(gc, gc->bin_vheap / sizeof(term_t), gc->bin_vheap_limit);
}

gc_kind gc_collect(heap_t *young, gc_state *gc, gc_root *roots, size_t nroots, size_t need, bool major,
                   gc_info *before, gc_info *after)
{
    ASSERT(young->blocks && gc->young_heap);
    heap_block *yb = find_young_block(young, gc);
    size_t ygen = heap_used_words(young);
    size_t old_before = heap_used_words(&gc->old);
    if (before) {
        gc_info_get(young, gc, 0, before);
        before->wordsize = need;
    }

#if DBGSH_GC_STRESS
    /* both paths (gc.h, GC_STRESS_RATIO): minor, minor, major, ... so that a
     * minor collection runs with an old heap both empty and in use */
    gc->stress_since_major += ygen - (size_t)(gc->high_water - gc->young_heap);
    if (gc->stress_live < GC_STRESS_RATIO ? (gc->minor_count + gc->major_count) % 3 == 2
                                          : gc->stress_since_major * 4 >= gc->stress_live)
        major = true;
#endif
    /* The heap is sized for the root words too, as OTP sizes a heap block
     * for the stack it shares: a collection scans every root, so a deep
     * stack with a heap sized for the live data alone (a body-recursive
     * loop that allocates little) would be scanned whole every few hundred
     * words allocated, a cost quadratic in its depth. */
    size_t stack = 0;
    for (size_t r = 0; r < nroots; r++)
        stack += roots[r].n;
    gc_kind kind = GC_MAJOR;
    if (!major && gc->minor_since_major < gc->fullsweep_after)
        kind = collect_minor(young, gc, yb, ygen, roots, nroots, need, stack) ? GC_MINOR : GC_MINOR_TO_MAJOR;
    size_t size_before = ygen, size_after = heap_used_words(young);
    if (kind == GC_MINOR) {
        size_after += heap_used_words(&gc->old) - old_before;
        gc->minor_count++;
        gc->minor_since_major++;
    } else {
        collect_major(young, gc, yb, ygen, roots, nroots, need, stack);
        size_before += old_before;
        size_after = heap_used_words(young);
        gc->major_count++;
        gc->minor_since_major = 0;
    }

#if DBGSH_GC_STRESS
    if (kind != GC_MINOR)
        gc->stress_since_major = 0;
    gc->stress_roots = 0;
    for (size_t r = 0; r < nroots; r++)
        gc->stress_roots += roots[r].n;
    gc->stress_live = gc->stress_roots + heap_used_words(young) + heap_used_words(&gc->old);
#endif
    if (after) {
        gc_info_get(young, gc, 0, after);
        after->wordsize = size_before > size_after ? size_before - size_after : 0;
    }
    return kind;
}

/* ---- pointers into a foreign area ------------------------------------------------- */

/* Whether word w points into the len bytes from lo (a list or boxed term:
 * primary tag 01 or 10). One subtraction and two compares a word. */
static inline bool points_into(term_t w, uintptr_t lo, uint64_t len)
{
    return (uint64_t)(w - lo) < len && (w & TAG_PRIMARY_MASK) - 1u < 2u;
}

static bool words_point_into(const term_t *p, const term_t *end, uintptr_t lo, uint64_t len)
{
    bool hit = false;
    for (; p < end; p++)
        hit |= points_into(*p, lo, len);
    return hit;
}

bool gc_reaches(const heap_t *young, const gc_state *gc, const gc_root *roots, size_t nroots,
                const term_t *lo, const term_t *hi)
{
    uintptr_t start = (uintptr_t)lo;
    uint64_t len = (uint64_t)((uintptr_t)hi - start);
    for (size_t r = 0; r < nroots; r++)
        if (words_point_into(roots[r].start, roots[r].start + roots[r].n, start, len))
            return true;
    for (const heap_block *b = young->blocks; b; b = b->next)
        if (words_point_into(b->mem, b->mem + heap_block_used(young, b), start, len))
            return true;
    const heap_block *ob = gc->old.blocks;
    return ob && words_point_into(ob->mem, ob->mem + heap_block_used(&gc->old, ob), start, len);
}
