/* tracebufs.c: the ThreadSanitizer test of the trace buffers' threads:
 * tlog.c's write-behind (appenders on several threads hand full buffers to
 * the writer's own thread; flushes and close wait for it) and collector.c's
 * ring (writers on several threads, a reader that waits for each new event
 * and is woken by the writers). The log also goes through a FIFO read
 * slowly, so that every full buffer waits for the one in flight. A missing lock or ordering shows up as a
 * race report; the counts check that every record reached the file in
 * each thread's order and that the reader saw every event. Prints
 * "tracebufs: N passed, N failed" last; exits non-zero on a failure. */
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbgcore/dbgcore.h"
#include "dbgcore/tlog.h"

#define TALLY_NAME "tracebufs"
#include "tests/lib/tally.h"

#define THREADS 3
#define PER_THREAD 20000

/* {trace, <0.Id.0>, call, {m, f, [I]}} on h. */
static term_t event(heap_t *h, int id, int64_t i)
{
    term_t mfa = term_tuple3(h, atom_from_cstr("m"), atom_from_cstr("f"), term_cons(h, term_small(i), NIL));
    term_t e[4] = {atom_from_cstr("trace"), term_local_pid((uint64_t)id, 0), atom_from_cstr("call"), mfa};
    return term_tuple(h, 4, e);
}

/* ---- tlog: appenders on several threads, a writer thread behind them ------- */

typedef struct appender {
    tlog_writer *w;
    int id;
} appender;

static void *append_events(void *arg)
{
    appender *a = arg;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    for (int i = 0; i < PER_THREAD; i++) {
        if (tlog_writer_append(a->w, event(&h, a->id, i), NULL) != TLOG_OK)
            break;
        if (i % 5000 == 4999)
            tlog_writer_flush(a->w, NULL); /* waits for the writer's thread too */
        heap_reset(&h);
    }
    heap_destroy(&h);
    return NULL;
}

/* The records of the file at path, each thread's (1..threads) numbered
 * from 0 in the order appended; -1 when one is missing or out of order. */
static long count_in_order(const char *path, int threads)
{
    tlog_reader *r;
    tlog_error err;
    if (tlog_reader_open(&r, path, &err) != TLOG_OK)
        return -1;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    int64_t next[THREADS + 1] = {0};
    long records = 0;
    bool in_order = true;
    tlog_record rec;
    while (tlog_reader_next(r, &h, &rec, &err) == TLOG_OK) {
        int id = (int)pid_number(tuple_get(rec.term, 1));
        int64_t i = small_value(list_head(tuple_get(tuple_get(rec.term, 3), 2)));
        if (id < 1 || id > threads || i != next[id])
            in_order = false;
        else
            next[id]++;
        records++;
        heap_reset(&h);
    }
    tlog_reader_free(r);
    heap_destroy(&h);
    return in_order ? records : -1;
}

static void test_tlog(const char *path)
{
    tlog_writer *w;
    tlog_error err;
    if (tlog_writer_open(&w, path, &err) != TLOG_OK) {
        check(0, err.msg);
        return;
    }
    pthread_t t[THREADS];
    appender a[THREADS];
    for (int i = 0; i < THREADS; i++) {
        a[i] = (appender){w, i + 1};
        pthread_create(&t[i], NULL, append_events, &a[i]);
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    check(tlog_writer_close(w, &err) == TLOG_OK, "the writer closed without an error");

    check(count_in_order(path, THREADS) == (long)THREADS * PER_THREAD,
          "every record is in the file, each thread's in its order");
}

/* ---- tlog into a slow pipe: every hand-off finds a write in flight ----------- */

typedef struct drain {
    const char *fifo;
    uint8_t *bytes;
    size_t n, cap;
} drain;

/* Reads the FIFO to its end, pausing after each read, so that the
 * writer's thread is always blocked in write(2) when the next buffer is
 * full. */
static void *read_slowly(void *arg)
{
    drain *d = arg;
    int fd = open(d->fifo, O_RDONLY);
    if (fd < 0)
        return NULL;
    for (;;) {
        if (d->cap - d->n < 65536) {
            d->cap = d->cap ? 2 * d->cap : 1 << 20;
            d->bytes = realloc(d->bytes, d->cap);
        }
        ssize_t k = read(fd, d->bytes + d->n, 65536);
        if (k <= 0)
            break;
        d->n += (size_t)k;
        usleep(20000);
    }
    close(fd);
    return NULL;
}

static void test_tlog_slow_disk(const char *dir)
{
    char fifo[256], copy[256];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(copy, sizeof copy, "%s/copy.trc", dir);
    if (mkfifo(fifo, 0600) != 0) {
        check(0, "mkfifo");
        return;
    }
    drain d = {fifo, NULL, 0, 0};
    pthread_t rd;
    pthread_create(&rd, NULL, read_slowly, &d);
    tlog_writer *w;
    tlog_error err;
    if (tlog_writer_open(&w, fifo, &err) != TLOG_OK) {
        check(0, err.msg);
        pthread_join(rd, NULL);
        unlink(fifo);
        return;
    }
    appender a = {w, 1};
    append_events(&a);
    check(tlog_writer_close(w, &err) == TLOG_OK, "the pipe's writer closed without an error");
    pthread_join(rd, NULL);
    unlink(fifo);
    FILE *f = fopen(copy, "wb");
    if (f) {
        fwrite(d.bytes, 1, d.n, f);
        fclose(f);
    }
    free(d.bytes);
    check(count_in_order(copy, 1) == PER_THREAD, "every record came through the pipe, in order");
    unlink(copy);
}

/* ---- the collector: writers on several threads, a reader that waits --------- */

typedef struct sender {
    collector *c;
    int id;
} sender;

static void *send_events(void *arg)
{
    sender *s = arg;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    for (int i = 0; i < PER_THREAD; i++) {
        port_command(collector_port(s->c), event(&h, s->id, i));
        heap_reset(&h);
        if (i % 64 == 0)
            sched_yield(); /* so that the reader often waits */
    }
    heap_destroy(&h);
    return NULL;
}

typedef struct seen {
    long events;
    long sum_of_i;
} seen;

static bool take(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg)
{
    (void)seq, (void)stamp;
    seen *s = arg;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t t;
    size_t used;
    ext_error err;
    if (ext_binary_to_term(&h, etf, len, &t, &used, &err) == EXT_OK) {
        s->events++;
        s->sum_of_i += (long)small_value(list_head(tuple_get(tuple_get(t, 3), 2)));
    }
    heap_destroy(&h);
    return true;
}

static void test_collector(void)
{
    collector *c = collector_open(1 << 17, 1 << 24); /* room for every event: none dropped */
    pthread_t t[THREADS];
    sender s[THREADS];
    for (int i = 0; i < THREADS; i++) {
        s[i] = (sender){c, i + 1};
        pthread_create(&t[i], NULL, send_events, &s[i]);
    }
    seen got = {0, 0};
    uint64_t at = 0, lost_all = 0;
    int timeouts = 0;
    while (at < (uint64_t)THREADS * PER_THREAD && timeouts < 3) {
        if (!collector_wait(c, at, 5000)) {
            timeouts++;
            continue;
        }
        uint64_t lost;
        at = collector_read(c, at, take, &got, 1000, &lost);
        lost_all += lost;
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    check(timeouts == 0, "the reader was woken for the events (no wait ran out)");
    check(lost_all == 0, "nothing dropped");
    check(got.events == (long)THREADS * PER_THREAD, "the reader saw every event");
    check(got.sum_of_i == (long)THREADS * ((long)PER_THREAD * (PER_THREAD - 1) / 2), "with the terms sent");
    collector_free(c);
}

int main(void)
{
    atom_table_init();
    proc_table_init(NULL);
    char dir[] = "/tmp/dbgsh-tracebufs.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("tracebufs: mkdtemp");
        return 1;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/t.trc", dir);
    test_tlog(path);
    unlink(path);
    test_tlog_slow_disk(dir);
    rmdir(dir);
    test_collector();
    return tally_report();
}
