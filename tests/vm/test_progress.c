/* test_progress.c: tests of vm/progress.c with real threads. "Scheduler"
 * threads obey commands one at a time (pass a safe point, sleep, wake,
 * wait), so each test decides exactly who has passed a safe point; between
 * commands a thread is awake and in the middle of a time slice. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "vm/progress.h"

enum cmd { CMD_NONE, CMD_UPDATE, CMD_SLEEP, CMD_WAKE, CMD_WAIT, CMD_QUIT };

typedef struct sched {
    int id;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    enum cmd cmd;
    int done; /* commands finished */
    /* what the thread saw after its last command */
    int saw;
} sched;

static int published; /* plain: written before progress_later, read by threads */

/* A deadlock must fail the test, not hang the suite. (Criterion's own
 * .timeout leaks memory in its runner, which fails the ASan build.) Each
 * test runs in its own process, so the alarm is the test's alone. */
static void arm_watchdog(void) { alarm(60); }

TestSuite(progress, .init = arm_watchdog);

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

static void *sched_main(void *arg)
{
    sched *s = arg;
    progress_register(s->id);
    pthread_mutex_lock(&s->lock);
    s->done++;
    pthread_cond_broadcast(&s->cond);
    for (;;) {
        while (s->cmd == CMD_NONE)
            pthread_cond_wait(&s->cond, &s->lock);
        enum cmd c = s->cmd;
        pthread_mutex_unlock(&s->lock);
        switch (c) {
        case CMD_UPDATE:
            progress_update(s->id);
            break;
        case CMD_SLEEP:
            progress_prepare_sleep(s->id);
            break;
        case CMD_WAKE:
            progress_finish_sleep(s->id);
            break;
        case CMD_WAIT:
            progress_wait(progress_later());
            break;
        case CMD_QUIT:
            progress_unregister(s->id);
            break;
        case CMD_NONE:
            break;
        }
        int saw = __atomic_load_n(&published, __ATOMIC_RELAXED);
        pthread_mutex_lock(&s->lock);
        s->saw = saw;
        s->cmd = CMD_NONE;
        s->done++;
        pthread_cond_broadcast(&s->cond);
        if (c == CMD_QUIT)
            break;
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Waits up to ms for `s` to finish `count` commands in all. */
static bool done_within(sched *s, int count, int ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000;
    if (until.tv_nsec >= 1000000000) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000;
    }
    pthread_mutex_lock(&s->lock);
    while (s->done < count)
        if (pthread_cond_timedwait(&s->cond, &s->lock, &until) != 0)
            break;
    bool ok = s->done >= count;
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static void post(sched *s, enum cmd c)
{
    pthread_mutex_lock(&s->lock);
    s->cmd = c;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
}

static int done_count(sched *s)
{
    pthread_mutex_lock(&s->lock);
    int d = s->done;
    pthread_mutex_unlock(&s->lock);
    return d;
}

/* Posts a command and waits for it to finish. */
static void run(sched *s, enum cmd c)
{
    int d = done_count(s);
    post(s, c);
    cr_assert(done_within(s, d + 1, 5000), "scheduler %d stuck in command %d", s->id, c);
}

static void start(sched *s, int n)
{
    for (int i = 0; i < n; i++) {
        s[i] = (sched){.id = i, .cmd = CMD_NONE};
        pthread_mutex_init(&s[i].lock, NULL);
        pthread_cond_init(&s[i].cond, NULL);
        pthread_create(&s[i].thread, NULL, sched_main, &s[i]);
        cr_assert(done_within(&s[i], 1, 5000));
    }
}

static void stop(sched *s, int n)
{
    for (int i = 0; i < n; i++) {
        run(&s[i], CMD_QUIT);
        pthread_join(s[i].thread, NULL);
        pthread_mutex_destroy(&s[i].lock);
        pthread_cond_destroy(&s[i].cond);
    }
}

/* An unmanaged thread blocked in progress_wait. */
typedef struct waiter {
    pthread_t thread;
    progress_value v;
    atomic_bool returned;
} waiter;

static void *waiter_main(void *arg)
{
    waiter *w = arg;
    progress_wait(w->v);
    atomic_store(&w->returned, true);
    return NULL;
}

static void start_waiter(waiter *w, progress_value v)
{
    w->v = v;
    atomic_init(&w->returned, false);
    pthread_create(&w->thread, NULL, waiter_main, w);
}

static bool returned_within(waiter *w, int ms)
{
    for (int t = 0; t < ms && !atomic_load(&w->returned); t++)
        sleep_ms(1);
    return atomic_load(&w->returned);
}

/* ---- tests ------------------------------------------------------------------ */

Test(progress, no_managed_threads_means_immediate_progress)
{
    progress_init(0);
    cr_assert_eq(progress_managed_count(), 0);
    cr_assert_eq(progress_current_id(), -1);
    progress_value v = progress_later();
    cr_assert(progress_has_reached(v));
    progress_wait(v);
    progress_value w = progress_later();
    cr_assert_geq(w, v);
    progress_destroy();
    /* again, with threads that never registered: they count as asleep */
    progress_init(3);
    cr_assert_eq(progress_managed_count(), 3);
    cr_assert(progress_has_reached(progress_later()));
    progress_destroy();
}

Test(progress, waiter_returns_only_after_every_awake_thread_passed)
{
    progress_init(3);
    sched s[3];
    start(s, 3);
    progress_value v = progress_later();
    cr_assert_not(progress_has_reached(v));
    waiter w;
    start_waiter(&w, v);
    run(&s[0], CMD_UPDATE);
    run(&s[1], CMD_UPDATE);
    run(&s[1], CMD_UPDATE);
    cr_assert_not(returned_within(&w, 100), "returned while scheduler 2 had not passed");
    cr_assert_not(progress_has_reached(v));
    run(&s[2], CMD_UPDATE);
    cr_assert(returned_within(&w, 5000));
    cr_assert(progress_has_reached(v));
    pthread_join(w.thread, NULL);
    /* A value taken now needs new safe points from all three. */
    progress_value v2 = progress_later();
    cr_assert_gt(v2, v);
    cr_assert_not(progress_has_reached(v2));
    run(&s[2], CMD_UPDATE);
    run(&s[0], CMD_UPDATE);
    cr_assert_not(progress_has_reached(v2));
    run(&s[1], CMD_UPDATE);
    cr_assert(progress_has_reached(v2));
    stop(s, 3);
    progress_destroy();
}

Test(progress, later_values_share_a_round)
{
    progress_init(2);
    sched s[2];
    start(s, 2);
    progress_value a = progress_later();
    progress_value b = progress_later();
    cr_assert_eq(a, b);
    run(&s[0], CMD_UPDATE);
    /* the round is under way: a request now needs the next round */
    progress_value c = progress_later();
    run(&s[1], CMD_UPDATE);
    cr_assert(progress_has_reached(a));
    cr_assert_gt(c, a);
    cr_assert_not(progress_has_reached(c));
    run(&s[0], CMD_UPDATE);
    run(&s[1], CMD_UPDATE);
    cr_assert(progress_has_reached(c));
    stop(s, 2);
    progress_destroy();
}

Test(progress, sleeping_threads_do_not_block)
{
    progress_init(4);
    sched s[4];
    start(s, 4);
    run(&s[2], CMD_SLEEP);
    run(&s[3], CMD_SLEEP);
    progress_value v = progress_later();
    waiter w;
    start_waiter(&w, v);
    cr_assert_not(returned_within(&w, 50));
    run(&s[0], CMD_UPDATE);
    run(&s[1], CMD_UPDATE);
    cr_assert(returned_within(&w, 5000));
    pthread_join(w.thread, NULL);

    /* All asleep: a waiter returns at once, nobody woken. */
    run(&s[0], CMD_SLEEP);
    run(&s[1], CMD_SLEEP);
    __atomic_store_n(&published, 42, __ATOMIC_RELAXED);
    progress_wait(progress_later());
    /* Threads that wake see what was stored before the request. */
    for (int i = 0; i < 4; i++) {
        run(&s[i], CMD_WAKE);
        cr_assert_eq(s[i].saw, 42);
    }
    /* Awake again, they block progress again. */
    progress_value v2 = progress_later();
    run(&s[0], CMD_UPDATE);
    run(&s[1], CMD_UPDATE);
    run(&s[2], CMD_UPDATE);
    cr_assert_not(progress_has_reached(v2));
    run(&s[3], CMD_UPDATE);
    cr_assert(progress_has_reached(v2));
    stop(s, 4);
    progress_destroy();
}

Test(progress, thread_falling_asleep_completes_the_round)
{
    progress_init(2);
    sched s[2];
    start(s, 2);
    progress_value v = progress_later();
    waiter w;
    start_waiter(&w, v);
    run(&s[0], CMD_UPDATE);
    cr_assert_not(returned_within(&w, 50));
    run(&s[1], CMD_SLEEP);
    cr_assert(returned_within(&w, 5000));
    pthread_join(w.thread, NULL);
    run(&s[1], CMD_WAKE);
    stop(s, 2);
    progress_destroy();
}

Test(progress, managed_thread_waiting_counts_itself)
{
    progress_init(2);
    sched s[2];
    start(s, 2);
    int d = done_count(&s[0]);
    post(&s[0], CMD_WAIT);
    cr_assert_not(done_within(&s[0], d + 1, 100), "returned before scheduler 1 passed");
    run(&s[1], CMD_UPDATE);
    cr_assert(done_within(&s[0], d + 1, 5000), "a managed waiter deadlocked");
    stop(s, 2);
    progress_destroy();

    /* the only managed thread waits for itself: no deadlock */
    progress_init(1);
    start(s, 1);
    run(&s[0], CMD_WAIT);
    run(&s[0], CMD_WAIT);
    stop(s, 1);
    progress_destroy();
}

static atomic_int ran_count;
static atomic_int ran_on;

static void count_run(void *arg)
{
    atomic_fetch_add(&ran_count, 1);
    atomic_store(&ran_on, progress_current_id());
    (void)arg;
}

Test(progress, deferred_runs_once_after_progress_on_the_last_thread)
{
    progress_init(3);
    sched s[3];
    start(s, 3);
    atomic_store(&ran_count, 0);
    atomic_store(&ran_on, -2);
    progress_defer(count_run, NULL);
    cr_assert_eq(atomic_load(&ran_count), 0);
    run(&s[1], CMD_UPDATE);
    run(&s[0], CMD_UPDATE);
    cr_assert_eq(atomic_load(&ran_count), 0);
    run(&s[2], CMD_UPDATE);
    cr_assert_eq(atomic_load(&ran_count), 1);
    cr_assert_eq(atomic_load(&ran_on), 2);
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < 3; i++)
            run(&s[i], CMD_UPDATE);
    cr_assert_eq(atomic_load(&ran_count), 1);
    stop(s, 3);
    progress_destroy();
    cr_assert_eq(atomic_load(&ran_count), 1);
}

Test(progress, deferred_from_a_later_round_waits_for_it)
{
    progress_init(2);
    sched s[2];
    start(s, 2);
    atomic_store(&ran_count, 0);
    progress_defer(count_run, NULL);
    run(&s[0], CMD_UPDATE);
    /* s[0] has passed, so this one needs s[0] to pass again */
    progress_defer(count_run, NULL);
    run(&s[1], CMD_UPDATE);
    cr_assert_eq(atomic_load(&ran_count), 1);
    run(&s[1], CMD_UPDATE);
    cr_assert_eq(atomic_load(&ran_count), 1);
    run(&s[0], CMD_UPDATE);
    cr_assert_eq(atomic_load(&ran_count), 2);
    stop(s, 2);
    progress_destroy();
}

Test(progress, deferred_waits_for_a_sleeper_to_wake_or_a_waiter)
{
    progress_init(2);
    sched s[2];
    start(s, 2);
    run(&s[0], CMD_SLEEP);
    run(&s[1], CMD_SLEEP);
    atomic_store(&ran_count, 0);
    atomic_store(&ran_on, -2);
    /* everyone asleep: ready at once, but never run inside progress_defer */
    progress_defer(count_run, NULL);
    cr_assert_eq(atomic_load(&ran_count), 0);
    run(&s[1], CMD_WAKE);
    cr_assert_eq(atomic_load(&ran_count), 1);
    cr_assert_eq(atomic_load(&ran_on), 1);
    /* a waiter runs what is ready */
    run(&s[1], CMD_SLEEP);
    progress_defer(count_run, NULL);
    cr_assert_eq(atomic_load(&ran_count), 1);
    progress_wait(progress_later());
    cr_assert_eq(atomic_load(&ran_count), 2);
    cr_assert_eq(atomic_load(&ran_on), -1);
    run(&s[0], CMD_WAKE);
    run(&s[1], CMD_WAKE);
    stop(s, 2);
    progress_destroy();
}

Test(progress, destroy_runs_what_is_pending)
{
    progress_init(1);
    sched s[1];
    start(s, 1);
    atomic_store(&ran_count, 0);
    progress_defer(count_run, NULL);
    progress_defer(count_run, NULL);
    cr_assert_eq(atomic_load(&ran_count), 0);
    /* unregistering is a safe point: the round completes there */
    stop(s, 1);
    cr_assert_eq(atomic_load(&ran_count), 2);
    progress_defer(count_run, NULL);
    cr_assert_eq(atomic_load(&ran_count), 2);
    progress_destroy();
    cr_assert_eq(atomic_load(&ran_count), 3);
}

static int order_log[8], order_n;

static void log_order(void *arg) { order_log[order_n++] = (int)(intptr_t)arg; }

static void defer_more(void *arg)
{
    log_order(arg);
    progress_defer(log_order, (void *)(intptr_t)99);
}

Test(progress, deferred_run_in_order_and_may_defer)
{
    progress_init(1);
    sched s[1];
    start(s, 1);
    order_n = 0;
    for (intptr_t i = 0; i < 4; i++)
        progress_defer(i == 2 ? defer_more : log_order, (void *)i);
    run(&s[0], CMD_UPDATE);
    cr_assert_eq(order_n, 4);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(order_log[i], i);
    /* the one deferred from inside runs a round later */
    run(&s[0], CMD_UPDATE);
    cr_assert_eq(order_n, 5);
    cr_assert_eq(order_log[4], 99);
    stop(s, 1);
    progress_destroy();
}

Test(progress, reinit_with_another_count)
{
    for (int n = 1; n <= 4; n++) {
        progress_init(n);
        sched s[4];
        start(s, n);
        progress_value v = progress_later();
        for (int i = 0; i < n; i++) {
            cr_assert_not(progress_has_reached(v));
            run(&s[i], CMD_UPDATE);
        }
        cr_assert(progress_has_reached(v));
        stop(s, n);
        progress_destroy();
    }
}

/* ---- free-running threads: reclamation never frees what a thread holds ---- */

#define LIVE 0x1157u
#define DEAD 0xdeadu
#define STRESS_THREADS 4
#define STRESS_OBJECTS 3000

typedef struct object {
    unsigned magic;
    atomic_int freed; /* times the deferred free ran */
} object;

static object objects[STRESS_OBJECTS];
static _Atomic(object *) current;
static atomic_bool stress_stop;
static atomic_int use_after_free;

static void poison(void *arg)
{
    object *o = arg;
    o->magic = DEAD;
    atomic_fetch_add(&o->freed, 1);
}

static void *stress_sched(void *arg)
{
    int id = (int)(intptr_t)arg;
    progress_register(id);
    unsigned n = 0;
    while (!atomic_load_explicit(&stress_stop, memory_order_relaxed)) {
        /* a time slice: hold the object across some work */
        object *o = atomic_load_explicit(&current, memory_order_acquire);
        for (int k = 0; k < 50; k++)
            if (((volatile object *)o)->magic != LIVE)
                atomic_fetch_add(&use_after_free, 1);
        if (++n % 64 == (unsigned)id) {
            progress_prepare_sleep(id);
            sleep_ms(0);
            progress_finish_sleep(id);
        } else {
            progress_update(id);
        }
    }
    progress_unregister(id);
    return NULL;
}

Test(progress, reclamation_under_free_running_threads)
{
    progress_init(STRESS_THREADS);
    for (int i = 0; i < STRESS_OBJECTS; i++) {
        objects[i].magic = LIVE;
        atomic_init(&objects[i].freed, 0);
    }
    atomic_store(&current, &objects[0]);
    atomic_store(&stress_stop, false);
    atomic_store(&use_after_free, 0);
    pthread_t th[STRESS_THREADS];
    for (intptr_t i = 0; i < STRESS_THREADS; i++)
        pthread_create(&th[i], NULL, stress_sched, (void *)i);
    for (int i = 1; i < STRESS_OBJECTS; i++) {
        object *old = atomic_exchange(&current, &objects[i]);
        if (i % 3 == 0) {
            /* the breakpoint way: wait, then free */
            progress_wait(progress_later());
            cr_assert_eq(atomic_load(&old->freed), 0);
            poison(old);
        } else {
            progress_defer(poison, old);
        }
    }
    atomic_store(&stress_stop, true);
    for (int i = 0; i < STRESS_THREADS; i++)
        pthread_join(th[i], NULL);
    progress_destroy();
    cr_assert_eq(atomic_load(&use_after_free), 0);
    for (int i = 0; i < STRESS_OBJECTS - 1; i++)
        cr_assert_eq(atomic_load(&objects[i].freed), 1, "object %d freed %d times", i,
                     atomic_load(&objects[i].freed));
    cr_assert_eq(atomic_load(&objects[STRESS_OBJECTS - 1].freed), 0);
}
