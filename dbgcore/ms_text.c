/* ms_text.c: erlang:match_spec_test/3, the hooks it runs its programs
 * with, and the emulator's term printer that OTP's match spec error texts
 * and {display, T} use (erts_printf's %T, not io_lib's ~w). */
#include "ms_priv.h"

#include "format/format.h"

#include <stdio.h>
#include <string.h>

/* ---- the emulator's term printer ------------------------------------------------------ */

typedef struct pbuf {
    alloc_buf b;
    size_t limit; /* bytes at most */
} pbuf;

static bool full(const pbuf *o) { return o->b.n >= o->limit; }

static void put(pbuf *o, const char *s, size_t n)
{
    if (o->b.n + n > o->limit)
        n = o->limit - o->b.n;
    if (n)
        alloc_buf_put(&o->b, s, n);
}

static void putc_(pbuf *o, char ch) { put(o, &ch, 1); }
static void puts_(pbuf *o, const char *s) { put(o, s, strlen(s)); }

static void put_u64(pbuf *o, uint64_t v)
{
    char tmp[24];
    put(o, tmp, (size_t)snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v));
}

static void put_i64(pbuf *o, int64_t v)
{
    char tmp[24];
    put(o, tmp, (size_t)snprintf(tmp, sizeof tmp, "%lld", (long long)v));
}

/* Latin-1 letter classes of the emulator's printer. */
static bool is_lower(unsigned c) { return (c >= 'a' && c <= 'z') || (c >= 223 && c <= 255 && c != 247); }
static bool is_upper(unsigned c) { return (c >= 'A' && c <= 'Z') || (c >= 192 && c <= 222 && c != 215); }

/* The code point at s (UTF-8) as the printer's quoting test sees it: a
 * two-byte sequence decoded, a continuation byte as a letter, the start of
 * a longer sequence as something that needs quotes. */
static unsigned latin1_char(const unsigned char *s, size_t left)
{
    unsigned c = s[0];
    if (c < 0x80)
        return c;
    if ((c & 0xE0) == 0xC0 && left > 1)
        return (c & 0x1F) << 6 | (s[1] & 0x3F);
    if ((c & 0xC0) == 0x80)
        return 'a';
    return 0;
}

/* An atom: its UTF-8 bytes, quoted unless it starts with a latin1 lower
 * case letter and goes on with letters, digits and '_'. */
static void put_atom(pbuf *o, term_t atom)
{
    size_t n;
    const unsigned char *s = (const unsigned char *)atom_text(atom, &n);
    if (n == 0) {
        puts_(o, "''");
        return;
    }
    bool quote = !is_lower(latin1_char(s, n));
    for (size_t i = 1; i < n && !quote; i++) {
        unsigned c = latin1_char(s + i, n - i);
        quote = !(is_lower(c) || is_upper(c) || (c >= '0' && c <= '9') || c == '_');
    }
    if (quote)
        putc_(o, '\'');
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        switch (c) {
        case '\'':
            puts_(o, "\\'");
            break;
        case '\\':
            puts_(o, "\\\\");
            break;
        case '\n':
            puts_(o, "\\n");
            break;
        case '\f':
            puts_(o, "\\f");
            break;
        case '\t':
            puts_(o, "\\t");
            break;
        case '\r':
            puts_(o, "\\r");
            break;
        case '\b':
            puts_(o, "\\b");
            break;
        case '\v':
            puts_(o, "\\v");
            break;
        default:
            if (c < ' ' || (c == 0xC2 && i + 1 < n && s[i + 1] < 0xA0)) {
                char tmp[8];
                if (c == 0xC2)
                    c = s[++i];
                snprintf(tmp, sizeof tmp, "\\%03o", c);
                puts_(o, tmp);
            } else {
                putc_(o, (char)c);
            }
        }
    }
    if (quote)
        putc_(o, '\'');
}

/* A non-empty proper list of latin1 characters that are printable or
 * white space ("...", as the printer writes it). */
static bool printable_string(term_t l)
{
    for (; term_is_list(l); l = list_tail(l)) {
        term_t h = list_head(l);
        if (!term_is_small(h))
            return false;
        int64_t c = small_value(h);
        if (c < 0 || c > 255)
            return false;
        bool cntrl = c < ' ' || c == 127 || (c >= 128 && c < 160);
        bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (cntrl && !space)
            return false;
    }
    return l == NIL;
}

static void put_binary(pbuf *o, term_t t)
{
    bin_view v;
    bin_view_of(t, &v);
    bool text = v.bitsize == 0 && v.size > 0;
    for (uint64_t i = 0; text && i < v.size; i++) {
        uint8_t c = bin_byte_at(&v, i);
        text = c >= ' ' && c < 127;
    }
    if (text) {
        puts_(o, "<<\"");
        for (uint64_t i = 0; i < v.size && !full(o); i++) {
            char c = (char)bin_byte_at(&v, i);
            if (c == '"')
                putc_(o, '\\');
            putc_(o, c);
        }
        puts_(o, "\">>");
        return;
    }
    puts_(o, "<<");
    for (uint64_t i = 0; i < v.size && !full(o); i++) {
        if (i)
            putc_(o, ',');
        put_u64(o, bin_byte_at(&v, i));
    }
    if (v.bitsize) {
        if (v.size)
            putc_(o, ',');
        put_u64(o, (unsigned)bin_tail_bits(&v) >> (8 - v.bitsize));
        putc_(o, ':');
        put_u64(o, v.bitsize);
    }
    puts_(o, ">>");
}

/* Pids, ports, refs, funs: as the emulator writes them, which is as
 * io_lib's ~w does (format/'s writer). */
static void put_identity(pbuf *o, term_t t)
{
    fmt_buf b;
    fmt_buf_init(&b);
    fmt_write(&b, t, -1, false);
    put(o, b.data, b.len);
    fmt_buf_free(&b);
}

/* What the printer's explicit stack holds. */
enum { W_TERM, W_TEXT, W_ELEMS, W_CONS, W_PAIRS };
typedef struct pitem {
    uint8_t what;
    term_t t;            /* W_TERM, W_CONS: the rest of the list */
    const char *text;    /* W_TEXT */
    const term_t *p, *q; /* W_ELEMS: elements; W_PAIRS: keys and values */
    uint64_t n;
} pitem;

typedef struct pstack {
    pitem *v;
    uint32_t n, cap;
} pstack;

static void ppush(pstack *s, pitem it)
{
    if (s->n == s->cap) {
        uint32_t ncap = s->cap ? s->cap * 2 : 32;
        s->v = alloc_resize(ALLOC_TEMP, s->v, s->cap * sizeof *s->v, ncap * sizeof *s->v);
        s->cap = ncap;
    }
    s->v[s->n++] = it;
}

static void print_term(pbuf *o, term_t top)
{
    pstack s = {0};
    heap_t tmp; /* sorted pairs of large maps */
    bool tmp_used = false;
    ppush(&s, (pitem){.what = W_TERM, .t = top});
    while (s.n && !full(o)) {
        pitem it = s.v[--s.n];
        term_t t;
        switch (it.what) {
        case W_TEXT:
            puts_(o, it.text);
            continue;
        case W_ELEMS:
            t = it.p[0];
            if (it.n > 1) {
                ppush(&s, (pitem){.what = W_ELEMS, .p = it.p + 1, .n = it.n - 1});
                ppush(&s, (pitem){.what = W_TEXT, .text = ","});
            }
            break;
        case W_PAIRS:
            if (it.n > 1) {
                ppush(&s, (pitem){.what = W_PAIRS, .p = it.p + 1, .q = it.q + 1, .n = it.n - 1});
                ppush(&s, (pitem){.what = W_TEXT, .text = ","});
            }
            ppush(&s, (pitem){.what = W_TERM, .t = it.q[0]});
            ppush(&s, (pitem){.what = W_TEXT, .text = "=>"});
            t = it.p[0];
            break;
        case W_CONS: {
            term_t tl = list_tail(it.t);
            if (tl != NIL) {
                if (term_is_list(tl)) {
                    ppush(&s, (pitem){.what = W_CONS, .t = tl});
                    ppush(&s, (pitem){.what = W_TEXT, .text = ","});
                } else {
                    ppush(&s, (pitem){.what = W_TERM, .t = tl});
                    ppush(&s, (pitem){.what = W_TEXT, .text = "|"});
                }
            }
            t = list_head(it.t);
            break;
        }
        default:
            t = it.t;
            break;
        }
        if (term_is_nil(t)) {
            puts_(o, "[]");
        } else if (term_is_atom(t)) {
            put_atom(o, t);
        } else if (term_is_small(t)) {
            put_i64(o, small_value(t));
        } else if (term_is_big(t)) {
            char sbuf[64];
            size_t need = int_chars_bound(t, 10);
            char *b = need <= sizeof sbuf ? sbuf : alloc_new(ALLOC_TEMP, need);
            put(o, b, int_to_chars(t, 10, b));
            if (b != sbuf)
                alloc_free(ALLOC_TEMP, b, need);
        } else if (term_is_float(t)) {
            char fbuf[64];
            put(o, fbuf, (size_t)snprintf(fbuf, sizeof fbuf, "%e", float_value(t)));
        } else if (term_is_list(t)) {
            if (printable_string(t)) {
                putc_(o, '"');
                for (term_t l = t; term_is_list(l) && !full(o); l = list_tail(l)) {
                    char c = (char)small_value(list_head(l));
                    if (c == '\n')
                        puts_(o, "\\n");
                    else {
                        if (c == '"')
                            putc_(o, '\\');
                        putc_(o, c);
                    }
                }
                putc_(o, '"');
            } else {
                putc_(o, '[');
                ppush(&s, (pitem){.what = W_TEXT, .text = "]"});
                ppush(&s, (pitem){.what = W_CONS, .t = t});
            }
        } else if (term_is_tuple(t)) {
            putc_(o, '{');
            ppush(&s, (pitem){.what = W_TEXT, .text = "}"});
            if (tuple_arity(t))
                ppush(&s, (pitem){.what = W_ELEMS, .p = tuple_elems(t), .n = tuple_arity(t)});
        } else if (term_is_map(t)) {
            puts_(o, "#{");
            ppush(&s, (pitem){.what = W_TEXT, .text = "}"});
            uint64_t n = map_size(t);
            if (n) {
                const term_t *ks, *vs;
                if (map_is_flat(t)) {
                    ks = tuple_elems(flatmap_keys(t));
                    vs = flatmap_values(t);
                } else { /* OTP prints its trie's nodes; we print the pairs */
                    if (!tmp_used)
                        heap_init(&tmp, ALLOC_TEMP);
                    tmp_used = true;
                    term_t *k = heap_alloc(&tmp, n), *v = heap_alloc(&tmp, n);
                    map_sorted_pairs(t, k, v);
                    ks = k;
                    vs = v;
                }
                ppush(&s, (pitem){.what = W_PAIRS, .p = ks, .q = vs, .n = n});
            }
        } else if (term_is_bitstring(t)) {
            put_binary(o, t);
        } else {
            put_identity(o, t);
        }
    }
    if (s.v)
        alloc_free(ALLOC_TEMP, s.v, s.cap * sizeof *s.v);
    if (tmp_used)
        heap_destroy(&tmp);
}

size_t ms_format_erts(char *buf, size_t cap, term_t t)
{
    if (cap == 0)
        return 0;
    pbuf o = {{0}, cap - 1};
    print_term(&o, t);
    memcpy(buf, o.b.p, o.b.n);
    buf[o.b.n] = '\0';
    size_t n = o.b.n;
    alloc_buf_free(&o.b);
    return n;
}

void ms_format_erts_all(alloc_buf *out, term_t t)
{
    pbuf o = {*out, SIZE_MAX};
    print_term(&o, t);
    *out = o.b;
}

/* ---- match_spec_test's hooks ------------------------------------------------------------ */

/* The flags {enable_trace, F} and erlang:trace/3's lists accept (OTP 25's
 * erts_trace_flag2bit: cpu_timestamp is no such flag). */
static const char *const trace_flag_names[] = {
    "all",
    "send",
    "receive",
    "set_on_spawn",
    "procs",
    "ports",
    "call",
    "arity",
    "return_to",
    "running",
    "exiting",
    "running_procs",
    "running_ports",
    "garbage_collection",
    "timestamp",
    "monotonic_timestamp",
    "strict_monotonic_timestamp",
    "set_on_first_spawn",
    "set_on_link",
    "set_on_first_link",
    "silent",
};

static bool trace_flag(term_t t)
{
    if (!term_is_atom(t))
        return false;
    size_t n;
    const char *s = atom_text(t, &n);
    for (size_t i = 0; i < sizeof trace_flag_names / sizeof trace_flag_names[0]; i++)
        if (strlen(trace_flag_names[i]) == n && !memcmp(trace_flag_names[i], s, n))
            return true;
    return false;
}

/* A process a trace action names: a live local pid or a registered name. */
static bool live_target(term_t t)
{
    if (term_is_local_pid(t))
        return proc_lookup(t) != NULL;
    if (term_is_atom(t))
        return proc_whereis(t) != NIL;
    return false;
}

static term_t test_enable_trace(ms_ctx *ctx, term_t target, term_t flag, bool enable)
{
    if (!trace_flag(flag))
        return THE_NON_VALUE;
    if (target != THE_NON_VALUE && target != ctx->self && !live_target(target))
        return THE_NON_VALUE;
    return ATOM_true;
}

/* Reads a flag list of {trace, D, E}: every element a flag or {tracer,
 * T}; *tracer set when one is given. */
static bool trace_list(term_t l, bool *tracer, bool *flags)
{
    static _Atomic term_t tracer_atom;
    term_t ta = atom_cached(&tracer_atom, "tracer");
    for (; term_is_list(l); l = list_tail(l)) {
        term_t e = list_head(l);
        if (term_is_tuple(e) && tuple_arity(e) >= 2 && tuple_arity(e) <= 3 && tuple_elems(e)[0] == ta) {
            term_t tr = tuple_elems(e)[1];
            if (tuple_arity(e) == 2 ? !(term_is_local_pid(tr) || term_is_local_port(tr)) : !term_is_atom(tr))
                return false;
            *tracer = true;
        } else if (trace_flag(e)) {
            *flags = true;
        } else {
            return false;
        }
    }
    return l == NIL;
}

static term_t test_trace(ms_ctx *ctx, term_t target, term_t disable, term_t enable)
{
    bool tracer = false, dflags = false, eflags = false;
    if (!trace_list(disable, &tracer, &dflags) || !trace_list(enable, &tracer, &eflags))
        return THE_NON_VALUE;
    if (target != THE_NON_VALUE && target != ctx->self && !live_target(target))
        return THE_NON_VALUE;
    /* an untraced process: only a tracer with flags to enable changes it */
    return tracer && eflags ? ATOM_true : ATOM_false;
}

static term_t test_get_tcw(ms_ctx *ctx) { return term_int64(ctx->heap, ms_tcw_get()); }

/* OTP's match_spec_test runs set_tcw "fake": the current word, unchanged. */
static term_t test_set_tcw(ms_ctx *ctx, uint32_t tcw) { return term_int64(ctx->heap, ms_tcw_get()); }

static void test_display(ms_ctx *ctx, term_t t)
{
    alloc_buf b = {0};
    ms_format_erts_all(&b, t);
    alloc_buf_put(&b, "\n", 1);
    vm_write(VM_STDOUT, b.p, b.n);
    alloc_buf_free(&b);
}

static term_t test_process_dump(ms_ctx *ctx)
{
    char text[96];
    int n = snprintf(text, sizeof text, "=proc:<0.%u.%u>\nState: Running\n",
                     term_is_local_pid(ctx->self) ? pid_number(ctx->self) : 0,
                     term_is_local_pid(ctx->self) ? pid_serial(ctx->self) : 0);
    return bin_new(ctx->heap, (const uint8_t *)text, (size_t)n);
}

static bool test_is_seq_trace(ms_ctx *ctx) { return false; }
static term_t test_get_seq_token(ms_ctx *ctx) { return NIL; }

/* OTP's fake set_seq_token: what seq_trace:get_token(Key) gives with no
 * token: [] for label and serial, {Key, false} for a flag, else badarg. */
static term_t test_set_seq_token(ms_ctx *ctx, term_t key, term_t value)
{
    static const char *const flag_keys[] = {
        "send", "receive", "print", "timestamp", "monotonic_timestamp", "strict_monotonic_timestamp", "spawn",
    };
    if (!term_is_atom(key))
        return THE_NON_VALUE;
    size_t n;
    const char *s = atom_text(key, &n);
    if ((n == 5 && !memcmp(s, "label", 5)) || (n == 6 && !memcmp(s, "serial", 6)))
        return NIL;
    for (size_t i = 0; i < sizeof flag_keys / sizeof flag_keys[0]; i++)
        if (strlen(flag_keys[i]) == n && !memcmp(flag_keys[i], s, n))
            return term_tuple2(ctx->heap, key, ATOM_false);
    return THE_NON_VALUE;
}

const ms_hooks ms_test_hooks = {
    .enable_trace = test_enable_trace,
    .trace = test_trace,
    .get_tcw = test_get_tcw,
    .set_tcw = test_set_tcw,
    .display = test_display,
    .process_dump = test_process_dump,
    .is_seq_trace = test_is_seq_trace,
    .get_seq_token = test_get_seq_token,
    .set_seq_token = test_set_seq_token,
};

/* ---- erlang:match_spec_test/3 --------------------------------------------------------------- */

/* {ok, Result, Flags, Warnings} | {error, Errors}; badarg for a Kind that
 * is neither trace nor table, or trace with a Term that is not a list.
 * The arguments of a trace run are the list's elements (an improper
 * tail is ignored, as OTP ignores it). */
term_t ms_bif_match_spec_test_3(process *p, const term_t *args)
{
    static _Atomic term_t trace_atom, table_atom, return_trace_atom, exception_trace_atom, error_atom;
    term_t kind = args[2];
    bool trace = kind == atom_cached(&trace_atom, "trace");
    if (!trace && kind != atom_cached(&table_atom, "table"))
        return BIF_BADARG(p);
    if (trace && !term_is_cons_or_nil(args[0]))
        return BIF_BADARG(p);
    heap_t *h = &p->heap;
    term_t errors;
    ms_prog *prog = ms_compile(args[1], trace ? MS_CALL : MS_TABLE, h, &errors, NULL);
    if (!prog)
        return term_tuple2(h, atom_cached(&error_atom, "error"), errors);

    ms_ctx ctx = {
        .heap = h,
        .self = p->pid,
        .caller = ATOM_undefined,
        .caller_line = ATOM_undefined,
        .hooks = &ms_test_hooks,
    };
    ms_result r;
    bool matched;
    if (trace) {
        unsigned n = 0;
        for (term_t l = args[0]; term_is_list(l); l = list_tail(l))
            n++;
        term_t small[16];
        term_t *v = n <= 16 ? small : alloc_new(ALLOC_TEMP, n * sizeof *v);
        unsigned i = 0;
        for (term_t l = args[0]; term_is_list(l); l = list_tail(l))
            v[i++] = list_head(l);
        matched = ms_run_trace(prog, &ctx, v, n, &r);
        if (v != small)
            alloc_free(ALLOC_TEMP, v, n * sizeof *v);
    } else {
        matched = ms_run_table(prog, &ctx, args[0], &r);
    }
    term_t result = ATOM_false, flags = NIL;
    if (matched) {
        result = copy_term(h, r.message); /* it may point into the program */
        if (r.flags & MS_EXCEPTION_TRACE)
            flags = term_cons(h, atom_cached(&exception_trace_atom, "exception_trace"), flags);
        if (r.flags & MS_RETURN_TRACE)
            flags = term_cons(h, atom_cached(&return_trace_atom, "return_trace"), flags);
    }
    ms_free(prog);
    term_t tup[4] = {ATOM_ok, result, flags, NIL};
    return term_tuple(h, 4, tup);
}
