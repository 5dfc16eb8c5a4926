/* progress.c: thread progress (see progress.h for the contract and
 * docs/internals/thread-progress.md for the protocol and the proof sketch
 * of its memory ordering). One global epoch, one slot per managed thread
 * holding the last epoch it confirmed at a safe point, and a `reached`
 * watermark that whoever sees every slot confirm the epoch raises. */
#include "progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"

/* Memory of this module, accounted as one type (see alloc_types.def). */
#define PROGRESS_ALLOC ALLOC_SYSTEM

#define CACHE_LINE 64

/* The epoch word: epoch number << 1 | REQUEST. REQUEST says someone wants
 * the epoch after this one; it is cleared by the bump. */
#define REQUEST 1u
/* A slot's `seen`: the last epoch confirmed, or ASLEEP | epoch. */
#define ASLEEP (UINT64_C(1) << 63)
#define NOTHING_DEFERRED UINT64_MAX

typedef struct slot {
    _Atomic uint64_t seen; /* written by the owner, read by scanners */
    uint64_t local;        /* owner only: epoch confirmed at its last safe point */
    uint64_t local_word;   /* owner only: epoch word read at its last safe point */
    bool asleep;           /* owner only */
    char pad[CACHE_LINE - 3 * sizeof(uint64_t) - sizeof(bool)];
} slot;

_Static_assert(sizeof(slot) == CACHE_LINE, "one slot per cache line");

typedef struct deferred {
    struct deferred *next;
    progress_fn *fn;
    void *arg;
    progress_value v;
} deferred;

static struct {
    _Alignas(CACHE_LINE) _Atomic uint64_t epoch; /* epoch << 1 | REQUEST */
    _Alignas(CACHE_LINE) _Atomic uint64_t reached;
    _Atomic uint64_t defer_head_v; /* <= v of the first deferred node */
    _Atomic unsigned waiters;
    _Alignas(CACHE_LINE) slot *slots;
    void *slots_raw;
    int n;
    uint64_t generation; /* tells a stale thread-local binding apart */
    pthread_mutex_t wait_lock;
    pthread_cond_t wait_cond;
    pthread_mutex_t defer_lock;
    deferred *defer_first, **defer_tail; /* ascending v, under defer_lock */
} P;

static _Thread_local int self_id = -1;
static _Thread_local uint64_t self_generation;

static void die_misuse(const char *what, int id)
{
    fprintf(stderr, "dbgsh: progress: %s (id %d)\n", what, id);
    abort();
}

static slot *get_slot(int id)
{
#if DBGSH_DEBUG
    if (id < 0 || id >= P.n)
        die_misuse("managed id out of range", id);
#endif
    return &P.slots[id];
}

/* ---- advancing -------------------------------------------------------------- */

/* Whether every managed thread has confirmed epoch e or is asleep. The
 * seq_cst loads pair with the seq_cst stores in confirm/sleep/wake. */
static bool see_all_confirmed(uint64_t e)
{
    for (int i = 0; i < P.n; i++) {
        uint64_t s = atomic_load(&P.slots[i].seen);
        if (!(s & ASLEEP) && s < e)
            return false;
    }
    return true;
}

static bool raise_reached(uint64_t e)
{
    uint64_t r = atomic_load(&P.reached);
    while (r < e) {
        if (atomic_compare_exchange_weak(&P.reached, &r, e))
            return true;
    }
    return false;
}

static void wake_waiters(void)
{
    if (atomic_load(&P.waiters) == 0)
        return;
    pthread_mutex_lock(&P.wait_lock);
    pthread_cond_broadcast(&P.wait_cond);
    pthread_mutex_unlock(&P.wait_lock);
}

/* Raises `reached` to the epoch when every slot confirmed it, and bumps the
 * epoch when someone requested the next one, as often as the slots allow
 * (when every managed thread sleeps, a requested value is reached at once).
 * Wakes blocked waiters when it raised `reached`. */
static void try_advance(void)
{
    bool raised = false;
    for (;;) {
        uint64_t w = atomic_load(&P.epoch);
        uint64_t e = w >> 1;
        if (!(w & REQUEST) && atomic_load(&P.reached) >= e)
            break;
        if (!see_all_confirmed(e))
            break;
        raised |= raise_reached(e);
        if (!(w & REQUEST))
            break;
        /* A failed exchange means another thread bumped: look again. */
        atomic_compare_exchange_strong(&P.epoch, &w, (e + 1) << 1);
    }
    if (raised)
        wake_waiters();
}

/* ---- deferred work ------------------------------------------------------------ */

/* Runs the deferred functions whose value is reached. The head_v load is
 * seq_cst so that a thread that raised `reached` past a node's value sees
 * the node (see the doc's "Deferred work"). */
static void run_ready(void)
{
    uint64_t reached = atomic_load(&P.reached);
    if (atomic_load(&P.defer_head_v) > reached)
        return;
    pthread_mutex_lock(&P.defer_lock);
    deferred *first = P.defer_first, *last = NULL;
    for (deferred *d = first; d && d->v <= reached; d = d->next)
        last = d;
    if (last) {
        P.defer_first = last->next;
        last->next = NULL;
        if (!P.defer_first)
            P.defer_tail = &P.defer_first;
    } else {
        first = NULL;
    }
    atomic_store(&P.defer_head_v, P.defer_first ? P.defer_first->v : NOTHING_DEFERRED);
    pthread_mutex_unlock(&P.defer_lock);
    while (first) {
        deferred *next = first->next;
        first->fn(first->arg);
        alloc_free(PROGRESS_ALLOC, first, sizeof *first);
        first = next;
    }
}

/* ---- managed threads ----------------------------------------------------------- */

/* A safe point of slot s: confirm the epoch read now and let the round
 * complete (or the next one start) if this was the last slot it waited
 * for. When that bumped the epoch, we are still at the safe point and
 * confirm the new epoch at once (at most once more, so a thread is never
 * held here by a stream of requests). */
static void pass_safe_point(slot *s)
{
    for (int round = 0; round < 2; round++) {
        uint64_t w = atomic_load(&P.epoch);
        if ((w >> 1) != s->local) {
            s->local = w >> 1;
            atomic_store(&s->seen, s->local);
        }
        s->local_word = w;
        try_advance();
        if ((atomic_load_explicit(&P.epoch, memory_order_relaxed) >> 1) == s->local)
            break;
    }
}

void progress_update(int id)
{
    slot *s = get_slot(id);
    /* Fast path: the epoch word (epoch and request bit) is what it was at
     * our last safe point: no new epoch to confirm, no request to act on. */
    if (atomic_load_explicit(&P.epoch, memory_order_relaxed) == s->local_word)
        return;
#if DBGSH_DEBUG
    if (s->asleep)
        die_misuse("progress_update while asleep", id);
#endif
    pass_safe_point(s);
    run_ready();
}

static void go_to_sleep(slot *s)
{
    uint64_t w = atomic_load(&P.epoch);
    s->local = w >> 1;
    s->local_word = w;
    s->asleep = true;
    atomic_store(&s->seen, s->local | ASLEEP);
    try_advance();
}

/* Leaving sleep: first say "awake, confirmed only what I saw before
 * sleeping", then read the epoch. The order matters: a scanner that still
 * saw us asleep loaded the epoch before our first store, so our load below
 * reads that epoch or a later one (Dekker; all seq_cst). */
static void wake_up(slot *s)
{
    s->asleep = false;
    atomic_store(&s->seen, s->local);
    pass_safe_point(s);
}

void progress_prepare_sleep(int id)
{
    slot *s = get_slot(id);
#if DBGSH_DEBUG
    if (s->asleep)
        die_misuse("progress_prepare_sleep while asleep", id);
#endif
    go_to_sleep(s);
    run_ready();
}

void progress_finish_sleep(int id)
{
    slot *s = get_slot(id);
#if DBGSH_DEBUG
    if (!s->asleep)
        die_misuse("progress_finish_sleep while awake", id);
#endif
    wake_up(s);
    run_ready();
}

void progress_register(int id)
{
    slot *s = get_slot(id);
    if (!s->asleep || (self_id >= 0 && self_generation == P.generation))
        die_misuse("progress_register: slot or thread already registered", id);
    self_id = id;
    self_generation = P.generation;
    wake_up(s);
}

void progress_unregister(int id)
{
    slot *s = get_slot(id);
    if (progress_current_id() != id)
        die_misuse("progress_unregister from another thread", id);
    go_to_sleep(s);
    self_id = -1;
    run_ready();
}

int progress_current_id(void) { return self_generation == P.generation ? self_id : -1; }

/* ---- any thread ------------------------------------------------------------------ */

/* Requests the epoch after the current one. The RMW makes the caller's
 * earlier stores part of the epoch word's release sequence: whoever later
 * reads a bumped epoch (acquire) sees them. */
static progress_value request(void) { return (atomic_fetch_or(&P.epoch, REQUEST) >> 1) + 1; }

/* No scan here: running schedulers notice the request bit on their fast
 * path, and a caller that waits completes rounds itself when all sleep. */
progress_value progress_later(void) { return request(); }

bool progress_has_reached(progress_value v)
{
    if (atomic_load(&P.reached) >= v)
        return true;
    try_advance();
    return atomic_load(&P.reached) >= v;
}

void progress_wait(progress_value v)
{
    if (!progress_has_reached(v)) {
        int id = progress_current_id();
        slot *s = id >= 0 && !P.slots[id].asleep ? &P.slots[id] : NULL;
        if (s)
            go_to_sleep(s);
        /* From here on every change that can complete the round is a
         * managed thread's store followed by its own try_advance, which
         * wakes us: waiters is raised before we look at `reached` again,
         * and an advancer raises `reached` before it looks at waiters. */
        pthread_mutex_lock(&P.wait_lock);
        atomic_fetch_add(&P.waiters, 1);
        while (atomic_load(&P.reached) < v)
            pthread_cond_wait(&P.wait_cond, &P.wait_lock);
        atomic_fetch_sub(&P.waiters, 1);
        pthread_mutex_unlock(&P.wait_lock);
        if (s)
            wake_up(s);
    }
    run_ready();
}

/* The node is queued with a provisional value before the request, so that
 * a thread that raises `reached` past the final value (which it can only do
 * after our request) finds defer_head_v low enough to look. */
void progress_defer(progress_fn *fn, void *arg)
{
    deferred *d = alloc_new(PROGRESS_ALLOC, sizeof *d);
    d->next = NULL;
    d->fn = fn;
    d->arg = arg;
    pthread_mutex_lock(&P.defer_lock);
    d->v = (atomic_load(&P.epoch) >> 1) + 1;
    bool first = P.defer_first == NULL;
    *P.defer_tail = d;
    P.defer_tail = &d->next;
    if (first)
        atomic_store(&P.defer_head_v, d->v);
    d->v = request();
    if (first)
        atomic_store(&P.defer_head_v, d->v);
    pthread_mutex_unlock(&P.defer_lock);
}

/* ---- life cycle ---------------------------------------------------------------------- */

void progress_init(int managed)
{
    if (managed < 0)
        die_misuse("progress_init: negative thread count", managed);
    P.n = managed;
    size_t bytes = (size_t)managed * sizeof(slot) + CACHE_LINE;
    P.slots_raw = alloc_zeroed(PROGRESS_ALLOC, bytes);
    uintptr_t a = ((uintptr_t)P.slots_raw + CACHE_LINE - 1) & ~(uintptr_t)(CACHE_LINE - 1);
    P.slots = (slot *)a;
    for (int i = 0; i < managed; i++) {
        P.slots[i].local = 1;
        P.slots[i].local_word = UINT64_C(1) << 1;
        P.slots[i].asleep = true;
        atomic_init(&P.slots[i].seen, ASLEEP | 1);
    }
    atomic_init(&P.epoch, UINT64_C(1) << 1);
    atomic_init(&P.reached, 1);
    atomic_init(&P.defer_head_v, NOTHING_DEFERRED);
    atomic_init(&P.waiters, 0);
    P.generation++;
    pthread_mutex_init(&P.wait_lock, NULL);
    pthread_cond_init(&P.wait_cond, NULL);
    pthread_mutex_init(&P.defer_lock, NULL);
    P.defer_first = NULL;
    P.defer_tail = &P.defer_first;
}

void progress_destroy(void)
{
    /* No thread can hold anything now: everything deferred may run. */
    while (P.defer_first) {
        deferred *d = P.defer_first;
        P.defer_first = d->next;
        d->fn(d->arg);
        alloc_free(PROGRESS_ALLOC, d, sizeof *d);
    }
    P.defer_tail = &P.defer_first;
    pthread_mutex_destroy(&P.defer_lock);
    pthread_cond_destroy(&P.wait_cond);
    pthread_mutex_destroy(&P.wait_lock);
    alloc_free(PROGRESS_ALLOC, P.slots_raw, (size_t)P.n * sizeof(slot) + CACHE_LINE);
    P.slots = NULL;
    P.slots_raw = NULL;
    P.n = 0;
    P.generation++;
}

int progress_managed_count(void) { return P.n; }

void progress_mutex_lock(pthread_mutex_t *m)
{
    if (pthread_mutex_trylock(m) == 0)
        return;
    int id = progress_current_id();
    if (id < 0) {
        pthread_mutex_lock(m);
        return;
    }
    progress_prepare_sleep(id);
    pthread_mutex_lock(m);
    progress_finish_sleep(id);
}
