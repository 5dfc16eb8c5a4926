/* alloc.c: typed allocation with always-on accounting and an optional
 * allocation map (alloc.h). Counting is per thread and per type, with no
 * lock: a thread folds a type's count into the shared rows (type,
 * allocator, class, total) under one lock only when it has moved a
 * quantum, and readers sum the rows and every thread's unfolded part.
 * docs/internals/instrument.md tells the whole story. */
#include "alloc.h"

#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "timer.h"

_Thread_local uint64_t alloc_owner;

/* ---- the rows: total, then allocators, classes and types ------------------- */

enum {
    ROW_TOTAL = 0,
    ROW_ALLOCATORS = 1,
    ROW_CLASSES = ROW_ALLOCATORS + ALLOC_ALLOCATOR_COUNT,
    ROW_TYPES = ROW_CLASSES + ALLOC_CLASS_COUNT,
    ROWS = ROW_TYPES + ALLOC_TYPE_COUNT
};

static const struct {
    const char *name, *allocator, *class;
    unsigned char allocator_no, class_no;
} types[] = {
#define X(name, type, allocator, class) {#type, #allocator, #class, ALLOC_A_##allocator, ALLOC_C_##class},
#include "alloc_types.def"
#undef X
};

static const char *const allocator_names[] = {
#define A(name) #name,
    ALLOC_ALLOCATORS(A)
#undef A
};

static const char *const class_names[] = {
#define C(name) #name,
    ALLOC_CLASSES(C)
#undef C
};

/* How far a thread's count of one type may move before it is folded into
 * the shared rows: it bounds how far a maximum can be off (instrument.md). */
#define FOLD_BYTES (64 * 1024)
#define FOLD_BLOCKS 64

enum { F_SIZE, F_BLOCKS, F_FIGURES };

/* One thread's unfolded counts: per type and figure, the change since its
 * last fold. Only the owner writes them (relaxed stores: plain moves);
 * readers read them under G.lock. The allocator, class and total rows are
 * sums of types, made when folding and reading. */
typedef struct local {
    _Atomic int64_t now[ALLOC_TYPE_COUNT][F_FIGURES];
    bool used;          /* a live thread has it (G.lock) */
    struct local *next; /* every one ever made (G.lock) */
} local;

typedef struct shared_row {
    int64_t now[F_FIGURES]; /* folded counts; the rest is in the locals */
    int64_t max_since[F_FIGURES], max_ever[F_FIGURES];
} shared_row;

static struct {
    pthread_mutex_t lock; /* rows, the list of locals, folding */
    shared_row rows[ROWS];
    local *locals;
    pthread_once_t once;
    pthread_key_t key; /* its destructor folds an exiting thread's counts */
    bool configured;
} G = {.lock = PTHREAD_MUTEX_INITIALIZER, .once = PTHREAD_ONCE_INIT};

static _Thread_local local *self;

/* Set once by alloc_configure before any thread but main exists. */
static bool status_on = true;
static bool map_on;

static void die_oom(size_t size)
{
    fprintf(stderr, "dbgsh: out of memory (allocating %zu bytes)\n", size);
    exit(70);
}

static int64_t get(_Atomic int64_t *v) { return atomic_load_explicit(v, memory_order_relaxed); }
static void set(_Atomic int64_t *v, int64_t x) { atomic_store_explicit(v, x, memory_order_relaxed); }

static void note_max(int64_t *max, int64_t v)
{
    if (v > *max)
        *max = v;
}

/* The four rows an allocation of `type` counts in. */
static void rows_of(alloc_type type, int rows[4])
{
    rows[0] = ROW_TOTAL;
    rows[1] = ROW_ALLOCATORS + types[type].allocator_no;
    rows[2] = ROW_CLASSES + types[type].class_no;
    rows[3] = ROW_TYPES + type;
}

/* Moves l's count of one type into the shared rows, whose new figures
 * count towards their maxima (G.lock held). */
static void fold_type(local *l, alloc_type type)
{
    int rows[4];
    rows_of(type, rows);
    for (int f = 0; f < F_FIGURES; f++) {
        int64_t d = get(&l->now[type][f]);
        set(&l->now[type][f], 0);
        for (int i = 0; i < 4; i++) {
            shared_row *s = &G.rows[rows[i]];
            s->now[f] += d;
            note_max(&s->max_ever[f], s->now[f]);
            note_max(&s->max_since[f], s->now[f]);
        }
    }
}

static void detach(void *arg)
{
    local *l = arg;
    pthread_mutex_lock(&G.lock);
    for (int t = 0; t < ALLOC_TYPE_COUNT; t++)
        fold_type(l, (alloc_type)t);
    l->used = false;
    pthread_mutex_unlock(&G.lock);
    self = NULL;
}

static void make_key(void)
{
    if (pthread_key_create(&G.key, detach) != 0)
        die_oom(sizeof(pthread_key_t));
}

/* This thread's local: a free one again, or a new one (never freed, so
 * there are at most as many as threads ever ran at once). */
static local *attach(void)
{
    pthread_once(&G.once, make_key);
    pthread_mutex_lock(&G.lock);
    local *l = G.locals;
    while (l && l->used)
        l = l->next;
    if (!l) {
        l = calloc(1, sizeof *l);
        if (!l)
            die_oom(sizeof *l);
        l->next = G.locals;
        G.locals = l;
    }
    l->used = true;
    pthread_mutex_unlock(&G.lock);
    pthread_setspecific(G.key, l);
    self = l;
    return l;
}

static __attribute__((noinline)) void fold_locked(local *l, alloc_type type)
{
    pthread_mutex_lock(&G.lock);
    fold_type(l, type);
    pthread_mutex_unlock(&G.lock);
}

/* The hot path: two relaxed adds on this thread's own counts. */
static inline void account(alloc_type type, int64_t size, int64_t blocks)
{
    if (!status_on)
        return;
    local *l = self;
    if (__builtin_expect(!l, 0))
        l = attach();
    int64_t s = get(&l->now[type][F_SIZE]) + size;
    int64_t b = get(&l->now[type][F_BLOCKS]) + blocks;
    set(&l->now[type][F_SIZE], s);
    set(&l->now[type][F_BLOCKS], b);
    if (__builtin_expect((uint64_t)(s + FOLD_BYTES) > 2 * FOLD_BYTES || (uint64_t)(b + FOLD_BLOCKS) > 2 * FOLD_BLOCKS, 0))
        fold_locked(l, type);
}

/* The current figures of every row: shared plus every thread's unfolded
 * counts (G.lock held). */
static void sum_rows(int64_t now[ROWS][F_FIGURES])
{
    for (int r = 0; r < ROWS; r++)
        for (int f = 0; f < F_FIGURES; f++)
            now[r][f] = G.rows[r].now[f];
    for (local *l = G.locals; l; l = l->next)
        for (int t = 0; t < ALLOC_TYPE_COUNT; t++) {
            int rows[4];
            rows_of((alloc_type)t, rows);
            for (int f = 0; f < F_FIGURES; f++) {
                int64_t d = get(&l->now[t][f]);
                for (int i = 0; i < 4; i++)
                    now[rows[i]][f] += d;
            }
        }
}

/* ---- the allocation map ------------------------------------------------------ */

#define MAP_MAGIC 0x6d61704bu

typedef struct map_hdr {
    struct map_hdr *prev, *next;
    uint64_t size;
    uint64_t owner;
    uint32_t type;
    uint32_t magic;
    uint64_t pad; /* keeps the block 16-byte aligned */
} map_hdr;

_Static_assert(sizeof(map_hdr) == ALLOC_MAP_HEADER_SIZE, "the header size instrument reports");

static struct {
    pthread_mutex_t lock;
    map_hdr anchor; /* of a circular list of every live block */
    size_t n;
} M = {.lock = PTHREAD_MUTEX_INITIALIZER, .anchor = {.prev = &M.anchor, .next = &M.anchor}};

static void link_block(map_hdr *h)
{
    h->next = &M.anchor;
    h->prev = M.anchor.prev;
    M.anchor.prev->next = h;
    M.anchor.prev = h;
    M.n++;
}

static void unlink_block(map_hdr *h)
{
    h->prev->next = h->next;
    h->next->prev = h->prev;
    M.n--;
}

static map_hdr *header_of(alloc_type type, void *p, size_t size)
{
    map_hdr *h = (map_hdr *)p - 1;
    if (h->magic != MAP_MAGIC || h->type != (uint32_t)type || h->size != size) {
        fprintf(stderr, "dbgsh: internal error: block %p freed as %s of %zu bytes, allocated as %s of %llu\n", p,
                types[type].name, size, h->magic == MAP_MAGIC && h->type < ALLOC_TYPE_COUNT ? types[h->type].name : "?",
                (unsigned long long)h->size);
        abort();
    }
    return h;
}

/* NULL when the C allocator refuses. */
static void *map_new(alloc_type type, size_t size, bool zeroed)
{
    map_hdr *h = zeroed ? calloc(1, sizeof *h + size) : malloc(sizeof *h + size);
    if (!h)
        return NULL;
    *h = (map_hdr){.size = size, .owner = alloc_owner, .type = (uint32_t)type, .magic = MAP_MAGIC};
    pthread_mutex_lock(&M.lock);
    link_block(h);
    pthread_mutex_unlock(&M.lock);
    return h + 1;
}

static void *map_resize(alloc_type type, void *p, size_t old_size, size_t new_size)
{
    if (!p) {
        void *q = map_new(type, new_size, false);
        if (!q)
            die_oom(new_size);
        return q;
    }
    map_hdr *h = header_of(type, p, old_size);
    pthread_mutex_lock(&M.lock);
    unlink_block(h);
    map_hdr *q = realloc(h, sizeof *h + new_size);
    if (!q) {
        pthread_mutex_unlock(&M.lock);
        die_oom(new_size);
    }
    q->size = new_size;
    link_block(q);
    pthread_mutex_unlock(&M.lock);
    return q + 1;
}

static void map_free(alloc_type type, void *p, size_t size)
{
    map_hdr *h = header_of(type, p, size);
    pthread_mutex_lock(&M.lock);
    unlink_block(h);
    pthread_mutex_unlock(&M.lock);
    h->magic = 0;
    free(h);
}

size_t alloc_map_snapshot(alloc_map_block **out)
{
    *out = NULL;
    if (!map_on)
        return 0;
    pthread_mutex_lock(&M.lock);
    alloc_map_block *v = malloc((M.n ? M.n : 1) * sizeof *v);
    if (!v) {
        pthread_mutex_unlock(&M.lock);
        die_oom(M.n * sizeof *v);
    }
    size_t n = 0;
    for (map_hdr *h = M.anchor.next; h != &M.anchor; h = h->next)
        v[n++] = (alloc_map_block){(uintptr_t)(h + 1), h->size, h->owner, (alloc_type)h->type};
    pthread_mutex_unlock(&M.lock);
    *out = v;
    return n;
}

void alloc_map_release(alloc_map_block *blocks) { free(blocks); }

/* ---- giving memory back -------------------------------------------------------- */

/* glibc keeps what is freed in its arenas for the next malloc: after a
 * flood of processes has ended, dbgsh held every page the flood touched
 * (20,000 processes of 2,000-element lists: 788 MB resident, with 13 MB in
 * use). malloc_trim hands the free pages of every arena back to the
 * system. It is worth its cost (a walk over the free chunks and a madvise
 * per run of free pages, then a page fault per page used again) only after
 * much was freed, and not often: each thread counts what it frees and
 * adds it to `freed` a quantum at a time, and a scheduler with nothing to
 * run calls alloc_give_back, which trims when `freed` has reached
 * ALLOC_TRIM_AFTER and the last trim is ALLOC_TRIM_INTERVAL_MS old. */
#define FREED_QUANTUM (1u << 20)

static _Thread_local size_t freed_here; /* not yet in freed */
static _Atomic uint64_t freed;          /* since the last trim */
static _Atomic uint64_t last_trim_ms;   /* timer_now_ns()'s clock; 0: never */

static inline void note_freed(size_t size)
{
    freed_here += size;
    if (freed_here >= FREED_QUANTUM) {
        atomic_fetch_add_explicit(&freed, freed_here, memory_order_relaxed);
        freed_here = 0;
    }
}

bool alloc_give_back(void)
{
#if defined(__GLIBC__) && ALLOC_TRIM_AFTER > 0
    uint64_t f = atomic_load_explicit(&freed, memory_order_relaxed);
    if (f < ALLOC_TRIM_AFTER)
        return false;
    uint64_t now = timer_now_ns() / 1000000, last = atomic_load_explicit(&last_trim_ms, memory_order_relaxed);
    if (last && now - last < ALLOC_TRIM_INTERVAL_MS)
        return false;
    /* one thread trims; the others see the new time and go to sleep */
    if (!atomic_compare_exchange_strong_explicit(&last_trim_ms, &last, now, memory_order_relaxed,
                                                 memory_order_relaxed))
        return false;
    atomic_fetch_sub_explicit(&freed, f, memory_order_relaxed);
    malloc_trim(0);
    return true;
#else
    return false;
#endif
}

/* ---- allocating -------------------------------------------------------------- */

/* Process heaps (vm/heap.c, vm/gc.c) come from malloc. A collection
 * allocates the new young heap at one size and shrinks it to another once
 * it knows what survived; glibc raises its mmap threshold only to the size
 * of a mapped block it frees, so it never reaches the size asked for, and
 * each collection of a heap past 128 KB mapped a fresh block and took a
 * page fault for every page it copied into. A fixed threshold keeps such
 * blocks in the arenas, whose free memory the next collection reuses. */
static void tune_malloc(void)
{
#if defined(__GLIBC__) && ALLOC_MMAP_THRESHOLD > 0
    mallopt(M_MMAP_THRESHOLD, (int)ALLOC_MMAP_THRESHOLD);
#endif
#if defined(__GLIBC__) && ALLOC_TOP_PAD > 0
    mallopt(M_TOP_PAD, (int)ALLOC_TOP_PAD); /* config.h says why */
#endif
}

bool alloc_configure(bool status, bool map)
{
    pthread_mutex_lock(&G.lock);
    bool ok = !G.configured && !G.locals;
    if (ok) {
        G.configured = true;
        map_on = map;
        status_on = status || map;
        tune_malloc();
    }
    pthread_mutex_unlock(&G.lock);
    return ok;
}

bool alloc_status_enabled(void) { return status_on; }
bool alloc_map_enabled(void) { return map_on; }

/* A new block from the C allocator (with its header in map mode); NULL
 * when it refuses. */
static void *block_new(alloc_type type, size_t size, bool zeroed)
{
    if (map_on)
        return map_new(type, size, zeroed);
    return zeroed ? calloc(1, size ? size : 1) : malloc(size ? size : 1);
}

/* Each function counts first, so that nothing needs keeping across the
 * call to the C allocator (out of memory ends dbgsh anyway). */
void *alloc_new(alloc_type type, size_t size)
{
    account(type, (int64_t)size, 1);
    void *p = block_new(type, size, false);
    if (!p)
        die_oom(size);
    return p;
}

void *alloc_zeroed(alloc_type type, size_t size)
{
    account(type, (int64_t)size, 1);
    void *p = block_new(type, size, true);
    if (!p)
        die_oom(size);
    return p;
}

/* The machine's memory in bytes, read once (a benign race: every thread
 * reads the same figure). SIZE_MAX when the system does not say. */
static size_t machine_memory(void)
{
    static _Atomic size_t bytes;
    size_t b = atomic_load_explicit(&bytes, memory_order_relaxed);
    if (!b) {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        b = pages > 0 && page > 0 && (unsigned long)pages <= SIZE_MAX / (unsigned long)page
                ? (size_t)pages * (size_t)page
                : SIZE_MAX;
        atomic_store_explicit(&bytes, b, memory_order_relaxed);
    }
    return b;
}

void *alloc_try_new(alloc_type type, size_t size)
{
    if (size > machine_memory())
        return NULL;
    void *p = block_new(type, size, false);
    if (p)
        account(type, (int64_t)size, 1);
    return p;
}

void *alloc_resize(alloc_type type, void *p, size_t old_size, size_t new_size)
{
    account(type, (int64_t)new_size - (int64_t)old_size, p ? 0 : 1);
    if (new_size < old_size)
        note_freed(old_size - new_size);
    if (map_on)
        return map_resize(type, p, old_size, new_size);
    void *q = realloc(p, new_size ? new_size : 1);
    if (!q)
        die_oom(new_size);
    return q;
}

void alloc_free(alloc_type type, void *p, size_t size)
{
    if (!p)
        return;
    note_freed(size);
    account(type, -(int64_t)size, -1);
    if (map_on)
        map_free(type, p, size);
    else
        free(p);
}

/* What goes in front of an alloc_sized_new block: its size, padded so
 * that the block after it is aligned as malloc's. */
typedef union sized_head {
    size_t size;
    max_align_t align;
} sized_head;

void *alloc_sized_new(alloc_type type, size_t size)
{
    if (size > SIZE_MAX - sizeof(sized_head))
        return NULL;
    sized_head *h = alloc_try_new(type, sizeof *h + size);
    if (!h)
        return NULL;
    h->size = size;
    return h + 1;
}

void alloc_sized_free(alloc_type type, void *p)
{
    if (!p)
        return;
    sized_head *h = (sized_head *)p - 1;
    alloc_free(type, h, sizeof *h + h->size);
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

/* ---- reading ------------------------------------------------------------------- */

static uint64_t clamp(int64_t v) { return v < 0 ? 0 : (uint64_t)v; }

static const char *row_name(int r)
{
    if (r == ROW_TOTAL)
        return "total";
    if (r < ROW_CLASSES)
        return allocator_names[r - ROW_ALLOCATORS];
    if (r < ROW_TYPES)
        return class_names[r - ROW_CLASSES];
    return types[r - ROW_TYPES].name;
}

void alloc_get_stat(alloc_type type, alloc_stat *out)
{
    int64_t now[ROWS][F_FIGURES];
    pthread_mutex_lock(&G.lock);
    sum_rows(now);
    shared_row *s = &G.rows[ROW_TYPES + type];
    note_max(&s->max_ever[F_SIZE], now[ROW_TYPES + type][F_SIZE]);
    int64_t max = s->max_ever[F_SIZE];
    pthread_mutex_unlock(&G.lock);
    *out = (alloc_stat){clamp(now[ROW_TYPES + type][F_SIZE]), clamp(now[ROW_TYPES + type][F_BLOCKS]), clamp(max)};
}

size_t alloc_status(alloc_status_kind kind, alloc_status_row *out)
{
    static const int first[] = {ROW_TOTAL, ROW_ALLOCATORS, ROW_CLASSES, ROW_TYPES, ROWS};
    if (!status_on)
        return 0;
    int64_t now[ROWS][F_FIGURES];
    pthread_mutex_lock(&G.lock);
    sum_rows(now);
    for (int r = first[kind]; r < first[kind + 1]; r++) {
        shared_row *s = &G.rows[r];
        alloc_figure fig[F_FIGURES];
        for (int f = 0; f < F_FIGURES; f++) {
            note_max(&s->max_ever[f], now[r][f]);
            note_max(&s->max_since[f], now[r][f]);
            fig[f] = (alloc_figure){clamp(now[r][f]), clamp(s->max_since[f]), clamp(s->max_ever[f])};
            s->max_since[f] = now[r][f]; /* a new period starts */
        }
        out[r - first[kind]] = (alloc_status_row){row_name(r), fig[F_SIZE], fig[F_BLOCKS]};
    }
    pthread_mutex_unlock(&G.lock);
    return (size_t)(first[kind + 1] - first[kind]);
}

const char *alloc_type_name(alloc_type type) { return types[type].name; }
const char *alloc_type_class(alloc_type type) { return types[type].class; }
const char *alloc_type_allocator(alloc_type type) { return types[type].allocator; }
const char *alloc_allocator_name(alloc_allocator a) { return allocator_names[a]; }
const char *alloc_class_name(alloc_class c) { return class_names[c]; }
