/* alloc.h: the VM's one allocation choke point. Every allocation names its
 * type (alloc_types.def), and is counted by type, allocator, class and in
 * total, per thread and summed on read: instrument's memory status. In
 * allocation-map mode each block also carries a header (type, size, owner)
 * and sits on a list, so the whole map can be read: instrument's memory data.
 * Ownership: the caller owns what it allocates and frees it with the same
 * type and size. Out of memory is fatal: "dbgsh: out of memory", exit(70),
 * except through alloc_try_new.
 * The mechanism is written down in docs/internals/instrument.md. */
#ifndef VM_ALLOC_H
#define VM_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The allocator families, named as OTP's erts_alloc(3) allocators. */
#define ALLOC_ALLOCATORS(A)                                                                                  \
    A(eheap_alloc)                                                                                           \
    A(fix_alloc) A(binary_alloc) A(ll_alloc) A(literal_alloc) A(std_alloc) A(sl_alloc) A(temp_alloc)         \
        A(sys_alloc) A(ets_alloc)
/* instrument's memory classes. */
#define ALLOC_CLASSES(C) C(process_data) C(binary_data) C(atom_data) C(code_data) C(system_data)

typedef enum alloc_type {
#define X(name, type, allocator, class) ALLOC_##name,
#include "alloc_types.def"
#undef X
    ALLOC_TYPE_COUNT
} alloc_type;

typedef enum alloc_allocator {
#define A(name) ALLOC_A_##name,
    ALLOC_ALLOCATORS(A)
#undef A
        ALLOC_ALLOCATOR_COUNT
} alloc_allocator;

typedef enum alloc_class {
#define C(name) ALLOC_C_##name,
    ALLOC_CLASSES(C)
#undef C
        ALLOC_CLASS_COUNT
} alloc_class;

/* Chooses the modes, once, before the first allocation (main does it from
 * +Mis/+Mim/--mem-map): `status` keeps the counters (on by default), `map`
 * gives every block a header and keeps the map (implies status). False,
 * and nothing changes, when something was allocated already. It also sets
 * malloc's mmap threshold to ALLOC_MMAP_THRESHOLD (config.h). */
bool alloc_configure(bool status, bool map);
bool alloc_status_enabled(void);
bool alloc_map_enabled(void);

void *alloc_new(alloc_type type, size_t size);
void *alloc_zeroed(alloc_type type, size_t size);
/* As alloc_new, but NULL, with nothing counted, where alloc_new would end
 * dbgsh: for a block whose size the program chose (a binary's bytes), so
 * that an impossible request fails the process that made it, not the VM.
 * A size above the machine's memory is refused without asking the C
 * allocator, which may promise it (overcommit) and fail only when the
 * pages are touched, and which aborts on it in a sanitizer build. */
void *alloc_try_new(alloc_type type, size_t size);
void *alloc_resize(alloc_type type, void *p, size_t old_size, size_t new_size);
void alloc_free(alloc_type type, void *p, size_t size);
/* Gives the C allocator's free pages back to the system (malloc_trim)
 * when ALLOC_TRIM_AFTER bytes have been freed since the last time and the
 * last time is ALLOC_TRIM_INTERVAL_MS ago (config.h); true when it did.
 * Any thread may call it; schedulers do when they run out of work. */
bool alloc_give_back(void);
/* Blocks that carry their size in front, for a library whose free is
 * given no size (PCRE2's general contexts): alloc_sized_new fails as
 * alloc_try_new (NULL); alloc_sized_free takes NULL too. */
void *alloc_sized_new(alloc_type type, size_t size);
void alloc_sized_free(alloc_type type, void *p);

/* For the per-thread caches of freed blocks that some modules keep for
 * reuse (process shells, minimum young heaps): a cached block stays
 * allocated and counted under its type, and an AddressSanitizer build
 * marks it unusable while it is cached (alloc_poison), so a stale pointer
 * into it is still caught; alloc_unpoison when it is taken again. Caches
 * are bypassed in map mode (alloc_map_enabled): every block there is
 * freed for real, with its owner and its free checked. */
#if defined(__SANITIZE_ADDRESS__)
#define ALLOC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ALLOC_ASAN 1
#endif
#endif
#ifdef ALLOC_ASAN
#include <sanitizer/asan_interface.h>
static inline void alloc_poison(void *p, size_t size) { __asan_poison_memory_region(p, size); }
static inline void alloc_unpoison(void *p, size_t size) { __asan_unpoison_memory_region(p, size); }
#else
static inline void alloc_poison(void *p, size_t size) { (void)p, (void)size; }
static inline void alloc_unpoison(void *p, size_t size) { (void)p, (void)size; }
#endif

/* The pid (a term) of the process this thread runs, recorded as the owner
 * of what it allocates in map mode; 0 when no process runs. The scheduler
 * sets it around each slice. */
extern _Thread_local uint64_t alloc_owner;
static inline void alloc_set_owner(uint64_t pid) { alloc_owner = pid; }

/* A growable byte buffer on ALLOC_TEMP, for text C code builds: start it
 * zeroed ({0}), append with alloc_buf_put, release with alloc_buf_free
 * (which leaves it zeroed again). `p` is NULL while nothing was put. */
typedef struct alloc_buf {
    char *p;
    size_t n, cap;
} alloc_buf;
void alloc_buf_put(alloc_buf *b, const void *s, size_t n);
void alloc_buf_free(alloc_buf *b);

/* A C string of `type` holding s[0..n) up to its first NUL, if any (so
 * that its size is always strlen + 1); free it with alloc_strfree and the
 * same type. */
char *alloc_strndup(alloc_type type, const char *s, size_t n);
/* alloc_strndup of the whole of s. */
char *alloc_strdup(alloc_type type, const char *s);
/* Frees a string made by alloc_strndup; NULL is nothing. */
void alloc_strfree(alloc_type type, char *s);

/* Current figures for one type; safe from any thread. size and blocks are
 * exact; max_size is the most the type held at once, as instrument.md says
 * (blocks under 64 KiB may be missed in a short peak). */
typedef struct alloc_stat {
    uint64_t size;   /* bytes currently allocated */
    uint64_t blocks; /* blocks currently allocated */
    uint64_t max_size;
} alloc_stat;
void alloc_get_stat(alloc_type type, alloc_stat *out);

const char *alloc_type_name(alloc_type type); /* instrument's name: "heap" */
const char *alloc_type_class(alloc_type type);
const char *alloc_type_allocator(alloc_type type);
const char *alloc_allocator_name(alloc_allocator a);
const char *alloc_class_name(alloc_class c);

/* ---- memory status: instrument:memory_status/1 ----------------------------- */

typedef enum alloc_status_kind {
    ALLOC_STATUS_TOTAL,
    ALLOC_STATUS_ALLOCATORS,
    ALLOC_STATUS_CLASSES,
    ALLOC_STATUS_TYPES,
    ALLOC_STATUS_KINDS
} alloc_status_kind;

/* Current, the maximum since the last read of the same kind, the maximum
 * ever. */
typedef struct alloc_figure {
    uint64_t cur, max_since, max_ever;
} alloc_figure;

typedef struct alloc_status_row {
    const char *name; /* "total", an allocator, a class or a type */
    alloc_figure sizes, blocks;
} alloc_status_row;

/* The rows of one kind (1 for total, else one per allocator, class or type
 * in their order), written to out[0..n) with n returned; out must hold
 * ALLOC_TYPE_COUNT rows. Starts a new "since last" period for that kind.
 * 0 when the counters are off. */
size_t alloc_status(alloc_status_kind kind, alloc_status_row *out);

/* ---- memory map: instrument:memory_data/0 ---------------------------------- */

#define ALLOC_MAP_HEADER_SIZE 48 /* bytes before each block in map mode */

typedef struct alloc_map_block {
    uintptr_t addr; /* the block as its user sees it */
    uint64_t size;  /* as requested */
    uint64_t owner; /* alloc_owner when it was allocated (0: none) */
    alloc_type type;
} alloc_map_block;

/* Every live block at one instant (other threads' allocations wait
 * meanwhile), in no particular order. *out is plain malloc'd, for
 * alloc_map_release: it cannot be a typed block, the map is locked while it
 * is filled. Returns the count; with map mode off, 0 and *out NULL. */
size_t alloc_map_snapshot(alloc_map_block **out);
void alloc_map_release(alloc_map_block *blocks);

#endif
