/* bif_scan.c: the C halves of erl_scan:string/1,2,3 and of erl_parse's
 * parse_form/1, parse_exprs/1 and parse_term/1 (their Erlang halves are
 * vm/lib/erl_scan.erl and vm/lib/erl_parse.erl): characters through the
 * scanner of vm/lex.c into erl_scan's token tuples, and token tuples through
 * the parser of vm/parse.c into abstract format. Declared in vm/bif_scan.def. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bif.h"
#include "bignum.h"
#include "heap.h"
#include "lex.h"
#include "lint.h"
#include "parse.h"
#include "tstack.h"
#include "unicode.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "bif_scan.def"
#undef BIF

/* ---- atoms ------------------------------------------------------------------ */

static struct {
    term_t dot, comment, white_space, text, location, generated, erl_scan, erl_parse, illegal, f, bad_token,
        bad_element, bad_tail, bad_clauses;
    term_t kind[LEX_KIND_COUNT]; /* a token category's atom; THE_NON_VALUE for none */
} A;

static pthread_once_t atoms_once = PTHREAD_ONCE_INIT;

static void init_atoms(void)
{
    A.dot = atom_from_cstr("dot");
    A.comment = atom_from_cstr("comment");
    A.white_space = atom_from_cstr("white_space");
    A.text = atom_from_cstr("text");
    A.location = atom_from_cstr("location");
    A.generated = atom_from_cstr("generated");
    A.f = atom_from_cstr("f");
    A.bad_clauses = atom_from_cstr("bad_clauses");
    A.erl_scan = atom_from_cstr("erl_scan");
    A.erl_parse = atom_from_cstr("erl_parse");
    A.illegal = atom_from_cstr("illegal");
    A.bad_token = atom_from_cstr("bad_token");
    A.bad_element = atom_from_cstr("bad_element");
    A.bad_tail = atom_from_cstr("bad_tail");
    for (int k = 0; k < LEX_KIND_COUNT; k++) {
        /* '$end', comments and other characters are no category erl_parse takes */
        const char *name = lex_kind_name((lex_kind)k);
        bool parsed = name[0] && k != LEX_EOF && k != LEX_COMMENT;
        A.kind[k] = parsed ? atom_from_cstr(name) : THE_NON_VALUE;
    }
}

static void need_atoms(void) { pthread_once(&atoms_once, init_atoms); }

/* ---- small helpers ---------------------------------------------------------- */


/* ---- erl_scan:string/3 ---------------------------------------------------------
 * erts_internal:scan_string(String, Line, Column, Flags): Column 0 stands
 * for erl_scan's no_col (locations are lines); Flags are the SCAN_* bits
 * vm/lib/erl_scan.erl computes from string/3's options. */

#define SCAN_COMMENTS 0x1 /* return_comments */
#define SCAN_WHITE 0x2    /* return_white_spaces */
#define SCAN_TEXT 0x4     /* text */

/* The largest start column taken (beyond it: badarg, where erl takes any). */
#define SCAN_MAX_COL 0x3FFFFFFF
/* Characters above this read as an illegal character, as any code point
 * above 0x10FFFF does; up to it the UTF-8 bit pattern carries them. */
#define SCAN_MAX_CP 0x1FFFFF

/* The UTF-8 of a list of character codes, appended to b: false when `s` is
 * no proper list of non-negative integers (erl_scan's function_clause).
 * Surrogates and code points up to SCAN_MAX_CP keep their bit patterns
 * (the scanner decodes and rejects them as erl_scan does), larger ones
 * become SCAN_MAX_CP. */
static bool encode_chars(term_t s, alloc_buf *b)
{
    char tmp[4];
    for (; term_is_list(s); s = list_tail(s)) {
        term_t c = list_head(s);
        uint32_t cp;
        if (term_is_small(c) && small_value(c) >= 0)
            cp = small_value(c) > SCAN_MAX_CP ? SCAN_MAX_CP : (uint32_t)small_value(c);
        else if (term_is_big(c) && !big_is_negative(c))
            cp = SCAN_MAX_CP;
        else
            return false;
        alloc_buf_put(b, tmp, unicode_encode_utf8(cp, tmp));
    }
    return term_is_nil(s);
}

typedef struct scanner {
    heap_t *h;
    const char *src;
    int64_t delta; /* added to the scanner's lines, which start at 1 */
    bool cols;     /* {Line,Col} locations, else Line */
    unsigned flags;
    tstack toks;
} scanner;

static term_t location_term(scanner *s, uint32_t line, uint32_t col)
{
    term_t l = term_int64(s->h, (int64_t)line + s->delta);
    return s->cols ? term_tuple2(s->h, l, term_int64(s->h, col)) : l;
}

/* Appends {Category, Anno} or {Category, Anno, Value} (value
 * THE_NON_VALUE: none) for the token at (line, col) whose text is
 * src[from, to). False on a negative line (erl_anno:new/1's badarg). */
static bool push_token(scanner *s, term_t cat, term_t value, uint32_t line, uint32_t col, size_t from,
                       size_t to)
{
    if ((int64_t)line + s->delta < 0)
        return false;
    term_t anno = location_term(s, line, col);
    if (s->flags & SCAN_TEXT) {
        term_t text = term_tuple2(s->h, A.text, term_utf8_string(s->h, s->src + from, to - from));
        anno = term_cons(s->h, text, term_cons(s->h, term_tuple2(s->h, A.location, anno), NIL));
    }
    tstack_push(&s->toks,
                value == THE_NON_VALUE ? term_tuple2(s->h, cat, anno) : term_tuple3(s->h, cat, anno, value));
    return true;
}

/* The code point at byte i of the white space src[i, to). */
static uint32_t char_at(const scanner *s, size_t i, size_t to, size_t *k)
{
    return unicode_decode_utf8((const unsigned char *)s->src + i, to - i, k);
}

/* Consumes up to `max` more copies of byte c at *i; returns the count. */
static unsigned take_run(const scanner *s, size_t *i, size_t to, char c, unsigned max)
{
    unsigned n = 0;
    while (n < max && *i < to && s->src[*i] == c)
        (*i)++, n++;
    return n;
}

/* The white_space tokens of src[from, to), which holds only white space,
 * cut as erl_scan cuts them: up to 16 spaces, up to 10 tabs, a lone "\r";
 * a newline with up to 16 spaces, up to 10 tabs, one "\r" or "\f", or with
 * the other white space up to the next newline; any other run of white
 * space up to a newline. (*line, *col) is where src[from] is, and moves on
 * past the text. False on a negative line. */
static bool push_white(scanner *s, size_t from, size_t to, uint32_t *line, uint32_t *col)
{
    size_t i = from, k;
    while (i < to) {
        size_t start = i;
        uint32_t tl = *line, tc = *col;
        uint32_t c = char_at(s, i, to, &k);
        unsigned n;
        i += k;
        if (c == ' ') {
            n = 1 + take_run(s, &i, to, ' ', 15);
            *col += n;
        } else if (c == '\t') {
            n = 1 + take_run(s, &i, to, '\t', 9);
            *col += n;
        } else if (c == '\r') {
            *col += 1;
        } else if (c == '\n') {
            if (i < to && s->src[i] == ' ') {
                n = 1 + take_run(s, &i, to, ' ', 16);
            } else if (i < to && s->src[i] == '\t') {
                n = 1 + take_run(s, &i, to, '\t', 10);
            } else if (i < to && (s->src[i] == '\r' || s->src[i] == '\f')) {
                n = 2;
                i++;
            } else {
                for (n = 1; i < to && char_at(s, i, to, &k) != '\n'; n++)
                    i += k;
            }
            *line += 1;
            *col = n;
        } else {
            for (n = 1; i < to && char_at(s, i, to, &k) != '\n'; n++)
                i += k;
            *col += n;
        }
        term_t white = term_utf8_string(s->h, s->src + start, i - start);
        if (!push_token(s, A.white_space, white, tl, tc, start, i))
            return false;
    }
    return true;
}

/* {error, {ErrorLoc, erl_scan, Desc}, EndLoc} */
static term_t scan_error(scanner *s, term_t desc, uint32_t line, uint32_t col, uint32_t end_line,
                         uint32_t end_col)
{
    term_t info = term_tuple3(s->h, location_term(s, line, col), A.erl_scan, desc);
    return term_tuple3(s->h, ATOM_error, info, location_term(s, end_line, end_col));
}

/* Scans s->src[0, len); the result term, or THE_NON_VALUE for badarg. */
static term_t scan_all(scanner *s, size_t len, uint32_t col0)
{
    heap_t *h = s->h;
    unsigned opts = s->flags & (SCAN_COMMENTS | SCAN_WHITE) ? LEX_OPT_COMMENTS : 0;
    lex_state ls;
    lex_init(&ls, s->src, len, 1, col0, opts);
    size_t gap = 0; /* where the white space before the next token starts */
    uint32_t gline = 1, gcol = col0;
    term_t result = THE_NON_VALUE;
    for (;;) {
        lex_token t;
        if (!lex_next(&ls, &t)) {
            const lex_error *e = &ls.error;
            term_t desc = tuple_get(parse_scan_error(h, &ls), 2);
            result = scan_error(s, desc, e->line, e->col, e->end_line, e->end_col);
            break;
        }
        if ((s->flags & SCAN_WHITE) && !push_white(s, gap, t.offset, &gline, &gcol))
            break;
        ASSERT(!(s->flags & SCAN_WHITE) || (gline == t.line && gcol == t.col));
        if (t.kind == LEX_EOF) {
            term_t toks = term_list_from(h, s->toks.items, s->toks.n, NIL);
            result = term_tuple3(h, ATOM_ok, toks, location_term(s, ls.line, ls.col));
            break;
        }
        term_t cat = THE_NON_VALUE, value = THE_NON_VALUE;
        switch (t.kind) {
        case LEX_ATOM:
        case LEX_VAR:
            if (atom_intern(t.text, t.len, &value) != ATOM_OK) {
                term_t desc = term_tuple2(h, A.illegal, t.kind == LEX_ATOM ? ATOM_atom : ATOM_var);
                result = scan_error(s, desc, t.line, t.col, ls.line, ls.col);
                goto done;
            }
            cat = t.kind == LEX_ATOM ? ATOM_atom : ATOM_var;
            break;
        case LEX_INTEGER:
            if (!int_from_digits(h, t.text, t.len, t.base, false, &value))
                value = term_small(0); /* the scanner gives only digits */
            cat = ATOM_integer;
            break;
        case LEX_FLOAT:
            value = term_float(h, t.fval);
            cat = ATOM_float_;
            break;
        case LEX_CHAR:
            value = term_small(t.ch);
            cat = ATOM_char_;
            break;
        case LEX_STRING:
            value = term_utf8_string(h, t.text, t.len);
            cat = ATOM_string;
            break;
        case LEX_COMMENT:
            if (s->flags & SCAN_COMMENTS) {
                value = term_utf8_string(h, t.text, t.len);
                cat = A.comment;
            }
            break;
        case LEX_DOT:
            cat = A.dot;
            break;
        case LEX_OTHER: {
            char c = (char)t.ch; /* below 256 */
            if (atom_intern_latin1(&c, 1, &cat) != ATOM_OK)
                cat = THE_NON_VALUE;
            break;
        }
        default:
            cat = A.kind[t.kind];
            break;
        }
        /* the text runs to where the scanner stopped: a full stop's
         * white space character is part of it */
        if (cat != THE_NON_VALUE && !push_token(s, cat, value, t.line, t.col, t.offset, ls.pos))
            break;
        gap = ls.pos;
        gline = ls.line;
        gcol = ls.col;
    }
done:
    lex_destroy(&ls);
    return result;
}

/* erts_internal:scan_string(String, Line, Column, Flags): the result of
 * erl_scan:string(String, Location, Options), {ok, Tokens, EndLocation} or
 * {error, ErrorInfo, ErrorLocation}. badarg for a Line, Column or Flags
 * out of range (Line and Column small integers, Column at most
 * SCAN_MAX_COL) and for a token on a negative line; function_clause for a
 * String that is no proper list of non-negative integers. Builds on
 * p->heap, never runs the GC; interns the atoms it scans. */
term_t bif_scan_erts_internal_scan_string_4(process *p, const term_t *args)
{
    need_atoms();
    term_t line = args[1], col = args[2], flags = args[3];
    if (!term_is_small(line) || !term_is_small(col) || small_value(col) < 0 ||
        small_value(col) > SCAN_MAX_COL || !term_is_small(flags) ||
        (small_value(flags) & ~(int64_t)(SCAN_COMMENTS | SCAN_WHITE | SCAN_TEXT)))
        return BIF_BADARG(p);
    alloc_buf src = {0};
    if (!encode_chars(args[0], &src)) {
        alloc_buf_free(&src);
        return BIF_ERROR(p, ATOM_function_clause);
    }
    scanner s = {
        .h = &p->heap,
        .src = src.p ? src.p : "",
        .delta = small_value(line) - 1,
        .cols = small_value(col) != 0,
        .flags = (unsigned)small_value(flags),
    };
    term_t r = scan_all(&s, src.n, s.cols ? (uint32_t)small_value(col) : 1);
    tstack_free(&s.toks);
    alloc_buf_free(&src);
    return r == THE_NON_VALUE ? BIF_BADARG(p) : r;
}

/* ---- erl_parse -----------------------------------------------------------------
 * Tokens go to vm/parse.c in one of two ways. When every annotation is one
 * parse.c builds itself (Line, {Line,Col}, [{text,T},{location,L}] on a
 * token without a string value, [{generated,true},{location,L}]), they go
 * as they are, and parse.c compares their locations as erl_parse does.
 * Otherwise ("remap"), each token goes with the made-up location {Index,
 * MARK_COL} (Index counting from 1), and each made-up annotation in the
 * result is then replaced by the token's own: abstract format gets the
 * annotations the tokens had, and an error the location yecc computes.
 * Locations then compare in token order, which is location order for
 * scanner output unless two tokens share a location (Line annotations
 * with texts, where erl_parse's first_anno/1 may pick another token of
 * the same line).
 *
 * A token the parser cannot take (a category it does not know, a value of
 * the wrong type, no tuple, an improper tail) ends the list with a
 * sentinel the parser rejects wherever it stands: when the parser stops
 * there, the Erlang half says what erl_parse would (the message about the
 * token, or its crash). */

#define MARK_COL 0xFFFFFFFFu
#define SENTINEL_LINE 0xFFFFFFFFu /* the sentinel's line in direct mode */

typedef enum bad_kind { BAD_NONE, BAD_TOKEN, BAD_ELEMENT, BAD_TAIL } bad_kind;
typedef enum add_result { ADD_OK, ADD_BAD, ADD_REMAP } add_result;

typedef struct token_list {
    parse_toks tk;
    bool remap;
    tstack toks;  /* remap: each token, by index */
    tstack annos; /* remap: each token's annotation, by index */
    bad_kind bad;
    term_t bad_term; /* the token, element or tail the conversion stopped at */
    uint32_t sentinel_line;
} token_list;

static int kind_of(term_t cat)
{
    for (int k = 0; k < LEX_KIND_COUNT; k++)
        if (A.kind[k] == cat)
            return k;
    return -1;
}

static bool has_value(int kind)
{
    return kind == LEX_ATOM || kind == LEX_VAR || kind == LEX_INTEGER || kind == LEX_FLOAT ||
           kind == LEX_CHAR || kind == LEX_STRING;
}

/* The UTF-8 of a proper list of Unicode scalar values into b (emptied
 * first); false for anything else. */
static bool encode_scalars(term_t l, alloc_buf *b)
{
    char tmp[4];
    b->n = 0;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!term_is_small(c) || !unicode_is_scalar(small_value(c)))
            return false;
        alloc_buf_put(b, tmp, unicode_encode_utf8((uint32_t)small_value(c), tmp));
    }
    return term_is_nil(l);
}

/* A location parse.c writes back as it was: Line or {Line,Col}. */
static bool set_location(parse_token *pt, term_t loc)
{
    if (term_is_small(loc) && small_value(loc) >= 0 && small_value(loc) < SENTINEL_LINE) {
        pt->line = (uint32_t)small_value(loc);
        pt->col = 0;
        return true;
    }
    if (!term_is_tuple(loc) || tuple_arity(loc) != 2)
        return false;
    term_t l = tuple_get(loc, 0), c = tuple_get(loc, 1);
    if (!term_is_small(l) || small_value(l) < 0 || small_value(l) >= SENTINEL_LINE || !term_is_small(c) ||
        small_value(c) < 1 || small_value(c) >= MARK_COL)
        return false;
    pt->line = (uint32_t)small_value(l);
    pt->col = (uint32_t)small_value(c);
    return true;
}

/* The pair {Key, Value} an annotation list holds at `pos` (0 or 1) when it
 * is a list of exactly two elements; THE_NON_VALUE otherwise. */
static term_t anno_pair(term_t anno, int pos, term_t key)
{
    if (!term_is_list(anno) || !term_is_list(list_tail(anno)) || !term_is_nil(list_tail(list_tail(anno))))
        return THE_NON_VALUE;
    term_t e = pos ? list_head(list_tail(anno)) : list_head(anno);
    if (!term_is_tuple(e) || tuple_arity(e) != 2 || tuple_get(e, 0) != key)
        return THE_NON_VALUE;
    return tuple_get(e, 1);
}

/* Direct mode: the token's annotation as parse.c builds it, or false. */
static bool set_direct_anno(token_list *tl, parse_token *pt, term_t anno, alloc_buf *scratch)
{
    if (set_location(pt, anno)) {
        pt->anno = pt->col ? PARSE_ANNO_LOC : PARSE_ANNO_LINE;
        return true;
    }
    term_t loc = anno_pair(anno, 1, A.location);
    if (loc == THE_NON_VALUE || !set_location(pt, loc))
        return false;
    if (anno_pair(anno, 0, A.generated) == ATOM_true) {
        pt->anno = PARSE_ANNO_GENERATED;
        return true;
    }
    term_t text = anno_pair(anno, 0, A.text);
    /* the text and a string's (or big integer's) value would share off/len */
    if (text == THE_NON_VALUE || pt->kind == LEX_STRING || (pt->flags & PARSE_TOK_BIG) ||
        !encode_scalars(text, scratch) || scratch->n == 0)
        return false;
    pt->anno = PARSE_ANNO_TEXT;
    pt->off = parse_toks_add_text(&tl->tk, scratch->p, scratch->n);
    pt->len = (uint32_t)scratch->n;
    return true;
}

/* The value of a token of `kind` into pt; false when parse.c cannot take
 * it (what erl_parse would copy into the abstract format as it is). */
static bool set_value(token_list *tl, parse_token *pt, term_t v, alloc_buf *scratch)
{
    switch (pt->kind) {
    case LEX_ATOM:
    case LEX_VAR:
        if (!term_is_atom(v))
            return false;
        pt->v.atom = v;
        return true;
    case LEX_INTEGER:
        if (term_is_small(v)) {
            pt->v.i = small_value(v);
        } else if (term_is_big(v)) {
            size_t cap = int_chars_bound(v, 16);
            char *d = alloc_new(ALLOC_TEMP, cap);
            size_t n = int_to_chars(v, 16, d);
            size_t sign = d[0] == '-';
            pt->flags = PARSE_TOK_BIG | (sign ? PARSE_TOK_NEG : 0);
            pt->base = 16;
            pt->off = parse_toks_add_text(&tl->tk, d + sign, n - sign);
            pt->len = (uint32_t)(n - sign);
            alloc_free(ALLOC_TEMP, d, cap);
        } else {
            return false;
        }
        return true;
    case LEX_FLOAT:
        if (!term_is_float(v))
            return false;
        pt->v.f = float_value(v);
        return true;
    case LEX_CHAR:
        if (!term_is_small(v) || !unicode_is_scalar(small_value(v)))
            return false;
        pt->v.ch = (uint32_t)small_value(v);
        return true;
    default: /* LEX_STRING */
        if (!encode_scalars(v, scratch))
            return false;
        pt->off = parse_toks_add_text(&tl->tk, scratch->p ? scratch->p : "", scratch->n);
        pt->len = (uint32_t)scratch->n;
        return true;
    }
}

/* Adds token tuple t as token number `index` (from 0). */
static add_result add_token(token_list *tl, term_t t, size_t index, alloc_buf *scratch)
{
    if (!term_is_tuple(t) || tuple_arity(t) < 2 || tuple_arity(t) > 3 || index + 1 >= MARK_COL)
        return ADD_BAD;
    int kind = kind_of(tuple_get(t, 0));
    if (kind < 0 || has_value(kind) != (tuple_arity(t) == 3)) {
        /* a punctuation token with a value parses as its category, but a
         * syntax error there shows the value: remap mode tells where */
        if (kind >= 0 && tuple_arity(t) == 3 && !tl->remap)
            return ADD_REMAP;
        if (kind < 0 || tuple_arity(t) == 2)
            return ADD_BAD;
    }
    parse_token pt;
    memset(&pt, 0, sizeof pt);
    pt.kind = (uint8_t)kind;
    if (has_value(kind) && !set_value(tl, &pt, tuple_get(t, 2), scratch))
        return ADD_BAD;
    if (tl->remap) {
        pt.anno = PARSE_ANNO_LOC;
        pt.line = (uint32_t)(index + 1);
        pt.col = MARK_COL;
        tstack_push(&tl->toks, t);
        tstack_push(&tl->annos, tuple_get(t, 1));
    } else if (!set_direct_anno(tl, &pt, tuple_get(t, 1), scratch)) {
        return ADD_REMAP;
    }
    parse_toks_push(&tl->tk, &pt);
    return ADD_OK;
}

/* erl_parse's [{atom,A,f},{'(',A},{')',A},{'->',A}] with A = 0, put before
 * the tokens to parse a term or expressions as a function. */
static void add_prefix(token_list *tl)
{
    static const lex_kind kinds[] = {LEX_ATOM, LEX_LPAREN, LEX_RPAREN, LEX_RARROW};
    for (size_t i = 0; i < 4; i++) {
        parse_token pt;
        memset(&pt, 0, sizeof pt);
        pt.kind = (uint8_t)kinds[i];
        pt.v.atom = A.f;
        if (tl->remap) {
            pt.anno = PARSE_ANNO_LOC;
            pt.line = (uint32_t)(i + 1);
            pt.col = MARK_COL;
            tstack_push(&tl->toks, THE_NON_VALUE);
            tstack_push(&tl->annos, term_small(0));
        } else {
            pt.anno = PARSE_ANNO_LINE;
        }
        parse_toks_push(&tl->tk, &pt);
    }
}

/* The tokens of list l into tl (after the prefix, if asked), up to the
 * first one parse.c cannot take, which is replaced by a sentinel. False
 * when direct mode cannot carry them: start again in remap mode. */
static bool convert_tokens(token_list *tl, term_t l, bool prefix)
{
    alloc_buf scratch = {0};
    if (prefix)
        add_prefix(tl);
    size_t i = tl->tk.n;
    for (; term_is_list(l); l = list_tail(l), i++) {
        term_t t = list_head(l);
        add_result r = add_token(tl, t, i, &scratch);
        if (r == ADD_REMAP) {
            alloc_buf_free(&scratch);
            return false;
        }
        if (r == ADD_BAD) {
            tl->bad = term_is_tuple(t) && tuple_arity(t) >= 2 ? BAD_TOKEN : BAD_ELEMENT;
            tl->bad_term = t;
            break;
        }
    }
    if (tl->bad == BAD_NONE && !term_is_nil(l)) {
        tl->bad = BAD_TAIL;
        tl->bad_term = l;
    }
    if (tl->bad != BAD_NONE) {
        parse_token pt; /* {'\000', Anno}: no category erl_parse takes */
        memset(&pt, 0, sizeof pt);
        pt.kind = LEX_OTHER;
        pt.anno = PARSE_ANNO_LOC;
        pt.line = tl->remap ? (uint32_t)(tl->tk.n + 1) : SENTINEL_LINE;
        pt.col = MARK_COL;
        pt.v.ch = 0;
        parse_toks_push(&tl->tk, &pt);
        tl->sentinel_line = pt.line;
    }
    alloc_buf_free(&scratch);
    return true;
}

static void init_list(token_list *tl, bool remap)
{
    memset(tl, 0, sizeof *tl);
    parse_toks_init(&tl->tk);
    tl->remap = remap;
    tl->bad_term = THE_NON_VALUE;
}

static void destroy_list(token_list *tl)
{
    parse_toks_destroy(&tl->tk);
    tstack_free(&tl->toks);
    tstack_free(&tl->annos);
}

/* The tokens of l, in direct mode when it can carry them. */
static void make_list(token_list *tl, term_t l, bool prefix)
{
    init_list(tl, false);
    if (convert_tokens(tl, l, prefix))
        return;
    destroy_list(tl);
    init_list(tl, true);
    convert_tokens(tl, l, prefix);
}

/* The line of made-up location t ({Line, MARK_COL}), or 0. */
static uint32_t mark_line(term_t t)
{
    if (!term_is_tuple(t) || tuple_arity(t) != 2)
        return 0;
    term_t line = tuple_get(t, 0), col = tuple_get(t, 1);
    if (!term_is_small(col) || small_value(col) != (int64_t)MARK_COL || !term_is_small(line) ||
        small_value(line) < 1 || small_value(line) > (int64_t)UINT32_MAX)
        return 0;
    return (uint32_t)small_value(line);
}

/* lists:keyfind(Key, 1, Anno) as erl_anno's anno_info/2 uses it: 1 and
 * *value for {Key, Value}, 0 when there is none, -1 where it crashes (an
 * improper list, a match of another size). */
static int anno_info(term_t anno, term_t key, term_t *value)
{
    for (; term_is_list(anno); anno = list_tail(anno)) {
        term_t e = list_head(anno);
        if (term_is_tuple(e) && tuple_arity(e) >= 1 && tuple_get(e, 0) == key) {
            if (tuple_arity(e) != 2)
                return -1;
            *value = tuple_get(e, 1);
            return 1;
        }
    }
    return term_is_nil(anno) ? 0 : -1;
}

static bool is_line(term_t t) { return term_is_integer(t) && int_cmp(t, term_small(0)) >= 0; }

static bool is_plain_location(term_t t)
{
    return is_line(t) || (term_is_tuple(t) && tuple_arity(t) == 2 && is_line(tuple_get(t, 0)) &&
                          term_is_integer(tuple_get(t, 1)) && int_cmp(tuple_get(t, 1), term_small(1)) >= 0);
}

/* yecc's location of a token with annotation `anno`: erl_anno:location/1,
 * or the annotation itself where that crashes. */
static term_t token_location(term_t anno)
{
    term_t v;
    if (is_plain_location(anno) || !(term_is_list(anno) || term_is_nil(anno)))
        return anno;
    switch (anno_info(anno, A.location, &v)) {
    case 1:
        return v;
    case 0:
        return ATOM_undefined;
    default:
        return anno;
    }
}

/* erl_anno:text/1, or THE_NON_VALUE where it is undefined or crashes. */
static term_t anno_text(term_t anno)
{
    term_t v;
    if (is_plain_location(anno) || anno_info(anno, A.text, &v) != 1)
        return THE_NON_VALUE;
    return v;
}

/* yecc's end location of a token with annotation `anno` ('$end' stands
 * there): erl_anno:end_location/1, else the token's location. */
static term_t token_end_location(heap_t *h, term_t anno)
{
    term_t text = anno_text(anno), loc;
    if (text == THE_NON_VALUE || anno_info(anno, A.location, &loc) != 1)
        return token_location(anno);
    bool has_col = term_is_tuple(loc) && tuple_arity(loc) == 2;
    term_t l0 = has_col ? tuple_get(loc, 0) : loc;
    if (!term_is_small(l0) || (has_col && !term_is_small(tuple_get(loc, 1))))
        return token_location(anno);
    int64_t line = small_value(l0), col = has_col ? small_value(tuple_get(loc, 1)) : 0;
    for (; term_is_list(text); text = list_tail(text)) {
        if (list_head(text) == term_small('\n'))
            line++, col = 1;
        else
            col++;
    }
    if (!term_is_nil(text))
        return token_location(anno);
    if (!has_col)
        return term_int64(h, line);
    return term_tuple2(h, term_int64(h, line), term_int64(h, col));
}

/* Remap mode: puts each token's own annotation where the parser put a
 * made-up one. Annotations are elements of tuples (nodes), never list
 * elements. */
static void restore_annos(term_t t, const token_list *tl)
{
    tstack stack = {0};
    tstack_push(&stack, t);
    while (stack.n) {
        term_t x = stack.items[--stack.n];
        if (term_is_list(x)) {
            tstack_push(&stack, list_tail(x));
            tstack_push(&stack, list_head(x));
        } else if (term_is_tuple(x)) {
            term_t *e = tuple_elems(x);
            for (uint64_t k = 0; k < tuple_arity(x); k++) {
                uint32_t i = mark_line(e[k]);
                if (i && i <= tl->annos.n)
                    e[k] = tl->annos.items[i - 1];
                else if (term_is_tuple(e[k]) || term_is_list(e[k]))
                    tstack_push(&stack, e[k]);
            }
        }
    }
    tstack_free(&stack);
}

/* A syntax error's descriptor: ["syntax error before: ", Text]. */
static bool is_syntax_desc(term_t d) { return term_is_list(d) && term_is_list(list_head(d)); }

/* A flat message equal to `s`. */
static bool is_message(term_t d, const char *s)
{
    for (; *s; s++, d = list_tail(d))
        if (!term_is_list(d) || list_head(d) != term_small((unsigned char)*s))
            return false;
    return term_is_nil(d);
}

typedef parse_result (*parse_fn)(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out);

/* Parses the prepared list; *out as parse_fn leaves it, annotations
 * restored. */
static parse_result parse_list(heap_t *h, token_list *tl, parse_fn fn, term_t *out)
{
    parse_result r = fn(h, tl->tk.v, tl->tk.n, tl->tk.text, out);
    if (r == PARSE_OK && tl->remap)
        restore_annos(*out, tl);
    return r;
}

/* erl_parse:parse_exprs/1 and parse_term/1 crash on clauses of more than
 * one function clause (`a; f() -> b.`): {case_clause, {ok, Function}}
 * with the function parsed as erl_parse parses it. */
static term_t clauses_crash(heap_t *h, term_t tokens)
{
    token_list tl;
    make_list(&tl, tokens, true);
    term_t f, r = THE_NON_VALUE;
    if (parse_list(h, &tl, parse_form, &f) == PARSE_OK)
        r = term_tuple2(h, A.bad_clauses, f);
    destroy_list(&tl);
    return r;
}

/* The result of parsing `tokens` with fn: {ok, X} | {error, ErrorInfo} |
 * {bad_token, Location, Token} | {bad_element, Element} | {bad_tail, Tail}
 * | {bad_clauses, Function}: the last four tell the Erlang half where the
 * parser stopped at a token it cannot take, or met more clauses. */
static term_t run_parse(process *p, term_t tokens, parse_fn fn)
{
    need_atoms();
    heap_t *h = &p->heap;
    token_list tl;
    make_list(&tl, tokens, false);
    term_t out, r;
    if (parse_list(h, &tl, fn, &out) == PARSE_OK) {
        r = term_tuple2(h, ATOM_ok, out);
        goto done;
    }
    term_t loc = tuple_get(out, 0), desc = tuple_get(out, 2);
    uint32_t at = mark_line(loc);
    if (tl.bad != BAD_NONE && at == tl.sentinel_line && is_syntax_desc(desc)) {
        if (tl.bad == BAD_TOKEN)
            r = term_tuple3(h, A.bad_token, token_location(tuple_get(tl.bad_term, 1)), tl.bad_term);
        else
            r = term_tuple2(h, tl.bad == BAD_TAIL ? A.bad_tail : A.bad_element, tl.bad_term);
        goto done;
    }
    if (fn != parse_form && loc == term_small(0) && is_message(desc, "bad expression list")) {
        r = clauses_crash(h, tokens);
        if (r != THE_NON_VALUE)
            goto done;
    }
    if (fn == parse_form && tl.tk.n == 0)
        loc = term_small(999999); /* yecc's '$end' with no token at all */
    if (tl.remap && at && at <= tl.annos.n) {
        term_t anno = tl.annos.items[at - 1], tok = tl.toks.items[at - 1];
        if (is_syntax_desc(desc) && term_is_list(list_tail(desc)) &&
            term_is_nil(list_head(list_tail(desc)))) {
            loc = token_end_location(h, anno); /* '$end', after the last token */
        } else {
            loc = token_location(anno);
            term_t text = anno_text(anno);
            if (is_syntax_desc(desc) && text != THE_NON_VALUE) {
                desc = term_cons(h, list_head(desc), term_cons(h, text, NIL)); /* erl_scan:text/1 */
            } else if (is_syntax_desc(desc) && tok != THE_NON_VALUE && tuple_arity(tok) == 3 &&
                       !has_value(kind_of(tuple_get(tok, 0)))) {
                r = term_tuple3(h, A.bad_token, loc, tok); /* the value shows */
                goto done;
            }
        }
    }
    r = term_tuple2(h, ATOM_error, term_tuple3(h, loc, A.erl_parse, desc));
done:
    destroy_list(&tl);
    return r;
}

/* erts_internal:parse_form(Tokens), parse_exprs(Tokens), parse_term(Tokens):
 * erl_parse's result ({ok, Form | Exprs | Term} or {error, ErrorInfo}),
 * or one of the replies of run_parse that vm/lib/erl_parse.erl finishes.
 * Never raise; build on p->heap, never run the GC. */
term_t bif_scan_erts_internal_parse_form_1(process *p, const term_t *args)
{
    return run_parse(p, args[0], parse_form);
}

term_t bif_scan_erts_internal_parse_exprs_1(process *p, const term_t *args)
{
    return run_parse(p, args[0], parse_exprs);
}

term_t bif_scan_erts_internal_parse_term_1(process *p, const term_t *args)
{
    return run_parse(p, args[0], parse_term);
}

/* ---- erl_eval's checks ----------------------------------------------------------
 * What vm/lib/erl_eval.erl asks of erl_lint and erl_internal, from the
 * tables and checks the compiler has (vm/lint.c):
 * erts_internal:lint_exprs(Exprs, Bound): the check erl_eval:exprs/2 and
 * expr/2 make before they evaluate, with the variables named in Bound
 * bound: ok, {error, {Location, erl_lint, Description}} (the first error),
 * or malformed for a term that is no abstract format of expressions (OTP's
 * erl_lint crashes on one). erts_internal:is_guard_test(Expr):
 * erl_lint:is_guard_test/1 (false for a malformed term).
 * erts_internal:is_auto_bif(Name, Arity): erl_internal:bif/2. Never
 * raise but badarg for arguments of the wrong types; build on p->heap. */
term_t bif_scan_erts_internal_lint_exprs_2(process *p, const term_t *args)
{
    if (list_length(args[0]) < 0 || list_length(args[1]) < 0)
        return BIF_BADARG(p);
    if (!lint_well_formed_exprs(args[0]))
        return atom_from_cstr("malformed");
    tstack bound = {0};
    for (term_t l = args[1]; term_is_list(l); l = list_tail(l))
        if (term_is_atom(list_head(l)))
            tstack_push(&bound, list_head(l));
    term_t e = lint_exprs_error(args[0], bound.items, bound.n, &p->heap);
    tstack_free(&bound);
    return e == THE_NON_VALUE ? ATOM_ok : term_tuple2(&p->heap, ATOM_error, e);
}

term_t bif_scan_erts_internal_is_guard_test_1(process *p, const term_t *args)
{
    (void)p;
    return lint_well_formed_expr(args[0]) && lint_is_guard_test(args[0], NULL, NULL) ? ATOM_true : ATOM_false;
}

term_t bif_scan_erts_internal_is_auto_bif_2(process *p, const term_t *args)
{
    if (!term_is_atom(args[0]) || !term_is_small(args[1]) || small_value(args[1]) < 0 ||
        small_value(args[1]) > 255)
        return BIF_BADARG(p);
    return lint_is_auto_bif(args[0], (unsigned)small_value(args[1])) ? ATOM_true : ATOM_false;
}
