/* progress.c: the ThreadSanitizer test of vm/progress.c. Scheduler threads
 * run "time slices" that read shared objects with plain loads while other
 * threads swap those objects and free the old ones, either after
 * progress_wait (the breakpoint sequence) or through progress_defer (exited
 * processes). Any ordering the protocol fails to give shows up as a race or
 * a heap-use-after-free report; the counts check that every deferred
 * function ran exactly once. Prints "progress: N passed, N failed" last. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "vm/alloc.h"
#include "vm/progress.h"

#define TALLY_NAME "progress"
#include "tests/lib/tally.h"

#define SCHEDULERS 4
#define SLOTS 64

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Shared objects: plain fields, written once before they become reachable
 * and read by scheduler threads while reachable. */
typedef struct object {
    uint64_t a, b; /* b == ~a while valid */
    int owner;
} object;

static object *new_object(uint64_t a, int owner)
{
    object *o = alloc_new(ALLOC_SYSTEM, sizeof *o);
    o->a = a;
    o->b = ~a;
    o->owner = owner;
    return o;
}

static atomic_int freed_count;

static void free_object(void *arg)
{
    object *o = arg;
    o->a = o->b = 0; /* a plain write: races with any reader still holding o */
    alloc_free(ALLOC_SYSTEM, o, sizeof *o);
    atomic_fetch_add(&freed_count, 1);
}

/* "Breakpoint data": reached through one pointer, read with relaxed loads
 * (as code words are read), changed by an unmanaged thread. */
static _Atomic(object *) breakpoint;

/* "Process table": slots owned by schedulers, published with release and
 * looked up with acquire by any scheduler; removal defers the free. */
static _Atomic(object *) table[SLOTS];

static atomic_bool stop_flag;
static atomic_long bad_reads;
static atomic_long slices;
static atomic_int started; /* schedulers registered with thread progress */
static atomic_int deferred_by_scheduler;
static atomic_int waits_by_scheduler;
static int sleep_percent; /* of slices that end in a sleep; set per round */

static void read_object(const object *o)
{
    if (o && o->b != ~o->a)
        atomic_fetch_add(&bad_reads, 1);
}

static void *scheduler(void *arg)
{
    int id = (int)(intptr_t)arg;
    uint64_t rng = (uint64_t)id * 7919 + 1;
    progress_register(id);
    atomic_fetch_add(&started, 1);
    unsigned own_slices = 0;
    while (!atomic_load_explicit(&stop_flag, memory_order_relaxed)) {
        /* one time slice: hold pointers across some work */
        object *bp = atomic_load_explicit(&breakpoint, memory_order_relaxed);
        object *p = atomic_load_explicit(&table[next_random(&rng) % SLOTS], memory_order_acquire);
        for (int k = 0; k < 8; k++) {
            read_object(bp);
            read_object(p);
        }
        /* a process of ours exits now and then */
        unsigned r = (unsigned)(next_random(&rng) % 100);
        if (r < 10) {
            int slot = id + SCHEDULERS * (int)(next_random(&rng) % (SLOTS / SCHEDULERS));
            object *fresh = new_object(next_random(&rng), id);
            object *old = atomic_exchange_explicit(&table[slot], fresh, memory_order_acq_rel);
            if (old) {
                progress_defer(free_object, old);
                atomic_fetch_add(&deferred_by_scheduler, 1);
            }
        }
        atomic_fetch_add_explicit(&slices, 1, memory_order_relaxed);
        /* the safe point between slices; now and then no work: sleep */
        if ((unsigned)(next_random(&rng) % 100) < (unsigned)sleep_percent) {
            progress_prepare_sleep(id);
            struct timespec ts = {0, 200000};
            nanosleep(&ts, NULL);
            progress_finish_sleep(id);
        } else if (id == 0 && own_slices++ % 16 == 0) {
            /* a managed thread waiting must count itself as passed */
            progress_wait(progress_later());
            atomic_fetch_add(&waits_by_scheduler, 1);
        } else {
            progress_update(id);
        }
    }
    if (id == 0) {
        /* at least once per round, even if the round ended before we ran */
        progress_wait(progress_later());
        atomic_fetch_add(&waits_by_scheduler, 1);
    }
    progress_unregister(id);
    return NULL;
}

/* The trace engine's sequence: stage, wait, make reachable, wait, free. */
static void *tracer(void *arg)
{
    int rounds = (int)(intptr_t)arg;
    uint64_t rng = 99;
    for (int i = 0; i < rounds; i++) {
        object *staged = new_object(next_random(&rng), -1);
        progress_wait(progress_later());
        object *old = atomic_exchange_explicit(&breakpoint, staged, memory_order_relaxed);
        progress_wait(progress_later());
        if (old)
            free_object(old);
    }
    return NULL;
}

/* An unmanaged thread that also defers (a port or the shell closing). */
static void *deferrer(void *arg)
{
    int n = (int)(intptr_t)arg;
    for (int i = 0; i < n; i++) {
        object *o = new_object((uint64_t)i, -2);
        progress_defer(free_object, o);
        if (i % 16 == 0) {
            progress_value v = progress_later();
            while (!progress_has_reached(v)) {
                struct timespec ts = {0, 50000};
                nanosleep(&ts, NULL);
            }
        }
    }
    return NULL;
}

static void run_round(int tracer_rounds, int deferrer_objects, int sleeping)
{
    sleep_percent = sleeping;
    atomic_store(&stop_flag, false);
    atomic_store(&bad_reads, 0);
    atomic_store(&freed_count, 0);
    atomic_store(&deferred_by_scheduler, 0);
    atomic_store(&waits_by_scheduler, 0);
    atomic_store(&slices, 0);
    progress_init(SCHEDULERS);
    atomic_store(&breakpoint, new_object(1, -1));
    for (int i = 0; i < SLOTS; i++)
        atomic_store(&table[i], new_object((uint64_t)i, i % SCHEDULERS));

    pthread_t sch[SCHEDULERS], tr, df;
    atomic_store(&started, 0);
    for (intptr_t i = 0; i < SCHEDULERS; i++)
        pthread_create(&sch[i], NULL, scheduler, (void *)i);
    /* The changes must race with running schedulers: on a loaded machine
     * the threads may start late, and progress_wait does not wait for
     * threads not registered yet. */
    while (atomic_load(&started) < SCHEDULERS)
        sched_yield();
    pthread_create(&tr, NULL, tracer, (void *)(intptr_t)tracer_rounds);
    pthread_create(&df, NULL, deferrer, (void *)(intptr_t)deferrer_objects);
    pthread_join(tr, NULL);
    pthread_join(df, NULL);
    /* let the schedulers run a little past the last change */
    progress_wait(progress_later());
    atomic_store(&stop_flag, true);
    for (int i = 0; i < SCHEDULERS; i++)
        pthread_join(sch[i], NULL);

    int deferred = atomic_load(&deferred_by_scheduler) + deferrer_objects;
    progress_destroy();
    char what[160];
    snprintf(what, sizeof what, "no torn or freed object read (%ld bad reads)", atomic_load(&bad_reads));
    check(atomic_load(&bad_reads) == 0, what);
    snprintf(what, sizeof what, "every deferred free ran once (%d deferred + %d waited, %d freed)", deferred,
             tracer_rounds, atomic_load(&freed_count));
    check(atomic_load(&freed_count) == deferred + tracer_rounds, what);
    check(atomic_load(&slices) > 0, "schedulers ran");
    if (getenv("PROGRESS_STATS"))
        printf("progress: %ld slices, %d deferred, %d scheduler waits\n", atomic_load(&slices), deferred,
               atomic_load(&waits_by_scheduler));
    check(atomic_load(&waits_by_scheduler) > 0, "a scheduler waited for progress and returned");

    free_object(atomic_load(&breakpoint));
    for (int i = 0; i < SLOTS; i++)
        free_object(atomic_load(&table[i]));
}

int main(void)
{
    /* a deadlock must fail the run, not hang it */
    alarm(300);
    alloc_stat before, after;
    alloc_get_stat(ALLOC_SYSTEM, &before);
    /* mostly busy, often asleep, never asleep */
    run_round(2000, 20000, 1);
    run_round(1000, 10000, 40);
    run_round(500, 5000, 0);
    alloc_get_stat(ALLOC_SYSTEM, &after);
    check(after.size == before.size && after.blocks == before.blocks, "all memory returned");
    return tally_report();
}
