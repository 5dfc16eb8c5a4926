/* epp.c: the preprocessor, epp's steps one form at a time: directives on
 * the raw tokens, macros expanded as expand_macros/2 does (the rest of the
 * form rescanned after each expansion, the input a stack so an expansion
 * costs its own length), the result handed to parse_form. */
#include "epp.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "cmp.h"
#include "float.h"
#include "heap.h"
#include "lex.h"
#include "map.h"
#include "parse.h"
#include "read.h"
#include "unicode.h"

#define EPP_MAX_INCLUDE 8     /* epp's include depth limit */
#define EPP_MAX_NESTING 200   /* nested parameterless expansions */
#define EPP_MAX_EXPANSIONS 1000000 /* per form: a runaway expansion is an error */
#define EVAL_MAX_DEPTH 500    /* -if expressions */

/* ---- atoms ---------------------------------------------------------------- */

static struct {
    term_t epp, feature, define, undef, warning, include, include_lib, ifdef, ifndef, else_, elif,
        endif, if_, bad, redefine, redefine_predef, undefined, mismatch, arg_error, circular, call,
        depth, illegal, none, missing_parenthesis,
        missing_comma, premature_end, duplicated_argument, illegal_function,
        illegal_function_usage, elif_after_else, nyi, ftr_after_prefix, erl_features,
        invalid_features, maybe_expr, enable, disable, lib, extends, function_name,
        function_arity, line, module_, module_string, base_module, base_module_string,
        machine, beam, otp_release, feature_available, feature_enabled, file, defined, x,
        underscore, nonode;
} A;

static pthread_once_t atoms_once = PTHREAD_ONCE_INIT;

static void init_atoms(void)
{
#define S(f, t) A.f = atom_from_cstr(t)
    S(epp, "epp"); S(feature, "feature"); S(define, "define"); S(undef, "undef");
    S(warning, "warning"); S(include, "include"); S(include_lib, "include_lib");
    S(ifdef, "ifdef"); S(ifndef, "ifndef"); S(else_, "else"); S(elif, "elif");
    S(endif, "endif"); S(if_, "if"); S(bad, "bad"); S(redefine, "redefine");
    S(redefine_predef, "redefine_predef"); S(undefined, "undefined"); S(mismatch, "mismatch");
    S(arg_error, "arg_error"); S(circular, "circular"); S(call, "call"); S(depth, "depth");
    S(illegal, "illegal"); S(none, "none"); S(missing_parenthesis, "missing_parenthesis");
    S(missing_comma, "missing_comma"); S(premature_end, "premature_end");
    S(duplicated_argument, "duplicated_argument"); S(illegal_function, "illegal_function");
    S(illegal_function_usage, "illegal_function_usage"); S(elif_after_else, "elif_after_else");
    S(nyi, "NYI"); S(ftr_after_prefix, "ftr_after_prefix"); S(erl_features, "erl_features");
    S(invalid_features, "invalid_features"); S(maybe_expr, "maybe_expr"); S(enable, "enable");
    S(disable, "disable"); S(lib, "lib"); S(extends, "extends");
    S(function_name, "FUNCTION_NAME"); S(function_arity, "FUNCTION_ARITY"); S(line, "LINE");
    S(module_, "MODULE"); S(module_string, "MODULE_STRING"); S(base_module, "BASE_MODULE");
    S(base_module_string, "BASE_MODULE_STRING"); S(machine, "MACHINE"); S(beam, "BEAM");
    S(otp_release, "OTP_RELEASE"); S(feature_available, "FEATURE_AVAILABLE");
    S(feature_enabled, "FEATURE_ENABLED"); S(file, "FILE"); S(defined, "defined"); S(x, "X");
    S(underscore, "_"); S(nonode, "nonode@nohost");
#undef S
}

/* ---- token vectors ------------------------------------------------------------ */

typedef struct tokvec {
    parse_token *v;
    size_t n, cap;
} tokvec;

static void tv_push(tokvec *tv, const parse_token *t)
{
    if (tv->n == tv->cap) {
        size_t cap = tv->cap ? tv->cap * 2 : 32;
        tv->v = alloc_resize(ALLOC_TEMP, tv->v, tv->cap * sizeof *tv->v, cap * sizeof *tv->v);
        tv->cap = cap;
    }
    tv->v[tv->n++] = *t;
}

static void tv_free(tokvec *tv)
{
    if (tv->v)
        alloc_free(ALLOC_TEMP, tv->v, tv->cap * sizeof *tv->v);
    tv->v = NULL;
    tv->n = tv->cap = 0;
}

/* Pushes t[0..n) onto a stack whose top is the next token (reversed). */
static void tv_push_rev(tokvec *stack, const parse_token *t, size_t n)
{
    for (size_t k = n; k-- > 0;)
        tv_push(stack, &t[k]);
}

/* ---- macros -------------------------------------------------------------------- */

typedef struct mref {
    term_t name;
    int arity; /* -1: none */
} mref;

typedef struct mdef {
    int arity; /* -1: defined without parentheses */
    term_t *params;
    tokvec body;
    bool has_uses; /* defined by -define: its uses are known */
    mref *uses;
    size_t nuses;
} mdef;

enum { M_FREE, M_UNDEF, M_PREDEF, M_USER };

typedef struct macro {
    term_t name;
    int kind;
    mdef *defs; /* M_PREDEF: one; M_USER: newest first */
    size_t ndefs, cap;
} macro;

/* ---- files ----------------------------------------------------------------------- */

enum { I_IFDEF, I_IFNDEF, I_IF, I_ELSE, I_ELIF };

typedef struct efile {
    char *path;  /* the name epp gives it (path_open's result) */
    char *name2; /* the name after -file */
    char *dir;   /* filename:dirname(path): head of the include path */
    char *text;  /* UTF-8 */
    size_t len;
    lex_state ls; /* its location is epp's #epp.location */
    int *istk;    /* conditionals open, innermost last */
    size_t nistk, icap;
    int64_t delta;
} efile;

typedef struct epp {
    heap_t *h;
    const epp_opts *opts;
    parse_toks tk; /* the text arena of every token, and the raw tokens of a form */
    macro *macros;
    size_t nmacros, mcap;
    int32_t *mtab; /* atom -> macro slot, open addressing */
    size_t mtab_cap;
    efile **files;
    size_t nfiles, fcap;
    term_t *forms;
    size_t nforms, formcap;
    int *skip; /* epp's skip stack (Sis) while skipping, innermost last */
    size_t nskip, scap;
    bool in_prefix;
    bool done;
    size_t expansions;
    term_t err; /* an expansion error: {Loc, What} */
} epp;

/* A failed expansion sets E->err = {Loc, What}. */
typedef enum { FN_LIST, FN_UNDEF, FN_KNOWN } fn_state;
typedef struct fnctx {
    fn_state state;
    const parse_token *toks; /* FN_LIST: the form's own tokens */
    size_t n;
    term_t name;
    int64_t arity;
} fnctx;

static void emit(epp *E, term_t form)
{
    if (E->nforms == E->formcap) {
        size_t cap = E->formcap ? E->formcap * 2 : 64;
        E->forms = alloc_resize(ALLOC_TEMP, E->forms, E->formcap * sizeof *E->forms, cap * sizeof *E->forms);
        E->formcap = cap;
    }
    E->forms[E->nforms++] = form;
}

static term_t tok_loc(epp *E, const parse_token *t)
{
    if (t->col == 0)
        return term_small(t->line);
    return term_tuple2(E->h, term_small(t->line), term_small(t->col));
}

/* {error, {Loc, epp, What}} */
static void emit_error(epp *E, term_t loc, term_t what)
{
    emit(E, term_tuple2(E->h, ATOM_error, term_tuple3(E->h, loc, A.epp, what)));
}

static bool fail_at(epp *E, const parse_token *t, term_t what)
{
    E->err = term_tuple2(E->h, tok_loc(E, t), what);
    return false;
}

static term_t cstr(heap_t *h, const char *s) { return term_string(h, s, strlen(s)); }

/* A list of the code points of UTF-8 text. */
static term_t utf8_term(heap_t *h, const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0, k; i < n; i += k, count++)
        unicode_decode_utf8((const unsigned char *)s + i, n - i, &k);
    term_t *tmp = alloc_new(ALLOC_TEMP, (count + 1) * sizeof *tmp);
    size_t j = 0;
    for (size_t i = 0, k; i < n; i += k)
        tmp[j++] = term_small(unicode_decode_utf8((const unsigned char *)s + i, n - i, &k));
    term_t l = term_list_from(h, tmp, count, NIL);
    alloc_free(ALLOC_TEMP, tmp, (count + 1) * sizeof *tmp);
    return l;
}

/* ---- the macro table ----------------------------------------------------------- */

static size_t mhash(term_t name, size_t cap) { return (size_t)((atom_index(name) * 0x9E3779B97F4A7C15u) >> 20) & (cap - 1); }

static macro *find_macro(epp *E, term_t name)
{
    if (!E->mtab_cap)
        return NULL;
    for (size_t i = mhash(name, E->mtab_cap);; i = (i + 1) & (E->mtab_cap - 1)) {
        int32_t s = E->mtab[i];
        if (s < 0)
            return NULL;
        if (E->macros[s].name == name)
            return E->macros[s].kind == M_FREE ? NULL : &E->macros[s];
    }
}

/* The slot for `name`, created (kind M_FREE) if new. */
static macro *slot_macro(epp *E, term_t name)
{
    if (E->nmacros * 2 >= E->mtab_cap) {
        size_t cap = E->mtab_cap ? E->mtab_cap * 2 : 256;
        int32_t *tab = alloc_new(ALLOC_TEMP, cap * sizeof *tab);
        for (size_t i = 0; i < cap; i++)
            tab[i] = -1;
        for (size_t s = 0; s < E->nmacros; s++) {
            size_t i = mhash(E->macros[s].name, cap);
            while (tab[i] >= 0)
                i = (i + 1) & (cap - 1);
            tab[i] = (int32_t)s;
        }
        if (E->mtab)
            alloc_free(ALLOC_TEMP, E->mtab, E->mtab_cap * sizeof *E->mtab);
        E->mtab = tab;
        E->mtab_cap = cap;
    }
    size_t i = mhash(name, E->mtab_cap);
    for (;; i = (i + 1) & (E->mtab_cap - 1)) {
        int32_t s = E->mtab[i];
        if (s < 0)
            break;
        if (E->macros[s].name == name)
            return &E->macros[s];
    }
    if (E->nmacros == E->mcap) {
        size_t cap = E->mcap ? E->mcap * 2 : 64;
        E->macros = alloc_resize(ALLOC_TEMP, E->macros, E->mcap * sizeof *E->macros, cap * sizeof *E->macros);
        E->mcap = cap;
    }
    macro *m = &E->macros[E->nmacros];
    memset(m, 0, sizeof *m);
    m->name = name;
    m->kind = M_FREE;
    E->mtab[i] = (int32_t)E->nmacros++;
    return m;
}

static void free_def(mdef *d)
{
    if (d->params)
        alloc_free(ALLOC_TEMP, d->params, (size_t)(d->arity > 0 ? d->arity : 1) * sizeof *d->params);
    tv_free(&d->body);
    if (d->uses)
        alloc_free(ALLOC_TEMP, d->uses, d->nuses * sizeof *d->uses);
    memset(d, 0, sizeof *d);
}

static void clear_macro(macro *m)
{
    for (size_t k = 0; k < m->ndefs; k++)
        free_def(&m->defs[k]);
    m->ndefs = 0;
    m->kind = M_FREE;
}

/* Adds a definition in front (newest first); takes over *d. */
static void add_def(macro *m, mdef *d)
{
    if (m->ndefs == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 2;
        m->defs = alloc_resize(ALLOC_TEMP, m->defs, m->cap * sizeof *m->defs, cap * sizeof *m->defs);
        m->cap = cap;
    }
    memmove(m->defs + 1, m->defs, m->ndefs * sizeof *m->defs);
    m->defs[0] = *d;
    m->ndefs++;
}

/* Makes `name` a predefined macro with a body of one token. */
static void set_predef(epp *E, term_t name, const parse_token *t)
{
    macro *m = slot_macro(E, name);
    clear_macro(m);
    mdef d;
    memset(&d, 0, sizeof d);
    d.arity = -1;
    if (t)
        tv_push(&d.body, t);
    m->kind = t ? M_PREDEF : M_UNDEF;
    if (t)
        add_def(m, &d);
}

static parse_token mk_tok(int kind, uint32_t line, uint32_t col)
{
    parse_token t;
    memset(&t, 0, sizeof t);
    t.kind = (uint8_t)kind;
    t.anno = col ? PARSE_ANNO_LOC : PARSE_ANNO_LINE;
    t.line = line;
    t.col = col;
    return t;
}

static parse_token string_tok(epp *E, const char *s, size_t n, uint32_t line, uint32_t col)
{
    parse_token t = mk_tok(LEX_STRING, line, col);
    t.off = parse_toks_add_text(&E->tk, s, n);
    t.len = (uint32_t)n;
    return t;
}

static void set_file_macro(epp *E, const char *name)
{
    parse_token t = string_tok(E, name, strlen(name), 1, 0);
    set_predef(E, A.file, &t);
}

/* FEATURE_AVAILABLE(X) / FEATURE_ENABLED(X), as ftr_macro/1 builds them. */
static void set_feature_macro(epp *E, term_t name, bool available)
{
    macro *m = slot_macro(E, name);
    clear_macro(m);
    mdef d;
    memset(&d, 0, sizeof d);
    d.arity = 1;
    d.params = alloc_new(ALLOC_TEMP, sizeof *d.params);
    d.params[0] = A.x;
    parse_token t;
    if (!available) {
        t = mk_tok(LEX_ATOM, 1, 0);
        t.v.atom = ATOM_false;
        tv_push(&d.body, &t);
    } else {
        /* ( ( X == maybe_expr ) ) */
        int kinds[] = {LEX_LPAREN, LEX_LPAREN, LEX_VAR, LEX_EQ, LEX_ATOM, LEX_RPAREN, LEX_RPAREN};
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            t = mk_tok(kinds[k], 1, 0);
            if (kinds[k] == LEX_VAR)
                t.v.atom = A.x;
            if (kinds[k] == LEX_ATOM)
                t.v.atom = A.maybe_expr;
            tv_push(&d.body, &t);
        }
    }
    m->kind = M_USER;
    add_def(m, &d);
}

static void predef_macros(epp *E, const char *file)
{
    set_file_macro(E, file);
    set_predef(E, A.function_name, NULL);
    set_predef(E, A.function_arity, NULL);
    parse_token t = mk_tok(LEX_INTEGER, 1, 0);
    t.v.i = 1;
    set_predef(E, A.line, &t);
    set_predef(E, A.module_, NULL);
    set_predef(E, A.module_string, NULL);
    set_predef(E, A.base_module, NULL);
    set_predef(E, A.base_module_string, NULL);
    t = mk_tok(LEX_ATOM, 1, 0);
    t.v.atom = A.beam;
    set_predef(E, A.machine, &t);
    t.v.atom = ATOM_true;
    set_predef(E, A.beam, &t);
    t = mk_tok(LEX_INTEGER, 1, 0);
    t.v.i = 25;
    set_predef(E, A.otp_release, &t);
    set_feature_macro(E, A.feature_available, true);
    set_feature_macro(E, A.feature_enabled, false);
}

/* ---- tokens of a term (erl_parse:tokens(erl_parse:abstract(T))) ---------- */

static bool term_tokens(epp *E, term_t t, tokvec *out, unsigned depth);

static void push_kind(tokvec *out, int kind)
{
    parse_token t = mk_tok(kind, 0, 0);
    tv_push(out, &t);
}

/* A list of valid code points (abstract/3's string test), as UTF-8 in a
 * new buffer of *cap bytes. */
static bool char_list_text(term_t l, char **s, size_t *n, size_t *cap)
{
    size_t len = 0;
    term_t x;
    for (x = l; term_is_list(x); x = list_tail(x)) {
        term_t c = list_head(x);
        if (!term_is_small(c))
            return false;
        int64_t v = small_value(c);
        if (v < 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || v == 0xFFFE || v == 0xFFFF)
            return false;
        len += 4;
    }
    if (!term_is_nil(x))
        return false;
    char *buf = alloc_new(ALLOC_TEMP, len + 1);
    size_t k = 0;
    for (x = l; term_is_list(x); x = list_tail(x))
        k += unicode_encode_utf8((uint32_t)small_value(list_head(x)), buf + k);
    *s = buf;
    *n = k;
    *cap = len + 1;
    return true;
}

static bool term_tokens(epp *E, term_t t, tokvec *out, unsigned depth)
{
    if (depth > EVAL_MAX_DEPTH)
        return false;
    parse_token tk = mk_tok(0, 0, 0);
    if (term_is_integer(t)) {
        tk.kind = LEX_INTEGER;
        int64_t v;
        if (int_to_int64(t, &v)) {
            tk.v.i = v;
        } else {
            size_t cap = int_chars_bound(t, 10);
            char *s = alloc_new(ALLOC_TEMP, cap);
            size_t n = int_to_chars(t, 10, s);
            bool neg = s[0] == '-';
            tk.flags = PARSE_TOK_BIG | (neg ? PARSE_TOK_NEG : 0);
            tk.base = 10;
            tk.off = parse_toks_add_text(&E->tk, s + neg, n - neg);
            tk.len = (uint32_t)(n - neg);
            alloc_free(ALLOC_TEMP, s, cap);
        }
        tv_push(out, &tk);
    } else if (term_is_float(t)) {
        tk.kind = LEX_FLOAT;
        tk.v.f = float_value(t);
        tv_push(out, &tk);
    } else if (term_is_atom(t)) {
        tk.kind = LEX_ATOM;
        tk.v.atom = t;
        tv_push(out, &tk);
    } else if (term_is_nil(t)) {
        push_kind(out, LEX_LBRACKET);
        push_kind(out, LEX_RBRACKET);
    } else if (term_is_list(t)) {
        char *s;
        size_t n, scap;
        if (char_list_text(t, &s, &n, &scap)) {
            tk = string_tok(E, s, n, 0, 0);
            tk.anno = PARSE_ANNO_LINE;
            alloc_free(ALLOC_TEMP, s, scap);
            tv_push(out, &tk);
            return true;
        }
        /* abstract_list/4: characters before the first non-character are
         * integers, what follows it is abstracted afresh. */
        push_kind(out, LEX_LBRACKET);
        bool first = true;
        term_t x = t;
        for (; term_is_list(x); x = list_tail(x)) {
            if (!first)
                push_kind(out, LEX_COMMA);
            first = false;
            term_t h = list_head(x);
            if (!term_tokens(E, h, out, depth + 1))
                return false;
            bool is_char = term_is_small(h) && small_value(h) >= 0 && small_value(h) <= 0x10FFFF &&
                           !(small_value(h) >= 0xD800 && small_value(h) <= 0xDFFF) &&
                           small_value(h) != 0xFFFE && small_value(h) != 0xFFFF;
            if (!is_char) {
                x = list_tail(x);
                break;
            }
        }
        /* x: the rest after the first non-character (abstracted as a
         * whole), or the tail. */
        if (term_is_list(x)) {
            if (char_list_text(x, &s, &n, &scap)) {
                push_kind(out, LEX_BAR);
                tk = string_tok(E, s, n, 0, 0);
                tk.anno = PARSE_ANNO_LINE;
                alloc_free(ALLOC_TEMP, s, scap);
                tv_push(out, &tk);
            } else {
                for (; term_is_list(x); x = list_tail(x)) {
                    push_kind(out, LEX_COMMA);
                    if (!term_tokens(E, list_head(x), out, depth + 1))
                        return false;
                }
                if (!term_is_nil(x)) {
                    push_kind(out, LEX_BAR);
                    if (!term_tokens(E, x, out, depth + 1))
                        return false;
                }
            }
        } else if (!term_is_nil(x)) {
            push_kind(out, LEX_BAR);
            if (!term_tokens(E, x, out, depth + 1))
                return false;
        }
        push_kind(out, LEX_RBRACKET);
    } else if (term_is_tuple(t)) {
        push_kind(out, LEX_LBRACE);
        for (uint64_t k = 0; k < tuple_arity(t); k++) {
            if (k)
                push_kind(out, LEX_COMMA);
            if (!term_tokens(E, tuple_get(t, k), out, depth + 1))
                return false;
        }
        push_kind(out, LEX_RBRACE);
    } else if (term_is_map(t)) {
        push_kind(out, LEX_HASH);
        push_kind(out, LEX_LBRACE);
        map_iter it;
        term_t k, v;
        bool first = true;
        map_iter_init(&it, t);
        while (map_iter_next(&it, &k, &v)) {
            if (!first)
                push_kind(out, LEX_COMMA);
            first = false;
            if (!term_tokens(E, k, out, depth + 1))
                return false;
            push_kind(out, LEX_ASSOC);
            if (!term_tokens(E, v, out, depth + 1))
                return false;
        }
        push_kind(out, LEX_RBRACE);
    } else {
        return false; /* binaries, funs: erl_parse:tokens/1 has no clause */
    }
    return true;
}

/* user_predef/2 for one option. */
static bool user_predef(epp *E, const epp_macro *pm)
{
    term_t name;
    if (atom_intern(pm->name, strlen(pm->name), &name) != ATOM_OK)
        return false;
    macro *m = find_macro(E, name);
    if (m)
        return false; /* {redefine, M} or {redefine_predef, M} */
    heap_t th;
    heap_init(&th, ALLOC_TEMP);
    term_t v = ATOM_true;
    bool ok = true;
    if (pm->value) {
        read_error re;
        ok = read_term(&th, pm->value, strlen(pm->value), &v, &re) == READ_OK ||
             read_term_nodot(&th, pm->value, strlen(pm->value), &v, &re) == READ_OK;
    }
    mdef d;
    memset(&d, 0, sizeof d);
    d.arity = -1;
    if (ok)
        ok = term_tokens(E, v, &d.body, 0);
    heap_destroy(&th);
    if (!ok) {
        free_def(&d);
        return false;
    }
    m = slot_macro(E, name);
    m->kind = M_USER;
    add_def(m, &d);
    return true;
}

/* ---- file names -------------------------------------------------------------- */

/* filename:join/2 on Unix: "//" and "/./" collapse, a trailing "/" goes. */
static char *join_path(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *r = alloc_new(ALLOC_TEMP, la + lb + 2);
    size_t n = 0;
    const char *parts[2] = {a, b};
    size_t from = 0;
    if (b[0] == '/')
        from = 1; /* an absolute second name stands alone */
    for (size_t p = from; p < 2; p++) {
        const char *s = parts[p];
        for (size_t i = 0; s[i]; i++) {
            char c = s[i];
            if (c == '/') {
                if (n >= 2 && r[n - 1] == '.' && r[n - 2] == '/') {
                    n--; /* "/." then "/": drop the "." */
                    continue;
                }
                if (n >= 1 && r[n - 1] == '/')
                    continue;
            }
            r[n++] = c;
        }
        if (p == 0 && from == 0) {
            if (n >= 2 && r[n - 1] == '.' && r[n - 2] == '/')
                n--;
            else if (!(n >= 1 && r[n - 1] == '/'))
                r[n++] = '/';
        }
    }
    if (n > 1 && r[n - 1] == '/')
        n--;
    r[n] = '\0';
    char *out = alloc_strndup(ALLOC_TEMP, r, n);
    alloc_free(ALLOC_TEMP, r, la + lb + 2);
    return out;
}

/* file:path_open's name for Dir and Name: Name itself for ".". */
static char *fname_join(const char *dir, const char *name)
{
    if (strcmp(dir, ".") == 0)
        return alloc_strndup(ALLOC_TEMP, name, strlen(name));
    return join_path(dir, name);
}

/* filename:dirname/1 on Unix. */
static char *dir_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return alloc_strndup(ALLOC_TEMP, ".", 1);
    size_t n = (size_t)(slash - path);
    while (n > 0 && path[n - 1] == '/')
        n--;
    if (n == 0)
        return alloc_strndup(ALLOC_TEMP, "/", 1);
    return alloc_strndup(ALLOC_TEMP, path, n);
}

/* A copy of source text s[0..n) with a NUL after it, to free with
 * alloc_free(ALLOC_TEMP, copy, n + 1). Not alloc_strndup, which stops at
 * the first NUL: source text may hold NULs (erl_scan takes them as white
 * space), and the lexer reads n bytes. */
static char *copy_text(const char *s, size_t n)
{
    char *d = alloc_new(ALLOC_TEMP, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static bool read_whole(const char *path, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || S_ISDIR(st.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return false;
    }
    size_t cap = 4096, n = 0;
    char *buf = alloc_new(ALLOC_TEMP, cap);
    for (;;) {
        if (n == cap) {
            buf = alloc_resize(ALLOC_TEMP, buf, cap, cap * 2);
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0)
            break;
    }
    bool ok = !ferror(f);
    fclose(f);
    if (!ok) {
        alloc_free(ALLOC_TEMP, buf, cap);
        return false;
    }
    *out = copy_text(buf, n);
    *len = n;
    alloc_free(ALLOC_TEMP, buf, cap);
    return true;
}

/* epp:read_encoding_from_file(File, true): a "coding: latin-1" comment in
 * the first two lines makes the file latin1. */
static bool is_latin1_file(const char *s, size_t n)
{
    size_t i = 0;
    int line = 0;
    bool in_comment = false;
    while (i < n && line < 2) {
        char c = s[i];
        if (c == '\n') {
            line++;
            in_comment = false;
            i++;
            continue;
        }
        if (!in_comment) {
            if (c == '%')
                in_comment = true;
            i++;
            continue;
        }
        if (c != 'c' || n - i < 6 || memcmp(s + i + 1, "oding", 5) != 0) {
            i++;
            continue;
        }
        size_t j = i + 6;
        while (j < n && s[j] == ' ')
            j++;
        if (j >= n || (s[j] != ':' && s[j] != '=')) {
            i++;
            continue;
        }
        j++;
        while (j < n && s[j] == ' ')
            j++;
        /* parts of [A-Za-z0-9]+ separated by '-' */
        char parts[2][8];
        size_t np = 0, pl = 0;
        memset(parts, 0, sizeof parts);
        for (; j < n; j++) {
            char d = s[j];
            if ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z') || (d >= '0' && d <= '9')) {
                if (np < 2 && pl < 7)
                    parts[np][pl] = (char)(d >= 'A' && d <= 'Z' ? d + 32 : d);
                pl++;
            } else if (d == '-') {
                if (np < 2 && pl >= 7)
                    parts[np][0] = '#';
                np++;
                pl = 0;
            } else {
                break;
            }
        }
        if (np < 2 && pl >= 7)
            parts[np][0] = '#';
        return strcmp(parts[0], "latin") == 0 && strcmp(parts[1], "1") == 0;
    }
    return false;
}

/* ---- files ------------------------------------------------------------------------ */

static efile *new_file(const char *path, char *text, size_t len)
{
    efile *f = alloc_zeroed(ALLOC_TEMP, sizeof *f);
    f->path = alloc_strndup(ALLOC_TEMP, path, strlen(path));
    f->name2 = alloc_strndup(ALLOC_TEMP, path, strlen(path));
    f->dir = dir_name(path);
    if (is_latin1_file(text, len)) {
        /* read as latin1: each byte one character */
        size_t ucap = 2 * len + 1;
        char *u = alloc_new(ALLOC_TEMP, ucap);
        size_t k = 0;
        for (size_t i = 0; i < len; i++)
            k += unicode_encode_utf8((unsigned char)text[i], u + k);
        alloc_free(ALLOC_TEMP, text, len + 1);
        text = copy_text(u, k);
        len = k;
        alloc_free(ALLOC_TEMP, u, ucap);
    }
    f->text = text;
    f->len = len;
    lex_init(&f->ls, f->text, f->len, 1, 1, 0);
    return f;
}

static void free_file(efile *f)
{
    lex_destroy(&f->ls);
    alloc_strfree(ALLOC_TEMP, f->path);
    alloc_strfree(ALLOC_TEMP, f->name2);
    alloc_strfree(ALLOC_TEMP, f->dir);
    if (f->text)
        alloc_free(ALLOC_TEMP, f->text, f->len + 1);
    if (f->istk)
        alloc_free(ALLOC_TEMP, f->istk, f->icap * sizeof *f->istk);
    alloc_free(ALLOC_TEMP, f, sizeof *f);
}

static efile *cur_file(epp *E) { return E->files[E->nfiles - 1]; }

static void istk_push(efile *f, int i)
{
    if (f->nistk == f->icap) {
        size_t cap = f->icap ? f->icap * 2 : 8;
        f->istk = alloc_resize(ALLOC_TEMP, f->istk, f->icap * sizeof *f->istk, cap * sizeof *f->istk);
        f->icap = cap;
    }
    f->istk[f->nistk++] = i;
}

static void skip_push(epp *E, int i)
{
    if (E->nskip == E->scap) {
        size_t cap = E->scap ? E->scap * 2 : 8;
        E->skip = alloc_resize(ALLOC_TEMP, E->skip, E->scap * sizeof *E->skip, cap * sizeof *E->skip);
        E->scap = cap;
    }
    E->skip[E->nskip++] = i;
}

static term_t istk_atom(int i)
{
    switch (i) {
    case I_IFDEF:
        return A.ifdef;
    case I_IFNDEF:
        return A.ifndef;
    case I_IF:
        return A.if_;
    case I_ELSE:
        return A.else_;
    default:
        return A.elif;
    }
}

/* {attribute, Anno, file, {Name, Line}}: what epp's enter_file_reply
 * tokens parse to. */
static void emit_file_attr(epp *E, const char *name, uint32_t line, uint32_t col, bool generated, int64_t fline)
{
    term_t loc = col ? term_tuple2(E->h, term_small(line), term_small(col)) : term_small(line);
    term_t anno = loc;
    if (generated) {
        term_t g = term_tuple2(E->h, atom_from_cstr("generated"), ATOM_true);
        term_t l = term_tuple2(E->h, atom_from_cstr("location"), loc);
        anno = term_cons(E->h, g, term_cons(E->h, l, NIL));
    }
    term_t val = term_tuple2(E->h, utf8_term(E->h, name, strlen(name)), term_int64(E->h, fline));
    term_t elems[4] = {ATOM_attribute, anno, ATOM_file, val};
    emit(E, term_tuple(E->h, 4, elems));
}

/* ---- scanning one form -------------------------------------------------------------- */

typedef enum { SCAN_FORM, SCAN_ERROR, SCAN_EOF } scan_result;

/* io:scan_erl_form/4: the tokens of the next form into E->tk (reset),
 * up to the dot or the end of the file. */
static scan_result scan_form(epp *E, term_t *err)
{
    efile *f = cur_file(E);
    E->tk.n = 0;
    lex_token t;
    for (;;) {
        if (!lex_next(&f->ls, &t)) {
            *err = parse_scan_error(E->h, &f->ls);
            return SCAN_ERROR;
        }
        if (t.kind == LEX_EOF)
            return E->tk.n ? SCAN_FORM : SCAN_EOF;
        if (!parse_toks_push_lex(&E->tk, &t, f->text, true)) {
            *err = term_tuple3(E->h, term_tuple2(E->h, term_small(t.line), term_small(t.col)),
                               atom_from_cstr("erl_scan"),
                               term_tuple2(E->h, A.illegal, ATOM_atom));
            return SCAN_ERROR;
        }
        if (t.kind == LEX_DOT)
            return SCAN_FORM;
    }
}

/* ---- macro expansion ------------------------------------------------------------ */

#define TOP(st, k) ((st)->v[(st)->n - 1 - (k)])

/* The position just after one macro argument that starts at stack
 * position k (macro_arg/3): where a ',' or ')' at bracket depth 0 is, or
 * the end of the input. */
static size_t arg_end(const tokvec *in, size_t k)
{
    int stack[64];
    int *cl = stack;
    size_t ncl = 0, ccap = 64;
    size_t j = k;
    for (; j < in->n; j++) {
        int kd = TOP(in, j).kind;
        if (ncl == 0 && (kd == LEX_COMMA || kd == LEX_RPAREN))
            break;
        int push = -1;
        switch (kd) {
        case LEX_LPAREN:
            push = LEX_RPAREN;
            break;
        case LEX_LTLT:
            push = LEX_GTGT;
            break;
        case LEX_LBRACKET:
            push = LEX_RBRACKET;
            break;
        case LEX_LBRACE:
            push = LEX_RBRACE;
            break;
        case LEX_KW_BEGIN:
        case LEX_KW_IF:
        case LEX_KW_CASE:
        case LEX_KW_RECEIVE:
        case LEX_KW_TRY:
        case LEX_KW_COND:
            push = LEX_KW_END;
            break;
        case LEX_KW_FUN:
            if (j + 1 < in->n && TOP(in, j + 1).kind == LEX_LPAREN) {
                push = LEX_KW_END;
            } else if (j + 2 < in->n && TOP(in, j + 1).kind == LEX_VAR && TOP(in, j + 2).kind == LEX_LPAREN) {
                push = LEX_KW_END;
                j++;
            }
            break;
        default:
            if (ncl && kd == cl[ncl - 1])
                ncl--;
            break;
        }
        if (push >= 0) {
            if (ncl == ccap) {
                int *bigger = alloc_new(ALLOC_TEMP, 2 * ccap * sizeof *bigger);
                memcpy(bigger, cl, ncl * sizeof *cl);
                if (cl != stack)
                    alloc_free(ALLOC_TEMP, cl, ccap * sizeof *cl);
                cl = bigger;
                ccap *= 2;
            }
            cl[ncl++] = push;
        }
    }
    if (cl != stack)
        alloc_free(ALLOC_TEMP, cl, ccap * sizeof *cl);
    return j;
}

/* count_args/3 on the input after a macro name (stack position 0). Sets
 * *arity (-1: none); false with E->err on a badly formed call. */
static bool count_args(epp *E, const tokvec *in, const parse_token *mac, int *arity)
{
    term_t name = mac->v.atom;
    if (in->n == 0 || TOP(in, 0).kind != LEX_LPAREN) {
        *arity = -1;
        return true;
    }
    if (in->n > 1 && TOP(in, 1).kind == LEX_RPAREN) {
        *arity = 0;
        return true;
    }
    if (in->n > 1 && TOP(in, 1).kind == LEX_COMMA)
        return fail_at(E, mac, term_tuple2(E->h, A.arg_error, name));
    size_t j = arg_end(in, 1);
    int n = 1;
    for (;;) {
        if (j >= in->n)
            return fail_at(E, mac, term_tuple2(E->h, A.arg_error, name));
        int k = TOP(in, j).kind;
        if (k == LEX_RPAREN) {
            *arity = n;
            return true;
        }
        if (k != LEX_COMMA)
            return fail_at(E, mac, term_tuple2(E->h, A.mismatch, name));
        if (j + 1 < in->n && TOP(in, j + 1).kind == LEX_RPAREN)
            return fail_at(E, mac, term_tuple2(E->h, A.arg_error, name));
        j = arg_end(in, j + 1);
        n++;
    }
}

/* Copies the annotation of `from` onto `t` (setelement(2, T, Anno)). */
static void set_anno(parse_token *t, const parse_token *from)
{
    t->line = from->line;
    t->col = from->col;
    t->anno = from->anno;
    if (from->anno == PARSE_ANNO_TEXT) {
        bool has_value_text = t->kind == LEX_STRING || (t->kind == LEX_INTEGER && (t->flags & PARSE_TOK_BIG));
        if (has_value_text) {
            t->anno = PARSE_ANNO_LOC; /* our token has one text slot */
        } else {
            t->off = from->off;
            t->len = from->len;
        }
    }
}

/* Text epp's stringify/2 uses for a token (token_src/1). */
static void token_src(epp *E, const parse_token *t, char **buf, size_t *n, size_t *cap)
{
    char tmp[64];
    const char *s = NULL;
    size_t len = 0;
    char *dyn = NULL;
    size_t dcap = 0;
    switch (t->kind) {
    case LEX_DOT:
        s = ".";
        len = 1;
        break;
    case LEX_VAR: {
        s = atom_text(t->v.atom, &len);
        break;
    }
    case LEX_OTHER:
        len = unicode_encode_utf8(t->v.ch, tmp);
        s = tmp;
        break;
    case LEX_ATOM:
    case LEX_CHAR:
    case LEX_STRING:
    case LEX_FLOAT: {
        lex_token lt;
        memset(&lt, 0, sizeof lt);
        lt.kind = (lex_kind)t->kind;
        if (t->kind == LEX_ATOM) {
            lt.text = atom_text(t->v.atom, &lt.len);
        } else if (t->kind == LEX_STRING) {
            lt.text = E->tk.text + t->off;
            lt.len = t->len;
        } else if (t->kind == LEX_CHAR) {
            lt.ch = t->v.ch;
        } else {
            lt.fval = t->v.f;
        }
        dcap = 16 + 12 * (lt.len + 1);
        dyn = alloc_new(ALLOC_TEMP, dcap);
        len = lex_token_text(&lt, dyn, dcap);
        s = dyn;
        break;
    }
    case LEX_INTEGER:
        if (!(t->flags & PARSE_TOK_BIG)) {
            len = (size_t)snprintf(tmp, sizeof tmp, "%lld", (long long)t->v.i);
            s = tmp;
        } else {
            heap_t th;
            heap_init(&th, ALLOC_TEMP);
            term_t v;
            if (int_from_digits(&th, E->tk.text + t->off, t->len, t->base, (t->flags & PARSE_TOK_NEG) != 0, &v)) {
                dcap = int_chars_bound(v, 10) + 1;
                dyn = alloc_new(ALLOC_TEMP, dcap);
                len = int_to_chars(v, 10, dyn);
                s = dyn;
            }
            heap_destroy(&th);
        }
        break;
    default:
        s = lex_kind_name((lex_kind)t->kind);
        len = strlen(s);
        break;
    }
    if (*n + len + 2 > *cap) {
        size_t nc = *cap ? *cap : 64;
        while (nc < *n + len + 2)
            nc *= 2;
        *buf = alloc_resize(ALLOC_TEMP, *buf, *cap, nc);
        *cap = nc;
    }
    if (*n)
        (*buf)[(*n)++] = ' ';
    if (len)
        memcpy(*buf + *n, s, len);
    *n += len;
    if (dyn)
        alloc_free(ALLOC_TEMP, dyn, dcap);
}

/* expand_macro/4: the body with arguments substituted and locations set. */
static void substitute(epp *E, const mdef *d, const parse_token *call, tokvec *args, tokvec *out)
{
    parse_token cur = *call; /* carries the current annotation */
    const parse_token *b = d->body.v;
    size_t nb = d->body.n;
    for (size_t i = 0; i < nb; i++) {
        int bound = -1;
        if (b[i].kind == LEX_VAR) {
            for (int p = 0; p < d->arity; p++)
                if (d->params[p] == b[i].v.atom)
                    bound = p;
            if (bound >= 0) {
                for (size_t k = 0; k < args[bound].n; k++)
                    tv_push(out, &args[bound].v[k]);
                cur = args[bound].v[args[bound].n - 1];
                continue;
            }
        }
        if (b[i].kind == LEX_QUESTION && i + 2 < nb && b[i + 1].kind == LEX_QUESTION && b[i + 2].kind == LEX_VAR) {
            for (int p = 0; p < d->arity; p++)
                if (d->params[p] == b[i + 2].v.atom)
                    bound = p;
            if (bound >= 0) {
                char *s = NULL;
                size_t n = 0, cap = 0;
                for (size_t k = 0; k < args[bound].n; k++)
                    token_src(E, &args[bound].v[k], &s, &n, &cap);
                parse_token st = string_tok(E, s ? s : "", n, 0, 0);
                set_anno(&st, &cur);
                tv_push(out, &st);
                if (s)
                    alloc_free(ALLOC_TEMP, s, cap);
            } else {
                parse_token v = b[i + 2];
                set_anno(&v, &cur);
                tv_push(out, &v);
            }
            i += 2;
            continue;
        }
        parse_token t = b[i];
        set_anno(&t, &cur);
        tv_push(out, &t);
    }
}

/* check_uses/4: a circular definition is an error at `mac`. */
typedef struct visit {
    mref m;
    size_t next; /* next use to follow */
    const mref *uses;
    size_t nuses;
} visit;

static void uses_of(epp *E, mref r, const mref **uses, size_t *n)
{
    *uses = NULL;
    *n = 0;
    macro *m = find_macro(E, r.name);
    if (!m || m->kind != M_USER)
        return;
    const mdef *fallback = NULL;
    for (size_t k = 0; k < m->ndefs; k++) {
        const mdef *d = &m->defs[k];
        if (!d->has_uses)
            continue;
        if (d->arity == r.arity) {
            *uses = d->uses;
            *n = d->nuses;
            return;
        }
        if (d->arity == -1 && !fallback)
            fallback = d;
    }
    if (fallback) {
        *uses = fallback->uses;
        *n = fallback->nuses;
    }
}

static bool check_uses(epp *E, mref start, const parse_token *mac)
{
    size_t cap = 16, n = 0;
    visit *st = alloc_new(ALLOC_TEMP, cap * sizeof *st);
    size_t ccap = 16, nclean = 0;
    mref *clean = alloc_new(ALLOC_TEMP, ccap * sizeof *clean);
    bool ok = true;
    st[n].m = start;
    st[n].next = 0;
    uses_of(E, start, &st[n].uses, &st[n].nuses);
    n++;
    while (n && ok) {
        visit *v = &st[n - 1];
        if (v->next == v->nuses) {
            if (nclean == ccap) {
                clean = alloc_resize(ALLOC_TEMP, clean, ccap * sizeof *clean, 2 * ccap * sizeof *clean);
                ccap *= 2;
            }
            clean[nclean++] = v->m;
            n--;
            continue;
        }
        mref u = v->uses[v->next++];
        bool on_path = false, done = false;
        for (size_t k = 0; k < n; k++)
            if (st[k].m.name == u.name && st[k].m.arity == u.arity)
                on_path = true;
        if (on_path) {
            term_t ar = u.arity < 0 ? A.none : term_small(u.arity);
            ok = fail_at(E, mac, term_tuple3(E->h, A.circular, u.name, ar));
            break;
        }
        for (size_t k = 0; k < nclean && !done; k++)
            if (clean[k].name == u.name && clean[k].arity == u.arity)
                done = true;
        if (done)
            continue;
        if (n == cap) {
            st = alloc_resize(ALLOC_TEMP, st, cap * sizeof *st, 2 * cap * sizeof *st);
            cap *= 2;
        }
        st[n].m = u;
        st[n].next = 0;
        uses_of(E, u, &st[n].uses, &st[n].nuses);
        n++;
    }
    alloc_free(ALLOC_TEMP, st, cap * sizeof *st);
    alloc_free(ALLOC_TEMP, clean, ccap * sizeof *clean);
    return ok;
}

static bool expand_seq(epp *E, const parse_token *toks, size_t n, tokvec *out, fnctx *fc, unsigned depth);

/* update_fun_name/2 for ?FUNCTION_NAME / ?FUNCTION_ARITY at `tok`. */
static bool update_fun_name(epp *E, fnctx *fc, const parse_token *tok, unsigned depth)
{
    if (fc->state != FN_LIST)
        return true;
    tokvec x = {0};
    fnctx undef = {FN_UNDEF, NULL, 0, 0, 0};
    term_t saved = E->err;
    if (!expand_seq(E, fc->toks, fc->n, &x, &undef, depth + 1)) {
        E->err = saved;
        fc->state = FN_KNOWN;
        fc->name = A.underscore;
        fc->arity = 0;
        tv_free(&x);
        return true;
    }
    bool ok = true;
    if (x.n >= 2 && x.v[0].kind == LEX_ATOM && x.v[1].kind == LEX_LPAREN) {
        int64_t arity = 0;
        int level = 1;
        for (size_t k = 2; k < x.n; k++) {
            int kd = x.v[k].kind;
            bool is_value = kd == LEX_ATOM || kd == LEX_VAR || kd == LEX_INTEGER || kd == LEX_FLOAT ||
                            kd == LEX_CHAR || kd == LEX_STRING;
            if (!is_value && kd == LEX_COMMA) {
                if (level == 1)
                    arity++;
            } else if (!is_value && (kd == LEX_LPAREN || kd == LEX_LBRACE || kd == LEX_LBRACKET || kd == LEX_LTLT)) {
                level++;
            } else if (!is_value && (kd == LEX_RPAREN || kd == LEX_RBRACE || kd == LEX_RBRACKET || kd == LEX_GTGT)) {
                if (level == 1)
                    break;
                level--;
            } else if (arity == 0) {
                arity = 1;
            }
        }
        fc->state = FN_KNOWN;
        fc->name = x.v[0].v.atom;
        fc->arity = arity;
    } else if (x.n >= 1 && x.v[0].kind == LEX_QUESTION) {
        ok = fail_at(E, tok, term_tuple2(E->h, A.illegal_function_usage, tok->v.atom));
    } else {
        ok = fail_at(E, tok, term_tuple2(E->h, A.illegal_function, tok->v.atom));
    }
    tv_free(&x);
    return ok;
}

/* Text of a token after '?' that cannot name a macro, as
 * io_lib:fwrite("~tp", [erl_scan:symbol(Token)]) writes it. */
static void call_text(epp *E, const parse_token *t, char **s, size_t *n, size_t *cap)
{
    parse_token u = *t;
    switch (t->kind) {
    case LEX_CHAR:
        u.kind = LEX_INTEGER;
        u.flags = 0;
        u.v.i = t->v.ch;
        break;
    case LEX_INTEGER:
    case LEX_FLOAT:
    case LEX_STRING:
        break;
    default: {
        /* {Category, Anno}: the category atom, quoted as needed */
        char tmp[8];
        const char *name = tmp;
        if (t->kind == LEX_DOT)
            name = "dot";
        else if (t->kind == LEX_OTHER)
            tmp[unicode_encode_utf8(t->v.ch, tmp)] = '\0';
        else
            name = lex_kind_name((lex_kind)t->kind);
        u = mk_tok(LEX_ATOM, 0, 0);
        u.v.atom = atom_from_cstr(name);
        break;
    }
    }
    token_src(E, &u, s, n, cap);
}

/* macro_args: the arguments of a call at the top of `in` (after the
 * name), popped with their parentheses into args[0..arity). */
static bool bind_args(epp *E, tokvec *in, const parse_token *mac, int arity, tokvec *args)
{
    term_t name = mac->v.atom;
    if (arity == 0) {
        in->n -= 2; /* '(' ')' */
        return true;
    }
    size_t j = 1;
    for (int a = 0; a < arity; a++) {
        size_t end = arg_end(in, j);
        if (end == j)
            return fail_at(E, mac, term_tuple2(E->h, A.mismatch, name));
        for (size_t k = j; k < end; k++)
            tv_push(&args[a], &TOP(in, k));
        j = end + 1; /* past ',' or ')' */
    }
    in->n -= j;
    return true;
}

/* One macro call ?M at the top of `in` (the '?' and the name popped):
 * the expansion is pushed back onto `in`, to be rescanned with the rest. */
static bool expand_call(epp *E, tokvec *in, const parse_token *mac, fnctx *fc, unsigned depth)
{
    term_t name = mac->v.atom;
    int arity;
    if (!count_args(E, in, mac, &arity))
        return false;
    term_t ar = arity < 0 ? A.none : term_small(arity);
    macro *m = find_macro(E, name);
    if (!m || m->kind == M_UNDEF)
        return fail_at(E, mac, term_tuple3(E->h, A.undefined, name, ar));
    const mdef *d = NULL;
    if (m->kind == M_PREDEF || (m->ndefs == 1 && m->defs[0].arity == -1)) {
        d = &m->defs[0];
    } else {
        for (size_t k = 0; k < m->ndefs && !d; k++)
            if (m->defs[k].arity == arity)
                d = &m->defs[k];
        if (!d)
            return fail_at(E, mac, term_tuple2(E->h, A.mismatch, name));
    }
    if (++E->expansions > EPP_MAX_EXPANSIONS || depth > EPP_MAX_NESTING)
        return fail_at(E, mac, term_tuple2(E->h, A.depth, term_string(E->h, "macro", 5)));
    mref self = {name, d->arity};
    if (!check_uses(E, self, mac))
        return false;
    tokvec body = {0};
    bool ok = true;
    if (d->arity < 0) {
        tokvec sub = {0};
        substitute(E, d, mac, NULL, &sub);
        ok = expand_seq(E, sub.v, sub.n, &body, fc, depth + 1);
        tv_free(&sub);
    } else {
        tokvec *args = alloc_zeroed(ALLOC_TEMP, (size_t)(d->arity ? d->arity : 1) * sizeof *args);
        ok = bind_args(E, in, mac, d->arity, args);
        if (ok)
            substitute(E, d, mac, args, &body);
        for (int a = 0; a < d->arity; a++)
            tv_free(&args[a]);
        alloc_free(ALLOC_TEMP, args, (size_t)(d->arity ? d->arity : 1) * sizeof *args);
    }
    if (ok)
        tv_push_rev(in, body.v, body.n);
    tv_free(&body);
    return ok;
}

/* expand_macros/2 over toks[0..n), appending to `out`. */
static bool expand_seq(epp *E, const parse_token *toks, size_t n, tokvec *out, fnctx *fc, unsigned depth)
{
    if (depth > EPP_MAX_NESTING) {
        if (n)
            return fail_at(E, &toks[0], term_tuple2(E->h, A.depth, term_string(E->h, "macro", 5)));
        return true;
    }
    tokvec in = {0};
    tv_push_rev(&in, toks, n);
    bool ok = true;
    while (ok && in.n) {
        parse_token t = TOP(&in, 0);
        if (t.kind != LEX_QUESTION || in.n < 2) {
            tv_push(out, &t);
            in.n--;
            continue;
        }
        parse_token m = TOP(&in, 1);
        if (m.kind == LEX_ATOM) {
            in.n -= 2;
            ok = expand_call(E, &in, &m, fc, depth);
        } else if (m.kind == LEX_VAR && (m.v.atom == A.function_name || m.v.atom == A.function_arity)) {
            in.n -= 2;
            if (fc->state == FN_LIST && !update_fun_name(E, fc, &m, depth)) {
                ok = false;
                break;
            }
            if (fc->state != FN_KNOWN) {
                tv_push(out, &t);
                tv_push(out, &m);
            } else {
                parse_token r = m;
                if (m.v.atom == A.function_name) {
                    r.kind = LEX_ATOM;
                    r.v.atom = fc->name;
                } else {
                    r.kind = LEX_INTEGER;
                    r.flags = 0;
                    r.v.i = fc->arity;
                }
                tv_push(out, &r);
            }
        } else if (m.kind == LEX_VAR && m.v.atom == A.line) {
            in.n -= 2;
            parse_token r = m;
            r.kind = LEX_INTEGER;
            r.flags = 0;
            r.v.i = m.line;
            tv_push(out, &r);
        } else if (m.kind == LEX_VAR) {
            in.n -= 2;
            ok = expand_call(E, &in, &m, fc, depth);
        } else {
            char *s = NULL;
            size_t sn = 0, cap = 0;
            call_text(E, &m, &s, &sn, &cap);
            /* [$? | io_lib:fwrite("~tp", [Symbol])]: the text is one
             * element of a deep list */
            term_t txt = term_cons(E->h, utf8_term(E->h, s ? s : "", sn), NIL);
            ok = fail_at(E, &m, term_tuple2(E->h, A.call, term_cons(E->h, term_small('?'), txt)));
            if (s)
                alloc_free(ALLOC_TEMP, s, cap);
        }
    }
    tv_free(&in);
    return ok;
}

/* The macros a body uses (macro_uses/1), sorted and unique; false with
 * E->err when a call in it is badly formed. */
static bool macro_uses(epp *E, mdef *d)
{
    tokvec in = {0};
    tv_push_rev(&in, d->body.v, d->body.n);
    size_t cap = 8, n = 0;
    mref *u = alloc_new(ALLOC_TEMP, cap * sizeof *u);
    bool ok = true;
    while (in.n) {
        if (TOP(&in, 0).kind == LEX_QUESTION && in.n >= 2 && TOP(&in, 1).kind == LEX_QUESTION) {
            in.n -= 2;
            continue;
        }
        if (TOP(&in, 0).kind == LEX_QUESTION && in.n >= 2 &&
            (TOP(&in, 1).kind == LEX_ATOM || TOP(&in, 1).kind == LEX_VAR)) {
            parse_token m = TOP(&in, 1);
            in.n -= 2;
            int arity;
            if (!count_args(E, &in, &m, &arity)) {
                ok = false;
                break;
            }
            bool seen = false;
            for (size_t k = 0; k < n; k++)
                if (u[k].name == m.v.atom && u[k].arity == arity)
                    seen = true;
            if (!seen) {
                if (n == cap) {
                    u = alloc_resize(ALLOC_TEMP, u, cap * sizeof *u, 2 * cap * sizeof *u);
                    cap *= 2;
                }
                u[n].name = m.v.atom;
                u[n].arity = arity;
                n++;
            }
            continue;
        }
        in.n--;
    }
    tv_free(&in);
    if (!ok) {
        alloc_free(ALLOC_TEMP, u, cap * sizeof *u);
        return false;
    }
    d->has_uses = true;
    d->nuses = n;
    d->uses = n ? alloc_new(ALLOC_TEMP, n * sizeof *u) : NULL;
    if (n)
        memcpy(d->uses, u, n * sizeof *u);
    alloc_free(ALLOC_TEMP, u, cap * sizeof *u);
    return true;
}

/* ---- directives ------------------------------------------------------------------ */

#define TAG_VAR_OR_ATOM (-1)

/* find_mismatch/3: the first token that breaks the expected shape, or the
 * last matching one (t0 if none) when the tokens run out. */
static const parse_token *find_mismatch(const int *tags, size_t ntags, const parse_token *toks, size_t n,
                                        const parse_token *t0)
{
    size_t i = 0;
    for (; i < ntags && i < n; i++) {
        int k = toks[i].kind;
        bool ok = tags[i] == TAG_VAR_OR_ATOM ? (k == LEX_VAR || k == LEX_ATOM) : k == tags[i];
        if (!ok)
            break;
        t0 = &toks[i];
    }
    return i < n ? &toks[i] : t0;
}

static const parse_token *no_match(const parse_token *toks, size_t n, const parse_token *t0)
{
    return n ? &toks[0] : t0;
}

static bool shape_is(const int *tags, size_t ntags, const parse_token *toks, size_t n)
{
    if (n != ntags)
        return false;
    for (size_t i = 0; i < n; i++) {
        int k = toks[i].kind;
        bool ok = tags[i] == TAG_VAR_OR_ATOM ? (k == LEX_VAR || k == LEX_ATOM) : k == tags[i];
        if (!ok)
            return false;
    }
    return true;
}

static void error_bad(epp *E, const parse_token *t, term_t what)
{
    emit_error(E, tok_loc(E, t), term_tuple2(E->h, A.bad, what));
}

/* coalesce_strings/1 into a fresh vector. */
static void coalesce(epp *E, const parse_token *toks, size_t n, tokvec *out)
{
    for (size_t i = 0; i < n; i++) {
        if (toks[i].kind != LEX_STRING || i + 1 >= n || toks[i + 1].kind != LEX_STRING) {
            tv_push(out, &toks[i]);
            continue;
        }
        size_t total = 0, j = i;
        for (; j < n && toks[j].kind == LEX_STRING; j++)
            total += toks[j].len;
        char *buf = alloc_new(ALLOC_TEMP, total + 1);
        size_t k = 0;
        for (size_t m = i; m < j; m++) {
            memcpy(buf + k, E->tk.text + toks[m].off, toks[m].len);
            k += toks[m].len;
        }
        parse_token t = toks[i];
        t.off = parse_toks_add_text(&E->tk, buf, k);
        t.len = (uint32_t)k;
        alloc_free(ALLOC_TEMP, buf, total + 1);
        tv_push(out, &t);
        i = j - 1;
    }
}

/* A string token's text as a C string (cut at a NUL: it names a file). */
static char *token_string(epp *E, const parse_token *t)
{
    const char *s = E->tk.text + t->off;
    return alloc_strndup(ALLOC_TEMP, s, t->len);
}

/* -define(...) */
static void scan_define(epp *E, const parse_token *toks, size_t n, const parse_token *def)
{
    static const int shape[] = {LEX_LPAREN, TAG_VAR_OR_ATOM};
    if (n < 2 || toks[0].kind != LEX_LPAREN || (toks[1].kind != LEX_ATOM && toks[1].kind != LEX_VAR)) {
        error_bad(E, find_mismatch(shape, 2, toks, n, def), A.define);
        return;
    }
    const parse_token *mac = &toks[1];
    const parse_token *rest = toks + 2;
    size_t nr = n - 2;
    mdef d;
    memset(&d, 0, sizeof d);
    d.arity = -1;
    const parse_token *t0;
    size_t i;
    if (nr && rest[0].kind == LEX_COMMA) {
        t0 = &rest[0];
        i = 1;
    } else if (nr && rest[0].kind == LEX_LPAREN) {
        /* macro_pars: variables separated by ',' then ')' */
        size_t cap = 4;
        int np = 0;
        term_t *ps = alloc_new(ALLOC_TEMP, cap * sizeof *ps);
        const parse_token *last = &rest[0];
        i = 1;
        bool ok = true;
        for (;;) {
            if (i < nr && rest[i].kind == LEX_RPAREN) {
                last = &rest[i++];
                break;
            }
            if (np > 0) {
                if (!(i + 1 < nr && rest[i].kind == LEX_COMMA && rest[i + 1].kind == LEX_VAR)) {
                    error_bad(E, no_match(rest + i, nr - i, last), A.define);
                    ok = false;
                    break;
                }
                i++;
            } else if (!(i < nr && rest[i].kind == LEX_VAR)) {
                error_bad(E, no_match(rest + i, nr - i, last), A.define);
                ok = false;
                break;
            }
            const parse_token *v = &rest[i++];
            for (int p = 0; p < np; p++)
                if (ps[p] == v->v.atom) {
                    emit_error(E, tok_loc(E, v), term_tuple2(E->h, A.duplicated_argument, v->v.atom));
                    ok = false;
                }
            if (!ok)
                break;
            if ((size_t)np == cap) {
                ps = alloc_resize(ALLOC_TEMP, ps, cap * sizeof *ps, 2 * cap * sizeof *ps);
                cap *= 2;
            }
            ps[np++] = v->v.atom;
            last = v;
        }
        if (ok && !(i < nr && rest[i].kind == LEX_COMMA)) {
            emit_error(E, tok_loc(E, no_match(rest + i, nr - i, last)), A.missing_comma);
            ok = false;
        }
        if (!ok) {
            alloc_free(ALLOC_TEMP, ps, cap * sizeof *ps);
            return;
        }
        d.arity = np;
        d.params = alloc_new(ALLOC_TEMP, (size_t)(np ? np : 1) * sizeof *ps);
        memcpy(d.params, ps, (size_t)np * sizeof *ps);
        alloc_free(ALLOC_TEMP, ps, cap * sizeof *ps);
        t0 = &rest[i];
        i++;
    } else {
        error_bad(E, no_match(rest, nr, def), A.define);
        return;
    }
    /* macro_expansion: the body up to ')' dot */
    for (;; i++) {
        if (i + 2 == nr && rest[i].kind == LEX_RPAREN && rest[i + 1].kind == LEX_DOT)
            break;
        if (i + 1 == nr && rest[i].kind == LEX_DOT) {
            emit_error(E, tok_loc(E, &rest[i]), A.missing_parenthesis);
            free_def(&d);
            return;
        }
        if (i >= nr) {
            emit_error(E, tok_loc(E, t0), A.premature_end);
            free_def(&d);
            return;
        }
        tv_push(&d.body, &rest[i]);
        t0 = &rest[i];
    }
    term_t key = mac->v.atom;
    macro *m = find_macro(E, key);
    if (m && m->kind == M_USER) {
        for (size_t k = 0; k < m->ndefs; k++)
            if (m->defs[k].arity == d.arity) {
                emit_error(E, tok_loc(E, mac), term_tuple2(E->h, A.redefine, key));
                free_def(&d);
                return;
            }
    } else if (m) {
        emit_error(E, tok_loc(E, mac), term_tuple2(E->h, A.redefine_predef, key));
        free_def(&d);
        return;
    }
    if (!macro_uses(E, &d)) {
        emit_error(E, tuple_get(E->err, 0), tuple_get(E->err, 1));
        free_def(&d);
        return;
    }
    /* sort the uses as lists:usort/1 orders {Name, Arity} */
    for (size_t a = 1; a < d.nuses; a++)
        for (size_t b = a; b > 0; b--) {
            mref x = d.uses[b - 1], y = d.uses[b];
            int c = term_cmp(x.name, y.name);
            if (c == 0)
                c = (x.arity < 0 ? INT32_MAX : x.arity) - (y.arity < 0 ? INT32_MAX : y.arity);
            if (c <= 0)
                break;
            d.uses[b - 1] = y;
            d.uses[b] = x;
        }
    m = slot_macro(E, key);
    m->kind = M_USER;
    add_def(m, &d);
}

/* -undef(M). */
static void scan_undef(epp *E, const parse_token *toks, size_t n, const parse_token *undef)
{
    static const int shape[] = {LEX_LPAREN, TAG_VAR_OR_ATOM, LEX_RPAREN, LEX_DOT};
    if (shape_is(shape, 4, toks, n)) {
        macro *m = find_macro(E, toks[1].v.atom);
        if (m)
            clear_macro(m);
        return;
    }
    error_bad(E, find_mismatch(shape, 4, toks, n, undef), A.undef);
}

/* $VAR/... in an include name (expand_var/1). */
static char *expand_var(const char *name)
{
    if (name[0] != '$')
        return alloc_strndup(ALLOC_TEMP, name, strlen(name));
    const char *slash = strchr(name, '/');
    size_t vl = slash ? (size_t)(slash - name - 1) : strlen(name) - 1;
    char *var = alloc_strndup(ALLOC_TEMP, name + 1, vl);
    const char *val = getenv(var);
    alloc_strfree(ALLOC_TEMP, var);
    if (!val)
        return alloc_strndup(ALLOC_TEMP, name, strlen(name));
    if (!slash)
        return alloc_strndup(ALLOC_TEMP, val, strlen(val));
    return join_path(val, slash + 1);
}

/* Opens an included file and makes it current (enter_file2/5). */
static void enter_file(epp *E, const char *pname, char *text, size_t len)
{
    emit_file_attr(E, pname, 1, 1, false, 1);
    efile *f = new_file(pname, text, len);
    set_file_macro(E, pname);
    if (E->nfiles == E->fcap) {
        size_t cap = E->fcap ? E->fcap * 2 : 8;
        E->files = alloc_resize(ALLOC_TEMP, E->files, E->fcap * sizeof *E->files, cap * sizeof *E->files);
        E->fcap = cap;
    }
    E->files[E->nfiles++] = f;
}

/* file:path_open(Path, Name): Path is the current file's directory, then
 * the include directories. */
static bool path_open(epp *E, const char *name, char **pname, char **text, size_t *len)
{
    if (name[0] == '/') {
        if (!read_whole(name, text, len))
            return false;
        *pname = alloc_strndup(ALLOC_TEMP, name, strlen(name));
        return true;
    }
    size_t ndirs = 1 + (E->opts ? E->opts->n_include_dirs : 0);
    for (size_t k = 0; k < ndirs; k++) {
        const char *dir = k == 0 ? cur_file(E)->dir : E->opts->include_dirs[k - 1];
        char *p = fname_join(dir, name);
        if (read_whole(p, text, len)) {
            *pname = p;
            return true;
        }
        alloc_strfree(ALLOC_TEMP, p);
    }
    return false;
}

/* Compares versions "1.10" > "1.9": numeric parts as numbers, the rest
 * as text. */
static int cmp_versions(const char *a, const char *b)
{
    while (*a && *b) {
        bool da = *a >= '0' && *a <= '9', db = *b >= '0' && *b <= '9';
        if (da && db) {
            unsigned long long x = 0, y = 0;
            for (; *a >= '0' && *a <= '9'; a++)
                x = x * 10 + (unsigned)(*a - '0');
            for (; *b >= '0' && *b <= '9'; b++)
                y = y * 10 + (unsigned)(*b - '0');
            if (x != y)
                return x < y ? -1 : 1;
        } else {
            if (*a != *b)
                return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
            a++, b++;
        }
    }
    return (*a != 0) - (*b != 0);
}

/* The application a code path directory stands for, as code_server's
 * get_name: its base name up to the first '-' ("stdlib-4.2" is stdlib). */
static bool names_app(const char *dir, const char *app, size_t al)
{
    const char *base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    return strncmp(base, app, al) == 0 && (base[al] == '\0' || base[al] == '-');
}

/* code:lib_dir(App): the first application directory named App, else App,
 * or App-Vsn with the highest version, in a lib directory. */
static char *lib_dir(epp *E, const char *app)
{
    if (!E->opts)
        return NULL;
    size_t al = strlen(app);
    for (size_t k = 0; k < E->opts->n_app_dirs; k++)
        if (names_app(E->opts->app_dirs[k], app, al))
            return alloc_strndup(ALLOC_TEMP, E->opts->app_dirs[k], strlen(E->opts->app_dirs[k]));
    for (size_t k = 0; k < E->opts->n_lib_dirs; k++) {
        const char *root = E->opts->lib_dirs[k];
        char *exact = join_path(root, app);
        struct stat st;
        if (stat(exact, &st) == 0 && S_ISDIR(st.st_mode))
            return exact;
        alloc_strfree(ALLOC_TEMP, exact);
        DIR *d = opendir(root);
        if (!d)
            continue;
        char *best = NULL;
        struct dirent *de;
        while ((de = readdir(d)) != NULL) {
            if (strncmp(de->d_name, app, al) != 0 || de->d_name[al] != '-')
                continue;
            const char *vsn = de->d_name + al + 1;
            if (!best || cmp_versions(vsn, best + al + 1) > 0) {
                alloc_strfree(ALLOC_TEMP, best);
                best = alloc_strndup(ALLOC_TEMP, de->d_name, strlen(de->d_name));
            }
        }
        closedir(d);
        if (best) {
            char *r = join_path(root, best);
            alloc_strfree(ALLOC_TEMP, best);
            return r;
        }
    }
    return NULL;
}

/* -include_lib's second try, "App/Rest" (`slash` at its first '/') as
 * filename:join([code:lib_dir(App) | Rest]); when no directory is App's,
 * the header built in under that name. */
static bool lib_open(epp *E, const char *name, const char *slash, char **pname, char **text, size_t *len)
{
    char *app = alloc_strndup(ALLOC_TEMP, name, (size_t)(slash - name));
    char *ld = lib_dir(E, app);
    alloc_strfree(ALLOC_TEMP, app);
    if (!ld) {
        const char *t;
        if (!E->opts || !E->opts->builtin || !E->opts->builtin(name, &t, len))
            return false;
        *text = alloc_strndup(ALLOC_TEMP, t, *len);
        *pname = alloc_strndup(ALLOC_TEMP, name, strlen(name));
        return true;
    }
    char *hdr = ld;
    const char *p = slash + 1;
    while (*p) {
        const char *q = strchr(p, '/');
        size_t cl = q ? (size_t)(q - p) : strlen(p);
        if (cl) {
            char *comp = alloc_strndup(ALLOC_TEMP, p, cl);
            char *j = join_path(hdr, comp);
            alloc_strfree(ALLOC_TEMP, comp);
            alloc_strfree(ALLOC_TEMP, hdr);
            hdr = j;
        }
        p += cl;
        if (*p == '/')
            p++;
    }
    if (read_whole(hdr, text, len)) {
        *pname = hdr;
        return true;
    }
    alloc_strfree(ALLOC_TEMP, hdr);
    return false;
}

/* -include("File"). and -include_lib("App/File"). */
static void scan_include(epp *E, const parse_token *toks0, size_t n0, const parse_token *inc, bool lib)
{
    tokvec tv = {0};
    coalesce(E, toks0, n0, &tv);
    static const int shape[] = {LEX_LPAREN, LEX_STRING, LEX_RPAREN, LEX_DOT};
    if (!shape_is(shape, 4, tv.v, tv.n)) {
        error_bad(E, find_mismatch(shape, 4, tv.v, tv.n, inc), lib ? A.include_lib : A.include);
        tv_free(&tv);
        return;
    }
    const parse_token *st = &tv.v[1];
    if (lib && E->nfiles - 1 >= EPP_MAX_INCLUDE) {
        emit_error(E, tok_loc(E, inc), term_tuple2(E->h, A.depth, cstr(E->h, "include_lib")));
        tv_free(&tv);
        return;
    }
    char *raw = token_string(E, st);
    char *name = expand_var(raw);
    alloc_strfree(ALLOC_TEMP, raw);
    if (!lib && E->nfiles - 1 >= EPP_MAX_INCLUDE) {
        emit_error(E, tok_loc(E, st), term_tuple2(E->h, A.depth, cstr(E->h, "include")));
    } else {
        char *pname = NULL, *text = NULL;
        size_t len = 0;
        bool found = path_open(E, name, &pname, &text, &len);
        const char *slash = strchr(name, '/');
        if (!found && lib && name[0] != '/' && slash)
            found = lib_open(E, name, slash, &pname, &text, &len);
        if (found) {
            enter_file(E, pname, text, len);
            alloc_strfree(ALLOC_TEMP, pname);
        } else {
            term_t what = term_tuple3(E->h, A.include, lib ? A.lib : ATOM_file, utf8_term(E->h, name, strlen(name)));
            emit_error(E, tok_loc(E, st), what);
        }
    }
    alloc_strfree(ALLOC_TEMP, name);
    tv_free(&tv);
}

static bool is_macro_defined(epp *E, term_t name)
{
    macro *m = find_macro(E, name);
    return m && m->kind != M_UNDEF;
}

static void start_skip(epp *E, int i)
{
    E->nskip = 0;
    skip_push(E, i);
}

/* -ifdef(M). / -ifndef(M). */
static void scan_ifdef(epp *E, const parse_token *toks, size_t n, const parse_token *t0, bool negate)
{
    static const int shape[] = {LEX_LPAREN, TAG_VAR_OR_ATOM, LEX_RPAREN, LEX_DOT};
    int what = negate ? I_IFNDEF : I_IFDEF;
    if (!shape_is(shape, 4, toks, n)) {
        error_bad(E, find_mismatch(shape, 4, toks, n, t0), negate ? A.ifndef : A.ifdef);
        start_skip(E, what);
        return;
    }
    if (is_macro_defined(E, toks[1].v.atom) != negate)
        istk_push(cur_file(E), what);
    else
        start_skip(E, what);
}

/* -else. */
static void scan_else(epp *E, const parse_token *toks, size_t n, const parse_token *t0)
{
    efile *f = cur_file(E);
    if (n != 1 || toks[0].kind != LEX_DOT) {
        error_bad(E, no_match(toks, n, t0), A.else_);
        return;
    }
    if (f->nistk == 0) {
        emit_error(E, tok_loc(E, t0), term_tuple3(E->h, A.illegal, cstr(E->h, "unbalanced"), A.else_));
        return;
    }
    int top = f->istk[--f->nistk];
    if (top == I_ELSE)
        emit_error(E, tok_loc(E, t0), term_tuple3(E->h, A.illegal, cstr(E->h, "repeated"), A.else_));
    start_skip(E, I_ELSE);
}

/* -endif. */
static void scan_endif(epp *E, const parse_token *toks, size_t n, const parse_token *t0)
{
    efile *f = cur_file(E);
    if (n != 1 || toks[0].kind != LEX_DOT) {
        error_bad(E, no_match(toks, n, t0), A.endif);
        return;
    }
    if (f->nistk == 0)
        emit_error(E, tok_loc(E, t0), term_tuple3(E->h, A.illegal, cstr(E->h, "unbalanced"), A.endif));
    else
        f->nistk--;
}

/* -elif(...) while taking a branch. */
static void scan_elif(epp *E, const parse_token *t0)
{
    efile *f = cur_file(E);
    if (f->nistk == 0) {
        emit_error(E, tok_loc(E, t0), term_tuple3(E->h, A.illegal, cstr(E->h, "unbalanced"), A.elif));
        return;
    }
    int top = f->istk[--f->nistk];
    if (top == I_ELSE) {
        emit_error(E, tok_loc(E, t0), term_tuple3(E->h, A.illegal, cstr(E->h, "unbalanced"), A.elif));
        start_skip(E, I_ELSE);
    } else {
        start_skip(E, I_ELIF);
    }
}

/* ---- -if evaluation ----------------------------------------------------------------- */

static bool is_tag(term_t t, term_t tag, uint64_t arity)
{
    return term_is_tuple(t) && tuple_arity(t) == arity && tuple_get(t, 0) == tag;
}

/* rewrite_expr(E, #epp{}): defined(N) calls become true/false atoms.
 * False on a malformed defined/1 ({bad,'if'}). */
static bool rewrite_defined(epp *E, term_t t, term_t *out, unsigned depth)
{
    if (depth > EVAL_MAX_DEPTH)
        return false;
    if (term_is_list(t)) {
        term_t h, tl;
        if (!rewrite_defined(E, list_head(t), &h, depth + 1) || !rewrite_defined(E, list_tail(t), &tl, depth + 1))
            return false;
        *out = term_cons(E->h, h, tl);
        return true;
    }
    if (!term_is_tuple(t)) {
        *out = t;
        return true;
    }
    if (is_tag(t, ATOM_call, 4) && is_tag(tuple_get(t, 2), ATOM_atom, 3) && tuple_get(tuple_get(t, 2), 2) == A.defined &&
        list_length(tuple_get(t, 3)) == 1) {
        term_t n0 = list_head(tuple_get(t, 3));
        if (!is_tag(n0, ATOM_var, 3) && !is_tag(n0, ATOM_atom, 3))
            return false;
        macro *m = find_macro(E, tuple_get(n0, 2));
        *out = term_tuple3(E->h, ATOM_atom, term_small(0), m ? ATOM_true : ATOM_false);
        return true;
    }
    uint64_t n = tuple_arity(t);
    term_t r = term_tuple(E->h, n, NULL);
    for (uint64_t k = 0; k < n; k++) {
        tuple_elems(r)[k] = NIL;
        if (!rewrite_defined(E, tuple_get(t, k), &tuple_elems(r)[k], depth + 1))
            return false;
    }
    *out = r;
    return true;
}

static bool in_list(const char *const *names, term_t f, int64_t arity, const int *arities)
{
    for (size_t k = 0; names[k]; k++)
        if (arities[k] == arity && atom_is_named(f, names[k]))
            return true;
    return false;
}

static const char *const GUARD_BIFS[] = {
    "abs", "binary_part", "binary_part", "bit_size", "byte_size", "ceil", "element", "float", "floor", "hd",
    "is_map_key", "length", "map_size", "map_get", "node", "node", "round", "self", "size", "tl", "trunc",
    "tuple_size", "is_atom", "is_binary", "is_bitstring", "is_boolean", "is_float", "is_function",
    "is_function", "is_integer", "is_list", "is_map", "is_number", "is_pid", "is_port", "is_record",
    "is_record", "is_reference", "is_tuple", NULL};
static const int GUARD_ARITIES[] = {1, 2, 3, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 2, 0, 1, 1, 0, 1, 1, 1, 1,
                                    1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 2, 3, 1, 1};

static bool guard_bif(term_t f, int64_t arity) { return in_list(GUARD_BIFS, f, arity, GUARD_ARITIES); }

/* erl_internal:bif/2 without the guard BIFs: auto-imported BIFs that may
 * not appear in -if. */
static bool nonguard_bif(term_t f, int64_t arity)
{
    static const char *const names[] = {
        "alias", "alias", "apply", "apply", "atom_to_binary", "atom_to_binary", "atom_to_list",
        "binary_to_atom", "binary_to_atom", "binary_to_existing_atom", "binary_to_existing_atom",
        "binary_to_integer", "binary_to_integer", "binary_to_float", "binary_to_list", "binary_to_list",
        "binary_to_term", "binary_to_term", "bitsize", "bitstring_to_list", "check_old_code",
        "check_process_code", "check_process_code", "date", "delete_module", "demonitor", "demonitor",
        "disconnect_node", "erase", "erase", "error", "error", "error", "exit", "exit", "float_to_list",
        "float_to_list", "float_to_binary", "float_to_binary", "garbage_collect", "garbage_collect",
        "garbage_collect", "get", "get", "get_keys", "get_keys", "group_leader", "group_leader", "halt",
        "halt", "halt", "integer_to_binary", "integer_to_binary", "integer_to_list", "integer_to_list",
        "iolist_size", "iolist_to_binary", "is_alive", "is_process_alive", "link", "list_to_atom",
        "list_to_binary", "list_to_bitstring", "list_to_existing_atom", "list_to_float", "list_to_integer",
        "list_to_integer", "list_to_pid", "list_to_port", "list_to_ref", "list_to_tuple", "load_module",
        "make_ref", "max", "min", "module_loaded", "monitor", "monitor", "monitor_node", "nodes", "nodes",
        "nodes", "now", "open_port", "pid_to_list", "port_to_list", "port_close", "port_command",
        "port_command", "port_connect", "port_control", "pre_loaded", "process_flag", "process_flag",
        "process_info", "process_info", "processes", "purge_module", "put", "ref_to_list", "register",
        "registered", "setelement", "spawn", "spawn", "spawn", "spawn", "spawn_link", "spawn_link",
        "spawn_link", "spawn_link", "spawn_request", "spawn_request", "spawn_request", "spawn_request",
        "spawn_request", "spawn_request_abandon", "spawn_monitor", "spawn_monitor", "spawn_monitor",
        "spawn_monitor", "spawn_opt", "spawn_opt", "spawn_opt", "spawn_opt", "split_binary", "statistics",
        "term_to_binary", "term_to_binary", "term_to_iovec", "term_to_iovec", "throw", "time",
        "tuple_to_list", "unalias", "unlink", "unregister", "whereis", NULL};
    static const int arities[] = {
        0, 1, 2, 3, 1, 2, 1, 1, 2, 1, 2, 1, 2, 1, 1, 3, 1, 2, 1, 1, 1, 2, 3, 0, 1, 1, 2, 1, 0, 1, 1, 2, 3, 1,
        2, 1, 2, 1, 2, 0, 1, 2, 0, 1, 0, 1, 0, 2, 0, 1, 2, 1, 2, 1, 2, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1,
        1, 1, 1, 2, 0, 2, 2, 1, 2, 3, 2, 0, 1, 2, 0, 2, 1, 1, 1, 2, 3, 2, 3, 0, 2, 3, 1, 2, 0, 1, 2, 1, 2, 0,
        3, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1, 1, 2, 3, 4, 2, 3, 4, 5, 2, 1, 1, 2, 1, 2, 1, 0, 1, 1, 1,
        1, 1};
    return in_list(names, f, arity, arities);
}

static bool gexpr_op(term_t op, int arity)
{
    static const char *const un[] = {"+", "-", "bnot", "not", NULL};
    static const char *const bin[] = {"+", "-", "*", "/", "div", "rem", "band", "bor", "bxor", "bsl", "bsr",
                                      "and", "or", "xor", "==", "/=", "=<", "<", ">=", ">", "=:=", "=/=", NULL};
    const char *const *l = arity == 1 ? un : bin;
    for (size_t k = 0; l[k]; k++)
        if (atom_is_named(op, l[k]))
            return true;
    return false;
}

/* rewrite_expr(E, none) then erl_lint:is_guard_expr/1: false means
 * {bad,'if'} (a non-guard BIF call, or no guard expression). */
static bool is_gexpr(term_t e, unsigned depth)
{
    if (depth > EVAL_MAX_DEPTH || !term_is_tuple(e) || tuple_arity(e) < 2)
        return false;
    term_t tag = tuple_get(e, 0);
    uint64_t n = tuple_arity(e);
    if ((n == 3 && (tag == ATOM_var || tag == ATOM_char_ || tag == ATOM_integer || tag == ATOM_float_ ||
                    tag == ATOM_atom || tag == ATOM_string)) ||
        (n == 2 && tag == ATOM_nil))
        return true;
    if (n == 4 && tag == ATOM_cons)
        return is_gexpr(tuple_get(e, 2), depth + 1) && is_gexpr(tuple_get(e, 3), depth + 1);
    if (n == 3 && tag == ATOM_tuple) {
        for (term_t l = tuple_get(e, 2); term_is_list(l); l = list_tail(l))
            if (!is_gexpr(list_head(l), depth + 1))
                return false;
        return true;
    }
    if ((n == 3 || n == 4) && tag == ATOM_map) {
        if (n == 4 && !is_gexpr(tuple_get(e, 2), depth + 1))
            return false;
        for (term_t l = tuple_get(e, n - 1); term_is_list(l); l = list_tail(l)) {
            term_t f = list_head(l);
            if (!(is_tag(f, ATOM_map_field_assoc, 4) || is_tag(f, ATOM_map_field_exact, 4)) ||
                !is_gexpr(tuple_get(f, 2), depth + 1) || !is_gexpr(tuple_get(f, 3), depth + 1))
                return false;
        }
        return true;
    }
    if (n == 4 && tag == ATOM_record_index)
        return is_gexpr(tuple_get(e, 3), depth + 1);
    if (n == 5 && tag == ATOM_record_field)
        return is_gexpr(tuple_get(e, 2), depth + 1) && is_gexpr(tuple_get(e, 4), depth + 1);
    if (n == 3 && tag == ATOM_bin) {
        for (term_t l = tuple_get(e, 2); term_is_list(l); l = list_tail(l)) {
            term_t s = list_head(l);
            if (!is_tag(s, ATOM_bin_element, 5) || !is_gexpr(tuple_get(s, 2), depth + 1) ||
                (tuple_get(s, 3) != ATOM_default_ && !is_gexpr(tuple_get(s, 3), depth + 1)))
                return false;
        }
        return true;
    }
    if (n == 4 && tag == ATOM_call) {
        term_t f = tuple_get(e, 2), args = tuple_get(e, 3);
        int64_t arity = list_length(args);
        for (term_t l = args; term_is_list(l); l = list_tail(l))
            if (!is_gexpr(list_head(l), depth + 1))
                return false;
        if (is_tag(f, ATOM_atom, 3))
            return !nonguard_bif(tuple_get(f, 2), arity); /* the call becomes its arguments */
        if (is_tag(f, ATOM_remote, 4) && is_tag(tuple_get(f, 2), ATOM_atom, 3) &&
            tuple_get(tuple_get(f, 2), 2) == ATOM_erlang && is_tag(tuple_get(f, 3), ATOM_atom, 3)) {
            term_t fn = tuple_get(tuple_get(f, 3), 2);
            return guard_bif(fn, arity) || (arity <= 2 && arity >= 1 && gexpr_op(fn, (int)arity));
        }
        return false;
    }
    if (n == 4 && tag == ATOM_op)
        return gexpr_op(tuple_get(e, 2), 1) && is_gexpr(tuple_get(e, 3), depth + 1);
    if (n == 5 && tag == ATOM_op) {
        term_t op = tuple_get(e, 2);
        if (!(op == ATOM_andalso || op == ATOM_orelse || gexpr_op(op, 2)))
            return false;
        return is_gexpr(tuple_get(e, 3), depth + 1) && is_gexpr(tuple_get(e, 4), depth + 1);
    }
    return false;
}

static bool eval(epp *E, term_t e, term_t *out, unsigned depth);

static bool as_double(term_t v, double *d)
{
    if (term_is_float(v)) {
        *d = float_value(v);
        return true;
    }
    return term_is_integer(v) && int_to_double(v, d);
}

static bool make_float(heap_t *h, double d, term_t *out)
{
    if (d != d || d - d != 0)
        return false; /* badarith */
    *out = term_float(h, d);
    return true;
}

/* An operator or guard BIF applied to evaluated arguments. */
static bool apply_bif(epp *E, term_t f, term_t *a, int64_t n, term_t *out)
{
    heap_t *h = E->h;
    int64_t x, y;
    double dx, dy;
    if (n == 1) {
        term_t v = a[0];
        if (atom_is_named(f, "-")) {
            if (term_is_integer(v)) {
                *out = int_neg(h, v);
                return true;
            }
            return term_is_float(v) && make_float(h, -float_value(v), out);
        }
        if (atom_is_named(f, "+")) {
            *out = v;
            return term_is_number(v);
        }
        if (atom_is_named(f, "not")) {
            if (v != ATOM_true && v != ATOM_false)
                return false;
            *out = v == ATOM_true ? ATOM_false : ATOM_true;
            return true;
        }
        if (atom_is_named(f, "bnot")) {
            if (!term_is_small(v))
                return false;
            *out = term_int64(h, ~small_value(v));
            return true;
        }
#define TYPE_TEST(name, cond)                                                                                \
    if (atom_is_named(f, name)) {                                                                            \
        *out = (cond) ? ATOM_true : ATOM_false;                                                              \
        return true;                                                                                         \
    }
        TYPE_TEST("is_atom", term_is_atom(v))
        TYPE_TEST("is_integer", term_is_integer(v))
        TYPE_TEST("is_float", term_is_float(v))
        TYPE_TEST("is_number", term_is_number(v))
        TYPE_TEST("is_list", term_is_cons_or_nil(v))
        TYPE_TEST("is_tuple", term_is_tuple(v))
        TYPE_TEST("is_map", term_is_map(v))
        TYPE_TEST("is_bitstring", term_is_bitstring(v))
        TYPE_TEST("is_boolean", v == ATOM_true || v == ATOM_false)
        TYPE_TEST("is_pid", term_is_pid(v))
        TYPE_TEST("is_port", term_is_port(v))
        TYPE_TEST("is_reference", term_is_ref(v))
        TYPE_TEST("is_function", term_is_any_fun(v))
#undef TYPE_TEST
        if (atom_is_named(f, "is_binary")) {
            bin_view bv;
            bool r = false;
            if (term_is_bitstring(v)) {
                bin_view_of(v, &bv);
                r = bv.bitsize == 0;
            }
            *out = r ? ATOM_true : ATOM_false;
            return true;
        }
        if (atom_is_named(f, "abs")) {
            if (term_is_integer(v)) {
                *out = int_cmp(v, term_small(0)) < 0 ? int_neg(h, v) : v;
                return true;
            }
            return term_is_float(v) && make_float(h, float_value(v) < 0 ? -float_value(v) : float_value(v), out);
        }
        if (atom_is_named(f, "float"))
            return as_double(v, &dx) && make_float(h, dx, out);
        if (atom_is_named(f, "trunc") || atom_is_named(f, "round") || atom_is_named(f, "floor") ||
            atom_is_named(f, "ceil")) {
            if (term_is_integer(v)) {
                *out = v;
                return true;
            }
            if (!term_is_float(v))
                return false;
            dx = float_value(v);
            if (atom_is_named(f, "round"))
                dx = round(dx); /* halfway cases away from zero, as erlang:round/1 */
            else if (atom_is_named(f, "floor"))
                dx = floor(dx);
            else if (atom_is_named(f, "ceil"))
                dx = ceil(dx);
            *out = int_from_double(h, dx);
            return true;
        }
        if (atom_is_named(f, "hd") || atom_is_named(f, "tl")) {
            if (!term_is_list(v))
                return false;
            *out = atom_is_named(f, "hd") ? list_head(v) : list_tail(v);
            return true;
        }
        if (atom_is_named(f, "length")) {
            int64_t len = list_length(v);
            if (len < 0)
                return false;
            *out = term_small(len);
            return true;
        }
        if (atom_is_named(f, "tuple_size") || atom_is_named(f, "size")) {
            if (term_is_tuple(v)) {
                *out = term_small((int64_t)tuple_arity(v));
                return true;
            }
            if (atom_is_named(f, "size") && term_is_bitstring(v)) {
                bin_view bv;
                bin_view_of(v, &bv);
                *out = term_small((int64_t)bv.size);
                return true;
            }
            return false;
        }
        if (atom_is_named(f, "byte_size") || atom_is_named(f, "bit_size")) {
            if (!term_is_bitstring(v))
                return false;
            bin_view bv;
            bin_view_of(v, &bv);
            uint64_t bits = bin_bit_size(&bv);
            *out = term_small((int64_t)(atom_is_named(f, "bit_size") ? bits : (bits + 7) / 8));
            return true;
        }
        if (atom_is_named(f, "map_size")) {
            if (!term_is_map(v))
                return false;
            *out = term_small((int64_t)map_size(v));
            return true;
        }
        return false;
    }
    if (n == 0) {
        if (atom_is_named(f, "node")) {
            *out = A.nonode;
            return true;
        }
        return false;
    }
    if (n != 2)
        return false;
    term_t l = a[0], r = a[1];
    if (atom_is_named(f, "==") || atom_is_named(f, "/=") || atom_is_named(f, "=:=") ||
        atom_is_named(f, "=/=") || atom_is_named(f, "<") || atom_is_named(f, "=<") || atom_is_named(f, ">") ||
        atom_is_named(f, ">=")) {
        bool res;
        int c = term_cmp(l, r);
        if (atom_is_named(f, "=="))
            res = term_eq(l, r);
        else if (atom_is_named(f, "/="))
            res = !term_eq(l, r);
        else if (atom_is_named(f, "=:="))
            res = term_eq_exact(l, r);
        else if (atom_is_named(f, "=/="))
            res = !term_eq_exact(l, r);
        else if (atom_is_named(f, "<"))
            res = c < 0;
        else if (atom_is_named(f, "=<"))
            res = c <= 0;
        else if (atom_is_named(f, ">"))
            res = c > 0;
        else
            res = c >= 0;
        *out = res ? ATOM_true : ATOM_false;
        return true;
    }
    if (atom_is_named(f, "and") || atom_is_named(f, "or") || atom_is_named(f, "xor")) {
        if ((l != ATOM_true && l != ATOM_false) || (r != ATOM_true && r != ATOM_false))
            return false;
        bool x1 = l == ATOM_true, y1 = r == ATOM_true;
        bool res = atom_is_named(f, "and") ? (x1 && y1) : atom_is_named(f, "or") ? (x1 || y1) : (x1 != y1);
        *out = res ? ATOM_true : ATOM_false;
        return true;
    }
    if (atom_is_named(f, "+") || atom_is_named(f, "-") || atom_is_named(f, "*")) {
        if (term_is_integer(l) && term_is_integer(r)) {
            *out = atom_is_named(f, "+")   ? int_add(h, l, r)
                   : atom_is_named(f, "-") ? int_sub(h, l, r)
                                           : int_mul(h, l, r);
            return true;
        }
        if (!as_double(l, &dx) || !as_double(r, &dy))
            return false;
        return make_float(h,
                          atom_is_named(f, "+")   ? dx + dy
                          : atom_is_named(f, "-") ? dx - dy
                                                  : dx * dy,
                          out);
    }
    if (atom_is_named(f, "/")) {
        if (!as_double(l, &dx) || !as_double(r, &dy) || dy == 0.0)
            return false;
        return make_float(h, dx / dy, out);
    }
    if (atom_is_named(f, "div") || atom_is_named(f, "rem")) {
        if (!term_is_integer(l) || !term_is_integer(r) || r == term_small(0))
            return false;
        *out = atom_is_named(f, "div") ? int_div(h, l, r) : int_rem(h, l, r);
        return true;
    }
    if (atom_is_named(f, "band") || atom_is_named(f, "bor") || atom_is_named(f, "bxor") ||
        atom_is_named(f, "bsl") || atom_is_named(f, "bsr")) {
        if (!term_is_small(l) || !term_is_small(r))
            return false;
        x = small_value(l);
        y = small_value(r);
        if (atom_is_named(f, "band"))
            *out = term_int64(h, x & y);
        else if (atom_is_named(f, "bor"))
            *out = term_int64(h, x | y);
        else if (atom_is_named(f, "bxor"))
            *out = term_int64(h, x ^ y);
        else {
            int64_t sh = atom_is_named(f, "bsl") ? y : -y;
            if (sh >= 0) {
                if (sh > 62 || (x != 0 && (x > (INT64_MAX >> sh) || x < (INT64_MIN >> sh))))
                    return false;
                *out = term_int64(h, (int64_t)((uint64_t)x << sh));
            } else {
                *out = term_int64(h, sh <= -63 ? (x < 0 ? -1 : 0) : x >> -sh);
            }
        }
        return true;
    }
    if (atom_is_named(f, "element")) {
        if (!term_is_small(l) || !term_is_tuple(r) || small_value(l) < 1 || (uint64_t)small_value(l) > tuple_arity(r))
            return false;
        *out = tuple_get(r, (uint64_t)small_value(l) - 1);
        return true;
    }
    if (atom_is_named(f, "is_record")) {
        if (!term_is_atom(r))
            return false; /* badarg */
        bool rec = term_is_tuple(l) && tuple_arity(l) >= 1 && tuple_get(l, 0) == r;
        *out = rec ? ATOM_true : ATOM_false;
        return true;
    }
    if (atom_is_named(f, "map_get") || atom_is_named(f, "is_map_key")) {
        if (!term_is_map(r))
            return false;
        term_t v;
        bool found = map_get(r, l, &v);
        if (atom_is_named(f, "is_map_key")) {
            *out = found ? ATOM_true : ATOM_false;
            return true;
        }
        *out = v;
        return found;
    }
    return false;
}

static bool eval_args(epp *E, term_t args, term_t *vals, int64_t n, unsigned depth)
{
    int64_t k = 0;
    for (term_t l = args; term_is_list(l) && k < n; l = list_tail(l), k++)
        if (!eval(E, list_head(l), &vals[k], depth + 1))
            return false;
    return true;
}

/* erl_eval of a guard expression of constants; false on any exception. */
static bool eval(epp *E, term_t e, term_t *out, unsigned depth)
{
    if (depth > EVAL_MAX_DEPTH || !term_is_tuple(e) || tuple_arity(e) < 2)
        return false;
    term_t tag = tuple_get(e, 0);
    uint64_t n = tuple_arity(e);
    if (n == 3 && (tag == ATOM_char_ || tag == ATOM_integer || tag == ATOM_float_ || tag == ATOM_atom ||
                   tag == ATOM_string)) {
        *out = tuple_get(e, 2);
        return true;
    }
    if (n == 2 && tag == ATOM_nil) {
        *out = NIL;
        return true;
    }
    if (n == 4 && tag == ATOM_cons) {
        term_t h, t;
        if (!eval(E, tuple_get(e, 2), &h, depth + 1) || !eval(E, tuple_get(e, 3), &t, depth + 1))
            return false;
        *out = term_cons(E->h, h, t);
        return true;
    }
    if (n == 3 && tag == ATOM_tuple) {
        int64_t len = list_length(tuple_get(e, 2));
        term_t r = term_tuple(E->h, (uint64_t)len, NULL);
        for (int64_t k = 0; k < len; k++)
            tuple_elems(r)[k] = NIL;
        if (!eval_args(E, tuple_get(e, 2), tuple_elems(r), len, depth))
            return false;
        *out = r;
        return true;
    }
    if (n == 3 && tag == ATOM_bin)
        return parse_normalise(E->h, e, out);
    if (n == 3 && tag == ATOM_map) {
        int64_t len = list_length(tuple_get(e, 2));
        term_t *kv = alloc_new(ALLOC_TEMP, (size_t)(2 * len + 1) * sizeof *kv);
        bool ok = true;
        int64_t k = 0;
        for (term_t l = tuple_get(e, 2); ok && term_is_list(l); l = list_tail(l), k++) {
            term_t f = list_head(l);
            ok = is_tag(f, ATOM_map_field_assoc, 4) && eval(E, tuple_get(f, 2), &kv[k], depth + 1) &&
                 eval(E, tuple_get(f, 3), &kv[len + k], depth + 1);
        }
        if (ok)
            *out = map_from_pairs(E->h, kv, kv + len, (size_t)len);
        alloc_free(ALLOC_TEMP, kv, (size_t)(2 * len + 1) * sizeof *kv);
        return ok;
    }
    if (n == 4 && tag == ATOM_op) {
        term_t v;
        return eval(E, tuple_get(e, 3), &v, depth + 1) && apply_bif(E, tuple_get(e, 2), &v, 1, out);
    }
    if (n == 5 && tag == ATOM_op) {
        term_t op = tuple_get(e, 2), l;
        if (op == ATOM_andalso || op == ATOM_orelse) {
            if (!eval(E, tuple_get(e, 3), &l, depth + 1))
                return false;
            if (l != ATOM_true && l != ATOM_false)
                return false;
            if ((op == ATOM_andalso) != (l == ATOM_true)) {
                *out = l;
                return true;
            }
            return eval(E, tuple_get(e, 4), out, depth + 1);
        }
        term_t two[2];
        if (!eval(E, tuple_get(e, 3), &two[0], depth + 1) || !eval(E, tuple_get(e, 4), &two[1], depth + 1))
            return false;
        return apply_bif(E, op, two, 2, out);
    }
    if (n == 4 && tag == ATOM_call) {
        term_t f = tuple_get(e, 2), fname;
        int64_t arity = list_length(tuple_get(e, 3));
        if (is_tag(f, ATOM_atom, 3)) {
            fname = tuple_get(f, 2);
            if (!guard_bif(fname, arity))
                return false; /* a local function: the LocalFun raises */
        } else if (is_tag(f, ATOM_remote, 4) && is_tag(tuple_get(f, 2), ATOM_atom, 3) &&
                   tuple_get(tuple_get(f, 2), 2) == ATOM_erlang && is_tag(tuple_get(f, 3), ATOM_atom, 3)) {
            fname = tuple_get(tuple_get(f, 3), 2);
        } else {
            return false;
        }
        if (arity > 3)
            return false;
        term_t vals[3];
        if (!eval_args(E, tuple_get(e, 3), vals, arity, depth))
            return false;
        return apply_bif(E, fname, vals, arity, out);
    }
    return false;
}

/* eval_if/2 of the tokens after 'if' (or 'elif'): 1 true, 0 false, -1
 * an error already emitted. */
static int eval_if(epp *E, const parse_token *toks, size_t n, const parse_token *iftok)
{
    fnctx fc = {FN_LIST, NULL, 0, 0, 0};
    tokvec x = {0};
    int res = -1;
    if (!expand_seq(E, toks, n, &x, &fc, 0)) {
        emit_error(E, tuple_get(E->err, 0), tuple_get(E->err, 1));
        tv_free(&x);
        return -1;
    }
    term_t es;
    if (parse_exprs(E->h, x.v, x.n, E->tk.text, &es) != PARSE_OK) {
        emit(E, term_tuple2(E->h, ATOM_error, es));
        tv_free(&x);
        return -1;
    }
    tv_free(&x);
    term_t r;
    term_t bad = term_tuple2(E->h, A.bad, A.if_);
    if (!rewrite_defined(E, es, &r, 0) || list_length(r) != 1 || !is_gexpr(list_head(r), 0)) {
        emit_error(E, tok_loc(E, iftok), bad);
        return -1;
    }
    term_t v;
    res = eval(E, list_head(r), &v, 0) && v == ATOM_true ? 1 : 0;
    return res;
}

/* -if(...) or a -elif(...) that decides. */
static void scan_if(epp *E, const parse_token *toks, size_t n, const parse_token *iftok)
{
    if (n == 0 || toks[0].kind != LEX_LPAREN) {
        error_bad(E, no_match(toks, n, iftok), A.if_);
        start_skip(E, I_IF);
        return;
    }
    int r = eval_if(E, toks, n, iftok);
    if (r == 1)
        istk_push(cur_file(E), I_IF);
    else
        start_skip(E, I_IF);
}

/* -error(Term). / -warning(Term). */
static void scan_err_warn(epp *E, const parse_token *toks, size_t n, const parse_token *tag)
{
    term_t what = tag->v.atom;
    if (n == 0 || toks[0].kind != LEX_LPAREN) {
        error_bad(E, no_match(toks, n, tag), what);
        return;
    }
    fnctx fc = {FN_LIST, NULL, 0, 0, 0};
    tokvec x = {0};
    term_t t;
    if (!expand_seq(E, toks, n, &x, &fc, 0) || parse_term(E->h, x.v, x.n, E->tk.text, &t) != PARSE_OK) {
        error_bad(E, tag, what);
    } else {
        term_t info = term_tuple3(E->h, tok_loc(E, tag), A.epp, term_tuple2(E->h, what, t));
        emit(E, term_tuple2(E->h, what == ATOM_error ? ATOM_error : A.warning, info));
    }
    tv_free(&x);
}

/* -file("Name", Line). */
static void scan_file(epp *E, const parse_token *toks, size_t n, const parse_token *tf)
{
    fnctx fc = {FN_LIST, NULL, 0, 0, 0};
    tokvec x = {0}, c = {0};
    if (!expand_seq(E, toks, n, &x, &fc, 0)) {
        emit_error(E, tuple_get(E->err, 0), tuple_get(E->err, 1));
        tv_free(&x);
        return;
    }
    coalesce(E, x.v, x.n, &c);
    tv_free(&x);
    static const int shape[] = {LEX_LPAREN, LEX_STRING, LEX_COMMA, LEX_INTEGER, LEX_RPAREN, LEX_DOT};
    if (!shape_is(shape, 6, c.v, c.n) || (c.v[3].flags & PARSE_TOK_BIG)) {
        error_bad(E, find_mismatch(shape, 6, c.v, c.n, tf), ATOM_file);
        tv_free(&c);
        return;
    }
    efile *f = cur_file(E);
    char *name = token_string(E, &c.v[1]);
    int64_t ln = c.v[3].v.i;
    emit_file_attr(E, name, tf->line, tf->col, true, ln);
    set_file_macro(E, name);
    int64_t le = f->ls.line, lf = tf->line;
    f->ls.line = (uint32_t)(ln + (le - lf));
    f->ls.col = 1;
    f->delta = lf - ln + f->delta;
    alloc_strfree(ALLOC_TEMP, f->name2);
    f->name2 = name;
    tv_free(&c);
}

/* -feature(Feature, enable|disable). */
static void scan_feature(epp *E, const parse_token *toks, size_t n, const parse_token *ft)
{
    static const int shape[] = {LEX_LPAREN, LEX_ATOM, LEX_COMMA, LEX_ATOM, LEX_RPAREN, LEX_DOT};
    bool six = n >= 6;
    for (size_t k = 0; six && k < 6; k++)
        six = toks[k].kind == shape[k];
    if (six && n == 6 && E->in_prefix && (toks[3].v.atom == A.enable || toks[3].v.atom == A.disable)) {
        term_t ftr = toks[1].v.atom;
        if (ftr != A.maybe_expr) {
            term_t what = term_tuple2(E->h, A.invalid_features, term_cons(E->h, ftr, NIL));
            emit(E, term_tuple2(E->h, ATOM_error, term_tuple3(E->h, tok_loc(E, ft), A.erl_features, what)));
        } else if (toks[3].v.atom == A.enable) {
            /* The maybe_expr feature changes the scanner: not supported. */
            emit_error(E, tok_loc(E, ft), term_tuple2(E->h, A.nyi, cstr(E->h, "feature maybe_expr")));
        }
        return;
    }
    if (six && !E->in_prefix) {
        emit_error(E, tok_loc(E, ft), A.ftr_after_prefix);
        return;
    }
    error_bad(E, no_match(toks, n, ft), A.feature);
}

/* scan_module/2: -module(M) (or -module(M, Params)) defines ?MODULE. */
static void scan_module(epp *E, const parse_token *t, size_t n)
{
    if (n < 5 || t[0].kind != LEX_MINUS || t[1].kind != LEX_ATOM || t[2].kind != LEX_LPAREN ||
        t[3].kind != LEX_ATOM || (t[4].kind != LEX_RPAREN && t[4].kind != LEX_COMMA))
        return;
    bool ext = t[1].v.atom == A.extends;
    if (t[1].v.atom != ATOM_module && !(ext && t[4].kind == LEX_RPAREN))
        return;
    size_t len;
    const char *s = atom_text(t[3].v.atom, &len);
    parse_token ms = string_tok(E, s, len, t[3].line, t[3].col);
    set_predef(E, ext ? A.base_module : A.module_, &t[3]);
    set_predef(E, ext ? A.base_module_string : A.module_string, &ms);
}

/* A form that is no directive: expanded and parsed. */
static void scan_plain(epp *E, const parse_token *toks, size_t n)
{
    fnctx fc = {FN_LIST, toks, n, 0, 0};
    tokvec x = {0};
    E->expansions = 0;
    if (!expand_seq(E, toks, n, &x, &fc, 0)) {
        emit_error(E, tuple_get(E->err, 0), tuple_get(E->err, 1));
        tv_free(&x);
        return;
    }
    if (E->in_prefix && x.n) {
        static const char *const prefix[] = {"module", "feature", "if", "else", "elif", "endif", "ifdef",
                                             "ifndef", "define", "undef", "include", "include_lib", NULL};
        bool keep = false;
        if (x.n >= 2 && x.v[0].kind == LEX_MINUS && x.v[1].kind == LEX_ATOM)
            for (size_t k = 0; prefix[k]; k++)
                keep = keep || atom_is_named(x.v[1].v.atom, prefix[k]);
        E->in_prefix = keep;
    }
    scan_module(E, x.v, x.n);
    term_t f;
    if (parse_form(E->h, x.v, x.n, E->tk.text, &f) == PARSE_OK)
        emit(E, f);
    else
        emit(E, term_tuple2(E->h, ATOM_error, f));
    tv_free(&x);
}

/* scan_toks/3: one form while not skipping. */
static void dispatch(epp *E)
{
    const parse_token *t = E->tk.v;
    size_t n = E->tk.n;
    E->expansions = 0;
    if (n >= 2 && t[0].kind == LEX_MINUS && t[1].kind == LEX_ATOM) {
        term_t d = t[1].v.atom;
        const parse_token *rest = t + 2;
        size_t nr = n - 2;
        if (d == A.feature)
            return scan_feature(E, rest, nr, &t[1]);
        if (d == A.define)
            return scan_define(E, rest, nr, &t[1]);
        if (d == A.undef) {
            E->in_prefix = false;
            return scan_undef(E, rest, nr, &t[1]);
        }
        if (d == ATOM_error || d == A.warning) {
            E->in_prefix = false;
            return scan_err_warn(E, rest, nr, &t[1]);
        }
        if (d == A.include || d == A.include_lib)
            return scan_include(E, rest, nr, &t[1], d == A.include_lib);
        if (d == A.ifdef || d == A.ifndef)
            return scan_ifdef(E, rest, nr, &t[1], d == A.ifndef);
        if (d == A.else_)
            return scan_else(E, rest, nr, &t[1]);
        if (d == A.elif)
            return scan_elif(E, &t[1]);
        if (d == A.endif)
            return scan_endif(E, rest, nr, &t[1]);
        if (d == ATOM_file)
            return scan_file(E, rest, nr, &t[1]);
    }
    if (n >= 2 && t[0].kind == LEX_MINUS && t[1].kind == LEX_KW_IF)
        return scan_if(E, t + 2, n - 2, &t[1]);
    scan_plain(E, t, n);
}

/* leave_file/2 at the end of the current file. */
static void leave_file(epp *E)
{
    efile *f = cur_file(E);
    term_t loc = term_tuple2(E->h, term_small(f->ls.line), term_small(f->ls.col));
    while (f->nistk) {
        int i = f->istk[--f->nistk];
        emit_error(E, loc, term_tuple3(E->h, A.illegal, cstr(E->h, "unterminated"), istk_atom(i)));
    }
    if (E->nfiles == 1) {
        emit(E, term_tuple2(E->h, ATOM_eof, loc));
        E->done = true;
        return;
    }
    efile *p = E->files[E->nfiles - 2];
    uint32_t cl = (uint32_t)((int64_t)p->ls.line + p->delta), cc = p->ls.col;
    set_file_macro(E, p->name2);
    emit_file_attr(E, p->path, cl, cc, false, cl);
    if (strcmp(p->name2, p->path) != 0)
        emit_file_attr(E, p->name2, cl, cc, true, p->ls.line);
    free_file(f);
    E->nfiles--;
}

/* skip_toks/3: one form while skipping a conditional's branch. */
static void skip_step(epp *E)
{
    term_t err;
    scan_result r = scan_form(E, &err);
    if (r == SCAN_ERROR)
        return; /* epp ignores bad tokens while skipping */
    if (r == SCAN_EOF) {
        efile *f = cur_file(E);
        f->nistk = 0;
        for (size_t k = 0; k < E->nskip; k++)
            istk_push(f, E->skip[k]);
        E->nskip = 0;
        leave_file(E);
        return;
    }
    const parse_token *t = E->tk.v;
    size_t n = E->tk.n;
    if (n < 2 || t[0].kind != LEX_MINUS)
        return;
    if (t[1].kind == LEX_KW_IF) {
        skip_push(E, I_IF);
        return;
    }
    if (t[1].kind != LEX_ATOM)
        return;
    term_t d = t[1].v.atom;
    if (d == A.ifdef || d == A.ifndef) {
        skip_push(E, d == A.ifdef ? I_IFDEF : I_IFNDEF);
    } else if (d == A.else_) {
        int top = E->skip[E->nskip - 1];
        if (top == I_ELSE) {
            emit_error(E, tok_loc(E, &t[1]), term_tuple3(E->h, A.illegal, cstr(E->h, "repeated"), A.else_));
        } else if (top == I_ELIF) {
            E->skip[E->nskip - 1] = I_ELSE;
        } else if (E->nskip == 1) {
            E->nskip = 0;
            istk_push(cur_file(E), I_ELSE);
        }
    } else if (d == A.elif) {
        int top = E->skip[E->nskip - 1];
        if (top == I_ELSE) {
            emit_error(E, tok_loc(E, &t[1]), A.elif_after_else);
        } else if (E->nskip == 1) {
            E->nskip = 0;
            scan_if(E, t + 2, n - 2, &t[1]);
        }
    } else if (d == A.endif) {
        E->nskip--;
    }
}

static void scan_step(epp *E)
{
    term_t err;
    scan_result r = scan_form(E, &err);
    if (r == SCAN_ERROR)
        emit(E, term_tuple2(E->h, ATOM_error, err));
    else if (r == SCAN_EOF)
        leave_file(E);
    else
        dispatch(E);
}

static void epp_free(epp *E)
{
    while (E->nfiles)
        free_file(E->files[--E->nfiles]);
    if (E->files)
        alloc_free(ALLOC_TEMP, E->files, E->fcap * sizeof *E->files);
    for (size_t k = 0; k < E->nmacros; k++) {
        clear_macro(&E->macros[k]);
        if (E->macros[k].defs)
            alloc_free(ALLOC_TEMP, E->macros[k].defs, E->macros[k].cap * sizeof *E->macros[k].defs);
    }
    if (E->macros)
        alloc_free(ALLOC_TEMP, E->macros, E->mcap * sizeof *E->macros);
    if (E->mtab)
        alloc_free(ALLOC_TEMP, E->mtab, E->mtab_cap * sizeof *E->mtab);
    if (E->forms)
        alloc_free(ALLOC_TEMP, E->forms, E->formcap * sizeof *E->forms);
    if (E->skip)
        alloc_free(ALLOC_TEMP, E->skip, E->scap * sizeof *E->skip);
    parse_toks_destroy(&E->tk);
}

static epp_result run(heap_t *h, const char *path, const char *source_name, char *text, size_t len,
                      const epp_opts *opts, term_t *forms)
{
    pthread_once(&atoms_once, init_atoms);
    epp *E = alloc_zeroed(ALLOC_TEMP, sizeof *E);
    E->h = h;
    E->opts = opts;
    E->in_prefix = true;
    parse_toks_init(&E->tk);
    predef_macros(E, source_name);
    for (size_t k = 0; opts && k < opts->n_macros; k++)
        if (!user_predef(E, &opts->macros[k])) {
            alloc_free(ALLOC_TEMP, text, len + 1);
            epp_free(E);
            alloc_free(ALLOC_TEMP, E, sizeof *E);
            return EPP_BADMACRO;
        }
    efile *f = new_file(source_name, text, len);
    alloc_strfree(ALLOC_TEMP, f->dir);
    f->dir = dir_name(path);
    E->files = alloc_new(ALLOC_TEMP, 8 * sizeof *E->files);
    E->fcap = 8;
    E->files[E->nfiles++] = f;
    emit_file_attr(E, source_name, 1, 1, false, 1);
    while (!E->done) {
        if (E->nskip)
            skip_step(E);
        else
            scan_step(E);
    }
    *forms = term_list_from(h, E->forms, E->nforms, NIL);
    epp_free(E);
    alloc_free(ALLOC_TEMP, E, sizeof *E);
    return EPP_OK;
}

epp_result epp_parse_file(heap_t *h, const char *path, const epp_opts *opts, term_t *forms)
{
    char *text;
    size_t len;
    if (!read_whole(path, &text, &len))
        return EPP_NOFILE;
    const char *sn = opts && opts->source_name ? opts->source_name : path;
    return run(h, path, sn, text, len, opts, forms);
}

epp_result epp_parse_string(heap_t *h, const char *name, const char *text, size_t len, const epp_opts *opts,
                            term_t *forms)
{
    const char *sn = opts && opts->source_name ? opts->source_name : name;
    return run(h, name, sn, copy_text(text, len), len, opts, forms);
}
