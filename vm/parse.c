/* parse.c: erl_parse as a recursive-descent parser over one form's tokens
 * that fails on the token the LALR parser fails on and builds nodes and
 * annotations as erl_parse.yrl's actions do; operators go through an
 * operator stack, nesting is bounded by PARSE_MAX_DEPTH. */
#include "parse.h"

#include <gmp.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "float.h"
#include "heap.h"
#include "map.h"
#include "unicode.h"

/* ---- atoms the parser names, interned once ---------------------------- */

static struct {
    term_t ann_type, remote_type, user_type, union_, range, product, any, bounded_fun, constraint,
        is_subtype, nonempty_list, field_type, typed_record_field, erl_parse, erl_scan, clauses,
        generated, location, text, underscore, illegal, character, base, list, nil_type, opaque,
        typed, throw_, fun_, module, import, export, record, file, type;
    term_t kind[LEX_KIND_COUNT]; /* the atom of a punctuation or keyword kind */
} A;

static pthread_once_t atoms_once = PTHREAD_ONCE_INIT;

static void init_atoms(void)
{
    A.ann_type = atom_from_cstr("ann_type");
    A.remote_type = atom_from_cstr("remote_type");
    A.user_type = atom_from_cstr("user_type");
    A.union_ = atom_from_cstr("union");
    A.range = atom_from_cstr("range");
    A.product = atom_from_cstr("product");
    A.any = atom_from_cstr("any");
    A.bounded_fun = atom_from_cstr("bounded_fun");
    A.constraint = atom_from_cstr("constraint");
    A.is_subtype = atom_from_cstr("is_subtype");
    A.nonempty_list = atom_from_cstr("nonempty_list");
    A.field_type = atom_from_cstr("field_type");
    A.typed_record_field = atom_from_cstr("typed_record_field");
    A.erl_parse = atom_from_cstr("erl_parse");
    A.erl_scan = atom_from_cstr("erl_scan");
    A.clauses = atom_from_cstr("clauses");
    A.generated = atom_from_cstr("generated");
    A.location = atom_from_cstr("location");
    A.text = atom_from_cstr("text");
    A.underscore = atom_from_cstr("_");
    A.illegal = atom_from_cstr("illegal");
    A.character = atom_from_cstr("character");
    A.base = atom_from_cstr("base");
    A.list = atom_from_cstr("list");
    A.nil_type = ATOM_nil;
    A.opaque = atom_from_cstr("opaque");
    A.typed = atom_from_cstr("typed");
    A.throw_ = ATOM_throw;
    A.fun_ = ATOM_fun_;
    A.module = ATOM_module;
    A.import = ATOM_import;
    A.export = ATOM_export;
    A.record = ATOM_record;
    A.file = ATOM_file;
    A.type = ATOM_type;
    for (int k = 0; k < LEX_KIND_COUNT; k++) {
        const char *name = lex_kind_name((lex_kind)k);
        A.kind[k] = name[0] ? atom_from_cstr(name) : THE_NON_VALUE;
    }
}

static void need_atoms(void) { pthread_once(&atoms_once, init_atoms); }

/* ---- small text buffers ------------------------------------------------- */

typedef struct sbuf {
    char *p;
    size_t n, cap;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->n + n + 1)
            cap *= 2;
        b->p = alloc_resize(ALLOC_TEMP, b->p, b->cap, cap);
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}
static void sb_str(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }
static void sb_char(sbuf *b, char c) { sb_put(b, &c, 1); }
static void sb_cp(sbuf *b, uint32_t cp)
{
    char tmp[4];
    sb_put(b, tmp, unicode_encode_utf8(cp > 0x10FFFF ? 0xFFFD : cp, tmp));
}
static void sb_free(sbuf *b)
{
    if (b->p)
        alloc_free(ALLOC_TEMP, b->p, b->cap);
    b->p = NULL;
    b->n = b->cap = 0;
}

static term_t cstr_list(heap_t *h, const char *s) { return term_utf8_string(h, s, strlen(s)); }

/* ---- token lists ---------------------------------------------------------- */

void parse_toks_init(parse_toks *tk) { memset(tk, 0, sizeof *tk); }

void parse_toks_destroy(parse_toks *tk)
{
    if (tk->v)
        alloc_free(ALLOC_TEMP, tk->v, tk->cap * sizeof *tk->v);
    if (tk->text)
        alloc_free(ALLOC_TEMP, tk->text, tk->tcap);
    memset(tk, 0, sizeof *tk);
}

uint32_t parse_toks_add_text(parse_toks *tk, const char *s, size_t n)
{
    if (tk->tlen + n + 1 > tk->tcap) {
        size_t cap = tk->tcap ? tk->tcap : 256;
        while (cap < tk->tlen + n + 1)
            cap *= 2;
        tk->text = alloc_resize(ALLOC_TEMP, tk->text, tk->tcap, cap);
        tk->tcap = cap;
    }
    uint32_t off = (uint32_t)tk->tlen;
    if (n)
        memcpy(tk->text + tk->tlen, s, n);
    tk->tlen += n;
    tk->text[tk->tlen] = '\0';
    return off;
}

void parse_toks_push(parse_toks *tk, const parse_token *t)
{
    if (tk->n == tk->cap) {
        size_t cap = tk->cap ? tk->cap * 2 : 64;
        tk->v = alloc_resize(ALLOC_TEMP, tk->v, tk->cap * sizeof *tk->v, cap * sizeof *tk->v);
        tk->cap = cap;
    }
    tk->v[tk->n++] = *t;
}

/* Digits in `base` to an int64; false on overflow. */
static bool digits_int64(const char *d, size_t n, unsigned base, int64_t *out)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = (unsigned char)d[i];
        unsigned dv = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c - 'A' + 10;
        if (v > (UINT64_C(1) << 62) / base)
            return false;
        v = v * base + dv;
        if (v > (uint64_t)INT64_MAX)
            return false;
    }
    *out = (int64_t)v;
    return true;
}

bool parse_toks_push_lex(parse_toks *tk, const lex_token *lt, const char *src, bool keep_text)
{
    parse_token t;
    memset(&t, 0, sizeof t);
    t.kind = (uint8_t)lt->kind;
    t.anno = PARSE_ANNO_LOC;
    t.line = lt->line;
    t.col = lt->col;
    switch (lt->kind) {
    case LEX_ATOM:
    case LEX_VAR:
        if (atom_intern(lt->text, lt->len, &t.v.atom) != ATOM_OK)
            return false;
        /* epp's text_fun keeps the text of a quoted atom written exactly
         * 'maybe' or 'else' (keywords of a configurable feature). */
        if (keep_text && lt->kind == LEX_ATOM && src &&
            ((lt->nbytes == 7 && memcmp(src + lt->offset, "'maybe'", 7) == 0) ||
             (lt->nbytes == 6 && memcmp(src + lt->offset, "'else'", 6) == 0))) {
            t.anno = PARSE_ANNO_TEXT;
            t.off = parse_toks_add_text(tk, src + lt->offset, lt->nbytes);
            t.len = (uint32_t)lt->nbytes;
        }
        break;
    case LEX_INTEGER:
        if (!digits_int64(lt->text, lt->len, lt->base, &t.v.i)) {
            t.flags = PARSE_TOK_BIG;
            t.base = (uint8_t)lt->base;
            t.off = parse_toks_add_text(tk, lt->text, lt->len);
            t.len = (uint32_t)lt->len;
        }
        break;
    case LEX_FLOAT:
        t.v.f = lt->fval;
        break;
    case LEX_CHAR:
    case LEX_OTHER:
        t.v.ch = lt->ch;
        break;
    case LEX_STRING:
        t.off = parse_toks_add_text(tk, lt->text, lt->len);
        t.len = (uint32_t)lt->len;
        break;
    default:
        break;
    }
    parse_toks_push(tk, &t);
    return true;
}

/* ---- annotations -------------------------------------------------------- */

typedef struct loc2 {
    int64_t line, col;
} loc2;

static term_t loc_term(heap_t *h, uint32_t line, uint32_t col)
{
    if (col == 0)
        return term_small(line);
    return term_tuple2(h, term_small(line), term_small(col));
}

static term_t token_anno(heap_t *h, const parse_token *t, const char *text)
{
    switch (t->anno) {
    case PARSE_ANNO_LINE:
        return term_small(t->line);
    case PARSE_ANNO_GENERATED: {
        term_t g = term_tuple2(h, A.generated, ATOM_true);
        term_t l = term_tuple2(h, A.location, loc_term(h, t->line, t->col));
        return term_cons(h, g, term_cons(h, l, NIL));
    }
    case PARSE_ANNO_TEXT: {
        term_t x = term_tuple2(h, A.text, term_utf8_string(h, text + t->off, t->len));
        term_t l = term_tuple2(h, A.location, loc_term(h, t->line, t->col));
        return term_cons(h, x, term_cons(h, l, NIL));
    }
    default:
        return loc_term(h, t->line, t->col);
    }
}

term_t parse_anno_location(term_t anno)
{
    need_atoms();
    if (term_is_list(anno)) {
        for (term_t l = anno; term_is_list(l); l = list_tail(l)) {
            term_t e = list_head(l);
            if (term_is_tuple(e) && tuple_arity(e) == 2 && tuple_get(e, 0) == A.location)
                return tuple_get(e, 1);
        }
        return term_small(0);
    }
    return anno;
}

/* A location as loc_lte/2 compares it: Line reads as {Line, 1}. */
static loc2 loc_of(term_t loc)
{
    loc2 r = {0, 1};
    if (term_is_small(loc)) {
        r.line = small_value(loc);
    } else if (term_is_tuple(loc) && tuple_arity(loc) == 2 && term_is_small(tuple_get(loc, 0)) &&
               term_is_small(tuple_get(loc, 1))) {
        r.line = small_value(tuple_get(loc, 0));
        r.col = small_value(tuple_get(loc, 1));
    }
    return r;
}

static bool loc_lte(loc2 a, loc2 b) { return a.line < b.line || (a.line == b.line && a.col <= b.col); }

/* ---- walking annotations in fold_anno's order ----------------------------- */

typedef struct walk_stack {
    term_t *v;
    size_t n, cap;
} walk_stack;

static void ws_push(walk_stack *s, term_t t)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        s->v = alloc_resize(ALLOC_TEMP, s->v, s->cap * sizeof *s->v, cap * sizeof *s->v);
        s->cap = cap;
    }
    s->v[s->n++] = t;
}

/* Calls visit(ctx, Anno) for each annotation of abstract term `t`, in the
 * order erl_parse:fold_anno/3 visits them (modify_anno1's shapes), until
 * visit returns false. */
static void walk_annos(walk_stack *s, term_t t, bool (*visit)(void *, term_t), void *ctx)
{
    size_t base = s->n;
    ws_push(s, t);
    while (s->n > base) {
        term_t x = s->v[--s->n];
        if (term_is_list(x)) {
            ws_push(s, list_tail(x));
            ws_push(s, list_head(x));
            continue;
        }
        if (!term_is_tuple(x))
            continue;
        uint64_t n = tuple_arity(x);
        const term_t *e = tuple_elems(x);
        term_t tag = e[0];
        if (tag == ATOM_function && (n == 3 || n == 4)) {
            for (uint64_t k = n - 1; k >= 1 && n == 4; k--)
                ws_push(s, e[k]);
            continue;
        }
        if (n == 2 && (tag == A.clauses)) {
            ws_push(s, e[1]);
            continue;
        }
        if (n == 3 && tag == A.typed_record_field) {
            ws_push(s, e[2]);
            ws_push(s, e[1]);
            continue;
        }
        if (n == 2 && (tag == ATOM_warning || tag == ATOM_error || tag == ATOM_eof))
            continue;
        if (n < 2 || n > 6)
            continue;
        if (!visit(ctx, e[1])) {
            s->n = base;
            return;
        }
        if (n == 5 && tag == ATOM_bin_element) {
            ws_push(s, e[3]);
            ws_push(s, e[2]);
            continue;
        }
        for (uint64_t k = n - 1; k >= 2; k--)
            ws_push(s, e[k]);
    }
}

static bool visit_first(void *ctx, term_t anno)
{
    term_t *acc = ctx;
    if (loc_lte(loc_of(parse_anno_location(anno)), loc_of(parse_anno_location(*acc)))) {
        *acc = anno;
        return true;
    }
    return false;
}

/* erl_parse's first_anno/1. */
static term_t first_anno_ws(walk_stack *s, term_t t)
{
    term_t acc = tuple_get(t, 1);
    walk_annos(s, t, visit_first, &acc);
    return acc;
}

/* Annotation order of last_anno/1 (loc_lte on the annotations themselves):
 * -1, 0, 1. Lists (annotations with generated/text) follow tuples, as in
 * the term order. */
static int anno_cmp(term_t a, term_t b)
{
    bool la = term_is_list(a), lb = term_is_list(b);
    if (la || lb) {
        if (la && lb) {
            loc2 x = loc_of(parse_anno_location(a)), y = loc_of(parse_anno_location(b));
            return loc_lte(x, y) ? (loc_lte(y, x) ? 0 : -1) : 1;
        }
        return la ? 1 : -1;
    }
    loc2 x = loc_of(a), y = loc_of(b);
    return loc_lte(x, y) ? (loc_lte(y, x) ? 0 : -1) : 1;
}

typedef struct last_ctx {
    term_t acc;
    bool any;
} last_ctx;

static bool visit_last(void *ctx, term_t anno)
{
    last_ctx *c = ctx;
    if (!c->any || anno_cmp(anno, c->acc) > 0)
        c->acc = anno;
    c->any = true;
    return true;
}

/* erl_anno:end_location/1 of a text annotation, else THE_NON_VALUE. */
static term_t text_end_location(heap_t *h, term_t anno)
{
    if (!term_is_list(anno))
        return THE_NON_VALUE;
    term_t text = THE_NON_VALUE;
    for (term_t l = anno; term_is_list(l); l = list_tail(l)) {
        term_t e = list_head(l);
        if (term_is_tuple(e) && tuple_arity(e) == 2 && tuple_get(e, 0) == A.text)
            text = tuple_get(e, 1);
    }
    if (text == THE_NON_VALUE)
        return THE_NON_VALUE;
    loc2 p = loc_of(parse_anno_location(anno));
    for (term_t l = text; term_is_list(l); l = list_tail(l)) {
        if (list_head(l) == term_small('\n'))
            p.line++, p.col = 1;
        else
            p.col++;
    }
    return term_tuple2(h, term_small(p.line), term_small(p.col));
}

/* erl_parse's last_anno/1. */
static term_t last_anno_ws(heap_t *h, walk_stack *s, term_t t)
{
    last_ctx c = {THE_NON_VALUE, false};
    walk_annos(s, t, visit_last, &c);
    term_t end = text_end_location(h, c.acc);
    if (end == THE_NON_VALUE)
        return c.acc;
    term_t x = list_head(c.acc);
    return term_cons(h, x, term_cons(h, term_tuple2(h, A.location, end), NIL));
}

/* ---- the parser's state ---------------------------------------------------- */

enum { AS_LEFT, AS_RIGHT, AS_NON };

typedef struct parser {
    heap_t *h;
    const parse_token *t;
    size_t n, i; /* t[n] reads as '$end' */
    const char *text;
    parse_token end;
    term_t *annos; /* n + 1 cached annotations */
    term_t *vs;    /* value stack */
    size_t nvs, vcap;
    size_t *os; /* operator stack: token indices */
    size_t nos, ocap;
    walk_stack ws;
    unsigned depth;
    bool spec; /* t[1] is the 'spec' or 'callback' keyword */
    term_t err;
    jmp_buf jb;
} parser;

static void parser_init(parser *P, heap_t *h, const parse_token *toks, size_t n, const char *text)
{
    need_atoms();
    memset(P, 0, sizeof *P);
    P->h = h;
    P->t = toks;
    P->n = n;
    P->text = text;
    P->end.kind = LEX_EOF;
    P->end.anno = PARSE_ANNO_LINE;
    if (n) {
        /* yecc puts '$end' at the end location of the last token: its
         * location, unless its annotation carries the text. */
        const parse_token *last = &toks[n - 1];
        P->end.anno = last->col ? PARSE_ANNO_LOC : PARSE_ANNO_LINE;
        P->end.line = last->line;
        P->end.col = last->col;
        if (last->anno == PARSE_ANNO_TEXT) {
            for (uint32_t k = 0; k < last->len;) {
                size_t w;
                uint32_t c = unicode_decode_utf8((const unsigned char *)text + last->off + k, last->len - k, &w);
                if (c == '\n')
                    P->end.line++, P->end.col = 1;
                else
                    P->end.col++;
                k += (uint32_t)w;
            }
        }
    }
    P->annos = alloc_new(ALLOC_TEMP, (n + 1) * sizeof *P->annos);
    for (size_t k = 0; k <= n; k++)
        P->annos[k] = THE_NON_VALUE;
}

static void parser_destroy(parser *P)
{
    alloc_free(ALLOC_TEMP, P->annos, (P->n + 1) * sizeof *P->annos);
    if (P->vs)
        alloc_free(ALLOC_TEMP, P->vs, P->vcap * sizeof *P->vs);
    if (P->os)
        alloc_free(ALLOC_TEMP, P->os, P->ocap * sizeof *P->os);
    if (P->ws.v)
        alloc_free(ALLOC_TEMP, P->ws.v, P->ws.cap * sizeof *P->ws.v);
}

static const parse_token *tok_at(const parser *P, size_t j) { return j < P->n ? &P->t[j] : &P->end; }
static const parse_token *cur(const parser *P) { return tok_at(P, P->i); }
static int kind(const parser *P) { return cur(P)->kind; }
static int kind_at(const parser *P, size_t j) { return tok_at(P, j)->kind; }

static term_t anno(parser *P, size_t j)
{
    if (j > P->n)
        j = P->n;
    if (P->annos[j] == THE_NON_VALUE)
        P->annos[j] = token_anno(P->h, tok_at(P, j), P->text);
    return P->annos[j];
}

static void vpush(parser *P, term_t t)
{
    if (P->nvs == P->vcap) {
        size_t cap = P->vcap ? P->vcap * 2 : 64;
        P->vs = alloc_resize(ALLOC_TEMP, P->vs, P->vcap * sizeof *P->vs, cap * sizeof *P->vs);
        P->vcap = cap;
    }
    P->vs[P->nvs++] = t;
}
static term_t vpop(parser *P) { return P->vs[--P->nvs]; }

/* The list of the values pushed since `base`, popped. */
static term_t vlist(parser *P, size_t base)
{
    term_t l = term_list_from(P->h, P->vs + base, P->nvs - base, NIL);
    P->nvs = base;
    return l;
}

static void opush(parser *P, size_t idx)
{
    if (P->nos == P->ocap) {
        size_t cap = P->ocap ? P->ocap * 2 : 32;
        P->os = alloc_resize(ALLOC_TEMP, P->os, P->ocap * sizeof *P->os, cap * sizeof *P->os);
        P->ocap = cap;
    }
    P->os[P->nos++] = idx;
}

static term_t T2(parser *P, term_t a, term_t b) { return term_tuple2(P->h, a, b); }
static term_t T3(parser *P, term_t a, term_t b, term_t c) { return term_tuple3(P->h, a, b, c); }
static term_t T4(parser *P, term_t a, term_t b, term_t c, term_t d)
{
    term_t e[4] = {a, b, c, d};
    return term_tuple(P->h, 4, e);
}
static term_t T5(parser *P, term_t a, term_t b, term_t c, term_t d, term_t f)
{
    term_t e[5] = {a, b, c, d, f};
    return term_tuple(P->h, 5, e);
}
static term_t T6(parser *P, term_t a, term_t b, term_t c, term_t d, term_t f, term_t g)
{
    term_t e[6] = {a, b, c, d, f, g};
    return term_tuple(P->h, 6, e);
}

static term_t first_anno(parser *P, term_t t) { return first_anno_ws(&P->ws, t); }
static term_t first_loc(parser *P, term_t t) { return parse_anno_location(first_anno(P, t)); }
static bool tag_is(term_t t, term_t tag) { return term_is_tuple(t) && tuple_arity(t) >= 2 && tuple_get(t, 0) == tag; }

/* ---- errors --------------------------------------------------------------- */

static _Noreturn void fail_desc(parser *P, term_t loc, term_t desc)
{
    P->err = T3(P, loc, A.erl_parse, desc);
    longjmp(P->jb, 1);
}

/* return_error(Location, Message) with a flat message. */
static _Noreturn void fail_msg(parser *P, term_t loc, const char *msg) { fail_desc(P, loc, cstr_list(P->h, msg)); }

/* io_lib:format("<pre>~tw<post>", [Atom]): [pre chars..., [atom chars], post chars...]. */
static term_t deep_atom_msg(parser *P, const char *pre, term_t atom, const char *post);

/* erl_parse's ret_abstr_err(Abstract, Message). */
static _Noreturn void fail_abstr(parser *P, term_t abs, const char *msg) { fail_msg(P, first_loc(P, abs), msg); }

/* error_bad_decl(Abstr, What): "bad ~tw declaration". */
static _Noreturn void fail_bad_decl(parser *P, term_t abs, term_t what)
{
    fail_desc(P, first_loc(P, abs), deep_atom_msg(P, "bad ", what, " declaration"));
}

/* The text erl_parse shows for a token after "syntax error before: ". */
static void token_text(sbuf *out, const parse_token *t, const char *text)
{
    if (t->anno == PARSE_ANNO_TEXT) { /* erl_scan:text/1 */
        sb_put(out, text + t->off, t->len);
        return;
    }
    if (t->kind == LEX_INTEGER) {
        if (!(t->flags & PARSE_TOK_BIG)) {
            char tmp[24];
            int n = snprintf(tmp, sizeof tmp, "%lld", (long long)t->v.i);
            sb_put(out, tmp, (size_t)n);
            return;
        }
        heap_t th;
        heap_init(&th, ALLOC_TEMP);
        term_t v;
        if (int_from_digits(&th, text + t->off, t->len, t->base, (t->flags & PARSE_TOK_NEG) != 0, &v)) {
            size_t cap = int_chars_bound(v, 10);
            char *s = alloc_new(ALLOC_TEMP, cap);
            sb_put(out, s, int_to_chars(v, 10, s));
            alloc_free(ALLOC_TEMP, s, cap);
        }
        heap_destroy(&th);
        return;
    }
    lex_token lt;
    memset(&lt, 0, sizeof lt);
    lt.kind = (lex_kind)t->kind;
    size_t n = 0;
    switch (t->kind) {
    case LEX_ATOM:
    case LEX_VAR:
        lt.text = atom_text(t->v.atom, &n);
        lt.len = n;
        break;
    case LEX_STRING:
        lt.text = text + t->off;
        lt.len = t->len;
        break;
    case LEX_FLOAT:
        lt.fval = t->v.f;
        break;
    case LEX_CHAR:
    case LEX_OTHER:
        lt.ch = t->v.ch;
        break;
    default:
        break;
    }
    size_t cap = 16 + 12 * (lt.len + 1);
    char *buf = alloc_new(ALLOC_TEMP, cap);
    size_t k = lex_token_text(&lt, buf, cap);
    sb_put(out, buf, k);
    alloc_free(ALLOC_TEMP, buf, cap);
}

/* {Loc, erl_parse, ["syntax error before: ", Text]} at token j. */
static term_t syntax_error_info(heap_t *h, const parse_token *t, const char *text)
{
    sbuf b = {0};
    token_text(&b, t, text);
    term_t txt = term_utf8_string(h, b.p ? b.p : "", b.n);
    sb_free(&b);
    term_t desc = term_cons(h, cstr_list(h, "syntax error before: "), term_cons(h, txt, NIL));
    term_t loc;
    if (t->anno == PARSE_ANNO_LINE || t->col == 0)
        loc = term_small(t->line);
    else
        loc = term_tuple2(h, term_small(t->line), term_small(t->col));
    return term_tuple3(h, loc, A.erl_parse, desc);
}

static _Noreturn void fail(parser *P)
{
    P->err = syntax_error_info(P->h, cur(P), P->text);
    longjmp(P->jb, 1);
}

static size_t expect(parser *P, int k)
{
    if (kind(P) != k)
        fail(P);
    return P->i++;
}

static void enter(parser *P)
{
    if (++P->depth > PARSE_MAX_DEPTH)
        fail_msg(P, parse_anno_location(anno(P, P->i)), "nesting too deep");
}
static void leave(parser *P) { P->depth--; }

static term_t deep_atom_msg(parser *P, const char *pre, term_t atom, const char *post)
{
    size_t base = P->nvs;
    for (const char *s = pre; *s; s++)
        vpush(P, term_small((unsigned char)*s));
    size_t n;
    lex_token lt;
    memset(&lt, 0, sizeof lt);
    lt.kind = LEX_ATOM;
    lt.text = atom_text(atom, &n);
    lt.len = n;
    size_t cap = 16 + 12 * (n + 1);
    char *buf = alloc_new(ALLOC_TEMP, cap);
    size_t k = lex_token_text(&lt, buf, cap);
    vpush(P, term_utf8_string(P->h, buf, k));
    alloc_free(ALLOC_TEMP, buf, cap);
    for (const char *s = post; *s; s++)
        vpush(P, term_small((unsigned char)*s));
    return vlist(P, base);
}

/* ---- leaves ------------------------------------------------------------------ */

static term_t token_integer(heap_t *h, const parse_token *t, const char *text)
{
    if (!(t->flags & PARSE_TOK_BIG))
        return term_int64(h, t->v.i);
    term_t v;
    if (!int_from_digits(h, text + t->off, t->len, t->base, (t->flags & PARSE_TOK_NEG) != 0, &v))
        return term_small(0);
    return v;
}

/* The abstract node a value token stands for: {var|atom|integer|char|
 * float|string, Anno, Value}. */
static term_t leaf(parser *P, size_t j)
{
    const parse_token *t = tok_at(P, j);
    term_t a = anno(P, j);
    switch (t->kind) {
    case LEX_VAR:
        return T3(P, ATOM_var, a, t->v.atom);
    case LEX_ATOM:
        return T3(P, ATOM_atom, a, t->v.atom);
    case LEX_INTEGER:
        return T3(P, ATOM_integer, a, token_integer(P->h, t, P->text));
    case LEX_CHAR:
        return T3(P, ATOM_char_, a, term_small(t->v.ch));
    case LEX_FLOAT:
        return T3(P, ATOM_float_, a, term_float(P->h, t->v.f));
    default:
        return T3(P, ATOM_string, a, term_utf8_string(P->h, P->text + t->off, t->len));
    }
}

/* strings -> string | string strings: adjacent strings joined. */
static term_t p_strings(parser *P)
{
    size_t first = P->i;
    if (kind_at(P, P->i + 1) != LEX_STRING) {
        P->i++;
        return leaf(P, first);
    }
    sbuf b = {0};
    while (kind(P) == LEX_STRING) {
        const parse_token *t = cur(P);
        sb_put(&b, P->text + t->off, t->len);
        P->i++;
    }
    term_t s = term_utf8_string(P->h, b.p, b.n);
    sb_free(&b);
    return T3(P, ATOM_string, anno(P, first), s);
}

/* ---- expressions ----------------------------------------------------------- */

static bool normalise(heap_t *h, term_t abs, bool farity, term_t *out);

static term_t p_expr(parser *P);
static term_t p_pat_expr(parser *P);
static term_t p_exprs(parser *P);
static term_t p_unary(parser *P, bool pat);
static term_t p_expr_max(parser *P);
static term_t p_pat_expr_max(parser *P);
static term_t p_top_type(parser *P);

/* Precedence and associativity of a binary operator token in an
 * expression (pat: a pattern, where '!', orelse, andalso are no operators);
 * 0 for any other token. */
static int binop_prec(int k, bool pat, int *assoc)
{
    switch (k) {
    case LEX_MATCH:
        *assoc = AS_RIGHT;
        return 100;
    case LEX_BANG:
        *assoc = AS_RIGHT;
        return pat ? 0 : 100;
    case LEX_KW_ORELSE:
        *assoc = AS_RIGHT;
        return pat ? 0 : 150;
    case LEX_KW_ANDALSO:
        *assoc = AS_RIGHT;
        return pat ? 0 : 160;
    case LEX_EQ: case LEX_NE: case LEX_LE: case LEX_LT: case LEX_GE: case LEX_GT:
    case LEX_EXACT_EQ: case LEX_EXACT_NE:
        *assoc = AS_NON;
        return 200;
    case LEX_PLUSPLUS: case LEX_MINUSMINUS:
        *assoc = AS_RIGHT;
        return 300;
    case LEX_PLUS: case LEX_MINUS: case LEX_KW_BOR: case LEX_KW_BXOR: case LEX_KW_BSL: case LEX_KW_BSR:
    case LEX_KW_OR: case LEX_KW_XOR:
        *assoc = AS_LEFT;
        return 400;
    case LEX_SLASH: case LEX_STAR: case LEX_KW_DIV: case LEX_KW_REM: case LEX_KW_BAND: case LEX_KW_AND:
        *assoc = AS_LEFT;
        return 500;
    default:
        return 0;
    }
}

static bool is_prefix_op(int k)
{
    return k == LEX_PLUS || k == LEX_MINUS || k == LEX_KW_BNOT || k == LEX_KW_NOT;
}

/* Reduces the operator on top of the stack with its two operands. */
static void reduce_binop(parser *P)
{
    size_t op = P->os[--P->nos];
    term_t r = vpop(P), l = vpop(P);
    int k = kind_at(P, op);
    if (k == LEX_MATCH)
        vpush(P, T4(P, ATOM_match, first_anno(P, l), l, r));
    else
        vpush(P, T5(P, ATOM_op, anno(P, op), A.kind[k], l, r));
}

/* expr (pat false) or pat_expr (pat true): operands joined by binary
 * operators, with yecc's precedence rules (nonassoc: an error at the
 * second operator). */
/* The rest of a binary-operator expression whose first operand is `lhs`:
 * operator precedence by two stacks. */
static term_t p_binexpr_rest(parser *P, term_t lhs, bool pat)
{
    size_t obase = P->nos;
    vpush(P, lhs);
    for (;;) {
        int assoc, prec = binop_prec(kind(P), pat, &assoc);
        if (!prec)
            break;
        while (P->nos > obase) {
            int ta, tp = binop_prec(kind_at(P, P->os[P->nos - 1]), pat, &ta);
            if (tp > prec || (tp == prec && assoc == AS_LEFT))
                reduce_binop(P);
            else
                break;
        }
        if (P->nos > obase && assoc == AS_NON) {
            int ta;
            if (binop_prec(kind_at(P, P->os[P->nos - 1]), pat, &ta) == prec)
                fail(P);
        }
        opush(P, P->i++);
        vpush(P, p_unary(P, pat));
    }
    while (P->nos > obase)
        reduce_binop(P);
    return vpop(P);
}

static term_t p_binexpr(parser *P, bool pat) { return p_binexpr_rest(P, p_unary(P, pat), pat); }
static term_t p_expr(parser *P) { return p_binexpr(P, false); }
static term_t p_pat_expr(parser *P) { return p_binexpr(P, true); }

/* exprs -> expr | expr ',' exprs */
static term_t p_exprs(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        vpush(P, p_expr(P));
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
    }
    return vlist(P, base);
}

/* argument_list -> '(' ')' | '(' exprs ')' */
static term_t p_args(parser *P)
{
    expect(P, LEX_LPAREN);
    if (kind(P) == LEX_RPAREN) {
        P->i++;
        return NIL;
    }
    term_t args = p_exprs(P);
    expect(P, LEX_RPAREN);
    return args;
}

/* pat_argument_list -> '(' ')' | '(' pat_exprs ')'; *lp: the '('. */
static term_t p_pat_args(parser *P, size_t *lp)
{
    *lp = expect(P, LEX_LPAREN);
    if (kind(P) == LEX_RPAREN) {
        P->i++;
        return NIL;
    }
    size_t base = P->nvs;
    for (;;) {
        vpush(P, p_pat_expr(P));
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
    }
    expect(P, LEX_RPAREN);
    return vlist(P, base);
}

/* guard -> exprs | exprs ';' guard */
static term_t p_guard(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        vpush(P, p_exprs(P));
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    return vlist(P, base);
}

/* clause_guard -> 'when' guard | '$empty' */
static term_t p_clause_guard(parser *P)
{
    if (kind(P) != LEX_KW_WHEN)
        return NIL;
    P->i++;
    return p_guard(P);
}

/* clause_body -> '->' exprs */
static term_t p_clause_body(parser *P)
{
    expect(P, LEX_RARROW);
    return p_exprs(P);
}

/* map_tuple -> '{' '}' | '{' map_fields '}' */
static term_t p_map_tuple(parser *P)
{
    expect(P, LEX_LBRACE);
    if (kind(P) == LEX_RBRACE) {
        P->i++;
        return NIL;
    }
    size_t base = P->nvs;
    for (;;) {
        term_t k = p_expr(P);
        int op = kind(P);
        if (op != LEX_ASSOC && op != LEX_COLONEQ)
            fail(P);
        size_t opi = P->i++;
        term_t v = p_expr(P);
        vpush(P, T4(P, op == LEX_ASSOC ? ATOM_map_field_assoc : ATOM_map_field_exact, anno(P, opi), k, v));
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
    }
    expect(P, LEX_RBRACE);
    return vlist(P, base);
}

/* record_tuple -> '{' '}' | '{' record_fields '}';
 * record_field -> var '=' expr | atom '=' expr */
static term_t p_record_tuple(parser *P)
{
    expect(P, LEX_LBRACE);
    if (kind(P) == LEX_RBRACE) {
        P->i++;
        return NIL;
    }
    size_t base = P->nvs;
    for (;;) {
        if (kind(P) != LEX_VAR && kind(P) != LEX_ATOM)
            fail(P);
        size_t f = P->i++;
        expect(P, LEX_MATCH);
        term_t v = p_expr(P);
        vpush(P, T4(P, ATOM_record_field, anno(P, f), leaf(P, f), v));
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
    }
    expect(P, LEX_RBRACE);
    return vlist(P, base);
}

enum { CH_NONE, CH_MAP, CH_RECORD };

/* After '#' atom: '.' atom (record_index / record_field) or record_tuple
 * (record / record update). `on` is the expression updated, or
 * THE_NON_VALUE for a creation. */
static term_t p_record_rest(parser *P, size_t hash, term_t on)
{
    size_t name = expect(P, LEX_ATOM);
    term_t rname = tok_at(P, name)->v.atom;
    if (kind(P) == LEX_PERIOD) {
        P->i++;
        size_t f = expect(P, LEX_ATOM);
        if (on == THE_NON_VALUE)
            return T4(P, ATOM_record_index, anno(P, hash), rname, leaf(P, f));
        return T5(P, ATOM_record_field, anno(P, hash), on, rname, leaf(P, f));
    }
    if (kind(P) != LEX_LBRACE)
        fail(P);
    term_t fields = p_record_tuple(P);
    if (on == THE_NON_VALUE)
        return T4(P, ATOM_record, anno(P, hash), rname, fields);
    return T5(P, ATOM_record, anno(P, hash), on, rname, fields);
}

/* map_expr '#' map_tuple and record_expr '#' atom ... chains: a map
 * expression continues only with maps, a record one only with records. */
static term_t p_chain(parser *P, term_t e, int state)
{
    while (kind(P) == LEX_HASH) {
        size_t hash = P->i++;
        if (kind(P) == LEX_LBRACE) {
            if (state == CH_RECORD)
                fail(P);
            term_t fields = p_map_tuple(P);
            e = T4(P, ATOM_map, anno(P, hash), e, fields);
            state = CH_MAP;
        } else if (kind(P) == LEX_ATOM) {
            if (state == CH_MAP)
                fail(P);
            e = p_record_rest(P, hash, e);
            state = CH_RECORD;
        } else {
            fail(P);
        }
    }
    return e;
}

/* '#' at the start of an expression or pattern: a map or a record. */
static term_t p_hash(parser *P, bool pat)
{
    size_t hash = P->i++;
    term_t e;
    int state;
    if (kind(P) == LEX_LBRACE) {
        e = T3(P, ATOM_map, anno(P, hash), p_map_tuple(P));
        state = CH_MAP;
    } else if (kind(P) == LEX_ATOM) {
        e = p_record_rest(P, hash, THE_NON_VALUE);
        state = CH_RECORD;
    } else {
        fail(P);
    }
    return pat ? e : p_chain(P, e, state);
}

/* After an expr_max: remote, call, map and record chains. */
static term_t p_postfix1(parser *P, term_t e)
{
    switch (kind(P)) {
    case LEX_COLON: {
        size_t c = P->i++;
        term_t f = p_expr_max(P);
        term_t r = T4(P, ATOM_remote, anno(P, c), e, f);
        if (kind(P) != LEX_LPAREN)
            return r;
        term_t args = p_args(P);
        return T4(P, ATOM_call, first_anno(P, r), r, args);
    }
    case LEX_LPAREN: {
        term_t args = p_args(P);
        return T4(P, ATOM_call, first_anno(P, e), e, args);
    }
    case LEX_HASH:
        return p_chain(P, e, CH_NONE);
    default:
        return e;
    }
}

static term_t p_postfix(parser *P, term_t e)
{
    int k = kind(P);
    if (k != LEX_COLON && k != LEX_LPAREN && k != LEX_HASH)
        return e;
    enter(P);
    e = p_postfix1(P, e);
    leave(P);
    return e;
}

static term_t p_unary(parser *P, bool pat)
{
    term_t e;
    int k = kind(P);
    if (!pat && k == LEX_KW_CATCH) {
        enter(P);
        size_t c = P->i++;
        term_t x = p_expr(P);
        e = T3(P, ATOM_catch_, anno(P, c), x);
        leave(P);
    } else if (is_prefix_op(k)) {
        enter(P);
        size_t op = P->i++;
        term_t x = p_unary(P, pat);
        e = T4(P, ATOM_op, anno(P, op), A.kind[k], x);
        leave(P);
    } else if (k == LEX_HASH) {
        enter(P);
        e = p_hash(P, pat);
        leave(P);
    } else if (pat) {
        e = p_pat_expr_max(P);
    } else {
        e = p_postfix(P, p_expr_max(P));
    }
    return e;
}

/* lc_exprs -> lc_expr | lc_expr ',' lc_exprs;
 * lc_expr -> expr | expr '<-' expr | binary '<=' expr */
static term_t p_lc_exprs(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        size_t start = P->i;
        term_t e = p_expr(P);
        if (kind(P) == LEX_LARROW) {
            size_t a = P->i++;
            term_t r = p_expr(P);
            e = T4(P, ATOM_generate, anno(P, a), e, r);
        } else if (kind(P) == LEX_LDARROW && kind_at(P, start) == LEX_LTLT && tag_is(e, ATOM_bin)) {
            size_t a = P->i++;
            term_t r = p_expr(P);
            e = T4(P, ATOM_b_generate, anno(P, a), e, r);
        }
        vpush(P, e);
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
    }
    return vlist(P, base);
}

/* list -> '[' ']' | '[' expr tail; list_comprehension (not in patterns). */
static term_t p_list(parser *P, bool pat)
{
    size_t lb = P->i++;
    if (kind(P) == LEX_RBRACKET) {
        P->i++;
        return T2(P, ATOM_nil, anno(P, lb));
    }
    term_t first = p_expr(P);
    if (!pat && kind(P) == LEX_BARBAR) {
        P->i++;
        term_t quals = p_lc_exprs(P);
        expect(P, LEX_RBRACKET);
        return T4(P, ATOM_lc, anno(P, lb), first, quals);
    }
    size_t base = P->nvs;
    term_t tail;
    for (;;) {
        if (kind(P) == LEX_RBRACKET) {
            tail = T2(P, ATOM_nil, anno(P, P->i));
            P->i++;
            break;
        }
        if (kind(P) == LEX_BAR) {
            P->i++;
            tail = p_expr(P);
            expect(P, LEX_RBRACKET);
            break;
        }
        if (kind(P) != LEX_COMMA)
            fail(P);
        P->i++;
        vpush(P, p_expr(P));
    }
    while (P->nvs > base) {
        term_t e = vpop(P);
        tail = T4(P, ATOM_cons, first_anno(P, e), e, tail);
    }
    return T4(P, ATOM_cons, anno(P, lb), first, tail);
}

/* bit_expr -> prefix_op expr_max | expr_max, then the size and types. */
static term_t p_bin_element(parser *P, term_t value)
{
    term_t size = ATOM_default_, types = ATOM_default_;
    if (kind(P) == LEX_COLON) {
        P->i++;
        size = p_expr_max(P);
    }
    if (kind(P) == LEX_SLASH) {
        P->i++;
        size_t base = P->nvs;
        for (;;) {
            size_t a = expect(P, LEX_ATOM);
            term_t t = tok_at(P, a)->v.atom;
            if (kind(P) == LEX_COLON) {
                P->i++;
                size_t u = expect(P, LEX_INTEGER);
                t = T2(P, t, token_integer(P->h, tok_at(P, u), P->text));
            }
            vpush(P, t);
            if (kind(P) != LEX_MINUS)
                break;
            P->i++;
        }
        types = vlist(P, base);
    }
    return T5(P, ATOM_bin_element, first_anno(P, value), value, size, types);
}

static term_t p_bit_expr(parser *P)
{
    if (is_prefix_op(kind(P))) {
        size_t op = P->i++;
        term_t x = p_expr_max(P);
        return T4(P, ATOM_op, anno(P, op), A.kind[kind_at(P, op)], x);
    }
    return p_expr_max(P);
}

/* binary -> '<<' '>>' | '<<' bin_elements '>>'; binary_comprehension
 * -> '<<' expr_max '||' lc_exprs '>>' (not in patterns). */
static term_t p_binary(parser *P, bool pat)
{
    size_t lb = P->i++;
    if (kind(P) == LEX_GTGT) {
        P->i++;
        return T3(P, ATOM_bin, anno(P, lb), NIL);
    }
    size_t base = P->nvs;
    bool prefixed = is_prefix_op(kind(P));
    term_t v = p_bit_expr(P);
    if (!pat && !prefixed && kind(P) == LEX_BARBAR) {
        P->i++;
        term_t quals = p_lc_exprs(P);
        expect(P, LEX_GTGT);
        return T4(P, ATOM_bc, anno(P, lb), v, quals);
    }
    for (;;) {
        vpush(P, p_bin_element(P, v));
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
        v = p_bit_expr(P);
    }
    expect(P, LEX_GTGT);
    return T3(P, ATOM_bin, anno(P, lb), vlist(P, base));
}

/* tuple -> '{' '}' | '{' exprs '}' */
static term_t p_tuple(parser *P)
{
    size_t lb = P->i++;
    if (kind(P) == LEX_RBRACE) {
        P->i++;
        return T3(P, ATOM_tuple, anno(P, lb), NIL);
    }
    term_t es = p_exprs(P);
    expect(P, LEX_RBRACE);
    return T3(P, ATOM_tuple, anno(P, lb), es);
}

/* cr_clauses -> cr_clause | cr_clause ';' cr_clauses;
 * cr_clause -> expr clause_guard clause_body */
static term_t p_cr_clauses(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        term_t e = p_expr(P);
        term_t g = p_clause_guard(P);
        term_t b = p_clause_body(P);
        vpush(P, T5(P, ATOM_clause, first_anno(P, e), term_cons(P->h, e, NIL), g, b));
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    return vlist(P, base);
}

static term_t p_if(parser *P)
{
    size_t kw = P->i++;
    size_t base = P->nvs;
    for (;;) {
        term_t g = p_guard(P);
        term_t b = p_clause_body(P);
        term_t a = first_anno(P, list_head(list_head(g)));
        vpush(P, T5(P, ATOM_clause, a, NIL, g, b));
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    term_t cs = vlist(P, base);
    expect(P, LEX_KW_END);
    return T3(P, ATOM_if_, anno(P, kw), cs);
}

static term_t p_case(parser *P)
{
    size_t kw = P->i++;
    term_t e = p_expr(P);
    expect(P, LEX_KW_OF);
    term_t cs = p_cr_clauses(P);
    expect(P, LEX_KW_END);
    return T4(P, ATOM_case_, anno(P, kw), e, cs);
}

static term_t p_receive(parser *P)
{
    size_t kw = P->i++;
    term_t cs = NIL;
    if (kind(P) != LEX_KW_AFTER)
        cs = p_cr_clauses(P);
    if (kind(P) == LEX_KW_AFTER) {
        P->i++;
        term_t t = p_expr(P);
        term_t b = p_clause_body(P);
        expect(P, LEX_KW_END);
        return T5(P, ATOM_receive_, anno(P, kw), cs, t, b);
    }
    expect(P, LEX_KW_END);
    return T3(P, ATOM_receive_, anno(P, kw), cs);
}

/* fun_expr -> 'fun' atom '/' integer | 'fun' atom_or_var ':' atom_or_var
 * '/' integer_or_var | 'fun' fun_clauses 'end' */
static term_t p_fun(parser *P)
{
    size_t kw = P->i++;
    int k = kind(P);
    if ((k == LEX_ATOM || k == LEX_VAR) && kind_at(P, P->i + 1) == LEX_COLON) {
        size_t m = P->i;
        P->i += 2;
        if (kind(P) != LEX_ATOM && kind(P) != LEX_VAR)
            fail(P);
        size_t f = P->i++;
        expect(P, LEX_SLASH);
        if (kind(P) != LEX_INTEGER && kind(P) != LEX_VAR)
            fail(P);
        size_t a = P->i++;
        term_t fn = T4(P, ATOM_function, leaf(P, m), leaf(P, f), leaf(P, a));
        return T3(P, ATOM_fun_, anno(P, kw), fn);
    }
    if (k == LEX_ATOM) {
        size_t f = P->i++;
        expect(P, LEX_SLASH);
        size_t a = expect(P, LEX_INTEGER);
        term_t fn = T3(P, ATOM_function, tok_at(P, f)->v.atom, token_integer(P->h, tok_at(P, a), P->text));
        return T3(P, ATOM_fun_, anno(P, kw), fn);
    }
    if (k == LEX_VAR && kind_at(P, P->i + 1) != LEX_LPAREN) {
        P->i++;
        fail(P);
    }
    /* fun_clauses: each clause pushes its name atom, then the clause. */
    size_t base = P->nvs;
    for (;;) {
        term_t name, ca;
        size_t lp;
        if (kind(P) == LEX_VAR) {
            size_t v = P->i++;
            name = tok_at(P, v)->v.atom;
            ca = anno(P, v);
            if (kind(P) != LEX_LPAREN)
                fail(P);
        } else if (kind(P) == LEX_LPAREN) {
            name = A.fun_;
            ca = THE_NON_VALUE;
        } else {
            fail(P);
        }
        term_t args = p_pat_args(P, &lp);
        if (ca == THE_NON_VALUE)
            ca = anno(P, lp);
        term_t g = p_clause_guard(P);
        term_t b = p_clause_body(P);
        vpush(P, name);
        vpush(P, T5(P, ATOM_clause, ca, args, g, b));
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    expect(P, LEX_KW_END);
    /* build_fun: every clause has the first one's name and arity. */
    term_t name = P->vs[base];
    int64_t arity = list_length(tuple_get(P->vs[base + 1], 2));
    size_t nc = (P->nvs - base) / 2;
    for (size_t c = 0; c < nc; c++) {
        term_t cl = P->vs[base + 2 * c + 1];
        if (P->vs[base + 2 * c] != name || list_length(tuple_get(cl, 2)) != arity)
            fail_msg(P, parse_anno_location(tuple_get(cl, 1)), "head mismatch");
        P->vs[base + c] = cl;
    }
    P->nvs = base + nc;
    term_t cs = vlist(P, base);
    if (name == A.fun_)
        return T3(P, ATOM_fun_, anno(P, kw), T2(P, A.clauses, cs));
    return T4(P, ATOM_named_fun, anno(P, kw), name, cs);
}

/* try_clause -> pat_expr clause_guard clause_body
 *             | atom|var ':' pat_expr try_opt_stacktrace clause_guard clause_body */
static term_t p_try_clauses(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        int k = kind(P);
        term_t clause;
        if ((k == LEX_ATOM || k == LEX_VAR) && kind_at(P, P->i + 1) == LEX_COLON) {
            size_t c = P->i;
            P->i += 2;
            term_t cls = leaf(P, c);
            term_t p = p_pat_expr(P);
            term_t st = THE_NON_VALUE;
            if (kind(P) == LEX_COLON) {
                P->i++;
                size_t v = expect(P, LEX_VAR);
                st = leaf(P, v);
            }
            term_t g = p_clause_guard(P);
            term_t b = p_clause_body(P);
            term_t a = anno(P, c);
            if (st == THE_NON_VALUE)
                st = T3(P, ATOM_var, last_anno_ws(P->h, &P->ws, p), A.underscore);
            term_t elems[3] = {cls, p, st};
            term_t tup = T3(P, ATOM_tuple, a, term_list_from(P->h, elems, 3, NIL));
            clause = T5(P, ATOM_clause, a, term_cons(P->h, tup, NIL), g, b);
        } else {
            term_t p = p_pat_expr(P);
            term_t g = p_clause_guard(P);
            term_t b = p_clause_body(P);
            term_t a = first_anno(P, p);
            term_t az = last_anno_ws(P->h, &P->ws, p);
            term_t elems[3] = {T3(P, ATOM_atom, a, A.throw_), p, T3(P, ATOM_var, az, A.underscore)};
            term_t tup = T3(P, ATOM_tuple, a, term_list_from(P->h, elems, 3, NIL));
            clause = T5(P, ATOM_clause, a, term_cons(P->h, tup, NIL), g, b);
        }
        vpush(P, clause);
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    return vlist(P, base);
}

static term_t p_try(parser *P)
{
    size_t kw = P->i++;
    term_t es = p_exprs(P);
    term_t scs = NIL, ccs = NIL, as = NIL;
    if (kind(P) == LEX_KW_OF) {
        P->i++;
        scs = p_cr_clauses(P);
    }
    if (kind(P) == LEX_KW_CATCH) {
        P->i++;
        ccs = p_try_clauses(P);
        if (kind(P) == LEX_KW_AFTER) {
            P->i++;
            as = p_exprs(P);
        }
        expect(P, LEX_KW_END);
    } else if (kind(P) == LEX_KW_AFTER) {
        P->i++;
        as = p_exprs(P);
        expect(P, LEX_KW_END);
    } else {
        fail(P);
    }
    return T6(P, ATOM_try_, anno(P, kw), es, scs, ccs, as);
}

/* expr_max (expressions' primaries). */
static term_t p_expr_max(parser *P)
{
    enter(P);
    term_t e;
    switch (kind(P)) {
    case LEX_VAR:
    case LEX_CHAR:
    case LEX_INTEGER:
    case LEX_FLOAT:
    case LEX_ATOM:
        e = leaf(P, P->i++);
        break;
    case LEX_STRING:
        e = p_strings(P);
        break;
    case LEX_LBRACKET:
        e = p_list(P, false);
        break;
    case LEX_LTLT:
        e = p_binary(P, false);
        break;
    case LEX_LBRACE:
        e = p_tuple(P);
        break;
    case LEX_LPAREN:
        P->i++;
        e = p_expr(P);
        expect(P, LEX_RPAREN);
        break;
    case LEX_KW_BEGIN: {
        size_t kw = P->i++;
        term_t es = p_exprs(P);
        expect(P, LEX_KW_END);
        e = T3(P, ATOM_block, anno(P, kw), es);
        break;
    }
    case LEX_KW_IF:
        e = p_if(P);
        break;
    case LEX_KW_CASE:
        e = p_case(P);
        break;
    case LEX_KW_RECEIVE:
        e = p_receive(P);
        break;
    case LEX_KW_FUN:
        e = p_fun(P);
        break;
    case LEX_KW_TRY:
        e = p_try(P);
        break;
    default:
        fail(P);
    }
    leave(P);
    return e;
}

/* pat_expr_max: var, atomic, list, binary, tuple, '(' pat_expr ')'. */
static term_t p_pat_expr_max1(parser *P)
{
    term_t e;
    switch (kind(P)) {
    case LEX_VAR:
    case LEX_CHAR:
    case LEX_INTEGER:
    case LEX_FLOAT:
    case LEX_ATOM:
        return leaf(P, P->i++);
    case LEX_STRING:
        return p_strings(P);
    case LEX_LBRACKET:
        return p_list(P, true);
    case LEX_LTLT:
        return p_binary(P, true);
    case LEX_LBRACE:
        return p_tuple(P);
    case LEX_LPAREN:
        P->i++;
        e = p_pat_expr(P);
        expect(P, LEX_RPAREN);
        return e;
    default:
        fail(P);
    }
}

static term_t p_pat_expr_max(parser *P)
{
    enter(P);
    term_t e = p_pat_expr_max1(P);
    leave(P);
    return e;
}

/* ---- types -------------------------------------------------------------------- */

/* Precedence of a binary type operator: '..' 200 nonassoc, add_op 400,
 * mult_op 500 (left); 0 for other tokens. */
static int type_prec(int k, int *assoc)
{
    if (k == LEX_DOTDOT) {
        *assoc = AS_NON;
        return 200;
    }
    int p = binop_prec(k, false, assoc);
    return p == 400 || p == 500 ? p : 0;
}

static term_t p_type_unary(parser *P);

static void reduce_type_op(parser *P)
{
    size_t op = P->os[--P->nos];
    term_t r = vpop(P), l = vpop(P);
    int k = kind_at(P, op);
    if (k == LEX_DOTDOT) {
        term_t two[2] = {l, r};
        vpush(P, T4(P, ATOM_type, tuple_get(l, 1), A.range, term_list_from(P->h, two, 2, NIL)));
    } else {
        vpush(P, T5(P, ATOM_op, anno(P, op), A.kind[k], l, r));
    }
}

/* type with its binary operators. */
static term_t p_type(parser *P)
{
    size_t obase = P->nos;
    vpush(P, p_type_unary(P));
    for (;;) {
        int assoc, prec = type_prec(kind(P), &assoc);
        if (!prec)
            break;
        while (P->nos > obase) {
            int ta, tp = type_prec(kind_at(P, P->os[P->nos - 1]), &ta);
            if (tp > prec || (tp == prec && assoc == AS_LEFT))
                reduce_type_op(P);
            else
                break;
        }
        if (P->nos > obase && assoc == AS_NON) {
            int ta;
            if (type_prec(kind_at(P, P->os[P->nos - 1]), &ta) == prec)
                fail(P);
        }
        opush(P, P->i++);
        vpush(P, p_type_unary(P));
    }
    while (P->nos > obase)
        reduce_type_op(P);
    return vpop(P);
}

/* top_types -> top_type | top_type ',' top_types */
static term_t p_top_types(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        vpush(P, p_top_type(P));
        if (kind(P) != LEX_COMMA)
            break;
        P->i++;
    }
    return vlist(P, base);
}

/* top_type -> var '::' top_type | type '|' top_type | type; unions are
 * lifted as lift_unions/2 does (a union on the right is flattened). */
static term_t p_top_type(parser *P)
{
    term_t r;
    if (kind(P) == LEX_VAR && kind_at(P, P->i + 1) == LEX_COLONCOLON) {
        enter(P);
        size_t v = P->i;
        P->i += 2;
        term_t var = leaf(P, v);
        term_t t = p_top_type(P);
        term_t two[2] = {var, t};
        r = T3(P, A.ann_type, anno(P, v), term_list_from(P->h, two, 2, NIL));
        leave(P);
        return r;
    }
    size_t base = P->nvs;
    vpush(P, p_type(P));
    while (kind(P) == LEX_BAR) {
        P->i++;
        if (kind(P) == LEX_VAR && kind_at(P, P->i + 1) == LEX_COLONCOLON) {
            vpush(P, p_top_type(P));
            break;
        }
        vpush(P, p_type(P));
    }
    if (P->nvs - base == 1) {
        r = vpop(P);
    } else {
        term_t last = vpop(P);
        term_t tail;
        if (tag_is(last, ATOM_type) && tuple_arity(last) == 4 && tuple_get(last, 2) == A.union_)
            tail = tuple_get(last, 3);
        else
            tail = term_cons(P->h, last, NIL);
        term_t t0 = P->vs[base];
        tail = term_list_from(P->h, P->vs + base, P->nvs - base, tail);
        P->nvs = base;
        r = T4(P, ATOM_type, first_anno(P, t0), A.union_, tail);
    }
    return r;
}

/* erl_internal:is_type/2 */
static bool is_builtin_type(term_t name, int64_t arity)
{
    static const char *const zero[] = {
        "any", "arity", "atom", "binary", "bitstring", "bool", "boolean", "byte", "char", "float",
        "function", "identifier", "integer", "iodata", "iolist", "list", "map", "maybe_improper_list",
        "mfa", "module", "neg_integer", "nil", "no_return", "node", "non_neg_integer", "none",
        "nonempty_binary", "nonempty_bitstring", "nonempty_list", "nonempty_maybe_improper_list",
        "nonempty_string", "number", "pid", "port", "pos_integer", "reference", "string", "term",
        "timeout", "tuple"};
    size_t n;
    const char *s = atom_text(name, &n);
    if (arity == 0) {
        for (size_t k = 0; k < sizeof zero / sizeof zero[0]; k++)
            if (strlen(zero[k]) == n && memcmp(zero[k], s, n) == 0)
                return true;
        return false;
    }
    if (arity == 1)
        return (n == 4 && memcmp(s, "list", 4) == 0) || (n == 13 && memcmp(s, "nonempty_list", 13) == 0);
    if (arity == 2)
        return (n == 19 && memcmp(s, "maybe_improper_list", 19) == 0) ||
               (n == 22 && memcmp(s, "nonempty_improper_list", 22) == 0) ||
               (n == 28 && memcmp(s, "nonempty_maybe_improper_list", 28) == 0);
    return false;
}

/* fun_type -> '(' '...' ')' '->' top_type | '(' ')' '->' top_type
 *           | '(' top_types ')' '->' top_type */
static term_t p_fun_type(parser *P)
{
    size_t lp = expect(P, LEX_LPAREN);
    term_t a = anno(P, lp);
    term_t args;
    if (kind(P) == LEX_ELLIPSIS) {
        P->i++;
        expect(P, LEX_RPAREN);
        expect(P, LEX_RARROW);
        term_t t = p_top_type(P);
        term_t two[2] = {T3(P, ATOM_type, a, A.any), t};
        return T4(P, ATOM_type, a, ATOM_fun_, term_list_from(P->h, two, 2, NIL));
    }
    if (kind(P) == LEX_RPAREN) {
        P->i++;
        args = NIL;
    } else {
        args = p_top_types(P);
        expect(P, LEX_RPAREN);
    }
    expect(P, LEX_RARROW);
    term_t t = p_top_type(P);
    term_t two[2] = {T4(P, ATOM_type, a, A.product, args), t};
    return T4(P, ATOM_type, a, ATOM_fun_, term_list_from(P->h, two, 2, NIL));
}

/* build_bin_type(Vars, Type): every variable must be '_'. */
static void check_bin_type_var(parser *P, size_t v)
{
    if (tok_at(P, v)->v.atom != A.underscore)
        fail_msg(P, parse_anno_location(anno(P, v)), "Bad binary type");
}

/* binary_type after '<<'. */
static term_t p_binary_type(parser *P)
{
    size_t lb = P->i++;
    term_t a = anno(P, lb);
    term_t zero = T3(P, ATOM_integer, term_small(tok_at(P, lb)->line), term_small(0));
    term_t base_t = zero, unit_t = zero;
    if (kind(P) == LEX_GTGT) {
        P->i++;
    } else {
        size_t v1 = expect(P, LEX_VAR);
        expect(P, LEX_COLON);
        if (kind(P) == LEX_VAR && kind_at(P, P->i + 1) == LEX_STAR) {
            size_t v2 = P->i;
            P->i += 2;
            unit_t = p_type(P);
            check_bin_type_var(P, v1);
            check_bin_type_var(P, v2);
        } else {
            base_t = p_type(P);
            check_bin_type_var(P, v1);
            if (kind(P) == LEX_COMMA) {
                P->i++;
                size_t w1 = expect(P, LEX_VAR);
                expect(P, LEX_COLON);
                size_t w2 = expect(P, LEX_VAR);
                expect(P, LEX_STAR);
                unit_t = p_type(P);
                check_bin_type_var(P, w1);
                check_bin_type_var(P, w2);
            }
        }
        expect(P, LEX_GTGT);
    }
    term_t two[2] = {base_t, unit_t};
    return T4(P, ATOM_type, a, ATOM_binary, term_list_from(P->h, two, 2, NIL));
}

static term_t p_type_primary(parser *P)
{
    size_t s = P->i;
    term_t a, t;
    switch (kind(P)) {
    case LEX_LPAREN:
        P->i++;
        t = p_top_type(P);
        expect(P, LEX_RPAREN);
        return t;
    case LEX_VAR:
    case LEX_INTEGER:
    case LEX_CHAR:
        return leaf(P, P->i++);
    case LEX_ATOM: {
        P->i++;
        term_t name = tok_at(P, s)->v.atom;
        a = anno(P, s);
        if (kind(P) == LEX_LPAREN) {
            P->i++;
            if (kind(P) == LEX_RPAREN) {
                P->i++;
                if (name == ATOM_tuple || name == ATOM_map)
                    return T4(P, ATOM_type, a, name, A.any);
                return T4(P, is_builtin_type(name, 0) ? ATOM_type : A.user_type, a, name, NIL);
            }
            term_t ts = p_top_types(P);
            expect(P, LEX_RPAREN);
            return T4(P, is_builtin_type(name, list_length(ts)) ? ATOM_type : A.user_type, a, name, ts);
        }
        if (kind(P) == LEX_COLON) {
            P->i++;
            size_t b = expect(P, LEX_ATOM);
            expect(P, LEX_LPAREN);
            term_t ts = NIL;
            if (kind(P) != LEX_RPAREN)
                ts = p_top_types(P);
            expect(P, LEX_RPAREN);
            term_t three[3] = {leaf(P, s), leaf(P, b), ts};
            return T3(P, A.remote_type, a, term_list_from(P->h, three, 3, NIL));
        }
        return leaf(P, s);
    }
    case LEX_LBRACKET:
        P->i++;
        a = anno(P, s);
        if (kind(P) == LEX_RBRACKET) {
            P->i++;
            return T4(P, ATOM_type, a, A.nil_type, NIL);
        }
        t = p_top_type(P);
        if (kind(P) == LEX_RBRACKET) {
            P->i++;
            return T4(P, ATOM_type, a, A.list, term_cons(P->h, t, NIL));
        }
        expect(P, LEX_COMMA);
        expect(P, LEX_ELLIPSIS);
        expect(P, LEX_RBRACKET);
        return T4(P, ATOM_type, a, A.nonempty_list, term_cons(P->h, t, NIL));
    case LEX_HASH:
        P->i++;
        a = anno(P, s);
        if (kind(P) == LEX_LBRACE) {
            P->i++;
            if (kind(P) == LEX_RBRACE) {
                P->i++;
                return T4(P, ATOM_type, a, ATOM_map, NIL);
            }
            size_t base = P->nvs;
            for (;;) {
                term_t k = p_top_type(P);
                int op = kind(P);
                if (op != LEX_ASSOC && op != LEX_COLONEQ)
                    fail(P);
                size_t opi = P->i++;
                term_t v = p_top_type(P);
                term_t two[2] = {k, v};
                vpush(P, T4(P, ATOM_type, anno(P, opi), op == LEX_ASSOC ? ATOM_map_field_assoc : ATOM_map_field_exact,
                            term_list_from(P->h, two, 2, NIL)));
                if (kind(P) != LEX_COMMA)
                    break;
                P->i++;
            }
            expect(P, LEX_RBRACE);
            return T4(P, ATOM_type, a, ATOM_map, vlist(P, base));
        }
        if (kind(P) == LEX_ATOM) {
            size_t r = P->i++;
            expect(P, LEX_LBRACE);
            size_t base = P->nvs;
            vpush(P, leaf(P, r));
            if (kind(P) != LEX_RBRACE) {
                for (;;) {
                    size_t f = expect(P, LEX_ATOM);
                    expect(P, LEX_COLONCOLON);
                    term_t ft = p_top_type(P);
                    term_t two[2] = {leaf(P, f), ft};
                    vpush(P, T4(P, ATOM_type, anno(P, f), A.field_type, term_list_from(P->h, two, 2, NIL)));
                    if (kind(P) != LEX_COMMA)
                        break;
                    P->i++;
                }
            }
            expect(P, LEX_RBRACE);
            return T4(P, ATOM_type, a, ATOM_record, vlist(P, base));
        }
        fail(P);
    case LEX_LBRACE:
        P->i++;
        a = anno(P, s);
        if (kind(P) == LEX_RBRACE) {
            P->i++;
            return T4(P, ATOM_type, a, ATOM_tuple, NIL);
        }
        t = p_top_types(P);
        expect(P, LEX_RBRACE);
        return T4(P, ATOM_type, a, ATOM_tuple, t);
    case LEX_LTLT:
        return p_binary_type(P);
    case LEX_KW_FUN:
        P->i++;
        a = anno(P, s);
        expect(P, LEX_LPAREN);
        if (kind(P) == LEX_RPAREN) {
            P->i++;
            return T4(P, ATOM_type, a, ATOM_fun_, NIL);
        }
        t = p_fun_type(P);
        expect(P, LEX_RPAREN);
        return t;
    default:
        fail(P);
    }
}

static term_t p_type_unary(parser *P)
{
    enter(P);
    term_t t;
    int k = kind(P);
    if (is_prefix_op(k)) {
        size_t op = P->i++;
        term_t x = p_type_unary(P);
        t = T4(P, ATOM_op, anno(P, op), A.kind[k], x);
    } else {
        t = p_type_primary(P);
    }
    leave(P);
    return t;
}

/* ---- specs ------------------------------------------------------------------ */

/* type_guard -> atom '(' top_types ')' | var '::' top_type */
static term_t p_type_guard(parser *P)
{
    size_t s = P->i;
    if (kind(P) == LEX_ATOM) {
        P->i++;
        expect(P, LEX_LPAREN);
        term_t ts = p_top_types(P);
        expect(P, LEX_RPAREN);
        /* build_compat_constraint */
        term_t name = tok_at(P, s)->v.atom;
        if (name == A.is_subtype && list_length(ts) == 2) {
            term_t lhs = list_head(ts), type = list_head(list_tail(ts));
            if (!tag_is(lhs, ATOM_var))
                fail_abstr(P, lhs, "bad type variable");
            if (tuple_get(lhs, 2) == A.underscore)
                fail_msg(P, parse_anno_location(tuple_get(lhs, 1)), "bad type variable");
            term_t fa = first_anno(P, lhs);
            term_t two[2] = {lhs, type};
            term_t args[2] = {T3(P, ATOM_atom, fa, A.is_subtype), term_list_from(P->h, two, 2, NIL)};
            return T4(P, ATOM_type, fa, A.constraint, term_list_from(P->h, args, 2, NIL));
        }
        fail_desc(P, parse_anno_location(anno(P, s)), deep_atom_msg(P, "unsupported constraint ", name, ""));
    }
    size_t v = expect(P, LEX_VAR);
    expect(P, LEX_COLONCOLON);
    term_t type = p_top_type(P);
    /* build_constraint */
    term_t lhs = leaf(P, v);
    if (tok_at(P, v)->v.atom == A.underscore)
        fail_msg(P, parse_anno_location(anno(P, v)), "bad type variable");
    term_t fa = first_anno(P, lhs);
    term_t two[2] = {lhs, type};
    term_t args[2] = {T3(P, ATOM_atom, fa, A.is_subtype), term_list_from(P->h, two, 2, NIL)};
    return T4(P, ATOM_type, fa, A.constraint, term_list_from(P->h, args, 2, NIL));
}

/* type_sigs -> type_sig | type_sig ';' type_sigs;
 * type_sig -> fun_type | fun_type 'when' type_guards */
static term_t p_type_sigs(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        term_t ft = p_fun_type(P);
        if (kind(P) == LEX_KW_WHEN) {
            P->i++;
            size_t gbase = P->nvs;
            for (;;) {
                vpush(P, p_type_guard(P));
                if (kind(P) != LEX_COMMA)
                    break;
                P->i++;
            }
            term_t gs = vlist(P, gbase);
            term_t two[2] = {ft, gs};
            ft = T4(P, ATOM_type, tuple_get(ft, 1), A.bounded_fun, term_list_from(P->h, two, 2, NIL));
        }
        vpush(P, ft);
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    return vlist(P, base);
}

/* attribute -> '-' 'spec' type_spec | '-' 'callback' type_spec. */
static term_t p_spec(parser *P)
{
    size_t kw = P->i++;
    term_t what = tok_at(P, kw)->v.atom;
    bool paren = kind(P) == LEX_LPAREN;
    if (paren)
        P->i++;
    size_t m = expect(P, LEX_ATOM), f = m;
    bool remote = false;
    if (kind(P) == LEX_COLON) {
        P->i++;
        f = expect(P, LEX_ATOM);
        remote = true;
    }
    term_t sigs = p_type_sigs(P);
    if (paren)
        expect(P, LEX_RPAREN);
    /* find_arity_from_specs: the first signature's argument count. */
    term_t ft = list_head(sigs);
    if (tuple_get(ft, 2) == A.bounded_fun)
        ft = list_head(tuple_get(ft, 3));
    term_t prod = list_head(tuple_get(ft, 3));
    if (tuple_get(prod, 2) != A.product) /* erl_parse crashes here */
        fail_bad_decl(P, T3(P, ATOM_atom, anno(P, kw), what), what);
    term_t arity = term_small(list_length(tuple_get(prod, 3)));
    term_t fa;
    if (remote)
        fa = T3(P, tok_at(P, m)->v.atom, tok_at(P, f)->v.atom, arity);
    else
        fa = T2(P, tok_at(P, f)->v.atom, arity);
    return T4(P, ATOM_attribute, anno(P, kw), what, T2(P, fa, sigs));
}

/* ---- attributes ---------------------------------------------------------------- */

/* farity_list/1 */
static term_t farity_list(parser *P, term_t l)
{
    size_t base = P->nvs;
    for (;;) {
        if (tag_is(l, ATOM_nil))
            return vlist(P, base);
        if (!tag_is(l, ATOM_cons))
            fail_abstr(P, l, "bad Name/Arity");
        term_t h = tuple_get(l, 2);
        if (!tag_is(h, ATOM_op) || tuple_arity(h) != 5 || tuple_get(h, 2) != A.kind[LEX_SLASH])
            fail_abstr(P, l, "bad Name/Arity");
        term_t name = tuple_get(h, 3), ar = tuple_get(h, 4);
        if (!tag_is(name, ATOM_atom))
            fail_abstr(P, name, "bad function name");
        if (!tag_is(ar, ATOM_integer))
            fail_abstr(P, ar, "bad function arity");
        vpush(P, T2(P, tuple_get(name, 2), tuple_get(ar, 2)));
        l = tuple_get(l, 3);
    }
}

/* var_list/1 */
static term_t var_list(parser *P, term_t l)
{
    size_t base = P->nvs;
    for (;;) {
        if (tag_is(l, ATOM_nil))
            return vlist(P, base);
        if (!tag_is(l, ATOM_cons) || !tag_is(tuple_get(l, 2), ATOM_var))
            fail_abstr(P, l, "bad variable list");
        vpush(P, tuple_get(tuple_get(l, 2), 2));
        l = tuple_get(l, 3);
    }
}

/* record_tuple/1 and record_fields/1 */
static term_t record_fields(parser *P, term_t tup)
{
    if (!tag_is(tup, ATOM_tuple))
        fail_abstr(P, tup, "bad record declaration");
    size_t base = P->nvs;
    for (term_t l = tuple_get(tup, 2); term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l), type = THE_NON_VALUE;
        if (tag_is(f, A.typed) && tuple_arity(f) == 3) {
            type = tuple_get(f, 2);
            f = tuple_get(f, 1);
        }
        term_t field;
        if (tag_is(f, ATOM_atom)) {
            term_t a = tuple_get(f, 1);
            field = T3(P, ATOM_record_field, a, T3(P, ATOM_atom, a, tuple_get(f, 2)));
        } else if (tag_is(f, ATOM_match) && tag_is(tuple_get(f, 2), ATOM_atom)) {
            term_t at = tuple_get(f, 2), a = tuple_get(at, 1);
            field = T4(P, ATOM_record_field, a, T3(P, ATOM_atom, a, tuple_get(at, 2)), tuple_get(f, 3));
        } else {
            fail_abstr(P, f, "bad record field");
        }
        if (type != THE_NON_VALUE)
            field = T3(P, A.typed_record_field, field, type);
        vpush(P, field);
    }
    return vlist(P, base);
}

/* build_attribute/2: `vals` are the attribute's expressions. */
static term_t build_attribute(parser *P, size_t name, term_t vals)
{
    term_t attr = tok_at(P, name)->v.atom;
    term_t aa = anno(P, name);
    term_t v1 = list_head(vals);
    term_t rest = list_tail(vals);
    term_t v2 = term_is_list(rest) ? list_head(rest) : THE_NON_VALUE;
    if (attr == A.module) {
        if (tag_is(v1, ATOM_atom) && v2 == THE_NON_VALUE)
            return T4(P, ATOM_attribute, aa, attr, tuple_get(v1, 2));
        if (tag_is(v1, ATOM_atom) && v2 != THE_NON_VALUE && !term_is_list(list_tail(rest)))
            return T4(P, ATOM_attribute, aa, attr, T2(P, tuple_get(v1, 2), var_list(P, v2)));
        fail_bad_decl(P, v1, attr);
    }
    if (attr == A.export) {
        if (v2 != THE_NON_VALUE)
            fail_bad_decl(P, v2, attr);
        return T4(P, ATOM_attribute, aa, attr, farity_list(P, v1));
    }
    if (attr == A.import) {
        if (v2 == THE_NON_VALUE) /* erl_parse crashes on -import(X). */
            fail_bad_decl(P, v1, attr);
        if (tag_is(v1, ATOM_atom) && !term_is_list(list_tail(rest)))
            return T4(P, ATOM_attribute, aa, attr, T2(P, tuple_get(v1, 2), farity_list(P, v2)));
        fail_bad_decl(P, v2, attr);
    }
    if (attr == A.record) {
        if (tag_is(v1, ATOM_atom) && v2 != THE_NON_VALUE && !term_is_list(list_tail(rest)))
            return T4(P, ATOM_attribute, aa, attr, T2(P, tuple_get(v1, 2), record_fields(P, v2)));
        fail_bad_decl(P, v1, attr);
    }
    if (attr == A.file) {
        if (tag_is(v1, ATOM_string) && v2 != THE_NON_VALUE && tag_is(v2, ATOM_integer) &&
            !term_is_list(list_tail(rest)))
            return T4(P, ATOM_attribute, aa, attr, T2(P, tuple_get(v1, 2), tuple_get(v2, 2)));
        fail_bad_decl(P, v1, attr);
    }
    if (v2 != THE_NON_VALUE)
        fail_abstr(P, v2, "bad attribute");
    term_t value;
    if (!normalise(P->h, v1, true, &value)) /* term(attribute_farity(Expr)) */
        fail_abstr(P, v1, "bad attribute");
    return T4(P, ATOM_attribute, aa, attr, value);
}

/* build_typed_attribute/2 for {typed_record, Name, Fields} (fields set)
 * or {type_def, Expr, Type}. */
static term_t build_typed_attribute(parser *P, size_t name, term_t expr, term_t fields, term_t type)
{
    term_t attr = tok_at(P, name)->v.atom;
    term_t aa = anno(P, name);
    if (attr == A.record && fields != THE_NON_VALUE && tag_is(expr, ATOM_atom))
        return T4(P, ATOM_attribute, aa, attr, T2(P, tuple_get(expr, 2), record_fields(P, fields)));
    if ((attr == A.type || attr == A.opaque) && type != THE_NON_VALUE && tag_is(expr, ATOM_call) &&
        tag_is(tuple_get(expr, 2), ATOM_atom)) {
        term_t args = tuple_get(expr, 3);
        for (term_t l = args; term_is_list(l); l = list_tail(l)) {
            term_t a = list_head(l);
            if (tag_is(a, ATOM_var) && tuple_get(a, 2) == A.underscore)
                fail_msg(P, parse_anno_location(tuple_get(a, 1)), "bad type variable");
        }
        for (term_t l = args; term_is_list(l); l = list_tail(l))
            if (!tag_is(list_head(l), ATOM_var))
                fail_abstr(P, list_head(l), "bad type variable");
        return T4(P, ATOM_attribute, aa, attr, T3(P, tuple_get(tuple_get(expr, 2), 2), type, args));
    }
    if (attr == A.record || attr == A.type || attr == A.opaque)
        fail_bad_decl(P, T3(P, ATOM_atom, aa, attr), attr);
    fail_msg(P, parse_anno_location(aa), "bad attribute");
}

/* After `expr ','` at the top of an attribute: '{' starts either
 * typed_record_fields (some element has '::') or a tuple expression.
 * Returns the typed fields' tuple, or THE_NON_VALUE with the plain tuple
 * continued as an expression in *expr. */
static term_t p_attr_brace(parser *P, term_t *expr)
{
    size_t lb = P->i++;
    size_t base = P->nvs;
    bool typed = false;
    if (kind(P) != LEX_RBRACE) {
        for (;;) {
            term_t e = p_expr(P);
            if (kind(P) == LEX_COLONCOLON) {
                P->i++;
                term_t t = p_top_type(P);
                e = T3(P, A.typed, e, t);
                typed = true;
            }
            vpush(P, e);
            if (kind(P) != LEX_COMMA)
                break;
            P->i++;
        }
    }
    expect(P, LEX_RBRACE);
    term_t es = vlist(P, base);
    term_t tup = T3(P, ATOM_tuple, anno(P, lb), es);
    if (typed)
        return tup;
    /* A plain tuple: the expression goes on from this expr_max. */
    *expr = p_postfix(P, tup);
    return THE_NON_VALUE;
}

static term_t p_binexpr_from(parser *P, term_t lhs) { return p_binexpr_rest(P, lhs, false); }

/* The element after `expr ','` in an attribute: typed fields (returned)
 * or the first of the exprs (pushed on the value stack). */
static term_t p_attr_after_comma(parser *P)
{
    if (kind(P) == LEX_LBRACE) {
        term_t e = NIL;
        term_t typed = p_attr_brace(P, &e);
        if (typed != THE_NON_VALUE)
            return typed;
        vpush(P, p_binexpr_from(P, e));
    } else {
        vpush(P, p_expr(P));
    }
    while (kind(P) == LEX_COMMA) {
        P->i++;
        vpush(P, p_expr(P));
    }
    return THE_NON_VALUE;
}

/* attribute -> '-' atom attr_val | '-' atom typed_attr_val
 *            | '-' atom '(' typed_attr_val ')' */
static term_t p_attribute(parser *P)
{
    P->i++; /* '-' */
    if (P->spec && P->i == 1)
        return p_spec(P);
    size_t name = expect(P, LEX_ATOM);
    bool paren = false;
    term_t e;
    if (kind(P) == LEX_LPAREN) {
        P->i++;
        e = p_expr(P);
        if (kind(P) == LEX_COMMA || kind(P) == LEX_COLONCOLON) {
            paren = true;
        } else if (kind(P) == LEX_RPAREN) {
            P->i++;
            e = p_binexpr_from(P, p_postfix(P, e));
        } else {
            fail(P);
        }
    } else {
        e = p_expr(P);
    }
    term_t form;
    if (kind(P) == LEX_COMMA) {
        P->i++;
        size_t base = P->nvs;
        vpush(P, e);
        term_t typed = p_attr_after_comma(P);
        if (typed != THE_NON_VALUE) {
            P->nvs = base;
            if (paren)
                expect(P, LEX_RPAREN);
            form = build_typed_attribute(P, name, e, typed, THE_NON_VALUE);
        } else {
            term_t vals = vlist(P, base);
            if (paren)
                expect(P, LEX_RPAREN);
            form = build_attribute(P, name, vals);
        }
    } else if (kind(P) == LEX_COLONCOLON) {
        P->i++;
        term_t t = p_top_type(P);
        if (paren)
            expect(P, LEX_RPAREN);
        form = build_typed_attribute(P, name, e, THE_NON_VALUE, t);
    } else {
        form = build_attribute(P, name, term_cons(P->h, e, NIL));
    }
    return form;
}

/* function -> function_clauses; build_function/1. */
static term_t p_function(parser *P)
{
    size_t base = P->nvs;
    for (;;) {
        size_t name = expect(P, LEX_ATOM);
        size_t lp;
        term_t args = p_pat_args(P, &lp);
        term_t g = p_clause_guard(P);
        term_t b = p_clause_body(P);
        vpush(P, T6(P, ATOM_clause, anno(P, name), tok_at(P, name)->v.atom, args, g, b));
        if (kind(P) != LEX_SEMI)
            break;
        P->i++;
    }
    term_t first = P->vs[base];
    term_t fname = tuple_get(first, 2);
    int64_t arity = list_length(tuple_get(first, 3));
    for (size_t c = base; c < P->nvs; c++) {
        term_t cl = P->vs[c];
        if (tuple_get(cl, 2) != fname || list_length(tuple_get(cl, 3)) != arity)
            fail_msg(P, parse_anno_location(tuple_get(cl, 1)), "head mismatch");
        P->vs[c] = T5(P, ATOM_clause, tuple_get(cl, 1), tuple_get(cl, 3), tuple_get(cl, 4), tuple_get(cl, 5));
    }
    term_t cs = vlist(P, base);
    return T5(P, ATOM_function, tuple_get(first, 1), fname, term_small(arity), cs);
}

/* ---- entry points over tokens ------------------------------------------------ */

typedef enum { MODE_FORM, MODE_EXPRS } parse_mode;

static term_t run(parser *P, parse_mode mode)
{
    term_t r;
    if (mode == MODE_FORM) {
        if (kind(P) == LEX_MINUS)
            r = p_attribute(P);
        else if (kind(P) == LEX_ATOM)
            r = p_function(P);
        else
            fail(P);
    } else {
        /* parse_exprs/1 parses `f() -> Tokens`: after the body come more
         * function clauses or the dot. */
        r = p_exprs(P);
        if (kind(P) == LEX_SEMI) {
            /* build_function/1 checks the heads once all clauses are in */
            size_t bad = SIZE_MAX;
            while (kind(P) == LEX_SEMI) {
                P->i++;
                size_t name = expect(P, LEX_ATOM);
                size_t lp;
                term_t args = p_pat_args(P, &lp);
                p_clause_guard(P);
                p_clause_body(P);
                if (bad == SIZE_MAX && (tok_at(P, name)->v.atom != atom_from_cstr("f") || args != NIL))
                    bad = name;
            }
            if (bad != SIZE_MAX)
                fail_msg(P, parse_anno_location(anno(P, bad)), "head mismatch");
            expect(P, LEX_DOT);
            if (P->i < P->n)
                fail(P);
            /* erl_parse:parse_exprs/1 crashes on a multi-clause f/0. */
            fail_msg(P, term_small(0), "bad expression list");
        }
    }
    expect(P, LEX_DOT);
    if (P->i < P->n)
        fail(P); /* yecc wants '$end' after the form */
    return r;
}

static parse_result run_parser(heap_t *h, const parse_token *toks, size_t n, const char *text, parse_mode mode,
                               term_t *out)
{
    parser *P = alloc_new(ALLOC_TEMP, sizeof *P);
    parser_init(P, h, toks, n, text);
    if (mode == MODE_FORM && n >= 2 && toks[0].kind == LEX_MINUS && toks[1].kind == LEX_ATOM &&
        (toks[1].v.atom == ATOM_spec || toks[1].v.atom == ATOM_callback))
        P->spec = true;
    parse_result res;
    /* Called through a volatile pointer so that nothing of the parser is
     * inlined into the function that calls setjmp. */
    term_t (*volatile body)(parser *, parse_mode) = run;
    if (setjmp(P->jb) == 0) {
        *out = body(P, mode);
        res = PARSE_OK;
    } else {
        *out = P->err;
        res = PARSE_ERROR;
    }
    parser_destroy(P);
    alloc_free(ALLOC_TEMP, P, sizeof *P);
    return res;
}

parse_result parse_form(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out)
{
    return run_parser(h, toks, n, text, MODE_FORM, out);
}

parse_result parse_exprs(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out)
{
    if (n == 0) {
        /* '$end' right after the invisible `f() ->`, at location 0. */
        need_atoms();
        parse_token end;
        memset(&end, 0, sizeof end);
        end.kind = LEX_EOF;
        end.anno = PARSE_ANNO_LINE;
        *out = syntax_error_info(h, &end, text);
        return PARSE_ERROR;
    }
    return run_parser(h, toks, n, text, MODE_EXPRS, out);
}

parse_result parse_term(heap_t *h, const parse_token *toks, size_t n, const char *text, term_t *out)
{
    term_t es;
    parse_result r = parse_exprs(h, toks, n, text, &es);
    if (r != PARSE_OK) {
        *out = es;
        return r;
    }
    walk_stack ws = {0};
    if (term_is_list(list_tail(es))) {
        *out = term_tuple3(h, parse_anno_location(first_anno_ws(&ws, list_head(list_tail(es)))), A.erl_parse,
                           cstr_list(h, "bad term"));
        r = PARSE_ERROR;
    } else if (!parse_normalise(h, list_head(es), out)) {
        *out = term_tuple3(h, parse_anno_location(first_anno_ws(&ws, list_head(es))), A.erl_parse,
                           cstr_list(h, "bad term"));
        r = PARSE_ERROR;
    }
    if (ws.v)
        alloc_free(ALLOC_TEMP, ws.v, ws.cap * sizeof *ws.v);
    return r;
}

/* ---- normalise: abstract literals to terms --------------------------------- */

/* A bitstring under construction, high bits first. */
typedef struct bitbuf {
    uint8_t *p;
    size_t cap;   /* bytes */
    uint64_t n;   /* bits */
} bitbuf;

static void bits_reserve(bitbuf *b, uint64_t more)
{
    uint64_t need = (b->n + more + 7) / 8 + 1;
    if (need <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    b->p = alloc_resize(ALLOC_TEMP, b->p, b->cap, cap);
    memset(b->p + b->cap, 0, cap - b->cap);
    b->cap = cap;
}

/* Appends the low `nbits` bits of bytes[0..nbytes) (big-endian, the value
 * right-aligned in them). */
static void bits_put(bitbuf *b, const uint8_t *bytes, size_t nbytes, uint64_t nbits)
{
    bits_reserve(b, nbits);
    uint64_t skip = (uint64_t)nbytes * 8 - nbits;
    for (uint64_t k = 0; k < nbits; k++) {
        uint64_t src = skip + k;
        unsigned bit = (bytes[src / 8] >> (7 - src % 8)) & 1u;
        if (bit)
            b->p[b->n / 8] |= (uint8_t)(0x80u >> (b->n % 8));
        b->n++;
    }
}

/* Appends the first `nbits` bits of bytes (high bits first). */
static void bits_put_left(bitbuf *b, const uint8_t *bytes, uint64_t nbits)
{
    bits_reserve(b, nbits);
    for (uint64_t k = 0; k < nbits; k++) {
        if ((bytes[k / 8] >> (7 - k % 8)) & 1u)
            b->p[b->n / 8] |= (uint8_t)(0x80u >> (b->n % 8));
        b->n++;
    }
}

/* The `nbits` low bits of integer `v` (two's complement), big-endian or
 * little-endian (whole bytes only). */
static bool bits_put_int(bitbuf *b, term_t v, uint64_t nbits, bool little)
{
    if (nbits == 0)
        return true;
    if (little && nbits % 8)
        return false;
    if (nbits > (UINT64_C(1) << 24))
        return false;
    mpz_t z;
    mpz_init(z);
    if (term_is_small(v)) {
        mpz_set_si(z, (long)small_value(v));
    } else {
        mpz_import(z, big_limb_count(v), -1, sizeof(mp_limb_t), 0, 0, big_limbs(v));
        if (big_is_negative(v))
            mpz_neg(z, z);
    }
    mpz_fdiv_r_2exp(z, z, (mp_bitcnt_t)nbits);
    size_t nb = (size_t)((nbits + 7) / 8);
    uint8_t *tmp = alloc_zeroed(ALLOC_TEMP, nb);
    size_t count = 0;
    uint8_t *raw = mpz_export(NULL, &count, 1, 1, 1, 0, z);
    if (count)
        memcpy(tmp + nb - count, raw, count);
    if (raw) {
        void (*freefn)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &freefn);
        freefn(raw, count);
    }
    mpz_clear(z);
    if (little)
        for (size_t i = 0; i < nb / 2; i++) {
            uint8_t t = tmp[i];
            tmp[i] = tmp[nb - 1 - i];
            tmp[nb - 1 - i] = t;
        }
    bits_put(b, tmp, nb, nbits);
    alloc_free(ALLOC_TEMP, tmp, nb);
    return true;
}

enum { BT_INTEGER, BT_FLOAT, BT_BINARY, BT_UTF8, BT_UTF16, BT_UTF32 };

static bool bits_put_utf(bitbuf *b, term_t v, int type, bool little)
{
    if (!term_is_small(v))
        return false;
    int64_t c = small_value(v);
    if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return false;
    uint8_t tmp[4];
    if (type == BT_UTF8) {
        size_t n = unicode_encode_utf8((uint32_t)c, (char *)tmp);
        bits_put(b, tmp, n, n * 8);
        return true;
    }
    if (type == BT_UTF32)
        return bits_put_int(b, v, 32, little);
    if (c < 0x10000)
        return bits_put_int(b, v, 16, little);
    int64_t u = c - 0x10000;
    return bits_put_int(b, term_small(0xD800 | (u >> 10)), 16, little) &&
           bits_put_int(b, term_small(0xDC00 | (u & 0x3FF)), 16, little);
}

static bool norm(heap_t *h, term_t a, bool farity, unsigned depth, term_t *out);

/* One segment {bin_element, A, Value, Size, Types} of a literal binary. */
static bool norm_segment(heap_t *h, bitbuf *b, term_t seg, unsigned depth)
{
    if (!tag_is(seg, ATOM_bin_element) || tuple_arity(seg) != 5)
        return false;
    term_t val = tuple_get(seg, 2), size = tuple_get(seg, 3), types = tuple_get(seg, 4);
    /* erl_bits:set_bit_type/2: merged fields must agree. */
    int type = -1, sign = -1, endian = -1;
    int64_t unit = -1;
    for (term_t l = types; term_is_list(l); l = list_tail(l)) {
        term_t t = list_head(l);
        int nt = -1, ns = -1, ne = -1;
        int64_t nu = -1;
        if (t == ATOM_integer) nt = BT_INTEGER;
        else if (t == ATOM_float_) nt = BT_FLOAT;
        else if (t == ATOM_binary) nt = BT_BINARY;
        else if (t == ATOM_bytes) nt = BT_BINARY, nu = 8;
        else if (t == ATOM_bitstring || t == ATOM_bits) nt = BT_BINARY, nu = 1;
        else if (t == ATOM_utf8) nt = BT_UTF8;
        else if (t == ATOM_utf16) nt = BT_UTF16;
        else if (t == ATOM_utf32) nt = BT_UTF32;
        else if (t == ATOM_signed_) ns = 1;
        else if (t == ATOM_unsigned_) ns = 0;
        else if (t == ATOM_big) ne = 0;
        else if (t == ATOM_little) ne = 1;
        else if (t == ATOM_native) ne = 2;
        else if (term_is_tuple(t) && tuple_arity(t) == 2 && tuple_get(t, 0) == ATOM_unit &&
                 term_is_small(tuple_get(t, 1)) && small_value(tuple_get(t, 1)) >= 1 &&
                 small_value(tuple_get(t, 1)) <= 256)
            nu = small_value(tuple_get(t, 1));
        else
            return false;
        if ((nt >= 0 && type >= 0 && nt != type) || (ns >= 0 && sign >= 0 && ns != sign) ||
            (ne >= 0 && endian >= 0 && ne != endian) || (nu >= 0 && unit >= 0 && nu != unit))
            return false;
        if (nt >= 0) type = nt;
        if (ns >= 0) sign = ns;
        if (ne >= 0) endian = ne;
        if (nu >= 0) unit = nu;
    }
    if (type < 0)
        type = BT_INTEGER;
    bool little = endian == 1 || endian == 2; /* native: this machine (little-endian hosts) */
    bool utf = type == BT_UTF8 || type == BT_UTF16 || type == BT_UTF32;
    int64_t nsize = -1; /* -1: all */
    if (size == ATOM_default_) {
        if ((type == BT_INTEGER || type == BT_FLOAT) && unit >= 0)
            return false; /* a unit needs a size */
        if (type == BT_INTEGER)
            nsize = 8;
        else if (type == BT_FLOAT)
            nsize = 64;
    } else {
        if (utf)
            return false;
        term_t sv;
        if (!norm(h, size, false, depth + 1, &sv))
            return false;
        if (sv == ATOM_all && type == BT_BINARY)
            nsize = -1;
        else if (term_is_small(sv) && small_value(sv) >= 0)
            nsize = small_value(sv);
        else
            return false;
    }
    if (utf && unit >= 0)
        return false;
    if (unit < 0)
        unit = type == BT_BINARY ? 8 : 1;
    /* A string literal is one segment per character. */
    if (tag_is(val, ATOM_string)) {
        for (term_t l = tuple_get(val, 2); term_is_list(l); l = list_tail(l)) {
            term_t c = list_head(l);
            bool ok;
            if (utf)
                ok = bits_put_utf(b, c, type, little);
            else if (type == BT_INTEGER)
                ok = bits_put_int(b, c, (uint64_t)(nsize * unit), little);
            else
                ok = false;
            if (!ok)
                return false;
        }
        return true;
    }
    term_t v;
    if (!norm(h, val, false, depth + 1, &v))
        return false;
    switch (type) {
    case BT_INTEGER:
        if (!term_is_integer(v))
            return false;
        return bits_put_int(b, v, (uint64_t)(nsize * unit), little);
    case BT_FLOAT: {
        double d;
        if (term_is_float(v))
            d = float_value(v);
        else if (!term_is_integer(v) || !int_to_double(v, &d))
            return false;
        int64_t bits = nsize * unit;
        uint8_t tmp[8];
        if (bits == 64) {
            uint64_t u;
            memcpy(&u, &d, 8);
            for (int k = 0; k < 8; k++)
                tmp[k] = (uint8_t)(u >> (56 - 8 * k));
        } else if (bits == 32) {
            float f = (float)d;
            if (isfinite(d) && !isfinite(f))
                return false; /* out of range for a 32-bit float */
            uint32_t u;
            memcpy(&u, &f, 4);
            for (int k = 0; k < 4; k++)
                tmp[k] = (uint8_t)(u >> (24 - 8 * k));
        } else {
            return false;
        }
        size_t nb = (size_t)bits / 8;
        if (little)
            for (size_t k = 0; k < nb / 2; k++) {
                uint8_t t = tmp[k];
                tmp[k] = tmp[nb - 1 - k];
                tmp[nb - 1 - k] = t;
            }
        bits_put(b, tmp, nb, (uint64_t)bits);
        return true;
    }
    case BT_BINARY: {
        if (!term_is_bitstring(v))
            return false;
        bin_view bv;
        bin_view_of(v, &bv);
        uint64_t have = bin_bit_size(&bv), take;
        if (nsize < 0) {
            if (have % (uint64_t)unit)
                return false;
            take = have;
        } else {
            take = (uint64_t)(nsize * unit);
            if (take > have)
                return false;
        }
        uint8_t *tmp = alloc_new(ALLOC_TEMP, bv.size + 1);
        bin_copy_bits(&bv, tmp);
        bits_put_left(b, tmp, take);
        alloc_free(ALLOC_TEMP, tmp, bv.size + 1);
        return true;
    }
    default:
        return bits_put_utf(b, v, type, little);
    }
}

static bool norm_bin(heap_t *h, term_t segs, unsigned depth, term_t *out)
{
    bitbuf b = {0};
    bool ok = true;
    for (term_t l = segs; ok && term_is_list(l); l = list_tail(l))
        ok = norm_segment(h, &b, list_head(l), depth);
    if (ok)
        *out = bin_new_bits(h, b.p ? b.p : (const uint8_t *)"", b.n);
    if (b.p)
        alloc_free(ALLOC_TEMP, b.p, b.cap);
    return ok;
}

static bool norm(heap_t *h, term_t a, bool farity, unsigned depth, term_t *out)
{
    if (depth > 4 * PARSE_MAX_DEPTH || !term_is_tuple(a) || tuple_arity(a) < 2)
        return false;
    uint64_t n = tuple_arity(a);
    term_t tag = tuple_get(a, 0);
    if (n == 3 && (tag == ATOM_char_ || tag == ATOM_integer || tag == ATOM_float_ || tag == ATOM_atom ||
                   tag == ATOM_string)) {
        *out = tuple_get(a, 2);
        return true;
    }
    if (n == 2 && tag == ATOM_nil) {
        *out = NIL;
        return true;
    }
    if (n == 4 && tag == ATOM_cons) {
        /* A cons chain is walked in a loop: lists can be long. */
        size_t count = 0, cap = 16;
        term_t *hs = alloc_new(ALLOC_TEMP, cap * sizeof *hs);
        term_t l = a;
        bool ok = true;
        while (ok && tag_is(l, ATOM_cons) && tuple_arity(l) == 4) {
            if (count == cap) {
                hs = alloc_resize(ALLOC_TEMP, hs, cap * sizeof *hs, 2 * cap * sizeof *hs);
                cap *= 2;
            }
            ok = norm(h, tuple_get(l, 2), farity, depth + 1, &hs[count++]);
            l = tuple_get(l, 3);
        }
        term_t tail;
        if (ok)
            ok = norm(h, l, farity, depth + 1, &tail);
        if (ok)
            *out = term_list_from(h, hs, count, tail);
        alloc_free(ALLOC_TEMP, hs, cap * sizeof *hs);
        return ok;
    }
    if (n == 3 && tag == ATOM_tuple) {
        int64_t len = list_length(tuple_get(a, 2));
        if (len < 0)
            return false;
        term_t t = term_tuple(h, (uint64_t)len, NULL);
        term_t *el = tuple_elems(t);
        for (int64_t k = 0; k < len; k++)
            el[k] = NIL;
        int64_t k = 0;
        for (term_t l = tuple_get(a, 2); term_is_list(l); l = list_tail(l), k++)
            if (!norm(h, list_head(l), farity, depth + 1, &el[k]))
                return false;
        *out = t;
        return true;
    }
    if (n == 3 && tag == ATOM_map) {
        int64_t len = list_length(tuple_get(a, 2));
        if (len < 0)
            return false;
        term_t *kv = alloc_new(ALLOC_TEMP, (size_t)(2 * len + 1) * sizeof *kv);
        bool ok = true;
        int64_t k = 0;
        for (term_t l = tuple_get(a, 2); ok && term_is_list(l); l = list_tail(l), k++) {
            term_t f = list_head(l);
            ok = tag_is(f, ATOM_map_field_assoc) && tuple_arity(f) == 4 &&
                 norm(h, tuple_get(f, 2), false, depth + 1, &kv[k]) &&
                 norm(h, tuple_get(f, 3), farity, depth + 1, &kv[len + k]);
        }
        if (ok)
            *out = map_from_pairs(h, kv, kv + len, (size_t)len);
        alloc_free(ALLOC_TEMP, kv, (size_t)(2 * len + 1) * sizeof *kv);
        return ok;
    }
    if (n == 3 && tag == ATOM_fun_) {
        term_t f = tuple_get(a, 2);
        if (!term_is_tuple(f) || tuple_arity(f) != 4 || tuple_get(f, 0) != ATOM_function)
            return false;
        term_t m = tuple_get(f, 1), fn = tuple_get(f, 2), ar = tuple_get(f, 3);
        if (!tag_is(m, ATOM_atom) || !tag_is(fn, ATOM_atom) || !tag_is(ar, ATOM_integer) ||
            !term_is_small(tuple_get(ar, 2)) || small_value(tuple_get(ar, 2)) < 0 ||
            small_value(tuple_get(ar, 2)) > 255)
            return false;
        *out = term_export(h, tuple_get(m, 2), tuple_get(fn, 2), (unsigned)small_value(tuple_get(ar, 2)));
        return true;
    }
    if (n == 4 && tag == ATOM_op) {
        term_t op = tuple_get(a, 2), x = tuple_get(a, 3);
        bool plus = op == A.kind[LEX_PLUS], minus = op == A.kind[LEX_MINUS];
        if (!(plus || minus) || !term_is_tuple(x) || tuple_arity(x) != 3)
            return false;
        term_t xt = tuple_get(x, 0), v = tuple_get(x, 2);
        if (xt == ATOM_char_ || xt == ATOM_integer) {
            *out = minus ? int_neg(h, v) : v;
            return true;
        }
        if (xt == ATOM_float_) {
            *out = minus ? term_float(h, -float_value(v)) : v;
            return true;
        }
        return false;
    }
    if (n == 5 && tag == ATOM_op && farity && tuple_get(a, 2) == A.kind[LEX_SLASH] &&
        tag_is(tuple_get(a, 3), ATOM_atom) && tag_is(tuple_get(a, 4), ATOM_integer)) {
        *out = term_tuple2(h, tuple_get(tuple_get(a, 3), 2), tuple_get(tuple_get(a, 4), 2));
        return true;
    }
    if (n == 3 && tag == ATOM_bin)
        return norm_bin(h, tuple_get(a, 2), depth, out);
    return false;
}

static bool normalise(heap_t *h, term_t abs, bool farity, term_t *out)
{
    need_atoms();
    return norm(h, abs, farity, 0, out);
}

bool parse_normalise(heap_t *h, term_t abs, term_t *out) { return normalise(h, abs, false, out); }

/* ---- scan errors ---------------------------------------------------------------- */

/* The first `clusters` grapheme clusters of UTF-8 text, as string:slice/3
 * cuts erl_scan's error heads. */
static size_t head_bytes(const char *s, size_t n, unsigned clusters)
{
    size_t i = 0;
    for (unsigned count = 0; i < n && count < clusters; count++)
        i = unicode_cluster_end((const unsigned char *)s, n, i);
    return i;
}

term_t parse_scan_error(heap_t *h, const lex_state *ls)
{
    need_atoms();
    const lex_error *e = &ls->error;
    term_t desc;
    switch (e->kind) {
    case LEX_ERR_STRING:
    case LEX_ERR_QATOM: {
        term_t head = term_utf8_string(h, ls->buf, head_bytes(ls->buf, ls->buf_len, 16));
        desc = term_tuple3(h, ATOM_string, term_small(e->kind == LEX_ERR_STRING ? '"' : '\''), head);
        break;
    }
    case LEX_ERR_CHAR:
        desc = ATOM_char_;
        break;
    case LEX_ERR_BASE: {
        term_t b;
        if (!int_from_digits(h, ls->buf, ls->buf_len, 10, false, &b))
            b = term_small(0);
        desc = term_tuple2(h, A.base, b);
        break;
    }
    case LEX_ERR_ILLEGAL_ATOM:
        desc = term_tuple2(h, A.illegal, ATOM_atom);
        break;
    case LEX_ERR_ILLEGAL_VAR:
        desc = term_tuple2(h, A.illegal, ATOM_var);
        break;
    case LEX_ERR_ILLEGAL_INTEGER:
        desc = term_tuple2(h, A.illegal, ATOM_integer);
        break;
    case LEX_ERR_ILLEGAL_FLOAT:
        desc = term_tuple2(h, A.illegal, ATOM_float_);
        break;
    default:
        desc = term_tuple2(h, A.illegal, A.character);
        break;
    }
    return term_tuple3(h, loc_term(h, e->line, e->col), A.erl_scan, desc);
}

/* ---- text entry points -------------------------------------------------------- */

/* Tokens of the text up to and including the next dot (all of them with
 * `to_end`). PARSE_ERROR: *err is the scan error; PARSE_EOF: nothing but
 * white space was left. */
static parse_result scan_tokens(lex_state *ls, heap_t *h, parse_toks *tk, bool to_end, term_t *err)
{
    lex_token t;
    for (;;) {
        if (!lex_next(ls, &t)) {
            *err = parse_scan_error(h, ls);
            return PARSE_ERROR;
        }
        if (t.kind == LEX_EOF)
            return tk->n ? PARSE_OK : PARSE_EOF;
        if (!parse_toks_push_lex(tk, &t, ls->src, false)) {
            need_atoms();
            *err = term_tuple3(h, loc_term(h, t.line, t.col), A.erl_scan,
                               term_tuple2(h, A.illegal, ATOM_atom));
            return PARSE_ERROR;
        }
        if (t.kind == LEX_DOT && !to_end)
            return PARSE_OK;
    }
}

parse_result parse_exprs_string(heap_t *h, const char *text, size_t len, bool add_dot, term_t *out)
{
    need_atoms();
    lex_state ls;
    parse_toks tk;
    lex_init(&ls, text, len, 1, 1, 0);
    parse_toks_init(&tk);
    parse_result r = scan_tokens(&ls, h, &tk, true, out);
    if (r != PARSE_ERROR) {
        if (add_dot && (tk.n == 0 || tk.v[tk.n - 1].kind != LEX_DOT)) {
            parse_token dot;
            memset(&dot, 0, sizeof dot);
            dot.kind = LEX_DOT;
            dot.anno = PARSE_ANNO_LINE;
            dot.line = 1;
            parse_toks_push(&tk, &dot);
        }
        r = parse_exprs(h, tk.v, tk.n, tk.text, out);
    }
    parse_toks_destroy(&tk);
    lex_destroy(&ls);
    return r;
}

void parse_stream_init(parse_stream *ps, const char *text, size_t len)
{
    need_atoms();
    lex_init(&ps->ls, text, len, 1, 1, 0);
}

void parse_stream_destroy(parse_stream *ps) { lex_destroy(&ps->ls); }

parse_result parse_exprs_next(parse_stream *ps, heap_t *h, term_t *out)
{
    parse_toks tk;
    parse_toks_init(&tk);
    parse_result r = scan_tokens(&ps->ls, h, &tk, false, out);
    if (r == PARSE_OK)
        r = parse_exprs(h, tk.v, tk.n, tk.text, out);
    parse_toks_destroy(&tk);
    return r;
}

/* ---- error messages ----------------------------------------------------------- */

static void put_term(sbuf *b, term_t t, bool pretty, unsigned depth);

static void put_atom_text(sbuf *b, term_t a)
{
    size_t n;
    const char *s = atom_text(a, &n);
    sb_put(b, s, n);
}

/* io_lib:write_atom/1 */
static void put_atom_quoted(sbuf *b, term_t a)
{
    size_t n;
    lex_token lt;
    memset(&lt, 0, sizeof lt);
    lt.kind = LEX_ATOM;
    lt.text = atom_text(a, &n);
    lt.len = n;
    size_t cap = 16 + 12 * (n + 1);
    char *buf = alloc_new(ALLOC_TEMP, cap);
    sb_put(b, buf, lex_token_text(&lt, buf, cap));
    alloc_free(ALLOC_TEMP, buf, cap);
}

/* The code points of a list as UTF-8, if it is a proper list of them. */
static bool list_chars(term_t l, sbuf *out)
{
    for (; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!term_is_small(c) || small_value(c) < 0 || small_value(c) > 0x10FFFF)
            return false;
        sb_cp(out, (uint32_t)small_value(c));
    }
    return term_is_nil(l);
}

/* io_lib:write_string(S, Quote) of UTF-8 text. */
static void put_quoted_string(sbuf *b, const char *s, size_t n, char quote)
{
    lex_token lt;
    memset(&lt, 0, sizeof lt);
    lt.text = s;
    lt.len = n;
    if (quote == '"') {
        lt.kind = LEX_STRING;
    } else {
        lt.kind = LEX_ATOM;
        if (lex_atom_is_plain(s, n)) {
            sb_char(b, '\'');
            sb_put(b, s, n);
            sb_char(b, '\'');
            return;
        }
    }
    size_t cap = 16 + 12 * (n + 1);
    char *buf = alloc_new(ALLOC_TEMP, cap);
    sb_put(b, buf, lex_token_text(&lt, buf, cap));
    alloc_free(ALLOC_TEMP, buf, cap);
}

/* A printable latin1 list, as ~p prints as a string by default. */
static bool printable_latin1(term_t l)
{
    if (!term_is_list(l))
        return false;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        if (!term_is_small(c))
            return false;
        int64_t v = small_value(c);
        if (!((v >= 32 && v <= 126) || (v >= 160 && v <= 255) || v == '\n' || v == '\r' || v == '\t' ||
              v == '\v' || v == '\b' || v == '\f' || v == 27))
            return false;
    }
    return term_is_nil(l);
}

/* A binary ~tp prints as a string: UTF-8 of printable latin1 characters. */
static bool printable_binary(const bin_view *v)
{
    if (v->bitsize || v->size == 0)
        return false;
    uint8_t *bytes = alloc_new(ALLOC_TEMP, v->size + 1);
    bin_copy_bits(v, bytes);
    bool ok = true;
    for (size_t i = 0, k; ok && i < v->size; i += k) {
        uint32_t c;
        k = unicode_decode_utf8_strict(bytes + i, v->size - i, &c);
        ok = k > 0 && ((c >= 32 && c <= 126) || (c >= 160 && c <= 255) || c == '\n' || c == '\r' ||
                       c == '\t' || c == '\v' || c == '\b' || c == '\f' || c == 27);
    }
    alloc_free(ALLOC_TEMP, bytes, v->size + 1);
    return ok;
}

/* ~w (pretty: ~tp on one line) of a term. */
static void put_term(sbuf *b, term_t t, bool pretty, unsigned depth)
{
    if (depth > 200) {
        sb_str(b, "...");
        return;
    }
    if (term_is_integer(t)) {
        size_t cap = int_chars_bound(t, 10);
        char *s = alloc_new(ALLOC_TEMP, cap);
        sb_put(b, s, int_to_chars(t, 10, s));
        alloc_free(ALLOC_TEMP, s, cap);
    } else if (term_is_float(t)) {
        char s[FLOAT_SHORT_MAX];
        sb_put(b, s, float_to_short_chars(float_value(t), s));
    } else if (term_is_atom(t)) {
        put_atom_quoted(b, t);
    } else if (term_is_nil(t)) {
        sb_str(b, "[]");
    } else if (term_is_list(t)) {
        if (pretty && printable_latin1(t)) {
            sbuf s = {0};
            list_chars(t, &s);
            put_quoted_string(b, s.p, s.n, '"');
            sb_free(&s);
            return;
        }
        sb_char(b, '[');
        put_term(b, list_head(t), pretty, depth + 1);
        for (t = list_tail(t); term_is_list(t); t = list_tail(t)) {
            sb_char(b, ',');
            put_term(b, list_head(t), pretty, depth + 1);
        }
        if (!term_is_nil(t)) {
            sb_char(b, '|');
            put_term(b, t, pretty, depth + 1);
        }
        sb_char(b, ']');
    } else if (term_is_tuple(t)) {
        sb_char(b, '{');
        for (uint64_t k = 0; k < tuple_arity(t); k++) {
            if (k)
                sb_char(b, ',');
            put_term(b, tuple_get(t, k), pretty, depth + 1);
        }
        sb_char(b, '}');
    } else if (term_is_map(t)) {
        map_iter it;
        term_t k, v;
        bool first = true;
        map_iter_init_fold(&it, t);
        sb_str(b, "#{");
        while (map_iter_next(&it, &k, &v)) {
            if (!first)
                sb_char(b, ',');
            first = false;
            put_term(b, k, pretty, depth + 1);
            sb_str(b, " => ");
            put_term(b, v, pretty, depth + 1);
        }
        sb_char(b, '}');
    } else if (term_is_bitstring(t)) {
        bin_view v;
        bin_view_of(t, &v);
        if (pretty && printable_binary(&v)) {
            uint8_t *bytes = alloc_new(ALLOC_TEMP, v.size + 1);
            bin_copy_bits(&v, bytes);
            sb_str(b, "<<");
            put_quoted_string(b, (const char *)bytes, v.size, '"');
            sb_str(b, ">>");
            alloc_free(ALLOC_TEMP, bytes, v.size + 1);
            return;
        }
        sb_str(b, "<<");
        char tmp[32];
        for (uint64_t k = 0; k < v.size; k++) {
            int n = snprintf(tmp, sizeof tmp, "%s%u", k ? "," : "", bin_byte_at(&v, k));
            sb_put(b, tmp, (size_t)n);
        }
        if (v.bitsize) {
            int n = snprintf(tmp, sizeof tmp, "%s%u:%u", v.size ? "," : "",
                             (unsigned)(bin_tail_bits(&v) >> (8 - v.bitsize)), v.bitsize);
            sb_put(b, tmp, (size_t)n);
        }
        sb_str(b, ">>");
    } else if (term_is_export(t)) {
        export_obj *e = export_object(t);
        char tmp[32];
        sb_str(b, "fun ");
        put_atom_quoted(b, e->module);
        sb_char(b, ':');
        put_atom_quoted(b, e->function);
        snprintf(tmp, sizeof tmp, "/%u", (unsigned)e->arity);
        sb_str(b, tmp);
    } else {
        sb_str(b, "...");
    }
}

/* A deep list of code points, flattened to UTF-8; false if it is none. */
static bool deep_chars(term_t l, sbuf *out)
{
    walk_stack s = {0};
    bool ok = true;
    ws_push(&s, l);
    while (ok && s.n) {
        term_t x = s.v[--s.n];
        if (term_is_nil(x))
            continue;
        if (term_is_list(x)) {
            ws_push(&s, list_tail(x));
            ws_push(&s, list_head(x));
        } else if (term_is_small(x) && small_value(x) >= 0 && small_value(x) <= 0x10FFFF) {
            sb_cp(out, (uint32_t)small_value(x));
        } else {
            ok = false;
        }
    }
    if (s.v)
        alloc_free(ALLOC_TEMP, s.v, s.cap * sizeof *s.v);
    return ok;
}

static bool is_atom_named(term_t t, const char *name)
{
    if (!term_is_atom(t))
        return false;
    size_t n;
    const char *s = atom_text(t, &n);
    return strlen(name) == n && memcmp(s, name, n) == 0;
}

/* ~ts of a string or ~s of an atom. */
static void put_chars(sbuf *b, term_t t)
{
    if (term_is_atom(t)) {
        put_atom_text(b, t);
        return;
    }
    sbuf s = {0};
    if (deep_chars(t, &s))
        sb_put(b, s.p ? s.p : "", s.n);
    else
        put_term(b, t, false, 0);
    sb_free(&s);
}

static void format_scan(sbuf *b, term_t d)
{
    if (term_is_tuple(d) && tuple_arity(d) == 3 && tuple_get(d, 0) == ATOM_string) {
        bool atom = tuple_get(d, 1) == term_small('\'');
        sb_str(b, atom ? "unterminated atom starting with " : "unterminated string starting with ");
        sbuf s = {0};
        list_chars(tuple_get(d, 2), &s);
        put_quoted_string(b, s.p ? s.p : "", s.n, atom ? '\'' : '"');
        sb_free(&s);
    } else if (term_is_tuple(d) && tuple_arity(d) == 2 && tuple_get(d, 0) == A.illegal) {
        sb_str(b, "illegal ");
        put_term(b, tuple_get(d, 1), false, 0);
    } else if (d == ATOM_char_) {
        sb_str(b, "unterminated character");
    } else if (term_is_tuple(d) && tuple_arity(d) == 2 && tuple_get(d, 0) == A.base) {
        sb_str(b, "illegal base '");
        put_term(b, tuple_get(d, 1), false, 0);
        sb_char(b, '\'');
    } else {
        put_term(b, d, false, 0);
    }
}

static void format_epp(sbuf *b, term_t d)
{
    uint64_t n = term_is_tuple(d) ? tuple_arity(d) : 0;
    term_t tag = n ? tuple_get(d, 0) : d;
    term_t x = n >= 2 ? tuple_get(d, 1) : THE_NON_VALUE;
    term_t y = n >= 3 ? tuple_get(d, 2) : THE_NON_VALUE;
    if (n == 0 && is_atom_named(d, "cannot_parse")) {
        sb_str(b, "cannot parse file, giving up");
    } else if (n == 2 && is_atom_named(tag, "bad")) {
        sb_str(b, "badly formed '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 2 && is_atom_named(tag, "duplicated_argument")) {
        sb_str(b, "argument '");
        put_chars(b, x);
        sb_str(b, "' already used");
    } else if (n == 0 && is_atom_named(d, "missing_parenthesis")) {
        sb_str(b, "badly formed define: missing closing right parenthesis");
    } else if (n == 0 && is_atom_named(d, "missing_comma")) {
        sb_str(b, "badly formed define: missing comma");
    } else if (n == 0 && is_atom_named(d, "premature_end")) {
        sb_str(b, "premature end");
    } else if (n == 2 && is_atom_named(tag, "call")) {
        sb_str(b, "illegal macro call '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 3 && (is_atom_named(tag, "undefined") || is_atom_named(tag, "circular"))) {
        sb_str(b, is_atom_named(tag, "undefined") ? "undefined macro '" : "circular macro '");
        put_chars(b, x);
        if (!is_atom_named(y, "none")) {
            sb_char(b, '/');
            put_term(b, y, true, 0);
        }
        sb_char(b, '\'');
    } else if (n == 2 && is_atom_named(tag, "depth")) {
        put_chars(b, x);
        sb_str(b, " too deep");
    } else if (n == 2 && is_atom_named(tag, "mismatch")) {
        sb_str(b, "argument mismatch for macro '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 2 && is_atom_named(tag, "arg_error")) {
        sb_str(b, "badly formed argument for macro '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 2 && is_atom_named(tag, "redefine")) {
        sb_str(b, "redefining macro '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 2 && is_atom_named(tag, "redefine_predef")) {
        sb_str(b, "redefining predefined macro '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 3 && is_atom_named(tag, "include")) {
        sb_str(b, "can't find include ");
        put_chars(b, x);
        sb_str(b, " \"");
        put_chars(b, y);
        sb_char(b, '"');
    } else if (n == 3 && is_atom_named(tag, "illegal")) {
        put_chars(b, x);
        sb_str(b, " '-");
        put_chars(b, y);
        sb_char(b, '\'');
    } else if (n == 2 && is_atom_named(tag, "illegal_function")) {
        sb_char(b, '?');
        put_chars(b, x);
        sb_str(b, " can only be used within a function");
    } else if (n == 2 && is_atom_named(tag, "illegal_function_usage")) {
        sb_char(b, '?');
        put_chars(b, x);
        sb_str(b, " must not begin a form");
    } else if (n == 0 && is_atom_named(d, "elif_after_else")) {
        sb_str(b, "'elif' following 'else'");
    } else if (n == 2 && is_atom_named(tag, "NYI")) {
        sb_str(b, "not yet implemented '");
        put_chars(b, x);
        sb_char(b, '\'');
    } else if (n == 2 && (tag == ATOM_error || tag == ATOM_warning)) {
        sb_str(b, tag == ATOM_error ? "-error(" : "-warning(");
        put_term(b, x, true, 0);
        sb_str(b, ").");
    } else if (n == 0 && is_atom_named(d, "ftr_after_prefix")) {
        sb_str(b, "feature directive not allowed after exports or record definitions");
    } else if (is_atom_named(d, "enoent")) {
        sb_str(b, "no such file or directory");
    } else {
        put_term(b, d, false, 0);
    }
}

size_t parse_format_error(term_t info, char *buf, size_t cap)
{
    need_atoms();
    if (term_is_tuple(info) && tuple_arity(info) == 2 &&
        (tuple_get(info, 0) == ATOM_error || tuple_get(info, 0) == ATOM_warning))
        info = tuple_get(info, 1);
    sbuf b = {0};
    if (!term_is_tuple(info) || tuple_arity(info) != 3) {
        put_term(&b, info, false, 0);
    } else {
        term_t mod = tuple_get(info, 1), desc = tuple_get(info, 2);
        if (mod == A.erl_parse) {
            sbuf s = {0};
            if (deep_chars(desc, &s))
                sb_put(&b, s.p ? s.p : "", s.n);
            else
                put_term(&b, desc, false, 0);
            sb_free(&s);
        } else if (mod == A.erl_scan) {
            format_scan(&b, desc);
        } else if (is_atom_named(mod, "epp")) {
            format_epp(&b, desc);
        } else if (is_atom_named(mod, "erl_features") && term_is_tuple(desc) && tuple_arity(desc) == 2 &&
                   is_atom_named(tuple_get(desc, 0), "invalid_features") && list_length(tuple_get(desc, 1)) > 0) {
            /* "the feature 'a' does not exist." / "the features 'a', 'b' and 'c' do not exist." */
            term_t l = tuple_get(desc, 1);
            bool one = !term_is_list(list_tail(l));
            sb_str(&b, one ? "the feature " : "the features ");
            for (; term_is_list(l); l = list_tail(l)) {
                sb_char(&b, '\'');
                put_term(&b, list_head(l), true, 0);
                sb_char(&b, '\'');
                term_t rest = list_tail(l);
                if (term_is_list(rest))
                    sb_str(&b, term_is_list(list_tail(rest)) ? ", " : " and ");
            }
            sb_str(&b, one ? " does not exist." : " do not exist.");
        } else {
            put_term(&b, desc, false, 0);
        }
    }
    size_t n = b.n;
    if (cap) {
        size_t k = n < cap - 1 ? n : cap - 1;
        if (k)
            memcpy(buf, b.p, k);
        buf[k] = '\0';
    }
    sb_free(&b);
    return n;
}
