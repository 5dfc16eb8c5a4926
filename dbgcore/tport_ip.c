/* tport_ip.c: the ip trace port, OTP's trace_ip_drv: a VM port whose output
 * frames each trace message and queues it, and a network thread of its own
 * that accepts one TCP client at a time and writes the queue to it, so the
 * port's callbacks (under its lock, on scheduler threads) never touch the
 * network. docs/internals/trace-logs.md, "The ip trace port". */
#include "tport_ip.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tlog.h"

/* ---- records ------------------------------------------------------------------ */

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static tport_ip_rec *new_record(uint8_t op, uint32_t size_or_count, size_t payload)
{
    tport_ip_rec *r = alloc_new(ALLOC_TRACE_BUF, sizeof *r + TLOG_HEADER_BYTES + payload);
    r->next = NULL;
    r->len = TLOG_HEADER_BYTES + payload;
    r->bytes[0] = op;
    put_be32(r->bytes + 1, size_or_count);
    return r;
}

void tport_ip_rec_free(tport_ip_rec *r)
{
    if (r)
        alloc_free(ALLOC_TRACE_BUF, r, sizeof *r + r->len);
}

tport_ip_rec *tport_ip_drop_record(uint32_t count) { return new_record(TLOG_OP_DROP, count, 0); }

tport_ip_rec *tport_ip_record(term_t msg) { return tport_ip_record_headed(NULL, msg); }

tport_ip_rec *tport_ip_record_headed(ext_heads *heads, term_t msg)
{
    if (term_is_list(msg) || term_is_nil(msg) || term_is_bitstring(msg)) {
        size_t n;
        if (!bin_iodata(msg, NULL, &n) || n > UINT32_MAX)
            return NULL;
        tport_ip_rec *r = new_record(TLOG_OP_TERM, (uint32_t)n, n);
        bin_iodata(msg, r->bytes + TLOG_HEADER_BYTES, &n);
        return r;
    }
    /* Trace messages: one walk into a stack buffer for the usual shapes
     * (the head from the cache when there is one), else the general
     * encoder (as tlog.c's writer does). */
    uint8_t stack[1024];
    size_t n = heads ? ext_encode_headed(heads, msg, stack, sizeof stack)
                     : ext_encode_bounded(msg, stack, sizeof stack);
    if (n) {
        tport_ip_rec *r = new_record(TLOG_OP_TERM, (uint32_t)n, n);
        memcpy(r->bytes + TLOG_HEADER_BYTES, stack, n);
        return r;
    }
    ext_error xe;
    if (ext_size(msg, &n, &xe) != EXT_OK || n > UINT32_MAX)
        return NULL;
    tport_ip_rec *r = new_record(TLOG_OP_TERM, (uint32_t)n, n);
    ext_encode(msg, r->bytes + TLOG_HEADER_BYTES);
    return r;
}

/* ---- the queue ---------------------------------------------------------------- */

void tport_ip_queue_init(tport_ip_queue *q, uint64_t capacity)
{
    *q = (tport_ip_queue){.capacity = capacity};
}

void tport_ip_queue_destroy(tport_ip_queue *q)
{
    while (q->head) {
        tport_ip_rec *r = q->head;
        q->head = r->next;
        tport_ip_rec_free(r);
    }
    q->tail = NULL;
    q->held = 0;
}

static void append(tport_ip_queue *q, tport_ip_rec *r)
{
    r->next = NULL;
    if (q->tail)
        q->tail->next = r;
    else
        q->head = r;
    q->tail = r;
    q->held++;
}

bool tport_ip_queue_put(tport_ip_queue *q, tport_ip_rec *rec)
{
    if (q->held < q->capacity) {
        append(q, rec);
        return true;
    }
    tport_ip_rec_free(rec);
    q->dropped++;
    tport_ip_rec *t = q->tail;
    if (q->held > q->capacity && t && t->bytes[0] == TLOG_OP_DROP && get_be32(t->bytes + 1) < UINT32_MAX)
        put_be32(t->bytes + 1, get_be32(t->bytes + 1) + 1);
    else
        append(q, tport_ip_drop_record(1));
    return false;
}

tport_ip_rec *tport_ip_queue_take(tport_ip_queue *q)
{
    ASSERT(!q->in_flight);
    tport_ip_rec *r = q->head;
    if (!r)
        return NULL;
    q->head = r->next;
    if (!q->head)
        q->tail = NULL;
    r->next = NULL;
    q->in_flight = true;
    q->held--;
    return r;
}

void tport_ip_queue_done(tport_ip_queue *q)
{
    ASSERT(q->in_flight);
    q->in_flight = false;
}

/* ---- the port ----------------------------------------------------------------- */

/* A port's state. `mu` guards q, idle and stopping: the output (under the
 * port's lock) and the network thread meet only there, and neither holds
 * it across a system call but the wake-up byte's write. The sockets and
 * the record being written belong to the thread. */
typedef struct ipport {
    port_driver drv;
    char name[64];    /* "trace_ip_drv PortNo QueueSize 2", OTP's open command */
    ext_heads *heads; /* the heads of recent messages (ip_output's, under the
                       * port's lock); allocated at the first message */
    pthread_mutex_t mu;
    tport_ip_queue q;
    bool idle;     /* the thread waits with nothing to write: wake it */
    bool stopping; /* the port closes: the thread ends */
    int listen_fd;
    int wake[2]; /* a pipe: [0] polled by the thread, [1] written to wake it */
    uint16_t listen_port;
    pthread_t thread;
} ipport;

static void wake_thread(ipport *ip)
{
    uint8_t b = 1;
    ssize_t r = write(ip->wake[1], &b, 1); /* full pipe: a wake-up is pending anyway */
    (void)r;
}

static bool ip_output(void *state, term_t msg, size_t *written)
{
    ipport *ip = state;
    if (!ip->heads)
        ip->heads = alloc_zeroed(ALLOC_TRACE_BUF, sizeof *ip->heads);
    tport_ip_rec *r = tport_ip_record_headed(ip->heads, msg);
    if (!r)
        return true; /* nothing to send, as the file port skips it */
    size_t len = r->len;
    pthread_mutex_lock(&ip->mu);
    bool queued = tport_ip_queue_put(&ip->q, r);
    bool wake = queued && ip->idle;
    if (wake)
        ip->idle = false;
    pthread_mutex_unlock(&ip->mu);
    if (wake)
        wake_thread(ip);
    *written += len;
    return true;
}

/* $p, get_listen_port: <<0, Port:16>>, whatever the data. Every other op is
 * badarg, $f too (OTP's driver has no flush: dbg:flush_trace_port() answers
 * {error, not_supported_by_trace_driver}). */
static bool ip_control(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply)
{
    (void)data, (void)len;
    ipport *ip = state;
    if (op != 'p')
        return false;
    uint8_t b[3] = {0, (uint8_t)(ip->listen_port >> 8), (uint8_t)ip->listen_port};
    *reply = bin_new(h, b, sizeof b);
    return true;
}

/* Writes what it can of r from *off without blocking. 1: all written;
 * 0: the socket is full; -1: the client is gone. */
static int send_some(int fd, const tport_ip_rec *r, size_t *off)
{
    while (*off < r->len) {
        ssize_t n = send(fd, r->bytes + *off, r->len - *off, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0)
            *off += (size_t)n;
        else if (n < 0 && errno == EINTR)
            continue;
        else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        else
            return -1;
    }
    return 1;
}

/* The thread's view of its client: the socket and the record in flight. */
typedef struct client {
    int fd;
    tport_ip_rec *cur;
    size_t off;
} client;

/* The record in flight is written (or lost): frees it, takes the next. */
static void finish_record(ipport *ip, client *c, bool take_next)
{
    tport_ip_rec_free(c->cur);
    c->cur = NULL;
    c->off = 0;
    pthread_mutex_lock(&ip->mu);
    tport_ip_queue_done(&ip->q);
    if (take_next)
        c->cur = tport_ip_queue_take(&ip->q);
    pthread_mutex_unlock(&ip->mu);
}

/* Writes records until the socket is full or the queue empty; false when
 * the client is gone. */
static bool write_client(ipport *ip, client *c)
{
    for (;;) {
        if (!c->cur) {
            pthread_mutex_lock(&ip->mu);
            c->cur = tport_ip_queue_take(&ip->q);
            pthread_mutex_unlock(&ip->mu);
            if (!c->cur)
                return true;
        }
        int r = send_some(c->fd, c->cur, &c->off);
        if (r < 0)
            return false;
        if (r == 0)
            return true;
        finish_record(ip, c, false);
    }
}

/* The client went away: back to listening, the queue kept (OTP's
 * FILL_ALWAYS, which dbg asks for). A record half written is lost with
 * it (the next client must start at a record boundary); one not begun
 * stays first. */
static void drop_client(ipport *ip, client *c)
{
    close(c->fd);
    c->fd = -1;
    if (c->cur && c->off > 0)
        finish_record(ip, c, false);
}

static void accept_clients(ipport *ip, client *c)
{
    for (;;) {
        int fd = accept4(ip->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR)
                continue;
            return; /* EAGAIN, or a connection that died while queued */
        }
        if (c->fd >= 0)
            close(fd); /* one client at a time: a second is closed at once */
        else
            c->fd = fd;
    }
}

/* Whether the client closed (or broke) its end. Whatever it sends is
 * read and ignored, as OTP's driver does. */
static bool client_closed(int fd)
{
    uint8_t buf[128];
    for (;;) {
        ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n > 0)
            continue;
        if (n == 0)
            return true;
        if (errno == EINTR)
            continue;
        return errno != EAGAIN && errno != EWOULDBLOCK;
    }
}

static void *run_network(void *arg)
{
    ipport *ip = arg;
    client c = {-1, NULL, 0};
    for (;;) {
        pthread_mutex_lock(&ip->mu);
        bool stop = ip->stopping;
        if (!c.cur && c.fd >= 0)
            c.cur = tport_ip_queue_take(&ip->q);
        ip->idle = c.fd >= 0 && !c.cur; /* no client: nothing to do for output */
        pthread_mutex_unlock(&ip->mu);
        if (stop)
            break;
        struct pollfd fds[3] = {
            {ip->wake[0], POLLIN, 0},
            {ip->listen_fd, POLLIN, 0},
            {c.fd, (short)(POLLIN | (c.cur ? POLLOUT : 0)), 0},
        };
        if (poll(fds, c.fd >= 0 ? 3 : 2, -1) < 0)
            continue; /* EINTR */
        if (fds[0].revents) {
            uint8_t buf[64];
            while (read(ip->wake[0], buf, sizeof buf) > 0)
                ;
        }
        if (fds[1].revents)
            accept_clients(ip, &c);
        if (c.fd >= 0 && (fds[2].revents & (POLLIN | POLLHUP | POLLERR)) && client_closed(c.fd)) {
            drop_client(ip, &c);
            continue;
        }
        if (c.fd >= 0 && c.cur && !write_client(ip, &c))
            drop_client(ip, &c);
    }
    /* Closing: what the client's socket takes without waiting goes out
     * (OTP's driver wrote each message as it came when it could), the rest
     * is lost with the queue. */
    if (c.fd >= 0) {
        write_client(ip, &c);
        close(c.fd);
    }
    if (c.cur)
        finish_record(ip, &c, false);
    return NULL;
}

static void ip_close(void *state)
{
    ipport *ip = state;
    pthread_mutex_lock(&ip->mu);
    ip->stopping = true;
    pthread_mutex_unlock(&ip->mu);
    wake_thread(ip);
    pthread_join(ip->thread, NULL);
    close(ip->listen_fd);
    close(ip->wake[0]);
    close(ip->wake[1]);
    tport_ip_queue_destroy(&ip->q);
    pthread_mutex_destroy(&ip->mu);
    if (ip->heads)
        alloc_free(ALLOC_TRACE_BUF, ip->heads, sizeof *ip->heads);
    alloc_free(ALLOC_TRACE, ip, sizeof *ip);
}

/* A listening IPv4 socket on every address, non-blocking; its port in
 * *bound. -1 with errno on failure. */
static int listen_on(uint16_t port, uint16_t *bound)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    struct sockaddr_in sin = {
        .sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_ANY)};
    socklen_t sl = sizeof sin;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0 || listen(fd, 1) != 0 ||
        getsockname(fd, (struct sockaddr *)&sin, &sl) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    *bound = ntohs(sin.sin_port);
    return fd;
}

term_t tport_ip_port_open(int64_t portno, int64_t queue_size, process *owner)
{
    if (portno < 0 || queue_size < 0 || portno > INT32_MAX || queue_size > INT32_MAX) {
        errno = EINVAL;
        return THE_NON_VALUE;
    }
    uint16_t asked = (uint16_t)portno, bound;
    int lfd = listen_on(asked, &bound);
    if (lfd < 0)
        return THE_NON_VALUE;
    ipport *ip = alloc_new(ALLOC_TRACE, sizeof *ip);
    memset(ip, 0, sizeof *ip);
    if (pipe2(ip->wake, O_NONBLOCK | O_CLOEXEC) != 0) {
        int e = errno;
        close(lfd);
        alloc_free(ALLOC_TRACE, ip, sizeof *ip);
        errno = e;
        return THE_NON_VALUE;
    }
    snprintf(ip->name, sizeof ip->name, "trace_ip_drv %lld %lld 2", (long long)portno, (long long)queue_size);
    ip->drv = (port_driver){.name = ip->name, .output = ip_output, .control = ip_control, .close = ip_close};
    pthread_mutex_init(&ip->mu, NULL);
    tport_ip_queue_init(&ip->q, (uint64_t)queue_size);
    ip->listen_fd = lfd;
    /* OTP answers the number asked for, or the one bound for 0. */
    ip->listen_port = asked ? asked : bound;
    int rc = vm_thread_start(&ip->thread, run_network, ip);
    if (rc != 0) {
        close(lfd);
        close(ip->wake[0]);
        close(ip->wake[1]);
        pthread_mutex_destroy(&ip->mu);
        alloc_free(ALLOC_TRACE, ip, sizeof *ip);
        errno = rc;
        return THE_NON_VALUE;
    }
    term_t port = port_open(&ip->drv, ip, owner);
    if (port == THE_NON_VALUE)
        errno = ENFILE;
    return port;
}

term_t tport_ip_open(process *p, term_t spec)
{
    static _Atomic term_t a_einval, a_system_limit;
    if (!term_is_tuple(spec) || tuple_arity(spec) != 2 || !term_is_integer(tuple_get(spec, 0)) ||
        !term_is_integer(tuple_get(spec, 1)))
        return BIF_BADARG(p);
    term_t tp = tuple_get(spec, 0), tq = tuple_get(spec, 1);
    /* OTP's driver reads both with %d: bignums do not start either. */
    term_t port = THE_NON_VALUE;
    errno = EINVAL;
    if (term_is_small(tp) && term_is_small(tq))
        port = tport_ip_port_open(small_value(tp), small_value(tq), p);
    if (port != THE_NON_VALUE)
        return port;
    if (errno == ENFILE)
        return BIF_ERROR(p, atom_cached(&a_system_limit, "system_limit"));
    return BIF_ERROR(p, atom_cached(&a_einval, "einval"));
}
