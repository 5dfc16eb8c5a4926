/* write.c: ~w (io_lib:write/2) and the leaf printers ~p shares with it:
 * quoted atoms, integers, shortest round-trip floats in OTP 25's layout,
 * pids/ports/refs/funs as erlang:*_to_list print them, escaped strings and
 * binaries. The walk of ~w keeps its stack in scratch area 1. */
#include "format/write.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- UTF-8 ------------------------------------------------------------------ */

/* Decodes one code point of UTF-8 at s[0..n), n >= 1; sets *len to the
 * bytes it takes. Text here is produced by us or by the atom table, so it
 * is valid; a bad byte still decodes as itself, one byte long. */
static uint32_t decode_utf8(const unsigned char *s, size_t n, size_t *len)
{
    uint32_t c = s[0];
    if (c < 0x80 || n < 2) {
        *len = 1;
        return c;
    }
    if (c >= 0xC2 && c < 0xE0 && (s[1] & 0xC0) == 0x80) {
        *len = 2;
        return ((c & 0x1F) << 6) | (s[1] & 0x3F);
    }
    if (c >= 0xE0 && c < 0xF0 && n >= 3 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) {
        *len = 3;
        return ((c & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
    if (c >= 0xF0 && c < 0xF5 && n >= 4 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80 &&
        (s[3] & 0xC0) == 0x80) {
        *len = 4;
        return ((c & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) | ((uint32_t)(s[2] & 0x3F) << 6) |
               (s[3] & 0x3F);
    }
    *len = 1;
    return c;
}

static void put_str(fmt_buf *b, const char *s) { fmt_buf_put(b, s, strlen(s)); }

static void put_uint(fmt_buf *b, uint64_t v)
{
    char tmp[24];
    char *p = tmp + sizeof tmp;
    do
        *--p = (char)('0' + v % 10);
    while (v /= 10);
    fmt_buf_put(b, p, (size_t)(tmp + sizeof tmp - p));
}

static void put_int(fmt_buf *b, int64_t v)
{
    if (v < 0) {
        fmt_buf_putc(b, '-');
        put_uint(b, 0 - (uint64_t)v);
    } else {
        put_uint(b, (uint64_t)v);
    }
}

/* ---- atoms ------------------------------------------------------------------- */

/* erl_scan:reserved_word/1 of OTP 25 (no feature keywords enabled). */
static const struct {
    char w[8];
    unsigned char n;
} RESERVED[] = {
    {"after", 5}, {"begin", 5}, {"case", 4}, {"try", 3},  {"cond", 4}, {"catch", 5},   {"andalso", 7},
    {"orelse", 6}, {"end", 3},  {"fun", 3},  {"if", 2},   {"let", 3},  {"of", 2},      {"receive", 7},
    {"when", 4},  {"bnot", 4},  {"not", 3},  {"div", 3},  {"rem", 3},  {"band", 4},    {"and", 3},
    {"bor", 3},   {"bxor", 4},  {"bsl", 3},  {"bsr", 3},  {"or", 2},   {"xor", 3},
};

static bool is_reserved(const char *s, size_t n)
{
    if (n < 2 || n > 7)
        return false;
    for (size_t i = 0; i < sizeof RESERVED / sizeof RESERVED[0]; i++)
        if (RESERVED[i].n == n && RESERVED[i].w[0] == s[0] && memcmp(RESERVED[i].w, s, n) == 0)
            return true;
    return false;
}

/* io_lib's lower-case start: a-z, ß-ÿ minus ÷. */
static bool is_atom_start(uint32_t c) { return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7); }

/* io_lib's name_char/1. */
static bool is_name_char(uint32_t c)
{
    return is_atom_start(c) || (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) ||
           (c >= '0' && c <= '9') || c == '_' || c == '@';
}

bool fmt_atom_needs_quotes(term_t atom)
{
    size_t n;
    const unsigned char *s = (const unsigned char *)atom_text(atom, &n);
    if (n == 0 || is_reserved((const char *)s, n))
        return true;
    size_t len;
    if (!is_atom_start(decode_utf8(s, n, &len)))
        return true;
    for (size_t i = len; i < n; i += len) {
        uint32_t c = s[i];
        len = 1;
        if (c >= 0x80)
            c = decode_utf8(s + i, n - i, &len);
        if (!is_name_char(c))
            return true;
    }
    return false;
}

void fmt_put_atom(fmt_buf *b, term_t atom, bool unicode)
{
    size_t n;
    const char *s = atom_text(atom, &n);
    if (!fmt_atom_needs_quotes(atom)) {
        fmt_buf_put(b, s, n);
        return;
    }
    fmt_buf_putc(b, '\'');
    for (size_t i = 0, len; i < n; i += len)
        fmt_put_string_char(b, decode_utf8((const unsigned char *)s + i, n - i, &len), '\'', unicode);
    fmt_buf_putc(b, '\'');
}

/* ---- integers ------------------------------------------------------------------ */

void fmt_put_integer(fmt_buf *b, term_t i, unsigned base)
{
    if (term_is_small(i) && base == 10) {
        put_int(b, small_value(i));
        return;
    }
    char *p = fmt_buf_reserve(b, int_chars_bound(i, base));
    b->len += int_to_chars(i, base, p);
    b->data[b->len] = '\0';
}

/* ---- floats --------------------------------------------------------------------- */

static const double POW10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* True when n * 10^k, read as a decimal, is exactly d: n < 2^53 and the
 * power of ten exact, so one correctly rounded IEEE operation gives what
 * strtod would (Clinger's fast path). */
static bool decimal_is(uint64_t n, int k, double d)
{
    if (k < -22)
        return false;
    if (k < 0)
        return (double)n / POW10[-k] == d;
    if (k > 22) {
        /* Move the excess power into n while it stays exact. */
        while (k > 22 && n < (UINT64_C(1) << 53) / 10)
            n *= 10, k--;
        if (k > 22)
            return false;
    }
    return (double)n * POW10[k] == d;
}

/* Shortest digits for d > 0 when they are at most 15 and the scale is
 * small: m * 10^e. False when the fast path cannot decide. */
static bool shortest_fast(double d, uint64_t *m, int *e)
{
    int s = 14 - (int)floor(log10(d));
    if (s < -22 || s > 44)
        return false;
    double x = s < 0 ? d / POW10[-s] : s > 22 ? d * POW10[22] * POW10[s - 22] : d * POW10[s];
    if (!(x >= 0.5 && x < 1e15))
        return false;
    uint64_t n = (uint64_t)(x + 0.5);
    int k = -s;
    while (n % 10 == 0)
        n /= 10, k++;
    /* A decimal of at most 15 digits that reads back as d is the only one
     * of that length, so it is the shortest and the closest. */
    if (!decimal_is(n, k, d))
        return false;
    *m = n, *e = k;
    return true;
}

/* Digits and exponent of a "%e" rendering: m * 10^e. Skips whatever the
 * locale uses as decimal point. */
static void parse_e(const char *s, uint64_t *m, int *e)
{
    uint64_t v = 0;
    int frac = 0;
    bool point = false;
    for (; *s && *s != 'e'; s++) {
        if (*s >= '0' && *s <= '9') {
            v = v * 10 + (uint64_t)(*s - '0');
            frac += point;
        } else {
            point = true;
        }
    }
    int x = *s == 'e' ? atoi(s + 1) : 0;
    *m = v, *e = x - frac;
}

/* Adds one unit in the last digit of a "%e" rendering in place (buf has
 * room for one more char). */
static void bump_last_digit(char *buf)
{
    char *end = strchr(buf, 'e');
    char *p = end - 1;
    for (; p >= buf; p--) {
        if (*p < '0' || *p > '9')
            continue;
        if (*p != '9') {
            (*p)++;
            return;
        }
        *p = '0';
    }
    memmove(buf + 1, buf, strlen(buf) + 1);
    buf[0] = '1';
}

/* Shortest round-trip digits by trying 15, 16 and 17 significant digits,
 * correctly rounded by printf and checked by strtod (both in the same
 * locale). At a power of two the interval below d is half as wide, so a
 * candidate just above d may be the shortest when the nearest is not. */
static void shortest_slow(double d, uint64_t *m, int *e)
{
    char buf[48];
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    bool pow2 = (bits & ((UINT64_C(1) << 52) - 1)) == 0 && (bits >> 52) > 1;
    if ((bits >> 52) == 0) {
        /* Subnormal: fewer significant bits, so fewer digits may do and
         * more than one 15-digit decimal may read back. The nearest
         * p-digit decimal reads back for every p from the shortest up:
         * binary search for the shortest. */
        int lo = 1, hi = 17;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            snprintf(buf, sizeof buf, "%.*e", mid - 1, d);
            if (strtod(buf, NULL) == d)
                hi = mid;
            else
                lo = mid + 1;
        }
        snprintf(buf, sizeof buf, "%.*e", lo - 1, d);
        parse_e(buf, m, e);
        while (*m % 10 == 0 && *m != 0)
            *m /= 10, (*e)++;
        return;
    }
    for (int p = 15; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*e", p - 1, d);
        double r = strtod(buf, NULL);
        if (r == d)
            break;
        if (p > 15 && pow2 && r < d) {
            char up[48];
            memcpy(up, buf, sizeof up - 1);
            up[sizeof up - 1] = '\0';
            bump_last_digit(up);
            if (strtod(up, NULL) == d) {
                memcpy(buf, up, sizeof buf);
                break;
            }
        }
    }
    parse_e(buf, m, e);
    while (*m % 10 == 0 && *m != 0)
        *m /= 10, (*e)++;
}

/* Lays out m * 10^e (m without trailing zeros) as OTP 25's
 * float_to_list(F, [short]) does: plain decimal when that is not longer
 * than scientific (exponent window below), scientific otherwise, and
 * scientific for integers of 2^53 and up. */
static size_t layout_float(char *out, uint64_t m, int e)
{
    char dig[24];
    unsigned n = 0;
    for (uint64_t v = m; v; v /= 10)
        n++;
    for (uint64_t v = m, i = n; i-- > 0; v /= 10)
        dig[i] = (char)('0' + v % 10);
    int sci = e + (int)n - 1;
    int lower = -(int)n - 2, upper = 1;
    if (n == 1)
        lower = -4, upper = 2;
    else if (sci >= 10)
        upper = 2;
    bool fixed = e >= lower && e <= upper;
    if (fixed && ((e == 0 && m >= (UINT64_C(1) << 53)) || (e == 1 && m > (UINT64_C(1) << 52) / 5) ||
                  (e == 2 && m > (UINT64_C(1) << 51) / 25)))
        fixed = false;
    char *p = out;
    if (fixed) {
        int whole = (int)n + e;
        if (e >= 0) {
            memcpy(p, dig, n), p += n;
            memset(p, '0', (size_t)e), p += e;
            memcpy(p, ".0", 2), p += 2;
        } else if (whole > 0) {
            memcpy(p, dig, (size_t)whole), p += whole;
            *p++ = '.';
            memcpy(p, dig + whole, n - (unsigned)whole), p += n - (unsigned)whole;
        } else {
            memcpy(p, "0.", 2), p += 2;
            memset(p, '0', (size_t)-whole), p += -whole;
            memcpy(p, dig, n), p += n;
        }
    } else {
        *p++ = dig[0];
        *p++ = '.';
        if (n == 1)
            *p++ = '0';
        else
            memcpy(p, dig + 1, n - 1), p += n - 1;
        *p++ = 'e';
        if (sci < 0)
            *p++ = '-', sci = -sci;
        if (sci >= 100)
            *p++ = (char)('0' + sci / 100);
        if (sci >= 10)
            *p++ = (char)('0' + sci / 10 % 10);
        *p++ = (char)('0' + sci % 10);
    }
    *p = '\0';
    return (size_t)(p - out);
}

size_t fmt_float_short(double d, char *out)
{
    char *p = out;
    if (signbit(d))
        *p++ = '-', d = -d;
    if (!isfinite(d)) { /* never an Erlang float; printed for C callers */
        strcpy(p, isnan(d) ? "nan" : "inf");
        return (size_t)(p - out) + 3;
    }
    if (d == 0) {
        strcpy(p, "0.0");
        return (size_t)(p - out) + 3;
    }
    uint64_t m;
    int e;
    if (!shortest_fast(d, &m, &e))
        shortest_slow(d, &m, &e);
    return (size_t)(p - out) + layout_float(p, m, e);
}

void fmt_put_float(fmt_buf *b, double d)
{
    char *p = fmt_buf_reserve(b, 32);
    b->len += fmt_float_short(d, p);
}

/* ---- pids, ports, refs, funs ------------------------------------------------------ */

/* The node number printed in external pids, ports and refs: OTP prints the
 * index of the node's entry in its distribution table, which depends on
 * connection history. We print the index of the node's atom: the same for
 * every term of one node for the life of the VM, different per node, never 0. */
static uint64_t node_channel(term_t node) { return atom_index(node) + 1; }

/* An atom as the emulator's term printer writes it (erlang:fun_to_list):
 * the UTF-8 bytes each as one char; quoted unless the first char is a
 * latin1 lower-case letter and the rest latin1 letters, digits or '_'. */
static void put_atom_erts(fmt_buf *b, term_t atom)
{
    size_t n;
    const unsigned char *s = (const unsigned char *)atom_text(atom, &n);
    if (n == 0) {
        fmt_buf_put(b, "''", 2);
        return;
    }
    bool quote = false;
    for (size_t i = 0; i < n && !quote;) {
        size_t len;
        uint32_t c = decode_utf8(s + i, n - i, &len);
        bool lower = (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7);
        bool upper = (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7);
        bool ok = i == 0 ? lower : (lower || upper || (c >= '0' && c <= '9') || c == '_');
        quote = !ok;
        i += len;
    }
    if (quote)
        fmt_buf_putc(b, '\'');
    for (size_t i = 0; i < n; i++) {
        unsigned c = s[i];
        switch (c) {
        case '\'': put_str(b, "\\'"); break;
        case '\\': put_str(b, "\\\\"); break;
        case '\n': put_str(b, "\\n"); break;
        case '\f': put_str(b, "\\f"); break;
        case '\t': put_str(b, "\\t"); break;
        case '\r': put_str(b, "\\r"); break;
        case '\b': put_str(b, "\\b"); break;
        case '\v': put_str(b, "\\v"); break;
        default:
            if (c < ' ' || (c == 0xC2 && i + 1 < n && s[i + 1] < 0xA0)) {
                char tmp[8];
                if (c == 0xC2)
                    c = s[++i];
                snprintf(tmp, sizeof tmp, "\\%03o", c);
                put_str(b, tmp);
            } else {
                fmt_buf_put_cp(b, c);
            }
        }
    }
    if (quote)
        fmt_buf_putc(b, '\'');
}

static void put_ids(fmt_buf *b, const uint32_t *ids, uint64_t nids)
{
    for (uint64_t i = nids; i-- > 0;) {
        fmt_buf_putc(b, '.');
        put_uint(b, ids[i]);
    }
}

void fmt_put_identity(fmt_buf *b, term_t t)
{
    if (term_is_local_pid(t)) {
        fmt_buf_put(b, "<0.", 3);
        put_uint(b, pid_number(t));
        fmt_buf_putc(b, '.');
        put_uint(b, pid_serial(t));
        fmt_buf_putc(b, '>');
        return;
    }
    if (term_is_local_port(t)) {
        fmt_buf_put(b, "#Port<0.", 8);
        put_uint(b, port_number(t));
        fmt_buf_putc(b, '>');
        return;
    }
    switch (term_boxed_subtag(t)) {
    case HDR_REF: {
        const ref_obj *r = ref_object(t);
        fmt_buf_put(b, "#Ref<0", 6);
        put_ids(b, r->ids, r->nids <= REF_MAX_IDS ? r->nids : REF_MAX_IDS);
        fmt_buf_putc(b, '>');
        return;
    }
    case HDR_EXT_PID: {
        const ext_id_obj *x = ext_id_object(t);
        fmt_buf_putc(b, '<');
        put_uint(b, node_channel(x->node));
        fmt_buf_putc(b, '.');
        put_uint(b, x->ids[0]);
        fmt_buf_putc(b, '.');
        put_uint(b, x->ids[1]);
        fmt_buf_putc(b, '>');
        return;
    }
    case HDR_EXT_PORT: {
        const ext_id_obj *x = ext_id_object(t);
        fmt_buf_put(b, "#Port<", 6);
        put_uint(b, node_channel(x->node));
        fmt_buf_putc(b, '.');
        put_uint(b, (uint64_t)x->ids[0] | (x->nids > 1 ? (uint64_t)x->ids[1] << 32 : 0));
        fmt_buf_putc(b, '>');
        return;
    }
    case HDR_EXT_REF: {
        const ext_id_obj *x = ext_id_object(t);
        fmt_buf_put(b, "#Ref<", 5);
        put_uint(b, node_channel(x->node));
        put_ids(b, x->ids, x->nids <= REF_MAX_IDS ? x->nids : REF_MAX_IDS);
        fmt_buf_putc(b, '>');
        return;
    }
    case HDR_FUN: {
        const fun_obj *f = fun_object(t);
        size_t n;
        const unsigned char *s = (const unsigned char *)atom_text(f->module, &n);
        fmt_buf_put(b, "#Fun<", 5);
        for (size_t i = 0; i < n; i++) /* the name's bytes, unquoted */
            fmt_buf_put_cp(b, s[i]);
        fmt_buf_putc(b, '.');
        put_int(b, (int32_t)(uint32_t)f->old_index);
        fmt_buf_putc(b, '.');
        put_int(b, (int32_t)(uint32_t)f->old_uniq);
        fmt_buf_putc(b, '>');
        return;
    }
    case HDR_EXPORT: {
        const export_obj *x = export_object(t);
        fmt_buf_put(b, "fun ", 4);
        put_atom_erts(b, x->module);
        fmt_buf_putc(b, ':');
        put_atom_erts(b, x->function);
        fmt_buf_putc(b, '/');
        put_uint(b, x->arity);
        return;
    }
    default: /* not a term io_lib can write: say so rather than crash */
        ASSERT(!"fmt_put_identity: not a pid, port, ref or fun");
        put_str(b, "<bad term>");
    }
}

/* ---- strings ------------------------------------------------------------------------ */

bool fmt_printable_char(uint32_t c, bool unicode_range)
{
    if (c >= 32 && c <= 126)
        return true;
    if (c >= 0xA0 && c <= 0xFF)
        return true;
    switch (c) {
    case '\n': case '\r': case '\t': case '\v': case '\b': case '\f': case 27:
        return true;
    }
    return unicode_range && ((c > 0xFF && c < 0xD800) || (c > 0xDFFF && c < 0xFFFE) || (c > 0xFFFF && c <= 0x10FFFF));
}

bool fmt_printable_list(term_t l, bool unicode_range, size_t *chars)
{
    size_t n = 0;
    for (; term_is_list(l); l = list_tail(l), n++) {
        term_t h = list_head(l);
        if (!term_is_small(h))
            return false;
        int64_t c = small_value(h);
        if (c < 0 || c > 0x10FFFF || !fmt_printable_char((uint32_t)c, unicode_range))
            return false;
    }
    if (!term_is_nil(l))
        return false;
    if (chars)
        *chars = n;
    return true;
}

void fmt_put_string_char(fmt_buf *b, uint32_t c, uint32_t quote, bool unicode)
{
    char tmp[16];
    if (c == quote || c == '\\') {
        fmt_buf_putc(b, '\\');
        fmt_buf_putc(b, (char)c);
    } else if (c >= ' ' && c <= '~') {
        fmt_buf_putc(b, (char)c);
    } else if (c >= 0xA0 && (c <= 0xFF || unicode)) {
        fmt_buf_put_cp(b, c);
    } else if (c > 0xFF) {
        int n = snprintf(tmp, sizeof tmp, "\\x{%X}", (unsigned)c);
        fmt_buf_put(b, tmp, (size_t)n);
    } else {
        const char *esc = NULL;
        switch (c) {
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        case '\v': esc = "\\v"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case 27: esc = "\\e"; break;
        case 127: esc = "\\d"; break;
        }
        if (esc) {
            fmt_buf_put(b, esc, 2);
        } else {
            int n = snprintf(tmp, sizeof tmp, "\\%c%c%c", '0' + (c >> 6), '0' + ((c >> 3) & 7), '0' + (c & 7));
            fmt_buf_put(b, tmp, (size_t)n);
        }
    }
}

void fmt_put_string(fmt_buf *b, term_t l, size_t max, bool unicode)
{
    fmt_buf_putc(b, '"');
    for (size_t i = 0; i < max && term_is_list(l); i++, l = list_tail(l)) {
        term_t h = list_head(l);
        if (!term_is_small(h) || small_value(h) < 0 || small_value(h) > 0x10FFFF)
            break;
        fmt_put_string_char(b, (uint32_t)small_value(h), '"', unicode);
    }
    fmt_buf_putc(b, '"');
}

/* ---- binaries ------------------------------------------------------------------------ */

void fmt_put_bitstring(fmt_buf *b, term_t bin, int depth)
{
    bin_view v;
    bin_view_of(bin, &v);
    int64_t d = depth;
    fmt_buf_put(b, "<<", 2);
    for (uint64_t i = 0; i < v.size; i++) {
        if (d == 1) {
            put_str(b, "...");
            goto done;
        }
        put_uint(b, bin_byte_at(&v, i));
        if (i + 1 < v.size || v.bitsize)
            fmt_buf_putc(b, ',');
        if (d > 0)
            d--;
    }
    if (v.bitsize) {
        if (d == 1) {
            put_str(b, "...");
            goto done;
        }
        put_uint(b, (unsigned)bin_tail_bits(&v) >> (8 - v.bitsize));
        fmt_buf_putc(b, ':');
        put_uint(b, v.bitsize);
    }
done:
    fmt_buf_put(b, ">>", 2);
}

size_t fmt_printable_bytes(const bin_view *v, size_t n)
{
    size_t i = 0;
    while (i < n && fmt_printable_char(bin_byte_at(v, i), false))
        i++;
    return i;
}

/* Decodes one UTF-8 char of the view at byte i as <<C/utf8>> matches it;
 * false when the bytes there are not a valid encoding. */
static bool view_utf8(const bin_view *v, uint64_t i, uint32_t *cp, size_t *len)
{
    uint8_t c0 = bin_byte_at(v, i);
    size_t need;
    uint32_t c;
    if (c0 < 0x80)
        need = 1, c = c0;
    else if (c0 >= 0xC2 && c0 < 0xE0)
        need = 2, c = c0 & 0x1F;
    else if (c0 >= 0xE0 && c0 < 0xF0)
        need = 3, c = c0 & 0x0F;
    else if (c0 >= 0xF0 && c0 < 0xF5)
        need = 4, c = c0 & 0x07;
    else
        return false;
    if (i + need > v->size)
        return false;
    for (size_t k = 1; k < need; k++) {
        uint8_t cc = bin_byte_at(v, i + k);
        if ((cc & 0xC0) != 0x80)
            return false;
        c = (c << 6) | (cc & 0x3F);
    }
    if ((need == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) || (need == 4 && (c < 0x10000 || c > 0x10FFFF)))
        return false;
    *cp = c, *len = need;
    return true;
}

bool fmt_valid_utf8(const bin_view *v, size_t n)
{
    uint64_t i = 0;
    for (size_t k = 0; k < n && i < v->size; k++) {
        uint32_t c;
        size_t len;
        if (!view_utf8(v, i, &c, &len))
            return false;
        i += len;
    }
    return true;
}

size_t fmt_printable_utf8(const bin_view *v, size_t n, bool unicode_range, size_t *bytes)
{
    uint64_t i = 0;
    size_t k = 0;
    for (; k < n && i < v->size; k++) {
        uint32_t c;
        size_t len;
        if (!view_utf8(v, i, &c, &len) || !fmt_printable_char(c, unicode_range))
            break;
        i += len;
    }
    *bytes = (size_t)i;
    return k;
}

void fmt_put_bin_string(fmt_buf *b, const bin_view *v, size_t nbytes, bool utf8)
{
    fmt_buf_putc(b, '"');
    for (uint64_t i = 0; i < nbytes;) {
        uint32_t c;
        size_t len = 1;
        if (!utf8 || !view_utf8(v, i, &c, &len))
            c = bin_byte_at(v, i), len = 1;
        fmt_put_string_char(b, c, '"', true);
        i += len;
    }
    fmt_buf_putc(b, '"');
}

/* ---- text width ------------------------------------------------------------------------ */

/* Code points that continue the grapheme cluster before them (combining
 * marks, joiners, variation selectors, emoji modifiers): the common ranges
 * of Unicode's Grapheme_Extend and SpacingMark, not the whole table. */
static const uint32_t EXTEND[][2] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF}, {0x05C1, 0x05C2},
    {0x05C4, 0x05C5}, {0x05C7, 0x05C7}, {0x0610, 0x061A}, {0x064B, 0x065F}, {0x0670, 0x0670},
    {0x06D6, 0x06DC}, {0x06DF, 0x06E4}, {0x06E7, 0x06E8}, {0x06EA, 0x06ED}, {0x0900, 0x0903},
    {0x093A, 0x093C}, {0x093E, 0x094F}, {0x0951, 0x0957}, {0x0962, 0x0963}, {0x0981, 0x0983},
    {0x09BC, 0x09BC}, {0x09BE, 0x09CD}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E},
    {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200C, 0x200D}, {0x20D0, 0x20FF}, {0x302A, 0x302F},
    {0x3099, 0x309A}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0x1F3FB, 0x1F3FF}, {0xE0020, 0xE007F},
    {0xE0100, 0xE01EF},
};

static bool is_extend(uint32_t c)
{
    if (c < 0x0300)
        return false;
    for (size_t i = 0; i < sizeof EXTEND / sizeof EXTEND[0]; i++)
        if (c >= EXTEND[i][0] && c <= EXTEND[i][1])
            return true;
    return false;
}

/* Whether c starts a new grapheme cluster after prev (state in *st:
 * bit 0 previous was ZWJ, bits 1.. count of regional indicators). */
static bool starts_cluster(uint32_t prev, uint32_t c, unsigned *st, bool first)
{
    bool joins = !first && ((prev == '\r' && c == '\n') || is_extend(c) || ((*st & 1) && c >= 0x1F000) ||
                            (c >= 0x1F1E6 && c <= 0x1F1FF && ((*st >> 1) & 1)));
    unsigned ri = (c >= 0x1F1E6 && c <= 0x1F1FF) ? (*st >> 1) + 1 : 0;
    *st = (ri << 1) | (c == 0x200D);
    return !joins;
}

size_t fmt_text_width(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t chars = 0, i, len;
    bool wide = false;
    for (i = 0; i < n; i += len) {
        wide |= decode_utf8(u + i, n - i, &len) > 0xFF;
        chars++;
    }
    if (!wide) /* io_lib:chars_length is iolist_size for latin1 text */
        return chars;
    chars = 0; /* otherwise string:length/1 */
    uint32_t prev = 0;
    unsigned st = 0;
    for (i = 0; i < n; i += len) {
        uint32_t c = decode_utf8(u + i, n - i, &len);
        chars += starts_cluster(prev, c, &st, i == 0);
        prev = c;
    }
    return chars;
}

size_t fmt_text_prefix(const char *s, size_t n, size_t count, bool graphemes)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t chars = 0, i, len;
    uint32_t prev = 0;
    unsigned st = 0;
    for (i = 0; i < n; i += len) {
        uint32_t c = decode_utf8(u + i, n - i, &len);
        if (!graphemes || starts_cluster(prev, c, &st, i == 0)) {
            if (chars == count)
                return i;
            chars++;
        }
        prev = c;
    }
    return n;
}

/* ---- ~w ----------------------------------------------------------------------------------- */

/* Depth arithmetic of io_lib:write: d < 0 is unlimited and stays so. */
static int64_t dec(int64_t d) { return d < 0 ? d : d - 1; }

enum { W_LIST, W_TUPLE, W_FLATMAP, W_HASHMAP, W_ITER };

/* One open container on the walk's stack. A W_HASHMAP frame sits on top
 * of the W_ITER slots holding its map_iter. */
typedef struct wframe {
    uint8_t kind;
    int64_t depth;   /* io_lib's D for what follows (tails, elements, pairs) */
    int64_t d0;      /* maps: depth of every key and value */
    term_t t;        /* list: the rest; tuple, map: the container */
    uint64_t i;      /* tuple, flat map: next index; hash map: iter slots */
    term_t pending;  /* maps: value to write after " => " */
} wframe;

#define ITER_SLOTS ((sizeof(map_iter) + sizeof(wframe) - 1) / sizeof(wframe))

typedef struct wstack {
    fmt_buf *b;
    size_t n;
} wstack;

static wframe *frames(wstack *s) { return (wframe *)s->b->scratch[1].p; }

static wframe *push(wstack *s, unsigned slots)
{
    fmt_scratch(s->b, 1, (s->n + slots) * sizeof(wframe));
    s->n += slots;
    return frames(s) + s->n - 1;
}

/* Writes t if it is a leaf; otherwise writes the container's opening and
 * pushes its frame. Returns the first child to write, or THE_NON_VALUE
 * (with *cd its depth). */
static term_t open_term(wstack *s, term_t t, int64_t d, bool unicode, int64_t *cd)
{
    fmt_buf *b = s->b;
    if (d == 0) {
        fmt_buf_put(b, "...", 3);
        return THE_NON_VALUE;
    }
    if (term_is_small(t) || term_is_big(t)) {
        fmt_put_integer(b, t, 10);
    } else if (term_is_atom(t)) {
        fmt_put_atom(b, t, unicode);
    } else if (term_is_nil(t)) {
        fmt_buf_put(b, "[]", 2);
    } else if (term_is_list(t)) {
        if (d == 1) {
            fmt_buf_put(b, "[...]", 5);
            return THE_NON_VALUE;
        }
        fmt_buf_putc(b, '[');
        wframe *f = push(s, 1);
        f->kind = W_LIST, f->depth = dec(d), f->t = list_tail(t);
        *cd = dec(d);
        return list_head(t);
    } else if (term_is_tuple(t)) {
        uint64_t n = tuple_arity(t);
        if (n == 0) {
            fmt_buf_put(b, "{}", 2);
        } else if (d == 1) {
            fmt_buf_put(b, "{...}", 5);
        } else {
            fmt_buf_putc(b, '{');
            wframe *f = push(s, 1);
            f->kind = W_TUPLE, f->depth = dec(d), f->t = t, f->i = 1;
            *cd = dec(d);
            return tuple_get(t, 0);
        }
    } else if (term_is_float(t)) {
        fmt_put_float(b, float_value(t));
    } else if (term_is_bitstring(t)) {
        fmt_put_bitstring(b, t, d < 0 ? -1 : (d > INT32_MAX ? INT32_MAX : (int)d));
    } else if (term_is_map(t)) {
        if (d == 1 || map_size(t) == 0) {
            fmt_buf_put(b, "#{}", 3);
            return THE_NON_VALUE;
        }
        fmt_buf_put(b, "#{", 2);
        term_t k, v;
        wframe *f;
        if (map_is_flat(t)) {
            f = push(s, 1);
            f->kind = W_FLATMAP, f->i = 1;
            k = tuple_get(flatmap_keys(t), 0), v = flatmap_values(t)[0];
        } else {
            push(s, ITER_SLOTS);
            map_iter *it = (map_iter *)(void *)(frames(s) + s->n - ITER_SLOTS);
            map_iter_init_fold(it, t);
            map_iter_next(it, &k, &v);
            f = push(s, 1);
            f->kind = W_HASHMAP, f->i = ITER_SLOTS;
        }
        f->depth = dec(d), f->d0 = dec(d), f->t = t, f->pending = v;
        *cd = dec(d);
        return k;
    } else {
        fmt_put_identity(b, t);
    }
    return THE_NON_VALUE;
}

/* Advances the top frame: writes separators and closers, returns the next
 * child to write (depth in *cd) or THE_NON_VALUE when the stack is empty. */
static term_t next_child(wstack *s, int64_t *cd)
{
    fmt_buf *b = s->b;
    while (s->n > 0) {
        wframe *f = frames(s) + s->n - 1;
        switch (f->kind) {
        case W_LIST:
            if (term_is_nil(f->t)) {
                fmt_buf_putc(b, ']');
                break;
            }
            if (f->depth == 1) {
                fmt_buf_put(b, "|...]", 5);
                break;
            }
            *cd = f->depth = dec(f->depth);
            if (term_is_list(f->t)) {
                term_t h = list_head(f->t);
                f->t = list_tail(f->t);
                fmt_buf_putc(b, ',');
                return h;
            } else {
                term_t other = f->t;
                f->t = NIL;
                fmt_buf_putc(b, '|');
                return other;
            }
        case W_TUPLE:
            if (f->i == tuple_arity(f->t)) {
                fmt_buf_putc(b, '}');
                break;
            }
            if (f->depth == 1) {
                fmt_buf_put(b, ",...}", 5);
                break;
            }
            *cd = f->depth = dec(f->depth);
            fmt_buf_putc(b, ',');
            return tuple_get(f->t, f->i++);
        default: { /* W_FLATMAP, W_HASHMAP */
            term_t k, v;
            if (f->pending != THE_NON_VALUE) {
                v = f->pending;
                f->pending = THE_NON_VALUE;
                fmt_buf_put(b, " => ", 4);
                *cd = f->d0;
                return v;
            }
            if (f->depth == 1) {
                fmt_buf_put(b, ",...}", 5);
                break;
            }
            bool more;
            if (f->kind == W_FLATMAP) {
                more = f->i < flatmap_size(f->t);
                if (more) {
                    k = tuple_get(flatmap_keys(f->t), f->i);
                    v = flatmap_values(f->t)[f->i];
                    f->i++;
                }
            } else {
                more = map_iter_next((map_iter *)(void *)(f - ITER_SLOTS), &k, &v);
            }
            if (!more) {
                fmt_buf_putc(b, '}');
                break;
            }
            f->depth = dec(f->depth);
            f->pending = v;
            fmt_buf_putc(b, ',');
            *cd = f->d0;
            return k;
        }
        }
        /* the frame is done */
        s->n -= 1 + (f->kind == W_HASHMAP ? f->i : 0);
    }
    return THE_NON_VALUE;
}

void fmt_write(fmt_buf *b, term_t t, int depth, bool unicode)
{
    wstack s = {b, 0};
    int64_t d = depth < 0 ? -1 : depth;
    fmt_buf_reserve(b, 0);
    for (;;) {
        while (t != THE_NON_VALUE)
            t = open_term(&s, t, d, unicode, &d);
        t = next_child(&s, &d);
        if (t == THE_NON_VALUE)
            return;
    }
}
