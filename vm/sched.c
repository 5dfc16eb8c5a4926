/* sched.c: scheduler threads, run queues with stealing, timers, sleep. */
#include "sched.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "alloc.h"
#include "interp.h"
#include "progress.h"
#include "timer.h"

typedef struct scheduler {
    int id;
    pthread_t thread;
    pthread_mutex_t lock; /* the run queue and `sleeping` */
    pthread_cond_t wake;
    process *head, *tail;
    _Atomic uint32_t len;
    bool sleeping;
    timer_queue timers; /* owner thread only */
} scheduler;

static scheduler scheds[SCHED_MAX];
static unsigned nscheds;
static _Atomic bool stopping;
static _Thread_local int self_id = -1;

unsigned sched_count(void) { return nscheds; }
int sched_current(void) { return self_id; }

static void push(scheduler *s, process *p)
{
    pthread_mutex_lock(&s->lock);
    p->rq_next = NULL;
    if (s->tail)
        s->tail->rq_next = p;
    else
        s->head = p;
    s->tail = p;
    atomic_fetch_add_explicit(&s->len, 1, memory_order_relaxed);
    bool wake = s->sleeping;
    pthread_mutex_unlock(&s->lock);
    if (wake)
        pthread_cond_signal(&s->wake);
}

static process *pop(scheduler *s)
{
    if (atomic_load_explicit(&s->len, memory_order_relaxed) == 0)
        return NULL;
    pthread_mutex_lock(&s->lock);
    process *p = s->head;
    if (p) {
        s->head = p->rq_next;
        if (!s->head)
            s->tail = NULL;
        atomic_fetch_sub_explicit(&s->len, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&s->lock);
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

/* Timer entries: a receive timer's key is the pid and its seq the
 * process's timer_seq; a call timer's key points to a timer_call and its
 * seq is CALL_SEQ. */
#define CALL_SEQ UINT64_MAX
typedef struct timer_call {
    void (*fn)(void *);
    void *arg;
} timer_call;

static void fire(void *arg, const timer_info *t)
{
    (void)arg;
    if (t->seq == CALL_SEQ) {
        timer_call *c = (timer_call *)(uintptr_t)t->key;
        c->fn(c->arg);
        alloc_free(ALLOC_TIMER, c, sizeof *c);
        return;
    }
    proc_timer_fired((term_t)t->key, t->seq);
}

static uint64_t deadline_in(uint64_t ms)
{
    uint64_t ns = ms > UINT64_MAX / 2000000 ? UINT64_MAX / 2 : ms * 1000000;
    return timer_now_ns() + ns;
}

void sched_timer_receive(process *p, uint64_t ms)
{
    timer_insert(&scheds[self_id].timers, deadline_in(ms), p->pid, p->timer_seq);
}

void sched_timer_call(uint64_t ms, void (*fn)(void *), void *arg)
{
    timer_call *c = alloc_new(ALLOC_TIMER, sizeof *c);
    c->fn = fn;
    c->arg = arg;
    timer_insert(&scheds[self_id].timers, deadline_in(ms), (uint64_t)(uintptr_t)c, CALL_SEQ);
}

/* Sleeps until work arrives or the next timer is due. */
static void idle(scheduler *s)
{
    uint64_t next = timer_next_deadline(&s->timers);
    progress_prepare_sleep(s->id);
    pthread_mutex_lock(&s->lock);
    s->sleeping = true;
    /* Wake at the next timer, and at least every 10 ms to look for work to
     * steal. */
    uint64_t now = timer_now_ns();
    uint64_t until = now + 10000000;
    if (next && next < until)
        until = next;
    while (!s->head && !atomic_load(&stopping) && timer_now_ns() < until) {
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
    s->sleeping = false;
    pthread_mutex_unlock(&s->lock);
    progress_finish_sleep(s->id);
}

static void run_slice(scheduler *s, process *p)
{
    p->reds = SCHED_SLICE_REDS;
    if (atomic_load_explicit(&p->state, memory_order_relaxed) & PS_SIGNALS) {
        if (proc_fetch_incoming(p) < 0) {
            proc_exit(p);
            return;
        }
    }
    interp_result r = interp_run(p);
    switch (r) {
    case RUN_YIELD:
        proc_count_reductions(p);
        push(s, p);
        break;
    case RUN_WAIT:
        /* p may already run elsewhere: do not touch it (proc_wait counted
         * its reductions before it could be woken) */
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
    progress_register(s->id);
    while (!atomic_load(&stopping)) {
        progress_update(s->id);
        timer_expire(&s->timers, timer_now_ns(), fire, s);
        process *p = pop(s);
        if (!p)
            p = steal(s);
        if (!p) {
            idle(s);
            continue;
        }
        run_slice(s, p);
    }
    progress_unregister(s->id);
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
        pthread_mutex_init(&s->lock, NULL);
        pthread_cond_init(&s->wake, NULL);
        timer_init(&s->timers);
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
    for (unsigned i = 0; i < nscheds; i++)
        timer_destroy(&scheds[i].timers);
}
