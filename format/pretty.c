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
} frame;

typedef struct pctx {
    fmt_buf *b;
    size_t cur; /* offset of the top frame, NO_FRAME when empty */
    size_t top; /* first free byte of the scratch area */
    int64_t ll; /* line length */
    int64_t m;  /* io_lib_pretty's M: the whole term's width, capped */
    int64_t tind;
    bool unicode;
    bool check; /* io_lib_pretty's cind/7 pass: no output, may fail */
} pctx;

static frame *frame_at(const pctx *c, size_t off) { return (frame *)(void *)((char *)c->b->scratch[0].p + off); }
static map_iter *iter_at(const pctx *c, size_t off) { return (map_iter *)(void *)((char *)c->b->scratch[0].p + off + sizeof(frame)); }

static size_t push_frame(pctx *c, uint8_t kind, bool with_iter)
{
    size_t off = (c->top + 15) & ~(size_t)15;
    size_t need = off + sizeof(frame) + (with_iter ? sizeof(map_iter) : 0);
    fmt_scratch(c->b, 0, need);
    c->top = need;
    frame *f = frame_at(c, off);
    f->below = c->cur;
    f->kind = kind;
    f->state = ST_FIRST;
    c->cur = off;
    return off;
}

static void pop_frame(pctx *c)
{
    c->top = c->cur;
    c->cur = frame_at(c, c->cur)->below;
}

/* ---- classifying -------------------------------------------------------------- */

static bool is_escaped(uint32_t ch)
{
    return ch == '"' || ch == '\\' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '\v' || ch == '\b' ||
           ch == '\f' || ch == 033;
}

/* io_lib:printable_latin1_list/1 (what printable_list/1 is when
 * io:printable_range() is latin1, OTP's default, for ~p and ~tp alike), and
 * the width write_string gives it, quotes included. */
static bool scan_string(term_t l, int64_t *width)
{
    int64_t w = 2;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t h = list_head(l);
        if (!term_is_small(h))
            return false;
        int64_t ch = small_value(h);
        if (ch < 0 || ch > 255 || !fmt_printable_char((uint32_t)ch, false))
            return false;
        w += is_escaped((uint32_t)ch) ? 2 : 1;
    }
    *width = w;
    return term_is_nil(l);
}

/* Width of "..." holding the first nbytes of v: one char per byte, or per
 * UTF-8 sequence (already validated) when utf8. */
static int64_t binstr_width(const bin_view *v, uint64_t nbytes, bool utf8)
{
    int64_t w = 2;
    for (uint64_t i = 0; i < nbytes; i++) {
        uint8_t by = bin_byte_at(v, i);
        if (utf8 && (by & 0xC0) == 0x80)
            continue;
        w += is_escaped(by) ? 2 : 1;
    }
    return w;
}

static void set_binstr(node *n, const bin_view *v, uint64_t nbytes, bool utf8, bool dots)
{
    n->kind = N_BINSTR;
    n->nbytes = nbytes;
    n->utf8 = utf8;
    n->dots = dots;
    n->width = 4 + (dots ? 3 : 0) + (utf8 ? 5 : 0) + binstr_width(v, nbytes, utf8);
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
        if (nb == size)
            set_binstr(n, &v, nb, nb != nc, false);
        else if (d1 > 0 && nc >= (uint64_t)d1)
            set_binstr(n, &v, nb, nb != nc, true);
        return;
    }
    uint64_t first = len < 20 ? len : 20;
    uint64_t p = fmt_printable_bytes(&v, first);
    if (p < first) {
        if (d1 > 0 && p >= (uint64_t)d1)
            set_binstr(n, &v, p, false, true);
        return;
    }
    if (first == size) {
        set_binstr(n, &v, size, false, false);
    } else if (first == len) {
        set_binstr(n, &v, first, false, true);
    } else {
        uint64_t q = fmt_printable_bytes(&v, len);
        if (q == len && size == len)
            set_binstr(n, &v, size, false, false);
        else if (d1 > 0 && q >= (uint64_t)d1)
            set_binstr(n, &v, q, false, true);
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
    if (term_is_atom(t)) {
        n->kind = N_ATOM;
    } else if (term_is_small(t) || term_is_big(t)) {
        n->kind = N_INT;
    } else if (term_is_float(t)) {
        n->kind = N_FLOAT;
    } else if (term_is_nil(t)) {
        set_const(n, "[]");
    } else if (term_is_list(t)) {
        n->kind = d != 1 && scan_string(t, &n->width) ? N_STRING : N_LIST;
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
        fmt_put_string(b, n->t, SIZE_MAX, c->unicode);
        break;
    case N_BINSTR: {
        bin_view v;
        bin_view_of(n->t, &v);
        fmt_buf_put(b, "<<", 2);
        fmt_put_bin_string(b, &v, n->nbytes, n->utf8);
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

/* Width of a leaf's text: io_lib:chars_length of it. Texts that need work
 * to know are written at the end of the buffer, counted, and taken back. */
static int64_t leaf_width(pctx *c, const node *n)
{
    if (n->width >= 0)
        return n->width;
    if (n->kind == N_INT && term_is_small(n->t)) {
        int64_t v = small_value(n->t);
        uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        int64_t w = v < 0 ? 2 : 1;
        while (u >= 10)
            u /= 10, w++;
        return w;
    }
    if (n->kind == N_ATOM && !fmt_atom_needs_quotes(n->t))
        return (int64_t)atom_chars(n->t);
    if (n->kind == N_FLOAT) {
        char tmp[40];
        return (int64_t)fmt_float_short(float_value(n->t), tmp);
    }
    fmt_buf *b = c->b;
    size_t mark = b->len;
    put_leaf(c, n);
    int64_t w = (int64_t)fmt_text_width(b->data + mark, b->len - mark);
    b->len = mark;
    b->data[mark] = '\0';
    return w;
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

/* ---- writing on one line, measuring --------------------------------------------------
 * io_lib_pretty's write/1 of a node, or its width (print_length's Len)
 * capped at `cap`: the same walk, emitting or counting. */

static void put(pctx *c, const char *s, size_t n)
{
    if (!c->check)
        fmt_buf_put(c->b, s, n);
}

static void flat_add(pctx *c, const char *s, size_t n, bool emit, int64_t *len)
{
    if (emit)
        fmt_buf_put(c->b, s, n);
    else
        *len += (int64_t)n;
}

/* Writes or counts a leaf, or opens a container and pushes its frame. */
static void flat_visit(pctx *c, const node *n, bool emit, int64_t cap, int64_t *len)
{
    if (is_leaf(n)) {
        if (emit)
            put_leaf(c, n);
        else
            *len += leaf_width(c, n);
    } else if (n->kind == N_BITS) {
        if (emit)
            fmt_put_bitstring(c->b, n->t, n->d < 0 ? -1 : (int)n->d);
        else
            *len += bits_width(n, cap - *len);
    } else {
        if (n->kind == N_LIST)
            flat_add(c, "[", 1, emit, len);
        else if (n->kind == N_MAP)
            flat_add(c, "#{", 2, emit, len);
        else
            flat_add(c, "{", 1, emit, len);
        push_seq(c, n);
    }
}

static int64_t walk_flat(pctx *c, const node *root, int64_t cap, bool emit)
{
    size_t cur0 = c->cur, top0 = c->top;
    int64_t len = 0;
    node n;
    flat_visit(c, root, emit, cap, &len);
    while (c->cur != cur0 && (emit || len < cap)) {
        size_t off = c->cur;
        frame *f = frame_at(c, off);
        if (f->kind == FR_PAIR) {
            if (f->state == ST_FIRST) {
                f->state = ST_TAIL;
                flat_add(c, " => ", 4, emit, &len);
                classify(c, f->v, f->vd, &n);
                flat_visit(c, &n, emit, cap, &len);
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
            flat_add(c, &close, 1, emit, &len);
            pop_frame(c);
            break;
        case IT_DOTS:
            if (!first)
                flat_add(c, &sep, 1, emit, &len);
            flat_add(c, "...", 3, emit, &len);
            flat_add(c, &close, 1, emit, &len);
            pop_frame(c);
            break;
        case IT_TAIL:
            flat_add(c, "|", 1, emit, &len);
            classify(c, it.t, it.d, &n);
            flat_visit(c, &n, emit, cap, &len);
            break;
        case IT_ELEM:
            if (!first)
                flat_add(c, ",", 1, emit, &len);
            classify(c, it.t, it.d, &n);
            flat_visit(c, &n, emit, cap, &len);
            break;
        case IT_PAIR: {
            if (!first)
                flat_add(c, ",", 1, emit, &len);
            size_t poff = push_frame(c, FR_PAIR, false);
            frame *p = frame_at(c, poff);
            p->v = it.v;
            p->vd = it.d;
            classify(c, it.t, it.d, &n);
            flat_visit(c, &n, emit, cap, &len);
            break;
        }
        }
    }
    c->cur = cur0;
    c->top = top0;
    return len < cap ? len : cap;
}

/* The node's width if below cap, else cap (or anything >= cap). */
static int64_t measure(pctx *c, const node *n, int64_t cap)
{
    if (cap <= 0)
        return cap;
    if (is_leaf(n)) {
        int64_t w = leaf_width(c, n);
        return w < cap ? w : cap;
    }
    return walk_flat(c, n, cap, false);
}

static void put_flat(pctx *c, const node *n)
{
    if (!c->check)
        walk_flat(c, n, INT64_MAX, true);
}

/* ---- layout --------------------------------------------------------------------------
 * io_lib_pretty's pp/8 family when !c->check, its cind/7 family when
 * c->check. Columns are 1-based; a new line at continuation column col0 is
 * indented by col0 - 1 spaces. */

static void put_newline(pctx *c, int64_t col0)
{
    if (c->check)
        return;
    size_t n = col0 > 1 ? (size_t)(col0 - 1) : 0;
    fmt_buf *b = c->b;
    char *p = fmt_buf_reserve(b, n + 1);
    p[0] = '\n';
    memset(p + 1, ' ', n);
    b->len += n + 1;
    b->data[b->len] = '\0';
}

static bool lay_node(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w);

/* pp_binary/7: the byte list broken at commas to fit N columns. */
static void put_bits_broken(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    int64_t room = c->ll - col < c->m - 4 - w ? c->ll - col : c->m - 4 - w;
    int64_t n0 = room - ld > 8 ? room - ld : 8;
    fmt_buf *b = c->b;
    size_t mark = b->len;
    fmt_put_bitstring(b, n->t, n->d < 0 ? -1 : (int)n->d);
    size_t tlen = b->len - mark - 4; /* between << and >> */
    char *text = fmt_scratch(b, 0, c->top + tlen);
    text += c->top;
    memcpy(text, b->data + mark + 2, tlen);
    b->len = mark;
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
    int64_t tlen = leaf_width(c, &tag);
    int64_t tagind = tlen + 2, tcol = col + tagind;
    frame *f;
    if (c->tind > 0 && tagind > c->tind) {
        int64_t col1 = col + c->tind;
        if (c->check && !(c->m + col1 <= c->ll || col1 <= c->ll / 2))
            return false;
        put_flat(c, &tag);
        f = frame_at(c, off);
        f->col0 = col1;
        f->col = tcol;
        f->w = w + tlen;
        f->state = ST_TAIL;
    } else {
        if (c->check && !(c->m + tcol < c->ll || tcol < c->ll / 2))
            return false;
        put_flat(c, &tag);
        put(c, ",", 1);
        f = frame_at(c, off);
        f->col0 = f->col = tcol;
        f->w = w + tlen + 1;
        f->state = ST_FIRST;
    }
    f->ld = ld;
    return true;
}

/* pp/8 past its first clause: the node does not fit where it is. */
static bool lay_broken(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    size_t off;
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
        col0 = col + 2, w += c->check ? 2 : 1; /* cind_map counts "#{", pp_map "#" */
        break;
    case N_TAGGED:
        return lay_tagged(c, n, col, ld, w + 1);
    case N_BITS:
        if (!c->check)
            put_bits_broken(c, n, col + 2, ld, w);
        return true;
    default:
        put_flat(c, n);
        return true;
    }
    off = push_seq(c, n);
    frame *f = frame_at(c, off);
    f->col0 = f->col = col0;
    f->ld = ld;
    f->w = w;
    return true;
}

/* pp/8: the node on one line if it fits in what is left of this one. */
static bool lay_node(pctx *c, const node *n, int64_t col, int64_t ld, int64_t w)
{
    int64_t lim = c->ll - col - ld;
    int64_t len = measure(c, n, lim);
    if (len < lim && len + w + ld <= c->m) {
        put_flat(c, n);
        return true;
    }
    return lay_broken(c, n, col, ld, w);
}

/* pp_element/8: an element starting a line (or a container's first);
 * the frame at `off` continues after it as if it took `we` columns. */
static bool lay_element(pctx *c, size_t off, const node *e, int64_t col, int64_t ld, int64_t w)
{
    int64_t lim = c->ll - col - ld, we = c->ll;
    if (is_leaf(e)) {
        int64_t len = measure(c, e, lim);
        if (len < lim && len + w + ld <= c->m)
            we = len;
    }
    frame *f = frame_at(c, off);
    f->col = col + we;
    f->w = w + we;
    if (is_leaf(e)) {
        put_flat(c, e);
        return true;
    }
    return lay_node(c, e, col, ld, w);
}

/* Width of "K => V", capped. */
static int64_t pair_width(pctx *c, const node *k, const node *v, int64_t cap)
{
    int64_t kl = measure(c, k, cap);
    if (kl + 4 >= cap)
        return cap;
    return kl + 4 + measure(c, v, cap - kl - 4);
}

static void put_pair_flat(pctx *c, const node *k, const node *v)
{
    put_flat(c, k);
    put(c, " => ", 4);
    put_flat(c, v);
}

/* pp_pair/8, cind_pair/7: "K => V" on one line, or K, " =>", and V on the
 * next line indented by TInd (4 when TInd is not positive). */
static bool lay_pair(pctx *c, size_t off, term_t kt, term_t vt, int64_t d, int64_t col, int64_t ld, int64_t w)
{
    node k, v;
    classify(c, kt, d, &k);
    classify(c, vt, d, &v);
    int64_t lim = c->ll - col - ld;
    int64_t plen = pair_width(c, &k, &v, lim);
    int64_t pw = c->ll;
    bool fits = plen < lim && plen + w + ld <= c->m;
    if (fits && is_leaf(&k) && is_leaf(&v))
        pw = plen;
    frame *f = frame_at(c, off);
    f->col = col + pw;
    f->w = c->check ? w + pw : pw; /* cind_map and pp_map differ here */
    if (fits) {
        put_pair_flat(c, &k, &v);
        return true;
    }
    size_t poff = push_frame(c, FR_PAIR, false);
    frame *p = frame_at(c, poff);
    p->v = vt;
    p->vd = d;
    p->col0 = col + (c->tind > 0 ? c->tind : 4);
    p->ld = ld;
    return lay_node(c, &k, col, ld, w);
}

/* pp_tail/10's first clause: ",E" stays on this line when E is a leaf and
 * its width is below the returned limit and W + 1 + width + extra <= M. */
static int64_t inline_limit(const pctx *c, int64_t col, int64_t ld1, int64_t *extra)
{
    *extra = ld1 == 0 ? 1 : ld1;
    return c->ll - col - 1 - *extra;
}

/* One step of the frame on top: pp_list/pp_tail, pp_map/pp_pairs_tail, the
 * second half of a broken pair, or a closing bracket. */
static bool lay_step(pctx *c)
{
    size_t off = c->cur;
    frame *f = frame_at(c, off);
    node e;
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
    f = frame_at(c, off);
    int64_t ld1 = seq_more(&f->s) ? 0 : ld + 1;
    switch (it.kind) {
    case IT_END:
        f->state = ST_DONE;
        return true;
    case IT_DOTS:
        f->state = ST_DONE;
        if (!first)
            put(c, &sep, 1);
        put(c, "...", 3);
        return true;
    case IT_TAIL:
        f->state = ST_DONE;
        classify(c, it.t, it.d, &e);
        put(c, &sep, 1);
        if (is_leaf(&e)) {
            int64_t lim = c->ll - col - ld - 2;
            int64_t len = measure(c, &e, lim);
            if (len < lim && len + 1 + w + ld + 1 <= c->m) {
                put_flat(c, &e);
                return true;
            }
        }
        put_newline(c, col0);
        return lay_node(c, &e, c->check ? col : col0, ld + 1, 0); /* cind_tail uses Col */
    case IT_ELEM:
        f->state = ST_TAIL;
        classify(c, it.t, it.d, &e);
        if (!first) {
            int64_t extra, lim = inline_limit(c, col, ld1, &extra);
            if (is_leaf(&e)) {
                int64_t len = measure(c, &e, lim);
                if (len < lim && w + 1 + len + extra <= c->m) {
                    f = frame_at(c, off);
                    f->col = col + 1 + len;
                    f->w = w + 1 + len;
                    put(c, ",", 1);
                    put_flat(c, &e);
                    return true;
                }
            }
            put(c, ",", 1);
            put_newline(c, col0);
            w = 0;
        }
        return lay_element(c, off, &e, col0, ld1, w);
    case IT_PAIR:
        f->state = ST_TAIL;
        if (!first) {
            node k, v;
            classify(c, it.t, it.d, &k);
            classify(c, it.v, it.d, &v);
            int64_t extra, lim = inline_limit(c, col, ld1, &extra);
            if (is_leaf(&k) && is_leaf(&v)) {
                int64_t len = pair_width(c, &k, &v, lim);
                if (len < lim && w + 1 + len + extra <= c->m) {
                    f = frame_at(c, off);
                    f->col = col + 1 + len;
                    f->w = w + 1 + len;
                    put(c, ",", 1);
                    put_pair_flat(c, &k, &v);
                    return true;
                }
            }
            put(c, ",", 1);
            put_newline(c, col0);
            w = 0;
        }
        return lay_pair(c, off, it.t, it.v, it.d, col0, ld1, w);
    }
    return true;
}

/* Lays the whole term out; false when the cind pass finds the indentation
 * TInd no good. */
static bool lay(pctx *c, const node *n, int64_t col)
{
    size_t cur0 = c->cur, top0 = c->top;
    bool ok = lay_node(c, n, col, 0, 0);
    while (ok && c->cur != cur0)
        ok = lay_step(c);
    c->cur = cur0;
    c->top = top0;
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

void fmt_pretty(fmt_buf *b, term_t t, const fmt_pretty_opts *o)
{
    pctx c = {.b = b, .cur = NO_FRAME, .top = 0, .unicode = o->unicode};
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
    /* Widths are only ever compared with values below the line length, so
     * M is exact below ll + 16 and capped above (see docs/internals). */
    int64_t mcap = (c.ll > 0 ? c.ll : 0) + 16;
    int64_t len = measure(&c, &n, mcap);
    if (c.ll == 0 || len < c.ll - col) {
        put_flat(&c, &n);
        return;
    }
    c.m = len;
    c.check = true;
    c.tind = -1;
    if (!lay(&c, &n, col)) {
        c.tind = 4;
        if (!lay(&c, &n, col))
            c.tind = 1;
    }
    c.check = false;
    lay(&c, &n, col);
}
