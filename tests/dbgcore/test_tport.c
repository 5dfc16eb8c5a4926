/* test_tport.c: tests of dbgcore/tport_ip.c, the ip trace port: record
 * framing (bytes from OTP 25's erl), the queue's rule (OTP's trace_ip_drv:
 * QueueSize messages wait, then one drop record counts the rest; erl with
 * dbg:trace_port(ip, {0, 5}) and 10 messages before a client connects gives
 * the client 5 messages and {drop, 5}), and the port end to end with a TCP
 * client written here: one client at a time, reconnection, close. */
#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dbgcore/tport_ip.h"
#include "tests/lib/terms.h"

static heap_t h;

#define A(s) atom_from_cstr(s)
#define T(...) tb_tuple(&h, __VA_ARGS__)
#define I(n) term_small(n)

static void setup(void)
{
    alarm(120); /* a hang fails the test instead of the suite */
    atom_table_init();
    proc_table_init(NULL);
    heap_init(&h, ALLOC_TEMP);
}
static void teardown(void) { heap_destroy(&h); }

TestSuite(tport_ip, .init = setup, .fini = teardown);

/* {trace, Pid, call, {M, F, [N]}} from <0.80.0>. */
static term_t call_msg(const char *f, int64_t n)
{
    return T(4, A("trace"), term_local_pid(80, 0), A("call"), T(3, A("tm"), A(f), term_cons(&h, I(n), NIL)));
}

/* ---- records ----------------------------------------------------------------- */

Test(tport_ip, record_of_a_trace_message_is_erls_bytes)
{
    /* erl: term_to_binary({trace, c:pid(0,80,0), call, {tm, f, [1,2]}}) */
    static const uint8_t etf[] = {
        131, 104, 4,   100, 0,   5,   116, 114, 97, 99, 101, 88,  100, 0, 13, 110, 111, 110, 111, 100, 101,
        64,  110, 111, 104, 111, 115, 116, 0,   0,  0,  80,  0,   0,   0, 0,  0,   0,   0,   0,   100, 0,
        4,   99,  97,  108, 108, 104, 3,   100, 0,  2,  116, 109, 100, 0, 1,  102, 107, 0,   2,   1,   2};
    term_t args = term_cons(&h, I(1), term_cons(&h, I(2), NIL));
    term_t msg = T(4, A("trace"), term_local_pid(80, 0), A("call"), T(3, A("tm"), A("f"), args));
    tport_ip_rec *r = tport_ip_record(msg);
    cr_assert_not_null(r);
    cr_assert_eq(r->len, 5 + sizeof etf);
    const uint8_t head[5] = {0, 0, 0, 0, sizeof etf};
    cr_expect_arr_eq(r->bytes, head, 5);
    cr_expect_arr_eq(r->bytes + 5, etf, sizeof etf);
    tport_ip_rec_free(r);
}

Test(tport_ip, record_of_iodata_is_its_bytes)
{
    /* erl: port_command(IpPort, <<"abc">>) reaches the client as
     * <<0,0,0,0,3,97,98,99>>; an iolist is its bytes flattened. */
    term_t deep = term_cons(&h, I('c'), term_cons(&h, term_cons(&h, tb_binary(&h, "d"), NIL), NIL));
    term_t io = term_cons(&h, tb_binary(&h, "ab"), term_cons(&h, deep, tb_binary(&h, "e")));
    tport_ip_rec *r = tport_ip_record(io);
    cr_assert_not_null(r);
    const uint8_t want[] = {0, 0, 0, 0, 5, 'a', 'b', 'c', 'd', 'e'};
    cr_assert_eq(r->len, sizeof want);
    cr_expect_arr_eq(r->bytes, want, sizeof want);
    tport_ip_rec_free(r);
    r = tport_ip_record(tb_binary(&h, "abc"));
    const uint8_t want2[] = {0, 0, 0, 0, 3, 'a', 'b', 'c'};
    cr_assert_eq(r->len, sizeof want2);
    cr_expect_arr_eq(r->bytes, want2, sizeof want2);
    tport_ip_rec_free(r);
}

Test(tport_ip, records_with_the_head_cache_are_the_same_bytes)
{
    /* The port's output encodes with a cache of recent heads: the first
     * record of a shape fills it, the next ones copy the head; every
     * record must be tport_ip_record's bytes (erl's, tested above), for
     * calls whose head repeats, changes (another function, pid, tag,
     * arity), and for iodata and messages too large for the stack. */
    ext_heads *heads = calloc(1, sizeof *heads);
    uint8_t *big;
    term_t bin = bin_alloc(&h, 3000, &big);
    memset(big, 9, 3000);
    term_t msgs[] = {
        call_msg("f", 1),
        call_msg("f", 2),
        call_msg("f", 1),
        call_msg("g", 300000),
        call_msg("g", 3),
        T(4, A("trace"), term_local_pid(81, 0), A("call"), T(3, A("tm"), A("f"), term_cons(&h, I(1), NIL))),
        T(5, A("trace"), term_local_pid(80, 0), A("return_from"), T(3, A("tm"), A("f"), I(1)), I(7)),
        T(5, A("trace"), term_local_pid(80, 0), A("return_from"), T(3, A("tm"), A("f"), I(1)), A("ok")),
        T(5, A("trace"), term_local_pid(80, 0), A("return_from"), T(3, A("tm"), A("f"), I(2)), A("ok")),
        T(4, A("trace"), term_local_pid(80, 0), A("receive"), T(1, bin)),
        T(4, A("trace"), term_local_pid(80, 0), A("receive"), T(1, bin)),
        tb_binary(&h, "abc"),
        T(2, A("drop"), I(5)),
        call_msg("f", 1),
    };
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < sizeof msgs / sizeof msgs[0]; i++) {
            tport_ip_rec *want = tport_ip_record(msgs[i]);
            tport_ip_rec *got = tport_ip_record_headed(heads, msgs[i]);
            cr_assert_not_null(want);
            cr_assert_not_null(got);
            cr_assert_eq(got->len, want->len, "message %zu (round %d): %zu bytes, want %zu", i, round, got->len,
                         want->len);
            cr_expect_arr_eq(got->bytes, want->bytes, want->len, "message %zu (round %d)", i, round);
            tport_ip_rec_free(want);
            tport_ip_rec_free(got);
        }
    free(heads);
}

Test(tport_ip, record_of_a_large_term_uses_the_general_encoder)
{
    uint8_t *bytes;
    term_t bin = bin_alloc(&h, 5000, &bytes);
    memset(bytes, 7, 5000);
    term_t msg = T(4, A("trace"), term_local_pid(80, 0), A("receive"), T(1, bin));
    tport_ip_rec *r = tport_ip_record(msg);
    cr_assert_not_null(r);
    size_t n;
    ext_error xe;
    cr_assert_eq(ext_size(msg, &n, &xe), EXT_OK);
    cr_assert_eq(r->len, 5 + n);
    uint8_t *want = malloc(n);
    ext_encode(msg, want);
    cr_expect_arr_eq(r->bytes + 5, want, n);
    cr_expect_eq(r->bytes[1] << 24 | r->bytes[2] << 16 | r->bytes[3] << 8 | r->bytes[4], (int)n);
    free(want);
    tport_ip_rec_free(r);
}

Test(tport_ip, drop_record)
{
    tport_ip_rec *r = tport_ip_drop_record(70000);
    const uint8_t want[] = {1, 0, 1, 0x11, 0x70};
    cr_assert_eq(r->len, 5);
    cr_expect_arr_eq(r->bytes, want, 5);
    tport_ip_rec_free(r);
}

/* ---- the queue --------------------------------------------------------------- */

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint32_t count_of(const tport_ip_rec *r) { return be32(r->bytes + 1); }

/* Takes every record, as "m" for a message and "dN" for a drop of N. */
static void drain(tport_ip_queue *q, char *out, size_t cap)
{
    out[0] = 0;
    tport_ip_rec *r;
    while ((r = tport_ip_queue_take(q)) != NULL) {
        size_t k = strlen(out);
        if (r->bytes[0] == 0)
            snprintf(out + k, cap - k, "m ");
        else
            snprintf(out + k, cap - k, "d%u ", count_of(r));
        tport_ip_rec_free(r);
        tport_ip_queue_done(q);
    }
}

static tport_ip_rec *msg_record(void) { return tport_ip_record(call_msg("f", 1)); }

Test(tport_ip, queue_keeps_queuesize_messages_then_counts_drops)
{
    /* erl 25, {0, 5}, 10 calls before the client: 5 calls, then {drop,5}. */
    tport_ip_queue q;
    tport_ip_queue_init(&q, 5);
    int queued = 0;
    for (int i = 0; i < 10; i++)
        queued += tport_ip_queue_put(&q, msg_record());
    cr_expect_eq(queued, 5);
    cr_expect_eq(q.held, 6);
    cr_expect_eq(q.dropped, 5);
    char got[128];
    drain(&q, got, sizeof got);
    cr_expect_str_eq(got, "m m m m m d5 ");
    cr_expect_eq(q.held, 0);
    /* Room again: messages queue again. */
    cr_expect(tport_ip_queue_put(&q, msg_record()));
    drain(&q, got, sizeof got);
    cr_expect_str_eq(got, "m ");
    tport_ip_queue_destroy(&q);
}

Test(tport_ip, queue_drops_follow_the_drop_record)
{
    /* The driver's rule: below QueueSize waiting, a message; at QueueSize,
     * a new drop record; above, the last drop record counts one more. The
     * record being written does not wait any more. */
    tport_ip_queue q;
    tport_ip_queue_init(&q, 3);
    for (int i = 0; i < 3; i++)
        cr_assert(tport_ip_queue_put(&q, msg_record()));
    tport_ip_rec *r = tport_ip_queue_take(&q); /* being written */
    cr_expect(tport_ip_queue_put(&q, msg_record()));
    cr_expect_not(tport_ip_queue_put(&q, msg_record()));
    cr_expect_not(tport_ip_queue_put(&q, msg_record()));
    tport_ip_rec_free(r);
    tport_ip_queue_done(&q);
    r = tport_ip_queue_take(&q); /* 2 messages and d2 wait: 3, the size */
    tport_ip_rec_free(r);
    tport_ip_queue_done(&q);
    cr_expect_not(tport_ip_queue_put(&q, msg_record()));
    char got[128];
    drain(&q, got, sizeof got);
    cr_expect_str_eq(got, "m m d2 d1 ");
    cr_expect_eq(q.dropped, 3);
    tport_ip_queue_destroy(&q);
}

Test(tport_ip, queue_of_size_zero_only_counts)
{
    tport_ip_queue q;
    tport_ip_queue_init(&q, 0);
    for (int i = 0; i < 7; i++)
        cr_expect_not(tport_ip_queue_put(&q, msg_record()));
    char got[128];
    drain(&q, got, sizeof got);
    cr_expect_str_eq(got, "d7 ");
    tport_ip_queue_destroy(&q);
}

Test(tport_ip, queue_destroy_frees_what_is_held)
{
    tport_ip_queue q;
    tport_ip_queue_init(&q, 100);
    for (int i = 0; i < 150; i++)
        tport_ip_queue_put(&q, msg_record());
    cr_expect_eq(q.held, 101);
    tport_ip_queue_destroy(&q); /* ASan checks nothing leaks */
}

/* ---- the port, with a TCP client ------------------------------------------------ */

static uint16_t listen_port_of(term_t port)
{
    term_t reply;
    cr_assert(port_control(port, 'p', (const uint8_t *)"x", 1, &h, &reply));
    bin_view v;
    bin_view_of(reply, &v);
    cr_assert_eq(v.size, 3);
    cr_assert_eq(v.bytes[0], 0);
    return (uint16_t)(v.bytes[1] << 8 | v.bytes[2]);
}

static int connect_to(uint16_t port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(port)};
    sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(connect(fd, (struct sockaddr *)&sin, sizeof sin), 0, "connect: %s", strerror(errno));
    return fd;
}

/* Reads exactly n bytes, waiting up to 5 s; false at EOF or timeout. */
static bool read_exact(int fd, uint8_t *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        struct pollfd pf = {fd, POLLIN, 0};
        if (poll(&pf, 1, 5000) <= 0)
            return false;
        ssize_t k = read(fd, buf + got, n - got);
        if (k <= 0)
            return false;
        got += (size_t)k;
    }
    return true;
}

/* One record from the client's socket: op, and the size/count; the term
 * decoded on h into *msg for op 0. False at EOF. */
static bool read_record(int fd, uint8_t *op, uint32_t *n, term_t *msg)
{
    uint8_t hd[5];
    if (!read_exact(fd, hd, 5))
        return false;
    *op = hd[0];
    *n = be32(hd + 1);
    if (*op == 0) {
        uint8_t *body = malloc(*n ? *n : 1);
        cr_assert(read_exact(fd, body, *n));
        size_t used;
        ext_error xe;
        cr_assert_eq(ext_binary_to_term(&h, body, *n, msg, &used, &xe), EXT_OK);
        free(body);
    }
    return true;
}

/* Whether the peer closed: EOF within 5 s. */
static bool eof_within(int fd)
{
    uint8_t b;
    struct pollfd pf = {fd, POLLIN, 0};
    return poll(&pf, 1, 5000) == 1 && read(fd, &b, 1) == 0;
}

static int64_t arg_of(term_t msg) { return small_value(list_head(tuple_get(tuple_get(msg, 3), 2))); }

Test(tport_ip, port_queues_before_the_client_then_sends_live)
{
    term_t port = tport_ip_port_open(0, 3, NULL);
    cr_assert_neq(port, THE_NON_VALUE, "open: %s", strerror(errno));
    uint16_t lp = listen_port_of(port);
    cr_expect_neq(lp, 0);
    term_t reply;
    cr_expect_not(port_control(port, 'f', NULL, 0, &h, &reply), "no flush, as OTP's driver");
    for (int i = 1; i <= 5; i++)
        cr_assert(port_command(port, call_msg("f", i)));
    int fd = connect_to(lp);
    uint8_t op;
    uint32_t n;
    term_t m;
    for (int i = 1; i <= 3; i++) {
        cr_assert(read_record(fd, &op, &n, &m));
        cr_assert_eq(op, 0);
        cr_expect_eq(arg_of(m), i);
    }
    cr_assert(read_record(fd, &op, &n, &m));
    cr_expect_eq(op, 1);
    cr_expect_eq(n, 2);
    /* Live: each message arrives as it is output. */
    for (int i = 6; i <= 8; i++) {
        cr_assert(port_command(port, call_msg("f", i)));
        cr_assert(read_record(fd, &op, &n, &m));
        cr_expect_eq(op, 0);
        cr_expect_eq(arg_of(m), i);
    }
    /* A second client is accepted and closed at once. */
    int fd2 = connect_to(lp);
    cr_expect(eof_within(fd2));
    close(fd2);
    /* The first is still served. */
    cr_assert(port_command(port, call_msg("g", 9)));
    cr_assert(read_record(fd, &op, &n, &m));
    cr_expect_eq(arg_of(m), 9);
    cr_assert(port_close(port));
    cr_expect(eof_within(fd));
    close(fd);
    /* Closed: nobody listens any more. */
    int fd3 = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(lp)};
    sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_expect_neq(connect(fd3, (struct sockaddr *)&sin, sizeof sin), 0);
    close(fd3);
}

Test(tport_ip, port_keeps_the_queue_for_the_next_client)
{
    term_t port = tport_ip_port_open(0, 200, NULL);
    cr_assert_neq(port, THE_NON_VALUE);
    uint16_t lp = listen_port_of(port);
    int fd = connect_to(lp);
    uint8_t op;
    uint32_t n;
    term_t m;
    cr_assert(port_command(port, call_msg("f", 1)));
    cr_assert(read_record(fd, &op, &n, &m));
    /* Until the driver sees the client go, messages may still go to its
     * socket. A half close looks to the driver like a close (end of
     * input), and it closes its end only when it drops the client: our
     * end of input then says the queue has no client. */
    cr_assert_eq(shutdown(fd, SHUT_WR), 0);
    cr_assert(eof_within(fd), "the driver did not drop the client");
    close(fd);
    for (int i = 2; i <= 4; i++)
        cr_assert(port_command(port, call_msg("f", i)));
    fd = connect_to(lp);
    for (int i = 2; i <= 4; i++) {
        cr_assert(read_record(fd, &op, &n, &m));
        cr_expect_eq(op, 0);
        cr_expect_eq(arg_of(m), i);
    }
    cr_assert(port_close(port));
    cr_expect(eof_within(fd));
    close(fd);
}

Test(tport_ip, port_close_sends_what_is_queued)
{
    term_t port = tport_ip_port_open(0, 1000, NULL);
    cr_assert_neq(port, THE_NON_VALUE);
    int fd = connect_to(listen_port_of(port));
    uint8_t op;
    uint32_t n;
    term_t m;
    /* A first record read back: the client is accepted and served (a
     * close before the accept would rightly send nothing; a fixed wait
     * for the accept failed on a loaded machine). */
    cr_assert(port_command(port, call_msg("f", 0)));
    cr_assert(read_record(fd, &op, &n, &m));
    cr_assert_eq(arg_of(m), 0);
    for (int i = 1; i <= 500; i++)
        cr_assert(port_command(port, call_msg("f", i)));
    cr_assert(port_close(port));
    for (int i = 1; i <= 500; i++) {
        cr_assert(read_record(fd, &op, &n, &m), "record %d", i);
        cr_assert_eq(op, 0);
        cr_assert_eq(arg_of(m), i);
    }
    cr_expect(eof_within(fd));
    close(fd);
}

Test(tport_ip, port_names_and_errors)
{
    term_t port = tport_ip_port_open(0, 17, NULL);
    cr_assert_neq(port, THE_NON_VALUE);
    port_view v;
    cr_assert(port_view_of(port, &h, &v));
    char name[64] = {0};
    size_t k = 0;
    for (term_t l = v.name; term_is_list(l) && k < 63; l = list_tail(l))
        name[k++] = (char)small_value(list_head(l));
    cr_expect_str_eq(name, "trace_ip_drv 0 17 2");
    /* The same port number again: the bind fails. */
    uint16_t lp = listen_port_of(port);
    errno = 0;
    cr_expect_eq(tport_ip_port_open(lp, 5, NULL), THE_NON_VALUE);
    cr_expect_eq(errno, EADDRINUSE);
    errno = 0;
    cr_expect_eq(tport_ip_port_open(-1, 5, NULL), THE_NON_VALUE);
    cr_expect_eq(errno, EINVAL);
    cr_expect_eq(tport_ip_port_open(0, -1, NULL), THE_NON_VALUE);
    cr_assert(port_close(port));
}

/* Writers on several threads, a client reading all along: every message
 * arrives or is counted in a drop record, each thread's in its order. */
#define WRITERS 4
#define PER_WRITER 20000
static term_t race_port;

static void *write_many(void *arg)
{
    intptr_t w = (intptr_t)arg;
    heap_t th;
    heap_init(&th, ALLOC_TEMP);
    for (int i = 0; i < PER_WRITER; i++) {
        term_t msg = tb_tuple(&th, 4, A("trace"), term_local_pid((uint32_t)(100 + w), 0), A("call"),
                              tb_tuple(&th, 3, A("tm"), A("f"), term_cons(&th, term_small(i), NIL)));
        port_command(race_port, msg);
        if (i % 1000 == 999) {
            heap_destroy(&th);
            heap_init(&th, ALLOC_TEMP);
        }
    }
    heap_destroy(&th);
    return NULL;
}

Test(tport_ip, port_writers_race_a_reader)
{
    race_port = tport_ip_port_open(0, 64, NULL);
    cr_assert_neq(race_port, THE_NON_VALUE);
    int fd = connect_to(listen_port_of(race_port));
    usleep(100000);
    pthread_t t[WRITERS];
    for (intptr_t w = 0; w < WRITERS; w++)
        pthread_create(&t[w], NULL, write_many, (void *)w);
    uint64_t msgs = 0, drops = 0;
    int64_t last[WRITERS];
    for (int w = 0; w < WRITERS; w++)
        last[w] = -1;
    uint8_t op;
    uint32_t n;
    term_t m;
    while (msgs + drops < (uint64_t)WRITERS * PER_WRITER) {
        if (!read_record(fd, &op, &n, &m))
            break;
        if (op == 1) {
            drops += n;
            continue;
        }
        msgs++;
        int w = (int)(pid_number(tuple_get(m, 1)) - 100);
        cr_assert(w >= 0 && w < WRITERS);
        cr_assert_gt(arg_of(m), last[w]);
        last[w] = arg_of(m);
        if (msgs % 4096 == 0) { /* keep the test heap small */
            heap_destroy(&h);
            heap_init(&h, ALLOC_TEMP);
        }
    }
    for (int k = 0; k < WRITERS; k++) /* writers never wait for the reader */
        pthread_join(t[k], NULL);
    cr_expect_gt(msgs, 0);
    cr_expect_eq(msgs + drops, (uint64_t)WRITERS * PER_WRITER, "msgs %lu drops %lu", (unsigned long)msgs,
                 (unsigned long)drops);
    cr_assert(port_close(race_port));
    close(fd);
}
