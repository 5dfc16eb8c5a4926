/* test_collector.c: tests of dbgcore/collector.c, the bounded ring of
 * trace events the shell reads: what it keeps and drops by count and by
 * bytes, reading by sequence number, waiting, several writers, closing,
 * and the arrival stamps that merge several collectors. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "dbgcore/dbgcore.h"
#include "tests/lib/terms.h"

static heap_t h;

static void setup(void)
{
    atom_table_init();
    heap_init(&h, ALLOC_TEMP);
}
static void teardown(void) { heap_destroy(&h); }

/* {trace, <0.N.0>, call, {m, f, [I]}} as the engine would give it. */
static term_t event(heap_t *on, int64_t i)
{
    term_t mfa = term_tuple3(on, atom_from_cstr("m"), atom_from_cstr("f"), term_cons(on, term_small(i), NIL));
    term_t e[4] = {atom_from_cstr("trace"), term_local_pid(7, 0), atom_from_cstr("call"), mfa};
    return term_tuple(on, 4, e);
}

/* The I of each event read, in order. */
typedef struct got {
    int64_t v[4096];
    uint64_t seq[4096];
    uint64_t stamp[4096];
    size_t n;
} got;

static bool take(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg)
{
    got *g = arg;
    g->stamp[g->n] = stamp;
    term_t t;
    size_t used;
    ext_error err;
    cr_assert(ext_binary_to_term(&h, etf, len, &t, &used, &err) == EXT_OK, "event %llu does not decode",
              (unsigned long long)seq);
    term_t args = tuple_get(tuple_get(t, 3), 2);
    g->v[g->n] = small_value(list_head(args));
    g->seq[g->n++] = seq;
    return true;
}

TestSuite(collector, .init = setup, .fini = teardown);

Test(collector, keeps_the_last_events_by_count)
{
    collector *c = collector_open(8, 1 << 20);
    cr_assert_not_null(c);
    term_t port = collector_port(c);
    cr_assert(port_alive(port));
    for (int i = 0; i < 20; i++)
        cr_assert(port_command(port, event(&h, i)));
    got g = {.n = 0};
    uint64_t lost;
    uint64_t next = collector_read(c, 0, take, &g, 100, &lost);
    cr_expect_eq(next, 20);
    cr_expect_eq(lost, 12, "lost %llu", (unsigned long long)lost);
    cr_assert_eq(g.n, 8);
    for (size_t i = 0; i < g.n; i++) {
        cr_expect_eq(g.v[i], (int64_t)(12 + i));
        cr_expect_eq(g.seq[i], 12 + i);
    }
    collector_stats st;
    collector_stats_get(c, &st);
    cr_expect_eq(st.events, 20);
    cr_expect_eq(st.dropped, 12);
    cr_expect_eq(st.first, 12);
    cr_expect_eq(st.next, 20);
    collector_free(c);
    cr_expect(!port_alive(port));
}

Test(collector, keeps_what_fits_in_its_bytes)
{
    /* 4096 bytes and events of about 40 bytes: far fewer than 1000 kept,
     * always the newest, never a torn one */
    collector *c = collector_open(1000, 4096);
    for (int i = 0; i < 1000; i++)
        port_command(collector_port(c), event(&h, i));
    got g = {.n = 0};
    uint64_t next = collector_read(c, 0, take, &g, 4096, NULL);
    cr_expect_eq(next, 1000);
    cr_assert(g.n > 50 && g.n < 200, "%zu kept", g.n);
    for (size_t i = 0; i < g.n; i++)
        cr_expect_eq(g.v[i], (int64_t)(1000 - g.n + i));
    collector_free(c);
}

/* A collector starts small and grows to its bounds as events come: an
 * idle one holds little; a full one keeps exactly what the bounds allow,
 * every event intact across each doubling of its bytes and slots. */
Test(collector, grows_as_events_come)
{
    alloc_stat s0, s1, s2;
    alloc_get_stat(ALLOC_TRACE_BUF, &s0);
    collector *c = collector_open(1 << 16, 1 << 23); /* 65536 events of ~70 bytes, 8 MiB */
    alloc_get_stat(ALLOC_TRACE_BUF, &s1);
    cr_assert_lt(s1.size - s0.size, 256 * 1024, "an idle collector holds %llu bytes",
                 (unsigned long long)(s1.size - s0.size));
    enum { N = 3000 };
    for (int i = 0; i < N; i++)
        cr_assert(port_command(collector_port(c), event(&h, i)));
    got g = {.n = 0};
    uint64_t lost;
    uint64_t next = collector_read(c, 0, take, &g, 4096, &lost);
    cr_expect_eq(next, N);
    cr_expect_eq(lost, 0, "nothing dropped while the ring could grow");
    cr_assert_eq(g.n, N);
    for (size_t i = 0; i < g.n; i++)
        cr_expect_eq(g.v[i], (int64_t)i);
    /* to the bound on events: 1 << 16 kept, the oldest dropped */
    for (int i = N; i < 70000; i++)
        port_command(collector_port(c), event(&h, i));
    collector_stats st;
    collector_stats_get(c, &st);
    cr_expect_eq(st.next - st.first, 1 << 16, "%llu kept", (unsigned long long)(st.next - st.first));
    cr_expect_eq(st.dropped, 70000 - (1 << 16));
    g.n = 0;
    collector_read(c, st.next - 4000, take, &g, 4096, NULL);
    cr_assert_eq(g.n, 4000);
    for (size_t i = 0; i < g.n; i++)
        cr_expect_eq(g.v[i], (int64_t)(70000 - 4000 + i));
    alloc_get_stat(ALLOC_TRACE_BUF, &s2);
    cr_expect_leq(s2.size - s0.size, (1u << 23) + (1u << 16) * 24 + 4096, "within its bounds");
    collector_free(c);
}

Test(collector, resizes_keeping_the_newest)
{
    collector *c = collector_open(16, 1 << 20);
    term_t port = collector_port(c);
    for (int i = 0; i < 12; i++)
        port_command(port, event(&h, i));
    /* smaller: the 4 newest stay, the 8 older are dropped and counted */
    cr_assert_eq(collector_resize(c, 3), 4);
    got g = {.n = 0};
    uint64_t lost;
    cr_expect_eq(collector_read(c, 0, take, &g, 100, &lost), 12);
    cr_expect_eq(lost, 8);
    cr_assert_eq(g.n, 4);
    for (size_t i = 0; i < g.n; i++)
        cr_expect_eq(g.v[i], (int64_t)(8 + i));
    collector_stats st;
    collector_stats_get(c, &st);
    cr_expect_eq(st.dropped, 8);
    /* larger: what is there stays, and more is kept from now on */
    cr_assert_eq(collector_resize(c, 40), 64);
    for (int i = 12; i < 60; i++)
        port_command(port, event(&h, i));
    g.n = 0;
    cr_expect_eq(collector_read(c, 0, take, &g, 100, &lost), 60);
    cr_assert_eq(g.n, 52); /* 8..59: none dropped */
    for (int i = 60; i < 80; i++)
        port_command(port, event(&h, i));
    g.n = 0;
    cr_expect_eq(collector_read(c, 0, take, &g, 100, &lost), 80);
    cr_assert_eq(g.n, 64);
    for (size_t i = 0; i < g.n; i++)
        cr_expect_eq(g.v[i], (int64_t)(16 + i));
    collector_free(c);
}

Test(collector, reads_on_from_where_it_stopped)
{
    collector *c = collector_open(64, 1 << 16);
    for (int i = 0; i < 10; i++)
        port_command(collector_port(c), event(&h, i));
    got g = {.n = 0};
    uint64_t next = collector_read(c, 0, take, &g, 4, NULL);
    cr_expect_eq(next, 4);
    next = collector_read(c, next, take, &g, 100, NULL);
    cr_expect_eq(next, 10);
    cr_assert_eq(g.n, 10);
    for (size_t i = 0; i < 10; i++)
        cr_expect_eq(g.v[i], (int64_t)i);
    /* nothing new: the same place */
    cr_expect_eq(collector_read(c, next, take, &g, 100, NULL), 10);
    cr_expect(!collector_wait(c, next, 10), "waited for nothing");
    port_command(collector_port(c), event(&h, 10));
    cr_expect(collector_wait(c, next, 1000));
    collector_clear(c);
    g.n = 0;
    cr_expect_eq(collector_read(c, 0, take, &g, 100, NULL), 11);
    cr_expect_eq(g.n, 0);
    collector_free(c);
}

/* {trace, <0.7.0>, call, {m, f, [I, Pad]}}, Pad a list of `pad` atoms:
 * events of about 60 to 900 bytes, so some are encoded in the ring itself
 * and some (over 512 bytes) are not. */
static term_t padded_event(heap_t *on, int64_t i, size_t pad)
{
    term_t l = NIL;
    for (size_t k = 0; k < pad; k++)
        l = term_cons(on, atom_from_cstr("padding"), l);
    term_t args = term_cons(on, term_small(i), term_cons(on, l, NIL));
    term_t mfa = term_tuple3(on, atom_from_cstr("m"), atom_from_cstr("f"), args);
    term_t e[4] = {atom_from_cstr("trace"), term_local_pid(7, 0), atom_from_cstr("call"), mfa};
    return term_tuple(on, 4, e);
}

/* Events of every size through a ring at its bounds: the newest are kept
 * whole whether their bytes went straight into the ring (over the oldest,
 * which go) or through a copy, and the write position wraps many times. */
Test(collector, events_of_every_size_wrap_a_full_ring)
{
    collector *c = collector_open(64, 4096);
    enum { N = 5000 };
    for (int i = 0; i < N; i++)
        cr_assert(port_command(collector_port(c), padded_event(&h, i, (size_t)(i * 7919 % 97))));
    got g = {.n = 0};
    uint64_t lost;
    uint64_t next = collector_read(c, 0, take, &g, 4096, &lost);
    cr_expect_eq(next, N);
    cr_assert(g.n > 4 && g.n <= 64, "%zu kept", g.n);
    cr_expect_eq(lost, N - g.n);
    for (size_t i = 0; i < g.n; i++)
        cr_expect_eq(g.v[i], (int64_t)(N - g.n + i), "event %zu is %lld", i, (long long)g.v[i]);
    collector_stats st;
    collector_stats_get(c, &st);
    cr_expect_eq(st.events, N);
    cr_expect_eq(st.dropped, N - g.n);
    cr_expect_eq(st.too_large, 0);
    collector_free(c);
}

/* Every kept event decodes whole to a tuple of `arity` elements. */
typedef struct whole {
    size_t n, bad;
    unsigned arity;
} whole;

static bool check_whole(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg)
{
    (void)seq, (void)stamp;
    whole *w = arg;
    term_t t;
    size_t used;
    ext_error err;
    w->n++;
    if (ext_binary_to_term(&h, etf, len, &t, &used, &err) != EXT_OK || used != len || !term_is_tuple(t) ||
        tuple_arity(t) != w->arity)
        w->bad++;
    return true;
}

/* {trace, <0.7.0>, return_from, {m, f, I}, ok}: ends with an atom, whose
 * text the encoder copies in whole 16-byte blocks, past the event's end. */
static term_t atom_last_event(heap_t *on, int64_t i)
{
    term_t mfa = term_tuple3(on, atom_from_cstr("m"), atom_from_cstr("f"), term_small(i));
    term_t e[5] = {atom_from_cstr("trace"), term_local_pid(7, 0), atom_from_cstr("return_from"), mfa,
                   atom_from_cstr("ok")};
    return term_tuple(on, 5, e);
}

/* A ring at its byte bound: what the encoder writes past an event never
 * lands on a kept one. */
Test(collector, bytes_written_past_an_event_spare_the_kept_ones)
{
    collector *c = collector_open(1 << 16, 4096);
    for (int i = 0; i < 2000; i++)
        cr_assert(port_command(collector_port(c), atom_last_event(&h, i)));
    whole w = {0, 0, 5};
    collector_read(c, 0, check_whole, &w, 100000, NULL);
    cr_assert_gt(w.n, 20);
    cr_expect_eq(w.bad, 0, "%zu of %zu kept events torn", w.bad, w.n);
    collector_free(c);
}

/* {trace, <0.9.0>, xcall, {m, f, [Bin]}}: a head unlike event()'s, and a
 * binary, which the in-place encoder gives up on after writing the head. */
static term_t binary_event(heap_t *on, size_t size)
{
    uint8_t *bytes;
    term_t bin = bin_alloc(on, size, &bytes);
    memset(bytes, 7, size);
    term_t mfa = term_tuple3(on, atom_from_cstr("m"), atom_from_cstr("f"), term_cons(on, bin, NIL));
    term_t e[4] = {atom_from_cstr("trace"), term_local_pid(9, 0), atom_from_cstr("xcall"), mfa};
    return term_tuple(on, 4, e);
}

/* An event the collector does not keep (too large) leaves the kept ones
 * whole, wherever the write position is when it comes. */
Test(collector, an_event_given_up_leaves_the_kept_ones_whole)
{
    size_t torn = 0, runs = 0;
    for (int k = 2000; k < 2080; k++) {
        collector *c = collector_open(1 << 16, 4096);
        for (int i = 0; i < k; i++)
            cr_assert(port_command(collector_port(c), event(&h, i)));
        cr_assert(port_command(collector_port(c), binary_event(&h, 3000))); /* over max_bytes / 2 */
        collector_stats st;
        collector_stats_get(c, &st);
        cr_assert_eq(st.too_large, 1);
        whole w = {0, 0, 4};
        collector_read(c, 0, check_whole, &w, 100000, NULL);
        torn += w.bad;
        runs += w.bad != 0;
        collector_free(c);
        heap_reset(&h);
    }
    cr_expect_eq(torn, 0, "%zu of 80 runs left %zu torn events", runs, torn);
}

typedef struct pinger {
    collector *c;
    int rounds;
} pinger;

/* Writes `rounds` events, yielding after each, so that the reader is often
 * waiting when the next one comes. */
static void *ping(void *arg)
{
    pinger *pg = arg;
    heap_t wh;
    heap_init(&wh, ALLOC_TEMP);
    for (int i = 0; i < pg->rounds; i++) {
        cr_assert(port_command(collector_port(pg->c), event(&wh, i)));
        heap_reset(&wh);
        sched_yield();
    }
    heap_destroy(&wh);
    return NULL;
}

/* A reader that waits for each next event is woken for every one: a lost
 * wake-up would leave it waiting out its 10 s timeout, and the test would
 * fail on time (criterion's timeout) or on the count. */
Test(collector, a_waiting_reader_is_woken_for_each_event, .timeout = 60)
{
    collector *c = collector_open(1 << 12, 1 << 20);
    pinger pg = {c, 20000};
    pthread_t t;
    pthread_create(&t, NULL, ping, &pg);
    uint64_t seen = 0;
    int waits = 0;
    while (seen < (uint64_t)pg.rounds) {
        if (!collector_wait(c, seen, 10000))
            break;
        got g = {.n = 0};
        seen = collector_read(c, seen, take, &g, 4096, NULL);
        waits++;
    }
    pthread_join(t, NULL);
    cr_expect_eq(seen, (uint64_t)pg.rounds, "the reader stopped at %llu", (unsigned long long)seen);
    cr_expect_gt(waits, 0);
    collector_free(c);
}

typedef struct writer {
    collector *c;
    int id, n;
} writer;

static void *write_events(void *arg)
{
    writer *w = arg;
    heap_t wh;
    heap_init(&wh, ALLOC_TEMP);
    for (int i = 0; i < w->n; i++) {
        port_command(collector_port(w->c), event(&wh, (int64_t)w->id * 1000000 + i));
        heap_reset(&wh);
    }
    heap_destroy(&wh);
    return NULL;
}

Test(collector, writers_on_several_threads_keep_their_order)
{
    collector *c = collector_open(1 << 16, 1 << 24);
    pthread_t t[4];
    writer w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = (writer){c, i, 1000};
        pthread_create(&t[i], NULL, write_events, &w[i]);
    }
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    static got g;
    g.n = 0;
    uint64_t next = collector_read(c, 0, take, &g, 4096, NULL);
    cr_expect_eq(next, 4000);
    cr_assert_eq(g.n, 4000);
    int64_t last[4] = {-1, -1, -1, -1};
    for (size_t i = 0; i < g.n; i++) {
        int id = (int)(g.v[i] / 1000000);
        int64_t k = g.v[i] % 1000000;
        cr_assert(id >= 0 && id < 4);
        cr_expect_eq(k, last[id] + 1, "writer %d: %lld after %lld", id, (long long)k, (long long)last[id]);
        last[id] = k;
    }
    collector_free(c);
}

Test(collector, stamps_order_events_across_collectors)
{
    /* written a, b, a, b, ...: each ring's stamps rise, and merging the two
     * rings by stamp gives back the order they were written in */
    collector *a = collector_open(64, 1 << 16), *b = collector_open(64, 1 << 16);
    uint64_t before = collector_stamp_now();
    for (int i = 0; i < 20; i++)
        port_command(collector_port(i % 2 ? b : a), event(&h, i));
    cr_expect_eq(collector_stamp_now(), before + 20);
    static got ga, gb;
    ga.n = gb.n = 0;
    collector_read(a, 0, take, &ga, 100, NULL);
    collector_read(b, 0, take, &gb, 100, NULL);
    cr_assert_eq(ga.n, 10);
    cr_assert_eq(gb.n, 10);
    for (size_t i = 0; i < 10; i++) {
        cr_expect(ga.stamp[i] >= before && ga.stamp[i] < before + 20);
        cr_expect(i == 0 || ga.stamp[i] > ga.stamp[i - 1]);
        cr_expect(i == 0 || gb.stamp[i] > gb.stamp[i - 1]);
    }
    size_t ia = 0, ib = 0;
    for (int64_t want = 0; want < 20; want++) {
        bool from_a = ib == gb.n || (ia < ga.n && ga.stamp[ia] < gb.stamp[ib]);
        int64_t v = from_a ? ga.v[ia++] : gb.v[ib++];
        cr_expect_eq(v, want, "merged event %lld is %lld", (long long)want, (long long)v);
    }
    /* a paused collector, or an event too large to keep, takes no stamp */
    collector_pause(a, true);
    port_command(collector_port(a), event(&h, 20));
    collector_pause(a, false);
    collector *small = collector_open(4, 4096);
    static uint8_t big[3000];
    term_t e[3] = {atom_from_cstr("trace"), term_local_pid(7, 0), bin_new(&h, big, sizeof big)};
    port_command(collector_port(small), term_tuple(&h, 3, e));
    collector_stats st;
    collector_stats_get(small, &st);
    cr_expect_eq(st.too_large, 1);
    cr_expect_eq(collector_stamp_now(), before + 20);
    collector_free(small);
    collector_free(a);
    collector_free(b);
}

/* A reader of several collectors as the shell's merge is: it takes the
 * stamp first, then reads each ring on from its cursor, keeping only the
 * events stamped below the stamp it took (the rest wait for the next
 * round). */
typedef struct cursor {
    uint64_t next, below;
    uint8_t *seen; /* by stamp - base */
    uint64_t base, kept;
} cursor;

static bool take_below(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg)
{
    (void)etf;
    (void)len;
    cursor *c = arg;
    if (stamp >= c->below)
        return false;
    c->seen[stamp - c->base]++;
    c->next = seq + 1;
    c->kept++;
    return true;
}

Test(collector, a_stamp_taken_first_covers_every_event_below_it)
{
    /* two writer threads per collector while a reader merges: after each
     * round every stamp below the one it took has been read, exactly once */
    enum { PER = 5000, NW = 4 };
    collector *cs[2] = {collector_open(1 << 16, 1 << 24), collector_open(1 << 16, 1 << 24)};
    uint64_t base = collector_stamp_now();
    static uint8_t seen[PER * NW];
    cursor cur[2] = {{.seen = seen, .base = base}, {.seen = seen, .base = base}};
    pthread_t t[NW];
    writer w[NW];
    for (int i = 0; i < NW; i++) {
        w[i] = (writer){cs[i % 2], i, PER};
        pthread_create(&t[i], NULL, write_events, &w[i]);
    }
    uint64_t low = 0, rounds = 0; /* every stamp below base + low was read */
    while (low < PER * NW) {
        uint64_t below = collector_stamp_now();
        for (int k = 0; k < 2; k++) {
            cur[k].below = below;
            uint64_t lost;
            collector_read(cs[k], cur[k].next, take_below, &cur[k], SIZE_MAX, &lost);
            cr_assert_eq(lost, 0);
        }
        while (low < below - base) {
            cr_assert_eq(seen[low], 1, "round %llu: stamp %llu below %llu read %d times",
                         (unsigned long long)rounds, (unsigned long long)(base + low),
                         (unsigned long long)below, seen[low]);
            low++;
        }
        rounds++;
    }
    for (int i = 0; i < NW; i++)
        pthread_join(t[i], NULL);
    cr_expect_eq(cur[0].kept + cur[1].kept, PER * NW);
    cr_expect_eq(collector_stamp_now(), base + PER * NW);
    collector_free(cs[0]);
    collector_free(cs[1]);
}
