/* fmtbench.c: the C side of the formatting benchmark (make bench).
 * `fmtbench DIR [N]` builds N fixed-seed terms of mixed everyday shapes,
 * writes them as ETF to DIR/bench.etf for erl to format the same terms,
 * then times ~p and ~w over all of them through fmt_pretty, fmt_write and
 * fmt_format, reusing one fmt_buf. Each pass runs BENCH_ROUNDS times
 * (environment, default 3), in rounds of every format in turn, and the
 * fastest run of each counts (erlbench.escript does the same): a slow phase
 * of the machine then spoils one round, not a format's figure. Prints one
 * "result" line per format: result FORMAT API TERMS CPU_SECONDS CHARS
 * (CHARS 0 when BENCH_COUNT=0 in the environment).
 * Both sides format terms decoded from the same ETF bytes (erl reads
 * bench.etf with binary_to_term/1), so both hold them as a decoder lays
 * them out, a term before its parts, not as the generator built them
 * (parts first, which makes a walk jump backwards through memory); and
 * both build the argument list [T] of io_lib:format at the call. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "format/format.h"
#include "tests/lib/rng.h"

#define DEFAULT_TERMS 1000000
#define DEFAULT_ROUNDS 3
#define SEED UINT64_C(0xbe4c4f3a7d2e1b09)

/* ---- the terms: what programs print ------------------------------------------ */

typedef struct gen {
    rng r;
    heap_t *h;
    term_t atoms[32];
} gen;

static const char *const ATOM_NAMES[] = {
    "ok",      "error",   "undefined",   "true",       "false",        "state",      "request", "reply",
    "timeout", "normal",  "shutdown",    "gen_server", "user",         "config",     "data",    "info",
    "warning", "started", "stopped",     "connected",  "id",           "name",       "value",   "count",
    "pending", "EXIT",    "Quoted Atom", "node@host",  "http_request", "tcp_closed", "down",    "badarg",
};

static term_t random_atom(gen *g) { return g->atoms[random_below(&g->r, 32)]; }

static term_t random_int(gen *g)
{
    rng *r = &g->r;
    switch (random_below(r, 4)) {
    case 0:
        return term_small(random_range(r, 0, 9));
    case 1:
        return term_small(random_range(r, -1000, 100000));
    case 2:
        return term_int64(g->h, (int64_t)(next_random(r) >> random_below(r, 64)));
    default:
        return term_uint64(g->h, next_random(r) | (UINT64_C(1) << 63)); /* a bignum */
    }
}

static term_t random_float(gen *g)
{
    rng *r = &g->r;
    if (random_below(r, 2))
        return term_float(g->h, (double)random_range(r, -100000, 100000) / 100.0);
    return term_float(g->h, (double)next_random(r) / 3.0e9);
}

static term_t random_string(gen *g, size_t lo, size_t hi)
{
    static const char words[] = "the quick brown fox jumps over lazy dog request id user host path ";
    char s[128];
    size_t n = (size_t)random_range(&g->r, (int64_t)lo, (int64_t)hi);
    size_t start = random_below(&g->r, sizeof words - 1);
    for (size_t i = 0; i < n; i++)
        s[i] = words[(start + i) % (sizeof words - 1)];
    return term_string(g->h, s, n);
}

static term_t random_binary(gen *g)
{
    rng *r = &g->r;
    uint8_t b[100];
    size_t n = (size_t)random_range(r, 0, random_below(r, 10) ? 40 : 100);
    bool text = random_below(r, 3) != 0;
    for (size_t i = 0; i < n; i++)
        b[i] = text ? (uint8_t)random_range(r, 'a', 'z') : (uint8_t)random_below(r, 128);
    return bin_new(g->h, b, n);
}

static term_t random_pid(gen *g) { return term_local_pid((uint32_t)random_range(&g->r, 80, 2000), 0); }

static term_t random_scalar(gen *g)
{
    switch (random_below(&g->r, 6)) {
    case 0:
    case 1:
        return random_int(g);
    case 2:
        return random_atom(g);
    case 3:
        return random_float(g);
    case 4:
        return random_string(g, 1, 12);
    default:
        return random_binary(g);
    }
}

static term_t small_tuple(gen *g)
{
    term_t e[4];
    size_t n = (size_t)random_range(&g->r, 2, 4);
    e[0] = random_atom(g);
    for (size_t i = 1; i < n; i++)
        e[i] = random_scalar(g);
    return term_tuple(g->h, n, e);
}

static term_t small_list(gen *g, size_t lo, size_t hi)
{
    term_t e[40];
    size_t n = (size_t)random_range(&g->r, (int64_t)lo, (int64_t)hi);
    bool tuples = random_below(&g->r, 3) == 0;
    for (size_t i = 0; i < n; i++)
        e[i] = tuples ? small_tuple(g) : random_scalar(g);
    return term_list_from(g->h, e, n, NIL);
}

static term_t small_map(gen *g)
{
    term_t k[8], v[8];
    size_t n = (size_t)random_range(&g->r, 1, 8);
    for (size_t i = 0; i < n; i++) {
        k[i] = random_atom(g);
        v[i] = random_below(&g->r, 4) ? random_scalar(g) : small_tuple(g);
    }
    return map_from_pairs(g->h, k, v, n);
}

/* {state, Pid, Name, [Items], #{...}, <<...>>, {sub, ...}}: a record. */
static term_t record_like(gen *g)
{
    term_t e[7];
    e[0] = random_atom(g);
    e[1] = random_pid(g);
    e[2] = random_string(g, 3, 20);
    e[3] = small_list(g, 0, 6);
    e[4] = small_map(g);
    e[5] = random_binary(g);
    e[6] = small_tuple(g);
    return term_tuple(g->h, (size_t)random_range(&g->r, 3, 7), e);
}

static term_t make_term(gen *g)
{
    switch (random_below(&g->r, 20)) {
    case 0:
    case 1:
        return random_int(g);
    case 2:
        return random_float(g);
    case 3:
    case 4:
        return random_atom(g);
    case 5:
    case 6:
        return random_string(g, 5, 40);
    case 7:
    case 8:
    case 9:
        return small_tuple(g);
    case 10:
    case 11:
        return small_list(g, 0, 10);
    case 12:
    case 13:
        return small_map(g);
    case 14:
        return random_binary(g);
    case 15:
    case 16:
    case 17:
        return record_like(g);
    case 18:
        return small_list(g, 15, 40); /* wraps in ~p */
    default:
        return term_tuple2(g->h, random_atom(g), record_like(g));
    }
}

/* ---- timing -------------------------------------------------------------------- */

/* Seconds on clock `id`. */
static double seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds of this process: steadier than wall time on a busy machine,
 * and what erl's side measures too (statistics(runtime)). */
static double cpu_now(void) { return seconds(CLOCK_PROCESS_CPUTIME_ID); }

typedef enum { VIA_PRETTY, VIA_WRITE, VIA_FORMAT } via;

/* Formats every term one way into `b`. With `chars`, also counts the
 * output's characters (the sanity check both sides print), outside the
 * timed passes. */
static void format_all(fmt_buf *b, const term_t *terms, size_t n, via how, const char *format, size_t *chars)
{
    fmt_pretty_opts o;
    fmt_error err;
    size_t total = 0, flen = format ? strlen(format) : 0;
    fmt_pretty_opts_init(&o);
    for (size_t i = 0; i < n; i++) {
        fmt_buf_reset(b);
        switch (how) {
        case VIA_PRETTY:
            fmt_pretty(b, terms[i], &o);
            break;
        case VIA_WRITE:
            fmt_write(b, terms[i], -1, false);
            break;
        default: {
            term_t args[2] = {terms[i], NIL}; /* [T], made here as erl makes it */
            if (fmt_format(b, format, flen, term_list(args), &err) != FMT_OK) {
                fprintf(stderr, "fmtbench: fmt_format(\"%s\") failed on term %zu: %s\n", format, i,
                        err.message);
                exit(1);
            }
            break;
        }
        }
        if (chars)
            for (size_t k = 0; k < b->len; k++)
                total += (b->data[k] & 0xC0) != 0x80;
    }
    if (chars)
        *chars = total;
}

/* CPU seconds of one formatting pass. */
static double time_pass(fmt_buf *b, const term_t *terms, size_t n, via how, const char *format)
{
    double t0 = cpu_now();
    format_all(b, terms, n, how, format, NULL);
    return cpu_now() - t0;
}

/* A tick counter for timing one term: the time-stamp counter where there
 * is one (a few ns to read), else the monotonic clock in ns. */
static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* One pass of ~p (or ~w) over all terms in their order, each timed on its
 * own: sum[k] gets the ticks of the terms of class k (cls[i]). Returns
 * the ns a tick, from the pass's wall time. */
static double split_pass(fmt_buf *b, const term_t *terms, const unsigned char *cls, size_t n, bool write,
                         double sum[2])
{
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    sum[0] = sum[1] = 0;
    double w0 = seconds(CLOCK_MONOTONIC);
    uint64_t all0 = ticks();
    for (size_t i = 0; i < n; i++) {
        fmt_buf_reset(b);
        uint64_t t0 = ticks();
        if (write)
            fmt_write(b, terms[i], -1, false);
        else
            fmt_pretty(b, terms[i], &o);
        sum[cls[i]] += (double)(ticks() - t0);
    }
    uint64_t all = ticks() - all0;
    return (seconds(CLOCK_MONOTONIC) - w0) * 1e9 / (double)(all ? all : 1);
}

/* BENCH_SPLIT: ns a term of ~p and of ~w over the terms that fit on one
 * line and over those ~p breaks, each the best of `rounds` passes. The
 * terms are timed one by one inside the whole mix, in its order: a pass
 * over one class alone skips through memory from term to term (the other
 * class's terms lie between) and made the one-line terms look more than
 * twice as dear as they are in the mix. The cost of reading the clock
 * (timed empty) is taken off every term. */
static void time_split(fmt_buf *b, const term_t *terms, size_t n, size_t rounds)
{
    unsigned char *cls = malloc(n ? n : 1);
    if (!cls) {
        fprintf(stderr, "fmtbench: out of memory\n");
        exit(1);
    }
    size_t count[2] = {0, 0};
    fmt_pretty_opts o;
    fmt_pretty_opts_init(&o);
    for (size_t i = 0; i < n; i++) {
        fmt_buf_reset(b);
        fmt_pretty(b, terms[i], &o);
        cls[i] = memchr(b->data, '\n', b->len) != NULL;
        count[cls[i]]++;
    }
    double empty = 0; /* ticks of one empty timed region, the least of 10 passes */
    for (int r = 0; r < 10; r++) {
        uint64_t total = 0;
        for (int i = 0; i < 100000; i++) {
            uint64_t t0 = ticks();
            total += ticks() - t0;
        }
        if (r == 0 || (double)total / 100000 < empty)
            empty = (double)total / 100000;
    }
    double best[2][2] = {{0, 0}, {0, 0}}; /* [class][~w] in ns a term */
    for (size_t round = 0; round < rounds; round++)
        for (int w = 0; w < 2; w++) {
            double sum[2], ns = split_pass(b, terms, cls, n, w, sum);
            for (int k = 0; k < 2; k++) {
                double per = count[k] ? (sum[k] / (double)count[k] - empty) * ns : 0;
                if (round == 0 || per < best[k][w])
                    best[k][w] = per;
            }
        }
    static const char *const names[2] = {"one-line", "broken"};
    for (int k = 0; k < 2; k++)
        printf("split %s %zu %.1f %.1f\n", names[k], count[k], best[k][0], best[k][1]);
    free(cls);
}

/* Writes the terms as ETF records (a 32-bit length, then the bytes) to
 * DIR/bench.etf, and replaces each by its decoding of the same bytes,
 * built on `to`. */
static void write_etf(const char *dir, term_t *terms, size_t n, heap_t *to)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/bench.etf", dir);
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "fmtbench: %s: %s\n", path, strerror(errno));
        exit(1);
    }
    uint8_t *buf = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) {
        ext_error err;
        size_t size;
        if (ext_size(terms[i], &size, &err) != EXT_OK) {
            fprintf(stderr, "fmtbench: term %zu has no ETF: %s\n", i, err.msg);
            exit(1);
        }
        if (size + 4 > cap) {
            cap = 2 * (size + 4);
            buf = realloc(buf, cap);
            if (!buf) {
                fprintf(stderr, "fmtbench: out of memory\n");
                exit(1);
            }
        }
        buf[0] = (uint8_t)(size >> 24), buf[1] = (uint8_t)(size >> 16);
        buf[2] = (uint8_t)(size >> 8), buf[3] = (uint8_t)size;
        size_t len = ext_encode(terms[i], buf + 4);
        if (fwrite(buf, 1, len + 4, f) != len + 4) {
            fprintf(stderr, "fmtbench: %s: %s\n", path, strerror(errno));
            exit(1);
        }
        if (ext_binary_to_term(to, buf + 4, len, &terms[i], NULL, &err) != EXT_OK) {
            fprintf(stderr, "fmtbench: term %zu does not decode: %s\n", i, err.msg);
            exit(1);
        }
    }
    free(buf);
    if (fclose(f) != 0) {
        fprintf(stderr, "fmtbench: %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr,
                "usage: fmtbench DIR [N]: writes DIR/bench.etf, prints timings of N terms (default %d),\n"
                "the best of BENCH_ROUNDS (environment, default %d) runs per format\n",
                DEFAULT_TERMS, DEFAULT_ROUNDS);
        return 2;
    }
    size_t n = DEFAULT_TERMS, rounds = DEFAULT_ROUNDS;
    const char *env = getenv("BENCH_ROUNDS");
    if (env && *env) {
        char *end;
        rounds = strtoull(env, &end, 10);
        if (*end || rounds == 0 || rounds > 100) {
            fprintf(stderr, "fmtbench: bad BENCH_ROUNDS %s\n", env);
            return 2;
        }
    }
    if (argc == 3) {
        char *end;
        n = strtoull(argv[2], &end, 10);
        if (*end || n == 0) {
            fprintf(stderr, "fmtbench: bad term count %s\n", argv[2]);
            return 2;
        }
    }
    atom_table_init();
    heap_t h;
    heap_init(&h, ALLOC_HEAP);
    gen g = {.r = {SEED}, .h = &h};
    for (size_t i = 0; i < 32; i++) {
        const char *s = ATOM_NAMES[i];
        if (atom_intern(s, strlen(s), &g.atoms[i]) != ATOM_OK) {
            fprintf(stderr, "fmtbench: cannot make atom %s\n", s);
            return 1;
        }
    }
    term_t *terms = malloc(n * sizeof(term_t));
    if (!terms) {
        fprintf(stderr, "fmtbench: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        terms[i] = make_term(&g);
    heap_t decoded;
    heap_init(&decoded, ALLOC_HEAP);
    write_etf(argv[1], terms, n, &decoded);
    heap_destroy(&h); /* the generator's terms: only the decoded ones are used */

    static const struct pass {
        const char *name, *api;
        via how;
        const char *format;
    } passes[] = {
        {"~p", "fmt_pretty", VIA_PRETTY, NULL},
        {"~w", "fmt_write", VIA_WRITE, NULL},
        {"~p~n", "fmt_format", VIA_FORMAT, "~p~n"},
        {"~w~n", "fmt_format", VIA_FORMAT, "~w~n"},
    };
    enum { NPASSES = sizeof passes / sizeof passes[0] };
    double best[NPASSES];
    fmt_buf b;
    fmt_buf_init(&b);
    time_pass(&b, terms, n < 20000 ? n : 20000, VIA_PRETTY, NULL); /* grows the buffers */
    const char *split = getenv("BENCH_SPLIT");
    if (split && strcmp(split, "1") == 0) {
        time_split(&b, terms, n, rounds);
        fmt_buf_free(&b);
        free(terms);
        heap_destroy(&decoded);
        return 0;
    }
    /* BENCH_ONLY=FORMAT times that format alone (for a profiler); the
     * others print a time of 0. */
    const char *only = getenv("BENCH_ONLY");
    for (size_t round = 0; round < rounds; round++) {
        for (size_t p = 0; p < NPASSES; p++) {
            if (only && *only && strcmp(only, passes[p].name) != 0) {
                best[p] = 0;
                continue;
            }
            double secs = time_pass(&b, terms, n, passes[p].how, passes[p].format);
            if (round == 0 || secs < best[p])
                best[p] = secs;
        }
    }
    /* The character counts, the sanity check both sides print: a last,
     * untimed pass of each format (0 without it: BENCH_COUNT=0). */
    const char *count = getenv("BENCH_COUNT");
    for (size_t p = 0; p < NPASSES; p++) {
        size_t chars = 0;
        if (!count || strcmp(count, "0") != 0)
            format_all(&b, terms, n, passes[p].how, passes[p].format, &chars);
        printf("result %s %s %zu %.6f %zu\n", passes[p].name, passes[p].api, n, best[p], chars);
    }
    fmt_buf_free(&b);
    free(terms);
    heap_destroy(&decoded);
    return 0;
}
