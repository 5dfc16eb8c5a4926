/* pretty.c: ~p, ~P and ~tp: OTP 25's io_lib_pretty:print/2, byte for byte.
 * io_lib_pretty sizes the whole term into a tree, then lays it out (pp/8)
 * after a dry run (cind/7) that picks the tag indentation. Here the term is
 * written on one line once, recording for every node where its text starts
 * and its width (the tree, as flat records): when it fits, that line is the
 * output; otherwise the layout decides with the recorded widths where the
 * line breaks go, and the one-line text is written again with them. Both
 * passes are C recursion for the first FAST_LEVELS and LAY_LEVELS levels of
 * nesting and walk an explicit stack below that. Tuples the caller's
 * record_print_fun knows print as records, #r{f = V}. Records live in
 * scratch area 0 of the fmt_buf, stacks in area 1, the one-line text of a
 * term being laid out in area 2, and a reused buffer stops allocating. */
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
    N_BITS,  /* binary or bitstring written byte by byte */
    N_RECORD /* tuple the record_print_fun knows: #name{f = V,...} */
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
    int64_t width;      /* N_CONST, N_STRING, N_BINSTR: chars of the text
                           (-1 otherwise, and for text measured once
                           written: strings with code points above 255) */
} node;

static bool is_leaf(const node *n) { return n->kind < N_LEAVES; }

/* Depth of the next level down, as print_length's D - 1; -1 stays -1. */
static int64_t descend(int64_t d) { return d < 0 ? -1 : d - 1; }

/* ---- scratch: stacks and records ------------------------------------------------
 * Scratch area 0 holds the records, record i at index i; scratch area 1
 * holds the stack frames of the walks that do not recurse in C; while the
 * layout runs, scratch area 2 holds the one-line text (take_text). Growing
 * an area moves it: the one-line pass addresses records by index and
 * frames by offset, never holding a pointer into either across a new
 * record or a push. The layout adds no records and does not grow area 2,
 * so its pointers into areas 0 and 2 stay good. */

#define NO_FRAME SIZE_MAX
#define NO_REC UINT64_MAX

/* The items of a container in print_length's order: elements, then the end,
 * "..." when the depth runs out, or a list's improper tail. */
typedef struct seq {
    term_t t;      /* list: what is left of it; tuple, map: the term */
    uint64_t i, n; /* tuple, map: items taken, items in all */
    int64_t d;     /* the depth left, as print_length_list1's D */
    int64_t pd;    /* map: depth of every key and value */
    uint8_t kind;  /* N_LIST, N_TUPLE, N_TAGGED, N_MAP, N_RECORD (its
                      field names follow the frame: push_record) */
    bool hash;     /* map in trie form: a map_iter follows the frame */
} seq;

enum item_kind { IT_END, IT_DOTS, IT_ELEM, IT_TAIL, IT_PAIR, IT_FIELD };
typedef struct item {
    int kind;
    term_t t, v; /* element or tail; IT_PAIR: key and value; IT_FIELD:
                    the field's name and value */
    int64_t d;
} item;

enum frame_kind { FR_SEQ, FR_PAIR };
enum frame_state { ST_FIRST, ST_TAIL, ST_DONE };

/* A frame of the walk over a term. */
typedef struct frame {
    size_t below; /* offset of the frame under this one */
    seq s;        /* FR_SEQ */
    term_t v;     /* FR_PAIR: the value still to write, at depth vd */
    int64_t vd;
    uint64_t rec; /* the node's record (FR_PAIR: a field's; NO_REC for a
                     map's pair, which has none), */
    int64_t len0; /* and the width written before it */
    uint64_t item; /* FR_SEQ: the record of its latest item */
    uint8_t kind, state;
} frame;

/* A node of the recorded tree, in pre-order: its subtree is the records
 * from its own up to `next`. A list's items are its elements, then maybe
 * a "..." (R_DOTS) or an improper tail; a map's items are its pairs, each
 * its key's record, which carries the pair's `last`, and its value's
 * right after the key's subtree: a pair has no record of its own, its
 * text "K => V" starts at the key's and is PAIR_ARROW chars wider than
 * the two (pair_width). An N_RECORD's first
 * record is its name's ("#name", kind N_ATOM), then come its items:
 * R_FIELDs ("f = V"), each followed by the field name's record (N_ATOM)
 * and its value's, maybe ending in an R_DOTS. */
enum { R_DOTS = N_RECORD + 1, R_FIELD };
typedef struct rec {
    uint64_t next;  /* the record after this subtree */
    uint64_t start; /* its text begins at this byte of the recorded text */
    int64_t width;  /* chars of that text (io_lib_pretty's Len) */
    uint8_t kind;   /* node_kind, R_DOTS or R_FIELD */
    bool tail;      /* a list's improper tail */
    bool last;      /* an item no element follows: the last element (or one
                       before a "..." or an improper tail: last_depth/2),
                       a "..." or an improper tail; every other item is an
                       element followed by another */
} rec;

/* The text between a pair's key and value. */
#define PAIR_ARROW_TEXT " => "
#define PAIR_ARROW (sizeof PAIR_ARROW_TEXT - 1)

/* The width of the pair "K => V" whose key's record is k and value's v. */
static FMT_INLINE int64_t pair_width(const rec *k, const rec *v)
{
    return k->width + (int64_t)PAIR_ARROW + v->width;
}

/* A frame of the layout, over records. */
typedef struct lframe {
    size_t below;
    uint64_t r;  /* FR_SEQ: the container's record; FR_PAIR: the value's */
    uint64_t ci; /* FR_SEQ: its next item's record */
    /* continuation column, current column, closing brackets owed after the
     * last item (io_lib_pretty's LD), width so far (its W) */
    int64_t col0, col, ld, w;
    uint8_t kind, state;
    bool check; /* the cind checks are on for this frame's items */
} lframe;

/* The layout's writer: its output cursor, the end of its room, the
 * recorded text (in area 2) and how far it is copied. */
typedef struct lwriter {
    fmt_buf *b;
    char *o, *oe;
    const char *text;
    uint64_t src;
} lwriter;

typedef struct pctx {
    fmt_buf *b;
    size_t cur;   /* offset of the top frame, NO_FRAME when empty */
    size_t top;   /* first free byte above the frames */
    uint64_t nrec;
    rec *recs;    /* scratch area 0: record i is recs[i] */
    uint64_t rcap; /* records it has room for */
    uint64_t rcount; /* the records made and those counted ahead for the
                        items of the containers being written: area 0 has
                        room for them all (count_recs), so the one-line
                        pass's leaves make records without a test */
    size_t mark;  /* the one-line pass: where the text starts in b, */
    const char *base; /* and b->data + mark (rebase() when b may have moved) */
    int64_t wide; /* the one-line pass: bytes written that are not chars */
    int64_t ll;   /* line length */
    int64_t m;    /* io_lib_pretty's M: the whole term's width */
    int64_t tind; /* the frame walk's tag indentation (fl_deep sets it) */
    bool unicode;
    bool urange;  /* ~tp with io:printable_range() unicode: code points
                     above 255 can make lists and binaries strings */
    bool strings; /* false for ~lp: no list or binary prints as a string */
    fmt_record_fn records; /* the record_print_fun, or NULL */
    void *records_ctx;
    bool has_rec; /* the one-line pass wrote a record */
    bool emit;    /* the layout writes its text (pp/8) */
    uint64_t tlen; /* the layout: the recorded text's bytes */
    lwriter w;
    bool check;   /* cind/7's checks are made: the layout may fail */
} pctx;

/* The frames' area. */
static char *scratch(const pctx *c) { return c->b->scratch[1].p; }
static frame *get_frame(const pctx *c, size_t off) { return (frame *)(void *)(scratch(c) + off); }
static map_iter *get_iter(const pctx *c, size_t off) { return (map_iter *)(void *)(scratch(c) + off + sizeof(frame)); }
static rec *get_rec(const pctx *c, uint64_t i) { return c->recs + i; }
/* Record i is its container's last item (see rec.last). */
static void mark_last(pctx *c, uint64_t i) { get_rec(c, i)->last = true; }

/* Record i is a list's improper tail, the last of its items. */
static void mark_tail(pctx *c, uint64_t i)
{
    rec *r = get_rec(c, i);
    r->tail = true;
    r->last = true;
}

/* Points recs and rcap at area 0 as it is now. */
static void load_recs(pctx *c)
{
    struct fmt_scratch *s = &c->b->scratch[0];
    c->recs = s->p;
    c->rcap = s->cap / sizeof(rec);
}

/* count_recs's slow path: room for c->rcount records. */
static FMT_NOINLINE void make_rec_room(pctx *c)
{
    fmt_scratch(c->b, 0, c->rcount * sizeof(rec));
    load_recs(c);
}

/* Counts n records to come (at a container's open, one for each of its
 * items: their subtrees count their own at their opens) and makes room
 * for all counted so far. Counting more than are made is harmless. */
static FMT_INLINE void count_recs(pctx *c, uint64_t n)
{
    c->rcount += n;
    if (c->rcount > c->rcap)
        make_rec_room(c);
}

/* Room for frames up to byte lo. */
static inline void reserve(pctx *c, size_t lo)
{
    if (lo > c->b->scratch[1].cap)
        fmt_scratch(c->b, 1, lo);
}

/* Pushes `size` bytes of frame; both frame types start with `below`. */
static size_t push_raw(pctx *c, size_t size)
{
    size_t off = (c->top + 15) & ~(size_t)15;
    reserve(c, off + size);
    c->top = off + size;
    *(size_t *)(void *)(scratch(c) + off) = c->cur;
    c->cur = off;
    return off;
}

static size_t push_frame(pctx *c, uint8_t kind, bool with_iter)
{
    size_t off = push_raw(c, sizeof(frame) + (with_iter ? sizeof(map_iter) : 0));
    frame *f = get_frame(c, off);
    f->kind = kind;
    f->state = ST_FIRST;
    return off;
}

static void pop_frame(pctx *c)
{
    c->top = c->cur;
    c->cur = *(size_t *)(void *)(scratch(c) + c->cur);
}

/* The field names kept after the frame at `off` (see push_record). */
static term_t *get_fields(const pctx *c, size_t off) { return (term_t *)(void *)(scratch(c) + off + sizeof(frame)); }

/* print_length/6's record test of tuple t (an atom first): pushes a frame
 * with the record's field names after it and returns its offset, or
 * NO_FRAME (nothing pushed) when the record_print_fun says no. */
static size_t push_record(pctx *c, term_t t)
{
    uint64_t nf = tuple_arity(t) - 1;
    size_t off = push_raw(c, sizeof(frame) + nf * sizeof(term_t));
    frame *f = get_frame(c, off);
    f->kind = FR_SEQ;
    f->state = ST_FIRST;
    if (!c->records(c->records_ctx, tuple_get(t, 0), nf, get_fields(c, off))) {
        pop_frame(c);
        return NO_FRAME;
    }
    c->has_rec = true;
    return off;
}

/* A new record, the next index, neither a tail nor a last item; its
 * other fields are the caller's to set. It was counted (count_recs). */
static FMT_INLINE rec *new_rec(pctx *c)
{
    ASSERT(c->nrec < c->rcount && c->rcount <= c->rcap);
    rec *r = c->recs + c->nrec++;
    r->tail = false;
    r->last = false;
    return r;
}

/* A record of write_flat's walk, counted here (its items are not counted
 * ahead). */
static uint64_t add_rec(pctx *c, uint8_t kind)
{
    count_recs(c, 1);
    rec *r = new_rec(c);
    r->kind = kind;
    r->start = c->b->len - c->mark;
    return c->nrec - 1;
}

/* The record's text ends here, `width` chars after it began. */
static void end_rec(pctx *c, uint64_t i, int64_t width)
{
    rec *r = get_rec(c, i);
    r->width = width;
    r->next = c->nrec;
}

/* ---- classifying -------------------------------------------------------------- */

/* Width of latin1 char ch inside "..." as io_lib:write_string writes it
 * (2 for \" \\ \b \t \n \v \f \r \e), or 0 when
 * io_lib:printable_latin1_list/1 does not accept it. This decides for ~p
 * always and for ~tp in the latin1 printable range (erl's default). */
static inline unsigned measure_char(int64_t ch)
{
    if (ch >= 32 && ch <= 126)
        return ch == '"' || ch == '\\' ? 2 : 1;
    if (ch >= 160 && ch <= 255)
        return 1;
    return (ch >= '\b' && ch <= '\r') || ch == 033 ? 2 : 0;
}

/* printable_list/1 of a list (printable_latin1_list, or
 * printable_unicode_list when urange), and the width of the string text:
 * -1 when a code point above 255 makes it string:length's grapheme count,
 * measured once written. */
static bool scan_string(term_t l, bool urange, node *n)
{
    int64_t w = 2;
    bool plain = true, wide = false;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t h = list_head(l);
        if (!term_is_small(h))
            return false;
        int64_t ch = small_value(h);
        unsigned cw = measure_char(ch);
        if (cw == 0) {
            if (!urange || ch <= 255 || ch > 0x10FFFF || !fmt_printable_char((uint32_t)ch, true))
                return false;
            wide = true;
            cw = 1;
        }
        plain &= cw == 1 && ch < 127;
        w += cw;
    }
    if (!term_is_nil(l))
        return false;
    n->width = wide ? -1 : w;
    n->plain = plain;
    return true;
}

/* Width of "..." holding the first nbytes of v, UTF-8 already validated;
 * -1 when a code point above 255 (lead byte C4 or more) makes it a
 * grapheme count, measured once written. */
static int64_t measure_utf8(const bin_view *v, uint64_t nbytes)
{
    int64_t w = 2;
    for (uint64_t i = 0; i < nbytes; i++) {
        uint8_t by = bin_byte_at(v, i);
        if (by >= 0xC4)
            return -1;
        if ((by & 0xC0) != 0x80)
            w += by < 128 ? measure_char(by) : 1;
    }
    return w;
}

static void set_binstr(node *n, uint64_t nbytes, bool utf8, bool dots, int64_t swidth)
{
    n->kind = N_BINSTR;
    n->nbytes = nbytes;
    n->utf8 = utf8;
    n->dots = dots;
    n->width = swidth < 0 ? -1 : 4 + (dots ? 3 : 0) + (utf8 ? 5 : 0) + swidth;
}

/* print_length of a non-empty bitstring at depth d != 1: printable_bin0/4
 * and printable_bin/4 decide between <<"...">>, <<"..."...>>,
 * <<"..."/utf8>>, <<"..."/utf8...>> and the byte list. */
static void classify_bin(const pctx *c, node *n)
{
    bin_view v;
    bin_view_of(n->t, &v);
    n->kind = N_BITS;
    if (v.bitsize != 0 || !c->strings)
        return;
    int64_t d1 = n->d < 0 ? -1 : n->d - 1;
    uint64_t size = v.size;
    uint64_t len = d1 >= 0 && (uint64_t)d1 * 4 < size ? (uint64_t)d1 * 4 : size;
    if (len == 0)
        return;
    if (c->unicode && fmt_valid_utf8(&v, len)) {
        size_t nb;
        size_t nc = fmt_printable_utf8(&v, len, c->urange, &nb);
        if (nb == size || (d1 > 0 && nc >= (uint64_t)d1))
            set_binstr(n, nb, nb != nc, nb != size, measure_utf8(&v, nb));
        return;
    }
    /* The latin1 test looks at 20 bytes, then on to len; whatever it
     * decides shows exactly the printable prefix q. */
    uint64_t first = len < 20 ? len : 20, q = 0;
    int64_t w = 2;
    bool plain = true;
    for (; q < len; q++) {
        uint8_t by = bin_byte_at(&v, q);
        unsigned cw = measure_char(by);
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
        n->kind = d != 1 && c->strings && scan_string(t, c->urange, n) ? N_STRING : N_LIST;
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

static void init_seq(pctx *c, size_t off, const node *n)
{
    frame *f = get_frame(c, off);
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
        s->pd = descend(n->d);
        s->hash = !map_is_flat(n->t);
        if (s->hash)
            map_iter_init_fold(get_iter(c, off), n->t); /* maps:iterator order */
    }
}

/* A container frame, its map iterator behind it when it needs one. */
static size_t push_seq(pctx *c, const node *n)
{
    bool hash = n->kind == N_MAP && !map_is_flat(n->t);
    size_t off = push_frame(c, FR_SEQ, hash);
    init_seq(c, off, n);
    return off;
}

static void next_item(pctx *c, size_t off, item *it)
{
    seq *s = &get_frame(c, off)->s;
    if (s->kind == N_LIST) {
        if (term_is_nil(s->t)) {
            it->kind = IT_END;
        } else if (s->d == 1) {
            it->kind = IT_DOTS;
        } else if (term_is_list(s->t)) {
            it->kind = IT_ELEM;
            it->t = list_head(s->t);
            it->d = descend(s->d);
            s->t = list_tail(s->t);
            s->d = descend(s->d);
        } else {
            it->kind = IT_TAIL;
            it->t = s->t;
            it->d = descend(s->d);
            s->t = NIL;
        }
        return;
    }
    if (s->i >= s->n) {
        it->kind = IT_END;
    } else if (s->d == 1) {
        it->kind = IT_DOTS;
    } else if (s->kind == N_RECORD) {
        it->kind = IT_FIELD;
        it->t = get_fields(c, off)[s->i - 1];
        it->v = tuple_get(s->t, s->i);
        it->d = descend(s->d);
        s->i++;
        s->d = descend(s->d);
    } else if (s->kind == N_MAP) {
        it->kind = IT_PAIR;
        it->d = s->pd;
        if (s->hash) {
            map_iter_next(get_iter(c, off), &it->t, &it->v);
        } else {
            it->t = tuple_get(flatmap_keys(s->t), s->i);
            it->v = flatmap_values(s->t)[s->i];
        }
        s->i++;
        s->d = descend(s->d);
    } else {
        it->kind = IT_ELEM;
        it->t = tuple_get(s->t, s->i);
        it->d = descend(s->d);
        s->i++;
        s->d = descend(s->d);
    }
}

static char get_sep(const seq *s) { return s->kind == N_LIST ? '|' : ','; }
static char get_close(const seq *s) { return s->kind == N_LIST ? ']' : '}'; }

/* ---- leaves ---------------------------------------------------------------------- */

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
static int64_t measure_since(const fmt_buf *b, size_t mark)
{
    const unsigned char *p = (const unsigned char *)b->data + mark;
    size_t n = b->len - mark;
    for (size_t i = 0; i < n; i++)
        if (p[i] >= 0x80)
            return (int64_t)fmt_text_width((const char *)p, n);
    return (int64_t)n;
}

/* ---- one line ----------------------------------------------------------------------
 * io_lib_pretty's write/1 of a node, written at the end of the buffer while
 * counting its width and making the node's records. */

static void add_text(fmt_buf *b, const char *s, size_t n, int64_t *len)
{
    fmt_buf_put(b, s, n);
    *len += (int64_t)n;
}

/* Writes "#name{" of record n, record r, its frame (pushed at off by
 * push_record) made ready for its fields (print_length_record/7: the tag
 * takes a level of depth as a tuple's first element does). */
static void open_record(pctx *c, size_t off, const node *n, uint64_t r, int64_t len0, int64_t *len)
{
    fmt_buf *b = c->b;
    frame *f = get_frame(c, off);
    f->rec = r;
    f->len0 = len0;
    f->s.t = n->t;
    f->s.kind = N_RECORD;
    f->s.i = 1;
    f->s.n = tuple_arity(n->t);
    f->s.d = descend(n->d);
    f->s.hash = false;
    get_rec(c, r)->kind = N_RECORD;
    uint64_t nr = add_rec(c, N_ATOM);
    size_t mark = b->len;
    fmt_buf_putc(b, '#');
    fmt_put_atom(b, tuple_get(n->t, 0), c->unicode);
    int64_t w = measure_since(b, mark);
    *len += w;
    end_rec(c, nr, w);
    add_text(b, "{", 1, len);
}

/* Writes a leaf, or a container's opening and pushes its frame. */
static void visit_flat(pctx *c, const node *n, int64_t *len)
{
    fmt_buf *b = c->b;
    int64_t len0 = *len;
    uint64_t r = add_rec(c, n->kind);
    if (is_leaf(n) || n->kind == N_BITS) {
        size_t mark = b->len;
        if (n->kind == N_BITS)
            fmt_put_bitstring(b, n->t, n->d < 0 ? -1 : (int)n->d);
        else
            put_leaf(c, n);
        if (n->width >= 0)
            *len += n->width;
        else if (n->kind == N_INT || n->kind == N_FLOAT || n->kind == N_BITS)
            *len += (int64_t)(b->len - mark); /* ASCII */
        else
            *len += measure_since(b, mark);
        end_rec(c, r, *len - len0);
        return;
    }
    if ((n->kind == N_TAGGED || n->kind == N_TUPLE) && c->records != NULL && term_is_atom(tuple_get(n->t, 0))) {
        size_t off = push_record(c, n->t);
        if (off != NO_FRAME) {
            open_record(c, off, n, r, len0, len);
            return;
        }
    }
    if (n->kind == N_LIST)
        add_text(b, "[", 1, len);
    else if (n->kind == N_MAP)
        add_text(b, "#{", 2, len);
    else
        add_text(b, "{", 1, len);
    frame *f = get_frame(c, push_seq(c, n));
    f->rec = r;
    f->len0 = len0;
}

/* Writes the node on one line and returns its width. */
static int64_t write_flat(pctx *c, const node *root)
{
    size_t cur0 = c->cur, top0 = c->top;
    fmt_buf *b = c->b;
    int64_t len = 0;
    node n;
    visit_flat(c, root, &len);
    while (c->cur != cur0) {
        size_t off = c->cur;
        frame *f = get_frame(c, off);
        uint64_t r = f->rec;
        int64_t len0 = f->len0;
        if (f->kind == FR_PAIR) {
            if (f->state == ST_FIRST) {
                f->state = ST_TAIL;
                add_text(b, PAIR_ARROW_TEXT, PAIR_ARROW, &len);
                classify(c, f->v, f->vd, &n);
                visit_flat(c, &n, &len);
            } else {
                pop_frame(c);
                if (r != NO_REC)
                    end_rec(c, r, len - len0);
            }
            continue;
        }
        bool first = f->state == ST_FIRST;
        f->state = ST_TAIL;
        char sep = get_sep(&f->s), close = get_close(&f->s);
        item it;
        next_item(c, off, &it);
        if (!first && (it.kind == IT_END || it.kind == IT_DOTS || it.kind == IT_TAIL))
            mark_last(c, f->item);
        if (it.kind == IT_ELEM || it.kind == IT_PAIR || it.kind == IT_FIELD)
            f->item = c->nrec;
        switch (it.kind) {
        case IT_END:
            add_text(b, &close, 1, &len);
            pop_frame(c);
            end_rec(c, r, len - len0);
            break;
        case IT_DOTS: {
            if (!first)
                add_text(b, &sep, 1, &len);
            uint64_t dots = add_rec(c, R_DOTS);
            add_text(b, "...", 3, &len);
            end_rec(c, dots, 3);
            mark_last(c, dots);
            add_text(b, &close, 1, &len);
            pop_frame(c);
            end_rec(c, r, len - len0);
            break;
        }
        case IT_TAIL: {
            add_text(b, "|", 1, &len);
            uint64_t tail = c->nrec;
            classify(c, it.t, it.d, &n);
            visit_flat(c, &n, &len);
            mark_tail(c, tail);
            break;
        }
        case IT_ELEM:
            if (!first)
                add_text(b, ",", 1, &len);
            classify(c, it.t, it.d, &n);
            visit_flat(c, &n, &len);
            break;
        case IT_PAIR: {
            if (!first)
                add_text(b, ",", 1, &len);
            frame *p = get_frame(c, push_frame(c, FR_PAIR, false));
            p->v = it.v;
            p->vd = it.d;
            p->rec = NO_REC;
            p->len0 = len;
            classify(c, it.t, it.d, &n);
            visit_flat(c, &n, &len);
            break;
        }
        case IT_FIELD: { /* "name = " now; the frame ends it after V */
            if (!first)
                add_text(b, ",", 1, &len);
            uint64_t fr = add_rec(c, R_FIELD);
            int64_t flen0 = len;
            classify(c, it.t, -1, &n);
            visit_flat(c, &n, &len);
            add_text(b, " = ", 3, &len);
            frame *p = get_frame(c, push_frame(c, FR_PAIR, false));
            p->state = ST_TAIL;
            p->rec = fr;
            p->len0 = flen0;
            classify(c, it.v, it.d, &n);
            visit_flat(c, &n, &len);
            break;
        }
        }
    }
    c->cur = cur0;
    c->top = top0;
    return len;
}

/* ---- one line, the fast way ---------------------------------------------------------
 * write_flat's walk over the common terms as C recursion, FAST_LEVELS deep
 * at most (the bound STYLE.md asks for): lists, tuples and flat maps are
 * walked here and the common leaves written here, each with its record;
 * hash maps, containers nested deeper and the rarer leaves go to
 * write_flat and put_leaf_rec. Same text, same records, without
 * write_flat's per-node frame and node structs. The text goes through a
 * cursor, as in write.c: room made once per token, b->len catching up only
 * when the pass is done (or a write.h printer that takes b is called).
 * Widths are not returned but kept as a running count of the bytes that
 * are not chars (c->wide): a node's width is its bytes minus what that
 * count grew by. */
#define FAST_LEVELS 48

/* Reading this far ahead of a list hides the memory latency of cells laid
 * out one after the other (fmt_next_cell stops the walk waiting on each
 * tail; this stops it waiting on memory). A prefetch never faults,
 * wherever it points. */
#define LIST_PREFETCH 256
#ifdef __GNUC__
#define PREFETCH(a) __builtin_prefetch(a)
#else
#define PREFETCH(a) ((void)(a))
#endif

static FMT_INLINE fmt_cursor cursor_at(const fmt_buf *b, char *p) { return (fmt_cursor){p, b->data + b->cap}; }

/* b's text up to p, before a call to a printer that takes b. */
static FMT_INLINE void lend(fmt_buf *b, const char *p) { b->len = (size_t)(p - b->data); }

/* io_lib:chars_length of n bytes of text at s. */
static int64_t measure_text(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return (int64_t)fmt_text_width(s, n);
    return (int64_t)n;
}

/* c->base anew, after b may have moved (grown by a write.h printer). */
static FMT_INLINE void rebase(pctx *c) { c->base = c->b->data + c->mark; }

/* Offset in the recorded text of the byte at p: one load and a subtraction
 * per record, where p - b->data - mark would be three loads (every char
 * store may alias c and b, so nothing stays in a register). */
static FMT_INLINE uint64_t text_at(const pctx *c, const char *p)
{
    ASSERT(c->base == c->b->data + c->mark);
    return (uint64_t)(p - c->base);
}

/* fmt_need for the one-line pass: growing b moves the text, and c->base
 * with it. */
static FMT_NOINLINE fmt_cursor grow_text(pctx *c, char *p, size_t n)
{
    fmt_cursor k = fmt_cursor_grow(c->b, p, n);
    rebase(c);
    return k;
}

static FMT_INLINE fmt_cursor need(pctx *c, fmt_cursor k, size_t n)
{
    return n < (size_t)(k.lim - k.p) ? k : grow_text(c, k.p, n);
}

/* The record of a leaf whose text, `bytes` bytes ending at p, is written:
 * `width` chars. */
static FMT_INLINE void leaf_rec(pctx *c, uint8_t kind, const char *p, uint64_t bytes, int64_t width)
{
    uint64_t end = text_at(c, p);
    c->wide += (int64_t)bytes - width;
    rec *r = new_rec(c);
    r->next = c->nrec;
    r->start = end - bytes;
    r->width = width;
    r->kind = kind;
}

/* The record of a leaf of ASCII text from p0 to p. */
static FMT_INLINE void ascii_rec(pctx *c, uint8_t kind, const char *p0, const char *p)
{
    leaf_rec(c, kind, p, (uint64_t)(p - p0), p - p0);
}

/* The record of a container whose text begins at p; its width holds the
 * running count until close_rec. */
static FMT_INLINE uint64_t open_rec(pctx *c, uint8_t kind, const char *p)
{
    uint64_t start = text_at(c, p), i = c->nrec;
    rec *r = new_rec(c);
    r->start = start;
    r->width = c->wide;
    r->kind = kind;
    return i;
}

/* The container's text ends at p. */
static FMT_INLINE void close_rec(pctx *c, uint64_t i, const char *p)
{
    uint64_t end = text_at(c, p);
    rec *r = get_rec(c, i);
    r->width = (int64_t)(end - r->start) - (c->wide - r->width);
    r->next = c->nrec;
}

/* Writes "..." (a depth's end) at k with its record. */
static FMT_INLINE fmt_cursor put_dots(pctx *c, fmt_cursor k)
{
    k = need(c, k, 3);
    memcpy(k.p, "...", 3);
    k.p += 3;
    leaf_rec(c, R_DOTS, k.p, 3, 3);
    mark_last(c, c->nrec - 1);
    return k;
}

/* PLAIN_CHAR[h], for a term h below 2048: the char a small integer h
 * prints as in a plain string (32..126 but " and \), or 0x80 when h is
 * any other small or no small. A small is its value times 16 plus 15;
 * negative smalls and other terms are 2048 or more. One load gives the
 * test and the char to store, and two chars' entries or-ed test both. */
#define PLAIN_CH(ch) ((ch) >= ' ' && (ch) <= '~' && (ch) != '"' && (ch) != '\\')
#define PLAIN_AT(h) ((h) % 16 == 15 && PLAIN_CH((h) / 16) ? (h) / 16 : 0x80)
#define PLAIN_AT4(h) PLAIN_AT(h), PLAIN_AT((h) + 1), PLAIN_AT((h) + 2), PLAIN_AT((h) + 3)
#define PLAIN_AT16(h) PLAIN_AT4(h), PLAIN_AT4((h) + 4), PLAIN_AT4((h) + 8), PLAIN_AT4((h) + 12)
#define PLAIN_AT64(h) PLAIN_AT16(h), PLAIN_AT16((h) + 16), PLAIN_AT16((h) + 32), PLAIN_AT16((h) + 48)
#define PLAIN_AT256(h) PLAIN_AT64(h), PLAIN_AT64((h) + 64), PLAIN_AT64((h) + 128), PLAIN_AT64((h) + 192)
static const uint8_t PLAIN_CHAR[2048] = {PLAIN_AT256(0),    PLAIN_AT256(256),  PLAIN_AT256(512),
                                         PLAIN_AT256(768),  PLAIN_AT256(1024), PLAIN_AT256(1280),
                                         PLAIN_AT256(1536), PLAIN_AT256(1792)};
_Static_assert(TAG_IMMED1_SMALL == 0xF && TAG_IMMED1_SIZE == 4, "PLAIN_CHAR assumes smalls as v * 16 + 15");

/* Writes list l at k as a string with nothing to escape, "..." of ASCII
 * chars 32..126 but " and \, and sets *w to its width; having written
 * nothing (the cursor returned where k was, though growing b may have moved
 * b->len), sets *w to 0 when l may still be a string with escapes or wide
 * chars, -1 when it is no string at all (for ~tp with a unicode range,
 * c->urange). The cursor goes in and out by value: behind a pointer it would
 * live in memory.
 * Two chars a step while cells follow one another in memory (as ~w's
 * write_list): one room test, one range test and one plain test for both;
 * a cell that does not follow, or a pair that fails, goes one cell at a
 * time, which finds the char that failed. */
static FMT_INLINE fmt_cursor put_plain_string(pctx *c, fmt_cursor k, term_t l, int64_t *w)
{
    k = need(c, k, 64);
    char *start = k.p, *p = k.p, *end = k.lim - 3; /* room for two chars, the '"' and the NUL */
    const term_t *cell = list_ptr(l);
    term_t h, tail;
    *p++ = '"';
    for (;;) {
        PREFETCH((const char *)cell + LIST_PREFETCH);
        if (p >= end) {
            k = grow_text(c, p, 64); /* the text moves, start with it */
            start = k.p - (p - start);
            p = k.p;
            end = k.lim - 3;
        }
        h = cell[0];
        tail = cell[1];
        unsigned two;
        /* both heads below 2048, then both plain */
        if (tail == term_list(cell + 2) && (h | cell[2]) < 2048 &&
            !((two = PLAIN_CHAR[h] | (unsigned)PLAIN_CHAR[cell[2]] << 8) & 0x8080)) {
            p[0] = (char)two;
            p[1] = (char)(two >> 8);
            p += 2;
            cell += 2; /* the pair's second cell */
            tail = cell[1];
            if (tail == term_list(cell + 2)) {
                cell += 2;
                continue;
            }
        } else if (h < 2048 && !(PLAIN_CHAR[h] & 0x80)) {
            *p++ = (char)PLAIN_CHAR[h];
            if (tail == term_list(cell + 2)) {
                cell += 2;
                continue;
            }
        } else {
            goto fail;
        }
        if (term_is_nil(tail)) /* the common way out, tested first */
            break;
        if (!term_is_list(tail))
            goto fail_tail;
        cell = list_ptr(tail);
    }
    *p++ = '"';
    *w = p - start;
    return (fmt_cursor){p, k.lim};
fail:;
    int64_t v = term_is_small(h) ? small_value(h) : 0;
    *w = !term_is_small(h) || (measure_char(v) == 0 && !(c->urange && v > 255)) ? -1 : 0;
    return (fmt_cursor){start, k.lim};
fail_tail:
    *w = -1;
    return (fmt_cursor){start, k.lim};
}

/* List l as a string of latin1 chars with escapes (\n, \") and latin1
 * letters (two bytes of UTF-8, one column), in one pass, with its record:
 * the lists that put_plain_string gives up on at such a char. Returns the
 * cursor after it and true; when some element is no printable latin1
 * char or the list is improper, false and the cursor where the string
 * would have started (the text may have moved), nothing kept. */
static FMT_INLINE fmt_cursor put_latin1_string(pctx *c, fmt_cursor k, term_t l, bool *ok)
{
    k = need(c, k, 64);
    char *start = k.p, *p = k.p, *end = k.lim - 4; /* room for a char, the '"' and the NUL */
    int64_t high = 0;                              /* latin1 letters: a byte more than their width */
    *p++ = '"';
    for (; term_is_list(l); l = list_tail(l)) {
        if (p >= end) {
            k = grow_text(c, p, 64); /* the text moves, start with it */
            start = k.p - (p - start);
            p = k.p;
            end = k.lim - 4;
        }
        term_t h = list_head(l);
        if (h < 2048 && !(PLAIN_CHAR[h] & 0x80)) {
            *p++ = (char)PLAIN_CHAR[h];
            continue;
        }
        int64_t ch = term_is_small(h) ? small_value(h) : -1;
        if (ch < 0 || ch > 255 || measure_char(ch) == 0) {
            *ok = false;
            return (fmt_cursor){start, k.lim};
        }
        high += ch >= 160;
        p = fmt_put_latin1_char(p, (uint32_t)ch);
    }
    if (!term_is_nil(l)) {
        *ok = false;
        return (fmt_cursor){start, k.lim};
    }
    *p++ = '"';
    leaf_rec(c, N_STRING, p, (uint64_t)(p - start), (p - start) - high);
    *ok = true;
    return (fmt_cursor){p, k.lim};
}

/* Writes atom t at k with its record. */
static FMT_INLINE fmt_cursor put_atom_rec(pctx *c, fmt_cursor k, term_t t)
{
    fmt_buf *b = c->b;
    size_t n, chars;
    unsigned flags;
    const char *s = atom_text_chars(t, &n, &chars, &flags);
    if (flags & (ATOM_ESCAPES | ATOM_WIDE)) { /* rare: escapes or wide chars */
        size_t at = (size_t)(k.p - b->data);
        k = fmt_put_atom_at(b, k, t, c->unicode);
        rebase(c);
        size_t bytes = (size_t)(k.p - b->data) - at;
        leaf_rec(c, N_ATOM, k.p, bytes, measure_text(b->data + at, bytes));
        return k;
    }
    /* latin1 text, no escapes: its chars are its width, quotes around it
     * when the atom needs them */
    size_t q = (flags & ATOM_QUOTED) != 0;
    k = need(c, k, n + 2 + ATOM_TEXT_BLOCK);
    char *p = k.p;
    *p = '\'';
    p += q;
    if (n <= ATOM_TEXT_BLOCK) /* zeros after the name: one block */
        memcpy(p, s, ATOM_TEXT_BLOCK);
    else
        memcpy(p, s, n);
    p += n;
    *p = '\'';
    p += q;
    k.p = p;
    leaf_rec(c, N_ATOM, p, n + 2 * q, (int64_t)(chars + 2 * q));
    return k;
}

/* Writes leaf n, or a bitstring written byte by byte (N_BITS), at k with
 * its record: the kinds the fast walk leaves to classify(). */
static fmt_cursor put_leaf_rec(pctx *c, fmt_cursor k, const node *n)
{
    fmt_buf *b = c->b;
    if (n->kind == N_ATOM)
        return put_atom_rec(c, k, n->t);
    k = need(c, k, TOKEN_ROOM);
    size_t at = (size_t)(k.p - b->data);
    int64_t w = n->width; /* -1: ASCII, the bytes */
    switch (n->kind) {
    case N_CONST:
        memcpy(k.p, n->text, (size_t)n->width); /* at most 7 */
        k.p += n->width;
        break;
    case N_BITS: {
        bin_view v;
        bin_view_of(n->t, &v);
        k = fmt_put_bits_at(b, k, &v, n->d);
        rebase(c);
        break;
    }
    case N_BINSTR:
        if (n->plain && !n->utf8) { /* latin1 with nothing to escape */
            bin_view v;
            bin_view_of(n->t, &v);
            k = need(c, k, n->nbytes + 16);
            char *p = k.p;
            memcpy(p, "<<\"", 3);
            p += 3;
            if (v.bitoffset == 0) {
                memcpy(p, v.bytes, n->nbytes);
                p += n->nbytes;
            } else {
                for (uint64_t i = 0; i < n->nbytes; i++)
                    *p++ = (char)bin_byte_at(&v, i);
            }
            *p++ = '"';
            if (n->dots) {
                memcpy(p, "...", 3);
                p += 3;
            }
            *p++ = '>', *p++ = '>';
            k.p = p;
            break;
        }
        goto slow;
    default:
    slow: /* the rest: through the printers that take b */
        lend(b, k.p);
        put_leaf(c, n);
        rebase(c);
        k = cursor_at(b, b->data + b->len);
        if (w < 0)
            w = measure_text(b->data + at, b->len - at);
        break;
    }
    uint64_t bytes = (uint64_t)(k.p - b->data) - at;
    leaf_rec(c, n->kind, k.p, bytes, w < 0 ? (int64_t)bytes : w);
    return k;
}

/* ---- plain bytes, eight at a time --------------------------------------------------- */

#define ONES UINT64_C(0x0101010101010101)
#define HIGHS UINT64_C(0x8080808080808080)

/* True when each of the 8 bytes in w is plain inside "...": 32..126 but "
 * and \. For a byte b below 128 no sum here carries into the next byte,
 * and bit 7 of b + 96 says b >= 32, of b + 1 b >= 127 (so of their xor,
 * 32 <= b <= 126), of (b ^ '"') + 127 b != '"', of (b ^ '\\') + 127
 * b != '\\'. A byte of 128 or more fails by its own bit 7 (~w), whatever
 * its carries do to the bytes above it. */
static FMT_INLINE bool plain8(uint64_t w)
{
    uint64_t range = (w + ONES * 96) ^ (w + ONES);
    uint64_t q = (w ^ (ONES * '"')) + ONES * 127, bs = (w ^ (ONES * '\\')) + ONES * 127;
    return (range & q & bs & ~w & HIGHS) == HIGHS;
}

static FMT_INLINE bool plain1(uint8_t by) { return by >= ' ' && by <= '~' && by != '"' && by != '\\'; }

/* Copies s[0..n) to out, which has room for n + 8 (whole words are
 * stored), while its bytes are plain; true when all of them are.
 * `padded`: s may be read up to the next multiple of 8 past n (a heap
 * binary's bytes are padded to words). The last partial word is read
 * whole, its bytes past n counted as plain, so a binary costs no byte
 * loop unless it is short and unpadded. */
static FMT_INLINE bool copy_plain(char *out, const uint8_t *s, uint64_t n, bool padded)
{
    uint64_t i = 0, w, whole = n & ~(uint64_t)7;
    for (; i < whole; i += 8) {
        memcpy(&w, s + i, 8);
        memcpy(out + i, &w, 8);
        if (!plain8(w))
            return false;
    }
    if (i == n)
        return true;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (padded || n >= 8) {
        unsigned keep = (unsigned)(n - i) * 8; /* 8..56 bits, the low bytes */
        if (padded) {
            memcpy(&w, s + i, 8);
        } else {
            memcpy(&w, s + n - 8, 8);
            w >>= 64 - keep;
        }
        uint64_t mask = (UINT64_C(1) << keep) - 1;
        w = (w & mask) | (ONES * 'a' & ~mask);
        memcpy(out + i, &w, 8);
        return plain8(w);
    }
#else
    (void)padded;
#endif
    for (; i < n && plain1(s[i]); i++)
        out[i] = (char)s[i];
    return i == n;
}

/* A byte-aligned binary of n > 0 bytes at s, at unlimited depth, with
 * strings on, at k, which has FMT_BYTE_LIST_ROOM(n) (every form fits):
 * <<"...">> when its bytes are plain; else the byte list (N_BITS) when
 * some byte is no printable latin1 char, or the string with its escapes
 * and latin1 chars (classify_bin's answers for those), with its record.
 * ~tp gives the same answers for bytes that are all ASCII; for others
 * (maybe UTF-8 text) *done is false and nothing is kept. Bytes that are
 * not all plain are mostly no text at all (a third of the binaries
 * programs print), so the byte list is written while the bytes are
 * tested: the test costs a load a byte and one branch, not a loop that
 * stops at a byte nothing predicts. */
static FMT_INLINE fmt_cursor put_bin_rec(pctx *c, fmt_cursor k, const uint8_t *s, uint64_t n, bool padded,
                                         bool *done)
{
    char *p = k.p;
    *done = true;
    memcpy(p, "<<\"", 3);
    if (copy_plain(p + 3, s, n, padded)) {
        p += 3 + n;
        memcpy(p, "\">>", 3);
        p += 3;
        k.p = p;
        leaf_rec(c, N_BINSTR, p, n + 6, (int64_t)n + 6);
        return k;
    }
    if (c->unicode && !fmt_is_ascii((const char *)s, n)) {
        *done = false;
        return k;
    }
    bool chars;
    char *e = fmt_put_byte_list(p, s, n, &chars);
    if (chars) { /* text with escapes (\r\n) or latin1 letters: over the list */
        int64_t wide;
        e = fmt_put_latin1_bin(p, s, n, &wide);
        leaf_rec(c, N_BINSTR, e, (uint64_t)(e - p), (e - p) - wide);
    } else {
        ascii_rec(c, N_BITS, p, e);
    }
    k.p = e;
    return k;
}

static char *flat_fast(pctx *c, char *p, term_t t, int64_t d, unsigned level);

/* Items of a container of n elements at depth d (not 1): at most d, the
 * last one "..." when n > d - 1. */
static FMT_INLINE uint64_t items_at(uint64_t n, int64_t d)
{
    return d >= 0 && (uint64_t)d < n ? (uint64_t)d : n;
}

/* Writes t at k: its text and records. Like every writer of a node in
 * this pass, it makes its own room and leaves a byte of room after its
 * text (fmt_need's room for the NUL): a container's loop writes the ","
 * or "|" after an item into that byte without a test of its own. */
static FMT_INLINE fmt_cursor flat_elem(pctx *c, fmt_cursor k, term_t t, int64_t d, unsigned level)
{
    if (term_is_small(t)) {
        k = need(c, k, TOKEN_ROOM);
        char *p0 = k.p;
        k.p = fmt_put_int(k.p, small_value(t));
        ascii_rec(c, N_INT, p0, k.p);
        return k;
    }
    if (term_is_atom(t))
        return put_atom_rec(c, k, t);
    /* The cursor goes as one pointer, as in write.c. */
    k.p = flat_fast(c, k.p, t, d, level);
    k.lim = c->b->data + c->b->cap;
    return k;
}

/* Writes the items of list t at depth d after its "[", then "]". */
static fmt_cursor flat_list_items(pctx *c, fmt_cursor k, term_t t, int64_t d, unsigned level)
{
    if (d < 0) { /* unlimited depth: no dots, the common case */
        const term_t *cell = list_ptr(t);
        term_t tail = NIL;
        uint64_t last = c->nrec; /* the latest element's record */
        PREFETCH((const char *)cell + LIST_PREFETCH);
        count_recs(c, 1);
        k = flat_elem(c, k, cell[0], -1, level);
        while ((cell = fmt_next_cell(cell, &tail)) != NULL) {
            PREFETCH((const char *)cell + LIST_PREFETCH);
            ASSERT(k.p < k.lim);
            *k.p++ = ',';
            last = c->nrec;
            count_recs(c, 1);
            k = flat_elem(c, k, cell[0], -1, level);
        }
        mark_last(c, last);
        if (!term_is_nil(tail)) {
            ASSERT(k.p < k.lim);
            *k.p++ = '|';
            uint64_t r = c->nrec;
            count_recs(c, 1);
            k = flat_elem(c, k, tail, -1, level);
            mark_tail(c, r);
        }
        k = need(c, k, 1);
        *k.p++ = ']';
        return k;
    }
    uint64_t last = c->nrec;
    for (bool first = true;; first = false) {
        k = need(c, k, TOKEN_ROOM);
        count_recs(c, 1); /* an element, "..." or the tail, or none */
        if (!first && (term_is_nil(t) || d == 1 || !term_is_list(t)))
            mark_last(c, last);
        if (term_is_nil(t))
            break;
        if (d == 1) {
            if (!first)
                *k.p++ = '|';
            k = put_dots(c, k);
            break;
        }
        if (!term_is_list(t)) {
            *k.p++ = '|';
            uint64_t tail = c->nrec;
            k = flat_elem(c, k, t, descend(d), level);
            mark_tail(c, tail);
            k = need(c, k, TOKEN_ROOM);
            break;
        }
        if (!first)
            *k.p++ = ',';
        const term_t *cell = list_ptr(t);
        PREFETCH((const char *)cell + LIST_PREFETCH);
        d = descend(d);
        last = c->nrec;
        k = flat_elem(c, k, cell[0], d, level);
        t = cell[1];
    }
    *k.p++ = ']';
    return k;
}

/* Writes the n items at e of a tuple at depth d after its "{", then "}". */
static fmt_cursor flat_tuple_items(pctx *c, fmt_cursor k, const term_t *e, uint64_t n, int64_t d, unsigned level)
{
    uint64_t last = c->nrec; /* the latest element's record */
    count_recs(c, items_at(n, d));
    if (d < 0) {
        k = flat_elem(c, k, e[0], -1, level);
        for (uint64_t i = 1; i < n; i++) {
            ASSERT(k.p < k.lim);
            *k.p++ = ',';
            last = c->nrec;
            k = flat_elem(c, k, e[i], -1, level);
        }
    } else {
        for (uint64_t i = 0; i < n; i++) {
            k = need(c, k, TOKEN_ROOM);
            if (i > 0)
                *k.p++ = ',';
            if (d == 1) {
                k = put_dots(c, k);
                break;
            }
            d = descend(d);
            last = c->nrec;
            k = flat_elem(c, k, e[i], d, level);
        }
    }
    mark_last(c, last); /* at depth 1 the first item is "...", no element */
    k = need(c, k, 1);
    *k.p++ = '}';
    return k;
}

/* Writes the pairs of flat map m at depth d after its "#{", then "}". */
static fmt_cursor flat_map_items(pctx *c, fmt_cursor k, term_t m, int64_t d, unsigned level)
{
    uint64_t n = flatmap_size(m);
    const term_t *ks = tuple_elems(flatmap_keys(m)), *vs = flatmap_values(m);
    int64_t pd = descend(d);
    uint64_t last = c->nrec;           /* the latest pair's key's record */
    count_recs(c, 2 * items_at(n, d)); /* a key, a value */
    for (uint64_t i = 0; i < n; i++) {
        ASSERT(k.p < k.lim);
        if (i > 0)
            *k.p++ = ',';
        if (d == 1) {
            k = put_dots(c, k);
            break;
        }
        d = descend(d);
        last = c->nrec;
        k = flat_elem(c, k, ks[i], pd, level);
        k = need(c, k, TOKEN_ROOM);
        memcpy(k.p, PAIR_ARROW_TEXT, PAIR_ARROW);
        k.p += PAIR_ARROW;
        k = flat_elem(c, k, vs[i], pd, level);
    }
    mark_last(c, last);
    k = need(c, k, 1);
    *k.p++ = '}';
    return k;
}

/* Writes fixed text s (n <= 7 bytes) at k, which has room, as a leaf of
 * kind N_CONST. */
static FMT_INLINE fmt_cursor put_const_rec(pctx *c, fmt_cursor k, const char *s, size_t n)
{
    char *p0 = k.p;
    memcpy(k.p, s, n);
    k.p += n;
    ascii_rec(c, N_CONST, p0, k.p);
    return k;
}

/* Writes tuple t (an atom first) at depth d (not 1) at k, which has
 * TOKEN_ROOM, as #name{f = V,...} with its records when the
 * record_print_fun knows it (print_length_record/7: the tag takes a level
 * of depth, as a tuple's first element does); else *done is false and
 * nothing is written. */
static fmt_cursor flat_record(pctx *c, fmt_cursor k, term_t t, int64_t d, unsigned level, bool *done)
{
    size_t off = push_record(c, t);
    *done = off != NO_FRAME;
    if (!*done)
        return k;
    uint64_t nf = tuple_arity(t) - 1;
    count_recs(c, 1 + 3 * items_at(nf, descend(d))); /* the name; a field, its name, its value */
    uint64_t r = open_rec(c, N_RECORD, k.p);
    *k.p++ = '#';
    k = put_atom_rec(c, k, tuple_get(t, 0));
    rec *nr = get_rec(c, c->nrec - 1); /* the name's record takes the '#' */
    nr->start--;
    nr->width++;
    k = need(c, k, TOKEN_ROOM);
    *k.p++ = '{';
    d = descend(d);
    uint64_t last = UINT64_MAX; /* the latest field's record */
    for (uint64_t i = 0; i < nf; i++) {
        k = need(c, k, TOKEN_ROOM);
        if (i > 0)
            *k.p++ = ',';
        if (d == 1) {
            k = put_dots(c, k);
            break;
        }
        d = descend(d);
        uint64_t fr = last = open_rec(c, R_FIELD, k.p);
        k = put_atom_rec(c, k, get_fields(c, off)[i]);
        k = need(c, k, TOKEN_ROOM);
        memcpy(k.p, " = ", 3);
        k.p += 3;
        k = need(c, k, TOKEN_ROOM);
        k = flat_elem(c, k, tuple_get(t, i + 1), d, level);
        close_rec(c, fr, k.p);
    }
    if (last != UINT64_MAX)
        mark_last(c, last);
    k = need(c, k, 1);
    *k.p++ = '}';
    close_rec(c, r, k.p);
    pop_frame(c);
    return k;
}

/* Each kind flat_fast meets has its own function, not inlined into it, as
 * in write.c's write_nested: flat_fast is a dispatch that ends in a jump
 * and keeps no frame, and a leaf (a float, a binary, a string) does not pay
 * for the registers a container's loop saves. Each takes p (the end of
 * the text so far, room or not) and returns the end of its text. */
static FMT_NOINLINE char *flat_string(pctx *c, char *p, term_t t, int64_t d, unsigned level);
static FMT_NOINLINE char *flat_list(pctx *c, char *p, term_t t, int64_t d, unsigned level);
static FMT_NOINLINE char *flat_tuple(pctx *c, char *p, term_t t, int64_t d, unsigned level);
static FMT_NOINLINE char *flat_map(pctx *c, char *p, term_t t, int64_t d, unsigned level);
static FMT_NOINLINE char *flat_float(pctx *c, char *p, term_t t);
static FMT_NOINLINE char *flat_bin(pctx *c, char *p, term_t t, int64_t d);
static FMT_NOINLINE char *flat_big(pctx *c, char *p, term_t t);
static FMT_NOINLINE char *flat_pid(pctx *c, char *p, term_t t);
static FMT_NOINLINE char *flat_const(pctx *c, char *p, const char *s, size_t n);
static FMT_NOINLINE char *flat_other(pctx *c, char *p, term_t t, int64_t d);

/* Writes t (no small integer or atom) at depth d (not 0) at p, `level`
 * containers deep, with its records, as write_flat does; returns the end
 * of its text. Tests in order of frequency, not a switch: see write.c's
 * write_nested. */
static char *flat_fast(pctx *c, char *p, term_t t, int64_t d, unsigned level)
{
    if (term_is_list(t)) {
        if (d != 1 && c->strings && level < FAST_LEVELS)
            return flat_string(c, p, t, d, level);
        return flat_list(c, p, t, d, level);
    }
    if (term_is_boxed(t)) {
        unsigned st = header_subtag(*boxed_ptr(t));
        if (st == HDR_TUPLE)
            return flat_tuple(c, p, t, d, level);
        if (st == HDR_FLOAT)
            return flat_float(c, p, t);
        if (st - HDR_REFC_BIN <= HDR_HEAP_BIN - HDR_REFC_BIN)
            return flat_bin(c, p, t, d);
        if (st == HDR_MAP)
            return flat_map(c, p, t, d, level);
        if (st - HDR_POS_BIG <= HDR_NEG_BIG - HDR_POS_BIG)
            return flat_big(c, p, t);
    } else if (term_is_nil(t)) {
        return flat_const(c, p, "[]", 2);
    } else if (term_is_local_pid(t)) {
        return flat_pid(c, p, t);
    }
    return flat_other(c, p, t, d);
}

static FMT_NOINLINE char *flat_chars(pctx *c, char *p, term_t t, int64_t d, unsigned level);

/* List t, which may print as a string (depth not 1, strings on, level
 * below FAST_LEVELS): the string, or else the list. A list whose first
 * element is no integer (of tuples, atoms, ...: about 40% of the lists
 * met) is no string: it goes to flat_list from here, a jump with no
 * frame, and only the others to flat_chars, which needs one. */
static FMT_NOINLINE char *flat_string(pctx *c, char *p, term_t t, int64_t d, unsigned level)
{
    if (!term_is_small(list_ptr(t)[0]))
        return flat_list(c, p, t, d, level);
    return flat_chars(c, p, t, d, level);
}

/* List t, which is no plain string, at p: a string with escapes, latin1
 * letters or (~tp) wide chars when w is 0, else the list. Out of
 * flat_chars, so that its node does not grow every string's frame. */
static FMT_NOINLINE char *flat_not_plain(pctx *c, char *p, term_t t, int64_t d, unsigned level, int64_t w)
{
    if (w == 0) {
        bool ok; /* latin1 text, the common case, in one pass */
        fmt_cursor k = put_latin1_string(c, cursor_at(c->b, p), t, &ok);
        if (ok)
            return k.p;
        p = k.p;
        node n; /* wide chars (~tp), or no string after all */
        if (scan_string(t, c->urange, &n)) {
            n.t = t;
            n.d = d;
            n.kind = N_STRING;
            return put_leaf_rec(c, cursor_at(c->b, p), &n).p;
        }
    }
    return flat_list(c, p, t, d, level);
}

/* List t, an integer first, as flat_string takes it. */
static FMT_NOINLINE char *flat_chars(pctx *c, char *p, term_t t, int64_t d, unsigned level)
{
    int64_t w;
    fmt_cursor k = put_plain_string(c, cursor_at(c->b, p), t, &w);
    if (w <= 0)
        return flat_not_plain(c, k.p, t, d, level, w);
    leaf_rec(c, N_STRING, k.p, (uint64_t)w, w);
    return k.p;
}

/* List t as a list, not a string. */
static FMT_NOINLINE char *flat_list(pctx *c, char *p, term_t t, int64_t d, unsigned level)
{
    if (level >= FAST_LEVELS)
        return flat_other(c, p, t, d);
    fmt_buf *b = c->b;
    fmt_cursor k = need(c, cursor_at(b, p), TOKEN_ROOM);
    uint64_t r = open_rec(c, N_LIST, k.p);
    *k.p++ = '[';
    k = flat_list_items(c, k, t, d, level + 1);
    close_rec(c, r, k.p);
    return k.p;
}

/* Tuple t: {}, a record (record_print_fun), or {E,...} as N_TUPLE or
 * N_TAGGED; at depth 1 or FAST_LEVELS deep, through classify(). */
static FMT_NOINLINE char *flat_tuple(pctx *c, char *p, term_t t, int64_t d, unsigned level)
{
    fmt_buf *b = c->b;
    const term_t *box = boxed_ptr(t);
    uint64_t n = header_arity(box[0]);
    fmt_cursor k = need(c, cursor_at(b, p), TOKEN_ROOM);
    if (n == 0)
        return put_const_rec(c, k, "{}", 2).p;
    if (d == 1 || level >= FAST_LEVELS)
        return flat_other(c, k.p, t, d);
    if (c->records != NULL && term_is_atom(box[1])) {
        bool done;
        k = flat_record(c, k, t, d, level + 1, &done);
        if (done)
            return k.p;
    }
    uint64_t r = open_rec(c, n > 1 && term_is_atom(box[1]) ? N_TAGGED : N_TUPLE, k.p);
    *k.p++ = '{';
    k = flat_tuple_items(c, k, box + 1, n, d, level + 1);
    close_rec(c, r, k.p);
    return k.p;
}

/* Map t: #{}, or a flat map's pairs; hash maps, depth 1 and FAST_LEVELS
 * deep through classify(). */
static FMT_NOINLINE char *flat_map(pctx *c, char *p, term_t t, int64_t d, unsigned level)
{
    fmt_buf *b = c->b;
    fmt_cursor k = need(c, cursor_at(b, p), TOKEN_ROOM);
    if (!map_is_flat(t) || d == 1 || level >= FAST_LEVELS)
        return flat_other(c, k.p, t, d); /* a map in trie form is never empty */
    if (flatmap_size(t) == 0)
        return put_const_rec(c, k, "#{}", 3).p;
    uint64_t r = open_rec(c, N_MAP, k.p);
    memcpy(k.p, "#{", 2);
    k.p += 2;
    k = flat_map_items(c, k, t, d, level + 1);
    close_rec(c, r, k.p);
    return k.p;
}

/* Float t, the shortest text that reads back. */
static FMT_NOINLINE char *flat_float(pctx *c, char *p, term_t t)
{
    fmt_cursor k = need(c, cursor_at(c->b, p), TOKEN_ROOM); /* FLOAT_SHORT_MAX */
    char *p0 = k.p;
    k.p += fmt_float_short(float_value(t), k.p);
    ascii_rec(c, N_FLOAT, p0, k.p);
    return k.p;
}

/* A heap or refc binary; at a depth, without strings, or for ~tp when
 * some byte is above 127: through classify(). */
static FMT_NOINLINE char *flat_bin(pctx *c, char *p, term_t t, int64_t d)
{
    if (d >= 0 || !c->strings)
        return flat_other(c, p, t, d);
    const term_t *box = boxed_ptr(t);
    uint64_t n;
    const uint8_t *s = whole_bin_bytes(box, &n);
    bool heap = header_subtag(box[0]) == HDR_HEAP_BIN;
    fmt_cursor k = need(c, cursor_at(c->b, p), FMT_BYTE_LIST_ROOM(n));
    if (n == 0)
        return put_const_rec(c, k, "<<>>", 4).p;
    bool done;
    k = put_bin_rec(c, k, s, n, heap, &done);
    if (done)
        return k.p;
    return flat_other(c, k.p, t, d); /* k made room; nothing kept */
}

/* Bignum t in decimal: of one limb (at least 2^59, below 2^64: the
 * common case) by fmt_put_big1; longer ones through classify(), so
 * that this keeps only c and the start across its call. */
static FMT_NOINLINE char *flat_big(pctx *c, char *p, term_t t)
{
    if (big_limb_count(t) != 1)
        return flat_other(c, p, t, -1);
    fmt_cursor k = need(c, cursor_at(c->b, p), TOKEN_ROOM);
    char *p0 = k.p;
    k.p = fmt_put_big1(k.p, t);
    ascii_rec(c, N_INT, p0, k.p);
    return k.p;
}

/* <0.N.S>: two fmt_put_id of 21 bytes' room. */
static FMT_NOINLINE char *flat_pid(pctx *c, char *p, term_t t)
{
    fmt_cursor k = need(c, cursor_at(c->b, p), 48);
    char *p0 = k.p;
    memcpy(k.p, "<0.", 3);
    k.p = fmt_put_id(k.p + 3, pid_number(t));
    *k.p++ = '.';
    k.p = fmt_put_id(k.p, pid_serial(t));
    *k.p++ = '>';
    ascii_rec(c, N_IDENT, p0, k.p);
    return k.p;
}

/* Fixed text s of n <= 7 bytes. */
static FMT_NOINLINE char *flat_const(pctx *c, char *p, const char *s, size_t n)
{
    return put_const_rec(c, need(c, cursor_at(c->b, p), TOKEN_ROOM), s, n).p;
}

/* The rest through classify(): the leaves above at a depth or as byte
 * lists, ports, refs, funs, external pids, bitstrings, small integers and
 * atoms at the top; hash maps and containers nested deeper than
 * FAST_LEVELS through write_flat. */
static FMT_NOINLINE char *flat_other(pctx *c, char *p, term_t t, int64_t d)
{
    fmt_buf *b = c->b;
    fmt_cursor k = need(c, cursor_at(b, p), TOKEN_ROOM);
    node n;
    classify(c, t, d, &n);
    if (is_leaf(&n) || n.kind == N_BITS)
        return put_leaf_rec(c, k, &n).p;
    size_t at = (size_t)(k.p - b->data);
    lend(b, k.p);
    int64_t w = write_flat(c, &n);
    rebase(c);
    c->wide += (int64_t)(b->len - at) - w;
    return b->data + b->len;
}

/* Writes t at depth d on one line at the end of b, recording its tree;
 * returns its width. */
static int64_t write_line(pctx *c, term_t t, int64_t d)
{
    fmt_buf *b = c->b;
    size_t at = b->len;
    c->wide = 0;
    c->rcount = 0;
    count_recs(c, 1);
    char *p = flat_fast(c, b->data + b->len, t, d, 0);
    b->len = (size_t)(p - b->data);
    *p = '\0';
    return (int64_t)(b->len - at) - c->wide;
}

/* ---- writing the layout -------------------------------------------------------------
 * The laid-out text is the recorded one-line text (in scratch area 2,
 * take_text) with line breaks put in, written at mark in b as the
 * layout walks: at each break, the recorded text up to it, then the newline
 * and indentation (put_break); when the walk is done, the rest
 * (finish_layout). */

/* The recorded text is copied in blocks of COPY_BLOCK bytes, the last one
 * running past what is copied (the output has room for it, the area holds
 * the text with LINE_BLOCK bytes after it): memcpy's branches on a length
 * that differs from line to line are mispredicted, and so is a loop's end.
 * The text between two breaks is mostly a line's, under 80 columns: copied
 * as one block. */
#define COPY_BLOCK 32
#define LINE_BLOCK 96

/* A newline and ind < NL_BLOCK spaces at o, which has room for NL_BLOCK
 * bytes: one 16-byte store of a newline and 15 spaces for the
 * indentations most lines have, else a block of NL_BLOCK bytes (a store
 * of the newline and stores of one register of spaces). The bytes past
 * the indentation are written over by what follows it. The branch goes
 * the same way for the lines of a container (one indentation); the
 * smaller store saved about 1% of fmtbench's ~p against the whole block
 * at every break. */
#define NL_BLOCK 65
#define NL_SHORT 16
static FMT_INLINE void put_nl(char *o, uint64_t ind)
{
    ASSERT(ind < NL_BLOCK);
    if (ind < NL_SHORT) {
        memcpy(o, "\n               ", NL_SHORT);
        return;
    }
    o[0] = '\n';
    memset(o + 1, ' ', NL_BLOCK - 1);
}

/* Room for n bytes at the cursor and the NUL after them. */
static FMT_INLINE char *lw_room(lwriter *w, size_t n)
{
    if (n >= (size_t)(w->oe - w->o)) {
        fmt_buf *b = w->b;
        b->len = (size_t)(w->o - b->data);
        w->o = fmt_buf_grow(b, n);
        w->oe = b->data + b->cap;
    }
    return w->o;
}

/* Copies n bytes of the recorded text from s to o, which has room for
 * LINE_BLOCK more; returns the end of the copy. */
static FMT_INLINE char *copy_line(char *o, const char *s, size_t n)
{
    memcpy(o, s, LINE_BLOCK);
    for (size_t i = LINE_BLOCK; i < n; i += COPY_BLOCK)
        memcpy(o + i, s + i, COPY_BLOCK);
    return o + n;
}

/* The recorded text from w->src up to byte `at` at the cursor, with room
 * for `extra` bytes after it; returns its end (the cursor stays). */
static FMT_INLINE char *lw_copy(lwriter *w, uint64_t at, size_t extra)
{
    size_t n = (size_t)(at - w->src);
    return copy_line(lw_room(w, n + LINE_BLOCK + extra), w->text + w->src, n);
}

/* The recorded text up to byte `at`, then a newline and `ind` spaces. */
static FMT_INLINE void lw_break(lwriter *w, uint64_t at, uint64_t ind)
{
    char *o = lw_copy(w, at, NL_BLOCK);
    if (ind < NL_BLOCK) {
        put_nl(o, ind);
    } else {
        w->o = o;
        o = lw_room(w, ind + 1);
        o[0] = '\n';
        memset(o + 1, ' ', ind);
    }
    w->o = o + 1 + ind;
}

/* The breaks of the byte list whose items are the len bytes from `at`
 * (see add_bits_breaks), indented by ind: after the last comma in the
 * first n0 bytes of what is left, or after the first comma past them when
 * there is none, while more than n0 bytes are left. */
static void put_bits_breaks(lwriter *w, uint64_t at, size_t len, uint64_t ind, size_t n0)
{
    const char *text = w->text + at;
    for (size_t i = 0; len - i > n0;) {
        const char *comma = memrchr(text + i, ',', n0);
        if (comma == NULL) /* an item wider than a line: it alone */
            comma = memchr(text + i + n0, ',', len - i - n0);
        if (comma == NULL)
            return;
        i = (size_t)(comma - text) + 1;
        lw_break(w, at + i, ind);
        w->src = at + i;
    }
}

/* write_break when the output needs more room or the indentation is over
 * NL_BLOCK - 1 spaces: kept out of it, so that it calls nothing and saves
 * no registers. */
static FMT_NOINLINE void put_break_slow(lwriter *w, uint64_t at, uint64_t ind, uint32_t drop)
{
    lw_break(w, at, ind);
    w->src = at + drop;
}

/* Writes the recorded text up to byte `at`, then a line break indented for
 * column col0, leaving out `drop` bytes there (the space after "=>" or
 * "="). Inlined where most breaks are made (fl_tail, fl_map); the other
 * break sites of both walks share one copy of it, put_break. */
static FMT_INLINE void write_break(lwriter *w, uint64_t at, int64_t col0, uint32_t drop)
{
    ASSERT(col0 >= 1);
    uint64_t ind = (uint64_t)(col0 - 1);
    size_t n = (size_t)(at - w->src);
    char *o = w->o;
    if (ind >= NL_BLOCK || n + LINE_BLOCK + NL_BLOCK >= (size_t)(w->oe - o)) {
        put_break_slow(w, at, ind, drop);
        return;
    }
    o = copy_line(o, w->text + w->src, n);
    put_nl(o, ind);
    w->o = o + 1 + ind;
    w->src = at + drop;
}

static FMT_NOINLINE void put_break(lwriter *w, uint64_t at, int64_t col0, uint32_t drop)
{
    write_break(w, at, col0, drop);
}

/* Points the writer at the start of the output (mark in b), nothing of
 * the recorded text copied. */
static void start_layout(pctx *c)
{
    fmt_buf *b = c->b;
    c->w.o = b->data + c->mark;
    c->w.oe = b->data + b->cap;
    c->w.src = 0;
}

/* Ends the layout's text: the recorded text after its last break. */
static void finish_layout(pctx *c)
{
    fmt_buf *b = c->b;
    char *o = lw_copy(&c->w, c->tlen, 0);
    b->len = (size_t)(o - b->data);
    *o = '\0';
}

/* ---- layout --------------------------------------------------------------------------
 * io_lib_pretty's pp/8 family (c->emit) and its cind/7 family (c->check)
 * over the records, run as one walk when both are on: that is when M is
 * large (see M_SLACK), and then cind's walk is pp's except at an improper
 * tail. Columns are 1-based; a line continued at column col0 is indented by
 * col0 - 1 spaces.
 * pp's text is the one-line text with line breaks put in: before an item
 * after its comma, or in place of the space after " =>" or " =", or after
 * a comma of a byte list. So a walk that writes (c->emit) writes no text
 * of its own: it puts each break in as it decides it, in text order, and
 * the writer copies the recorded text up to it (see "writing the layout"
 * above). A walk that checks and writes at once and then fails has
 * written text that the next walk writes over (start_layout). */

/* A break before byte `at` of the recorded text (see write_break); a walk
 * that only checks writes none. */
static FMT_INLINE void add_break(pctx *c, uint64_t at, int64_t col0, uint32_t drop)
{
    if (c->emit)
        put_break(&c->w, at, col0, drop);
}

/* pp_binary/7 for byte list x at column col: its breaks. Every line but
 * the first starts after a break, with N columns for its items (each with
 * its comma; the last, without one, needs only its own width): so a line
 * takes the items up to the last comma in its first N bytes, all of the
 * rest when that fits, at least one item. No break comes right after the
 * "<<": an item is at most 5 bytes ("127:7"), N at least 8. The text is
 * ASCII: its bytes are its width. */
static void add_bits_breaks(pctx *c, const rec *x, int64_t col, int64_t ld, int64_t w)
{
    if (!c->emit)
        return;
    int64_t left = c->ll - col < c->m - 4 - w ? c->ll - col : c->m - 4 - w;
    size_t n0 = (size_t)(left - ld > 8 ? left - ld : 8); /* left <= Ll, an int */
    put_bits_breaks(&c->w, x->start + 2, (size_t)x->width - 4, col > 1 ? (uint64_t)(col - 1) : 0, n0);
}

/* last_depth/2 of the items after item x: 0 when another element
 * follows. A mask, not a branch: which item is the last varies. */
static FMT_INLINE int64_t last_depth(const rec *x, int64_t ld) { return (ld + 1) & -(int64_t)x->last; }

/* A walk's view of the frames (scratch area 1, reloaded after every push:
 * growing the area moves it) and the records. */
typedef struct lay_ctx {
    pctx *c;
    char *area;      /* the frames */
    const rec *recs; /* record i is recs[i] */
} lay_ctx;

/* The walk's steps are inlined into it, so that the lay_ctx stays in
 * registers; the rare ones get a copy of it (see lay_improper). */
static FMT_INLINE const rec *lrec(const lay_ctx *l, uint64_t r) { return l->recs + r; }
static FMT_INLINE lframe *lfr(const lay_ctx *l, size_t off) { return (lframe *)(void *)(l->area + off); }
static FMT_INLINE bool is_leaf_rec(const lay_ctx *l, uint64_t r) { return lrec(l, r)->kind < N_LEAVES; }

static void load_area(lay_ctx *l)
{
    l->area = scratch(l->c);
    l->recs = l->c->recs;
}

/* pp's "fits" test: width w when it is below lim and w + extra <= M (the
 * text then goes on this line), else -1. */
static FMT_INLINE int64_t try_width(const lay_ctx *l, int64_t w, int64_t lim, int64_t extra)
{
    return w >= lim || w + extra > l->c->m ? -1 : w;
}

/* try_width of node r. */
static FMT_INLINE int64_t try_rec(const lay_ctx *l, uint64_t r, int64_t lim, int64_t extra)
{
    return try_width(l, lrec(l, r)->width, lim, extra);
}

static bool lay(pctx *c, uint64_t r, int64_t col, int64_t ld, int64_t w, bool emit, bool check, bool broken);

/* Pushes a layout frame and returns it (the area reloaded). */
static FMT_INLINE lframe *push_lframe(lay_ctx *l, uint8_t kind)
{
    pctx *c = l->c;
    size_t off = push_raw(c, sizeof(lframe));
    load_area(l);
    lframe *f = lfr(l, off);
    f->kind = kind;
    f->state = ST_FIRST;
    f->check = c->check;
    return f;
}

/* A frame over the items of container r, the first at record `first`. */
static FMT_INLINE lframe *push_items(lay_ctx *l, uint64_t r, uint64_t first, int64_t col0, int64_t ld, int64_t w)
{
    lframe *f = push_lframe(l, FR_SEQ);
    f->r = r;
    f->ci = first;
    f->col0 = f->col = col0;
    f->ld = ld;
    f->w = w;
    return f;
}

/* pp_tag_tuple/8, cind_tag_tuple/7: the tag, then the rest indented by the
 * tag's width, or by TInd when that is smaller. `w` counts the "{". */
static FMT_INLINE bool lay_tagged(lay_ctx *l, uint64_t r, int64_t col, int64_t ld, int64_t w)
{
    pctx *c = l->c;
    uint64_t tag = r + 1;
    const rec *tr = lrec(l, tag);
    int64_t tlen = tr->width, tagind = tlen + 2, tcol = col + tagind;
    lframe *f = push_items(l, r, tr->next, tcol, ld, w);
    if (c->tind > 0 && tagind > c->tind) {
        int64_t col1 = col + c->tind;
        if (c->check && !(c->m + col1 <= c->ll || col1 <= c->ll / 2))
            return false;
        f->col0 = col1;
        f->w = w + tlen;
        f->state = ST_TAIL;
    } else {
        if (c->check && !(c->m + tcol < c->ll || tcol < c->ll / 2))
            return false;
        f->w = w + tlen + 1;
    }
    return true;
}

/* rec_indent/5 (cind_rec/6): where what follows "#name{" (rind: its
 * width) or "field = " goes: on the same line, or, when that takes more
 * than TInd columns, on the next, TInd further in. Sets *col and *w to the
 * column and width there; *nl says whether it is a new line. False when
 * cind's check fails. */
static FMT_INLINE bool rec_indent(const pctx *c, int64_t rind, int64_t *col, int64_t *w, bool *nl)
{
    *nl = c->tind > 0 && rind > c->tind;
    *col += *nl ? c->tind : rind;
    if (*nl)
        *w = 0;
    return !c->check || c->m + *col <= c->ll || *col <= c->ll / 2;
}

/* pp_record/9, cind_record/8: "#name{", then the fields from a column of
 * their own (the frame's). `w` does not count the "#name{" yet. */
static FMT_INLINE bool lay_record(lay_ctx *l, uint64_t r, int64_t col, int64_t ld, int64_t w)
{
    const rec *nr = lrec(l, r + 1);
    uint64_t first = nr->next;
    int64_t fcol = col;
    w += nr->width + 1;
    if (first < lrec(l, r)->next && lrec(l, first)->kind == R_FIELD) {
        bool nl;
        if (!rec_indent(l->c, nr->width + 1, &fcol, &w, &nl))
            return false;
        if (nl)
            add_break(l->c, lrec(l, first)->start, fcol, 0);
    }
    push_items(l, r, first, fcol, ld, w);
    return true;
}

/* pp/8 past its first clause: the node does not fit where it is. */
static FMT_INLINE bool lay_broken(lay_ctx *l, uint64_t r, int64_t col, int64_t ld, int64_t w)
{
    switch (lrec(l, r)->kind) {
    case N_LIST:
    case N_TUPLE:
        push_items(l, r, r + 1, col + 1, ld, w + 1);
        return true;
    case N_MAP: /* cind_map counts "#{", pp_map "#" */
        push_items(l, r, r + 1, col + 2, ld, w + (l->c->check && !l->c->emit ? 2 : 1));
        return true;
    case N_TAGGED:
        return lay_tagged(l, r, col, ld, w + 1);
    case N_RECORD:
        return lay_record(l, r, col, ld, w);
    case N_BITS:
        add_bits_breaks(l->c, lrec(l, r), col + 2, ld, w);
        return true;
    default: /* a leaf: on this line whatever its width */
        return true;
    }
}

/* pp/8: the node on one line if it fits in what is left of this one. */
static FMT_INLINE bool lay_node(lay_ctx *l, uint64_t r, int64_t col, int64_t ld, int64_t w)
{
    if (try_rec(l, r, l->c->ll - col - ld, w + ld) >= 0)
        return true;
    return lay_broken(l, r, col, ld, w);
}

/* pp_element/8: an element starting a line (or a container's first); frame
 * f continues after it as if it took Ll columns unless it is a leaf that
 * fits. */
static FMT_INLINE bool lay_element(lay_ctx *l, lframe *f, uint64_t e, int64_t col, int64_t ld, int64_t w)
{
    int64_t ll = l->c->ll;
    if (is_leaf_rec(l, e)) {
        int64_t len = try_rec(l, e, ll - col - ld, w + ld);
        if (len < 0)
            len = ll;
        f->col = col + len;
        f->w = w + len;
        return true;
    }
    f->col = col + ll;
    f->w = w + ll;
    return lay_node(l, e, col, ld, w);
}

/* pp_pair/8, cind_pair/7 of the pair whose key is record k: "K => V" on
 * one line, or K, " =>", and V on the next line indented by TInd (4 when
 * TInd is not positive). */
static FMT_INLINE bool lay_pair(lay_ctx *l, lframe *f, uint64_t k, int64_t col, int64_t ld, int64_t w)
{
    pctx *c = l->c;
    uint64_t v = lrec(l, k)->next;
    int64_t len = try_width(l, pair_width(lrec(l, k), lrec(l, v)), c->ll - col - ld, w + ld);
    int64_t pw = len >= 0 && is_leaf_rec(l, k) && is_leaf_rec(l, v) ? len : c->ll;
    f->col = col + pw;
    f->w = c->check && !c->emit ? w + pw : pw; /* cind_map and pp_map differ here */
    if (len >= 0)
        return true;
    lframe *vf = push_lframe(l, FR_PAIR);
    vf->r = v;
    vf->col0 = col + (c->tind > 0 ? c->tind : 4);
    vf->ld = ld;
    return lay_node(l, k, col, ld, w);
}

/* pp_field/8, cind_field/7: "f = V" on one line, or "f = " and V laid
 * out after it, or "f =" and V on the next line TInd further in. `base`
 * is the column the frame continues from (pp_fields_tail: the field's,
 * cind_fields_tail: the line's), `first`: pp_record's W + FW. */
static FMT_INLINE bool lay_field(lay_ctx *l, lframe *f, uint64_t e, int64_t col, int64_t base, int64_t ld, int64_t w,
                                 bool first)
{
    pctx *c = l->c;
    uint64_t k = e + 1, v = lrec(l, k)->next;
    int64_t len = try_rec(l, e, c->ll - col - ld, w + ld);
    int64_t fw = len >= 0 && is_leaf_rec(l, v) ? len : c->ll;
    f->col = base + fw;
    f->w = first ? w + fw : fw;
    if (len >= 0)
        return true;
    int64_t namel = lrec(l, k)->width + 3;
    bool nl;
    w += namel;
    if (!rec_indent(c, namel, &col, &w, &nl))
        return false;
    if (nl)
        add_break(c, lrec(l, v)->start - 1, col, 1); /* "f =", V below */
    return lay_node(l, v, col, ld, w);
}

/* pp_tail/10 and cind_tail/8 on an improper tail. cind looks at it where
 * the line is (Col), pp puts it on a new line (Col0): a walk doing both
 * checks it apart, then lays it out unchecked. */
static bool lay_improper(lay_ctx *l, uint64_t e, int64_t col0, int64_t col, int64_t ld, int64_t w)
{
    pctx *c = l->c;
    if (is_leaf_rec(l, e) && try_rec(l, e, c->ll - col - ld - 2, w + ld + 2) >= 0)
        return true;
    add_break(c, lrec(l, e)->start, col0, 0);
    if (!c->check)
        return lay_node(l, e, col0, ld + 1, 0);
    if (!c->emit)
        return lay_node(l, e, col, ld + 1, 0);
    bool ok = lay(c, e, col, ld + 1, 0, false, true, false);
    load_area(l);
    if (!ok)
        return false;
    c->check = false; /* frames pushed for the tail inherit this */
    return lay_node(l, e, col0, ld + 1, 0);
}

/* One step of the frame on top: pp_list/pp_tail, pp_map/pp_pairs_tail, the
 * second half of a broken pair, or the end of a container. */
static FMT_INLINE bool lay_step(lay_ctx *l)
{
    pctx *c = l->c;
    lframe *f = lfr(l, c->cur);
    c->check = f->check;
    if (f->kind == FR_PAIR) {
        if (f->state != ST_FIRST) {
            pop_frame(c);
            return true;
        }
        f->state = ST_TAIL;
        uint64_t v = f->r;
        int64_t vcol = f->col0, ld = f->ld;
        add_break(c, lrec(l, v)->start - 1, vcol, 1); /* "K =>", V below */
        return lay_node(l, v, vcol, ld, 0);
    }
    const rec *box = lrec(l, f->r);
    uint64_t end = box->next, e = f->ci;
    if (f->state == ST_DONE || e == end) {
        pop_frame(c);
        return true;
    }
    bool first = f->state == ST_FIRST;
    int64_t col0 = f->col0, col = f->col, ld = f->ld, w = f->w;
    const rec *it = lrec(l, e);
    bool pair = box->kind == N_MAP && it->kind != R_DOTS, field = it->kind == R_FIELD;
    /* a map's item is a pair: its key's subtree, then its value's (pv),
     * after which the next item starts; any other item is one subtree */
    const rec *pv = pair ? lrec(l, it->next) : it;
    f->ci = pv->next;
    f->state = ST_TAIL;
    int64_t ld1 = last_depth(it, ld);
    int64_t extra = ld1 == 0 ? 1 : ld1, lim = c->ll - col - 1 - extra;
    if (it->kind == R_DOTS)
        return true;
    if (it->tail) {
        f->state = ST_DONE;
        lay_ctx t = *l; /* l stays in registers */
        bool ok = lay_improper(&t, e, col0, col, ld, w);
        *l = t;
        return ok;
    }
    if (field) {
        if (!first) {
            int64_t len;
            if (is_leaf_rec(l, lrec(l, e + 1)->next) && (len = try_rec(l, e, lim, w + 1 + extra)) >= 0) {
                f->col = col + 1 + len;
                f->w = w + 1 + len;
                return true;
            }
            add_break(c, it->start, col0, 0);
        }
        /* cind_fields_tail continues from Col + FW where pp_fields_tail
         * continues from Col0 + FW */
        return lay_field(l, f, e, col0, first || !(c->check && !c->emit) ? col0 : col, ld1, first ? w : 0, first);
    }
    if (!first) {
        bool leaf = it->kind < N_LEAVES && pv->kind < N_LEAVES;
        int64_t len;
        if (leaf && (len = try_width(l, pair ? pair_width(it, pv) : it->width, lim, w + 1 + extra)) >= 0) {
            f->col = col + 1 + len;
            f->w = w + 1 + len;
            return true;
        }
        add_break(c, it->start, col0, 0);
        w = 0;
    }
    return pair ? lay_pair(l, f, e, col0, ld1, w) : lay_element(l, f, e, col0, ld1, w);
}

/* Lays node r out from column col (`broken`: known not to fit there);
 * false when a cind check fails (then the breaks listed are left for the
 * caller to drop). */
static bool lay(pctx *c, uint64_t r, int64_t col, int64_t ld, int64_t w, bool emit, bool check, bool broken)
{
    size_t cur0 = c->cur, top0 = c->top;
    bool emit0 = c->emit, check0 = c->check;
    c->emit = emit;
    c->check = check;
    lay_ctx l = {.c = c};
    load_area(&l);
    bool ok = broken ? lay_broken(&l, r, col, ld, w) : lay_node(&l, r, col, ld, w);
    while (ok && c->cur != cur0)
        ok = lay_step(&l);
    c->cur = cur0;
    c->top = top0;
    c->emit = emit0;
    c->check = check0;
    return ok;
}

/* ---- layout, the fast way ------------------------------------------------------------
 * The same walk as C recursion, LAY_LEVELS containers deep at most (below
 * that, lay() and its frames take the subtree): one function per function
 * of io_lib_pretty (pp/8 with cind/7's checks, pp_list/8, pp_tail/10,
 * pp_tag_tuple/8, pp_map/8, pp_pairs_tail/9, pp_pair/8, pp_element/8),
 * columns and widths in their arguments; each returns false when a cind
 * check fails. Breaks are written as in the frame walk (fl_break; a walk
 * that only checks, its writer NULL, writes none). */
#define LAY_LEVELS 48

typedef struct flay {
    pctx *c;
    const rec *recs; /* record i is recs[i] */
    int64_t ll, m, tind;
    lwriter *w; /* the writer, or NULL in a walk that only checks (which
                   takes cind's widths: see lay_broken) */
    bool check; /* cind's checks are made */
} flay;

static FMT_INLINE const rec *frec(const flay *l, uint64_t r) { return l->recs + r; }

/* A break before byte `at` of the recorded text (see write_break); a walk
 * that only checks writes none. */
static FMT_INLINE void fl_break(const flay *l, uint64_t at, int64_t col0, uint32_t drop)
{
    if (l->w)
        put_break(l->w, at, col0, drop);
}

/* pp_tail's and pp_pairs_tail's test for an item of width w_e written after
 * a comma on the current line (Col col, W w, last depth ld1), line length
 * ll, M m. */
static FMT_INLINE bool fits_after(int64_t ll, int64_t m, int64_t w_e, int64_t col, int64_t w, int64_t ld1)
{
    int64_t elen = 1 + w_e, extra = ld1 == 0 ? 1 : ld1;
    return elen + extra < ll - col && w + elen + extra <= m;
}

static FMT_INLINE bool fl_fits_after(const flay *l, int64_t w_e, int64_t col, int64_t w, int64_t ld1)
{
    return fits_after(l->ll, l->m, w_e, col, w, ld1);
}

/* pp's test that text of width xw fits on one line at column col. */
static FMT_INLINE bool fl_fits_width(const flay *l, int64_t xw, int64_t col, int64_t ld, int64_t w)
{
    return xw < l->ll - col - ld && xw + w + ld <= l->m;
}

/* fl_fits_width of node x. */
static FMT_INLINE bool fl_fits(const flay *l, const rec *x, int64_t col, int64_t ld, int64_t w)
{
    return fl_fits_width(l, x->width, col, ld, w);
}

static bool fl_node(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w, unsigned lv);
static bool fl_broken(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w, unsigned lv);

/* pp_element/8: *we is the element's width when it is a leaf that fits,
 * else Ll (the line is full). */
static FMT_INLINE bool fl_elem(flay *l, uint64_t e, int64_t col, int64_t ld, int64_t w, unsigned lv, int64_t *we)
{
    const rec *x = frec(l, e);
    if (x->kind < N_LEAVES) {
        *we = fl_fits(l, x, col, ld, w) ? x->width : l->ll;
        return true;
    }
    *we = l->ll;
    return fl_node(l, e, col, ld, w, lv + 1);
}

/* pp_tail/10 (cind_tail/8) on an improper tail e, the line at col. */
static bool fl_improper(flay *l, uint64_t e, int64_t col0, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    const rec *x = frec(l, e);
    if (x->kind < N_LEAVES && x->width + 1 < l->ll - col - (ld + 1) && x->width + 1 + w + (ld + 1) <= l->m)
        return true;
    fl_break(l, x->start, col0, 0);
    if (!l->check)
        return fl_node(l, e, col0, ld + 1, 0, lv + 1);
    if (!l->w) /* cind looks at it where the line is */
        return fl_node(l, e, col, ld + 1, 0, lv + 1);
    /* Checking and laying out: check it at col (listing nothing), then lay
     * it out at col0 unchecked. */
    lwriter *wr = l->w;
    l->w = NULL;
    l->c->emit = false;
    bool ok = fl_node(l, e, col, ld + 1, 0, lv + 1);
    l->w = wr;
    l->c->emit = true;
    if (!ok)
        return false;
    l->check = false;
    ok = fl_node(l, e, col0, ld + 1, 0, lv + 1);
    l->check = true;
    return ok;
}

/* An element of pp_tail/10 (cind_tail/8), last depth ld1: after the comma
 * when it is a leaf that fits there. Anything else starts the next line: a
 * leaf that does not fit there either is written anyway (pp_element),
 * filling the line; a container fills the line, broken when it does not
 * fit on it. */
static FMT_INLINE bool fl_tail_break(flay *l, const rec *x, int64_t col0, int64_t *col, int64_t ld1,
                                     int64_t *w, unsigned lv);
static FMT_INLINE bool fl_tail_elem(flay *l, const rec *x, int64_t col0, int64_t *col, int64_t ld1, int64_t *w,
                                    unsigned lv)
{
    if (x->kind < N_LEAVES && fl_fits_after(l, x->width, *col, *w, ld1)) {
        *col += 1 + x->width;
        *w += 1 + x->width;
        return true;
    }
    return fl_tail_break(l, x, col0, col, ld1, w, lv);
}

/* fl_tail_elem's item that does not go after the comma: on the next line. */
static FMT_INLINE bool fl_tail_break(flay *l, const rec *x, int64_t col0, int64_t *col, int64_t ld1,
                                     int64_t *w, unsigned lv)
{
    if (l->w) /* most breaks are made here: write_break inlined */
        write_break(l->w, x->start, col0, 0);
    if (!fl_elem(l, (uint64_t)(x - l->recs), col0, ld1, 0, lv, w))
        return false;
    *col = col0 + *w;
    return true;
}

/* pp_tail/10 (cind_tail/8) over items e..end: continuation column col0,
 * current column col. The items before the first `last` one are elements
 * with another after them (last depth 0); it is the last element, maybe
 * followed by a "..." or an improper tail, or is one of those. */
static bool fl_tail(flay *l, uint64_t e, uint64_t end, int64_t col0, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    if (e == end)
        return true;
    const rec *x = frec(l, e);
    /* Ll and M in registers: the writer's stores may alias *l. */
    const int64_t ll = l->ll, m = l->m;
    while (!x->last) {
        ASSERT(x->next < end);
        /* A leaf that fits after the comma, the commonest item: the next
         * record is the next item (a leaf's subtree is its own record), so
         * the walk does not wait for a load of x->next. */
        if (x->kind < N_LEAVES && fits_after(ll, m, x->width, col, w, 0)) {
            col += 1 + x->width;
            w += 1 + x->width;
            x++;
            continue;
        }
        if (!fl_tail_break(l, x, col0, &col, 0, &w, lv))
            return false;
        x = frec(l, x->next);
    }
    if (x->kind != R_DOTS && !x->tail) {
        if (!fl_tail_elem(l, x, col0, &col, ld + 1, &w, lv))
            return false;
        if (x->next == end)
            return true;
        x = frec(l, x->next);
    }
    if (x->kind == R_DOTS)
        return true;
    return fl_improper(l, (uint64_t)(x - l->recs), col0, col, ld, w, lv);
}

/* pp_list/9 (cind_list/7) over items e..end. */
static FMT_INLINE bool fl_list(flay *l, uint64_t e, uint64_t end, int64_t col0, int64_t ld, int64_t w, unsigned lv)
{
    const rec *x = frec(l, e);
    if (x->kind == R_DOTS)
        return true;
    int64_t we;
    if (x->kind < N_LEAVES) { /* pp_element of a leaf; the next item is e + 1 */
        we = fl_fits(l, x, col0, last_depth(x, ld), w) ? x->width : l->ll;
        return fl_tail(l, e + 1, end, col0, col0 + we, ld, w + we, lv);
    }
    if (!fl_elem(l, e, col0, last_depth(x, ld), w, lv, &we))
        return false;
    return fl_tail(l, x->next, end, col0, col0 + we, ld, w + we, lv);
}

/* pp_pair/8 (cind_pair/7) of the pair whose key is record k, when it does
 * not fit on the line: K, " =>", and V on the next line. Out of line: most
 * pairs fit. */
static FMT_NOINLINE bool fl_pair_broken(flay *l, uint64_t k, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    uint64_t v = frec(l, k)->next;
    int64_t vcol = col + (l->tind > 0 ? l->tind : 4);
    if (!fl_node(l, k, col, ld, w, lv + 1))
        return false;
    fl_break(l, frec(l, v)->start - 1, vcol, 1); /* "K =>", V below */
    return fl_node(l, v, vcol, ld, 0, lv + 1);
}

/* The value's record of the pair whose key's record is x: the one after
 * the key's subtree, found without a load of `next` when the key is a leaf
 * (nearly always: an atom). */
static FMT_INLINE const rec *pair_value(const flay *l, const rec *x)
{
    return x->kind < N_LEAVES ? x + 1 : frec(l, x->next);
}

/* pp_pair/8 (cind_pair/7) of the pair whose key is record k, its value's
 * record v: *pw is the pair's width when it fits and key and value are
 * leaves, else Ll. */
static FMT_INLINE bool fl_pair(flay *l, uint64_t k, const rec *v, int64_t col, int64_t ld, int64_t w,
                               unsigned lv, int64_t *pw)
{
    const rec *x = frec(l, k);
    int64_t width = pair_width(x, v);
    if (fl_fits_width(l, width, col, ld, w)) {
        *pw = x->kind < N_LEAVES && v->kind < N_LEAVES ? width : l->ll;
        return true;
    }
    *pw = l->ll;
    return fl_pair_broken(l, k, col, ld, w, lv);
}

/* pp_map/8 and pp_pairs_tail/9 (cind_map/7, cind_pairs_tail/8) over the
 * items from e. */
static FMT_NOINLINE bool fl_map(flay *l, uint64_t e, int64_t col0, int64_t ld, int64_t w, unsigned lv)
{
    const rec *x = frec(l, e), *v = pair_value(l, x);
    int64_t pw;
    if (!fl_pair(l, e, v, col0, last_depth(x, ld), w, lv, &pw))
        return false;
    int64_t col = col0 + pw;
    w = !l->w ? w + pw : pw; /* cind_map and pp_map differ here */
    while (!x->last) { /* another pair follows (see rec.last) */
        /* after a leaf value, the next record: found without a load */
        e = v->kind < N_LEAVES ? (uint64_t)(v - l->recs) + 1 : v->next;
        x = frec(l, e);
        v = pair_value(l, x);
        /* A pair of leaves goes after the comma if it fits there, as a
         * leaf item of fl_tail does; any other pair on the next line,
         * broken if it does not fit there. */
        int64_t ld1 = last_depth(x, ld), width = pair_width(x, v);
        if (x->kind < N_LEAVES && v->kind < N_LEAVES && fl_fits_after(l, width, col, w, ld1)) {
            col += 1 + width;
            w += 1 + width;
        } else {
            if (l->w) /* the second most breaks: write_break inlined */
                write_break(l->w, x->start, col0, 0);
            if (!fl_pair(l, e, v, col0, ld1, 0, lv, &pw))
                return false;
            col = col0 + pw;
            w = pw;
        }
    }
    return true;
}

/* pp_tag_tuple/8 (cind_tag_tuple/7) of tuple r, its "{" counted in w. */
static bool fl_tagged(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    uint64_t tag = r + 1, end = frec(l, r)->next;
    const rec *tr = frec(l, tag);
    uint64_t rest = tag + 1; /* the tag is an atom, its own subtree */
    int64_t tlen = tr->width, tagind = tlen + 2, tcol = col + tagind;
    if (l->tind > 0 && tagind > l->tind) {
        int64_t col1 = col + l->tind;
        if (l->check && !(l->m + col1 <= l->ll || col1 <= l->ll / 2))
            return false;
        return fl_tail(l, rest, end, col1, tcol, ld, w + tlen, lv);
    }
    if (l->check && !(l->m + tcol < l->ll || tcol < l->ll / 2))
        return false;
    return fl_list(l, rest, end, tcol, ld, w + tlen + 1, lv);
}

/* rec_indent/5 (cind_rec/6), as the frame walk's rec_indent. */
static FMT_INLINE bool fl_rec_indent(const flay *l, int64_t rind, int64_t *col, int64_t *w, bool *nl)
{
    *nl = l->tind > 0 && rind > l->tind;
    *col += *nl ? l->tind : rind;
    if (*nl)
        *w = 0;
    return !l->check || l->m + *col <= l->ll || *col <= l->ll / 2;
}

/* pp_field/8 (cind_field/7): *fw is the field's width when it fits and
 * its value is a leaf, else Ll. */
static bool fl_field(flay *l, uint64_t e, int64_t col, int64_t ld, int64_t w, unsigned lv, int64_t *fw)
{
    const rec *x = frec(l, e);
    uint64_t k = e + 1, v = frec(l, k)->next;
    if (fl_fits(l, x, col, ld, w)) {
        *fw = frec(l, v)->kind < N_LEAVES ? x->width : l->ll;
        return true;
    }
    *fw = l->ll;
    int64_t namel = frec(l, k)->width + 3;
    bool nl;
    w += namel;
    if (!fl_rec_indent(l, namel, &col, &w, &nl))
        return false;
    if (nl)
        fl_break(l, frec(l, v)->start - 1, col, 1); /* "f =", V below */
    return fl_node(l, v, col, ld, w, lv + 1);
}

/* pp_record/9 and pp_fields_tail/9 (cind_record/8, cind_fields_tail/8)
 * of record r: "#name{" and its fields. */
static bool fl_record(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    const rec *nr = frec(l, r + 1);
    uint64_t e = nr->next, end = frec(l, r)->next;
    int64_t nlen = nr->width;
    if (e == end || frec(l, e)->kind == R_DOTS)
        return true;
    int64_t col0 = col;
    bool nl;
    w += nlen + 1;
    if (!fl_rec_indent(l, nlen + 1, &col0, &w, &nl))
        return false;
    if (nl)
        fl_break(l, frec(l, e)->start, col0, 0);
    const rec *x = frec(l, e);
    int64_t fw;
    if (!fl_field(l, e, col0, last_depth(x, ld), w, lv, &fw))
        return false;
    col = col0 + fw;
    w += fw;
    while (!x->last) { /* another field follows (see rec.last) */
        e = x->next;
        x = frec(l, e);
        int64_t ld1 = last_depth(x, ld);
        uint64_t v = frec(l, e + 1)->next;
        if (frec(l, v)->kind < N_LEAVES && fl_fits_after(l, x->width, col, w, ld1)) {
            col += 1 + x->width;
            w += 1 + x->width;
        } else {
            fl_break(l, x->start, col0, 0);
            if (!fl_field(l, e, col0, ld1, 0, lv, &fw))
                return false;
            col = (!l->w ? col : col0) + fw; /* cind_fields_tail: Col + FW */
            w = fw;
        }
    }
    return true;
}

/* A subtree nested deeper than LAY_LEVELS: lay() and its frames. */
static bool fl_deep(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w)
{
    pctx *c = l->c;
    c->m = l->m;
    c->tind = l->tind;
    return lay(c, r, col, ld, w, c->emit, l->check, true);
}

/* pp/8 (cind/7) of a node that does not fit where it is. */
static bool fl_broken(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    const rec *x = frec(l, r);
    if (x->kind < N_LEAVES)
        return true;
    if (lv >= LAY_LEVELS)
        return fl_deep(l, r, col, ld, w);
    uint64_t end = x->next;
    /* Tests, not a switch: see write.c's write_nested. */
    if (x->kind == N_TAGGED)
        return fl_tagged(l, r, col, ld, w + 1, lv);
    if (x->kind == N_LIST || x->kind == N_TUPLE)
        return fl_list(l, r + 1, end, col + 1, ld, w + 1, lv);
    if (x->kind == N_MAP) /* cind_map counts "#{", pp_map "#" */
        return fl_map(l, r + 1, col + 2, ld, w + (!l->w ? 2 : 1), lv);
    if (x->kind == N_RECORD)
        return fl_record(l, r, col, ld, w, lv);
    add_bits_breaks(l->c, x, col + 2, ld, w); /* N_BITS */
    return true;
}

/* pp/8 (cind/7): node r on one line if it fits in what is left of this
 * one. */
static bool fl_node(flay *l, uint64_t r, int64_t col, int64_t ld, int64_t w, unsigned lv)
{
    if (fl_fits(l, frec(l, r), col, ld, w))
        return true;
    return fl_broken(l, r, col, ld, w, lv);
}

/* Lays out the whole term (record 0, known not to fit) from column col,
 * M m and tag indentation tind (-1, 4 or 1: the tries of pp/cind), writing
 * it up to its last break unless `cw`; false when a cind check fails.
 * `check`: cind's checks; `cw`: a walk that only checks. M comes from the
 * caller's register, not from c->m: gcc loads c->ll and c->m together as
 * one 16-byte word, which waits for the store of c->m just made to reach
 * the cache (a load across two stores is not forwarded from them). */
static bool lay_fast(pctx *c, int64_t col, int64_t m, int64_t tind, bool check, bool cw)
{
    flay l = {
        .c = c, .recs = c->recs, .ll = c->ll, .m = m, .tind = tind, .w = cw ? NULL : &c->w, .check = check};
    start_layout(c);
    c->emit = !cw;
    bool ok = fl_broken(&l, 0, col, 0, 0, 0);
    c->emit = true;
    return ok;
}

/* ---- entry points ---------------------------------------------------------------------- */

void fmt_pretty_opts_init(fmt_pretty_opts *o)
{
    o->column = 1;
    o->line_length = FMT_LINE_LENGTH;
    o->depth = -1;
    o->unicode = false;
    o->unicode_range = false;
    o->strings = true;
    o->records = NULL;
    o->records_ctx = NULL;
}

/* Hands the one-line text over to the layout without copying it: b's
 * buffer, holding the text from byte `mark`, becomes scratch area 2, and
 * area 2's buffer becomes b's, with the mark bytes b held before the term
 * copied to it (none for a term formatted alone). The layout then reads
 * the text where it was written and writes the laid-out text to b, and the
 * two buffers change places again at the next broken term: both are
 * reused, nothing is allocated in steady state. Returns the text; it is
 * followed by LINE_BLOCK readable bytes (lw_copy reads past its end). */
static const char *take_text(fmt_buf *b, size_t mark)
{
    fmt_buf_reserve(b, LINE_BLOCK);
    ASSERT(b->len + LINE_BLOCK < b->cap);
    struct fmt_scratch *s = &b->scratch[2];
    if (s->cap < mark + LINE_BLOCK + 1)
        fmt_scratch(b, 2, mark + LINE_BLOCK + 1); /* b's prefix and a NUL */
    char *text = b->data;
    size_t cap = b->cap;
    b->data = s->p;
    b->cap = s->cap;
    s->p = text;
    s->cap = cap;
    if (mark > 0) /* a prefix (a trace line's); a term alone has none */
        memcpy(b->data, text, mark);
    truncate_to(b, mark);
    return text + mark;
}

/* M, the whole term's width, takes part only in tests made together with
 * "the width fits what is left of the line" (Len < Ll - Col - LD), in
 * pp_binary's min(Ll - Col, M - 4 - W), and in cind's M + Col < Ll; as W
 * never exceeds Col, every M >= Ll + 2 gives the same answers. So when M is
 * at least ll + M_SLACK, cind_map's W (which counts "#{" where pp_map counts
 * "#") decides nothing and cind's walk is pp's but for improper tails: one
 * walk can then check and write. */
#define M_SLACK 16


void fmt_pretty(fmt_buf *b, term_t t, const fmt_pretty_opts *o)
{
    int64_t col = o->column < 1 ? 1 : o->column;
    int64_t d = o->depth < 0 ? -1 : o->depth;
    fmt_buf_reserve(b, 0); /* data is NUL-terminated even for no output */
    if (d == 0) {
        fmt_buf_put(b, "...", 3);
        return;
    }
    if (term_is_small(t) || term_is_atom(t)) { /* as io_lib:write, no layout */
        fmt_cursor k = fmt_need(b, cursor_at(b, b->data + b->len), TOKEN_ROOM);
        if (term_is_small(t))
            k.p = fmt_put_int(k.p, small_value(t));
        else
            k = fmt_put_atom_at(b, k, t, o->unicode);
        b->len = (size_t)(k.p - b->data);
        *k.p = '\0';
        return;
    }
    /* Every field set one by one: an initializer that zeroes the rest
     * becomes a `rep stos`, slow to start for a struct this small. */
    pctx c;
    c.b = b;
    c.cur = NO_FRAME;
    c.top = 0;
    c.nrec = 0;
    c.ll = o->line_length;
    c.unicode = o->unicode;
    c.urange = o->unicode & o->unicode_range;
    c.strings = o->strings;
    c.records = o->records;
    c.records_ctx = o->records_ctx;
    c.has_rec = false;
    /* Write it on one line, recording the tree; if it does not fit, lay
     * the tree out from the text (take_text). */
    size_t mark = b->len;
    c.mark = mark;
    c.base = b->data + mark;
    load_recs(&c);
    c.m = write_line(&c, t, d);
    /* print/9 writes a leaf as it is, and a term that fits on one line */
    if (get_rec(&c, 0)->kind < N_LEAVES || c.ll == 0 || c.m < c.ll - col)
        return;
    c.tlen = b->len - mark;
    c.w.text = take_text(b, mark);
    c.w.b = b;
    c.check = false;
    /* M small, or records (cind_fields_tail goes on from another column
     * than pp_fields_tail): the cind passes on their own, then pp */
    if (c.m < (c.ll > 0 ? c.ll : 0) + M_SLACK || c.has_rec) {
        int64_t tind = -1;
        if (!lay_fast(&c, col, c.m, tind, true, true)) {
            tind = 4;
            if (!lay_fast(&c, col, c.m, tind, true, true))
                tind = 1;
        }
        lay_fast(&c, col, c.m, tind, false, false);
    } else if (!lay_fast(&c, col, c.m, -1, true, false) && !lay_fast(&c, col, c.m, 4, true, false)) {
        lay_fast(&c, col, c.m, 1, false, false);
    }
    finish_layout(&c);
    /* The two buffers take turns as b's (take_text): area 2 as large as b,
     * so that the next term this size allocates nothing. */
    if (b->scratch[2].cap < b->cap)
        fmt_scratch(b, 2, b->cap);
}
