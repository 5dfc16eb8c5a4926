/* sched.c: scheduler threads, run queues with stealing, timers (receive
 * timers are cancelled when their receive ends), sleep, and the ownership of
 * a process's private state: the PS_RUNNING bit that a slice or a claim
 * holds (sched.h). */
#include "sched.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "alloc.h"
#include "atom.h"
#include "interp.h"
#include "progress.h"
#include "pterm.h"
#include "timer.h"
#include "trace.h"

/* The run queue is under `qlock`, a spinlock (vm/spinlock.h): pushing and popping
 * take it once. Sleep and wake-up go through `lock` and `wake`: a scheduler
 * that runs out of work sets `sleeping`, then looks at `len` once more
 * before it waits; a pusher raises `len`, then looks at `sleeping`, and
 * signals under `lock` if it is set (both in one total order: one of the
 * two sees the other's change, so no wake-up is lost). */
typedef struct scheduler {
    int id;
    pthread_t thread;
    spinlock qlock; /* head, tail, len */
    process *head, *tail;
    _Atomic uint32_t len;
    pthread_mutex_t lock; /* sleeping (changes), wake, cancels */
    pthread_cond_t wake;
    _Atomic bool sleeping;
    timer_queue timers; /* owner thread only */
    /* ids of receive timers in `timers` that other threads cancelled,
     * under `lock`; the owner removes them at its next loop */
    timer_id *cancels;
    size_t ncancels, cancels_cap;
    _Atomic bool has_cancels; /* ncancels > 0, read without the lock */
} scheduler;

static scheduler scheds[SCHED_MAX];
static unsigned nscheds;
static _Atomic bool stopping;
static _Thread_local int self_id = -1;

unsigned sched_count(void) { return nscheds; }
int sched_current(void) { return self_id; }

static void push(scheduler *s, process *p)
{
    p->rq_next = NULL;
    spinlock_lock(&s->qlock);
    if (s->tail)
        s->tail->rq_next = p;
    else
        s->head = p;
    s->tail = p;
    atomic_fetch_add(&s->len, 1); /* seq_cst: before the look at sleeping */
    spinlock_unlock(&s->qlock);
    if (atomic_load(&s->sleeping)) {
        pthread_mutex_lock(&s->lock);
        pthread_cond_signal(&s->wake);
        pthread_mutex_unlock(&s->lock);
    }
}

static process *pop(scheduler *s)
{
    if (atomic_load_explicit(&s->len, memory_order_relaxed) == 0)
        return NULL;
    spinlock_lock(&s->qlock);
    process *p = s->head;
    if (p) {
        s->head = p->rq_next;
        if (!s->head)
            s->tail = NULL;
        atomic_fetch_sub_explicit(&s->len, 1, memory_order_relaxed);
    }
    spinlock_unlock(&s->qlock);
    return p;
}

void sched_enqueue(process *p)
{
    int id = p->sched_id;
    if (id < 0 || (unsigned)id >= nscheds)
        id = self_id >= 0 ? self_id : 0;
    p->sched_id = id;
    push(&scheds[id], p);
}

/* Takes a process from the longest other run queue (migration). */
static process *steal(scheduler *s)
{
    scheduler *best = NULL;
    uint32_t most = 0;
    for (unsigned i = 0; i < nscheds; i++) {
        uint32_t n = atomic_load_explicit(&scheds[i].len, memory_order_relaxed);
        if (&scheds[i] != s && n > most) {
            most = n;
            best = &scheds[i];
        }
    }
    process *p = best ? pop(best) : NULL;
    if (p)
        p->sched_id = s->id;
    return p;
}

/* Timer entries: a receive timer's key is the pid (its seq is RECEIVE_SEQ);
 * a call timer's key points to a timer_call and its seq is CALL_SEQ. A
 * receive timer's handle is its id and its scheduler's: id << 8 | sched. */
#define RECEIVE_SEQ 0
#define CALL_SEQ UINT64_MAX
#define HANDLE_SCHED_BITS 8
_Static_assert(SCHED_MAX <= (1 << HANDLE_SCHED_BITS), "a scheduler id fits a timer handle");

typedef struct timer_call {
    void (*fn)(void *);
    void *arg;
} timer_call;

static uint64_t handle_of(const scheduler *s, timer_id id)
{
    return id << HANDLE_SCHED_BITS | (unsigned)s->id;
}

static void fire(void *arg, const timer_info *t)
{
    scheduler *s = arg;
    if (t->seq == CALL_SEQ) {
        timer_call *c = (timer_call *)(uintptr_t)t->key;
        c->fn(c->arg);
        alloc_free(ALLOC_TIMER, c, sizeof *c);
        return;
    }
    proc_timer_fired((term_t)t->key, handle_of(s, t->id));
}

static uint64_t deadline_in(uint64_t ms)
{
    uint64_t ns = ms > UINT64_MAX / 2000000 ? UINT64_MAX / 2 : ms * 1000000;
    return timer_now_ns() + ns;
}

uint64_t sched_timer_receive(process *p, uint64_t ms)
{
    scheduler *s = &scheds[self_id];
    return handle_of(s, timer_insert(&s->timers, deadline_in(ms), p->pid, RECEIVE_SEQ));
}

/* Removes timer `tid` from s's queue (owner thread). A call timer
 * removed so still gets its one call, which finds its own state
 * cancelled (sched_timer_call's contract). */
static void remove_timer(scheduler *s, timer_id tid)
{
    timer_info t;
    if (timer_cancel(&s->timers, tid, &t) && t.seq == CALL_SEQ) {
        timer_call *c = (timer_call *)(uintptr_t)t.key;
        c->fn(c->arg);
        alloc_free(ALLOC_TIMER, c, sizeof *c);
    }
}

void sched_timer_cancel(uint64_t handle)
{
    unsigned id = (unsigned)(handle & ((1u << HANDLE_SCHED_BITS) - 1));
    timer_id tid = handle >> HANDLE_SCHED_BITS;
    if (handle == 0 || id >= nscheds)
        return;
    scheduler *s = &scheds[id];
    if ((int)id == self_id) {
        remove_timer(s, tid);
        return;
    }
    pthread_mutex_lock(&s->lock);
    if (s->ncancels == s->cancels_cap) {
        size_t n = s->cancels_cap ? 2 * s->cancels_cap : 64;
        s->cancels = s->cancels ? alloc_resize(ALLOC_TIMER, s->cancels, s->cancels_cap * sizeof *s->cancels,
                                               n * sizeof *s->cancels)
                                : alloc_new(ALLOC_TIMER, n * sizeof *s->cancels);
        s->cancels_cap = n;
    }
    s->cancels[s->ncancels++] = tid;
    atomic_store_explicit(&s->has_cancels, true, memory_order_relaxed);
    pthread_mutex_unlock(&s->lock);
}

/* Removes the timers other threads cancelled (owner thread). The list is
 * taken out under the lock and worked through without it. */
static void cancel_requested(scheduler *s)
{
    if (!atomic_load_explicit(&s->has_cancels, memory_order_relaxed))
        return;
    pthread_mutex_lock(&s->lock);
    timer_id *ids = s->cancels;
    size_t n = s->ncancels, cap = s->cancels_cap;
    s->cancels = NULL;
    s->ncancels = s->cancels_cap = 0;
    atomic_store_explicit(&s->has_cancels, false, memory_order_relaxed);
    pthread_mutex_unlock(&s->lock);
    for (size_t i = 0; i < n; i++)
        remove_timer(s, ids[i]);
    pthread_mutex_lock(&s->lock);
    if (!s->cancels && cap <= 1024) { /* keep a small buffer for next time */
        s->cancels = ids;
        s->cancels_cap = cap;
        ids = NULL;
    }
    pthread_mutex_unlock(&s->lock);
    if (ids)
        alloc_free(ALLOC_TIMER, ids, cap * sizeof *ids);
}

uint64_t sched_timer_call(uint64_t ms, void (*fn)(void *), void *arg)
{
    scheduler *s = &scheds[self_id];
    timer_call *c = alloc_new(ALLOC_TIMER, sizeof *c);
    c->fn = fn;
    c->arg = arg;
    return handle_of(s, timer_insert(&s->timers, deadline_in(ms), (uint64_t)(uintptr_t)c, CALL_SEQ));
}

/* Sleeps until work arrives or the next timer is due. */
static void idle(scheduler *s)
{
    uint64_t next = timer_next_deadline(&s->timers);
    progress_prepare_sleep(s->id);
    pthread_mutex_lock(&s->lock);
    atomic_store(&s->sleeping, true); /* seq_cst: before the look at len */
    /* Wake at the next timer, and at least every 10 ms to look for work to
     * steal. */
    uint64_t now = timer_now_ns();
    uint64_t until = now + 10000000;
    if (next && next < until)
        until = next;
    while (atomic_load(&s->len) == 0 && !atomic_load(&stopping) && timer_now_ns() < until) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t wait = until - timer_now_ns();
        if ((int64_t)wait <= 0)
            break;
        uint64_t t = (uint64_t)ts.tv_nsec + wait;
        ts.tv_sec += (time_t)(t / 1000000000);
        ts.tv_nsec = (long)(t % 1000000000);
        pthread_cond_timedwait(&s->wake, &s->lock, &ts);
    }
    atomic_store_explicit(&s->sleeping, false, memory_order_relaxed);
    pthread_mutex_unlock(&s->lock);
    progress_finish_sleep(s->id);
}

/* ---- who owns a process: PS_RUNNING ------------------------------------ */

/* Waits a little: a claim is held for a few microseconds, a slice for at
 * most SCHED_SLICE_REDS reductions. */
static void back_off(unsigned *round)
{
    if (++*round < 50) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, *round < 200 ? 20000 : 200000};
    nanosleep(&ts, NULL);
}

/* Takes p's PS_RUNNING bit, waiting while another thread holds it; the
 * state it took the bit from. Acquire: the last holder's writes are
 * visible. */
static uint32_t take_running(process *p)
{
    unsigned round = 0;
    uint32_t st = atomic_load_explicit(&p->state, memory_order_relaxed);
    for (;;) {
        if (!(st & PS_RUNNING)) {
            if (atomic_compare_exchange_weak_explicit(&p->state, &st, st | PS_RUNNING, memory_order_acquire,
                                                      memory_order_relaxed))
                return st;
            continue;
        }
        back_off(&round);
        st = atomic_load_explicit(&p->state, memory_order_relaxed);
    }
}

/* take_running without waiting: false when p's bit is held. */
static bool try_take_running(process *p)
{
    uint32_t st = atomic_load_explicit(&p->state, memory_order_relaxed);
    while (!(st & PS_RUNNING))
        if (atomic_compare_exchange_weak_explicit(&p->state, &st, st | PS_RUNNING, memory_order_acquire,
                                                  memory_order_relaxed))
            return true;
    return false;
}

/* Release: the holder's writes become visible to the next holder. */
static void drop_running(process *p)
{
    atomic_fetch_and_explicit(&p->state, ~(uint32_t)PS_RUNNING, memory_order_release);
}

sched_claim_result sched_claim(process *self, process *q)
{
    ASSERT(q != self);
    bool parked = false;
    unsigned round = 0;
    sched_claim_result r;
    uint32_t st = atomic_load_explicit(&q->state, memory_order_relaxed);
    for (;;) {
        if (st & PS_EXITING) {
            r = SCHED_CLAIM_GONE;
            break;
        }
        if (!(st & PS_RUNNING)) {
            if (!atomic_compare_exchange_weak_explicit(&q->state, &st, st | PS_RUNNING, memory_order_acquire,
                                                       memory_order_relaxed))
                continue;
            r = (st & SCHED_PARKED) || round > 0 ? SCHED_CLAIM_RUNNING : SCHED_CLAIM_IDLE;
            if (!parked || try_take_running(self))
                break;
            /* Whoever holds self's bit may be a parked claimer that has
             * just taken it and now waits for its own bit, q's, which we
             * hold (two parked processes claiming each other): let q go
             * while we wait for self, then try q again. */
            drop_running(q);
            take_running(self);
            atomic_fetch_and_explicit(&self->state, ~(uint32_t)SCHED_PARKED, memory_order_relaxed);
            parked = false;
            st = atomic_load_explicit(&q->state, memory_order_relaxed);
            continue;
        }
        if (self && !parked) {
            /* Let others claim self while it waits (PARKED first: whoever
             * sees self's PS_RUNNING clear sees it parked). */
            atomic_fetch_or_explicit(&self->state, SCHED_PARKED, memory_order_relaxed);
            drop_running(self);
            parked = true;
        }
        back_off(&round);
        st = atomic_load_explicit(&q->state, memory_order_relaxed);
    }
    if (parked) {
        /* q claimed: self's bit is taken already; q gone: no claim is
         * held while self waits for its bit */
        if (r == SCHED_CLAIM_GONE)
            take_running(self);
        atomic_fetch_and_explicit(&self->state, ~(uint32_t)SCHED_PARKED, memory_order_relaxed);
    }
    return r;
}

void sched_release(process *q) { drop_running(q); }

/* The BIF's return reloads the reductions from the process (interp.c). */
void sched_yield_soon(process *q) { q->reds = 0; }

void sched_park(process *self)
{
    atomic_fetch_or_explicit(&self->state, SCHED_PARKED, memory_order_relaxed);
    drop_running(self);
}

void sched_unpark(process *self)
{
    take_running(self);
    atomic_fetch_and_explicit(&self->state, ~(uint32_t)SCHED_PARKED, memory_order_relaxed);
}

void sched_kill(process *self, process *q)
{
    if (atomic_load_explicit(&q->state, memory_order_relaxed) & SCHED_PARKED) {
        proc_signal(q->pid, SIG_EXIT, self ? self->pid : q->pid, ATOM_kill, NULL, NIL);
        return;
    }
    q->exit_reason = ATOM_killed;
    q->exit_class = CLASS_EXIT;
    /* Dead now for whereis too (its exit would drop the name later). By
     * name: were the name unregistered and given to another process
     * between the two calls, that one would lose it. */
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    for (term_t l = proc_registered(&h); l != NIL; l = list_tail(l))
        if (proc_whereis(list_head(l)) == q->pid) {
            proc_unregister(list_head(l));
            break;
        }
    heap_destroy(&h);
    /* Under inq_lock, where senders look for PS_EXITING and PS_WAITING. */
    spinlock_lock(&q->inq_lock);
    uint32_t st = atomic_load_explicit(&q->state, memory_order_relaxed), next;
    do {
        next = st | PS_EXITING;
        if (st & PS_WAITING)
            next = (next & ~(uint32_t)PS_WAITING) | PS_RUNNABLE;
    } while (!atomic_compare_exchange_weak_explicit(&q->state, &st, next, memory_order_relaxed,
                                                    memory_order_relaxed));
    spinlock_unlock(&q->inq_lock);
    if (st & PS_WAITING)
        sched_enqueue(q); /* its scheduler runs the exit */
}

/* ---- time slices ------------------------------------------------------------ */

/* Scheduling trace points (running, running_procs, exiting): one branch
 * each on p->trace_flags. OTP reports `in` also for a process that only
 * wakes to die of a signal (its signals are handled while it runs), and
 * out_exited, not `out`, once a process has exited; docs/internals/
 * sched-gc-events.md has the whole sequence. */
enum { RUNNING_FLAGS = TF_RUNNING | TF_RUNNING_PROCS };

static void run_slice(scheduler *s, process *p)
{
    alloc_set_owner(p->pid);
    uint32_t st = take_running(p);
    if (p->trace_flags & RUNNING_FLAGS)
        trace_hooks.sched(p, TRACE_IN);
    if (st & PS_EXITING) {
        /* killed (sched_kill) while it waited for this slice: exit_reason
         * is set; the bit is never given back */
        proc_exit(p); /* p stays valid until the next safe point */
        return;
    }
    p->reds = SCHED_SLICE_REDS;
    if (st & PS_LITERALS)
        pterm_copy_released(p);
    if (st & PS_SIGNALS) {
        if (proc_fetch_incoming(p) < 0) {
            proc_exit(p);
            return;
        }
    }
    interp_result r = interp_run(p);
    switch (r) {
    case RUN_YIELD:
        proc_count_reductions(p);
        if (p->trace_flags & RUNNING_FLAGS)
            trace_hooks.sched(p, TRACE_OUT);
        drop_running(p);
        push(s, p);
        break;
    case RUN_WAIT:
        /* proc_wait counted its reductions; once the bit is dropped p may
         * run elsewhere: do not touch it */
        if (p->trace_flags & RUNNING_FLAGS)
            trace_hooks.sched(p, TRACE_OUT);
        drop_running(p);
        break;
    case RUN_EXIT:
        proc_count_reductions(p);
        proc_exit(p);
        break;
    }
}

static void *scheduler_main(void *arg)
{
    scheduler *s = arg;
    self_id = s->id;
    proc_use_caches(true);
    progress_register(s->id);
    while (!atomic_load(&stopping)) {
        progress_update(s->id);
        if (atomic_load_explicit(&trace_safe_point_wanted, memory_order_relaxed) &&
            atomic_exchange_explicit(&trace_safe_point_wanted, false, memory_order_acquire))
            trace_hooks.safe_point();
        cancel_requested(s);
        if (timer_count(&s->timers)) /* no clock read when no timer runs */
            timer_expire(&s->timers, timer_now_ns(), fire, s);
        process *p = pop(s);
        if (!p)
            p = steal(s);
        if (!p) {
            proc_flush_exits(true);
            alloc_give_back();
            idle(s);
            continue;
        }
        run_slice(s, p);
        alloc_set_owner(0);
        proc_flush_exits(false);
    }
    proc_flush_exits(true);
    progress_unregister(s->id);
    proc_use_caches(false);
    return NULL;
}

void sched_start(unsigned n)
{
    if (n < 1)
        n = 1;
    if (n > SCHED_MAX)
        n = SCHED_MAX;
    nscheds = n;
    atomic_store(&stopping, false);
    progress_init((int)n);
    for (unsigned i = 0; i < n; i++) {
        scheduler *s = &scheds[i];
        s->id = (int)i;
        s->head = s->tail = NULL;
        atomic_store(&s->len, 0);
        spinlock_init(&s->qlock);
        atomic_store(&s->sleeping, false);
        pthread_mutex_init(&s->lock, NULL);
        pthread_cond_init(&s->wake, NULL);
        timer_init(&s->timers);
        s->cancels = NULL;
        s->ncancels = s->cancels_cap = 0;
        atomic_store(&s->has_cancels, false);
    }
    for (unsigned i = 0; i < n; i++)
        pthread_create(&scheds[i].thread, NULL, scheduler_main, &scheds[i]);
}

void sched_stop(void)
{
    atomic_store(&stopping, true);
    for (unsigned i = 0; i < nscheds; i++) {
        pthread_mutex_lock(&scheds[i].lock);
        pthread_cond_signal(&scheds[i].wake);
        pthread_mutex_unlock(&scheds[i].lock);
    }
    for (unsigned i = 0; i < nscheds; i++)
        pthread_join(scheds[i].thread, NULL);
    for (unsigned i = 0; i < nscheds; i++) {
        scheduler *s = &scheds[i];
        /* pending call timers: their timer_call is ours (their arg is
         * the caller's, dropped with them) */
        for (size_t j = 0; j < s->timers.count; j++)
            if (s->timers.heap[j].seq == CALL_SEQ)
                alloc_free(ALLOC_TIMER, (timer_call *)(uintptr_t)s->timers.heap[j].key, sizeof(timer_call));
        timer_destroy(&s->timers);
        if (s->cancels)
            alloc_free(ALLOC_TIMER, s->cancels, s->cancels_cap * sizeof *s->cancels);
        s->cancels = NULL;
        s->ncancels = s->cancels_cap = 0;
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->wake);
    }
    nscheds = 0;
    progress_destroy();
}
