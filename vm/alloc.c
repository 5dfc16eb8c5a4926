/* alloc.c: typed allocation with always-on accounting and an optional
 * allocation map (alloc.h). Counting is per thread and lock-free; a thread
 * folds its counts into the shared rows under one lock only when a type's
 * count has moved a quantum, and readers sum the rows and every thread's
 * unfolded part. docs/internals/instrument.md tells the whole story. */
#include "alloc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* One thread's unfolded counts: per row and figure, the change since its
 * last fold and the highest that change reached (since the fold, or since a
 * reader took the peak for a "since last" period: stale). Only the owner
 * writes `now` and `peak`; readers read them under G.lock. */
typedef struct local {
    _Atomic int64_t now[ROWS][F_FIGURES];
    _Atomic int64_t peak[ROWS][F_FIGURES];
    atomic_bool stale;
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

/* Moves l's counts into the shared rows (G.lock held). */
static void fold(local *l)
{
    bool stale = atomic_load_explicit(&l->stale, memory_order_relaxed);
    for (int r = 0; r < ROWS; r++) {
        shared_row *s = &G.rows[r];
        for (int f = 0; f < F_FIGURES; f++) {
            int64_t now = get(&l->now[r][f]), peak = get(&l->peak[r][f]);
            note_max(&s->max_ever[f], s->now[f] + peak);
            note_max(&s->max_since[f], s->now[f] + (stale ? now : peak));
            s->now[f] += now;
            set(&l->now[r][f], 0);
            set(&l->peak[r][f], 0);
        }
    }
    atomic_store_explicit(&l->stale, false, memory_order_relaxed);
}

static void detach(void *arg)
{
    local *l = arg;
    pthread_mutex_lock(&G.lock);
    fold(l);
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

/* A reader took the peaks for a "since last" period: start them again from
 * where the counts are. */
static void restart_peaks(local *l)
{
    atomic_store_explicit(&l->stale, false, memory_order_relaxed);
    for (int r = 0; r < ROWS; r++)
        for (int f = 0; f < F_FIGURES; f++)
            set(&l->peak[r][f], get(&l->now[r][f]));
}

static int64_t bump(local *l, int row, int f, int64_t delta)
{
    int64_t v = get(&l->now[row][f]) + delta;
    set(&l->now[row][f], v);
    if (v > get(&l->peak[row][f]))
        set(&l->peak[row][f], v);
    return v;
}

static void account(alloc_type type, int64_t size, int64_t blocks)
{
    if (!status_on)
        return;
    local *l = self ? self : attach();
    if (atomic_load_explicit(&l->stale, memory_order_relaxed))
        restart_peaks(l);
    int rows[3] = {ROW_TOTAL, ROW_ALLOCATORS + types[type].allocator_no, ROW_CLASSES + types[type].class_no};
    for (int i = 0; i < 3; i++) {
        bump(l, rows[i], F_SIZE, size);
        bump(l, rows[i], F_BLOCKS, blocks);
    }
    int64_t s = bump(l, ROW_TYPES + type, F_SIZE, size);
    int64_t b = bump(l, ROW_TYPES + type, F_BLOCKS, blocks);
    if (s > FOLD_BYTES || s < -FOLD_BYTES || b > FOLD_BLOCKS || b < -FOLD_BLOCKS) {
        pthread_mutex_lock(&G.lock);
        fold(l);
        pthread_mutex_unlock(&G.lock);
    }
}

/* The current count of row r, figure f, and the highest it may have had
 * since the last fold or read, over all threads (G.lock held). */
static void sum_row(int r, int f, int64_t *now, int64_t *peak_ever, int64_t *peak_since)
{
    int64_t base = G.rows[r].now[f];
    *now = *peak_ever = *peak_since = base;
    for (local *l = G.locals; l; l = l->next) {
        int64_t n = get(&l->now[r][f]), p = get(&l->peak[r][f]);
        *now += n;
        *peak_ever += p;
        *peak_since += atomic_load_explicit(&l->stale, memory_order_relaxed) ? n : p;
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

static void *map_new(alloc_type type, size_t size, bool zeroed)
{
    map_hdr *h = zeroed ? calloc(1, sizeof *h + size) : malloc(sizeof *h + size);
    if (!h)
        die_oom(size);
    *h = (map_hdr){.size = size, .owner = alloc_owner, .type = (uint32_t)type, .magic = MAP_MAGIC};
    pthread_mutex_lock(&M.lock);
    link_block(h);
    pthread_mutex_unlock(&M.lock);
    return h + 1;
}

static void *map_resize(alloc_type type, void *p, size_t old_size, size_t new_size)
{
    if (!p)
        return map_new(type, new_size, false);
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

/* ---- allocating -------------------------------------------------------------- */

bool alloc_configure(bool status, bool map)
{
    pthread_mutex_lock(&G.lock);
    bool ok = !G.configured && !G.locals;
    if (ok) {
        G.configured = true;
        map_on = map;
        status_on = status || map;
    }
    pthread_mutex_unlock(&G.lock);
    return ok;
}

bool alloc_status_enabled(void) { return status_on; }
bool alloc_map_enabled(void) { return map_on; }

void *alloc_new(alloc_type type, size_t size)
{
    void *p;
    if (map_on) {
        p = map_new(type, size, false);
    } else if (!(p = malloc(size ? size : 1))) {
        die_oom(size);
    }
    account(type, (int64_t)size, 1);
    return p;
}

void *alloc_zeroed(alloc_type type, size_t size)
{
    void *p;
    if (map_on) {
        p = map_new(type, size, true);
    } else if (!(p = calloc(1, size ? size : 1))) {
        die_oom(size);
    }
    account(type, (int64_t)size, 1);
    return p;
}

void *alloc_resize(alloc_type type, void *p, size_t old_size, size_t new_size)
{
    void *q;
    if (map_on) {
        q = map_resize(type, p, old_size, new_size);
    } else if (!(q = realloc(p, new_size ? new_size : 1))) {
        die_oom(new_size);
    }
    account(type, (int64_t)new_size - (int64_t)old_size, p ? 0 : 1);
    return q;
}

void alloc_free(alloc_type type, void *p, size_t size)
{
    if (!p)
        return;
    if (map_on)
        map_free(type, p, size);
    else
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
    int64_t size, blocks, peak, unused1, unused2;
    pthread_mutex_lock(&G.lock);
    sum_row(ROW_TYPES + type, F_SIZE, &size, &peak, &unused1);
    note_max(&peak, G.rows[ROW_TYPES + type].max_ever[F_SIZE]);
    sum_row(ROW_TYPES + type, F_BLOCKS, &blocks, &unused1, &unused2);
    pthread_mutex_unlock(&G.lock);
    *out = (alloc_stat){clamp(size), clamp(blocks), clamp(peak)};
}

size_t alloc_status(alloc_status_kind kind, alloc_status_row *out)
{
    static const int first[] = {ROW_TOTAL, ROW_ALLOCATORS, ROW_CLASSES, ROW_TYPES, ROWS};
    if (!status_on)
        return 0;
    pthread_mutex_lock(&G.lock);
    /* every row takes in the threads' peaks, which then count as seen */
    for (int r = 0; r < ROWS; r++) {
        shared_row *s = &G.rows[r];
        bool asked = r >= first[kind] && r < first[kind + 1];
        alloc_figure fig[F_FIGURES];
        for (int f = 0; f < F_FIGURES; f++) {
            int64_t now, ever, since;
            sum_row(r, f, &now, &ever, &since);
            note_max(&s->max_ever[f], ever);
            note_max(&s->max_ever[f], now);
            note_max(&s->max_since[f], since);
            note_max(&s->max_since[f], now);
            fig[f] = (alloc_figure){clamp(now), clamp(s->max_since[f]), clamp(s->max_ever[f])};
            if (asked)
                s->max_since[f] = now;
        }
        if (asked)
            out[r - first[kind]] = (alloc_status_row){row_name(r), fig[F_SIZE], fig[F_BLOCKS]};
    }
    for (local *l = G.locals; l; l = l->next)
        atomic_store_explicit(&l->stale, true, memory_order_relaxed);
    pthread_mutex_unlock(&G.lock);
    return (size_t)(first[kind + 1] - first[kind]);
}

const char *alloc_type_name(alloc_type type) { return types[type].name; }
const char *alloc_type_class(alloc_type type) { return types[type].class; }
const char *alloc_type_allocator(alloc_type type) { return types[type].allocator; }
const char *alloc_allocator_name(alloc_allocator a) { return allocator_names[a]; }
const char *alloc_class_name(alloc_class c) { return class_names[c]; }
