/* gc.h: the generational copying garbage collector of process heaps.
 * A process heap is a young generation (a heap_t: its young heap block,
 * the one gc_state.young_heap points to, plus heap fragments: received
 * messages and allocations that overflowed the block) and an old
 * generation (gc_state.old, one block). A minor collection copies what is
 * live in the young generation: objects that already survived one
 * collection (below the high-water mark) go to the old heap, the rest to a
 * fresh young heap. A major collection copies everything live into a fresh
 * young heap and frees the old one. Terms outside both generations (code
 * literals, other heaps) are left where they are and not followed.
 * The GC runs only when its caller asks (gc_collect); allocation never
 * collects, so C code may hold terms across any allocation. Ownership:
 * gc_state owns the old generation; docs/internals/gc.md has the design. */
#ifndef VM_GC_H
#define VM_GC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"
#include "term.h"

/* OTP's defaults: min_heap_size (H_MIN_SIZE), min_bin_vheap_size,
 * fullsweep_after. */
#define GC_MIN_HEAP_WORDS 233
#define GC_MIN_VHEAP_WORDS 46422
#define GC_FULLSWEEP_AFTER 65535

/* OTP's max_heap_size: a process whose heap and stack reach more than
 * `words` words when it is about to collect is reported (`log`: the error
 * logger's report; with garbage_collection tracing, gc_max_heap_size) and,
 * with `kill`, exits with reason killed instead of collecting. 0 words: no
 * limit. The largest size is OTP's, GC_MAX_HEAP_LIMIT (MAX_SMALL). */
typedef struct gc_max_heap {
    uint64_t words;
    bool kill, log;
} gc_max_heap;
#define GC_MAX_HEAP_LIMIT ((UINT64_C(1) << 59) - 1)

/* The options of a process's collector that spawn_opt/2, process_flag/2
 * and erlang:system_flag/2 set, as given (gc_set_opts rounds the sizes
 * up as OTP does). */
typedef struct gc_opts {
    uint64_t min_heap_words, min_vheap_words;
    uint32_t fullsweep_after;
    gc_max_heap max_heap;
} gc_opts;

typedef struct gc_state {
    term_t *high_water; /* in the young heap block: objects below survived */
    heap_t old;         /* the old generation: no block, or exactly one */
    size_t min_heap_words;
    size_t young_words; /* size of the young heap block */
    term_t *young_heap; /* start of the young heap block */
    uint32_t minor_since_major;
    uint32_t fullsweep_after; /* OTP's default 65535 */
    gc_max_heap max_heap;
    uint64_t minor_count, major_count;
    uint64_t bin_vheap;           /* bytes of refc binaries referenced from young,
                                   * as of the last collection (the live figure is
                                   * young->offheap_bytes) */
    uint64_t bin_old_vheap;       /* ... from old */
    uint64_t bin_vheap_limit;     /* words: OTP's bin_vheap_block_size */
    uint64_t bin_old_vheap_limit; /* words: bin_old_vheap_block_size */
    uint64_t min_vheap_words;     /* OTP's min_bin_vheap_size */
    bool grow_next;               /* OTP's F_HEAP_GROW: the last major left the heap
                                   * over 75% full; the next major grows it */
    /* GC-stress builds (DBGSH_GC_STRESS): the pacing of gc_wanted and of
     * major collections, in words */
    size_t stress_roots;       /* root words at the last collection */
    size_t stress_live;        /* roots and heap words it kept */
    size_t stress_since_major; /* allocated since the last major collection */
} gc_state;

/* A range of root words; the collector updates them in place. Words that
 * are not pointers (immediates, header-tagged words) are left alone. */
typedef struct gc_root {
    term_t *start;
    size_t n;
} gc_root;

/* What OTP's gc_minor_start/gc_major_start trace events report, in words
 * (bin_* in words of binary data, as OTP). heap_size: words used in the
 * young heap block; heap_block_size: its size; old_heap_size/_block_size:
 * the same for the old heap (0 without one); stack_size: as passed in;
 * recent_size: words below the high-water mark (what survived the last
 * collection and is still in the young block); mbuf_size: words used in
 * heap fragments; bin_vheap_size: bytes of refc binaries on the young
 * generation's off-heap list / 8; bin_vheap_block_size: the binary volume
 * that triggers a collection (gc_wanted); bin_old_vheap_*: the same for
 * the old generation. wordsize: for the numbers before a collection the
 * `need` it was asked for, after it the words reclaimed (OTP's
 * gc_*_start/gc_*_end `wordsize`). */
typedef struct gc_info {
    uint64_t heap_size, heap_block_size;
    uint64_t old_heap_size, old_heap_block_size;
    uint64_t stack_size, recent_size, mbuf_size;
    uint64_t bin_vheap_size, bin_vheap_block_size;
    uint64_t bin_old_vheap_size, bin_old_vheap_block_size;
    uint64_t wordsize;
} gc_info;

/* What gc_collect did. GC_MINOR_TO_MAJOR: a minor collection was due but
 * the old heap had no room (or its binary volume was over its limit), so a
 * major one ran instead; OTP traces this as gc_minor_start, gc_minor_end
 * (nothing changed, wordsize 0), gc_major_start, gc_major_end. */
typedef enum gc_kind { GC_MINOR, GC_MAJOR, GC_MINOR_TO_MAJOR } gc_kind;

/* Initialises `young` (any previous content is ignored, not freed) as a
 * young generation of one block of min_heap_words words, rounded up along
 * OTP's heap size sequence (0 means OTP's default 233; less than 233 means
 * 233, as erl's min_heap_size option), and `gc` with no old heap, OTP's
 * default fullsweep_after and binary virtual heap sizes. */
void gc_init(heap_t *young, gc_state *gc, size_t min_heap_words);
/* min_heap_size `words` as a process gets it: rounded up along OTP's heap
 * size sequence, at least 233 words. */
uint64_t gc_min_heap_size(uint64_t words);
/* Sets gc's options from o: the minimum heap sizes rounded up along OTP's
 * heap size sequence and never below OTP's defaults (min_heap_size 233,
 * min_bin_vheap_size 46422), fullsweep_after and max_heap_size as given.
 * The young heap keeps its size until the next collection. */
void gc_set_opts(gc_state *gc, const gc_opts *o);
/* The options new processes start with (erlang:system_flag/2 sets them;
 * OTP's defaults until then). Safe from any thread. */
void gc_system_opts(gc_opts *out);
void gc_set_system_opts(const gc_opts *o);

/* Frees both generations and releases their off-heap handles. */
void gc_destroy(heap_t *young, gc_state *gc);

/* Collects the process heap `young` + `gc`. The live data is what the
 * `nroots` root ranges reach; every root word that points into either
 * generation is updated to the object's new address. Minor unless `major`
 * is true, gc->minor_since_major has reached gc->fullsweep_after, or the old
 * heap cannot take what is to be promoted. Afterwards the young generation
 * is one block with at least `need` free words, its size taken from OTP's
 * heap size sequence (grown or shrunk as OTP does, never below
 * gc->min_heap_words), and the high-water mark is at its top; refc
 * binaries no longer reachable are released. Sharing between and inside
 * roots is kept. Terms outside the two generations are neither moved nor
 * followed: they must not point into them. Every term held outside the
 * roots that pointed into the process heap is invalid afterwards. Fills
 * *before and *after (either may be NULL) with the gc_info numbers around
 * the collection; their stack_size is 0: the caller, which knows its
 * stack, fills it in before tracing them. Uses no C recursion; allocates
 * the new blocks through vm/alloc.h (out of memory is fatal). A GC-stress
 * build makes some minor collections major (GC_STRESS_RATIO) and aborts
 * with a message when a root or a copied object points at something that
 * is not an object (a missing root, a stale register). */
gc_kind gc_collect(heap_t *young, gc_state *gc, gc_root *roots, size_t nroots, size_t need, bool major,
                   gc_info *before, gc_info *after);

/* Whether a root word or a word in use in the process heap young + gc
 * (both generations, every block) points into [lo, hi): a foreign area, a
 * literal area about to be freed (vm/pterm.c). Conservative: every word is
 * read as if it were a term, so a raw word (a binary's bytes, a float)
 * that looks like such a pointer gives true, and so does garbage not yet
 * collected; false means that nothing the process holds points there. One
 * pass over the words, no allocation, no writes: a claimed process, or a
 * parked one, may be looked at (vm/sched.h). */
bool gc_reaches(const heap_t *young, const gc_state *gc, const gc_root *roots, size_t nroots,
                const term_t *lo, const term_t *hi);
/* Adds delta (bytes) to every pointer into [lo, hi) found in the root
 * words and in the words of [start, end), a walkable area (objects one
 * after another from start, every word of them written: a block as a
 * collection or copy_term leaves it), read object by object as the
 * collector reads them (heap_object_layout). For a block that moved, and
 * for a copy of a literal area taken onto a process heap. */
void gc_offset_pointers(gc_root *roots, size_t nroots, term_t *start, term_t *end, uintptr_t lo, uintptr_t hi,
                        uint64_t delta);

/* GC-stress pacing (DBGSH_GC_STRESS, config.h). A process collects at
 * every safe point while what a minor collection scans (its roots: the
 * register stack, ...; and the young survivors) is under GC_STRESS_RATIO
 * words; beyond that, once it has allocated 1/GC_STRESS_RATIO of it since
 * the last collection, so that a million-frame stack does not make every
 * call a full scan. Collections go minor, minor, major while everything
 * live is under GC_STRESS_RATIO words; beyond that, a major one runs once
 * a quarter of what is live has been allocated since the last (gc.c). */
#define GC_STRESS_RATIO 1024

/* True when the process should collect at its next safe point, its
 * registers in use `stack` words: its young heap block is full (allocation
 * went on in a fragment of its own), or the block's use, the heap
 * fragments' (received messages, BIF results) and the stack together reach
 * the block's size, as OTP's heap block holds the stack and its process
 * counts message buffers against the room left; or its refc binaries
 * exceed the binary virtual heap limit. In a GC-stress build also at any
 * fragment, and as GC_STRESS_RATIO says. A fragment alone is no reason:
 * every collection scans every root, and a process deep in a body
 * recursion that collected every few messages it received took time
 * quadratic in its depth (gc_collect sizes the block for the stack too). */
static inline bool gc_wanted(const heap_t *young, const gc_state *gc, size_t stack)
{
    if (young->blocks->mem != gc->young_heap || young->top == young->limit ||
        (size_t)(young->top - gc->young_heap) + young->rest_words + stack >= gc->young_words ||
        young->offheap_bytes / sizeof(term_t) > gc->bin_vheap_limit ||
        (DBGSH_GC_STRESS && young->blocks->next))
        return true;
#if DBGSH_GC_STRESS
    /* one block: the young heap block, where high_water is */
    size_t since = (size_t)(young->top - gc->high_water);
    size_t cost = gc->stress_roots + (size_t)(gc->high_water - gc->young_heap);
    return (since + 1) * GC_STRESS_RATIO > cost;
#else
    return false;
#endif
}

/* process_info's total_heap_size of gi: the young and old blocks and the
 * heap fragments, in words. */
static inline uint64_t gc_info_total_heap(const gc_info *gi)
{
    return gi->heap_block_size + gi->old_heap_block_size + gi->mbuf_size;
}

/* The current gc_info numbers of a process heap (wordsize 0). */
void gc_info_get(const heap_t *young, const gc_state *gc, size_t stack_words, gc_info *out);
/* gi as OTP's trace events and reports give it, on h: [{old_heap_block_size,
 * N}, {heap_block_size, N}, {mbuf_size, N}, {recent_size, N}, {stack_size,
 * N}, {old_heap_size, N}, {heap_size, N}, {bin_vheap_size, N},
 * {bin_vheap_block_size, N}, {bin_old_vheap_size, N},
 * {bin_old_vheap_block_size, N}], with {wordsize, W} in front when
 * `wordsize` is true (the gc_*_start and gc_*_end events). */
term_t gc_info_list(heap_t *h, const gc_info *gi, bool wordsize);

/* OTP's heap size sequence (erts_next_heap_size): the smallest size in it
 * that is >= words, moved `offset` steps further up. */
size_t gc_next_heap_size(size_t words, unsigned offset);

#endif
