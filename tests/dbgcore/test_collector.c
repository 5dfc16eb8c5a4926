/* test_collector.c: tests of dbgcore/collector.c, the bounded ring of
 * trace events the shell reads: what it keeps and drops by count and by
 * bytes, reading by sequence number, waiting, several writers, closing. */
#include <criterion/criterion.h>
#include <pthread.h>
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
    size_t n;
} got;

static bool take(uint64_t seq, const uint8_t *etf, size_t len, void *arg)
{
    got *g = arg;
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
