/* erts.c: the emulator's own term text, erts_printf's %T: what
 * erlang:display/1 prints and OTP's match spec errors and {display, T}
 * quote. It is not io_lib's ~w: floats print as C's %e, a list of latin1
 * characters that are printable or white space prints as a string with
 * only '"' and newline escaped, a binary of printable ASCII as <<"...">>,
 * map pairs as K=>V, and an atom is quoted unless it is a latin1 lower case
 * letter followed by letters, digits and '_' (reserved words too). */
#include "format/format.h"

#include <stdio.h>
#include <string.h>

/* The output and where it is cut: the text stops at `limit` bytes of b. */
typedef struct pbuf {
    fmt_buf *b;
    size_t limit;
} pbuf;

static bool full(const pbuf *o) { return o->b->len >= o->limit; }

static void put(pbuf *o, const char *s, size_t n)
{
    if (o->b->len + n > o->limit)
        n = o->limit - o->b->len;
    if (n)
        fmt_buf_put(o->b, s, n);
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

/* A fun: "fun M:F/A" for an export, "#Fun<Mod.Index.Uniq>" (the module
 * name's bytes unquoted) for a local one. */
static void put_fun(pbuf *o, term_t t)
{
    if (term_is_export(t)) {
        const export_obj *x = export_object(t);
        puts_(o, "fun ");
        put_atom(o, x->module);
        putc_(o, ':');
        put_atom(o, x->function);
        putc_(o, '/');
        put_u64(o, x->arity);
        return;
    }
    const fun_obj *f = fun_object(t);
    size_t n;
    const char *s = atom_text(f->module, &n);
    puts_(o, "#Fun<");
    put(o, s, n);
    putc_(o, '.');
    put_i64(o, (int32_t)(uint32_t)f->old_index);
    putc_(o, '.');
    put_i64(o, (int32_t)(uint32_t)f->old_uniq);
    putc_(o, '>');
}

/* Pids, ports, refs: as io_lib's ~w writes them (ASCII). */
static void put_identity(pbuf *o, term_t t)
{
    if (term_is_any_fun(t)) {
        put_fun(o, t);
        return;
    }
    fmt_write(o->b, t, -1, false);
    if (o->b->len > o->limit) {
        o->b->len = o->limit;
        o->b->data[o->limit] = '\0';
    }
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
        } else if (term_is_map(t) && map_is_flat(t)) {
            puts_(o, "#{");
            ppush(&s, (pitem){.what = W_TEXT, .text = "}"});
            uint64_t n = flatmap_size(t);
            if (n)
                ppush(&s, (pitem){.what = W_PAIRS,
                                  .p = tuple_elems(flatmap_keys(t)),
                                  .q = flatmap_values(t),
                                  .n = n});
        } else if (term_is_map(t)) {
            /* a large map's trie as it is, as OTP prints its own (the
             * same, map.c shapes it as OTP does): "#<Bitmap>{" for the
             * root, "<Bitmap>{" for an inner node, bitmaps in hex; the
             * children in slot order, a leaf the cons [Key|Value] */
            const term_t *node = boxed_ptr(t);
            char hex[16];
            snprintf(hex, sizeof hex, "<%x>{", map_node_bitmap(node));
            if (map_node_kind(node) == MAP_KIND_HASH_ROOT)
                putc_(o, '#');
            puts_(o, hex);
            ppush(&s, (pitem){.what = W_TEXT, .text = "}"});
            unsigned n;
            const term_t *kids = map_node_children(node, &n);
            if (n)
                ppush(&s, (pitem){.what = W_ELEMS, .p = kids, .n = n});
        } else if (term_is_bitstring(t)) {
            put_binary(o, t);
        } else {
            put_identity(o, t);
        }
    }
    if (s.v)
        alloc_free(ALLOC_TEMP, s.v, s.cap * sizeof *s.v);
}

void fmt_erts(fmt_buf *b, term_t t, size_t limit)
{
    pbuf o = {b, limit > SIZE_MAX - b->len ? SIZE_MAX : b->len + limit};
    print_term(&o, t);
    fmt_buf_reserve(b, 0)[0] = '\0'; /* NUL-terminated even for no output */
}

void fmt_erts_fun(fmt_buf *b, term_t t)
{
    pbuf o = {b, SIZE_MAX};
    put_fun(&o, t);
}

size_t fmt_erts_chars(char *buf, size_t cap, term_t t)
{
    if (cap == 0)
        return 0;
    fmt_buf b;
    fmt_buf_init(&b);
    fmt_erts(&b, t, cap - 1);
    memcpy(buf, b.data, b.len + 1);
    size_t n = b.len;
    fmt_buf_free(&b);
    return n;
}
