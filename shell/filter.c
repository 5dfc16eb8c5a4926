/* filter.c: the shell's trace-line filters: parsing of /REGEX/ arguments,
 * PCRE2 compilation (JIT when the library has it), the include/exclude
 * decision for an event's text with its counts, and the filter list of a
 * session. One mutex per set; matching allocates nothing once warm.
 * docs/internals/filters.md. */
#include "shell/filter.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <inttypes.h>
#include <pcre2.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdarg.h>
#include <string.h>

#include "vm/vm.h"

/* The longest part of an argument quoted in an error message, in bytes. */
#define QUOTE_MAX 60
/* The JIT stack of a matcher: reserved (virtual) up to JIT_STACK_MAX. */
#define JIT_STACK_START (32u * 1024u)
#define JIT_STACK_MAX (1024u * 1024u)

typedef struct filter {
    pcre2_code *re;
    struct filter *next_dead; /* links filters taken out, to free after unlocking */
    int session;              /* owner; unused when global */
    bool global, exclude, caseless;
    uint64_t hid; /* events this exclude hid, every session together */
    size_t len;
    char text[]; /* the argument as typed, "/REGEX/", NUL-terminated */
} filter;

typedef struct session_stats {
    int session;
    filter_stats s;
} session_stats;

/* What one thread at a time needs to run a match: created once, reused. */
typedef struct matcher {
    pcre2_match_data *md; /* one ovector pair: only "whether" is asked */
    pcre2_match_context *mctx;
    pcre2_jit_stack *jit_stack; /* NULL without JIT */
} matcher;

struct filter_set {
    pthread_mutex_t lock; /* guards everything below, and the matches */
    filter **v;           /* in order of addition */
    size_t n, cap;
    session_stats *stats;
    size_t nstats, capstats;
    matcher m;
};

struct filter_re {
    pcre2_code *re;
    matcher m;
};

/* ---- PCRE2's memory, through vm/alloc.h ----------------------------------- */

/* PCRE2's free gets no size: blocks that carry theirs. A block PCRE2
 * cannot have is its "no memory" error, a filter that does not compile. */
static void *allocate_block(PCRE2_SIZE size, void *data) { return alloc_sized_new(ALLOC_SHELL, size); }
static void free_block(void *p, void *data) { alloc_sized_free(ALLOC_SHELL, p); }

/* Shared, read-only once made: PCRE2 allows contexts to be shared. */
static pcre2_general_context *gctx;
static pcre2_compile_context *cctx;
static pthread_once_t contexts_once = PTHREAD_ONCE_INIT;

static void make_contexts(void)
{
    gctx = pcre2_general_context_create(allocate_block, free_block, NULL);
    cctx = pcre2_compile_context_create(gctx);
    pcre2_set_newline(cctx, PCRE2_NEWLINE_LF); /* whatever the library's default */
}

static void ensure_contexts(void) { pthread_once(&contexts_once, make_contexts); }

static void init_matcher(matcher *m)
{
    m->md = pcre2_match_data_create(1, gctx);
    m->mctx = pcre2_match_context_create(gctx);
    m->jit_stack = pcre2_jit_stack_create(JIT_STACK_START, JIT_STACK_MAX, gctx); /* NULL without JIT */
    if (m->jit_stack)
        pcre2_jit_stack_assign(m->mctx, NULL, m->jit_stack);
}

static void destroy_matcher(matcher *m)
{
    pcre2_jit_stack_free(m->jit_stack);
    pcre2_match_context_free(m->mctx);
    pcre2_match_data_free(m->md);
}

/* Whether re matches s[0..n) somewhere. A match error (match limit, JIT
 * stack) counts as no match; invalid UTF-8 cannot fail (MATCH_INVALID_UTF). */
static bool run_match(const pcre2_code *re, matcher *m, const char *s, size_t n)
{
    return pcre2_match(re, (PCRE2_SPTR)(s ? s : ""), n, 0, 0, m->md, m->mctx) >= 0;
}

/* ---- /REGEX/ arguments ----------------------------------------------------- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Writes s[0..n) into out[0..cap) for an error line: control bytes and
 * bytes of no valid UTF-8 character as \xHH, cut after QUOTE_MAX bytes of
 * s with "...". */
static void quote(char *out, size_t cap, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t w = 0, i = 0;
    while (i < n && i < QUOTE_MAX && w + 8 < cap) {
        uint32_t cp;
        size_t len = unicode_decode_utf8_strict(u + i, n - i, &cp);
        if (len == 0 || cp < 0x20 || (cp >= 0x7f && cp < 0xA0)) { /* C0, DEL, C1 */
            w += (size_t)snprintf(out + w, cap - w, "\\x%02X", u[i]);
            i++;
        } else {
            memcpy(out + w, s + i, len);
            w += len;
            i += len;
        }
    }
    if (i < n && w + 4 <= cap) {
        memcpy(out + w, "...", 3);
        w += 3;
    }
    out[w] = '\0';
}

static void set_error(filter_error *err, size_t at, const char *fmt, ...)
{
    if (!err)
        return;
    err->at = at;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

/* A /REGEX/ argument taken apart: the typed text (blanks removed) and the
 * regex with "\/" turned into "/" (ALLOC_TEMP, plen + 1 bytes). */
typedef struct slashed {
    const char *text;
    size_t len, at; /* text = arg + at */
    char *pattern;
    size_t plen;
} slashed;

/* The offset in the typed regex (between the slashes) of offset p of the
 * unescaped pattern. */
static size_t find_typed_offset(const slashed *a, size_t p)
{
    const char *s = a->text + 1;
    size_t end = a->len - 2, t = 0, u = 0;
    while (u < p && t < end) {
        if (s[t] == '\\' && t + 1 < end) {
            size_t units = s[t + 1] == '/' ? 1 : 2;
            if (u + units > p) { /* p falls inside a pair */
                t += p - u;
                break;
            }
            t += 2;
            u += units;
        } else {
            t++;
            u++;
        }
    }
    return t;
}

static filter_result parse_slashed(const char *arg, size_t len, slashed *a, filter_error *err)
{
    size_t b = 0, e = len;
    while (b < e && is_blank(arg[b]))
        b++;
    while (e > b && is_blank(arg[e - 1]))
        e--;
    const char *s = arg + b;
    size_t n = e - b;
    char q[4 * QUOTE_MAX + 8];
    if (n == 0) {
        set_error(err, b, "expected /REGEX/ (a regex between slashes), got nothing");
        return FILTER_NOT_SLASHED;
    }
    /* Is the last byte a slash that no backslash escapes? */
    size_t i = 1;
    while (i < n - 1)
        i += s[i] == '\\' ? 2 : 1;
    if (s[0] != '/' || n < 2 || i != n - 1 || s[n - 1] != '/') {
        quote(q, sizeof q, s, n);
        set_error(err, s[0] != '/' ? b : e, "expected /REGEX/ (a regex between slashes), got '%s'", q);
        return FILTER_NOT_SLASHED;
    }
    char *p = alloc_new(ALLOC_TEMP, n - 1);
    size_t w = 0;
    for (i = 1; i < n - 1; i++) {
        if (s[i] == '\\') {
            if (s[i + 1] != '/')
                p[w++] = '\\';
            p[w++] = s[++i];
        } else if (s[i] == '/') {
            alloc_free(ALLOC_TEMP, p, n - 1);
            quote(q, sizeof q, s, n);
            set_error(err, b + i, "bad regex %s: unescaped / at offset %zu (write \\/ for a slash)", q,
                      i - 1);
            return FILTER_BAD_REGEX;
        } else {
            p[w++] = s[i];
        }
    }
    p[w] = '\0';
    *a = (slashed){.text = s, .len = n, .at = b, .pattern = p, .plen = w};
    return FILTER_OK;
}

static void drop_slashed(slashed *a) { alloc_free(ALLOC_TEMP, a->pattern, a->len - 1); }

/* Compiles the parsed argument; NULL with *err filled when PCRE2 rejects it. */
static pcre2_code *compile_slashed(const slashed *a, bool caseless, filter_error *err)
{
    uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_MULTILINE | (caseless ? PCRE2_CASELESS : 0);
    int code;
    PCRE2_SIZE off;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)a->pattern, a->plen, opts, &code, &off, cctx);
    if (!re) {
        PCRE2_UCHAR why[160];
        char q[4 * QUOTE_MAX + 8];
        if (pcre2_get_error_message(code, why, sizeof why) < 0)
            snprintf((char *)why, sizeof why, "error %d", code);
        size_t t = find_typed_offset(a, off);
        quote(q, sizeof q, a->text, a->len);
        set_error(err, a->at + 1 + t, "bad regex %s: %s at offset %zu", q, (const char *)why, t);
        return NULL;
    }
    pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* fails without JIT: the interpreter runs it */
    return re;
}

/* ---- the set ---------------------------------------------------------------- */

static bool applies(const filter *f, int session) { return f->global || f->session == session; }

static void free_filter(filter *f)
{
    pcre2_code_free(f->re);
    alloc_free(ALLOC_SHELL, f, sizeof *f + f->len + 1);
}

static void free_dead(filter *dead)
{
    while (dead) {
        filter *next = dead->next_dead;
        free_filter(dead);
        dead = next;
    }
}

static void lock(filter_set *fs) { pthread_mutex_lock(&fs->lock); }
static void unlock(filter_set *fs) { pthread_mutex_unlock(&fs->lock); }

/* The session's counts, made on first sight. Locked. */
static filter_stats *get_stats(filter_set *fs, int session, bool make)
{
    for (size_t i = 0; i < fs->nstats; i++)
        if (fs->stats[i].session == session)
            return &fs->stats[i].s;
    if (!make)
        return NULL;
    if (fs->nstats == fs->capstats) {
        size_t cap = fs->capstats ? 2 * fs->capstats : 4;
        fs->stats =
            alloc_resize(ALLOC_SHELL, fs->stats, fs->capstats * sizeof *fs->stats, cap * sizeof *fs->stats);
        fs->capstats = cap;
    }
    fs->stats[fs->nstats] = (session_stats){.session = session};
    return &fs->stats[fs->nstats++].s;
}

filter_set *filter_set_new(void)
{
    ensure_contexts();
    filter_set *fs = alloc_zeroed(ALLOC_SHELL, sizeof *fs);
    pthread_mutex_init(&fs->lock, NULL);
    init_matcher(&fs->m);
    return fs;
}

void filter_set_free(filter_set *fs)
{
    if (!fs)
        return;
    for (size_t i = 0; i < fs->n; i++)
        free_filter(fs->v[i]);
    alloc_free(ALLOC_SHELL, fs->v, fs->cap * sizeof *fs->v);
    alloc_free(ALLOC_SHELL, fs->stats, fs->capstats * sizeof *fs->stats);
    destroy_matcher(&fs->m);
    pthread_mutex_destroy(&fs->lock);
    alloc_free(ALLOC_SHELL, fs, sizeof *fs);
}

filter_result filter_add(filter_set *fs, int session, bool global, bool exclude, bool caseless,
                         const char *arg, size_t len, filter_error *err)
{
    slashed a;
    filter_result r = parse_slashed(arg, len, &a, err);
    if (r != FILTER_OK)
        return r;
    pcre2_code *re = compile_slashed(&a, caseless, err);
    if (!re) {
        drop_slashed(&a);
        return FILTER_BAD_REGEX;
    }
    filter *f = alloc_zeroed(ALLOC_SHELL, sizeof *f + a.len + 1);
    f->re = re;
    f->session = session;
    f->global = global;
    f->exclude = exclude;
    f->caseless = caseless;
    f->len = a.len;
    memcpy(f->text, a.text, a.len);
    drop_slashed(&a);

    lock(fs);
    if (fs->n == fs->cap) {
        size_t cap = fs->cap ? 2 * fs->cap : 8;
        fs->v = alloc_resize(ALLOC_SHELL, fs->v, fs->cap * sizeof *fs->v, cap * sizeof *fs->v);
        fs->cap = cap;
    }
    fs->v[fs->n++] = f;
    unlock(fs);
    return FILTER_OK;
}

/* The decision of filter_pass: excludes first (the first that matches, in
 * list order, takes the blame), then includes until one matches. */
static bool decide(filter_set *fs, int session, const char *text, size_t len, bool count)
{
    lock(fs);
    filter *hider = NULL;
    bool any_include = false, included = false;
    for (size_t i = 0; i < fs->n && !hider; i++) {
        filter *f = fs->v[i];
        if (f->exclude && applies(f, session) && run_match(f->re, &fs->m, text, len))
            hider = f;
    }
    for (size_t i = 0; i < fs->n && !hider && !included; i++) {
        filter *f = fs->v[i];
        if (!f->exclude && applies(f, session)) {
            any_include = true;
            included = run_match(f->re, &fs->m, text, len);
        }
    }
    bool shown = !hider && (included || !any_include);
    if (count) {
        filter_stats *st = get_stats(fs, session, true);
        if (shown) {
            st->shown++;
        } else {
            st->hidden++;
            if (hider)
                hider->hid++;
            else
                st->hidden_no_include++;
        }
    }
    unlock(fs);
    return shown;
}

bool filter_pass(filter_set *fs, int session, const char *text, size_t len)
{
    return decide(fs, session, text, len, true);
}

bool filter_check(filter_set *fs, int session, const char *text, size_t len)
{
    return decide(fs, session, text, len, false);
}

size_t filter_count(filter_set *fs, int session)
{
    size_t k = 0;
    lock(fs);
    for (size_t i = 0; i < fs->n; i++)
        k += applies(fs->v[i], session);
    unlock(fs);
    return k;
}

/* Takes out of fs->v every filter `doomed` picks (stable), linking them for
 * free_dead; returns how many. Locked. */
static size_t take_out(filter_set *fs, bool (*doomed)(const filter *, int, size_t *), int session,
                       size_t *arg, filter **dead)
{
    size_t w = 0, taken = 0;
    for (size_t i = 0; i < fs->n; i++) {
        filter *f = fs->v[i];
        if (doomed(f, session, arg)) {
            f->next_dead = *dead;
            *dead = f;
            taken++;
        } else {
            fs->v[w++] = f;
        }
    }
    fs->n = w;
    return taken;
}

/* *left counts down the applying filters; the one where it reaches 0. */
static bool is_numbered(const filter *f, int session, size_t *left)
{
    return applies(f, session) && --*left == 0;
}
static bool is_applying(const filter *f, int session, size_t *unused) { return applies(f, session); }
static bool is_own(const filter *f, int session, size_t *unused)
{
    return !f->global && f->session == session;
}

bool filter_del(filter_set *fs, int session, size_t n)
{
    if (n == 0)
        return false;
    filter *dead = NULL;
    lock(fs);
    size_t taken = take_out(fs, is_numbered, session, &n, &dead);
    unlock(fs);
    free_dead(dead);
    return taken == 1;
}

size_t filter_clear(filter_set *fs, int session)
{
    filter *dead = NULL;
    lock(fs);
    size_t taken = take_out(fs, is_applying, session, NULL, &dead);
    unlock(fs);
    free_dead(dead);
    return taken;
}

void filter_forget_session(filter_set *fs, int session)
{
    filter *dead = NULL;
    lock(fs);
    take_out(fs, is_own, session, NULL, &dead);
    for (size_t i = 0; i < fs->nstats; i++) {
        if (fs->stats[i].session == session) {
            fs->stats[i] = fs->stats[--fs->nstats];
            break;
        }
    }
    unlock(fs);
    free_dead(dead);
}

uint64_t filter_hidden(filter_set *fs, int session)
{
    filter_stats st;
    filter_stats_get(fs, session, &st);
    return st.hidden;
}

void filter_stats_get(filter_set *fs, int session, filter_stats *out)
{
    lock(fs);
    filter_stats *st = get_stats(fs, session, false);
    *out = st ? *st : (filter_stats){0};
    unlock(fs);
}

/* ---- snapshots: list and save without holding the lock -------------------- */

typedef struct snapshot {
    filter_info *infos; /* ALLOC_TEMP, n of them */
    size_t n;
    alloc_buf texts; /* the infos' text, one after the other */
    filter_stats stats;
} snapshot;

static void take_snapshot(filter_set *fs, int session, snapshot *snap)
{
    *snap = (snapshot){0};
    lock(fs);
    size_t k = 0;
    for (size_t i = 0; i < fs->n; i++)
        k += applies(fs->v[i], session);
    snap->infos = alloc_new(ALLOC_TEMP, (k ? k : 1) * sizeof *snap->infos);
    for (size_t i = 0; i < fs->n; i++) {
        const filter *f = fs->v[i];
        if (!applies(f, session))
            continue;
        snap->infos[snap->n] = (filter_info){.number = snap->n + 1,
                                             .global = f->global,
                                             .exclude = f->exclude,
                                             .caseless = f->caseless,
                                             .text = NULL, /* set once texts stops moving */
                                             .len = f->len,
                                             .hid = f->hid};
        alloc_buf_put(&snap->texts, f->text, f->len);
        snap->n++;
    }
    filter_stats *st = get_stats(fs, session, false);
    snap->stats = st ? *st : (filter_stats){0};
    unlock(fs);
    size_t at = 0;
    for (size_t i = 0; i < snap->n; i++) {
        snap->infos[i].text = snap->texts.p + at;
        at += snap->infos[i].len;
    }
}

static void drop_snapshot(snapshot *snap)
{
    alloc_free(ALLOC_TEMP, snap->infos, (snap->n ? snap->n : 1) * sizeof *snap->infos);
    alloc_buf_free(&snap->texts);
}

void filter_each(filter_set *fs, int session, filter_each_fn *fn, void *ctx)
{
    snapshot snap;
    take_snapshot(fs, session, &snap);
    for (size_t i = 0; i < snap.n; i++)
        fn(ctx, &snap.infos[i]);
    drop_snapshot(&snap);
}

static int count_digits(uint64_t v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

/*   #  kind     scope    hid  regex
 *   1  include  session    -  /call mymod:/
 *   2  exclude  global    12  -i /heartbeat/
 *   events: 100 shown, 42 hidden (30 because no include filter matched) */
void filter_list(filter_set *fs, int session, FILE *out)
{
    snapshot snap;
    take_snapshot(fs, session, &snap);
    if (snap.n == 0) {
        fputs("no filters\n", out);
    } else {
        uint64_t maxhid = 0;
        for (size_t i = 0; i < snap.n; i++)
            if (snap.infos[i].hid > maxhid)
                maxhid = snap.infos[i].hid;
        int numw = count_digits(snap.n), hidw = count_digits(maxhid);
        if (hidw < 3)
            hidw = 3;
        fprintf(out, "  %*s  %-7s  %-7s  %*s  %s\n", numw, "#", "kind", "scope", hidw, "hid", "regex");
        for (size_t i = 0; i < snap.n; i++) {
            const filter_info *f = &snap.infos[i];
            char hid[24] = "-";
            if (f->exclude)
                snprintf(hid, sizeof hid, "%" PRIu64, f->hid);
            fprintf(out, "  %*zu  %-7s  %-7s  %*s  %s", numw, f->number, f->exclude ? "exclude" : "include",
                    f->global ? "global" : "session", hidw, hid, f->caseless ? "-i " : "");
            fwrite(f->text, 1, f->len, out);
            fputc('\n', out);
        }
    }
    const filter_stats *st = &snap.stats;
    if (st->shown || st->hidden) {
        fprintf(out, "events: %" PRIu64 " shown, %" PRIu64 " hidden", st->shown, st->hidden);
        if (st->hidden_no_include)
            fprintf(out, " (%" PRIu64 " because no include filter matched)", st->hidden_no_include);
        fputc('\n', out);
    }
    drop_snapshot(&snap);
}

/* ---- one regex on its own (grep) ------------------------------------------- */

filter_re *filter_re_compile(const char *arg, size_t len, bool caseless, filter_error *err)
{
    ensure_contexts();
    slashed a;
    if (parse_slashed(arg, len, &a, err) != FILTER_OK)
        return NULL;
    pcre2_code *code = compile_slashed(&a, caseless, err);
    drop_slashed(&a);
    if (!code)
        return NULL;
    filter_re *re = alloc_zeroed(ALLOC_SHELL, sizeof *re);
    re->re = code;
    init_matcher(&re->m);
    return re;
}

bool filter_re_match(filter_re *re, const char *text, size_t len)
{
    return run_match(re->re, &re->m, text, len);
}

void filter_re_free(filter_re *re)
{
    if (!re)
        return;
    destroy_matcher(&re->m);
    pcre2_code_free(re->re);
    alloc_free(ALLOC_SHELL, re, sizeof *re);
}
