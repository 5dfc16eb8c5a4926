/* tracejson.c: one JSON object per trace event (`--json`), for programs
 * that read a trace: the event's parts as ~w texts under fixed keys, and
 * dbg's line for it (fmt_trace_line) beside them. The schema and its rules
 * are docs/internals/tracejson.md. */
#include "format/format.h"

/* Atoms not in atoms.def (atom_cached). */
static _Atomic term_t slot_trace_ts, slot_seq_trace, slot_send, slot_print;
#if DBGSH_DEBUG
static _Atomic term_t slot_drop;
#define ATOM_DROP atom_cached(&slot_drop, "drop")
#endif
#define ATOM_TRACE_TS atom_cached(&slot_trace_ts, "trace_ts")
#define ATOM_SEQ_TRACE atom_cached(&slot_seq_trace, "seq_trace")
#define ATOM_SEND atom_cached(&slot_send, "send")
#define ATOM_PRINT atom_cached(&slot_print, "print")

/* ---- JSON strings ------------------------------------------------------------------ */

/* True when s[0..n) can stand in a JSON string as it is: valid UTF-8 with
 * no '"', '\\' or control character (below 0x20). */
static bool is_json_clean(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        unsigned c = *p;
        if (c < 0x80) {
            if (c < 0x20 || c == '"' || c == '\\')
                return false;
            p++;
            continue;
        }
        uint32_t cp;
        size_t len = unicode_decode_utf8_strict(p, (size_t)(end - p), &cp);
        if (!len)
            return false;
        p += len;
    }
    return true;
}

static const char HEX[] = "0123456789abcdef";

/* Bytes of source text appended per room check (each takes at most 6). */
#define ESCAPE_CHUNK 1024

/* Appends, JSON-escaped, the bytes [from, to) of b's own text (before
 * b->len): '"' and '\\' with a backslash, \b \f \n \r \t as such, other
 * control characters as \u00XX, valid UTF-8 as it is, and a byte that
 * starts no valid UTF-8 sequence as the latin1 character it would be. */
static void append_escaped(fmt_buf *b, size_t from, size_t to)
{
    while (from < to) {
        size_t chunk = to - from < ESCAPE_CHUNK ? to - from : ESCAPE_CHUNK;
        /* a sequence starting in the chunk may end up to 3 bytes after it */
        char *p = fmt_buf_reserve(b, 6 * (chunk + 3)), *start = p;
        const unsigned char *s = (const unsigned char *)b->data + from;
        const unsigned char *end = s + chunk, *limit = (const unsigned char *)b->data + to;
        while (s < end) {
            unsigned c = *s;
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                *p++ = (char)c;
                s++;
                continue;
            }
            if (c < 0x80) {
                *p++ = '\\';
                switch (c) {
                case '"': *p++ = '"'; break;
                case '\\': *p++ = '\\'; break;
                case '\b': *p++ = 'b'; break;
                case '\f': *p++ = 'f'; break;
                case '\n': *p++ = 'n'; break;
                case '\r': *p++ = 'r'; break;
                case '\t': *p++ = 't'; break;
                default:
                    memcpy(p, "u00", 3);
                    p[3] = HEX[c >> 4];
                    p[4] = HEX[c & 0xF];
                    p += 5;
                }
                s++;
                continue;
            }
            uint32_t cp;
            size_t len = unicode_decode_utf8_strict(s, (size_t)(limit - s), &cp);
            if (len) {
                memcpy(p, s, len);
                p += len;
                s += len;
            } else {
                p += unicode_encode_utf8(c, p);
                s++;
            }
        }
        from = (size_t)((const char *)s - b->data);
        b->len += (size_t)(p - start);
    }
    b->data[b->len] = '\0';
}

/* Makes the raw text b holds from `from` on a JSON string body, in place. */
static void escape_tail(fmt_buf *b, size_t from)
{
    size_t to = b->len;
    if (is_json_clean(b->data + from, to - from))
        return;
    append_escaped(b, from, to);
    size_t n = b->len - to;
    memmove(b->data + from, b->data + to, n);
    b->len = from + n;
    b->data[b->len] = '\0';
}

/* ---- one object ---------------------------------------------------------------------- */

typedef struct json {
    fmt_buf *b;
    bool unicode; /* ~tw rather than ~w */
    bool first;   /* no key written yet */
} json;

/* `"key":` after "{" or ",". Keys are plain ASCII. */
static void put_key(json *j, const char *key)
{
    fmt_buf_put(j->b, j->first ? "{\"" : ",\"", 2);
    j->first = false;
    fmt_buf_put(j->b, key, strlen(key));
    fmt_buf_put(j->b, "\":", 2);
}

/* A JSON string holding the ~w (~tw) text of t. */
static void put_term_value(json *j, term_t t)
{
    fmt_buf_putc(j->b, '"');
    size_t from = j->b->len;
    fmt_write(j->b, t, -1, j->unicode);
    escape_tail(j->b, from);
    fmt_buf_putc(j->b, '"');
}

static void put_field(json *j, const char *key, term_t t)
{
    put_key(j, key);
    put_term_value(j, t);
}

/* A JSON array of the ~w texts of the elements of proper list l. */
static void put_list_field(json *j, const char *key, term_t l)
{
    put_key(j, key);
    fmt_buf_putc(j->b, '[');
    for (; term_is_list(l); l = list_tail(l)) {
        put_term_value(j, list_head(l));
        if (term_is_list(list_tail(l)))
            fmt_buf_putc(j->b, ',');
    }
    fmt_buf_putc(j->b, ']');
}

/* "event": an atom's name as it is (no quotes), any other tag's ~w text. */
static void put_event(json *j, term_t tag)
{
    put_key(j, "event");
    if (!term_is_atom(tag)) {
        put_term_value(j, tag);
        return;
    }
    size_t n;
    const char *s = atom_text(tag, &n);
    fmt_buf_putc(j->b, '"');
    size_t from = j->b->len;
    fmt_buf_put(j->b, s, n);
    escape_tail(j->b, from);
    fmt_buf_putc(j->b, '"');
}

/* "ts": fmt_trace_iso_time's text when asked for and it applies, else ~w. */
static void put_ts(json *j, term_t ts, const fmt_trace_opts *o)
{
    char iso[FMT_ISO_TIME_MAX];
    size_t n = o->iso_clock ? fmt_trace_iso_time(ts, iso) : 0;
    if (!n) {
        put_field(j, "ts", ts);
        return;
    }
    put_key(j, "ts");
    fmt_buf_putc(j->b, '"');
    fmt_buf_put(j->b, iso, n);
    fmt_buf_putc(j->b, '"');
}

/* ---- trace and trace_ts events --------------------------------------------------------- */

/* How an event's elements 4.. become keys: each family has one shape, the
 * shape of OTP's trace messages with that tag; a message of another shape
 * is written as "data". */
typedef enum family {
    FAM_DATA,           /* "data": [E4, E5, ...] */
    FAM_CALL,           /* {M,F,Args} or {M,F,Arity} [, Extra] */
    FAM_RETURN_FROM,    /* {M,F,Arity}, Value */
    FAM_EXCEPTION_FROM, /* {M,F,Arity}, {Class, Reason} */
    FAM_RETURN_TO,      /* {M,F,Arity} */
    FAM_SEND,           /* Message, To */
    FAM_RECEIVE,        /* Message */
    FAM_SPAWN,          /* Pid, {M,F,Args} */
    FAM_EXIT,           /* Reason */
    FAM_LINK,           /* Pid or port */
    FAM_REGISTER,       /* Name */
    FAM_SCHED,          /* {M,F,Arity} or 0 */
    FAM_GC,             /* Info (any tag starting gc_) */
} family;

static const struct {
    const char *tag;
    family fam;
} FAMILIES[] = {
    {"call", FAM_CALL},
    {"return_from", FAM_RETURN_FROM},
    {"exception_from", FAM_EXCEPTION_FROM},
    {"return_to", FAM_RETURN_TO},
    {"send", FAM_SEND},
    {"send_to_non_existing_process", FAM_SEND},
    {"receive", FAM_RECEIVE},
    {"spawn", FAM_SPAWN},
    {"spawned", FAM_SPAWN},
    {"exit", FAM_EXIT},
    {"link", FAM_LINK},
    {"unlink", FAM_LINK},
    {"getting_linked", FAM_LINK},
    {"getting_unlinked", FAM_LINK},
    {"register", FAM_REGISTER},
    {"unregister", FAM_REGISTER},
    {"in", FAM_SCHED},
    {"out", FAM_SCHED},
    {"in_exiting", FAM_SCHED},
    {"out_exiting", FAM_SCHED},
    {"out_exited", FAM_SCHED},
};

static family family_of(term_t tag)
{
    if (!term_is_atom(tag))
        return FAM_DATA;
    size_t n;
    const char *s = atom_text(tag, &n);
    if (n > 3 && !memcmp(s, "gc_", 3))
        return FAM_GC;
    for (size_t i = 0; i < sizeof FAMILIES / sizeof FAMILIES[0]; i++)
        if (strlen(FAMILIES[i].tag) == n && !memcmp(FAMILIES[i].tag, s, n))
            return FAMILIES[i].fam;
    return FAM_DATA;
}

/* What the third element of an {M,F,_} tuple is. */
typedef enum mfa_kind { MFA_NONE, MFA_ARGS, MFA_ARITY } mfa_kind;

static bool is_proper_list(term_t l)
{
    while (term_is_list(l))
        l = list_tail(l);
    return term_is_nil(l);
}

static mfa_kind mfa_kind_of(term_t t)
{
    if (!term_is_tuple(t) || tuple_arity(t) != 3)
        return MFA_NONE;
    term_t a = tuple_get(t, 2);
    if (term_is_integer(a))
        return MFA_ARITY;
    return is_proper_list(a) ? MFA_ARGS : MFA_NONE;
}

/* "module", "function" and "args" or "arity" of an {M,F,_} tuple. */
static void put_mfa(json *j, term_t mfa)
{
    put_field(j, "module", tuple_get(mfa, 0));
    put_field(j, "function", tuple_get(mfa, 1));
    if (mfa_kind_of(mfa) == MFA_ARGS)
        put_list_field(j, "args", tuple_get(mfa, 2));
    else
        put_field(j, "arity", tuple_get(mfa, 2));
}

/* True when elements 4..size (e[0..size-3)) have the family's shape. */
static bool has_shape(family fam, const term_t *e, uint64_t size)
{
    switch (fam) {
    case FAM_CALL:
        return (size == 4 || size == 5) && mfa_kind_of(e[0]) != MFA_NONE;
    case FAM_RETURN_FROM:
        return size == 5 && mfa_kind_of(e[0]) == MFA_ARITY;
    case FAM_EXCEPTION_FROM:
        return size == 5 && mfa_kind_of(e[0]) == MFA_ARITY && term_is_tuple(e[1]) && tuple_arity(e[1]) == 2;
    case FAM_RETURN_TO:
        return size == 4 && mfa_kind_of(e[0]) == MFA_ARITY;
    case FAM_SEND:
    case FAM_SPAWN:
        return size == 5 && (fam == FAM_SEND || mfa_kind_of(e[1]) == MFA_ARGS);
    case FAM_RECEIVE:
    case FAM_EXIT:
    case FAM_LINK:
    case FAM_REGISTER:
    case FAM_SCHED:
    case FAM_GC:
        return size == 4;
    case FAM_DATA:
        break;
    }
    return false;
}

/* The event's own fields from elements 4..size of msg. */
static void put_trace_fields(json *j, term_t msg, uint64_t size)
{
    const term_t *e = tuple_elems(msg) + 3; /* e[0] is element 4 */
    family fam = family_of(tuple_get(msg, 2));
    if (!has_shape(fam, e, size))
        fam = FAM_DATA;
    switch (fam) {
    case FAM_CALL:
        put_mfa(j, e[0]);
        if (size == 5)
            put_field(j, "extra", e[1]);
        break;
    case FAM_RETURN_FROM:
        put_mfa(j, e[0]);
        put_field(j, "value", e[1]);
        break;
    case FAM_EXCEPTION_FROM:
        put_mfa(j, e[0]);
        put_field(j, "class", tuple_get(e[1], 0));
        put_field(j, "reason", tuple_get(e[1], 1));
        break;
    case FAM_RETURN_TO:
        put_mfa(j, e[0]);
        break;
    case FAM_SEND:
        put_field(j, "message", e[0]);
        put_field(j, "to", e[1]);
        break;
    case FAM_RECEIVE:
        put_field(j, "message", e[0]);
        break;
    case FAM_SPAWN:
        put_field(j, "other", e[0]);
        put_mfa(j, e[1]);
        break;
    case FAM_EXIT:
        put_field(j, "reason", e[0]);
        break;
    case FAM_LINK:
        put_field(j, "other", e[0]);
        break;
    case FAM_REGISTER:
        put_field(j, "name", e[0]);
        break;
    case FAM_SCHED:
        put_field(j, "mfa", e[0]);
        break;
    case FAM_GC:
        put_field(j, "info", e[0]);
        break;
    case FAM_DATA:
        put_key(j, "data");
        fmt_buf_putc(j->b, '[');
        for (uint64_t i = 4; i <= size; i++) {
            if (i > 4)
                fmt_buf_putc(j->b, ',');
            put_term_value(j, e[i - 4]);
        }
        fmt_buf_putc(j->b, ']');
        break;
    }
}

/* ---- seq_trace and drop ------------------------------------------------------------------ */

/* {seq_trace, Label, Info} or {seq_trace, Label, Info, Ts}: "label", then
 * Info's parts for the send, 'receive' and print forms, else "info". */
static void put_seq_trace_fields(json *j, term_t msg)
{
    put_field(j, "label", tuple_get(msg, 1));
    term_t info = tuple_get(msg, 2);
    const char *kind = NULL;
    if (term_is_tuple(info) && tuple_arity(info) == 5) {
        term_t k = tuple_get(info, 0);
        kind = k == ATOM_SEND ? "send" : k == ATOM_receive_ ? "receive" : k == ATOM_PRINT ? "print" : NULL;
    }
    if (!kind) {
        put_field(j, "info", info);
        return;
    }
    put_key(j, "kind");
    fmt_buf_putc(j->b, '"');
    fmt_buf_put(j->b, kind, strlen(kind));
    fmt_buf_putc(j->b, '"');
    put_field(j, "serial", tuple_get(info, 1));
    put_field(j, "from", tuple_get(info, 2));
    if (kind[0] == 'p') { /* {print, Serial, From, _, Info} */
        put_field(j, "info", tuple_get(info, 4));
    } else { /* {send | 'receive', Serial, From, To, Message} */
        put_field(j, "to", tuple_get(info, 3));
        put_field(j, "message", tuple_get(info, 4));
    }
}

/* ---- the entry point ---------------------------------------------------------------------- */

fmt_trace_result fmt_trace_json(fmt_buf *out, term_t msg, const fmt_trace_opts *opts)
{
    size_t start = out->len;
    /* dbg's line first: it decides whether there is an event at all, and
     * on a failure it leaves `out` as it was. The object is built after
     * the line, then moved down over it. */
    fmt_trace_result r = fmt_trace_line(out, msg, opts);
    if (r != FMT_TRACE_OK || out->len == start)
        return r;
    size_t text_end = out->len;
    ASSERT(text_end > start && out->data[text_end - 1] == '\n');

    json j = {.b = out, .unicode = opts->unicode, .first = true};
    if (opts->json_session) {
        put_key(&j, "session");
        fmt_buf_putc(out, '"');
        size_t from = out->len;
        fmt_buf_put(out, opts->json_session, strlen(opts->json_session));
        escape_tail(out, from);
        fmt_buf_putc(out, '"');
    }
    uint64_t n = tuple_arity(msg);
    term_t kind = tuple_get(msg, 0);
    if (kind == ATOM_trace || kind == ATOM_TRACE_TS) {
        /* {trace, Pid, Tag, E4, ...} or {trace_ts, Pid, Tag, E4, ..., Ts} */
        uint64_t size = kind == ATOM_trace ? n : n - 1;
        put_event(&j, tuple_get(msg, 2));
        put_field(&j, "pid", tuple_get(msg, 1));
        if (kind == ATOM_TRACE_TS)
            put_ts(&j, tuple_get(msg, n - 1), opts);
        put_trace_fields(&j, msg, size);
    } else if (kind == ATOM_SEQ_TRACE) {
        put_key(&j, "event");
        fmt_buf_put(out, "\"seq_trace\"", 11);
        if (n == 4)
            put_ts(&j, tuple_get(msg, 3), opts);
        put_seq_trace_fields(&j, msg);
    } else { /* {drop, N} */
        ASSERT(kind == ATOM_DROP && n == 2);
        put_key(&j, "event");
        fmt_buf_put(out, "\"drop\"", 6);
        put_field(&j, "count", tuple_get(msg, 1));
    }
    put_key(&j, "text");
    fmt_buf_putc(out, '"');
    append_escaped(out, start, text_end - 1);
    fmt_buf_put(out, "\"}\n", 3);

    size_t len = out->len - text_end;
    memmove(out->data + start, out->data + text_end, len);
    out->len = start + len;
    out->data[out->len] = '\0';
    return FMT_TRACE_OK;
}
