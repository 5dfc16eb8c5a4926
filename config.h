/* config.h: every build knob of dbgsh, in one place.
 * Each knob can be overridden from the compiler command line
 * (make CFLAGS+=-DKNOB=value); the defaults below are what `make` builds. */
#ifndef DBGSH_CONFIG_H
#define DBGSH_CONFIG_H

#define DBGSH_VERSION "0.1.0"

/* DBGSH_DEBUG: 1 turns on ASSERT() and the tag checks in every term
 * accessor of vm/term.h. `make` builds with 0; `make check`, `make tsan` and
 * the unit tests build with 1. */
#ifndef DBGSH_DEBUG
#define DBGSH_DEBUG 0
#endif

/* ATOM_TABLE_LIMIT: the most atoms the atom table holds, like OTP's +t
 * default. Creating one more is a system_limit error, never a crash. */
#ifndef ATOM_TABLE_LIMIT
#define ATOM_TABLE_LIMIT 1048576
#endif

/* ATOM_MAX_CHARS: longest atom in characters (OTP: 255). */
#ifndef ATOM_MAX_CHARS
#define ATOM_MAX_CHARS 255
#endif

/* HEAP_BLOCK_WORDS: words in the first block of a term heap (heap_t);
 * later blocks double up to HEAP_BLOCK_MAX_WORDS. */
#ifndef HEAP_BLOCK_WORDS
#define HEAP_BLOCK_WORDS 1024
#endif
#ifndef HEAP_BLOCK_MAX_WORDS
#define HEAP_BLOCK_MAX_WORDS (1u << 20)
#endif

/* ALLOC_MMAP_THRESHOLD: blocks below this many bytes come from malloc's
 * arenas, not from a mapping of their own (glibc's M_MMAP_THRESHOLD, set
 * once by alloc_configure). glibc learns its threshold from the blocks it
 * unmaps, but a young heap is mapped at one size and shrunk before it is
 * freed, so it never learns, and every collection mapped and faulted in a
 * fresh heap. 32 MB is the ceiling of glibc's own learning. 0: leave
 * malloc as it is. */
#ifndef ALLOC_MMAP_THRESHOLD
#define ALLOC_MMAP_THRESHOLD (32u << 20)
#endif

/* ALLOC_TOP_PAD: bytes of address space malloc readies beyond what it
 * needs when an arena grows (glibc's M_TOP_PAD, set by alloc_configure).
 * A scheduler thread's arena is a reserved region that glibc makes
 * writable with one mprotect per growth; at its default (128 KB, used
 * only when the region is made) spawning 20,000 processes took 20,000
 * mprotect calls. 64 MB, the size of such a region, readies it whole
 * when it is made: address space only, no page is touched. 0: leave
 * malloc as it is. */
#ifndef ALLOC_TOP_PAD
#define ALLOC_TOP_PAD (64u << 20)
#endif

/* ALLOC_TRIM_AFTER, ALLOC_TRIM_INTERVAL_MS: a scheduler with nothing to
 * run gives malloc's free pages back to the system (malloc_trim) once this
 * many bytes have been freed since the last time, and at most once per
 * interval, so that dbgsh shrinks again after a flood of processes or
 * messages has ended (vm/alloc.c, alloc_give_back). A trim walks malloc's
 * free chunks and the pages it returns fault in again when used, hence
 * the two bounds. ALLOC_TRIM_AFTER 0: never trim. */
#ifndef ALLOC_TRIM_AFTER
#define ALLOC_TRIM_AFTER (32u << 20)
#endif
#ifndef ALLOC_TRIM_INTERVAL_MS
#define ALLOC_TRIM_INTERVAL_MS 1000
#endif

/* HEAP_BIN_LIMIT: binaries up to this many bytes live on the heap; larger
 * ones are reference-counted off-heap (OTP: 64). */
#ifndef HEAP_BIN_LIMIT
#define HEAP_BIN_LIMIT 64
#endif

/* MAP_SMALL_LIMIT: maps with at most this many keys use the small sorted
 * form; larger ones use the hash-trie form (OTP: 32). */
#ifndef MAP_SMALL_LIMIT
#define MAP_SMALL_LIMIT 32
#endif

/* TERM_MAX_DEPTH: deepest nesting the term reader and binary_to_term
 * accept before answering system_limit. Term walkers use explicit stacks,
 * so this bounds memory, not the C stack. */
#ifndef TERM_MAX_DEPTH
#define TERM_MAX_DEPTH 1000000
#endif

/* READ_BIN_MAX_BITS: the longest binary the term reader builds from a
 * literal such as <<0:4000000000>>; longer is "bad term" (erl would try).
 * `make fuzz` lowers it to 2^20 bits, so that a few bytes of text cannot
 * ask for gigabytes (docs/internals/fuzzing.md). */
#ifndef READ_BIN_MAX_BITS
#define READ_BIN_MAX_BITS (UINT64_C(1) << 34)
#endif

/* FMT_LINE_LENGTH: default line length of ~p, as io_lib_pretty. */
#ifndef FMT_LINE_LENGTH
#define FMT_LINE_LENGTH 80
#endif

/* DBGSH_GC_STRESS: 1 builds the GC-stress VM (`make gcstress`): a process
 * collects at every safe point (vm/gc.h: GC_STRESS_RATIO paces big ones),
 * minor and major collections alternate, the collector checks every pointer
 * it follows, and freed heap blocks and dead registers are poisoned. Slow;
 * for testing only. */
#ifndef DBGSH_GC_STRESS
#define DBGSH_GC_STRESS 0
#endif

/* INTERP_GC_CHECK_MASK: a function entry asks whether its process should
 * collect when (reductions left & mask) == 0, so every (mask + 1)th entry;
 * heap fragments absorb what is allocated in between. 0 under GC stress. */
#ifndef INTERP_GC_CHECK_MASK
#define INTERP_GC_CHECK_MASK (DBGSH_GC_STRESS ? 0 : 15)
#endif

/* REPORT_MAX_IN_FLIGHT: the most emulator reports (a process's crash,
 * one over its max_heap_size) being logged at once (vm/report.c); more are
 * dropped, so that a flood of crashes cannot fill the process table with
 * the processes that log them. */
#ifndef REPORT_MAX_IN_FLIGHT
#define REPORT_MAX_IN_FLIGHT 1000
#endif

/* REPORT_SETTLE_MS: how long the VM's end (vm_halt, off the schedulers)
 * waits at most for the emulator reports still being logged. */
#ifndef REPORT_SETTLE_MS
#define REPORT_SETTLE_MS 2000
#endif

#endif
