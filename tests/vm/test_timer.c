/* test_timer.c: tests of vm/timer.c: order (deadline, then insertion, as
 * erl delivers erlang:send_after messages with one absolute deadline),
 * cancel and lookup, callbacks that change the queue, a million timers,
 * memory that follows live timers, and random operations against a model. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <time.h>

#include "tests/lib/rng.h"
#include "vm/alloc.h"
#include "vm/timer.h"

typedef struct fired_log {
    timer_info *v;
    size_t n, cap;
} fired_log;

static void log_fire(void *arg, const timer_info *ti)
{
    fired_log *l = arg;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = *ti;
}

Test(timer, empty_queue)
{
    timer_queue t;
    timer_init(&t);
    fired_log l = {0};
    cr_assert_eq(timer_next_deadline(&t), TIMER_NEVER);
    cr_assert_eq(timer_count(&t), 0);
    cr_assert_eq(timer_expire(&t, UINT64_MAX, log_fire, &l), 0);
    cr_assert_not(timer_cancel(&t, TIMER_NONE, NULL));
    cr_assert_not(timer_cancel(&t, 12345, NULL));
    timer_info ti;
    cr_assert_not(timer_lookup(&t, 1, &ti));
    cr_assert_eq(timer_memory(&t), 0);
    timer_destroy(&t);
}

Test(timer, fires_due_timers_in_deadline_order)
{
    timer_queue t;
    timer_init(&t);
    uint64_t deadlines[] = {50, 10, 30, 20, 40, 60};
    for (int i = 0; i < 6; i++)
        timer_insert(&t, deadlines[i], 100 + (uint64_t)i, 7);
    cr_assert_eq(timer_next_deadline(&t), 10);
    fired_log l = {0};
    cr_assert_eq(timer_expire(&t, 9, log_fire, &l), 0);
    /* due means deadline <= now */
    cr_assert_eq(timer_expire(&t, 50, log_fire, &l), 5);
    uint64_t want_deadline[] = {10, 20, 30, 40, 50};
    uint64_t want_key[] = {101, 103, 102, 104, 100};
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(l.v[i].deadline, want_deadline[i]);
        cr_assert_eq(l.v[i].key, want_key[i]);
        cr_assert_eq(l.v[i].seq, 7);
    }
    cr_assert_eq(timer_count(&t), 1);
    cr_assert_eq(timer_next_deadline(&t), 60);
    free(l.v);
    timer_destroy(&t);
}

/* erl: 20 erlang:send_after(T, self(), N, [{abs,true}]) with one T arrive
 * as [1..20]. */
Test(timer, equal_deadlines_fire_in_insertion_order)
{
    timer_queue t;
    timer_init(&t);
    for (uint64_t n = 1; n <= 20; n++)
        timer_insert(&t, 1000, n, 0);
    /* interleave an earlier and a later one */
    timer_insert(&t, 999, 0, 0);
    timer_insert(&t, 1001, 21, 0);
    fired_log l = {0};
    cr_assert_eq(timer_expire(&t, 5000, log_fire, &l), 22);
    for (uint64_t i = 0; i < 22; i++)
        cr_assert_eq(l.v[i].key, i);
    free(l.v);
    timer_destroy(&t);
}

/* erl: erlang:cancel_timer(Ref) answers the time left once, then false. */
Test(timer, cancel_once_then_false)
{
    timer_queue t;
    timer_init(&t);
    timer_id a = timer_insert(&t, 30, 1, 11);
    timer_id b = timer_insert(&t, 10, 2, 22);
    timer_id c = timer_insert(&t, 20, 3, 33);
    cr_assert(a != TIMER_NONE && b != TIMER_NONE && c != TIMER_NONE);
    cr_assert(a < b && b < c);
    timer_info ti;
    cr_assert(timer_lookup(&t, c, &ti));
    cr_assert_eq(ti.deadline, 20);
    cr_assert_eq(ti.key, 3);
    cr_assert_eq(ti.seq, 33);
    cr_assert(timer_cancel(&t, b, &ti));
    cr_assert_eq(ti.id, b);
    cr_assert_eq(ti.deadline, 10);
    cr_assert_eq(ti.key, 2);
    cr_assert_eq(ti.seq, 22);
    cr_assert_not(timer_cancel(&t, b, &ti));
    cr_assert_not(timer_lookup(&t, b, &ti));
    cr_assert_eq(timer_next_deadline(&t), 20);
    fired_log l = {0};
    cr_assert_eq(timer_expire(&t, 25, log_fire, &l), 1);
    cr_assert_eq(l.v[0].id, c);
    /* fired: no longer cancellable */
    cr_assert_not(timer_cancel(&t, c, NULL));
    cr_assert(timer_cancel(&t, a, NULL));
    cr_assert_eq(timer_count(&t), 0);
    cr_assert_eq(timer_next_deadline(&t), TIMER_NEVER);
    /* ids are not reused after the queue empties */
    timer_id d = timer_insert(&t, 5, 4, 0);
    cr_assert_gt(d, c);
    free(l.v);
    timer_destroy(&t);
}

typedef struct reentrant {
    timer_queue *t;
    fired_log log;
    timer_id victim;
} reentrant;

static void fire_and_change(void *arg, const timer_info *ti)
{
    reentrant *r = arg;
    log_fire(&r->log, ti);
    if (ti->key == 1) {
        /* due now: fires in this call, after the deadline-10 timers */
        timer_insert(r->t, 15, 100, 0);
        /* not due: stays */
        timer_insert(r->t, 500, 200, 0);
        cr_assert(timer_cancel(r->t, r->victim, NULL));
    }
}

Test(timer, callbacks_may_insert_and_cancel)
{
    timer_queue t;
    timer_init(&t);
    reentrant r = {.t = &t};
    timer_insert(&t, 10, 1, 0);
    timer_insert(&t, 10, 2, 0);
    r.victim = timer_insert(&t, 12, 3, 0);
    timer_insert(&t, 20, 4, 0);
    cr_assert_eq(timer_expire(&t, 100, fire_and_change, &r), 4);
    uint64_t want[] = {1, 2, 100, 4};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(r.log.v[i].key, want[i]);
    cr_assert_eq(timer_count(&t), 1);
    cr_assert_eq(timer_next_deadline(&t), 500);
    free(r.log.v);
    timer_destroy(&t);
}

typedef struct order_check {
    uint64_t last_deadline;
    timer_id last_id;
    size_t n;
    bool ok;
} order_check;

static void check_order(void *arg, const timer_info *ti)
{
    order_check *o = arg;
    if (o->n > 0 &&
        (ti->deadline < o->last_deadline || (ti->deadline == o->last_deadline && ti->id <= o->last_id)))
        o->ok = false;
    if (ti->key != ti->id * 3 || ti->seq != ti->deadline)
        o->ok = false;
    o->last_deadline = ti->deadline;
    o->last_id = ti->id;
    o->n++;
}

Test(timer, a_million_timers)
{
    timer_queue t;
    timer_init(&t);
    rng r = {42};
    enum { N = 1000000 };
    for (uint64_t i = 0; i < N; i++) {
        /* few distinct deadlines: many ties */
        uint64_t d = random_below(&r, 50000);
        /* ids count from 1, so key = 3 * id ties the payload to the timer */
        timer_id id = timer_insert(&t, d, (i + 1) * 3, d);
        cr_assert_eq(id, i + 1);
    }
    cr_assert_eq(timer_count(&t), N);
    /* memory: at most 4x the minimum for 1M timers (32 + 16 bytes each) */
    cr_assert_leq(timer_memory(&t), (size_t)N * 48 * 4);
    /* cancel every other timer */
    for (uint64_t id = 1; id <= N; id += 2)
        cr_assert(timer_cancel(&t, id, NULL));
    cr_assert_eq(timer_count(&t), N / 2);
    order_check o = {.ok = true};
    size_t fired = timer_expire(&t, 25000, check_order, &o);
    fired += timer_expire(&t, UINT64_MAX - 1, check_order, &o);
    cr_assert(o.ok);
    cr_assert_eq(fired, N / 2);
    cr_assert_eq(o.n, N / 2);
    cr_assert_eq(timer_count(&t), 0);
    cr_assert_eq(timer_memory(&t), 0);
    timer_destroy(&t);
}

Test(timer, memory_follows_live_timers)
{
    alloc_stat before, peak, after;
    alloc_get_stat(ALLOC_TIMER, &before);
    timer_queue t;
    timer_init(&t);
    enum { N = 200000, KEEP = 1000 };
    timer_id *ids = malloc(N * sizeof *ids);
    for (int i = 0; i < N; i++)
        ids[i] = timer_insert(&t, (uint64_t)(i * 7919 % N), (uint64_t)i, 0);
    alloc_get_stat(ALLOC_TIMER, &peak);
    cr_assert_geq(peak.size - before.size, (uint64_t)N * sizeof(timer_info));
    for (int i = KEEP; i < N; i++)
        cr_assert(timer_cancel(&t, ids[i], NULL));
    cr_assert_eq(timer_count(&t), KEEP);
    /* 1000 live timers hold at most 4x their 48 bytes */
    cr_assert_leq(timer_memory(&t), (size_t)KEEP * 48 * 4);
    alloc_get_stat(ALLOC_TIMER, &after);
    cr_assert_eq(after.size - before.size, timer_memory(&t));
    for (int i = 0; i < KEEP; i++) {
        timer_info ti;
        cr_assert(timer_lookup(&t, ids[i], &ti));
        cr_assert_eq(ti.key, (uint64_t)i);
    }
    timer_destroy(&t);
    alloc_get_stat(ALLOC_TIMER, &after);
    cr_assert_eq(after.size, before.size);
    free(ids);
}

/* ---- random operations against a plain array model ----------------------- */

typedef struct model {
    timer_info *v;
    size_t n;
} model;

static int cmp_info(const void *a, const void *b)
{
    const timer_info *x = a, *y = b;
    if (x->deadline != y->deadline)
        return x->deadline < y->deadline ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

Test(timer, random_operations_match_a_model)
{
    enum { OPS = 300000, MAXLIVE = 4000 };
    timer_queue t;
    timer_init(&t);
    model m = {malloc(MAXLIVE * 2 * sizeof(timer_info)), 0};
    rng r = {7};
    uint64_t now = 0;
    timer_id next_expected_id = 1;
    fired_log l = {0};
    for (int op = 0; op < OPS; op++) {
        unsigned what = (unsigned)random_below(&r, 100);
        if (what < 50 && m.n < MAXLIVE) {
            uint64_t d = now + random_below(&r, 2000);
            uint64_t key = next_random(&r), seq = next_random(&r);
            timer_id id = timer_insert(&t, d, key, seq);
            cr_assert_eq(id, next_expected_id++);
            m.v[m.n++] = (timer_info){.deadline = d, .id = id, .key = key, .seq = seq};
        } else if (what < 85 && m.n > 0) {
            size_t k = random_below(&r, m.n);
            timer_info got;
            cr_assert(timer_cancel(&t, m.v[k].id, &got));
            cr_assert_eq(got.deadline, m.v[k].deadline);
            cr_assert_eq(got.key, m.v[k].key);
            cr_assert_eq(got.seq, m.v[k].seq);
            cr_assert_not(timer_cancel(&t, m.v[k].id, NULL));
            m.v[k] = m.v[--m.n];
        } else if (what < 88) {
            /* a stale or unknown id */
            timer_id id = random_below(&r, next_expected_id + 10);
            bool live = false;
            for (size_t i = 0; i < m.n; i++)
                live |= m.v[i].id == id;
            timer_info got;
            cr_assert_eq(timer_lookup(&t, id, &got), live);
        } else {
            now += random_below(&r, 300);
            qsort(m.v, m.n, sizeof *m.v, cmp_info);
            size_t due = 0;
            while (due < m.n && m.v[due].deadline <= now)
                due++;
            l.n = 0;
            cr_assert_eq(timer_expire(&t, now, log_fire, &l), due);
            for (size_t i = 0; i < due; i++) {
                cr_assert_eq(l.v[i].id, m.v[i].id);
                cr_assert_eq(l.v[i].deadline, m.v[i].deadline);
                cr_assert_eq(l.v[i].key, m.v[i].key);
                cr_assert_eq(l.v[i].seq, m.v[i].seq);
            }
            memmove(m.v, m.v + due, (m.n - due) * sizeof *m.v);
            m.n -= due;
        }
        cr_assert_eq(timer_count(&t), m.n);
        if (op % 64 == 0) {
            uint64_t min = TIMER_NEVER;
            for (size_t i = 0; i < m.n; i++)
                min = m.v[i].deadline < min ? m.v[i].deadline : min;
            cr_assert_eq(timer_next_deadline(&t), min);
        }
    }
    free(l.v);
    free(m.v);
    timer_destroy(&t);
}

Test(timer, now_is_monotonic_nanoseconds)
{
    uint64_t a = timer_now_ns();
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    uint64_t b = timer_now_ns();
    cr_assert_geq(b - a, UINT64_C(20000000));
    cr_assert_lt(b - a, UINT64_C(5000000000));
    uint64_t prev = timer_now_ns();
    for (int i = 0; i < 100000; i++) {
        uint64_t x = timer_now_ns();
        cr_assert_geq(x, prev);
        prev = x;
    }
}
