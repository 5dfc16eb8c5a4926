/* write.c: ~w (io_lib:write/2) and the leaf printers ~p shares with it:
 * quoted atoms, integers, floats (digits from vm/float.c), pids/ports/refs/funs
 * as erlang:*_to_list print them, escaped strings and binaries. Text goes
 * through a cursor into room made once per token, never a call per char.
 * ~w recurses on containers up to a bounded nesting; ~W, and ~w below
 * that, walk on an explicit stack in scratch area 1. */
#include "format/write.h"

#include <stdio.h>

/* ---- UTF-8 ------------------------------------------------------------------ */

/* Code point c as UTF-8 at p; returns the end. */
static inline char *put_utf8(char *p, uint32_t c) { return p + unicode_encode_utf8(c, p); }

/* ---- the cursor ------------------------------------------------------------- */

/* The printers write through a cursor into b's text: fmt_need() makes room for
 * each token (n bytes and the NUL after them), finish() ends the text.
 * b->len lags behind the cursor until then; lend() and take_back() bracket
 * a call to a printer that takes b itself. Cursors go by value, two
 * pointers in registers: the compiler never has to keep one in memory. */


static inline fmt_cursor cursor_at_end(fmt_buf *b)
{
    char *p = fmt_buf_reserve(b, 0);
    return (fmt_cursor){p, b->data + b->cap};
}

/* fmt_need()'s slow path. */
fmt_cursor fmt_cursor_grow(fmt_buf *b, char *p, size_t n)
{
    b->len = (size_t)(p - b->data);
    p = fmt_buf_grow(b, n);
    return (fmt_cursor){p, b->data + b->cap};
}

static inline void lend(fmt_buf *b, fmt_cursor c) { b->len = (size_t)(c.p - b->data); }
static inline fmt_cursor take_back(fmt_buf *b) { return (fmt_cursor){b->data + b->len, b->data + b->cap}; }

static inline void finish(fmt_buf *b, fmt_cursor c)
{
    lend(b, c);
    *c.p = '\0';
}

static void put_str(fmt_buf *b, const char *s) { fmt_buf_put(b, s, strlen(s)); }

/* Copies the n bytes of an atom's text s to p, which has room for
 * n + ATOM_TEXT_BLOCK: a short name is one fixed-size move (atom_text). */
static FMT_INLINE void copy_atom_text(char *p, const char *s, size_t n)
{
    if (n <= ATOM_TEXT_BLOCK)
        memcpy(p, s, ATOM_TEXT_BLOCK);
    else
        memcpy(p, s, n);
}

/* ---- decimal digits ---------------------------------------------------------- */

/* clang-format off */
/* M(v), M(v + 1), ... for table initialisers. */
#define EACH_10(M, v) M(v), M(v + 1), M(v + 2), M(v + 3), M(v + 4), M(v + 5), M(v + 6), M(v + 7),  \
                      M(v + 8), M(v + 9)
#define EACH_100(M, v) EACH_10(M, v), EACH_10(M, v + 10), EACH_10(M, v + 20), EACH_10(M, v + 30),        \
                       EACH_10(M, v + 40), EACH_10(M, v + 50), EACH_10(M, v + 60), EACH_10(M, v + 70),   \
                       EACH_10(M, v + 80), EACH_10(M, v + 90)
#define EACH_256(M) EACH_100(M, 0), EACH_100(M, 100), EACH_10(M, 200), EACH_10(M, 210), EACH_10(M, 220), \
                    EACH_10(M, 230), EACH_10(M, 240), M(250), M(251), M(252), M(253), M(254), M(255)

#define D3(v) {{(char)('0' + ((v) >= 100 ? (v) / 100 : (v) >= 10 ? (v) / 10 : (v))),                   \
                 (char)((v) >= 100 ? '0' + (v) / 10 % 10 : (v) >= 10 ? '0' + (v) % 10 : 0),              \
                 (char)((v) >= 100 ? '0' + (v) % 10 : 0), (char)((v) >= 100 ? 3 : (v) >= 10 ? 2 : 1)}}
const fmt_dec3 fmt_dec3_text[1000] = {EACH_100(D3, 0),   EACH_100(D3, 100), EACH_100(D3, 200),
                                       EACH_100(D3, 300), EACH_100(D3, 400), EACH_100(D3, 500),
                                       EACH_100(D3, 600), EACH_100(D3, 700), EACH_100(D3, 800),
                                       EACH_100(D3, 900)};

/* A comma and a number 0..255 as ~w writes the elements of byte lists
 * and strings, ",7" ",42" ",255", in text[v] (NULs after it), its length
 * in len[v]: the text is one 8-byte move, and the cursor moves by len[v]
 * with one add from memory (put_comma_byte). */
typedef struct comma_texts {
    char text[256][8];
    uint64_t len[256];
} comma_texts;

#define CT(v) {',', (char)('0' + ((v) >= 100 ? (v) / 100 : (v) >= 10 ? (v) / 10 : (v))),                 \
                (char)((v) >= 100 ? '0' + (v) / 10 % 10 : (v) >= 10 ? '0' + (v) % 10 : 0),               \
                (char)((v) >= 100 ? '0' + (v) % 10 : 0)}
#define CL(v) ((v) >= 100 ? 4 : (v) >= 10 ? 3 : 2)
static const comma_texts COMMA_TEXT = {{EACH_256(CT)}, {EACH_256(CL)}};

/* NOT_LATIN1_CHAR[v]: 1 when v is no char io_lib:printable_latin1_list/1
 * accepts (those are \b \t \n \v \f \r (8..13), \e (27), 32..126 and
 * 160..255), else 0. A byte each, so that a loop over bytes ors them up
 * with one load a byte (fmt_put_byte_list). */
#define NLC(v) (!(((v) >= 8 && (v) <= 13) || (v) == 27 || ((v) >= 32 && (v) <= 126) || (v) >= 160))
static const uint8_t NOT_LATIN1_CHAR[256] = {EACH_256(NLC)};
#undef NLC
#undef CL
#undef CT
#undef D3
#undef EACH_256
#undef EACH_100
#undef EACH_10
/* clang-format on */

/* v's decimal digits as three digit words, leading zeros kept: *top the
 * digits of v / 10^16 (at most 1844), *mid and *low eight each. */
static FMT_INLINE void digit_words(uint64_t v, uint64_t *top, uint64_t *mid, uint64_t *low)
{
    uint64_t rest = v % UINT64_C(10000000000000000);
    *top = float_digits8((uint32_t)(v / UINT64_C(10000000000000000))) + FLOAT_ZEROS;
    *mid = float_digits8((uint32_t)(rest / 100000000)) + FLOAT_ZEROS;
    *low = float_digits8((uint32_t)(rest % 100000000)) + FLOAT_ZEROS;
}

/* fmt_put_u64 for v >= 10^8: three words of digits (the top one, v /
 * 10^16 < 1845, maybe all zeros), the leading zeros shifted out of the
 * first that has a digit, each word stored where the one before it ends.
 * The length comes from v's bit length, not from the digits (see
 * fmt_count8). Writes nothing past the last digit. */
static char *put_u64_long(char *p, uint64_t v)
{
    unsigned n = float_count_digits(v);                   /* 9..20 digits */
    unsigned z = 24 - n, zt = z < 8 ? z : 8, zm = z - zt; /* zeros in the top, middle word */
    uint64_t hi, mid, low;
    digit_words(v, &hi, &mid, &low);
    float_store_digits(p, hi, zt & 7); /* all of it overwritten when zt is 8 */
    p += 8 - zt;
    float_store_digits(p, mid, zm);
    p += 8 - zm;
    memcpy(p, &low, 8);
    return p + 8;
}

/* v >= 2^59 (a bignum of one limb) in decimal at p; returns the end.
 * put_u64_long for 18 to 20 digits: the top word, v / 10^16, is 57 to
 * 1844, so its leading zeros are 4 to 6 and the other two words are
 * whole. */
char *fmt_put_u64_huge(char *p, uint64_t v)
{
    ASSERT(v >= UINT64_C(1) << 59);
    uint64_t top = v / UINT64_C(10000000000000000), hi, mid, low;
    digit_words(v, &hi, &mid, &low);
    unsigned zt = 4 + (top < 1000) + (top < 100);
    float_store_digits(p, hi, zt);
    p += 8 - zt;
    memcpy(p, &mid, 8);
    memcpy(p + 8, &low, 8);
    return p + 16;
}

/* v in decimal at p; returns the end. Room for 21 bytes covers every
 * uint64_t (8 bytes below 10^8, the digits above). */
static FMT_INLINE char *put_u64(char *p, uint64_t v)
{
    return v < 100000000 ? fmt_put_upto8(p, (uint32_t)v) : put_u64_long(p, v);
}

char *fmt_put_u64(char *p, uint64_t v) { return put_u64(p, v); }

char *fmt_put_i64(char *p, int64_t v) { return fmt_put_int(p, v); }

static void put_uint(fmt_buf *b, uint64_t v)
{
    fmt_cursor c = fmt_need(b, cursor_at_end(b), 24);
    c.p = put_u64(c.p, v);
    finish(b, c);
}

/* ---- strings: one char -------------------------------------------------------- */

/* Longest text of one char: \x{FFFFFFFF}. */
#define CHAR_ROOM 12

/* fmt_put_string_char at a cursor with CHAR_ROOM bytes of room. */
static char *put_char(char *p, uint32_t c, uint32_t quote, bool unicode)
{
    static const char HEX[] = "0123456789ABCDEF";
    if (c == quote || c == '\\') {
        *p++ = '\\';
        *p++ = (char)c;
    } else if (c >= ' ' && c <= '~') {
        *p++ = (char)c;
    } else if (c >= 0xA0 && (c <= 0xFF || unicode)) {
        p = put_utf8(p, c);
    } else if (c > 0xFF) {
        int shift = 28;
        while ((c >> shift) == 0)
            shift -= 4;
        *p++ = '\\', *p++ = 'x', *p++ = '{';
        for (; shift >= 0; shift -= 4)
            *p++ = HEX[(c >> shift) & 0xF];
        *p++ = '}';
    } else {
        char esc = 0;
        switch (c) {
        case '\n': esc = 'n'; break;
        case '\r': esc = 'r'; break;
        case '\t': esc = 't'; break;
        case '\v': esc = 'v'; break;
        case '\b': esc = 'b'; break;
        case '\f': esc = 'f'; break;
        case 27: esc = 'e'; break;
        case 127: esc = 'd'; break;
        }
        *p++ = '\\';
        if (esc) {
            *p++ = esc;
        } else {
            *p++ = (char)('0' + (c >> 6));
            *p++ = (char)('0' + ((c >> 3) & 7));
            *p++ = (char)('0' + (c & 7));
        }
    }
    return p;
}

/* ---- atoms ------------------------------------------------------------------- */

bool fmt_atom_needs_quotes(term_t atom)
{
    size_t n;
    unsigned flags;
    atom_text_flags(atom, &n, &flags);
    return flags & ATOM_QUOTED;
}

/* put_atom's path for quoted atoms. */
static fmt_cursor put_quoted_atom(fmt_buf *b, fmt_cursor c, const char *s, size_t n, unsigned flags, bool unicode)
{
    if (!(flags & ATOM_ESCAPES) && (unicode || !(flags & ATOM_WIDE))) {
        c = fmt_need(b, c, n + 2 + ATOM_TEXT_BLOCK);
        c.p[0] = '\'';
        copy_atom_text(c.p + 1, s, n);
        c.p[n + 1] = '\'';
        c.p += n + 2;
        return c;
    }
    /* An escape takes at most 4 bytes per byte of UTF-8: \NNN for one
     * byte, \x{7FF} for two, \x{FFFF} for three, \x{10FFFF} for four. */
    c = fmt_need(b, c, 4 * n + 2);
    *c.p++ = '\'';
    for (size_t i = 0, len; i < n; i += len)
        c.p = put_char(c.p, unicode_decode_utf8((const unsigned char *)s + i, n - i, &len), '\'', unicode);
    *c.p++ = '\'';
    return c;
}

/* fmt_put_atom at a cursor. The atom table knows whether the atom is
 * quoted and whether its text needs escapes. */
static FMT_INLINE fmt_cursor put_atom(fmt_buf *b, fmt_cursor c, term_t atom, bool unicode)
{
    size_t n;
    unsigned flags;
    const char *s = atom_text_flags(atom, &n, &flags);
    if (flags & (ATOM_ESCAPES | ATOM_WIDE))
        return put_quoted_atom(b, c, s, n, flags, unicode);
    /* Quoted or not, without a branch on it (a few atoms in ten are):
     * the quote is written anyway and the cursor moves past it or not. */
    size_t q = (flags & ATOM_QUOTED) != 0;
    c = fmt_need(b, c, n + 2 + ATOM_TEXT_BLOCK);
    char *p = c.p;
    *p = '\'';
    p += q;
    copy_atom_text(p, s, n);
    p += n;
    *p = '\'';
    c.p = p + q;
    return c;
}

void fmt_put_atom(fmt_buf *b, term_t atom, bool unicode)
{
    finish(b, put_atom(b, cursor_at_end(b), atom, unicode));
}

fmt_cursor fmt_put_atom_at(fmt_buf *b, fmt_cursor c, term_t atom, bool unicode)
{
    return put_atom(b, c, atom, unicode);
}

/* ---- integers ------------------------------------------------------------------ */

/* Integer t in decimal at a cursor. */
static fmt_cursor put_decimal(fmt_buf *b, fmt_cursor c, term_t t)
{
    if (term_is_small(t)) {
        c = fmt_need(b, c, 24);
        c.p = fmt_put_int(c.p, small_value(t));
    } else if (big_limb_count(t) == 1) {
        c = fmt_need(b, c, 24);
        c.p = fmt_put_big1(c.p, t);
    } else {
        c = fmt_need(b, c, int_chars_bound(t, 10));
        c.p += int_to_chars(t, 10, c.p);
    }
    return c;
}

void fmt_put_integer(fmt_buf *b, term_t i, unsigned base)
{
    fmt_cursor c = cursor_at_end(b);
    if (base == 10) {
        c = put_decimal(b, c, i);
    } else {
        c = fmt_need(b, c, int_chars_bound(i, base));
        c.p += int_to_chars(i, base, c.p);
    }
    finish(b, c);
}

/* ---- floats --------------------------------------------------------------------- */

void fmt_put_float(fmt_buf *b, double d)
{
    char *p = fmt_buf_reserve(b, FLOAT_SHORT_MAX);
    b->len += fmt_float_short(d, p);
}

/* ---- pids, ports, refs, funs ------------------------------------------------------ */

/* The node number printed in external pids, ports and refs: OTP prints the
 * index of the node's entry in its distribution table, which depends on
 * connection history. We print the index of the node's atom: the same for
 * every term of one node for the life of the VM, different per node, never 0. */
static uint64_t node_channel(term_t node) { return atom_index(node) + 1; }

/* The emulator's text of fun t (erlang:fun_to_list/1, which io_lib's ~w
 * writes), each byte of it a char: an atom's UTF-8 bytes become latin1
 * chars, as OTP's list of bytes does. */
static void put_fun(fmt_buf *b, term_t t)
{
    size_t mark = b->len;
    fmt_erts_fun(b, t);
    size_t wide = 0;
    for (size_t i = mark; i < b->len; i++)
        wide += (unsigned char)b->data[i] >> 7;
    if (wide == 0)
        return;
    char *p = fmt_buf_reserve(b, wide); /* the text grows backwards into it */
    size_t from = b->len, to = b->len + wide;
    p[wide] = '\0';
    while (from > mark) {
        unsigned char c = (unsigned char)b->data[--from];
        if (c < 0x80) {
            b->data[--to] = (char)c;
        } else {
            b->data[--to] = (char)(0x80 | (c & 0x3F));
            b->data[--to] = (char)(0xC0 | c >> 6);
        }
    }
    b->len += wide;
}

/* A local pid at a cursor: <0.N.S>. */
static fmt_cursor put_local_pid(fmt_buf *b, fmt_cursor c, term_t pid)
{
    c = fmt_need(b, c, 48);
    memcpy(c.p, "<0.", 3);
    c.p = fmt_put_id(c.p + 3, pid_number(pid));
    *c.p++ = '.';
    c.p = fmt_put_id(c.p, pid_serial(pid));
    *c.p++ = '>';
    return c;
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
        finish(b, put_local_pid(b, cursor_at_end(b), t));
        return;
    }
    if (term_is_local_port(t)) {
        fmt_buf_put(b, "#Port<0.", 8);
        put_uint(b, port_number(t));
        fmt_buf_putc(b, '>');
        return;
    }
    switch (term_boxed_subtag(t)) {
    case HDR_REF:
    case HDR_MAGIC_REF: {
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
    case HDR_FUN:
    case HDR_EXPORT:
        put_fun(b, t);
        return;
    default: /* not a term io_lib can write: say so rather than crash */
        ASSERT(!"fmt_put_identity: not a pid, port, ref or fun");
        put_str(b, "<bad term>");
    }
}

/* ---- strings ------------------------------------------------------------------------ */

/* fmt_printable_char below 256. */
static inline bool is_printable_latin1(uint32_t c) { return !NOT_LATIN1_CHAR[c]; }

bool fmt_printable_char(uint32_t c, bool unicode_range)
{
    if (c < 256)
        return is_printable_latin1(c);
    return unicode_range && (c < 0xD800 || (c > 0xDFFF && c < 0xFFFE) || (c > 0xFFFF && c <= 0x10FFFF));
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

/* True for the chars write_string copies as they are inside "...". */
static inline bool is_plain_in_string(uint64_t c) { return c >= ' ' && c <= '~' && c != '"' && c != '\\'; }

void fmt_put_string_char(fmt_buf *b, uint32_t c, uint32_t quote, bool unicode)
{
    fmt_cursor k = fmt_need(b, cursor_at_end(b), CHAR_ROOM);
    k.p = put_char(k.p, c, quote, unicode);
    finish(b, k);
}

char *fmt_put_latin1_char(char *p, uint32_t c)
{
    ASSERT(c < 256 && !NOT_LATIN1_CHAR[c]);
    return put_char(p, c, '"', false);
}

void fmt_put_string(fmt_buf *b, term_t l, size_t max, bool unicode)
{
    fmt_cursor c = fmt_need(b, cursor_at_end(b), 1);
    *c.p++ = '"';
    for (size_t i = 0; i < max && term_is_list(l); i++, l = list_tail(l)) {
        term_t h = list_head(l);
        if (!term_is_small(h) || small_value(h) < 0 || small_value(h) > 0x10FFFF)
            break;
        uint64_t ch = (uint64_t)small_value(h);
        c = fmt_need(b, c, CHAR_ROOM);
        if (is_plain_in_string(ch))
            *c.p++ = (char)ch;
        else
            c.p = put_char(c.p, (uint32_t)ch, '"', unicode);
    }
    c = fmt_need(b, c, 1);
    *c.p++ = '"';
    finish(b, c);
}

/* ---- binaries ------------------------------------------------------------------------ */

/* COMMA_TEXT's text of v < 256 at p; returns the end. Writes up to 6 NULs
 * past the end. */
static FMT_INLINE char *put_comma_byte(char *p, size_t v)
{
    uint64_t w;
    memcpy(&w, COMMA_TEXT.text[v], 8);
    memcpy(p, &w, 8);
    return p + COMMA_TEXT.len[v];
}

/* True when t is a small integer 0..255 (a string char, a byte): a term
 * 16v + 15 with v < 256 has 0xF in its low four bits and nothing above
 * bit 11. */
static FMT_INLINE bool is_byte(term_t t) { return ((t ^ 15) & ~(term_t)0xFF0) == 0; }

/* ",B" for each of the n bytes at by, at p, which has room for 4n + 8;
 * returns the end. Two bytes a step; the last byte of an odd count
 * without a branch on the count's parity (mispredicted half the time):
 * written anyway, and the cursor moves past it or not. `no`, unless NULL
 * (a constant: inlined, the test costs nothing): or-ed with
 * NOT_LATIN1_CHAR of every byte. */
static FMT_INLINE char *put_comma_bytes(char *p, const uint8_t *by, uint64_t n, unsigned *no)
{
    if (n == 0)
        return p;
    for (uint64_t i = 0; i + 2 <= n; i += 2) {
        if (no)
            *no |= NOT_LATIN1_CHAR[by[i]] | NOT_LATIN1_CHAR[by[i + 1]];
        p = put_comma_byte(put_comma_byte(p, by[i]), by[i + 1]);
    }
    size_t last = by[n - 1], odd = 0 - (n & 1);
    if (no)
        *no |= NOT_LATIN1_CHAR[last] & odd;
    memcpy(p, COMMA_TEXT.text[last], 8);
    return p + (COMMA_TEXT.len[last] & odd);
}

/* Ends a byte list whose elements were written as ",E" from open + 1 up
 * to p: the first comma becomes the second "<" and ">>" goes after the
 * last element; returns the end. */
static FMT_INLINE char *close_bits(char *open, char *p)
{
    p += p == open + 1; /* no element: "<<>>" */
    open[0] = '<', open[1] = '<';
    memcpy(p, ">>", 2);
    return p + 2;
}

/* The byte list of n whole bytes at p, which has FMT_BYTE_LIST_ROOM(n);
 * returns the end. Inline in ~w's write_bits. */
static FMT_INLINE char *put_byte_list(char *p, const uint8_t *by, uint64_t n)
{
    return close_bits(p, put_comma_bytes(p + 1, by, n, NULL));
}

/* put_byte_list, and whether every byte is a printable latin1 char, in
 * one loop: ~p asks only of bytes that are not all plain ASCII, and for
 * most of those the byte list is the answer, so it is written while the
 * question is asked, with no branch per byte. */
char *fmt_put_byte_list(char *p, const uint8_t *by, uint64_t n, bool *chars)
{
    unsigned no = 0;
    char *end = close_bits(p, put_comma_bytes(p + 1, by, n, &no));
    *chars = no == 0;
    return end;
}

char *fmt_put_latin1_bin(char *p, const uint8_t *by, uint64_t n, int64_t *wide)
{
    int64_t high = 0; /* latin1 chars above 127: two bytes of UTF-8 each */
    memcpy(p, "<<\"", 3);
    p += 3;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t ch = by[i];
        ASSERT(!NOT_LATIN1_CHAR[ch]);
        if (is_plain_in_string(ch)) {
            *p++ = (char)ch;
        } else {
            high += ch >= 0x80;
            p = put_char(p, ch, '"', false);
        }
    }
    memcpy(p, "\">>", 3);
    *wide = high;
    return p + 3;
}

fmt_cursor fmt_put_bits_at(fmt_buf *b, fmt_cursor c, const bin_view *view, int64_t depth)
{
    const bin_view v = *view;
    /* The bytes, then the tail bits if any, are the elements; with a depth
     * only the first depth - 1 of them are written, then "..." if more. */
    uint64_t elems = v.size + (v.bitsize != 0);
    uint64_t shown = depth > 0 && elems > (uint64_t)depth - 1 ? (uint64_t)depth - 1 : elems;
    uint64_t bytes = shown < v.size ? shown : v.size;
    c = fmt_need(b, c, 4 * bytes + 16); /* ",255" per byte, put_comma_byte's NULs */
    /* Every element is written as ",E" after "<", and the first comma then
     * becomes the second "<". */
    char *open = c.p, *p = c.p + 1;
    if (v.bitoffset == 0) {
        p = put_comma_bytes(p, v.bytes, bytes, NULL);
    } else {
        const bin_view w = v;
        for (uint64_t i = 0; i < bytes; i++)
            p = put_comma_byte(p, bin_byte_at(&w, i));
    }
    if (shown < elems) {
        memcpy(p, ",...", 4);
        p += 4;
    } else if (shown > bytes) { /* the tail bits: a number below 128 */
        p = put_comma_byte(p, (unsigned)bin_tail_bits(&v) >> (8 - v.bitsize));
        *p++ = ':';
        *p++ = (char)('0' + v.bitsize);
    }
    c.p = close_bits(open, p);
    return c;
}

/* fmt_put_bits_at for a bitstring term. */
static fmt_cursor put_bitstring(fmt_buf *b, fmt_cursor c, term_t bin, int64_t depth)
{
    bin_view v;
    bin_view_of(bin, &v);
    return fmt_put_bits_at(b, c, &v, depth);
}

void fmt_put_bitstring(fmt_buf *b, term_t bin, int depth)
{
    finish(b, put_bitstring(b, cursor_at_end(b), bin, depth));
}

void fmt_put_bits_view(fmt_buf *b, const bin_view *v, int depth)
{
    finish(b, fmt_put_bits_at(b, cursor_at_end(b), v, depth));
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
    fmt_cursor c = fmt_need(b, cursor_at_end(b), 1);
    *c.p++ = '"';
    for (uint64_t i = 0; i < nbytes;) {
        uint32_t ch = bin_byte_at(v, i);
        size_t len = 1;
        c = fmt_need(b, c, CHAR_ROOM);
        if (is_plain_in_string(ch)) {
            *c.p++ = (char)ch;
            i++;
            continue;
        }
        if (utf8 && !view_utf8(v, i, &ch, &len))
            ch = bin_byte_at(v, i), len = 1;
        c.p = put_char(c.p, ch, '"', true);
        i += len;
    }
    c = fmt_need(b, c, 1);
    *c.p++ = '"';
    finish(b, c);
}

/* ---- text width ------------------------------------------------------------------------ */

bool fmt_is_ascii(const char *s, size_t n)
{
    uint64_t any = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        any |= w;
    }
    for (; i < n; i++)
        any |= (unsigned char)s[i];
    return (any & UINT64_C(0x8080808080808080)) == 0;
}

size_t fmt_utf8_to_latin1(char *s, size_t n)
{
    if (fmt_is_ascii(s, n))
        return n;
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c == 0xC2 || c == 0xC3) && i + 1 < n) {
            s[w++] = (char)(((c & 0x03u) << 6) | ((unsigned char)s[i + 1] & 0x3Fu));
            i++;
        } else {
            s[w++] = (char)c;
        }
    }
    return w;
}

size_t fmt_text_width(const char *s, size_t n)
{
    if (fmt_is_ascii(s, n))
        return n;
    const unsigned char *u = (const unsigned char *)s;
    size_t chars = 0, len;
    bool wide = false;
    for (size_t i = 0; i < n; i += len) {
        wide |= unicode_decode_utf8(u + i, n - i, &len) > 0xFF;
        chars++;
    }
    if (!wide) /* io_lib:chars_length is iolist_size for latin1 text */
        return chars;
    return unicode_count_clusters(u, n); /* otherwise string:length/1 */
}

size_t fmt_text_prefix(const char *s, size_t n, size_t count, bool graphemes)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, len;
    for (size_t chars = 0; i < n && chars < count; chars++) {
        if (graphemes)
            i = unicode_cluster_end(u, n, i);
        else
            unicode_decode_utf8(u + i, n - i, &len), i += len;
    }
    return i;
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

/* The walk's state, in fmt_write's locals (see the cursor). */
typedef struct wstack {
    fmt_buf *b;
    fmt_cursor c;
    wframe *f;  /* the frames: scratch area 1 */
    size_t n;   /* frames in use */
    size_t cap; /* frames that fit */
} wstack;


/* push()'s slow path: scratch area 1 for n frames; returns it. */
static wframe *grow_stack(fmt_buf *b, size_t n) { return fmt_scratch(b, 1, n * sizeof(wframe)); }

static FMT_INLINE wframe *push(wstack *s, unsigned slots)
{
    if (s->n + slots > s->cap) {
        s->f = grow_stack(s->b, s->n + slots);
        s->cap = s->b->scratch[1].cap / sizeof(wframe);
    }
    s->n += slots;
    return s->f + s->n - 1;
}

/* Small integers and atoms: the leaves ~w meets most, written inline. */
static FMT_INLINE bool is_word_leaf(term_t t) { return term_is_small(t) || term_is_atom(t); }

/* Writes a word leaf; TOKEN_ROOM is enough for a small integer. */
static FMT_INLINE fmt_cursor put_word_leaf(fmt_buf *b, fmt_cursor c, term_t t, bool unicode)
{
    if (term_is_small(t)) {
        c = fmt_need(b, c, TOKEN_ROOM);
        c.p = fmt_put_int(c.p, small_value(t));
        return c;
    }
    return put_atom(b, c, t, unicode);
}

/* Writes ",E" for each element E of e[i..n) while it is a word leaf;
 * returns the index of the first that is not (n if none). */
static FMT_INLINE uint64_t put_leaf_run(fmt_buf *b, fmt_cursor *c, const term_t *e, uint64_t i, uint64_t n, bool unicode)
{
    for (; i < n; i++) {
        term_t t = e[i];
        if (term_is_small(t)) {
            *c = fmt_need(b, *c, TOKEN_ROOM);
            *c->p++ = ',';
            c->p = fmt_put_int(c->p, small_value(t));
        } else if (term_is_atom(t)) {
            *c = fmt_need(b, *c, 1);
            *c->p++ = ',';
            *c = put_atom(b, *c, t, unicode);
        } else {
            break;
        }
    }
    return i;
}

/* Writes t if it is a leaf; otherwise writes the container's opening and
 * pushes its frame. Returns the first child to write, or THE_NON_VALUE
 * (with *cd its depth). */
static FMT_INLINE term_t open_term(wstack *s, term_t t, int64_t d, bool unicode, int64_t *cd)
{
    fmt_buf *b = s->b;
    fmt_cursor *c = &s->c;
    if (is_word_leaf(t) && d != 0) {
        *c = put_word_leaf(b, *c, t, unicode);
        return THE_NON_VALUE;
    }
    *c = fmt_need(b, *c, TOKEN_ROOM);
    if (d == 0) {
        memcpy(c->p, "...", 3);
        c->p += 3;
        return THE_NON_VALUE;
    }
    switch (term_primary(t)) {
    case TAG_PRIMARY_IMMED1:
        if (term_is_nil(t)) {
            memcpy(c->p, "[]", 2);
            c->p += 2;
            return THE_NON_VALUE;
        }
        if (term_is_local_pid(t)) {
            *c = put_local_pid(b, *c, t);
            return THE_NON_VALUE;
        }
        break; /* port */
    case TAG_PRIMARY_LIST: {
        if (d == 1) {
            memcpy(c->p, "[...]", 5);
            c->p += 5;
            return THE_NON_VALUE;
        }
        *c->p++ = '[';
        wframe *f = push(s, 1);
        f->kind = W_LIST, f->depth = dec(d), f->t = list_tail(t);
        *cd = dec(d);
        return list_head(t);
    }
    case TAG_PRIMARY_BOXED:
        switch (term_boxed_subtag(t)) {
        case HDR_TUPLE: {
            uint64_t n = tuple_arity(t);
            if (n == 0) {
                memcpy(c->p, "{}", 2);
                c->p += 2;
            } else if (d == 1) {
                memcpy(c->p, "{...}", 5);
                c->p += 5;
            } else {
                *c->p++ = '{';
                uint64_t i = 0;
                const term_t *e = tuple_elems(t);
                if (d < 0 && is_word_leaf(e[0])) {
                    /* Unlimited depth: word leaves are written here, and
                     * a tuple of nothing else needs no frame. */
                    *c = put_word_leaf(b, *c, e[0], unicode);
                    i = put_leaf_run(b, c, e, 1, n, unicode);
                    *c = fmt_need(b, *c, 1);
                    if (i == n) {
                        *c->p++ = '}';
                        return THE_NON_VALUE;
                    }
                    *c->p++ = ',';
                }
                wframe *f = push(s, 1);
                f->kind = W_TUPLE, f->depth = dec(d), f->t = t, f->i = i + 1;
                *cd = dec(d);
                return tuple_get(t, i);
            }
            return THE_NON_VALUE;
        }
        case HDR_POS_BIG:
        case HDR_NEG_BIG:
            *c = put_decimal(b, *c, t);
            return THE_NON_VALUE;
        case HDR_FLOAT: /* as fmt_put_float */
            *c = fmt_need(b, *c, FLOAT_SHORT_MAX);
            c->p += fmt_float_short(float_value(t), c->p);
            return THE_NON_VALUE;
        case HDR_REFC_BIN:
        case HDR_HEAP_BIN:
        case HDR_SUB_BIN:
            *c = put_bitstring(b, *c, t, d < 0 ? -1 : (d > INT32_MAX ? INT32_MAX : (int)d));
            return THE_NON_VALUE;
        case HDR_MAP: {
            if (d == 1 || (map_is_flat(t) && flatmap_size(t) == 0)) { /* a trie is never empty */
                memcpy(c->p, "#{}", 3);
                c->p += 3;
                return THE_NON_VALUE;
            }
            memcpy(c->p, "#{", 2);
            c->p += 2;
            term_t k, v;
            wframe *f;
            if (map_is_flat(t)) {
                f = push(s, 1);
                f->kind = W_FLATMAP, f->i = 1;
                k = tuple_get(flatmap_keys(t), 0), v = flatmap_values(t)[0];
            } else {
                push(s, ITER_SLOTS);
                map_iter *it = (map_iter *)(void *)(s->f + s->n - ITER_SLOTS);
                map_iter_init_fold(it, t);
                map_iter_next(it, &k, &v);
                f = push(s, 1);
                f->kind = W_HASHMAP, f->i = ITER_SLOTS;
            }
            f->depth = dec(d), f->d0 = dec(d), f->t = t, f->pending = v;
            *cd = dec(d);
            return k;
        }
        }
        break; /* refs, funs, external pids and ports */
    }
    lend(b, *c);
    fmt_put_identity(b, t);
    *c = take_back(b);
    return THE_NON_VALUE;
}

/* Advances the top frame: writes separators and closers, returns the next
 * child to write (depth in *cd) or THE_NON_VALUE when the stack is empty. */
static FMT_INLINE term_t next_child(wstack *s, bool unicode, int64_t *cd)
{
    fmt_buf *b = s->b;
    fmt_cursor *c = &s->c;
    while (s->n > 0) {
        wframe *f = s->f + s->n - 1;
        switch (f->kind) {
        case W_LIST:
            if (f->depth < 0) {
                /* Unlimited depth: the integers and atoms that follow are
                 * written here (strings are lists of integers). */
                term_t l = f->t;
                for (; term_is_list(l); l = list_tail(l)) {
                    term_t h = list_head(l);
                    if (term_is_small(h)) {
                        *c = fmt_need(b, *c, TOKEN_ROOM);
                        *c->p++ = ',';
                        c->p = fmt_put_int(c->p, small_value(h));
                    } else if (term_is_atom(h)) {
                        *c = fmt_need(b, *c, 1);
                        *c->p++ = ',';
                        *c = put_atom(b, *c, h, unicode);
                    } else {
                        break;
                    }
                }
                f->t = l;
            }
            *c = fmt_need(b, *c, TOKEN_ROOM);
            if (term_is_nil(f->t)) {
                *c->p++ = ']';
                break;
            }
            if (f->depth == 1) {
                memcpy(c->p, "|...]", 5);
                c->p += 5;
                break;
            }
            *cd = f->depth = dec(f->depth);
            if (term_is_list(f->t)) {
                term_t h = list_head(f->t);
                f->t = list_tail(f->t);
                *c->p++ = ',';
                return h;
            } else {
                term_t other = f->t;
                f->t = NIL;
                *c->p++ = '|';
                return other;
            }
        case W_TUPLE:
            if (f->depth < 0) /* as for lists */
                f->i = put_leaf_run(b, c, tuple_elems(f->t), f->i, tuple_arity(f->t), unicode);
            *c = fmt_need(b, *c, TOKEN_ROOM);
            if (f->i == tuple_arity(f->t)) {
                *c->p++ = '}';
                break;
            }
            if (f->depth == 1) {
                memcpy(c->p, ",...}", 5);
                c->p += 5;
                break;
            }
            *cd = f->depth = dec(f->depth);
            *c->p++ = ',';
            return tuple_get(f->t, f->i++);
        default: { /* W_FLATMAP, W_HASHMAP */
            term_t k, v;
            *c = fmt_need(b, *c, TOKEN_ROOM);
            if (f->pending != THE_NON_VALUE) {
                v = f->pending;
                f->pending = THE_NON_VALUE;
                memcpy(c->p, " => ", 4);
                c->p += 4;
                *cd = f->d0;
                return v;
            }
            if (f->depth == 1) {
                memcpy(c->p, ",...}", 5);
                c->p += 5;
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
                *c->p++ = '}';
                break;
            }
            f->depth = dec(f->depth);
            f->pending = v;
            *c->p++ = ',';
            *cd = f->d0;
            return k;
        }
        }
        /* the frame is done */
        s->n -= 1 + (f->kind == W_HASHMAP ? f->i : 0);
    }
    return THE_NON_VALUE;
}

/* io_lib:write(T, D) for any depth, the walk on an explicit stack: ~W, and
 * ~w below FAST_LEVELS of nesting. */
static void walk(fmt_buf *b, term_t t, int64_t d, bool unicode)
{
    wstack s = {b, cursor_at_end(b), b->scratch[1].p, 0, b->scratch[1].cap / sizeof(wframe)};
    for (;;) {
        while (t != THE_NON_VALUE)
            t = open_term(&s, t, d, unicode, &d);
        t = next_child(&s, unicode, &d);
        if (t == THE_NON_VALUE)
            break;
    }
    finish(b, s.c);
}

/* ---- ~w at unlimited depth ------------------------------------------------------------ */

/* ~w (no depth limit) is the common case and has no depth to count, so it
 * gets its own walk: C recursion on containers, FAST_LEVELS deep at most,
 * below which walk() takes over. Each container's elements are written as
 * ",E" and the first comma becomes the opener afterwards, so the loops over
 * elements have no first-element case. */
#define FAST_LEVELS 48

/* Lists are mostly runs of cells laid out one after the other (strings
 * especially): reading this far ahead hides the memory latency of a list
 * that is not in the cache. A prefetch never faults, wherever it points. */
#define LIST_PREFETCH 256
#ifdef __GNUC__
#define PREFETCH(a) __builtin_prefetch(a)
#else
#define PREFETCH(a) ((void)(a))
#endif

/* Each kind write_nested meets has its own function, not inlined into it:
 * write_nested is then a dispatch that ends in a jump (a sibling call) and
 * keeps no frame, and a leaf (a float, a binary) does not pay for the
 * registers a container's loop saves. */
static FMT_NOINLINE char *write_list(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level);
static FMT_NOINLINE char *write_tuple(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level);
static FMT_NOINLINE char *write_map(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level);
static FMT_NOINLINE char *write_other(fmt_buf *b, char *p, term_t t, bool unicode);

static char *write_nested(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level);
static FMT_NOINLINE char *write_bits(fmt_buf *b, char *p, term_t t);
static FMT_NOINLINE char *write_bits_view(fmt_buf *b, char *p, term_t t);
static FMT_NOINLINE char *write_big(fmt_buf *b, char *p, term_t t);
static FMT_NOINLINE char *write_pid(fmt_buf *b, char *p, term_t t);

/* Writes t at c, which has room for a small integer's text (TOKEN_ROOM).
 * Small integers and atoms, the leaves met most, are tested first and
 * written here; an integer by fmt_put_int, with no branch on 0..999:
 * write_list takes string chars before they get here, and other integers
 * come with every number of digits. The cursor goes to
 * write_nested as one pointer: passed as a pair, gcc moves it through
 * memory in a way that stalls store forwarding on entry. */
static FMT_INLINE fmt_cursor write_elem(fmt_buf *b, fmt_cursor c, term_t t, bool unicode, unsigned level)
{
    if (term_is_small(t)) {
        c.p = fmt_put_int(c.p, small_value(t));
        return c;
    }
    if (term_is_atom(t))
        return put_atom(b, c, t, unicode);
    c.p = write_nested(b, c.p, t, unicode, level + 1);
    c.lim = b->data + b->cap;
    return c;
}

/* Any term but a small integer or an atom, at nesting `level`, at p
 * (TOKEN_ROOM) in b's text; returns the end. Tests, not a switch: the
 * kinds come in random order, and a jump table's indirect jump is
 * mispredicted more often than a few tests ordered by frequency. */
static char *write_nested(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level)
{
    if (term_is_list(t))
        return write_list(b, p, t, unicode, level);
    if (term_is_boxed(t)) {
        unsigned st = header_subtag(*boxed_ptr(t));
        if (st == HDR_TUPLE)
            return write_tuple(b, p, t, unicode, level);
        if (st == HDR_FLOAT) /* p has TOKEN_ROOM: FLOAT_SHORT_MAX */
            return p + fmt_float_short(float_value(t), p);
        if (st - HDR_REFC_BIN <= HDR_SUB_BIN - HDR_REFC_BIN)
            return write_bits(b, p, t);
        if (st == HDR_MAP)
            return write_map(b, p, t, unicode, level);
        if (st - HDR_POS_BIG <= HDR_NEG_BIG - HDR_POS_BIG)
            return write_big(b, p, t);
    } else if (term_is_nil(t)) {
        memcpy(p, "[]", 2);
        return p + 2;
    } else if (term_is_local_pid(t)) {
        return write_pid(b, p, t);
    }
    return write_other(b, p, t, unicode);
}

/* The leaves write_nested leaves to others, at p (TOKEN_ROOM) in b's text;
 * each returns the end. */

/* Heap and refc binaries, nearly all of them, are read in place (bytes
 * and size, no bin_view) when the buffer has room for them, by a leaf
 * function with no registers to save; the rest go to write_bits_view. */
static FMT_NOINLINE char *write_bits(fmt_buf *b, char *p, term_t t)
{
    const term_t *o = boxed_ptr(t);
    unsigned st = header_subtag(o[0]);
    if (st != HDR_HEAP_BIN && st != HDR_REFC_BIN)
        return write_bits_view(b, p, t);
    uint64_t n;
    const uint8_t *by = whole_bin_bytes(o, &n);
    if (FMT_BYTE_LIST_ROOM(n) >= (size_t)(b->data + b->cap - p))
        return write_bits_view(b, p, t);
    return put_byte_list(p, by, n);
}

/* write_bits' slow path: sub binaries, and binaries the buffer has no
 * room for yet. */
static FMT_NOINLINE char *write_bits_view(fmt_buf *b, char *p, term_t t)
{
    return put_bitstring(b, (fmt_cursor){p, b->data + b->cap}, t, -1).p;
}

/* A bignum of one limb, the common case (64-bit values), is at least
 * 2^59: fmt_put_big1, in the TOKEN_ROOM p has. */
static FMT_NOINLINE char *write_big(fmt_buf *b, char *p, term_t t)
{
    if (big_limb_count(t) != 1)
        return put_decimal(b, (fmt_cursor){p, b->data + b->cap}, t).p;
    return fmt_put_big1(p, t);
}

static FMT_NOINLINE char *write_pid(fmt_buf *b, char *p, term_t t)
{
    return put_local_pid(b, (fmt_cursor){p, b->data + b->cap}, t).p;
}

/* Ports, refs, funs, external pids; hash maps and terms nested deeper than
 * FAST_LEVELS: walk() at p in b's text; returns the end. */
static char *write_other(fmt_buf *b, char *p, term_t t, bool unicode)
{
    b->len = (size_t)(p - b->data);
    walk(b, t, -1, unicode);
    return b->data + b->len;
}

/* List t at nesting `level`, at p (TOKEN_ROOM) in b's text; returns the
 * end. Writes ",E" for each element, then "|Tail" if improper, and "]",
 * and turns the first comma into "[". */
static char *write_list(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level)
{
    if (level >= FAST_LEVELS)
        return write_other(b, p, t, unicode);
    size_t open = (size_t)(p - b->data);
    fmt_cursor c = {p, b->data + b->cap};
    const term_t *cell = list_ptr(t);
    do {
        PREFETCH((const char *)cell + LIST_PREFETCH);
        c = fmt_need(b, c, TOKEN_ROOM);
        if (is_byte(cell[0])) {
            /* Strings: two chars a step from cells one after the other. */
            c.p = put_comma_byte(c.p, cell[0] >> 4);
            if (cell[1] == term_list(cell + 2) && is_byte(cell[2])) {
                c.p = put_comma_byte(c.p, cell[2] >> 4);
                cell += 2;
            }
        } else {
            *c.p++ = ',';
            c = write_elem(b, c, cell[0], unicode, level);
        }
    } while ((cell = fmt_next_cell(cell, &t)) != NULL);
    c = fmt_need(b, c, TOKEN_ROOM);
    if (!term_is_nil(t)) {
        *c.p++ = '|';
        c = write_elem(b, c, t, unicode, level);
        c = fmt_need(b, c, 1);
    }
    *c.p++ = ']';
    b->data[open] = '[';
    return c.p;
}

/* Tuple t, as write_list: ",E" for each element, then "}". */
static char *write_tuple(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level)
{
    const term_t *e = tuple_elems(t);
    uint64_t n = header_arity(e[-1]);
    if (n == 0) {
        memcpy(p, "{}", 2);
        return p + 2;
    }
    if (level >= FAST_LEVELS)
        return write_other(b, p, t, unicode);
    size_t open = (size_t)(p - b->data);
    fmt_cursor c = {p, b->data + b->cap};
    for (uint64_t i = 0; i < n; i++) {
        c = fmt_need(b, c, TOKEN_ROOM);
        *c.p++ = ',';
        c = write_elem(b, c, e[i], unicode, level);
    }
    c = fmt_need(b, c, 1);
    *c.p++ = '}';
    b->data[open] = '{';
    return c.p;
}

/* Map t, as write_list: "#{K => V,...}"; hash maps go to walk(), which
 * keeps their iterator. */
static char *write_map(fmt_buf *b, char *p, term_t t, bool unicode, unsigned level)
{
    if (!map_is_flat(t) || level >= FAST_LEVELS)
        return write_other(b, p, t, unicode);
    uint64_t n = flatmap_size(t);
    fmt_cursor c = {p, b->data + b->cap};
    if (n == 0) {
        memcpy(c.p, "#{}", 3);
        return c.p + 3;
    }
    const term_t *k = tuple_elems(flatmap_keys(t)), *v = flatmap_values(t);
    c = fmt_need(b, c, TOKEN_ROOM + 2); /* the first key gets TOKEN_ROOM too */
    memcpy(c.p, "#{", 2);
    c.p += 2;
    for (uint64_t i = 0; i < n; i++) {
        if (i > 0)
            *c.p++ = ',';
        c = write_elem(b, c, k[i], unicode, level);
        c = fmt_need(b, c, TOKEN_ROOM + 4);
        memcpy(c.p, " => ", 4);
        c.p += 4;
        c = write_elem(b, c, v[i], unicode, level);
        c = fmt_need(b, c, TOKEN_ROOM);
    }
    *c.p++ = '}';
    return c.p;
}

void fmt_write(fmt_buf *b, term_t t, int depth, bool unicode)
{
    if (depth >= 0) {
        walk(b, t, depth, unicode);
        return;
    }
    fmt_cursor c = fmt_need(b, cursor_at_end(b), TOKEN_ROOM);
    finish(b, write_elem(b, c, t, unicode, 0));
}
