/* collector.c: the trace collector the shell reads: a VM port (so that it
 * is a tracer like any other: {tracer, Port}, dbg:tracer(port, ...)) whose
 * driver keeps the most recent trace messages, encoded as term_to_binary,
 * in one bounded ring: at most `max_events` events and `max_bytes` bytes;
 * the oldest go first and are counted as dropped. The ring starts small
 * and doubles (bytes and slots alike) as events come, up to those bounds,
 * so an idle session holds little memory. Readers (the shell's
 * views and live output) take events by sequence number. Writers are the
 * traced processes' scheduler threads, serialized by the port's own lock
 * (the ring needs no other). Each event also gets an arrival stamp from
 * one process-wide counter, so that readers can merge several collectors
 * in arrival order. docs/internals/tracers.md, docs/internals/shell.md. */
#include "dbgcore.h"
#include "engine.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "collector.def"
#undef BIF

/* Events up to this size are encoded in the ring itself where a window of
 * this size is free (place_in_ring), else on the writer's stack. */
#define STACK_EVENT_BYTES 512

typedef struct slot {
    uint64_t pos;   /* where its bytes start, as a running byte count */
    uint64_t stamp; /* its arrival stamp (collector_stamp_now) */
    uint32_t len;
} slot;

/* The arrival stamp of the next event kept by any collector. Taken by
 * put_event with an atomic add (a read-modify-write, so every writer's add
 * heads a release sequence that every later add continues) under the
 * port's lock, in the locked section that publishes the event. A reader
 * that loads it (acquire) and gets S, then takes a collector's lock, finds
 * there every event of that collector stamped below S: the writer's add
 * happens before the load, hence before the reader's lock, so the
 * writer's locked section (which publishes the event) came first. */
static _Atomic uint64_t arrivals;

/* The ring and its figures change under the port's lock only: writers hold
 * it in port_command, readers take it with port_with_lock. `next` is also
 * atomic (readers that wait look at it without the lock). `waiters`,
 * wait_lock and `more` wake readers waiting for events: a reader counts
 * itself in under the port's lock and looks at next there, so a writer
 * (which stores next and then looks at waiters, under the same lock)
 * either came before and the reader sees its event, or sees the reader
 * and wakes it; no fence in the writer. */
struct collector {
    uint8_t *buf;
    size_t bytes, max_bytes; /* the byte ring's size now, and its bound */
    slot *slots;
    size_t nslots, max_events; /* the slot table's size now, and its bound */
    uint64_t first;        /* sequence numbers in the ring: [first, next) */
    _Atomic uint64_t next;
    uint64_t pos; /* running byte count of the next write */
    collector_stats stats;
    term_t port;
    /* the heads of recent events (vm/ext.h), from the first event on;
     * under the port's lock. Trace state (ALLOC_TRACE), not ring memory. */
    ext_heads *heads;
    _Atomic bool closed;
    _Atomic bool paused; /* keep nothing (collector_pause) */
    _Atomic unsigned waiters;
    pthread_mutex_t wait_lock;
    pthread_cond_t more;
};

static size_t round_up_pow2(size_t n)
{
    size_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

/* Where running byte count pos lies in the ring. */
static size_t offset(const collector *c, uint64_t pos) { return (size_t)(pos & (c->bytes - 1)); }

/* Under the port's lock, after next was stored. */
static void wake(collector *c)
{
    if (atomic_load_explicit(&c->waiters, memory_order_relaxed) == 0)
        return;
    pthread_mutex_lock(&c->wait_lock);
    pthread_cond_broadcast(&c->more);
    pthread_mutex_unlock(&c->wait_lock);
}

#define FIRST_BYTES (64 * 1024)
#define FIRST_SLOTS 1024

/* The slot table at nslots entries (a power of two, at least the events
 * kept): each kept slot moves to its place in the new one. */
static void grow_slots(collector *c, size_t nslots)
{
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    slot *slots = alloc_new(ALLOC_TRACE_BUF, nslots * sizeof *slots);
    for (uint64_t seq = c->first; seq < next; seq++)
        slots[seq & (nslots - 1)] = c->slots[seq & (c->nslots - 1)];
    alloc_free(ALLOC_TRACE_BUF, c->slots, c->nslots * sizeof *c->slots);
    c->slots = slots;
    c->nslots = nslots;
}

/* The byte ring, twice as large: each kept event moves to its offset in
 * the new ring (pos mod 2B is its old offset or that plus B, so an event
 * that did not wrap does not wrap now). */
static void grow_bytes(collector *c)
{
    size_t bytes = c->bytes * 2;
    uint8_t *buf = alloc_new(ALLOC_TRACE_BUF, bytes);
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    for (uint64_t seq = c->first; seq < next; seq++) {
        const slot *e = &c->slots[seq & (c->nslots - 1)];
        memcpy(buf + (e->pos & (bytes - 1)), c->buf + offset(c, e->pos), e->len);
    }
    alloc_free(ALLOC_TRACE_BUF, c->buf, c->bytes);
    c->buf = buf;
    c->bytes = bytes;
}

/* Makes room for `len` more bytes at the write position, which it may move
 * to the ring's start (an event never wraps): grows the ring while it may,
 * then evicts the oldest events as needed. */
static __attribute__((noinline)) uint64_t make_room_slow(collector *c, uint32_t len)
{
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    if (next - c->first >= c->nslots && c->nslots < c->max_events)
        grow_slots(c, c->nslots * 2);
    for (;;) {
        uint64_t pos = c->pos;
        if (offset(c, pos) + len > c->bytes)
            pos += c->bytes - offset(c, pos);
        bool full = c->first < next && pos + len - c->slots[c->first & (c->nslots - 1)].pos > c->bytes;
        if ((full || len > c->bytes / 2) && c->bytes < c->max_bytes) {
            grow_bytes(c);
            continue;
        }
        while (c->first < next &&
               (next - c->first >= c->nslots || pos + len - c->slots[c->first & (c->nslots - 1)].pos > c->bytes)) {
            c->first++;
            c->stats.dropped++;
        }
        return pos;
    }
}

/* make_room_slow's answer, straight for the events of a flood: the bytes
 * fit before the ring's end, and past the oldest event, once at most one
 * event has gone for its slot (a table at its bound). */
static inline uint64_t make_room(collector *c, uint32_t len)
{
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    uint64_t pos = c->pos;
    if (offset(c, pos) + len > c->bytes)
        return make_room_slow(c, len);
    if (next - c->first >= c->nslots) {
        if (c->nslots < c->max_events)
            return make_room_slow(c, len);
        c->first++; /* next - first never exceeds nslots */
        c->stats.dropped++;
    }
    if (c->first == next || pos + len - c->slots[c->first & (c->nslots - 1)].pos <= c->bytes)
        return pos;
    return make_room_slow(c, len);
}

/* Appends one encoded event, stamped. Under the port's lock. The bytes
 * may already be in place (etf is then where make_room puts them).
 * Always inline: with two callers gcc makes it a call, 20 instructions
 * more an event (tests/bench/trace/ir.sh). */
static inline __attribute__((always_inline)) void put_event(collector *c, const uint8_t *etf, size_t len)
{
    uint64_t pos = make_room(c, (uint32_t)len);
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    uint64_t stamp = atomic_fetch_add_explicit(&arrivals, 1, memory_order_acq_rel);
    uint8_t *at = c->buf + offset(c, pos);
    ASSERT(at == etf || etf < c->buf || etf >= c->buf + c->bytes); /* place_in_ring's promise */
    if (at != etf)
        memcpy(at, etf, len);
    c->slots[next & (c->nslots - 1)] = (slot){pos, stamp, (uint32_t)len};
    c->pos = pos + len;
    c->stats.events++;
    c->stats.bytes += len;
    atomic_store_explicit(&c->next, next + 1, memory_order_release);
    wake(c);
}

/* Where an event of up to STACK_EVENT_BYTES can be encoded in the ring
 * itself, or NULL: the write position, when all STACK_EVENT_BYTES fit
 * before the ring's end (so make_room will not move it) and past the
 * oldest kept event (so make_room will not grow the ring, which would copy
 * the kept events over what was written, and no kept event is written
 * over). The whole window must be free, not only the event's own bytes:
 * the encoder may write past the end of what it returns (an atom's text
 * is copied in 16-byte blocks) and leaves what it wrote when it gives up
 * (an event over 512 bytes, a binary). A flood that keeps the ring at its
 * byte bound finds no such window and goes through the stack. */
static uint8_t *place_in_ring(collector *c)
{
    uint64_t pos = c->pos;
    if (offset(c, pos) + STACK_EVENT_BYTES > c->bytes)
        return NULL;
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    if (c->first < next && pos + STACK_EVENT_BYTES - c->slots[c->first & (c->nslots - 1)].pos > c->bytes)
        return NULL;
    return c->buf + offset(c, pos);
}

/* The driver's output (under the port's lock): a trace message, encoded
 * (in the ring, or on the stack, when it is small) and kept. */
static bool collector_output(void *state, term_t msg, size_t *written)
{
    collector *c = state;
    if (atomic_load_explicit(&c->paused, memory_order_relaxed)) {
        *written = 0;
        return true;
    }
    uint8_t stack[STACK_EVENT_BYTES];
    uint8_t *etf = place_in_ring(c);
    if (!etf)
        etf = stack;
    if (!c->heads)
        c->heads = alloc_zeroed(ALLOC_TRACE, sizeof *c->heads);
    size_t n = ext_encode_headed(c->heads, msg, etf, STACK_EVENT_BYTES);
    if (!n) {
        ext_error xe;
        if (ext_size(msg, &n, &xe) != EXT_OK || n > c->max_bytes / 2) {
            c->stats.too_large++;
            *written = 0;
            return true;
        }
        uint8_t *big = alloc_new(ALLOC_TEMP, n);
        ext_encode(msg, big);
        put_event(c, big, n);
        alloc_free(ALLOC_TEMP, big, n);
        *written = n;
        return true;
    }
    put_event(c, etf, n);
    *written = n;
    return true;
}

static void collector_close_state(void *state)
{
    collector *c = state;
    atomic_store(&c->closed, true);
    pthread_mutex_lock(&c->wait_lock);
    pthread_cond_broadcast(&c->more);
    pthread_mutex_unlock(&c->wait_lock);
}

static const port_driver collector_driver = {
    .name = "dbgsh_collector",
    .output = collector_output,
    .control = NULL,
    .close = collector_close_state,
};

collector *collector_open(size_t max_events, size_t max_bytes)
{
    /* powers of two: positions map to the ring with a mask */
    max_events = round_up_pow2(max_events < 1 ? 1 : max_events);
    max_bytes = round_up_pow2(max_bytes < 4096 ? 4096 : max_bytes);
    collector *c = alloc_zeroed(ALLOC_TRACE_BUF, sizeof *c);
    pthread_mutex_init(&c->wait_lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&c->more, &ca);
    pthread_condattr_destroy(&ca);
    c->max_bytes = max_bytes;
    c->bytes = max_bytes < FIRST_BYTES ? max_bytes : FIRST_BYTES;
    c->buf = alloc_new(ALLOC_TRACE_BUF, c->bytes);
    c->max_events = max_events;
    c->nslots = max_events < FIRST_SLOTS ? max_events : FIRST_SLOTS;
    c->slots = alloc_new(ALLOC_TRACE_BUF, c->nslots * sizeof *c->slots);
    c->port = port_open(&collector_driver, c, NULL);
    if (c->port == THE_NON_VALUE) {
        collector_free(c);
        return NULL;
    }
    return c;
}

term_t collector_port(const collector *c) { return c->port; }

void collector_pause(collector *c, bool paused) { atomic_store(&c->paused, paused); }

uint64_t collector_stamp_now(void) { return atomic_load_explicit(&arrivals, memory_order_acquire); }

typedef struct reading {
    uint64_t from, seq, lost;
    collector_fn fn;
    void *arg;
    size_t max;
} reading;

static void read_locked(void *state, void *arg)
{
    collector *c = state;
    reading *r = arg;
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    uint64_t seq = r->from < c->first ? c->first : r->from;
    r->lost = seq - r->from;
    for (size_t n = 0; seq < next && n < r->max; seq++, n++) {
        const slot *s = &c->slots[seq & (c->nslots - 1)];
        if (!r->fn(seq, s->stamp, c->buf + offset(c, s->pos), s->len, r->arg)) {
            seq++;
            break;
        }
    }
    r->seq = seq;
}

uint64_t collector_read(collector *c, uint64_t from, collector_fn fn, void *arg, size_t max, uint64_t *lost)
{
    reading r = {from, from, 0, fn, arg, max};
    port_with_lock(c->port, read_locked, &r);
    if (lost)
        *lost = r.lost;
    return r.seq;
}

typedef struct enlisting {
    uint64_t after;
    bool ready; /* an event after `after` is in already: no wait */
} enlisting;

/* Under the port's lock: counts a waiter in unless there is an event to
 * read already (collector.c's header says why this loses no wake-up). */
static void enlist_locked(void *state, void *arg)
{
    collector *c = state;
    enlisting *e = arg;
    e->ready = atomic_load_explicit(&c->next, memory_order_relaxed) > e->after;
    if (!e->ready)
        atomic_fetch_add_explicit(&c->waiters, 1, memory_order_relaxed);
}

bool collector_wait(collector *c, uint64_t after, int timeout_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
    if (until.tv_nsec >= 1000000000) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000;
    }
    enlisting e = {after, false};
    if (port_with_lock(c->port, enlist_locked, &e) && !e.ready) {
        pthread_mutex_lock(&c->wait_lock);
        while (atomic_load(&c->next) <= after && !atomic_load(&c->closed))
            if (pthread_cond_timedwait(&c->more, &c->wait_lock, &until))
                break;
        pthread_mutex_unlock(&c->wait_lock);
        atomic_fetch_sub_explicit(&c->waiters, 1, memory_order_relaxed);
    }
    return atomic_load(&c->next) > after;
}

static void stats_locked(void *state, void *arg)
{
    collector *c = state;
    collector_stats *out = arg;
    *out = c->stats;
    out->first = c->first;
    out->next = atomic_load_explicit(&c->next, memory_order_relaxed);
}

void collector_stats_get(collector *c, collector_stats *out)
{
    memset(out, 0, sizeof *out);
    port_with_lock(c->port, stats_locked, out);
}

static void clear_locked(void *state, void *arg)
{
    (void)arg;
    collector *c = state;
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    c->stats.dropped += next - c->first;
    c->first = next;
}

void collector_clear(collector *c) { port_with_lock(c->port, clear_locked, NULL); }

/* Under the port's lock: the bound becomes max_events; a smaller one drops
 * the oldest events beyond it at once and shrinks the slot table to it
 * (the byte ring stays). */
static void resize_locked(void *state, void *arg)
{
    collector *c = state;
    size_t max_events = *(size_t *)arg;
    uint64_t next = atomic_load_explicit(&c->next, memory_order_relaxed);
    if (next - c->first > max_events) {
        c->stats.dropped += next - c->first - max_events;
        c->first = next - max_events;
    }
    c->max_events = max_events;
    if (c->nslots > max_events)
        grow_slots(c, max_events); /* to a smaller table here */
}

size_t collector_resize(collector *c, size_t max_events)
{
    max_events = round_up_pow2(max_events < 1 ? 1 : max_events);
    port_with_lock(c->port, resize_locked, &max_events);
    return max_events;
}

void collector_free(collector *c)
{
    /* port_close runs the driver's close under the port's lock: once it
     * returns, no writer is in collector_output or can enter it, and
     * processes traced to the port lose their flags at their next event */
    if (c->port != THE_NON_VALUE)
        port_close(c->port);
    pthread_cond_destroy(&c->more);
    pthread_mutex_destroy(&c->wait_lock);
    alloc_free(ALLOC_TRACE_BUF, c->buf, c->bytes);
    alloc_free(ALLOC_TRACE_BUF, c->slots, c->nslots * sizeof *c->slots);
    if (c->heads)
        alloc_free(ALLOC_TRACE, c->heads, sizeof *c->heads);
    alloc_free(ALLOC_TRACE_BUF, c, sizeof *c);
}

/* ---- from Erlang: dbgsh_trace:collector_* ------------------------------------ */

/* The collectors opened through the BIFs, by port (the shell keeps its
 * own pointers). */
#define MAX_BIF_COLLECTORS 64
static collector *bif_collectors[MAX_BIF_COLLECTORS];
static pthread_mutex_t bif_lock = PTHREAD_MUTEX_INITIALIZER;

static collector *bif_collector(term_t port, bool take)
{
    collector *c = NULL;
    pthread_mutex_lock(&bif_lock);
    for (size_t i = 0; i < MAX_BIF_COLLECTORS && !c; i++)
        if (bif_collectors[i] && bif_collectors[i]->port == port) {
            c = bif_collectors[i];
            if (take)
                bif_collectors[i] = NULL;
        }
    pthread_mutex_unlock(&bif_lock);
    return c;
}

/* dbgsh_trace:collector_open(MaxEvents, MaxBytes) -> Port. */
term_t bif_collector_open_2(process *p, const term_t *args)
{
    if (!term_is_small(args[0]) || small_value(args[0]) < 1 || small_value(args[0]) > (1 << 26) ||
        !term_is_small(args[1]) || small_value(args[1]) < 4096 || small_value(args[1]) > (INT64_C(1) << 34))
        return BIF_BADARG(p);
    pthread_mutex_lock(&bif_lock);
    size_t i = 0;
    while (i < MAX_BIF_COLLECTORS && bif_collectors[i])
        i++;
    pthread_mutex_unlock(&bif_lock);
    if (i == MAX_BIF_COLLECTORS)
        return BIF_ERROR(p, ATOM_system_limit);
    collector *c = collector_open((size_t)small_value(args[0]), (size_t)small_value(args[1]));
    if (!c)
        return BIF_ERROR(p, ATOM_system_limit);
    pthread_mutex_lock(&bif_lock);
    for (i = 0; i < MAX_BIF_COLLECTORS && bif_collectors[i]; i++)
        ;
    bool kept = i < MAX_BIF_COLLECTORS;
    if (kept)
        bif_collectors[i] = c;
    pthread_mutex_unlock(&bif_lock);
    if (!kept) {
        collector_free(c);
        return BIF_ERROR(p, ATOM_system_limit);
    }
    return c->port;
}

typedef struct read_acc {
    heap_t *h;
    term_t *v;
    size_t n;
} read_acc;

static bool decode_one(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg)
{
    (void)seq;
    (void)stamp;
    read_acc *a = arg;
    term_t t;
    size_t used;
    ext_error err;
    if (ext_binary_to_term(a->h, etf, len, &t, &used, &err) == EXT_OK)
        a->v[a->n++] = t;
    return true;
}

/* dbgsh_trace:collector_read(Port, From, Max) -> {Next, Lost, [Msg]} (the
 * arrival stamps are not shown). */
term_t bif_collector_read_3(process *p, const term_t *args)
{
    collector *c = bif_collector(args[0], false);
    if (!c || !term_is_small(args[1]) || small_value(args[1]) < 0 || !term_is_small(args[2]) ||
        small_value(args[2]) < 0 || small_value(args[2]) > 1000000)
        return BIF_BADARG(p);
    size_t max = (size_t)small_value(args[2]);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    read_acc a = {&h, alloc_new(ALLOC_TEMP, (max + 1) * sizeof(term_t)), 0};
    uint64_t lost;
    uint64_t next = collector_read(c, (uint64_t)small_value(args[1]), decode_one, &a, max, &lost);
    term_t l = NIL;
    for (size_t i = a.n; i-- > 0;)
        l = term_cons(&p->heap, copy_term(&p->heap, a.v[i]), l);
    alloc_free(ALLOC_TEMP, a.v, (max + 1) * sizeof(term_t));
    heap_destroy(&h);
    return term_tuple3(&p->heap, term_int64(&p->heap, (int64_t)next), term_int64(&p->heap, (int64_t)lost), l);
}

/* dbgsh_trace:collector_stats(Port) -> #{...}. */
term_t bif_collector_stats_1(process *p, const term_t *args)
{
    collector *c = bif_collector(args[0], false);
    if (!c)
        return BIF_BADARG(p);
    collector_stats st;
    collector_stats_get(c, &st);
    const char *names[] = {"events", "bytes", "dropped", "too_large", "first", "next"};
    uint64_t vals[] = {st.events, st.bytes, st.dropped, st.too_large, st.first, st.next};
    term_t k[6], v[6];
    for (size_t i = 0; i < 6; i++) {
        k[i] = atom_from_cstr(names[i]);
        v[i] = term_uint64(&p->heap, vals[i]);
    }
    return map_from_pairs(&p->heap, k, v, 6);
}

/* dbgsh_trace:collector_close(Port) -> ok. */
term_t bif_collector_close_1(process *p, const term_t *args)
{
    collector *c = bif_collector(args[0], true);
    if (!c)
        return BIF_BADARG(p);
    collector_free(c);
    return ATOM_ok;
}
