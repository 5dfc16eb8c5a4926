/* sessions.c: the shell's sessions (sessions.h): a table of named trace
 * sessions with a collector each, and the one path every trace event takes
 * to the user: read from the ring, decoded, formatted as dbg's handler
 * would, prefixed with the session's name when there are several, passed
 * through the filters, written to the session's log and printed. The live
 * thread and sessions_drain share that path under one lock, so each
 * session's events print once and in order; the events of several
 * sessions are merged by their collectors' arrival stamps, live and in
 * views alike. */
#include "shell/sessions.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#include "dbgcore/dbgcore.h"
#include "format/format.h"
#include "shell/filter.h"
#include "shell/log.h"
#include "shell/out.h"
#include "vm/vm.h"

/* Events copied out of one session's ring, to format outside the ring's
 * lock: consecutive ones from sequence number `first`, each stamped below
 * the bound it was read with, at most BATCH_MAX of them and about
 * BATCH_BYTES (one event more at most). Scratch of one merge: empty
 * between them. */
typedef struct batch {
    alloc_buf bytes;
    size_t *off, *len;
    uint64_t *stamp;
    size_t n, cap;
    size_t at;            /* the next one to print */
    uint64_t first;       /* the sequence number of event 0 */
    uint64_t below, upto; /* copy only events stamped below, numbered below */
    bool more;            /* stopped by BATCH_MAX or BATCH_BYTES: read on */
} batch;

#define BATCH_MAX 512
#define BATCH_BYTES (64u << 10)

struct shell_session {
    char name[SESSIONS_NAME_MAX + 1];
    int id;          /* its number in the filter set, never reused */
    collector *col;
    shell_log *log;
    heap_t heap;     /* the handle's */
    term_t handle;   /* main, or trace:session_create/3's reference */
    uint64_t next;   /* the next event to print live */
    bool paused;
    uint64_t shown, hidden, dropped;
    batch b; /* under S.lock */
};

static struct {
    pthread_mutex_t lock; /* the table, and printing events (in order) */
    shell_session *all[SESSIONS_MAX];
    size_t n;
    shell_session *current;
    size_t ring;
    sessions_clock clock;
    bool json; /* events reach the terminal as JSON lines */
    filter_set *filters;
    int next_id;
    uint64_t hidden_untold; /* hidden since sessions_take_hidden */
    fmt_trace_opts topts;
    heap_t heap;  /* a batch's terms, reset per event */
    fmt_buf text; /* an event's text */
    term_t msg;   /* its message (on heap), THE_NON_VALUE if undecodable */
    fmt_buf shown; /* the text as the terminal gets it: coloured */
    pthread_t live;
    bool live_running;
    shell_session *waiting_on; /* the session whose collector the live thread
                                  waits on: not freed until it is done */
    pthread_cond_t wait_done;
    bool stopping;
} S = {.lock = PTHREAD_MUTEX_INITIALIZER, .wait_done = PTHREAD_COND_INITIALIZER, .ring = SESSIONS_RING_DEFAULT};

/* ---- the table ------------------------------------------------------------- */

static shell_session *make_session(const char *name, size_t len)
{
    collector *c = collector_open(S.ring, SESSIONS_RING_BYTES);
    if (!c)
        return NULL;
    shell_session *s = alloc_zeroed(ALLOC_SYSTEM, sizeof *s);
    memcpy(s->name, name, len);
    s->id = S.next_id++;
    s->col = c;
    heap_init(&s->heap, ALLOC_SYSTEM);
    s->handle = ATOM_undefined;
    return s;
}

bool sessions_valid_name(const char *name, size_t len, char *err, size_t cap)
{
    bool ok = len >= 1 && len <= SESSIONS_NAME_MAX && ((name[0] | 0x20) >= 'a' && (name[0] | 0x20) <= 'z');
    for (size_t i = 0; ok && i < len; i++) {
        char c = name[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
    if (!ok)
        snprintf(err, cap, "bad session name '%.*s': letters, digits, _ and - (a letter first), at most %d",
                 (int)(len > 64 ? 64 : len), name, SESSIONS_NAME_MAX);
    return ok;
}

shell_session *sessions_new(const char *name, size_t len, char *err, size_t cap)
{
    if (!sessions_valid_name(name, len, err, cap))
        return NULL;
    if (sessions_find(name, len)) {
        snprintf(err, cap, "a session named %.*s exists already", (int)len, name);
        return NULL;
    }
    pthread_mutex_lock(&S.lock);
    shell_session *s = S.n < SESSIONS_MAX ? make_session(name, len) : NULL;
    if (s)
        S.all[S.n++] = s;
    pthread_mutex_unlock(&S.lock);
    if (!s)
        snprintf(err, cap, "cannot create another session (at most %d)", SESSIONS_MAX);
    return s;
}

void sessions_destroy(shell_session *s)
{
    pthread_mutex_lock(&S.lock);
    size_t i = 0;
    while (i < S.n && S.all[i] != s)
        i++;
    if (i == 0 || i == S.n) { /* main stays */
        pthread_mutex_unlock(&S.lock);
        return;
    }
    memmove(S.all + i, S.all + i + 1, (S.n - i - 1) * sizeof *S.all);
    S.n--;
    if (S.current == s)
        S.current = S.all[0];
    filter_forget_session(S.filters, s->id);
    while (S.waiting_on == s) /* at most the live thread's wait timeout */
        pthread_cond_wait(&S.wait_done, &S.lock);
    pthread_mutex_unlock(&S.lock);
    collector_free(s->col);
    heap_destroy(&s->heap);
    alloc_buf_free(&s->b.bytes);
    alloc_free(ALLOC_TEMP, s->b.off, s->b.cap * sizeof *s->b.off);
    alloc_free(ALLOC_TEMP, s->b.len, s->b.cap * sizeof *s->b.len);
    alloc_free(ALLOC_TEMP, s->b.stamp, s->b.cap * sizeof *s->b.stamp);
    alloc_free(ALLOC_SYSTEM, s, sizeof *s);
}

shell_session *sessions_current(void) { return S.current; }

shell_session *sessions_find(const char *name, size_t len)
{
    shell_session *found = NULL;
    pthread_mutex_lock(&S.lock);
    for (size_t i = 0; i < S.n && !found; i++)
        if (strlen(S.all[i]->name) == len && memcmp(S.all[i]->name, name, len) == 0)
            found = S.all[i];
    pthread_mutex_unlock(&S.lock);
    return found;
}

void sessions_use(shell_session *s)
{
    pthread_mutex_lock(&S.lock);
    S.current = s;
    pthread_mutex_unlock(&S.lock);
}
const char *sessions_name(const shell_session *s) { return s->name; }
size_t sessions_count(void) { return S.n; }

shell_session *sessions_at(size_t i)
{
    pthread_mutex_lock(&S.lock);
    shell_session *s = i < S.n ? S.all[i] : NULL;
    pthread_mutex_unlock(&S.lock);
    return s;
}

term_t sessions_context(shell_session *s, heap_t *h)
{
    size_t len = strlen(s->name);
    term_t name = bin_new(h, (const uint8_t *)s->name, len);
    return term_tuple3(h, name, copy_term(h, s->handle), collector_port(s->col));
}

void sessions_set_handle(shell_session *s, term_t handle)
{
    heap_t nh;
    heap_init(&nh, ALLOC_SYSTEM);
    term_t t = copy_term(&nh, handle);
    pthread_mutex_lock(&S.lock);
    heap_destroy(&s->heap);
    s->heap = nh;
    s->handle = t;
    pthread_mutex_unlock(&S.lock);
}

void sessions_pause(shell_session *s, bool paused)
{
    s->paused = paused;
    collector_pause(s->col, paused);
}

bool sessions_paused(const shell_session *s) { return s->paused; }

void sessions_get_stats(shell_session *s, sessions_stats *out)
{
    collector_stats cs;
    collector_stats_get(s->col, &cs);
    pthread_mutex_lock(&S.lock);
    *out = (sessions_stats){.events = cs.events,
                            .shown = s->shown,
                            .hidden = s->hidden,
                            .dropped = s->dropped,
                            .in_ring = cs.next - cs.first};
    pthread_mutex_unlock(&S.lock);
}

void sessions_set_ring(size_t events)
{
    pthread_mutex_lock(&S.lock);
    S.ring = events;
    for (size_t i = 0; i < S.n; i++)
        collector_resize(S.all[i]->col, events);
    pthread_mutex_unlock(&S.lock);
}
size_t sessions_ring(void) { return S.ring; }
void sessions_set_clock(sessions_clock c)
{
    pthread_mutex_lock(&S.lock);
    S.clock = c;
    S.topts.iso_clock = c == SESSIONS_CLOCK_ISO;
    pthread_mutex_unlock(&S.lock);
}

void sessions_set_json(bool on)
{
    pthread_mutex_lock(&S.lock);
    S.json = on;
    pthread_mutex_unlock(&S.lock);
}

bool sessions_json(void) { return S.json; }
sessions_clock sessions_get_clock(void) { return S.clock; }

/* ---- one event's way out ------------------------------------------------------ */

static bool copy_event(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg)
{
    batch *b = arg;
    if (stamp >= b->below || seq >= b->upto)
        return false; /* stamps rise with seq: none after it either */
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        b->off = alloc_resize(ALLOC_TEMP, b->off, b->cap * sizeof *b->off, cap * sizeof *b->off);
        b->len = alloc_resize(ALLOC_TEMP, b->len, b->cap * sizeof *b->len, cap * sizeof *b->len);
        b->stamp = alloc_resize(ALLOC_TEMP, b->stamp, b->cap * sizeof *b->stamp, cap * sizeof *b->stamp);
        b->cap = cap;
    }
    if (!b->n)
        b->first = seq;
    b->off[b->n] = b->bytes.n;
    b->len[b->n] = len;
    b->stamp[b->n] = stamp;
    alloc_buf_put(&b->bytes, etf, len);
    b->n++;
    if (b->bytes.n >= BATCH_BYTES) {
        b->more = true;
        return false;
    }
    return true;
}

/* Reads into s->b the events of s from `from` on stamped below `below` and
 * numbered below `upto` (a batch of them); *lost gets how many had left
 * the ring. Whether it got any. */
static bool read_batch(shell_session *s, uint64_t from, uint64_t below, uint64_t upto, uint64_t *lost)
{
    batch *b = &s->b;
    b->n = b->at = 0;
    b->bytes.n = 0;
    b->below = below;
    b->upto = upto;
    b->more = false;
    collector_read(s->col, from, copy_event, b, BATCH_MAX, lost);
    if (b->n == BATCH_MAX)
        b->more = true;
    return b->n > 0;
}

/* The text of event i of s's batch in S.text (dbg's handler's, with the
 * session's name in front when there are several sessions); false when
 * dbg's handler would print nothing for it. */
static bool format_event(shell_session *s, size_t i)
{
    term_t msg;
    size_t used;
    ext_error err;
    heap_reset(&S.heap);
    fmt_buf_reset(&S.text);
    if (S.n > 1) {
        fmt_buf_putc(&S.text, '[');
        fmt_buf_put(&S.text, s->name, strlen(s->name));
        fmt_buf_put(&S.text, "] ", 2);
    }
    size_t head = S.text.len;
    S.msg = THE_NON_VALUE;
    if (ext_binary_to_term(&S.heap, (const uint8_t *)s->b.bytes.p + s->b.off[i], s->b.len[i], &msg, &used,
                           &err) != EXT_OK) {
        fmt_buf_put(&S.text, "** an event that cannot be decoded\n", 35);
        return true;
    }
    if (fmt_trace_line(&S.text, msg, &S.topts) != FMT_TRACE_OK || S.text.len == head)
        return false;
    S.msg = msg;
    return true;
}

/* The colour (SGR parameters) of a trace message's text: by the kind of
 * event, so that calls, returns, exceptions, messages and process events
 * tell apart at a glance. */
static const char *event_color(term_t msg)
{
    static const struct {
        const char *tag, *sgr;
    } colors[] = {
        {"call", "36"},           {"return_to", "36"},        {"return_from", "32"},     {"exception_from", "31"},
        {"send", "33"},           {"send_to_non_existing_process", "33"},                {"receive", "35"},
        {"spawn", "34"},          {"spawned", "34"},          {"exit", "34"},            {"link", "34"},
        {"unlink", "34"},         {"getting_linked", "34"},   {"getting_unlinked", "34"}, {"register", "34"},
        {"unregister", "34"},     {"open", "34"},             {"closed", "34"},
    };
    enum { NCOLORS = sizeof colors / sizeof colors[0] };
    static term_t tags[NCOLORS], trace, trace_ts; /* under S.lock */
    if (!trace) {
        for (size_t i = 0; i < NCOLORS; i++)
            tags[i] = atom_from_cstr(colors[i].tag);
        trace = atom_from_cstr("trace");
        trace_ts = atom_from_cstr("trace_ts");
    }
    if (msg == THE_NON_VALUE || !term_is_tuple(msg) || tuple_arity(msg) < 3)
        return "1;31";
    term_t kind = tuple_get(msg, 0);
    if (kind != trace && kind != trace_ts)
        return "1;33"; /* seq_trace, drop */
    term_t tag = tuple_get(msg, 2);
    for (size_t i = 0; i < NCOLORS; i++)
        if (tag == tags[i])
            return colors[i].sgr;
    return "2"; /* scheduling, garbage collection */
}

/* Prints the event format_event made last, which passed the filters: as
 * a JSON line (with the session's name when there are several), or its
 * text, coloured by kind when the terminal takes colour. */
static void show_event(const shell_session *s)
{
    if (S.json && S.msg != THE_NON_VALUE) {
        fmt_trace_opts o = S.topts;
        o.json_session = S.n > 1 ? s->name : NULL;
        fmt_buf_reset(&S.shown);
        if (fmt_trace_json(&S.shown, S.msg, &o) == FMT_TRACE_OK)
            out_write(false, S.shown.data, S.shown.len);
        return;
    }
    if (!out_colored(false)) {
        out_write(false, S.text.data, S.text.len);
        return;
    }
    const char *sgr = event_color(S.msg);
    size_t body = S.text.len && S.text.data[S.text.len - 1] == '\n' ? S.text.len - 1 : S.text.len;
    fmt_buf_reset(&S.shown);
    fmt_buf_put(&S.shown, "\033[", 2);
    fmt_buf_put(&S.shown, sgr, strlen(sgr));
    fmt_buf_putc(&S.shown, 'm');
    fmt_buf_put(&S.shown, S.text.data, body);
    fmt_buf_put(&S.shown, "\033[0m\n", 5);
    out_write(false, S.shown.data, S.shown.len);
}

struct filter_set *sessions_filters(void) { return S.filters; }
int sessions_id(const shell_session *s) { return s->id; }

shell_log *sessions_set_log(shell_session *s, shell_log *log)
{
    pthread_mutex_lock(&S.lock);
    shell_log *old = s->log;
    s->log = log;
    pthread_mutex_unlock(&S.lock);
    return old;
}

shell_log *sessions_log(const shell_session *s) { return s->log; }

uint64_t sessions_take_hidden(void)
{
    pthread_mutex_lock(&S.lock);
    uint64_t n = S.hidden_untold;
    S.hidden_untold = 0;
    pthread_mutex_unlock(&S.lock);
    return n;
}

/* ---- merging sessions by arrival ------------------------------------------------ */

/* A merge of the events of several sessions, by arrival stamp: each
 * session's batch is a sorted run (stamps rise with sequence numbers), the
 * smallest head goes first, and a session whose batch runs out is read on
 * before anything else goes. Sessions leave once they have nothing left
 * within the bounds. Memory: one batch per session. */
typedef struct merge {
    shell_session *s[SESSIONS_MAX]; /* the sessions with events left */
    uint64_t from[SESSIONS_MAX];    /* where each reads on */
    size_t n;
    uint64_t below; /* events stamped from here on wait for the next merge */
    bool live;      /* the live cursors: s->next moves, lost events are told */
    /* what to do with event i of s's batch */
    void (*emit)(shell_session *s, size_t i, void *arg);
    void *arg;
} merge;

/* Says that `lost` events of s left the ring before they were printed,
 * and counts them (and tells s's log). */
static void tell_lost(shell_session *s, uint64_t lost)
{
    s->dropped += lost;
    if (s->log)
        shell_log_dropped(s->log, lost);
    bool color = out_colored(false);
    out_printf(false, "%s%s%s%s** %llu events not shown: the ring moved on before they were printed%s\n",
               color ? "\033[1;33m" : "", S.n > 1 ? "[" : "", S.n > 1 ? s->name : "", S.n > 1 ? "] " : "",
               (unsigned long long)lost, color ? "\033[0m" : "");
}

/* Reads the next batch of the k-th session of m; false when it has none
 * left (the caller drops it from m). */
static bool refill(merge *m, size_t k)
{
    shell_session *s = m->s[k];
    uint64_t lost = 0;
    bool got = read_batch(s, m->from[k], m->below, m->live ? UINT64_MAX : s->next, &lost);
    m->from[k] += lost;
    if (m->live && lost) {
        s->next = m->from[k];
        tell_lost(s, lost);
    }
    return got;
}

/* Drops the k-th session of m, its batch all emitted. */
static void drop_from(merge *m, size_t k)
{
    batch *b = &m->s[k]->b;
    if (b->bytes.cap > 4 * BATCH_BYTES) /* grown for a big event: not kept */
        alloc_buf_free(&b->bytes);
    m->n--;
    m->s[k] = m->s[m->n];
    m->from[k] = m->from[m->n];
}

/* Emits every event of m's sessions within its bounds, smallest stamp
 * first. Returns how many. Under S.lock. */
static size_t run_merge(merge *m)
{
    size_t count = 0;
    for (size_t k = 0; k < m->n;)
        if (refill(m, k))
            k++;
        else
            drop_from(m, k);
    while (m->n) {
        size_t k = 0;
        for (size_t j = 1; j < m->n; j++) /* at most SESSIONS_MAX: a scan */
            if (m->s[j]->b.stamp[m->s[j]->b.at] < m->s[k]->b.stamp[m->s[k]->b.at])
                k = j;
        shell_session *s = m->s[k];
        batch *b = &s->b;
        /* s's events may go on while they come before every other head */
        uint64_t until = UINT64_MAX;
        for (size_t j = 0; j < m->n; j++)
            if (j != k && m->s[j]->b.stamp[m->s[j]->b.at] < until)
                until = m->s[j]->b.stamp[m->s[j]->b.at];
        do {
            m->emit(s, b->at, m->arg);
            count++;
        } while (++b->at < b->n && b->stamp[b->at] < until);
        if (b->at < b->n)
            continue;
        m->from[k] = b->first + b->n;
        if (m->live)
            s->next = m->from[k];
        if (!b->more || !refill(m, k))
            drop_from(m, k);
    }
    return count;
}

/* Prints event i of s's batch live: through the filters, to the log and
 * the terminal. */
static void emit_live(shell_session *s, size_t i, void *arg)
{
    (void)arg;
    if (!format_event(s, i))
        return;
    if (!filter_pass(S.filters, s->id, S.text.data, S.text.len)) {
        s->hidden++;
        S.hidden_untold++;
        return;
    }
    if (s->log)
        shell_log_write(s->log, (const uint8_t *)s->b.bytes.p + s->b.off[i], s->b.len[i], S.text.data,
                        S.text.len);
    show_event(s);
    s->shown++;
}

size_t sessions_drain(void)
{
    pthread_mutex_lock(&S.lock);
    /* taken before any ring is read: every event stamped below it is in
     * its ring by then (collector_stamp_now); later ones wait for the next
     * drain, so that one of another session stamped before them, but not
     * yet read, cannot come after them */
    merge m = {.below = collector_stamp_now(), .live = true, .emit = emit_live};
    for (size_t i = 0; i < S.n; i++) {
        m.s[m.n] = S.all[i];
        m.from[m.n++] = S.all[i]->next;
    }
    size_t count = run_merge(&m);
    pthread_mutex_unlock(&S.lock);
    return count;
}

typedef struct viewing {
    filter_re *re;
    bool invert;
    uint64_t shown, hidden;
} viewing;

/* Prints event i of s's batch again if the filters or the regex let it. */
static void emit_view(shell_session *s, size_t i, void *arg)
{
    viewing *v = arg;
    if (!format_event(s, i))
        return;
    bool pass = v->re ? filter_re_match(v->re, S.text.data, S.text.len) != v->invert
                      : filter_check(S.filters, s->id, S.text.data, S.text.len);
    if (!pass) {
        v->hidden++;
        return;
    }
    show_event(s);
    v->shown++;
}

void sessions_view(shell_session *const *ss, size_t n, filter_re *re, bool invert, uint64_t *shown,
                   uint64_t *hidden)
{
    viewing v = {re, invert, 0, 0};
    merge m = {.below = UINT64_MAX, .live = false, .emit = emit_view, .arg = &v};
    pthread_mutex_lock(&S.lock);
    for (size_t k = 0; k < n && m.n < SESSIONS_MAX; k++) {
        shell_session *s = ss[k];
        bool twice = false;
        for (size_t j = 0; j < m.n && !twice; j++)
            twice = m.s[j] == s;
        if (twice)
            continue;
        collector_stats cs;
        collector_stats_get(s->col, &cs);
        m.s[m.n] = s;
        m.from[m.n++] = cs.next - cs.first > S.ring ? cs.next - S.ring : cs.first;
    }
    run_merge(&m);
    pthread_mutex_unlock(&S.lock);
    *shown = v.shown;
    *hidden = v.hidden;
}

/* ---- the live thread ------------------------------------------------------------ */

static void *live_main(void *arg)
{
    (void)arg;
    for (;;) {
        if (sessions_drain() != 0)
            continue;
        pthread_mutex_lock(&S.lock);
        if (S.stopping) {
            pthread_mutex_unlock(&S.lock);
            return NULL;
        }
        shell_session *wait_on = S.waiting_on = S.current;
        uint64_t after = wait_on->next;
        int timeout_ms = S.n > 1 ? 20 : 100; /* the other sessions are polled */
        pthread_mutex_unlock(&S.lock);
        collector_wait(wait_on->col, after, timeout_ms);
        pthread_mutex_lock(&S.lock);
        S.waiting_on = NULL;
        pthread_cond_broadcast(&S.wait_done);
        pthread_mutex_unlock(&S.lock);
    }
}

void sessions_init(bool unicode)
{
    S.topts.unicode = unicode;
    S.filters = filter_set_new();
    heap_init(&S.heap, ALLOC_TEMP);
    fmt_buf_init(&S.text);
    fmt_buf_init(&S.shown);
    shell_session *m = make_session("main", 4);
    if (!m) {
        fprintf(stderr, "dbgsh: cannot open the trace collector of session main\n");
        vm_halt(70);
    }
    m->handle = atom_from_cstr("main");
    S.all[S.n++] = m;
    S.current = m;
    S.live_running = pthread_create(&S.live, NULL, live_main, NULL) == 0;
}

void sessions_shutdown(void)
{
    pthread_mutex_lock(&S.lock);
    S.stopping = true;
    pthread_mutex_unlock(&S.lock);
    if (S.live_running)
        pthread_join(S.live, NULL);
    S.live_running = false;
    sessions_drain();
    for (size_t i = 0; i < S.n; i++) {
        char err[512];
        if (S.all[i]->log && !shell_log_close(S.all[i]->log, err, sizeof err))
            out_printf(true, "%s\n", err);
        S.all[i]->log = NULL;
    }
}
