/* traceline.c: the text OTP 25's dbg:dhandler/2 writes for a trace message,
 * layout for layout (timestamps optionally as ISO 8601 UTC text, which dbg
 * does not have), and the dbgsh_trace:format_line BIFs over it. Each
 * io:format or io_lib:format call dbg makes is one `fcall` here: its ~p
 * directives start at the column its own text has reached, so an argument
 * list that dbg formats argument by argument wraps as in erl. */
#include "format/format.h"

#include <limits.h>

/* Atoms not in atoms.def (atom_cached). */
static _Atomic term_t slot_trace_ts, slot_seq_trace, slot_drop, slot_send, slot_return, slot_return_from,
    slot_return_to, slot_dbg, slot_print, slot_latin1, slot_unicode, slot_utf8;
#define ATOM_TRACE_TS atom_cached(&slot_trace_ts, "trace_ts")
#define ATOM_SEQ_TRACE atom_cached(&slot_seq_trace, "seq_trace")
#define ATOM_DROP atom_cached(&slot_drop, "drop")
#define ATOM_SEND atom_cached(&slot_send, "send")
#define ATOM_RETURN atom_cached(&slot_return, "return")
#define ATOM_RETURN_FROM atom_cached(&slot_return_from, "return_from")
#define ATOM_RETURN_TO atom_cached(&slot_return_to, "return_to")
#define ATOM_DBG atom_cached(&slot_dbg, "dbg")
#define ATOM_PRINT atom_cached(&slot_print, "print")
#define ATOM_LATIN1 atom_cached(&slot_latin1, "latin1")
#define ATOM_UNICODE atom_cached(&slot_unicode, "unicode")
#define ATOM_UTF8 atom_cached(&slot_utf8, "utf8")

/* ---- one io_lib:format call ------------------------------------------------ */

/* The output of one format call so far: where its ~p directives start. */
typedef struct fcall {
    fmt_buf *b;
    const fmt_trace_opts *o;
    size_t scanned; /* output up to here is counted in col */
    int64_t col;    /* io_lib_format's indentation at `scanned` */
} fcall;

static fcall begin_call(fmt_buf *b, const fmt_trace_opts *o)
{
    return (fcall){.b = b, .o = o, .scanned = b->len, .col = 0};
}

/* io_lib_format's indentation of the call's output so far: characters
 * since the last newline, a tab to the next multiple of 8. */
static int64_t column_of(fcall *c)
{
    for (size_t i = c->scanned; i < c->b->len; i++) {
        unsigned char ch = (unsigned char)c->b->data[i];
        if (ch == '\n')
            c->col = 0;
        else if (ch == '\t')
            c->col = (c->col + 8) / 8 * 8;
        else if ((ch & 0xC0) != 0x80) /* a UTF-8 lead byte: one character */
            c->col++;
    }
    c->scanned = c->b->len;
    return c->col;
}

static void put_text(fcall *c, const char *s) { fmt_buf_put(c->b, s, strlen(s)); }

/* ~p, or ~Mp (dbg's Modifier: ~tp on a unicode device) when `modified`,
 * starting at the call's column. */
static void put_term(fcall *c, term_t t, bool modified)
{
    fmt_pretty_opts po;
    fmt_pretty_opts_init(&po);
    int64_t col = column_of(c) + 1;
    po.column = col > INT_MAX ? INT_MAX : (int)col;
    po.unicode = modified && c->o->unicode;
    po.unicode_range = c->o->unicode_range;
    fmt_pretty(c->b, t, &po);
}

/* ---- dbg's f* helpers: each io_lib:format call starts at column 0 ------------- */

/* fargs(Args, Modifier): "~Mp," for each argument but the last, "~Mp" for
 * the last; the tail of an improper list is printed as one more argument. */
static void put_args(fmt_buf *b, term_t l, const fmt_trace_opts *o)
{
    while (term_is_list(l)) {
        fcall c = begin_call(b, o);
        put_term(&c, list_head(l), true);
        l = list_tail(l);
        if (term_is_nil(l))
            return;
        fmt_buf_putc(b, ',');
    }
    if (!term_is_nil(l)) {
        fcall c = begin_call(b, o);
        put_term(&c, l, true);
    }
}

/* ffunc(MFA, Modifier): {M,F,Args} as M:F(A1,A2), {M,F,Arity} as
 * M:F/Arity (M and Arity with ~p, F with ~Mp), anything else as ~Mp. */
static void put_func(fmt_buf *b, term_t x, const fmt_trace_opts *o)
{
    fcall c = begin_call(b, o);
    if (!term_is_tuple(x) || tuple_arity(x) != 3) {
        put_term(&c, x, true);
        return;
    }
    term_t args = tuple_get(x, 2);
    put_term(&c, tuple_get(x, 0), false);
    put_text(&c, ":");
    put_term(&c, tuple_get(x, 1), true);
    if (term_is_cons_or_nil(args)) {
        put_text(&c, "(");
        put_args(b, args, o);
        put_text(&c, ")");
    } else {
        put_text(&c, "/");
        put_term(&c, args, false);
    }
}

/* ftup(Trace, 4, Size, Modifier): elements 4..size (1-based) with ~Mp,
 * a space after each but the last. */
static void put_elements(fmt_buf *b, term_t msg, uint64_t size, const fmt_trace_opts *o)
{
    for (uint64_t i = 4; i <= size; i++) {
        fcall c = begin_call(b, o);
        put_term(&c, tuple_get(msg, i - 1), true);
        if (i < size)
            fmt_buf_putc(b, ' ');
    }
}

/* ---- the ISO clock (not dbg's) ------------------------------------------------------ */

/* 9999-12-31T23:59:59Z in seconds since the epoch: the last second
 * calendar:system_time_to_rfc3339/2 accepts. */
#define LAST_ISO_SECOND INT64_C(253402300799)

/* The proleptic Gregorian date `days` days after 1970-01-01 (days >= 0).
 * Counts in eras of 400 years (146097 days) starting on a 1 March, so that
 * the leap day ends a year: the day of the era gives the year of the era,
 * the day of that year a month of 153/5 days on average from March. */
static void date_of_days(int64_t days, int64_t *year, unsigned *month, unsigned *day)
{
    days += 719468; /* 0000-03-01 to 1970-01-01 */
    int64_t era = days / 146097;
    unsigned doe = (unsigned)(days - era * 146097);                       /* 0..146096 */
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; /* 0..399 */
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);               /* 0..365 */
    unsigned mp = (5 * doy + 2) / 153;                                    /* 0 = March */
    *day = doy - (153 * mp + 2) / 5 + 1;
    *month = mp < 10 ? mp + 3 : mp - 9;
    *year = era * 400 + yoe + (*month <= 2);
}

/* v (< 10^width) in `width` decimal digits with leading zeros at p. */
static char *put_digits(char *p, uint64_t v, int width)
{
    for (int i = width - 1; i >= 0; i--, v /= 10)
        p[i] = (char)('0' + v % 10);
    return p + width;
}

/* The value of a small integer term in 0..max into *v; false otherwise
 * (bignums are all out of range). */
static bool get_part(term_t t, int64_t max, int64_t *v)
{
    if (!term_is_small(t) || small_value(t) < 0 || small_value(t) > max)
        return false;
    *v = small_value(t);
    return true;
}

size_t fmt_trace_iso_time(term_t ts, char *out)
{
    int64_t mega, sec, micro;
    if (!term_is_tuple(ts) || tuple_arity(ts) != 3 ||
        !get_part(tuple_get(ts, 0), LAST_ISO_SECOND / 1000000, &mega) ||
        !get_part(tuple_get(ts, 1), 999999, &sec) || !get_part(tuple_get(ts, 2), 999999, &micro))
        return 0;
    int64_t t = mega * 1000000 + sec;
    if (t > LAST_ISO_SECOND)
        return 0;
    int64_t year;
    unsigned month, day;
    date_of_days(t / 86400, &year, &month, &day);
    unsigned s = (unsigned)(t % 86400);
    char *p = out;
    p = put_digits(p, (uint64_t)year, 4);
    *p++ = '-';
    p = put_digits(p, month, 2);
    *p++ = '-';
    p = put_digits(p, day, 2);
    *p++ = 'T';
    p = put_digits(p, s / 3600, 2);
    *p++ = ':';
    p = put_digits(p, s / 60 % 60, 2);
    *p++ = ':';
    p = put_digits(p, s % 60, 2);
    *p++ = '.';
    p = put_digits(p, (uint64_t)micro, 6);
    *p++ = 'Z';
    *p = '\0';
    return (size_t)(p - out);
}

/* A timestamp: ~p as dbg prints it, or the ISO text when the options ask
 * for it and it applies. */
static void put_timestamp(fcall *c, term_t ts)
{
    char iso[FMT_ISO_TIME_MAX];
    if (c->o->iso_clock && fmt_trace_iso_time(ts, iso))
        put_text(c, iso);
    else
        put_term(c, ts, false);
}

/* ---- dhandler1: trace and trace_ts messages -------------------------------------- */

static bool is_dbg_ok(term_t t)
{
    return term_is_tuple(t) && tuple_arity(t) == 2 && tuple_get(t, 0) == ATOM_DBG &&
           tuple_get(t, 1) == ATOM_ok;
}

/* {trace, Pid, Tag, ...} (ts is THE_NON_VALUE) or {trace_ts, Pid, Tag, ...,
 * Ts}; `size` counts the elements before Ts. dbg reads element(K) of the
 * whole message, so a missing one is badarg even where `size` would allow
 * it; every read is checked before anything is written. */
static fmt_trace_result put_trace(fmt_buf *b, term_t msg, uint64_t size, term_t ts, const fmt_trace_opts *o)
{
    uint64_t n = tuple_arity(msg);
    term_t tag = tuple_get(msg, 2);
#define ELEM(k) tuple_get(msg, (k)-1)
    fcall c = begin_call(b, o);
    /* what dbg's handler reads before it writes anything: too few elements
     * fail it (badarg), a receive of {dbg, ok} is not printed */
    if (tag == ATOM_receive_ || tag == ATOM_call || tag == ATOM_RETURN || tag == ATOM_RETURN_TO) {
        if (n < 4)
            return FMT_TRACE_BADARG;
    } else if (tag == ATOM_SEND || tag == ATOM_RETURN_FROM) {
        if (n < 5)
            return FMT_TRACE_BADARG;
    } else if (!(tag == ATOM_spawn && size == 5) && size < 4) {
        /* "(Pid) Tag E4 E5 ...": ftup reads past the end */
        return FMT_TRACE_BADARG;
    }
    if (tag == ATOM_receive_ && is_dbg_ok(ELEM(4)))
        return FMT_TRACE_OK;
    put_text(&c, "(");
    put_term(&c, ELEM(2), false);
    put_text(&c, ") ");
    if (tag == ATOM_receive_) {
        put_text(&c, "<< ");
        put_term(&c, ELEM(4), true);
    } else if (tag == ATOM_SEND) {
        put_term(&c, ELEM(5), false);
        put_text(&c, " ! ");
        put_term(&c, ELEM(4), true);
    } else if (tag == ATOM_call || tag == ATOM_RETURN) {
        /* return: the old return_from of OTP R5, which dbg still prints */
        put_text(&c, tag == ATOM_call ? "call " : "old_ret ");
        put_func(b, ELEM(4), o);
        if (size == 5) {
            put_text(&c, tag == ATOM_call ? " (" : " -> ");
            put_term(&c, ELEM(5), true);
            if (tag == ATOM_call)
                put_text(&c, ")");
        }
    } else if (tag == ATOM_RETURN_FROM) {
        put_text(&c, "returned from ");
        put_func(b, ELEM(4), o);
        put_text(&c, " -> ");
        put_term(&c, ELEM(5), true);
    } else if (tag == ATOM_RETURN_TO) {
        put_text(&c, "returning to ");
        put_func(b, ELEM(4), o);
    } else if (tag == ATOM_spawn && size == 5) {
        put_text(&c, "spawn ");
        put_term(&c, ELEM(4), false);
        put_text(&c, " as ");
        put_func(b, ELEM(5), o);
    } else {
        put_term(&c, tag, false);
        put_text(&c, " ");
        put_elements(b, msg, size, o);
    }
#undef ELEM
    if (ts != THE_NON_VALUE) {
        put_text(&c, " (Timestamp: ");
        put_timestamp(&c, ts);
        put_text(&c, ")");
    }
    put_text(&c, "\n");
    return FMT_TRACE_OK;
}

/* ---- seq_trace and drop ------------------------------------------------------------ */

/* {seq_trace, Label, Info} or {seq_trace, Label, Info, Ts}: a header call,
 * then a call of its own for Info (its columns start at 0 again). */
static fmt_trace_result put_seq_trace(fmt_buf *b, term_t msg, const fmt_trace_opts *o)
{
    uint64_t n = tuple_arity(msg);
    if (n > 4)
        return FMT_TRACE_CASE_CLAUSE;
    fcall h = begin_call(b, o);
    if (n == 4) {
        put_text(&h, "SeqTrace ");
        put_timestamp(&h, tuple_get(msg, 3));
        put_text(&h, " [");
    } else {
        put_text(&h, "SeqTrace [");
    }
    put_term(&h, tuple_get(msg, 1), false);
    put_text(&h, "]: ");

    term_t info = tuple_get(msg, 2);
    term_t kind = term_is_tuple(info) && tuple_arity(info) == 5 ? tuple_get(info, 0) : THE_NON_VALUE;
    fcall c = begin_call(b, o);
#define INFO(k) tuple_get(info, (k)-1)
    if (kind == ATOM_SEND) { /* {send, Serial, From, To, Message} */
        put_text(&c, "(");
        put_term(&c, INFO(3), false);
        put_text(&c, ") ");
        put_term(&c, INFO(4), false);
        put_text(&c, " ! ");
        put_term(&c, INFO(5), true);
        put_text(&c, " [Serial: ");
        put_term(&c, INFO(2), false);
        put_text(&c, "]\n");
    } else if (kind == ATOM_receive_) { /* {'receive', Serial, From, To, Message} */
        put_text(&c, "(");
        put_term(&c, INFO(4), false);
        put_text(&c, ") << ");
        put_term(&c, INFO(5), true);
        put_text(&c, " [Serial: ");
        put_term(&c, INFO(2), false);
        put_text(&c, ", From: ");
        put_term(&c, INFO(3), false);
        put_text(&c, "]\n");
    } else if (kind == ATOM_PRINT) { /* {print, Serial, From, _, Info} */
        put_text(&c, "-> ");
        put_term(&c, INFO(5), true);
        put_text(&c, " [Serial: ");
        put_term(&c, INFO(2), false);
        put_text(&c, ", From: ");
        put_term(&c, INFO(3), false);
        put_text(&c, "]\n");
    } else {
        put_term(&c, info, true);
        put_text(&c, "\n");
    }
#undef INFO
    return FMT_TRACE_OK;
}

fmt_trace_result fmt_trace_line(fmt_buf *out, term_t msg, const fmt_trace_opts *opts)
{
    if (!term_is_tuple(msg) || tuple_arity(msg) == 0)
        return FMT_TRACE_OK; /* end_of_trace and other non-messages */
    uint64_t n = tuple_arity(msg);
    term_t tag = tuple_get(msg, 0);
    if (tag == ATOM_trace && n >= 3)
        return put_trace(out, msg, n, THE_NON_VALUE, opts);
    if (tag == ATOM_TRACE_TS && n >= 4)
        return put_trace(out, msg, n - 1, tuple_get(msg, n - 1), opts);
    if (tag == ATOM_DROP && n == 2) {
        fcall c = begin_call(out, opts);
        put_text(&c, "*** Dropped ");
        put_term(&c, tuple_get(msg, 1), false);
        put_text(&c, " messages.\n");
        return FMT_TRACE_OK;
    }
    if (tag == ATOM_SEQ_TRACE && n >= 3)
        return put_seq_trace(out, msg, opts);
    return FMT_TRACE_OK;
}

/* ---- the BIFs ----------------------------------------------------------------------- */

/* Per-thread text buffer: each scheduler formats into its own. */
static _Thread_local fmt_buf lbuf;

/* dbg's Modifier ("" or "t") or an encoding atom; false if neither. */
static bool modifier_of(term_t m, bool *unicode)
{
    if (term_is_nil(m) || m == ATOM_LATIN1) {
        *unicode = false;
        return true;
    }
    if (m == ATOM_UNICODE || m == ATOM_UTF8 ||
        (term_is_list(m) && list_head(m) == term_small('t') && term_is_nil(list_tail(m)))) {
        *unicode = true;
        return true;
    }
    return false;
}

static term_t format_line(process *p, term_t msg, bool unicode)
{
    fmt_trace_opts o = {.unicode = unicode, .unicode_range = false};
    fmt_buf_reset(&lbuf);
    switch (fmt_trace_line(&lbuf, msg, &o)) {
    case FMT_TRACE_OK:
        break;
    case FMT_TRACE_BADARG:
        return BIF_BADARG(p);
    case FMT_TRACE_CASE_CLAUSE: {
        term_t e[2] = {ATOM_case_clause, msg};
        return BIF_ERROR(p, term_tuple(&p->heap, 2, e));
    }
    }
    return bin_new(&p->heap, (const uint8_t *)lbuf.data, lbuf.len);
}

/* dbgsh_trace:format_line(Msg): the text for a latin1 device. */
static term_t dbgsh_trace_format_line_1(process *p, const term_t *a) { return format_line(p, a[0], false); }

/* dbgsh_trace:format_line(Msg, Modifier). */
static term_t dbgsh_trace_format_line_2(process *p, const term_t *a)
{
    bool unicode;
    if (!modifier_of(a[1], &unicode))
        return BIF_BADARG(p);
    return format_line(p, a[0], unicode);
}

static const bif_entry traceline_bifs[] = {
    {"dbgsh_trace", "format_line", 1, dbgsh_trace_format_line_1, 0},
    {"dbgsh_trace", "format_line", 2, dbgsh_trace_format_line_2, 0},
};

const bif_entry *fmt_traceline_bifs(size_t *n)
{
    *n = sizeof traceline_bifs / sizeof traceline_bifs[0];
    return traceline_bifs;
}
