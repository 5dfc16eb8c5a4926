/* pretty.c: ~p, ~P and ~tp: OTP 25's io_lib_pretty:print/2, byte for byte.
 * io_lib_pretty builds a sized tree of the whole term and then lays it out;
 * here widths are measured on demand, capped at what a line can hold, and
 * both the measuring and the layout walk the term on an explicit stack kept
 * in scratch area 0 of the fmt_buf: no C recursion on term depth, and a
 * reused buffer stops allocating. docs/internals/format.md has the rules. */
#include "format/format.h"

#include <stdint.h>
#include <string.h>

#include "format/write.h"

/* ---- nodes -------------------------------------------------------------------
 * A node is a term seen at a print depth (-1: unlimited), classified as
 * io_lib_pretty's print_length/6 would: leaves are what it keeps as plain
 * text (the ?ATM test of its layout), containers are broken across lines.
 * A list at depth 1 is a container ("[...]"), as in OTP. */

enum node_kind {
    N_ATOM,
    N_INT,
    N_FLOAT,
    N_IDENT,  /* pid, port, reference, fun */
    N_CONST,  /* fixed text: [] {} #{} <<>> {...} #{...} <<...>> */
    N_STRING, /* printable list */
    N_BINSTR, /* printable binary, possibly a prefix of it */
    N_LEAVES, /* kinds below are containers */
    N_LIST = N_LEAVES,
    N_TUPLE,
    N_TAGGED, /* tuple of 2+ elements whose first is an atom */
    N_MAP,
    N_BITS /* binary or bitstring written byte by byte */
};

typedef struct node {
    term_t t;
    int64_t d;
    uint8_t kind;
    bool utf8;          /* N_BINSTR: the "/utf8" form */
    bool dots;          /* N_BINSTR: only a prefix, "..." follows */
    bool plain;         /* N_STRING, N_BINSTR (latin1): ASCII, no escapes */
    const char *text;   /* N_CONST */
    uint64_t nbytes;    /* N_BINSTR: bytes shown between the quotes */
    int64_t width;      /* N_CONST, N_STRING, N_BINSTR: chars of the text */
} node;

static bool is_leaf(const node *n) { return n->kind < N_LEAVES; }

/* Depth of the next level down, as print_length's D - 1; -1 stays -1. */
static int64_t depth_down(int64_t d) { return d < 0 ? -1 : d - 1; }

/* ---- the walking stack ---------------------------------------------------------
 * Frames live in scratch area 0 and are addressed by offset, because growing
 * the area may move it: never hold a frame pointer across a push. */

#define NO_FRAME SIZE_MAX

/* The items of a container in print_length's order: elements, then the end,
 * "..." when the depth runs out, or a list's improper tail. */
typedef struct seq {
    term_t t;      /* list: what is left of it; tuple, map: the term */
    uint64_t i, n; /* tuple, map: items taken, items in all */
    int64_t d;     /* the depth left, as print_length_list1's D */
    int64_t pd;    /* map: depth of every key and value */
    uint8_t kind;  /* N_LIST, N_TUPLE, N_TAGGED, N_MAP */
    bool hash;     /* map in trie form: a map_iter follows the frame */
} seq;

enum item_kind { IT_END, IT_DOTS, IT_ELEM, IT_TAIL, IT_PAIR };
typedef struct item {
    int kind;
    term_t t, v; /* element or tail; IT_PAIR: key and value */
    int64_t d;
} item;

enum frame_kind { FR_SEQ, FR_PAIR };
enum frame_state { ST_FIRST, ST_TAIL, ST_DONE };

typedef struct frame {
    size_t below; /* offset of the frame under this one */
    seq s;        /* FR_SEQ */
    /* layout: continuation column, current column, closing brackets owed
     * after the last element (io_lib_pretty's LD), width so far (its W) */
    int64_t col0, col, ld, w;
    term_t v; /* FR_PAIR: the value still to print, at depth vd */
    int64_t vd;
    uint8_t kind, state;
    bool check; /* the cind checks are on for this frame's items */
} frame;

typedef struct pctx {
    fmt_buf *b;
    size_t cur; /* offset of the top frame, NO_FRAME when empty */
    size_t top; /* first free byte of the scratch area */
    int64_t ll; /* line length */
    int64_t m;  /* io_lib_pretty's M: the whole term's width, capped */
    int64_t tind;
    bool unicode;
    bool emit;  /* the layout's text is kept (pp/8) */
    bool check; /* cind/7's checks are made: the layout may fail */
} pctx;

static frame *frame_at(const pctx *c, size_t off) { return (frame *)(void *)((char *)c->b->scratch[0].p + off); }
static map_iter *iter_at(const pctx *c, size_t off) { return (map_iter *)(void *)((char *)c->b->scratch[0].p + off + sizeof(frame)); }

static size_t push_frame(pctx *c, uint8_t kind, bool with_iter)
{
    size_t off = (c->top + 15) & ~(size_t)15;
    size_t need = off + sizeof(frame) + (with_iter ? sizeof(map_iter) : 0);
    if (need > c->b->scratch[0].cap)
        fmt_scratch(c->b, 0, need);
    c->top = need;
    frame *f = frame_at(c, off);
    f->below = c->cur;
    f->kind = kind;
    f->state = ST_FIRST;
    f->check = c->check;
    c->cur = off;
    return off;
}

static void pop_frame(pctx *c)
{
    c->top = c->cur;
    c->cur = frame_at(c, c->cur)->below;
}

/* ---- classifying -------------------------------------------------------------- */

/* Width of latin1 char ch inside "..." as io_lib:write_string writes it
 * (2 for \" \\ \b \t \n \v \f \r \e), or 0 when
 * io_lib:printable_latin1_list/1 does not accept it. The latin1 range is
 * io:printable_range(), OTP's default, so this decides for ~p and ~tp. */
static inline unsigned char_width(int64_t ch)
{
    if (ch >= 32 && ch <= 126)
        return ch == '"' || ch == '\\' ? 2 : 1;
    if (ch >= 160 && ch <= 255)
        return 1;
    return (ch >= '\b' && ch <= '\r') || ch == 033 ? 2 : 0;
}

/* printable_list/1 of a list, and the width of the string text. */
static bool scan_string(term_t l, node *n)
{
    int64_t w = 2;
    bool plain = true;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t h = list_head(l);
        if (!term_is_small(h))
            return false;
        int64_t ch = small_value(h);
        unsigned cw = char_width(ch);
        if (cw == 0)
            return false;
        plain &= cw == 1 && ch < 127;
        w += cw;
    }
    if (!term_is_nil(l))
        return false;
    n->width = w;
    n->plain = plain;
    return true;
}

/* Width of "..." holding the first nbytes of v, UTF-8 already validated. */
static int64_t utf8_width(const bin_view *v, uint64_t nbytes)
{
    int64_t w = 2;
    for (uint64_t i = 0; i < nbytes; i++) {
        uint8_t by = bin_byte_at(v, i);
        if ((by & 0xC0) != 0x80)
            w += by < 128 ? char_width(by) : 1;
    }
    return w;
}

static void set_binstr(node *n, uint64_t nbytes, bool utf8, bool dots, int64_t swidth)
{
    n->kind = N_BINSTR;
    n->nbytes = nbytes;
    n->utf8 = utf8;
    n->dots = dots;
    n->width = 4 + (dots ? 3 : 0) + (utf8 ? 5 : 0) + swidth;
}

/* print_length of a non-empty bitstring at depth d != 1: printable_bin0/4
 * and printable_bin/4 decide between <<"...">>, <<"..."...>>,
 * <<"..."/utf8>>, <<"..."/utf8...>> and the byte list. */
static void classify_bin(const pctx *c, node *n)
{
    bin_view v;
    bin_view_of(n->t, &v);
    n->kind = N_BITS;
    if (v.bitsize != 0)
        return;
    int64_t d1 = n->d < 0 ? -1 : n->d - 1;
    uint64_t size = v.size;
    uint64_t len = d1 >= 0 && (uint64_t)d1 * 4 < size ? (uint64_t)d1 * 4 : size;
    if (len == 0)
        return;
    if (c->unicode && fmt_valid_utf8(&v, len)) {
        size_t nb;
        size_t nc = fmt_printable_utf8(&v, len, false, &nb);
        if (nb == size || (d1 > 0 && nc >= (uint64_t)d1))
            set_binstr(n, nb, nb != nc, nb != size, utf8_width(&v, nb));
        return;
    }
    /* The latin1 test looks at 20 bytes, then on to len; whatever it
     * decides shows exactly the printable prefix q. */
    uint64_t first = len < 20 ? len : 20, q = 0;
    int64_t w = 2;
    bool plain = true;
    for (; q < len; q++) {
        uint8_t by = bin_byte_at(&v, q);
        unsigned cw = char_width(by);
        if (cw == 0)
            break;
        plain &= cw == 1 && by < 127;
        w += cw;
    }
    n->plain = plain;
    if (q < first) {
        if (d1 > 0 && q >= (uint64_t)d1)
            set_binstr(n, q, false, true, w);
    } else if (first == size || (q == len && size == len)) {
        set_binstr(n, size, false, false, w);
    } else if (first == len || (d1 > 0 && q >= (uint64_t)d1)) {
        set_binstr(n, q, false, true, w);
    }
}

static void set_const(node *n, const char *text)
{
    n->kind = N_CONST;
    n->text = text;
    n->width = (int64_t)strlen(text);
}

static void classify(const pctx *c, term_t t, int64_t d, node *n)
{
    n->t = t;
    n->d = d;
    n->width = -1;
    n->plain = false;
    if (term_is_atom(t)) {
        n->kind = N_ATOM;
    } else if (term_is_small(t) || term_is_big(t)) {
        n->kind = N_INT;
    } else if (term_is_float(t)) {
        n->kind = N_FLOAT;
    } else if (term_is_nil(t)) {
        set_const(n, "[]");
    } else if (term_is_list(t)) {
        n->kind = d != 1 && scan_string(t, n) ? N_STRING : N_LIST;
    } else if (term_is_tuple(t)) {
        uint64_t a = tuple_arity(t);
        if (a == 0)
            set_const(n, "{}");
        else if (d == 1)
            set_const(n, "{...}");
        else
            n->kind = a > 1 && term_is_atom(tuple_get(t, 0)) ? N_TAGGED : N_TUPLE;
    } else if (term_is_map(t)) {
        if (map_size(t) == 0)
            set_const(n, "#{}");
        else if (d == 1)
            set_const(n, "#{...}");
        else
            n->kind = N_MAP;
    } else if (term_is_bitstring(t)) {
        bin_view v;
        bin_view_of(t, &v);
        if (bin_bit_size(&v) == 0)
            set_const(n, "<<>>");
        else if (d == 1)
            set_const(n, "<<...>>");
        else
            classify_bin(c, n);
    } else {
        n->kind = N_IDENT;
    }
}

/* ---- items of a container --------------------------------------------------------- */

static void seq_init(pctx *c, size_t off, const node *n)
{
    frame *f = frame_at(c, off);
    seq *s = &f->s;
    s->t = n->t;
    s->d = n->d;
    s->kind = n->kind;
    s->i = 0;
    s->hash = false;
    if (n->kind == N_TUPLE || n->kind == N_TAGGED) {
        s->n = tuple_arity(n->t);
    } else if (n->kind == N_MAP) {
        s->n = map_size(n->t);
        s->pd = depth_down(n->d);
        s->hash = !map_is_flat(n->t);
        if (s->hash)
            map_iter_init_fold(iter_at(c, off), n->t); /* maps:iterator order */
    }
}

/* A container frame, its map iterator behind it when it needs one. */
static size_t push_seq(pctx *c, const node *n)
{
    bool hash = n->kind == N_MAP && !map_is_flat(n->t);
    size_t off = push_frame(c, FR_SEQ, hash);
    seq_init(c, off, n);
    return off;
}

static void seq_next(pctx *c, size_t off, item *it)
{
    seq *s = &frame_at(c, off)->s;
    if (s->kind == N_LIST) {
        if (term_is_nil(s->t)) {
            it->kind = IT_END;
        } else if (s->d == 1) {
            it->kind = IT_DOTS;
        } else if (term_is_list(s->t)) {
            it->kind = IT_ELEM;
            it->t = list_head(s->t);
            it->d = depth_down(s->d);
            s->t = list_tail(s->t);
            s->d = depth_down(s->d);
        } else {
            it->kind = IT_TAIL;
            it->t = s->t;
            it->d = depth_down(s->d);
            s->t = NIL;
        }
        return;
    }
    if (s->i >= s->n) {
        it->kind = IT_END;
    } else if (s->d == 1) {
        it->kind = IT_DOTS;
    } else if (s->kind == N_MAP) {
        it->kind = IT_PAIR;
        it->d = s->pd;
        if (s->hash) {
            map_iter_next(iter_at(c, off), &it->t, &it->v);
        } else {
            it->t = tuple_get(flatmap_keys(s->t), s->i);
            it->v = flatmap_values(s->t)[s->i];
        }
        s->i++;
        s->d = depth_down(s->d);
    } else {
        it->kind = IT_ELEM;
        it->t = tuple_get(s->t, s->i);
        it->d = depth_down(s->d);
        s->i++;
        s->d = depth_down(s->d);
    }
}

/* Whether another element or pair follows (io_lib_pretty's last_depth/2
 * answers 0 then, LD + 1 before "...", a tail or the end). */
static bool seq_more(const seq *s)
{
    if (s->d == 1)
        return false;
    return s->kind == N_LIST ? term_is_list(s->t) : s->i < s->n;
}

static char seq_sep(const seq *s) { return s->kind == N_LIST ? '|' : ','; }
static char seq_close(const seq *s) { return s->kind == N_LIST ? ']' : '}'; }

/* ---- leaves ---------------------------------------------------------------------- */

static unsigned byte_digits(unsigned x) { return x < 10 ? 1 : x < 100 ? 2 : 3; }

static void put_leaf(pctx *c, const node *n)
{
    fmt_buf *b = c->b;
    switch (n->kind) {
    case N_ATOM:
        fmt_put_atom(b, n->t, c->unicode);
        break;
    case N_INT:
        fmt_put_integer(b, n->t, 10);
        break;
    case N_FLOAT:
        fmt_put_float(b, float_value(n->t));
        break;
    case N_IDENT:
        fmt_put_identity(b, n->t);
        break;
    case N_CONST:
        fmt_buf_put(b, n->text, (size_t)n->width);
        break;
    case N_STRING:
        if (n->plain) { /* nothing to escape: the chars as they are */
            char *p = fmt_buf_reserve(b, (size_t)n->width);
            *p++ = '"';
            for (term_t l = n->t; term_is_list(l); l = list_tail(l))
                *p++ = (char)small_value(list_head(l));
            *p = '"';
            b->len += (size_t)n->width;
            b->data[b->len] = '\0';
        } else {
            fmt_put_string(b, n->t, SIZE_MAX, c->unicode);
        }
        break;
    case N_BINSTR: {
        bin_view v;
        bin_view_of(n->t, &v);
        fmt_buf_put(b, "<<", 2);
        if (n->plain && !n->utf8 && v.bitoffset == 0) {
            fmt_buf_putc(b, '"');
            fmt_buf_put(b, (const char *)v.bytes, n->nbytes);
            fmt_buf_putc(b, '"');
        } else {
            fmt_put_bin_string(b, &v, n->nbytes, n->utf8);
        }
        if (n->utf8)
            fmt_buf_put(b, "/utf8", 5);
        if (n->dots)
            fmt_buf_put(b, "...", 3);
        fmt_buf_put(b, ">>", 2);
        break;
    }
    default:
        break;
    }
}

static void truncate_to(fmt_buf *b, size_t mark)
{
    b->len = mark;
    if (b->data)
        b->data[mark] = '\0';
}

/* io_lib:chars_length of what was written since `mark`. */
static int64_t width_since(const fmt_buf *b, size_t mark)
{
    const unsigned char *p = (const unsigned char *)b->data + mark;
    size_t n = b->len - mark;
    for (size_t i = 0; i < n; i++)
        if (p[i] >= 0x80)
            return (int64_t)fmt_text_width((const char *)p, n);
    return (int64_t)n;
}

/* Width of io_lib:write_binary(B, D) for a non-empty bitstring; counting
 * stops once it reaches cap. */
static int64_t bits_width(const node *n, int64_t cap)
{
    bin_view v;
    bin_view_of(n->t, &v);
    int64_t w = 4, d = n->d;
    for (uint64_t i = 0; w < cap; i++) {
        if (i == v.size && v.bitsize == 0)
            break;
        if (d == 1) {
            w += 3;
            break;
        }
        if (i == v.size) {
            unsigned x = bin_tail_bits(&v) >> (8 - v.bitsize);
            w += byte_digits(x) + 2;
            break;
        }
        w += byte_digits(bin_byte_at(&v, i));
        if (i + 1 < v.size || v.bitsize != 0)
            w++;
        d = depth_down(d);
    }
    return w; /* >= cap when cut short */
}

/* ---- one line ----------------------------------------------------------------------
 * io_lib_pretty's write/1 of a node. Measuring is writing: flat() writes at
 * the end of the buffer and counts, so that a node that fits is written
 * once; the caller takes the text back when it does not fit. */

static void flat_add(fmt_buf *b, const char *s, size_t n, int64_t *len)
{
    fmt_buf_put(b, s, n);
    *len += (int64_t)n;
}

/* Writes a leaf, or a container's opening and pushes its frame. Text whose
 * width is known beforehand is not written when it would reach cap. */
static void flat_visit(pctx *c, const node *n, int64_t cap, int64_t *len)
{
    fmt_buf *b = c->b;
    if (is_leaf(n)) {
        if (n->width >= 0 && n->width >= cap - *len) {
            *len += n->width;
            return;
        }
        size_t mark = b->len;
        put_leaf(c, n);
        if (n->width >= 0)
            *len += n->width;
        else if (n->kind == N_INT || n->kind == N_FLOAT)
            *len += (int64_t)(b->len - mark); /* ASCII */
        else
            *len += width_since(b, mark);
    } else if (n->kind == N_BITS) {
        int64_t w = bits_width(n, cap - *len);
        if (w < cap - *len)
            fmt_put_bitstring(b, n->t, n->d < 0 ? -1 : (int)n->d);
        *len += w;
    } else {
        if (n->kind == N_LIST)
            flat_add(b, "[", 1, len);
        else if (n->kind == N_MAP)
            flat_add(b, "#{", 2, len);
        else
            flat_add(b, "{", 1, len);
        push_seq(c, n);
    }
}

/* Writes the node on one line and returns its width, or stops once the
 * width reaches cap and returns something >= cap (the text is partial). */
static int64_t flat(pctx *c, const node *root, int64_t cap)
{
    if (cap <= 0)
        return cap;
    size_t cur0 = c->cur, top0 = c->top;
    fmt_buf *b = c->b;
    int64_t len = 0;
    node n;
    flat_visit(c, root, cap, &len);
    while (c->cur != cur0 && len < cap) {
        size_t off = c->cur;
        frame *f = frame_at(c, off);
        if (f->kind == FR_PAIR) {
            if (f->state == ST_FIRST) {
                f->state = ST_TAIL;
                flat_add(b, " => ", 4, &len);
                classify(c, f->v, f->vd, &n);
                flat_visit(c, &n, cap, &len);
            } else {
                pop_frame(c);
            }
            continue;
        }
        bool first = f->state == ST_FIRST;
        f->state = ST_TAIL;
        char sep = seq_sep(&f->s), close = seq_close(&f->s);
        item it;
        seq_next(c, off, &it);
        switch (it.kind) {
        case IT_END:
            flat_add(b, &close, 1, &len);
            pop_frame(c);
            break;
        case IT_DOTS:
            if (!first)
                flat_add(b, &sep, 1, &len);
            flat_add(b, "...", 3, &len);
            flat_add(b, &close, 1, &len);
            pop_frame(c);
            break;
        case IT_TAIL:
            flat_add(b, "|", 1, &len);
            classify(c, it.t, it.d, &n);
            flat_visit(c, &n, cap, &len);
            break;
        case IT_ELEM:
            if (!first)
                flat_add(b, ",", 1, &len);
            classify(c, it.t, it.d, &n);
            flat_visit(c, &n, cap, &len);
            break;
        case IT_PAIR: {
            if (!first)
                flat_add(b, ",", 1, &len);
            size_t poff = push_frame(c, FR_PAIR, false);
            frame *p = frame_at(c, poff);
            p->v = it.v;
            p->vd = it.d;
            classify(c, it.t, it.d, &n);
            flat_visit(c, &n, cap, &len);
            break;
        }
        }
    }
    c->cur = cur0;
    c->top = top0;
    return len;
}

/* ---- layout --------------------------------------------------------------------------
 * io_lib_pretty's pp/8 family (c->emit) and its cind/7 family (c->check),
 * run as one walk when both are on: then M is capped (see fmt_pretty) and
 * cind's walk is pp's except at an improper tail. Columns are 1-based; a
 * line continued at column col0 is indented by col0 - 1 spaces. */

static void put(pctx *c, const char *s, size_t n)
{
    if (c->emit)
        fmt_buf_put(c->b, s, n);
}

static void put_newline(pctx *c, int64_t col0)
{
    if (!c->emit)
        return;
    size_t n = col0 > 1 ? (size_t)(col0 - 1) : 0;
    fmt_buf *b = c->b;
    char *p = fmt_buf_reserve(b, n + 1);
    p[0] = '\n';
    memset(p + 1, ' ', n);
    b->len += n + 1;
    b->data[b->len] = '\0';
}

static void put_flat(pctx *c, const node *n)
{
    if (c->emit)
        flat(c, n, INT64_MAX);
}

/* pp's "fits" test: writes `pre` and the node (or "K => V" when v is set)
 * on one line, and keeps them when the width is below lim and width +
 * extra <= M; returns the width, or -1 with nothing kept. Nothing is kept
 * when the text is not emitted. */
static int64_t try_flat(pctx *c, const char *pre, const node *k, const node *v, int64_t lim, int64_t extra)
{
    fmt_buf *b = c->b;
    size_t mark = b->len;
    if (lim > 0) {
        if (pre)
            fmt_buf_put(b, pre, strlen(pre));
        int64_t len = flat(c, k, lim);
        if (v && len < lim) {
            flat_add(b, " => ", 4, &len);
            if (len < lim)
                len += flat(c, v, lim - len);
        }
        if (len < lim && len + extra <= c->m) {
            if (!c->emit)
                truncate_to(b, mark);
            return len;
        }
    }
    truncate_to(b, mark);
    return -1;
}

static bool lay_node(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w);
static bool lay(pctx *c, const node *n, int64_t col, int64_t ld, bool emit, bool check, bool broken);

/* pp_binary/7: the byte list broken at commas to fit N columns. */
static void put_bits_broken(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    int64_t room = c->ll - col < c->m - 4 - w ? c->ll - col : c->m - 4 - w;
    int64_t n0 = room - ld > 8 ? room - ld : 8;
    fmt_buf *b = c->b;
    size_t mark = b->len;
    fmt_put_bitstring(b, n->t, n->d < 0 ? -1 : (int)n->d);
    size_t tlen = b->len - mark - 4; /* between << and >> */
    char *text = (char *)fmt_scratch(b, 0, c->top + tlen) + c->top;
    memcpy(text, b->data + mark + 2, tlen);
    truncate_to(b, mark);
    fmt_buf_put(b, "<<", 2);
    int64_t avail = n0;
    size_t i = 0;
    for (;;) {
        size_t j = i;
        while (j < tlen && text[j] != ',')
            j++;
        int64_t plen = (int64_t)(j - i);
        if (j == tlen) {
            if (plen > avail)
                put_newline(c, col);
            fmt_buf_put(b, text + i, j - i);
            break;
        }
        if (avail - (plen + 1) < 0) {
            put_newline(c, col);
            avail = n0 - (plen + 1);
        } else {
            avail -= plen + 1;
        }
        fmt_buf_put(b, text + i, j - i + 1);
        i = j + 1;
    }
    fmt_buf_put(b, ">>", 2);
}

/* pp_tag_tuple/8, cind_tag_tuple/7: the tag, then the rest indented by the
 * tag's width, or by TInd when that is smaller. `w` counts the "{". */
static bool lay_tagged(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    put(c, "{", 1);
    size_t off = push_seq(c, n);
    item it;
    seq_next(c, off, &it);
    node tag;
    classify(c, it.t, it.d, &tag);
    size_t mark = c->b->len;
    int64_t tlen = flat(c, &tag, INT64_MAX);
    if (!c->emit)
        truncate_to(c->b, mark);
    int64_t tagind = tlen + 2, tcol = col + tagind;
    frame *f = frame_at(c, off);
    f->ld = ld;
    if (c->tind > 0 && tagind > c->tind) {
        int64_t col1 = col + c->tind;
        if (c->check && !(c->m + col1 <= c->ll || col1 <= c->ll / 2))
            return false;
        f->col0 = col1;
        f->col = tcol;
        f->w = w + tlen;
        f->state = ST_TAIL;
    } else {
        if (c->check && !(c->m + tcol < c->ll || tcol < c->ll / 2))
            return false;
        put(c, ",", 1);
        f->col0 = f->col = tcol;
        f->w = w + tlen + 1;
        f->state = ST_FIRST;
    }
    return true;
}

/* pp/8 past its first clause: the node does not fit where it is. */
static bool lay_broken(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    int64_t col0;
    switch (n->kind) {
    case N_LIST:
        put(c, "[", 1);
        col0 = col + 1, w += 1;
        break;
    case N_TUPLE:
        put(c, "{", 1);
        col0 = col + 1, w += 1;
        break;
    case N_MAP:
        put(c, "#{", 2);
        col0 = col + 2;
        w += c->check && !c->emit ? 2 : 1; /* cind_map counts "#{", pp_map "#" */
        break;
    case N_TAGGED:
        return lay_tagged(c, n, col, ld, w + 1);
    case N_BITS:
        if (c->emit)
            put_bits_broken(c, n, col + 2, ld, w);
        return true;
    default:
        put_flat(c, n);
        return true;
    }
    size_t off = push_seq(c, n);
    frame *f = frame_at(c, off);
    f->col0 = f->col = col0;
    f->ld = ld;
    f->w = w;
    return true;
}

/* pp/8: the node on one line if it fits in what is left of this one. */
static bool lay_node(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    if (try_flat(c, NULL, n, NULL, c->ll - col - ld, w + ld) >= 0)
        return true;
    return lay_broken(c, n, col, ld, w);
}

/* Where the frame at `off` goes on after an item that took `width`
 * columns from column col with W = w before it. */
static void advance(pctx *c, size_t off, int64_t col, int64_t w, int64_t width)
{
    frame *f = frame_at(c, off);
    f->col = col + width;
    f->w = w + width;
}

/* pp_element/8: an element starting a line (or a container's first); the
 * frame continues after it as if it took Ll columns unless it is a leaf
 * that fits. */
static bool lay_element(pctx *c, size_t off, const node *e, int64_t col, int64_t ld, int64_t w)
{
    if (is_leaf(e)) {
        int64_t len = try_flat(c, NULL, e, NULL, c->ll - col - ld, w + ld);
        advance(c, off, col, w, len >= 0 ? len : c->ll);
        if (len < 0)
            put_flat(c, e);
        return true;
    }
    advance(c, off, col, w, c->ll);
    return lay_node(c, e, col, ld, w);
}

/* pp_pair/8, cind_pair/7: "K => V" on one line, or K, " =>", and V on the
 * next line indented by TInd (4 when TInd is not positive). */
static bool lay_pair(pctx *c, size_t off, const item *it, int64_t col, int64_t ld, int64_t w)
{
    node k, v;
    classify(c, it->t, it->d, &k);
    classify(c, it->v, it->d, &v);
    int64_t len = try_flat(c, NULL, &k, &v, c->ll - col - ld, w + ld);
    int64_t pw = len >= 0 && is_leaf(&k) && is_leaf(&v) ? len : c->ll;
    frame *f = frame_at(c, off);
    f->col = col + pw;
    f->w = c->check && !c->emit ? w + pw : pw; /* cind_map and pp_map differ here */
    if (len >= 0)
        return true;
    size_t poff = push_frame(c, FR_PAIR, false);
    frame *p = frame_at(c, poff);
    p->v = it->v;
    p->vd = it->d;
    p->col0 = col + (c->tind > 0 ? c->tind : 4);
    p->ld = ld;
    return lay_node(c, &k, col, ld, w);
}

/* pp_tail/10 and cind_tail/8 on an improper tail. cind looks at it where
 * the line is (Col), pp puts it on a new line (Col0): a walk doing both
 * checks it apart, then writes it unchecked. */
static bool lay_improper(pctx *c, const item *it, int64_t col0, int64_t col, int64_t ld, int64_t w, char sep)
{
    node e;
    classify(c, it->t, it->d, &e);
    char pre[2] = {sep, '\0'};
    if (is_leaf(&e) && try_flat(c, pre, &e, NULL, c->ll - col - ld - 2, w + ld + 2) >= 0)
        return true;
    put(c, pre, 1);
    put_newline(c, col0);
    if (!c->check)
        return lay_node(c, &e, col0, ld + 1, 0);
    if (!c->emit)
        return lay_node(c, &e, col, ld + 1, 0);
    if (!lay(c, &e, col, ld + 1, false, true, false))
        return false;
    c->check = false; /* frames pushed for the tail inherit this */
    return lay_node(c, &e, col0, ld + 1, 0);
}

/* One step of the frame on top: pp_list/pp_tail, pp_map/pp_pairs_tail, the
 * second half of a broken pair, or a closing bracket. */
static bool lay_step(pctx *c)
{
    size_t off = c->cur;
    frame *f = frame_at(c, off);
    node e;
    c->check = f->check;
    if (f->kind == FR_PAIR) {
        if (f->state != ST_FIRST) {
            pop_frame(c);
            return true;
        }
        f->state = ST_TAIL;
        int64_t vcol = f->col0, ld = f->ld;
        classify(c, f->v, f->vd, &e);
        put(c, " =>", 3);
        put_newline(c, vcol);
        return lay_node(c, &e, vcol, ld, 0);
    }
    if (f->state == ST_DONE) {
        char close = seq_close(&f->s);
        put(c, &close, 1);
        pop_frame(c);
        return true;
    }
    bool first = f->state == ST_FIRST;
    int64_t col0 = f->col0, col = f->col, ld = f->ld, w = f->w;
    char sep = seq_sep(&f->s);
    item it;
    seq_next(c, off, &it);
    int64_t ld1 = seq_more(&f->s) ? 0 : ld + 1;
    int64_t extra = ld1 == 0 ? 1 : ld1, lim = c->ll - col - 1 - extra, len;
    f->state = it.kind == IT_ELEM || it.kind == IT_PAIR ? ST_TAIL : ST_DONE;
    switch (it.kind) {
    case IT_END:
        return true;
    case IT_DOTS:
        if (!first)
            put(c, &sep, 1);
        put(c, "...", 3);
        return true;
    case IT_TAIL:
        return lay_improper(c, &it, col0, col, ld, w, sep);
    case IT_ELEM:
        classify(c, it.t, it.d, &e);
        if (!first) {
            if (is_leaf(&e) && (len = try_flat(c, ",", &e, NULL, lim, w + 1 + extra)) >= 0) {
                advance(c, off, col, w, 1 + len);
                return true;
            }
            put(c, ",", 1);
            put_newline(c, col0);
            w = 0;
        }
        return lay_element(c, off, &e, col0, ld1, w);
    case IT_PAIR:
        if (!first) {
            node k, v;
            classify(c, it.t, it.d, &k);
            classify(c, it.v, it.d, &v);
            if (is_leaf(&k) && is_leaf(&v) && (len = try_flat(c, ",", &k, &v, lim, w + 1 + extra)) >= 0) {
                advance(c, off, col, w, 1 + len);
                return true;
            }
            put(c, ",", 1);
            put_newline(c, col0);
            w = 0;
        }
        return lay_pair(c, off, &it, col0, ld1, w);
    }
    return true;
}

/* Lays the node out from column col (`broken`: known not to fit there);
 * false when a cind check fails (then what was written is left for the
 * caller to take back). */
static bool lay(pctx *c, const node *n, int64_t col, int64_t ld, bool emit, bool check, bool broken)
{
    size_t cur0 = c->cur, top0 = c->top;
    bool emit0 = c->emit, check0 = c->check;
    c->emit = emit;
    c->check = check;
    bool ok = broken ? lay_broken(c, n, col, ld, 0) : lay_node(c, n, col, ld, 0);
    while (ok && c->cur != cur0)
        ok = lay_step(c);
    c->cur = cur0;
    c->top = top0;
    c->emit = emit0;
    c->check = check0;
    return ok;
}

/* ---- entry points ---------------------------------------------------------------------- */

void fmt_pretty_opts_init(fmt_pretty_opts *o)
{
    o->column = 1;
    o->line_length = FMT_LINE_LENGTH;
    o->depth = -1;
    o->unicode = false;
}

/* Widths are compared only with values below the line length, and W never
 * exceeds the column, so M (the whole term's width) matters only when below
 * the line length: measuring stops at ll + M_SLACK (docs/internals/format.md). */
#define M_SLACK 16

void fmt_pretty(fmt_buf *b, term_t t, const fmt_pretty_opts *o)
{
    pctx c = {.b = b, .cur = NO_FRAME, .top = 0, .unicode = o->unicode, .emit = true};
    int64_t col = o->column < 1 ? 1 : o->column;
    int64_t d = o->depth < 0 ? -1 : o->depth;
    c.ll = o->line_length;
    fmt_buf_reserve(b, 0); /* data is NUL-terminated even for no output */
    if (d == 0) {
        fmt_buf_put(b, "...", 3);
        return;
    }
    node n;
    classify(&c, t, d, &n);
    if (is_leaf(&n)) {
        put_leaf(&c, &n); /* what print/9 writes without layout */
        return;
    }
    size_t mark = b->len;
    int64_t mcap = c.ll == 0 ? INT64_MAX : (c.ll > 0 ? c.ll : 0) + M_SLACK;
    int64_t len = flat(&c, &n, mcap);
    if (c.ll == 0 || len < c.ll - col)
        return; /* on one line, already written */
    truncate_to(b, mark);
    if (len < mcap) {
        /* M exact: the cind passes apart, as OTP */
        c.m = len;
        c.tind = -1;
        if (!lay(&c, &n, col, 0, false, true, true)) {
            c.tind = 4;
            if (!lay(&c, &n, col, 0, false, true, true))
                c.tind = 1;
        }
        lay(&c, &n, col, 0, true, false, true);
        return;
    }
    c.m = mcap;
    c.tind = -1;
    if (lay(&c, &n, col, 0, true, true, true))
        return;
    truncate_to(b, mark);
    c.tind = 4;
    if (lay(&c, &n, col, 0, true, true, true))
        return;
    truncate_to(b, mark);
    c.tind = 1;
    lay(&c, &n, col, 0, true, false, true);
}
