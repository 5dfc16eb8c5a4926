/* compile_lower.c: the compiler's first pass, from OTP's abstract format
 * (terms) to the IR of compile_priv.h: module facts (records, imports,
 * compile options), variable numbering and binding analysis, record
 * expansion, literal folding, and the lifting of funs and comprehensions
 * into functions of their own (docs/internals/compiler.md). The forms have
 * passed lint, so malformed input is an internal error (cc_fail), never a
 * crash. */
#include <math.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atom.h"
#include "bignum.h"
#include "binary.h"
#include "compile_priv.h"
#include "heap.h"
#include "map.h"
#include "unicode.h"

struct cc_atoms cca;

static void init_atoms(void)
{
#define X(name, text) cca.name = atom_from_cstr(text);
    CC_ATOMS(X)
#undef X
}

void cc_atoms_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_atoms);
}

/* ---- abstract format helpers ------------------------------------------------ */

bool cc_is(term_t t, term_t tag, unsigned n)
{
    return term_is_tuple(t) && tuple_arity(t) == n && tuple_get(t, 0) == tag;
}

static term_t el(term_t t, unsigned i) { return tuple_get(t, i); }

static uint32_t loc_line(term_t loc)
{
    if (term_is_small(loc))
        return small_value(loc) > 0 ? (uint32_t)small_value(loc) : 0;
    if (term_is_tuple(loc) && tuple_arity(loc) == 2 && term_is_small(el(loc, 0)))
        return small_value(el(loc, 0)) > 0 ? (uint32_t)small_value(el(loc, 0)) : 0;
    return 0;
}

uint32_t cc_anno_line(term_t anno)
{
    if (term_is_list(anno)) {
        for (term_t l = anno; term_is_list(l); l = list_tail(l)) {
            term_t e = list_head(l);
            if (term_is_tuple(e) && tuple_arity(e) == 2 && el(e, 0) == atom_from_cstr("location"))
                return loc_line(el(e, 1));
        }
        return 0;
    }
    return loc_line(anno);
}

int64_t cc_list_len(term_t l) { return list_length(l); }

/* The line of a node {Tag, Anno, ...}. */
static uint32_t node_line(term_t t)
{
    if (term_is_tuple(t) && tuple_arity(t) >= 2)
        return cc_anno_line(el(t, 1));
    return 0;
}

static bool is_node(term_t t, unsigned min_arity) { return term_is_tuple(t) && tuple_arity(t) >= min_arity; }

/* ---- literals on the literal heap --------------------------------------------- */

/* Copies data terms onto the literal heap with an explicit stack: every
 * tuple and cons is rebuilt, leaves (numbers, binaries, export funs, maps)
 * copied. */
term_t cc_lit_copy(cc_state *cs, term_t t)
{
    heap_t *h = cs->lit;
    if (term_is_immed(t))
        return t;
    /* Work items: copy the term at *src into *dst. */
    typedef struct item {
        term_t src;
        term_t *dst;
    } item;
    size_t cap = 64, n = 0;
    item *stack = alloc_new(ALLOC_TEMP, cap * sizeof *stack);
    term_t result = NIL;
    stack[n++] = (item){t, &result};
    while (n) {
        item it = stack[--n];
        term_t s = it.src;
        if (term_is_immed(s)) {
            *it.dst = s;
            continue;
        }
        if (term_is_list(s)) {
            /* walk the spine in a loop */
            term_t *d = it.dst;
            while (term_is_list(s)) {
                term_t *cell = heap_alloc(h, 2);
                *d = term_list(cell);
                term_t hd = list_head(s);
                if (term_is_immed(hd))
                    cell[0] = hd;
                else {
                    if (n + 2 >= cap) {
                        stack = alloc_resize(ALLOC_TEMP, stack, cap * sizeof *stack, 2 * cap * sizeof *stack);
                        cap *= 2;
                    }
                    cell[0] = NIL;
                    stack[n++] = (item){hd, &cell[0]};
                }
                d = &cell[1];
                s = list_tail(s);
            }
            if (term_is_immed(s))
                *d = s;
            else {
                if (n + 2 >= cap) {
                    stack = alloc_resize(ALLOC_TEMP, stack, cap * sizeof *stack, 2 * cap * sizeof *stack);
                    cap *= 2;
                }
                *d = NIL;
                stack[n++] = (item){s, d};
            }
            continue;
        }
        switch (term_boxed_subtag(s)) {
        case HDR_TUPLE: {
            uint64_t ar = tuple_arity(s);
            term_t tup = term_tuple(h, ar, NULL);
            *it.dst = tup;
            for (uint64_t i = 0; i < ar; i++) {
                tuple_elems(tup)[i] = NIL;
                if (n + 2 >= cap) {
                    stack = alloc_resize(ALLOC_TEMP, stack, cap * sizeof *stack, 2 * cap * sizeof *stack);
                    cap *= 2;
                }
                stack[n++] = (item){tuple_get(s, i), &tuple_elems(tup)[i]};
            }
            break;
        }
        case HDR_FLOAT:
            *it.dst = term_float(h, float_value(s));
            break;
        case HDR_POS_BIG:
        case HDR_NEG_BIG:
            *it.dst = big_from_limbs(h, big_is_negative(s), big_limbs(s), big_limb_count(s));
            break;
        case HDR_REFC_BIN:
        case HDR_HEAP_BIN:
        case HDR_SUB_BIN: {
            bin_view v;
            bin_view_of(s, &v);
            uint64_t bits = bin_bit_size(&v);
            uint8_t *tmp = alloc_new(ALLOC_TEMP, v.size + 1);
            bin_copy_bits(&v, tmp);
            *it.dst = bin_new_bits(h, tmp, bits);
            alloc_free(ALLOC_TEMP, tmp, v.size + 1);
            break;
        }
        case HDR_EXPORT: {
            export_obj *e = export_object(s);
            *it.dst = term_export(h, e->module, e->function, (unsigned)e->arity);
            break;
        }
        case HDR_MAP: {
            size_t sz = (size_t)map_size(s);
            term_t *kv = alloc_new(ALLOC_TEMP, (2 * sz + 1) * sizeof *kv);
            map_iter mi;
            map_iter_init(&mi, s);
            size_t i = 0;
            term_t k, v;
            while (map_iter_next(&mi, &k, &v)) {
                /* keys and values are usually immediates; others recurse */
                kv[i] = cc_lit_copy(cs, k);
                kv[sz + i] = cc_lit_copy(cs, v);
                i++;
            }
            *it.dst = map_from_pairs(h, kv, kv + sz, sz);
            alloc_free(ALLOC_TEMP, kv, (2 * sz + 1) * sizeof *kv);
            break;
        }
        default:
            alloc_free(ALLOC_TEMP, stack, cap * sizeof *stack);
            cc_fail(cs, 0, "internal: a literal of an unsupported kind");
        }
    }
    alloc_free(ALLOC_TEMP, stack, cap * sizeof *stack);
    return result;
}

/* ---- scopes and variables -------------------------------------------------------- */

typedef struct vname {
    term_t name;
    uint32_t id;
} vname;

typedef enum sc_kind { SC_FUNC, SC_LAMBDA, SC_FIXED } sc_kind;

/* The function being lowered: a module function, a fun's lifted function
 * (SC_LAMBDA: free variables are found as they are used), or a
 * comprehension's function (SC_FIXED: free variables decided when it is
 * made: `ncont` positional ones for the continuation, then named ones). */
typedef struct scope scope;
struct scope {
    scope *parent;
    sc_kind kind;
    uint32_t explicit_arity;
    term_t *free;
    uint32_t nfree, free_cap, ncont;
    term_t self_name;
    int32_t self_lambda;
    /* the clause being lowered */
    vname *vars;
    uint32_t nvars, vars_cap;
    uint8_t *bound;
    uint32_t nids, bound_cap;
    /* per variable: how often read, how often of that called (V(...)) */
    uint16_t *reads, *calls;
    uint32_t reads_cap, calls_cap;
    struct fun_var *fvs; /* funs bound to variables of the clause */
    uint32_t nfvs, fvs_cap;
};

/* `V = fun ...` in a clause. OTP's optimisers drop the fun when V is
 * never read; inline it when the next expression first calls it
 * (`V(Args)`, Args simple) and V is read nowhere else; and when V is only
 * called, call the function and make no fun. */
typedef struct fun_var {
    uint32_t id;
    ir *make;
    bool called_next;
} fun_var;

/* Something v3_core numbers (see "OTP's numbering" below): its path
 * and the function it names (UINT32_MAX: a number used up, nothing named). */
typedef struct event {
    uint32_t *path;
    uint32_t plen;
    uint32_t func;
} event;

/* Where lowering is in a comprehension, for the ranks of its parts. */
typedef struct lc_ctx {
    term_t quals;    /* all its qualifiers */
    uint32_t nq, ng; /* how many, how many of them generators */
    /* `[E || Q] ++ More`: the list ends in More's value instead of [],
     * a literal or a variable (a free variable of the functions) */
    term_t more_lit, more_var;
} lc_ctx;

typedef struct lower {
    cc_state *cs;
    scope *sc;
    unsigned depth;
    uint32_t top; /* the module function being lowered */
    /* OTP's numbering */
    uint32_t *path;
    uint32_t plen, pcap;
    uint32_t seq;
    event *evs;
    uint32_t nev, evcap;
    lc_ctx *lcx;
    bool called_next; /* the match being lowered binds a fun the next expression calls */
} lower;

static void *grow_arena(cc_state *cs, void *p, uint32_t *cap, uint32_t n, size_t elem)
{
    if (n < *cap)
        return p;
    uint32_t nc = *cap ? *cap * 2 : 8;
    void *q = cc_alloc(&cs->ar, nc * elem);
    if (p)
        memcpy(q, p, (size_t)*cap * elem); /* p non-NULL: cap > 0 */
    *cap = nc;
    return q;
}

/* Decides the fate of the funs bound to variables of the clause just
 * lowered in s (see fun_var). */
static void settle_fun_vars(lower *L, scope *s)
{
    cc_state *cs = L->cs;
    for (uint32_t i = 0; i < s->nfvs; i++) {
        fun_var *fv = &s->fvs[i];
        cc_func *f = &cs->funcs[cs->lambdas[fv->make->i].func];
        uint32_t reads = s->reads[fv->id], calls = s->calls[fv->id];
        bool letrec = f->kind != CC_FUN || f->self_name != THE_NON_VALUE;
        if (reads == 0) {
            if (f->kind == CC_FUN)
                f->fate = CC_DROPPED;
            else
                fv->make->j = 1;
        } else if (reads == 1 && calls == 1 && fv->called_next && !letrec)
            f->fate = CC_INLINED;
        else if (reads == calls) /* only called: the calls go to the function */
            fv->make->j = 1;
    }
    s->nfvs = 0;
}

static void clause_reset(lower *L, scope *s)
{
    settle_fun_vars(L, s);
    s->nvars = 0;
    s->nids = 0;
}

static uint32_t new_id(lower *L, scope *s)
{
    s->bound = grow_arena(L->cs, s->bound, &s->bound_cap, s->nids, 1);
    s->reads = grow_arena(L->cs, s->reads, &s->reads_cap, s->nids, sizeof *s->reads);
    s->calls = grow_arena(L->cs, s->calls, &s->calls_cap, s->nids, sizeof *s->calls);
    s->bound[s->nids] = 0;
    s->reads[s->nids] = 0;
    s->calls[s->nids] = 0;
    return s->nids++;
}

static vname *find_local(scope *s, term_t name)
{
    for (uint32_t i = s->nvars; i-- > 0;)
        if (s->vars[i].name == name)
            return &s->vars[i];
    return NULL;
}

/* Binds `name` to a new variable of the clause (shadowing any older one). */
static uint32_t bind_new(lower *L, scope *s, term_t name)
{
    uint32_t id = new_id(L, s);
    vname *v = find_local(s, name);
    if (v)
        v->id = id;
    else {
        s->vars = grow_arena(L->cs, s->vars, &s->vars_cap, s->nvars, sizeof *s->vars);
        s->vars[s->nvars++] = (vname){name, id};
    }
    s->bound[id] = 1;
    return id;
}

static int find_free(const scope *s, term_t name)
{
    for (uint32_t i = s->ncont; i < s->nfree; i++)
        if (s->free[i] == name)
            return (int)i;
    return -1;
}

/* Is `name` bound and visible in scope s at this point? */
static bool visible(const scope *s, term_t name)
{
    for (; s; s = s->parent) {
        vname *v = find_local((scope *)s, name);
        if (v && s->bound[v->id])
            return true;
        if (s->kind == SC_FUNC)
            return false;
        if (s->self_name == name)
            return true;
        if (find_free(s, name) >= 0)
            return true;
        if (s->kind == SC_FIXED)
            return false;
    }
    return false;
}

static ir *new_ir(lower *L, ir_kind kind, uint32_t line, uint32_t n)
{
    ir *e = cc_alloc(&L->cs->ar, sizeof *e);
    e->kind = (uint8_t)kind;
    e->line = line;
    e->n = n;
    if (n)
        e->k = cc_alloc(&L->cs->ar, n * sizeof *e->k);
    return e;
}

static ir *mk_lit(lower *L, term_t t, uint32_t line)
{
    ir *e = new_ir(L, IR_LIT, line, 0);
    e->a = t;
    return e;
}

static ir *mk_var(lower *L, uint32_t id, uint32_t line, bool bind)
{
    ir *e = new_ir(L, IR_VAR, line, 0);
    e->i = id;
    e->flags = bind ? IRF_BIND : 0;
    return e;
}

static ir *mk_arg(lower *L, uint32_t reg, uint32_t line)
{
    ir *e = new_ir(L, IR_ARG, line, 0);
    e->i = reg;
    return e;
}

/* A use of variable `name` in scope s: its variable, or the argument
 * holding a captured value (captured on demand in funs). NULL when not
 * bound anywhere. */
static ir *lookup(lower *L, scope *s, term_t name, uint32_t line)
{
    vname *v = find_local(s, name);
    if (v && s->bound[v->id]) {
        if (s->reads[v->id] < UINT16_MAX)
            s->reads[v->id]++;
        return mk_var(L, v->id, line, false);
    }
    if (s->kind == SC_FUNC)
        return NULL;
    if (s->self_name == name) {
        ir *e = new_ir(L, IR_SELF_FUN, line, 0);
        e->i = (uint32_t)s->self_lambda;
        /* a named fun that uses its name is named after it */
        L->cs->funcs[L->cs->lambdas[e->i].func].self_name = name;
        return e;
    }
    int k = find_free(s, name);
    if (k >= 0)
        return mk_arg(L, s->explicit_arity + (uint32_t)k, line);
    if (s->kind == SC_FIXED || !visible(s->parent, name))
        return NULL;
    s->free = grow_arena(L->cs, s->free, &s->free_cap, s->nfree, sizeof *s->free);
    s->free[s->nfree] = name;
    return mk_arg(L, s->explicit_arity + s->nfree++, line);
}

static ir *use_var(lower *L, term_t name, uint32_t line)
{
    ir *e = lookup(L, L->sc, name, line);
    if (!e) {
        size_t len;
        const char *txt = term_is_atom(name) ? atom_text(name, &len) : "?";
        cc_fail(L->cs, line, "variable '%s' is unbound", txt);
    }
    return e;
}

/* A variable in a pattern: compares when bound (in `shadow` heads only
 * the clause's own variables count), else binds. */
static ir *pat_var(lower *L, term_t name, uint32_t line, bool shadow)
{
    scope *s = L->sc;
    if (shadow) {
        vname *v = find_local(s, name);
        if (v && s->bound[v->id]) {
            if (s->reads[v->id] < UINT16_MAX)
                s->reads[v->id]++;
            return mk_var(L, v->id, line, false);
        }
        return mk_var(L, bind_new(L, s, name), line, true);
    }
    ir *e = lookup(L, s, name, line);
    if (e)
        return e;
    vname *v = find_local(s, name);
    if (v) {
        s->bound[v->id] = 1;
        return mk_var(L, v->id, line, true);
    }
    return mk_var(L, bind_new(L, s, name), line, true);
}

static term_t synth_name(lower *L) { return term_small((int64_t)++L->cs->synth); }

/* Saved binding state of the current clause, for branches. */
static uint8_t *save_bound(lower *L)
{
    scope *s = L->sc;
    uint8_t *b = cc_alloc(&L->cs->ar, s->nids + 1);
    if (s->nids)
        memcpy(b, s->bound, s->nids);
    return b;
}

static void restore_bound(lower *L, const uint8_t *b, uint32_t n)
{
    scope *s = L->sc;
    if (n)
        memcpy(s->bound, b, n);
    if (s->nids > n)
        memset(s->bound + n, 0, s->nids - n);
}

/* ---- functions and lambdas ----------------------------------------------------------- */

static uint32_t add_func(cc_state *cs, term_t name, unsigned arity, uint32_t line)
{
    cs->funcs = cc_grow(cs->funcs, &cs->funcs_cap, cs->nfuncs + 1, sizeof *cs->funcs);
    cc_func *f = &cs->funcs[cs->nfuncs];
    memset(f, 0, sizeof *f);
    f->name = name;
    f->arity = f->hdr_arity = arity;
    f->lambda = -1;
    f->line = line;
    f->kind = CC_TOP;
    f->self_name = THE_NON_VALUE;
    return cs->nfuncs++;
}

static int find_func(cc_state *cs, term_t name, unsigned arity, uint32_t limit)
{
    for (uint32_t i = 0; i < limit; i++)
        if (cs->funcs[i].name == name && cs->funcs[i].arity == arity && cs->funcs[i].lambda < 0)
            return (int)i;
    return -1;
}

term_t cc_fmt_atom(cc_state *cs, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    term_t a;
    if (atom_intern(buf, strlen(buf), &a) != ATOM_OK)
        cc_fail(cs, 0, "cannot make the atom %s", buf);
    return a;
}

static const char *atext(term_t a)
{
    size_t len;
    return atom_text(a, &len);
}

/* ---- OTP's numbering ------------------------------------------------------------------
 * v3_core numbers the funs, `fun f/A`s, generators and large `after`
 * blocks of a module function (N in '-f/1-fun-N-') in the order it
 * translates them, which is not the order of evaluation that lowering
 * follows (lowering must: it decides which occurrence of a variable
 * binds): it translates list and tuple elements, arguments, operands and
 * record fields right to left, a receive's after body before its
 * clauses, a fun after its body, and all the qualifiers of a
 * comprehension before it names its generators and then translates its
 * element. So lowering records each numbered thing as an event with a
 * path: at each construct translated out of order on the way down (a
 * "reordering" one), the place lowering had reached when it entered the
 * construct (`seq`, a counter of entries and events), then the rank
 * v3_core gives the part holding the event; at the end the event's own
 * seq. Sorted by path, the events come in v3_core's order: the parts of a
 * reordering construct by rank, anything else in lowering order. */

static void path_push(lower *L, uint32_t v)
{
    L->path = grow_arena(L->cs, L->path, &L->pcap, L->plen, sizeof *L->path);
    L->path[L->plen++] = v;
}

static void path_pop(lower *L) { L->plen--; }

/* Entering and leaving a reordering construct; its parts are lowered
 * between path_push(rank) and path_pop. */
static void reorder_enter(lower *L) { path_push(L, L->seq++); }
static void reorder_leave(lower *L) { path_pop(L); }

/* An event here: it names function `func` (UINT32_MAX: none). */
static void note_event(lower *L, uint32_t func)
{
    event *ev;
    L->evs = grow_arena(L->cs, L->evs, &L->evcap, L->nev, sizeof *L->evs);
    ev = &L->evs[L->nev++];
    ev->plen = L->plen + 1;
    ev->path = cc_alloc(&L->cs->ar, ev->plen * sizeof *ev->path);
    if (L->plen)
        memcpy(ev->path, L->path, L->plen * sizeof *L->path);
    ev->path[L->plen] = L->seq++;
    ev->func = func;
}

static int cmp_event(const void *a, const void *b)
{
    const event *x = a, *y = b;
    for (uint32_t i = 0; i < x->plen && i < y->plen; i++)
        if (x->path[i] != y->path[i])
            return x->path[i] < y->path[i] ? -1 : 1;
    /* a path is never a prefix of another: the seqs in them are unique */
    return x->plen < y->plen ? -1 : x->plen > y->plen;
}

/* The events of the module function just lowered, in v3_core's order:
 * their N. */
static void number_events(lower *L)
{
    if (L->nev > 1)
        qsort(L->evs, L->nev, sizeof *L->evs, cmp_event);
    for (uint32_t i = 0; i < L->nev; i++)
        if (L->evs[i].func != UINT32_MAX)
            L->cs->funcs[L->evs[i].func].core_n = i;
    L->nev = 0;
    L->plen = 0;
}

/* ---- records ------------------------------------------------------------------------ */

static cc_record *find_record(cc_state *cs, term_t name)
{
    for (uint32_t i = 0; i < cs->nrecords; i++)
        if (cs->records[i].name == name)
            return &cs->records[i];
    return NULL;
}

static int field_index(const cc_record *r, term_t f)
{
    for (uint32_t i = 0; i < r->nfields; i++)
        if (r->fields[i] == f)
            return (int)i;
    return -1;
}

static cc_record *need_record(lower *L, term_t name, uint32_t line)
{
    cc_record *r = find_record(L->cs, name);
    if (!r)
        cc_fail(L->cs, line, "record %s undefined", atext(name));
    return r;
}

/* ---- lowering expressions -------------------------------------------------------------- */

static ir *lower_expr(lower *L, term_t t);
static ir *lower_pat(lower *L, term_t t, bool shadow);
static void lower_body(lower *L, term_t body, ir ***out, uint32_t *n);
static ir *lower_guard(lower *L, term_t guards);
static ir *lower_fun(lower *L, term_t clauses, term_t self, uint32_t line);
static ir *lower_lc(lower *L, term_t t, bool bc, ir *more);
static bool is_fun_expr(term_t t);
static void note_fun_call(lower *L, ir *fun, uint32_t n, bool simple);
static bool is_simple_arg(lower *L, term_t t, unsigned depth);
static bool all_simple(lower *L, term_t list);
static int64_t ir_list_len(const ir *e);

/* lower_expr of the part of rank r of a reordering construct. */
static ir *lower_ranked(lower *L, term_t t, uint32_t r)
{
    path_push(L, r);
    ir *e = lower_expr(L, t);
    path_pop(L);
    return e;
}

static void enter(lower *L, uint32_t line)
{
    if (++L->depth > CC_MAX_DEPTH)
        cc_fail(L->cs, line, "too deeply nested");
}
static void leave(lower *L) { L->depth--; }

static bool is_lit(const ir *e) { return e && e->kind == IR_LIT; }

/* Literal of an abstract literal node, or THE_NON_VALUE. */
static term_t abstract_literal(lower *L, term_t t)
{
    if (!is_node(t, 2))
        return THE_NON_VALUE;
    term_t tag = el(t, 0);
    if (tag == cca.integer || tag == cca.char_ || tag == cca.float_ || tag == cca.string)
        return cc_lit_copy(L->cs, el(t, 2));
    if (tag == cca.atom)
        return el(t, 2);
    if (tag == cca.nil && tuple_arity(t) == 2)
        return NIL;
    return THE_NON_VALUE;
}

static ir *lower_list(lower *L, term_t t, bool pat, bool shadow)
{
    /* [H1, H2, ... | T]: walk the spine in a loop */
    uint32_t line = node_line(t);
    uint32_t n = 0;
    for (term_t c = t; cc_is(c, cca.cons, 4); c = el(c, 3))
        n++;
    ir *e = new_ir(L, IR_LIST, line, n + 1);
    term_t c = t;
    bool all_lit = true;
    if (!pat)
        reorder_enter(L); /* v3_core: the tail first, then the elements from the last */
    for (uint32_t i = 0; i < n; i++, c = el(c, 3)) {
        e->k[i] = pat ? lower_pat(L, el(c, 2), shadow) : lower_ranked(L, el(c, 2), n - i);
        all_lit &= is_lit(e->k[i]);
    }
    e->k[n] = pat ? lower_pat(L, c, shadow) : lower_ranked(L, c, 0);
    if (!pat)
        reorder_leave(L);
    all_lit &= is_lit(e->k[n]);
    if (all_lit) {
        term_t l = e->k[n]->a;
        for (uint32_t i = n; i-- > 0;)
            l = term_cons(L->cs->lit, e->k[i]->a, l);
        return mk_lit(L, l, line);
    }
    return e;
}

static ir *lower_tuple(lower *L, term_t t, bool pat, bool shadow)
{
    term_t es = el(t, 2);
    int64_t n = cc_list_len(es);
    if (n < 0)
        cc_fail(L->cs, node_line(t), "internal: bad tuple");
    ir *e = new_ir(L, IR_TUPLE, node_line(t), (uint32_t)n);
    bool all_lit = true;
    if (!pat)
        reorder_enter(L); /* v3_core: right to left */
    for (uint32_t i = 0; i < (uint32_t)n; i++, es = list_tail(es)) {
        e->k[i] = pat ? lower_pat(L, list_head(es), shadow) : lower_ranked(L, list_head(es), (uint32_t)n - 1 - i);
        all_lit &= is_lit(e->k[i]);
    }
    if (!pat)
        reorder_leave(L);
    if (all_lit) {
        term_t tup = term_tuple(L->cs->lit, (uint64_t)n, NULL);
        for (uint32_t i = 0; i < (uint32_t)n; i++)
            tuple_elems(tup)[i] = e->k[i]->a;
        return mk_lit(L, tup, e->line);
    }
    return e;
}

/* ---- constant folding of arithmetic ---- */

static bool num_of(term_t t, double *d, bool *is_int)
{
    if (term_is_integer(t)) {
        *is_int = true;
        return int_to_double(t, d) || true;
    }
    if (term_is_float(t)) {
        *is_int = false;
        *d = float_value(t);
        return true;
    }
    return false;
}

/* Folds `op` on literal operands when the result is certain and raises
 * nothing; THE_NON_VALUE otherwise. */
static term_t fold_op(lower *L, term_t op, int n, term_t a, term_t b)
{
    heap_t *h = L->cs->lit;
    double da, db;
    bool ia, ib;
    if (n == 1) {
        if (!num_of(a, &da, &ia))
            return THE_NON_VALUE;
        if (op == cca.minus)
            return ia ? int_neg(h, a) : term_float(h, -da);
        if (op == cca.plus)
            return a;
        if (op == cca.bnot && term_is_small(a))
            return term_small(~small_value(a));
        return THE_NON_VALUE;
    }
    if (!num_of(a, &da, &ia) || !num_of(b, &db, &ib))
        return THE_NON_VALUE;
    if (ia && ib) {
        if (op == cca.plus)
            return int_add(h, a, b);
        if (op == cca.minus)
            return int_sub(h, a, b);
        if (op == cca.times)
            return int_mul(h, a, b);
        bool bz = term_is_small(b) && small_value(b) == 0;
        if (op == cca.div_ && !bz)
            return int_div(h, a, b);
        if (op == cca.rem_ && !bz)
            return int_rem(h, a, b);
        if (term_is_small(a) && term_is_small(b)) {
            int64_t x = small_value(a), y = small_value(b);
            if (op == cca.band)
                return term_small(x & y);
            if (op == cca.bor)
                return term_small(x | y);
            if (op == cca.bxor)
                return term_small(x ^ y);
            if (op == cca.bsl && y >= 0 && y < 58 && x >= 0 && x < (INT64_C(1) << (58 - y)))
                return term_small(x << y);
            if (op == cca.bsr && y >= 0 && y < 64)
                return term_small(x >> y);
        }
        return THE_NON_VALUE;
    }
    double r;
    if (op == cca.plus)
        r = da + db;
    else if (op == cca.minus)
        r = da - db;
    else if (op == cca.times)
        r = da * db;
    else if (op == cca.slash && db != 0.0)
        r = da / db;
    else
        return THE_NON_VALUE;
    if (!isfinite(r))
        return THE_NON_VALUE;
    return term_float(h, r);
}

static ir *lower_op(lower *L, term_t t)
{
    uint32_t line = node_line(t);
    term_t op = el(t, 2);
    if (tuple_arity(t) == 4) {
        ir *a = lower_expr(L, el(t, 3));
        if (is_lit(a)) {
            term_t v = fold_op(L, op, 1, a->a, 0);
            if (v != THE_NON_VALUE)
                return mk_lit(L, v, line);
        }
        /* -X: compile_gen.c's neg instruction */
        ir *e = new_ir(L, IR_OP, line, 1);
        e->a = op;
        e->k[0] = a;
        return e;
    }
    if (op == cca.andalso || op == cca.orelse) {
        ir *e = new_ir(L, op == cca.andalso ? IR_ANDALSO : IR_ORELSE, line, 2);
        e->k[0] = lower_expr(L, el(t, 3));
        uint8_t *saved = save_bound(L);
        uint32_t n = L->sc->nids;
        e->k[1] = lower_expr(L, el(t, 4));
        restore_bound(L, saved, n); /* the right side's bindings are unsafe */
        return e;
    }
    reorder_enter(L); /* v3_core: the right operand first */
    if (op == cca.plusplus && cc_is(el(t, 3), cca.lc, 4)) {
        ir *more = lower_ranked(L, el(t, 4), 0);
        path_push(L, 1);
        ir *e = lower_lc(L, el(t, 3), false, more);
        path_pop(L);
        reorder_leave(L);
        return e;
    }
    ir *a = lower_ranked(L, el(t, 3), 1);
    ir *b = lower_ranked(L, el(t, 4), 0);
    reorder_leave(L);
    if (is_lit(a) && is_lit(b)) {
        term_t v = fold_op(L, op, 2, a->a, b->a);
        if (v != THE_NON_VALUE)
            return mk_lit(L, v, line);
    }
    ir *e = new_ir(L, IR_OP, line, 2);
    e->a = op;
    e->k[0] = a;
    e->k[1] = b;
    return e;
}

/* ---- maps ---- */

static ir *lower_map(lower *L, term_t t, bool pat, bool shadow)
{
    uint32_t line = node_line(t);
    bool update = tuple_arity(t) == 4;
    term_t assocs = el(t, update ? 3 : 2);
    int64_t n = cc_list_len(assocs);
    if (n < 0)
        cc_fail(L->cs, line, "internal: bad map");
    if (pat) {
        ir *e = new_ir(L, IR_MAPPAT, line, (uint32_t)n);
        for (uint32_t i = 0; i < (uint32_t)n; i++, assocs = list_tail(assocs)) {
            term_t a = list_head(assocs);
            ir *p = new_ir(L, IR_PAIR, node_line(a), 2);
            p->flags = IRF_EXACT;
            p->k[0] = lower_expr(L, el(a, 2));
            p->k[1] = lower_pat(L, el(a, 3), shadow);
            e->k[i] = p;
        }
        return e;
    }
    ir *e = new_ir(L, IR_MAP, line, (uint32_t)n + 1);
    e->k[0] = update ? lower_expr(L, el(t, 2)) : NULL;
    bool all_lit = !update;
    for (uint32_t i = 0; i < (uint32_t)n; i++, assocs = list_tail(assocs)) {
        term_t a = list_head(assocs);
        ir *p = new_ir(L, IR_PAIR, node_line(a), 2);
        p->flags = el(a, 0) == cca.map_field_exact ? IRF_EXACT : 0;
        p->k[0] = lower_expr(L, el(a, 2));
        p->k[1] = lower_expr(L, el(a, 3));
        all_lit &= is_lit(p->k[0]) && is_lit(p->k[1]);
        e->k[1 + i] = p;
    }
    if (all_lit) {
        term_t *ks = cc_alloc(&L->cs->ar, (2 * n + 1) * sizeof *ks), *vs = ks + n;
        for (uint32_t i = 0; i < (uint32_t)n; i++)
            ks[i] = e->k[1 + i]->k[0]->a, vs[i] = e->k[1 + i]->k[1]->a;
        return mk_lit(L, map_from_pairs(L->cs->lit, ks, vs, (size_t)n), line);
    }
    return e;
}

/* ---- binaries ---- */

typedef struct segspec {
    unsigned kind, unit, flags;
    bool has_unit;
} segspec;

static void parse_tsl(lower *L, term_t tsl, segspec *s, uint32_t line)
{
    s->kind = BS_INTEGER;
    s->unit = 0;
    s->flags = 0;
    s->has_unit = false;
    if (tsl == cca.default_)
        return;
    for (term_t l = tsl; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        if (term_is_tuple(x) && tuple_arity(x) == 2 && el(x, 0) == cca.unit && term_is_small(el(x, 1))) {
            s->unit = (unsigned)small_value(el(x, 1));
            s->has_unit = true;
        } else if (x == cca.integer)
            s->kind = BS_INTEGER;
        else if (x == cca.float_)
            s->kind = BS_FLOAT;
        else if (x == cca.binary || x == cca.bytes)
            s->kind = BS_BINARY, s->flags &= ~IRF_ALL;
        else if (x == cca.bitstring || x == cca.bits)
            s->kind = BS_BINARY, s->flags |= IRF_ALL; /* marks bitstring until defaults below */
        else if (x == cca.utf8)
            s->kind = BS_UTF8;
        else if (x == cca.utf16)
            s->kind = BS_UTF16;
        else if (x == cca.utf32)
            s->kind = BS_UTF32;
        else if (x == cca.signed_)
            s->flags |= IRF_SIGNED;
        else if (x == cca.unsigned_)
            s->flags &= ~IRF_SIGNED;
        else if (x == cca.little)
            s->flags = (s->flags & ~IRF_NATIVE) | IRF_LITTLE;
        else if (x == cca.big)
            s->flags &= ~(IRF_LITTLE | IRF_NATIVE);
        else if (x == cca.native)
            s->flags = (s->flags & ~IRF_LITTLE) | IRF_NATIVE;
        else
            cc_fail(L->cs, line, "internal: bad bit type");
    }
}

/* One segment from {bin_element, A, Value, Size, TSL} whose value is
 * already lowered. `bitstring` was noted in flags as IRF_ALL by
 * parse_tsl; here IRF_ALL takes its real meaning (size: all). */
static ir *make_seg(lower *L, uint32_t line, ir *val, ir *size, const segspec *sp)
{
    ir *s = new_ir(L, IR_SEG, line, 2);
    bool bits = sp->kind == BS_BINARY && (sp->flags & IRF_ALL);
    s->i = sp->kind;
    s->flags = (uint8_t)(sp->flags & ~IRF_ALL);
    s->k[0] = val;
    s->k[1] = size;
    switch (sp->kind) {
    case BS_INTEGER:
        s->j = sp->has_unit ? sp->unit : 1;
        if (!size)
            s->k[1] = mk_lit(L, term_small(8), line);
        break;
    case BS_FLOAT:
        s->j = sp->has_unit ? sp->unit : 1;
        if (!size)
            s->k[1] = mk_lit(L, term_small(64), line);
        break;
    case BS_BINARY:
        s->j = sp->has_unit ? sp->unit : bits ? 1 : 8;
        if (!size)
            s->flags |= IRF_ALL;
        break;
    default:
        s->j = 0;
        s->k[1] = NULL;
        break;
    }
    return s;
}

/* Writes `nbits` bits of integer v (two's complement for negatives) at
 * bit position *pos of buf, in the segment's byte order. Big values are
 * written limb by limb. */
static bool put_int_bits(lower *L, uint8_t *buf, uint64_t pos, uint64_t nbits, term_t v, unsigned flags)
{
    if (nbits == 0)
        return true;
    if (flags & IRF_NATIVE)
        flags |= IRF_LITTLE; /* our hosts are little-endian */
    /* value as little-endian bytes, two's complement, (nbits+7)/8 bytes */
    uint64_t nbytes = (nbits + 7) / 8;
    uint8_t *tmp = cc_alloc(&L->cs->ar, nbytes + 8);
    bool neg;
    if (term_is_small(v)) {
        int64_t x = small_value(v);
        neg = x < 0;
        uint64_t u = (uint64_t)x;
        for (uint64_t i = 0; i < nbytes; i++)
            tmp[i] = i < 8 ? (uint8_t)(u >> (8 * i)) : (neg ? 0xFF : 0);
    } else if (term_is_big(v)) {
        neg = big_is_negative(v);
        size_t nl = big_limb_count(v);
        const mp_limb_t *lm = big_limbs(v);
        for (uint64_t i = 0; i < nbytes; i++) {
            uint64_t li = i / sizeof(mp_limb_t);
            tmp[i] = li < nl ? (uint8_t)(lm[li] >> (8 * (i % sizeof(mp_limb_t)))) : 0;
        }
        if (neg) { /* two's complement of the magnitude */
            unsigned carry = 1;
            for (uint64_t i = 0; i < nbytes; i++) {
                unsigned b = (uint8_t)~tmp[i] + carry;
                tmp[i] = (uint8_t)b;
                carry = b >> 8;
            }
        }
    } else
        return false;
    /* Bits of the value, most significant of the nbits first (big) or
     * the little-endian byte layout OTP uses: for little, whole bytes are
     * reversed and a partial last chunk holds the high bits. */
    for (uint64_t i = 0; i < nbits; i++) {
        uint64_t bitno; /* which bit of the value (0 = least significant) */
        if (flags & IRF_LITTLE) {
            uint64_t byte = i / 8, in = i % 8;
            uint64_t width = (byte == nbits / 8) ? nbits % 8 : 8;
            bitno = byte * 8 + (width - 1 - in);
        } else
            bitno = nbits - 1 - i;
        unsigned bit = (tmp[bitno / 8] >> (bitno % 8)) & 1;
        uint64_t p = pos + i;
        if (bit)
            buf[p / 8] |= (uint8_t)(0x80 >> (p % 8));
    }
    return true;
}

/* Builds a binary at compile time when every segment is literal and
 * simple; THE_NON_VALUE otherwise (the code builds it). */
static term_t fold_bin(lower *L, ir **segs, uint32_t n)
{
    uint64_t total = 0;
    for (uint32_t i = 0; i < n; i++) {
        ir *s = segs[i];
        if (!is_lit(s->k[0]))
            return THE_NON_VALUE;
        term_t v = s->k[0]->a;
        switch (s->i) {
        case BS_INTEGER: {
            if (!is_lit(s->k[1]) || !term_is_small(s->k[1]->a) || !term_is_integer(v))
                return THE_NON_VALUE;
            int64_t sz = small_value(s->k[1]->a) * (int64_t)s->j;
            if (sz < 0 || sz > (1 << 20) || ((s->flags & (IRF_LITTLE | IRF_NATIVE)) && sz % 8))
                return THE_NON_VALUE;
            total += (uint64_t)sz;
            break;
        }
        case BS_BINARY: {
            if (!term_is_bitstring(v))
                return THE_NON_VALUE;
            bin_view bv;
            bin_view_of(v, &bv);
            uint64_t bits = bin_bit_size(&bv);
            if (s->flags & IRF_ALL) {
                if (s->j == 8 && bits % 8)
                    return THE_NON_VALUE;
                total += bits;
            } else {
                if (!is_lit(s->k[1]) || !term_is_small(s->k[1]->a))
                    return THE_NON_VALUE;
                int64_t sz = small_value(s->k[1]->a) * (int64_t)s->j;
                if (sz < 0 || (uint64_t)sz > bits)
                    return THE_NON_VALUE;
                total += (uint64_t)sz;
            }
            break;
        }
        case BS_UTF8: {
            if (!term_is_small(v))
                return THE_NON_VALUE;
            int64_t c = small_value(v);
            if (!unicode_is_scalar(c))
                return THE_NON_VALUE;
            total += c < 0x80 ? 8 : c < 0x800 ? 16 : c < 0x10000 ? 24 : 32;
            break;
        }
        default:
            return THE_NON_VALUE; /* floats, utf16/32: built by the code */
        }
    }
    uint64_t nbytes = (total + 7) / 8;
    uint8_t *buf = cc_alloc(&L->cs->ar, nbytes + 1);
    uint64_t pos = 0;
    for (uint32_t i = 0; i < n; i++) {
        ir *s = segs[i];
        term_t v = s->k[0]->a;
        if (s->i == BS_INTEGER) {
            uint64_t sz = (uint64_t)small_value(s->k[1]->a) * s->j;
            put_int_bits(L, buf, pos, sz, v, s->flags);
            pos += sz;
        } else if (s->i == BS_BINARY) {
            bin_view bv;
            bin_view_of(v, &bv);
            uint64_t bits = bin_bit_size(&bv);
            if (!(s->flags & IRF_ALL))
                bits = (uint64_t)small_value(s->k[1]->a) * s->j;
            uint8_t *tmp = cc_alloc(&L->cs->ar, bv.size + 1);
            bin_copy_bits(&bv, tmp);
            for (uint64_t b = 0; b < bits; b++, pos++)
                if (tmp[b / 8] & (0x80 >> (b % 8)))
                    buf[pos / 8] |= (uint8_t)(0x80 >> (pos % 8));
        } else {
            int64_t c = small_value(v);
            uint8_t u[4];
            int len;
            if (c < 0x80)
                u[0] = (uint8_t)c, len = 1;
            else if (c < 0x800)
                u[0] = (uint8_t)(0xC0 | c >> 6), u[1] = (uint8_t)(0x80 | (c & 0x3F)), len = 2;
            else if (c < 0x10000)
                u[0] = (uint8_t)(0xE0 | c >> 12), u[1] = (uint8_t)(0x80 | ((c >> 6) & 0x3F)),
                u[2] = (uint8_t)(0x80 | (c & 0x3F)), len = 3;
            else
                u[0] = (uint8_t)(0xF0 | c >> 18), u[1] = (uint8_t)(0x80 | ((c >> 12) & 0x3F)),
                u[2] = (uint8_t)(0x80 | ((c >> 6) & 0x3F)), u[3] = (uint8_t)(0x80 | (c & 0x3F)), len = 4;
            for (int q = 0; q < len; q++) {
                for (int b = 0; b < 8; b++, pos++)
                    if (u[q] & (0x80 >> b))
                        buf[pos / 8] |= (uint8_t)(0x80 >> (pos % 8));
            }
        }
    }
    return bin_new_bits(L->cs->lit, buf, total);
}

/* {bin, A, Elements} as an expression or a pattern. In a pattern, a
 * segment size is an expression evaluated when the segment is reached;
 * `skip` makes the skip pattern of a binary generator (literal values
 * become wildcards of the same size). */
static ir *lower_bin(lower *L, term_t t, bool pat, bool shadow, bool skip)
{
    uint32_t line = node_line(t);
    term_t elems = el(t, 2);
    /* count segments, strings expanding to one per character */
    uint32_t n = 0, m = 0;
    for (term_t l = elems; term_is_list(l); l = list_tail(l), m++) {
        term_t be = list_head(l);
        if (!cc_is(be, cca.bin_element, 5))
            cc_fail(L->cs, line, "internal: bad binary element");
        term_t v = el(be, 2);
        if (cc_is(v, cca.string, 3)) {
            int64_t sl = cc_list_len(el(v, 2));
            n += sl > 0 ? (uint32_t)sl : 0;
        } else
            n++;
    }
    ir *e = new_ir(L, IR_BIN, line, n);
    uint32_t i = 0;
    if (!pat)
        reorder_enter(L); /* v3_core: the segments right to left */
    uint32_t si = 0;
    for (term_t l = elems; term_is_list(l); l = list_tail(l), si++) {
        if (!pat) { /* the rank of this segment, until the next one's */
            if (si)
                path_pop(L);
            path_push(L, m - 1 - si);
        }
        term_t be = list_head(l);
        uint32_t bl = node_line(be);
        term_t v = el(be, 2), size = el(be, 3);
        segspec sp;
        parse_tsl(L, el(be, 4), &sp, bl);
        if (cc_is(v, cca.string, 3)) {
            for (term_t c = el(v, 2); term_is_list(c); c = list_tail(c)) {
                ir *sz = size == cca.default_ ? NULL : lower_expr(L, size);
                ir *cv = skip ? new_ir(L, IR_WILD, bl, 0) : mk_lit(L, list_head(c), bl);
                ir *seg = make_seg(L, bl, cv, sz, &sp);
                seg->seg = si + 1; /* a string is one segment */
                if (pat && !skip && seg->i == BS_INTEGER) {
                    term_t bits = fold_bin(L, &seg, 1);
                    if (bits != THE_NON_VALUE)
                        seg->a = bits;
                }
                e->k[i++] = seg;
            }
            continue;
        }
        ir *sz = NULL;
        ir *val;
        if (pat) {
            val = lower_pat(L, v, shadow);
            if (skip && !(val->kind == IR_VAR && (val->flags & IRF_BIND)))
                val = new_ir(L, IR_WILD, bl, 0);
            if (size != cca.default_) {
                if (cc_is(size, cca.atom, 3) && el(size, 2) == cca.all)
                    sz = NULL;
                else
                    sz = lower_expr(L, size);
            }
        } else {
            val = lower_expr(L, v);
            if (size != cca.default_) {
                if (cc_is(size, cca.atom, 3) && el(size, 2) == cca.all)
                    sz = NULL;
                else
                    sz = lower_expr(L, size);
            }
        }
        ir *seg = make_seg(L, bl, val, sz, &sp);
        seg->seg = si + 1;
        if (pat && seg->i == BS_INTEGER && is_lit(val) && term_is_integer(val->a)) {
            term_t bits = fold_bin(L, &seg, 1); /* matched as a string of bits */
            if (bits != THE_NON_VALUE)
                seg->a = bits;
        }
        e->k[i++] = seg;
    }
    if (!pat) {
        if (si)
            path_pop(L);
        reorder_leave(L);
        term_t b = fold_bin(L, e->k, n);
        if (b != THE_NON_VALUE)
            return mk_lit(L, b, line);
    }
    return e;
}

/* ---- records ---- */

/* #Name{Fields} as an expression: a tuple in definition order. */
static ir *lower_record_new(lower *L, term_t t, bool pat, bool shadow)
{
    uint32_t line = node_line(t);
    term_t name = el(t, 2);
    cc_record *r = need_record(L, name, line);
    term_t inits = el(t, 3);
    term_t *given = cc_alloc(&L->cs->ar, (r->nfields + 1) * sizeof *given);
    term_t wild = THE_NON_VALUE; /* `_ = V` */
    for (uint32_t i = 0; i < r->nfields; i++)
        given[i] = THE_NON_VALUE;
    for (term_t l = inits; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l); /* {record_field, A, {atom|var, _, F}, V} */
        term_t fn = el(f, 2);
        if (cc_is(fn, cca.var, 3)) {
            wild = el(f, 3);
            continue;
        }
        int k = field_index(r, el(fn, 2));
        if (k < 0)
            cc_fail(L->cs, line, "field %s undefined in record %s", atext(el(fn, 2)), atext(name));
        given[k] = el(f, 3);
    }
    ir *e = new_ir(L, IR_TUPLE, line, r->nfields + 1);
    e->k[0] = mk_lit(L, name, line);
    bool all_lit = true;
    if (!pat)
        reorder_enter(L); /* a tuple to v3_core: the fields right to left */
    for (uint32_t i = 0; i < r->nfields; i++) {
        term_t src = given[i] != THE_NON_VALUE ? given[i] : wild;
        uint32_t rank = r->nfields - 1 - i;
        if (pat)
            e->k[1 + i] = src != THE_NON_VALUE ? lower_pat(L, src, shadow) : new_ir(L, IR_WILD, line, 0);
        else if (src != THE_NON_VALUE)
            e->k[1 + i] = lower_ranked(L, src, rank);
        else if (r->defaults[i] != THE_NON_VALUE)
            e->k[1 + i] = lower_ranked(L, r->defaults[i], rank);
        else
            e->k[1 + i] = mk_lit(L, cca.undefined, line);
        all_lit &= is_lit(e->k[1 + i]);
    }
    if (!pat)
        reorder_leave(L);
    if (all_lit && !pat) {
        term_t tup = term_tuple(L->cs->lit, r->nfields + 1, NULL);
        for (uint32_t i = 0; i <= r->nfields; i++)
            tuple_elems(tup)[i] = e->k[i]->a;
        return mk_lit(L, tup, line);
    }
    return e;
}

static ir *lower_record_update(lower *L, term_t t)
{
    uint32_t line = node_line(t);
    term_t name = el(t, 3);
    cc_record *r = need_record(L, name, line);
    term_t upds = el(t, 4);
    int64_t n = cc_list_len(upds);
    ir *e = new_ir(L, IR_REC_SET, line, (uint32_t)n + 1);
    e->a = name;
    e->i = r->nfields + 1;
    uint32_t i = 1;
    for (term_t l = upds; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        int k = field_index(r, el(el(f, 2), 2));
        if (k < 0)
            cc_fail(L->cs, line, "internal: bad record field");
        ir *p = new_ir(L, IR_PAIR, node_line(f), 2);
        p->i = (uint32_t)k + 1;
        p->k[1] = lower_expr(L, el(f, 3));
        e->k[i++] = p;
    }
    /* as erl_expand_records: the new values first, in the order written */
    e->k[0] = lower_expr(L, el(t, 2));
    return e;
}

static ir *lower_record_field(lower *L, term_t t)
{
    uint32_t line = node_line(t);
    term_t name = el(t, 3);
    cc_record *r = need_record(L, name, line);
    ir *e = new_ir(L, IR_REC_GET, line, 1);
    e->k[0] = lower_expr(L, el(t, 2));
    e->a = name;
    e->i = r->nfields + 1;
    int k = field_index(r, el(el(t, 4), 2));
    if (k < 0)
        cc_fail(L->cs, line, "internal: bad record field");
    e->j = (uint32_t)k + 1;
    return e;
}

static ir *lower_record_index(lower *L, term_t t)
{
    uint32_t line = node_line(t);
    cc_record *r = need_record(L, el(t, 2), line);
    int k = field_index(r, el(el(t, 3), 2));
    if (k < 0)
        cc_fail(L->cs, line, "internal: bad record field");
    return mk_lit(L, term_small(k + 2), line);
}

/* ---- calls ---- */

static bool is_local_fn(lower *L, term_t f, unsigned a) { return find_func(L->cs, f, a, L->cs->ntop) >= 0; }

static bool no_auto(cc_state *cs, term_t f, unsigned a)
{
    if (cs->no_auto_all)
        return true;
    for (uint32_t i = 0; i < cs->nno_auto; i++)
        if (cs->no_auto[i].f == f && cs->no_auto[i].a == a)
            return true;
    return false;
}

static term_t imported_from(cc_state *cs, term_t f, unsigned a)
{
    for (uint32_t i = 0; i < cs->nimports; i++)
        if (cs->imports[i].f == f && cs->imports[i].a == a)
            return cs->imports[i].m;
    return THE_NON_VALUE;
}

/* The arguments into e->k[from..): parts of the reordering construct
 * the caller entered, v3_core translating them right to left after the
 * parts of rank >= base + their number. */
static void lower_args_in(lower *L, term_t args, ir *e, uint32_t from, uint32_t base)
{
    uint32_t i = from;
    uint32_t n = (uint32_t)cc_list_len(args);
    for (term_t l = args; term_is_list(l); l = list_tail(l), i++)
        e->k[i] = lower_ranked(L, list_head(l), base + n - 1 - (i - from));
}

/* The arguments of a call whose other parts are constants. */
static void lower_args(lower *L, term_t args, ir *e, uint32_t from)
{
    reorder_enter(L);
    lower_args_in(L, args, e, from, 0);
    reorder_leave(L);
}

static ir *mk_bif(lower *L, term_t name, uint32_t n, uint32_t line)
{
    ir *e = new_ir(L, IR_BIF, line, n);
    e->a = name;
    return e;
}

static ir *mk_remote(lower *L, term_t m, term_t f, term_t args, uint32_t line)
{
    int64_t n = cc_list_len(args);
    if (m == cca.maps && L->cs->shell_local == THE_NON_VALUE) {
        /* OTP's compiler calls the erlang BIFs for these three, so that a
         * failure shows erlang:map_get/2's frame, not maps:get/2's; not in
         * a shell input (compile_exprs), which erl_eval runs as written */
        term_t bif = f == cca.get && n == 2      ? cca.map_get
                     : f == cca.is_key && n == 2 ? cca.is_map_key
                     : f == cca.size && n == 1   ? cca.map_size
                                                 : THE_NON_VALUE;
        if (bif != THE_NON_VALUE)
            m = cca.erlang, f = bif;
    }
    if (m == cca.erlang) {
        ir *e = mk_bif(L, f, (uint32_t)n, line);
        lower_args(L, args, e, 0);
        return e;
    }
    ir *e = new_ir(L, IR_RCALL, line, (uint32_t)n + 2);
    e->k[0] = mk_lit(L, m, line);
    e->k[1] = mk_lit(L, f, line);
    lower_args(L, args, e, 2);
    return e;
}

static term_t old_type_test(term_t f)
{
    if (f == cca.integer)
        return cca.is_integer;
    if (f == cca.float_)
        return cca.is_float;
    if (f == cca.number)
        return cca.is_number;
    if (f == cca.atom)
        return cca.is_atom;
    if (f == cca.list)
        return cca.is_list;
    if (f == cca.tuple)
        return cca.is_tuple;
    if (f == cca.pid)
        return cca.is_pid;
    if (f == cca.port)
        return cca.is_port;
    if (f == cca.reference)
        return cca.is_reference;
    if (f == cca.binary)
        return cca.is_binary;
    if (f == cca.function_)
        return cca.is_function;
    return THE_NON_VALUE;
}

static ir *lower_is_record(lower *L, term_t what, term_t name, uint32_t size, uint32_t line)
{
    ir *e = new_ir(L, IR_IS_RECORD, line, 1);
    e->k[0] = lower_expr(L, what);
    e->a = name;
    e->i = size;
    return e;
}

static ir *lower_call_1(lower *L, term_t t, bool guard);

static ir *lower_call(lower *L, term_t t, bool guard)
{
    ir *e = lower_call_1(L, t, guard);
    /* apply(F, [A, ...]) is F(A, ...) to OTP's optimiser */
    if (e->kind == IR_BIF && e->a == cca.apply && e->n == 2) {
        int64_t n = ir_list_len(e->k[1]);
        term_t list = list_head(list_tail(el(t, 3)));
        bool simple = true;
        for (; cc_is(list, cca.cons, 4); list = el(list, 3))
            simple &= is_simple_arg(L, el(list, 2), 0);
        if (n >= 0)
            note_fun_call(L, e->k[0], (uint32_t)n, simple);
    }
    return e;
}

static ir *lower_call_1(lower *L, term_t t, bool guard)
{
    uint32_t line = node_line(t);
    term_t fn = el(t, 2), args = el(t, 3);
    int64_t n = cc_list_len(args);
    if (n < 0)
        cc_fail(L->cs, line, "internal: bad call");
    if (cc_is(fn, cca.remote, 4)) {
        term_t m = el(fn, 2), f = el(fn, 3);
        if (cc_is(m, cca.atom, 3) && cc_is(f, cca.atom, 3)) {
            if (el(m, 2) == cca.erlang && el(f, 2) == cca.is_record && n == 2 &&
                cc_is(list_head(list_tail(args)), cca.atom, 3)) {
                term_t rn = el(list_head(list_tail(args)), 2);
                cc_record *r = find_record(L->cs, rn);
                if (r)
                    return lower_is_record(L, list_head(args), rn, r->nfields + 1, line);
            }
            return mk_remote(L, el(m, 2), el(f, 2), args, line);
        }
        ir *e = new_ir(L, IR_RCALL, line, (uint32_t)n + 2);
        reorder_enter(L); /* v3_core: the arguments from the last, then F, then M */
        e->k[0] = lower_ranked(L, m, (uint32_t)n + 1);
        e->k[1] = lower_ranked(L, f, (uint32_t)n);
        lower_args_in(L, args, e, 2, 0);
        reorder_leave(L);
        return e;
    }
    if (cc_is(fn, cca.atom, 3)) {
        term_t f = el(fn, 2);
        unsigned a = (unsigned)n;
        /* record tests and record_info */
        if ((f == cca.is_record || (guard && f == cca.record)) && (a == 2 || a == 3)) {
            term_t rn = list_head(list_tail(args));
            if (cc_is(rn, cca.atom, 3) && !(is_local_fn(L, f, a) && f == cca.is_record)) {
                uint32_t size = 0;
                if (a == 2) {
                    cc_record *r = find_record(L->cs, el(rn, 2));
                    if (r)
                        size = r->nfields + 1;
                } else {
                    term_t sz = list_head(list_tail(list_tail(args)));
                    if (cc_is(sz, cca.integer, 3) && term_is_small(el(sz, 2)) && small_value(el(sz, 2)) > 0)
                        size = (uint32_t)small_value(el(sz, 2));
                }
                if (size)
                    return lower_is_record(L, list_head(args), el(rn, 2), size, line);
            }
        }
        if (f == cca.record_info && a == 2 && !is_local_fn(L, f, a)) {
            term_t what = list_head(args), rn = list_head(list_tail(args));
            if (cc_is(what, cca.atom, 3) && cc_is(rn, cca.atom, 3)) {
                cc_record *r = need_record(L, el(rn, 2), line);
                if (el(what, 2) == cca.size)
                    return mk_lit(L, term_small(r->nfields + 1), line);
                term_t l = NIL;
                for (uint32_t i = r->nfields; i-- > 0;)
                    l = term_cons(L->cs->lit, r->fields[i], l);
                return mk_lit(L, l, line);
            }
        }
        int fi = find_func(L->cs, f, a, L->cs->ntop);
        if (fi >= 0) {
            ir *e = new_ir(L, IR_CALL, line, a);
            e->i = (uint32_t)fi;
            lower_args(L, args, e, 0);
            return e;
        }
        term_t m = imported_from(L->cs, f, a);
        if (m != THE_NON_VALUE)
            return mk_remote(L, m, f, args, line);
        if (guard && a == 1) {
            term_t nt = old_type_test(f);
            if (nt != THE_NON_VALUE) {
                ir *e = mk_bif(L, nt, 1, line);
                lower_args(L, args, e, 0);
                return e;
            }
        }
        if (lint_is_auto_bif(f, a) && !no_auto(L->cs, f, a)) {
            ir *e = mk_bif(L, f, a, line);
            lower_args(L, args, e, 0);
            return e;
        }
        if (L->cs->shell_local != THE_NON_VALUE)
            return mk_remote(L, L->cs->shell_local, f, args, line);
        cc_fail(L->cs, line, "function %s/%u undefined", atext(f), a);
    }
    /* a fun (or any expression) called */
    ir *e = new_ir(L, IR_FCALL, line, (uint32_t)n + 1);
    reorder_enter(L); /* v3_core: the fun, then the arguments from the last */
    e->k[0] = lower_ranked(L, fn, 0);
    lower_args_in(L, args, e, 1, 1);
    reorder_leave(L);
    note_fun_call(L, e->k[0], (uint32_t)n, all_simple(L, args));
    return e;
}

/* ---- clauses ---- */

/* A fun made here: `fun (...) -> ... end`, a named fun or `fun f/A`. */
static bool is_fun_expr(term_t t)
{
    return cc_is(t, cca.named_fun, 4) || (cc_is(t, cca.fun_, 3) && !cc_is(el(t, 2), cca.function_, 4));
}

/* The value of a fun made here is not used: OTP makes none. */
static void drop_fun(lower *L, ir *make_fun)
{
    if (make_fun->kind != IR_MAKE_FUN)
        return;
    cc_func *f = &L->cs->funcs[L->cs->lambdas[make_fun->i].func];
    if (f->kind == CC_FUN)
        f->fate = CC_DROPPED;
    else
        make_fun->j = 1;
}

/* `F(Args)` (or apply(F, [Args])) with n arguments, F lowered to `fun`:
 * OTP calls the function directly (making no fun), inlining a plain fun
 * when the arguments are simple; a variable is noted as called. */
static void note_fun_call(lower *L, ir *fun, uint32_t n, bool simple)
{
    cc_state *cs = L->cs;
    if (fun->kind == IR_VAR) {
        scope *s = L->sc;
        if (fun->i < s->nids && s->calls[fun->i] < UINT16_MAX)
            s->calls[fun->i]++;
        return;
    }
    if (fun->kind != IR_MAKE_FUN)
        return;
    cc_func *f = &cs->funcs[cs->lambdas[fun->i].func];
    fun->j = 1;
    if (f->kind == CC_FUN && f->self_name == THE_NON_VALUE && f->hdr_arity == n && simple)
        f->fate = CC_INLINED;
}

static bool all_simple(lower *L, term_t list)
{
    for (; term_is_list(list); list = list_tail(list))
        if (!is_simple_arg(L, list_head(list), 0))
            return false;
    return true;
}

/* The number of elements of a proper list expression (IR), or -1. */
static int64_t ir_list_len(const ir *e)
{
    if (is_lit(e))
        return cc_list_len(e->a);
    if (e->kind == IR_LIST && is_lit(e->k[e->n - 1]) && e->k[e->n - 1]->a == NIL)
        return (int64_t)e->n - 1;
    return -1;
}

/* A variable, a literal, or a list or tuple of those (v3_core passes
 * it to a call as it is). */
static bool is_simple_arg(lower *L, term_t t, unsigned depth)
{
    if (depth > 32 || !is_node(t, 2))
        return false;
    if (cc_is(t, cca.var, 3) || abstract_literal(L, t) != THE_NON_VALUE)
        return true;
    if (cc_is(t, cca.cons, 4)) {
        for (; cc_is(t, cca.cons, 4); t = el(t, 3))
            if (!is_simple_arg(L, el(t, 2), depth + 1))
                return false;
        return is_simple_arg(L, t, depth + 1);
    }
    if (cc_is(t, cca.tuple, 3)) {
        for (term_t l = el(t, 2); term_is_list(l); l = list_tail(l))
            if (!is_simple_arg(L, list_head(l), depth + 1))
                return false;
        return true;
    }
    return false;
}

/* The first call v3_core makes of expression t (which it computes into a
 * variable before the rest), or THE_NON_VALUE. */
static term_t first_call(lower *L, term_t t)
{
    for (unsigned depth = 0; depth < 32; depth++) {
        term_t parts = NIL, before = THE_NON_VALUE;
        if (cc_is(t, cca.match, 4) && cc_is(el(t, 2), cca.var, 3)) { /* a let */
            t = el(t, 3);
            continue;
        }
        if (cc_is(t, cca.block, 3) && term_is_list(el(t, 2))) {
            t = list_head(el(t, 2));
            continue;
        }
        if (cc_is(t, cca.call, 4)) {
            term_t fn = el(t, 2);
            if (!cc_is(fn, cca.atom, 3) && !cc_is(fn, cca.remote, 4) && !cc_is(fn, cca.var, 3))
                before = fn; /* the fun first */
            parts = el(t, 3);
        } else if (cc_is(t, cca.op, 5) && el(t, 2) != cca.andalso && el(t, 2) != cca.orelse) {
            if (!is_simple_arg(L, el(t, 3), 0)) {
                t = el(t, 3);
                continue;
            }
            if (!is_simple_arg(L, el(t, 4), 0)) {
                t = el(t, 4);
                continue;
            }
            return THE_NON_VALUE;
        } else if (cc_is(t, cca.tuple, 3))
            parts = el(t, 2);
        else if (cc_is(t, cca.cons, 4)) {
            if (!is_simple_arg(L, el(t, 2), 0)) {
                t = el(t, 2);
                continue;
            }
            t = el(t, 3);
            continue;
        } else
            return THE_NON_VALUE;
        if (before != THE_NON_VALUE && !is_simple_arg(L, before, 0)) {
            t = before;
            continue;
        }
        term_t next = THE_NON_VALUE;
        for (term_t l = parts; term_is_list(l) && next == THE_NON_VALUE; l = list_tail(l))
            if (!is_simple_arg(L, list_head(l), 0))
                next = list_head(l);
        if (next == THE_NON_VALUE)
            return cc_is(t, cca.call, 4) ? t : THE_NON_VALUE;
        t = next;
    }
    return THE_NON_VALUE;
}

/* Is `x` `V = fun ... end` and the first call of `next` `V(Args)` with as
 * many simple arguments as the fun takes? */
static bool calls_bound_fun(lower *L, term_t x, term_t next)
{
    if (!cc_is(x, cca.match, 4) || !cc_is(el(x, 2), cca.var, 3) || !is_fun_expr(el(x, 3)))
        return false;
    next = first_call(L, next);
    if (next == THE_NON_VALUE || !cc_is(el(next, 2), cca.var, 3) || el(el(next, 2), 2) != el(el(x, 2), 2))
        return false;
    term_t fun = el(x, 3);
    term_t clauses = cc_is(fun, cca.named_fun, 4) ? el(fun, 3) : el(el(fun, 2), 1);
    if (!term_is_list(clauses) || cc_list_len(el(list_head(clauses), 2)) != cc_list_len(el(next, 3)))
        return false;
    for (term_t l = el(next, 3); term_is_list(l); l = list_tail(l))
        if (!is_simple_arg(L, list_head(l), 0))
            return false;
    return true;
}

/* Lowers a clause's patterns, guard and body in the current scope. */
static void lower_clause(lower *L, term_t c, ir_clause *out, bool shadow)
{
    if (!cc_is(c, cca.clause, 5))
        cc_fail(L->cs, 0, "internal: bad clause");
    out->line = node_line(c);
    term_t pats = el(c, 2);
    int64_t np = cc_list_len(pats);
    if (np < 0)
        cc_fail(L->cs, out->line, "internal: bad clause");
    out->npats = (uint32_t)np;
    out->pats = cc_alloc(&L->cs->ar, (np + 1) * sizeof *out->pats);
    uint32_t i = 0;
    for (term_t l = pats; term_is_list(l); l = list_tail(l))
        out->pats[i++] = lower_pat(L, list_head(l), shadow);
    out->guard = lower_guard(L, el(c, 3));
    lower_body(L, el(c, 4), &out->body, &out->nbody);
}

/* Lowers case/if/receive clauses as branches: each starts from the
 * bindings before them; afterwards only what every branch bound stays
 * bound. When `after` is not NULL, the body `after_body` is one more
 * branch (a receive's after body), lowered into *after; then the caller
 * has entered a reordering construct (v3_core: the timeout, rank 0, the
 * after body, rank 1, then the clauses). */
static void lower_branches(lower *L, term_t clauses, ir_clause **out, uint32_t *n, term_t after_body, ir ***after,
                           uint32_t *nafter)
{
    int64_t nc = cc_list_len(clauses);
    if (nc < 0)
        cc_fail(L->cs, 0, "internal: bad clauses");
    *n = (uint32_t)nc;
    *out = cc_alloc(&L->cs->ar, (nc + 1) * sizeof **out);
    uint32_t n0 = L->sc->nids;
    uint8_t *start = save_bound(L);
    uint8_t *acc = NULL;
    uint32_t nacc = 0;
    uint32_t i = 0;
    bool have_after = after != NULL;
    for (term_t l = clauses;; l = list_tail(l)) {
        bool is_after = !term_is_list(l);
        if (is_after && !have_after)
            break;
        restore_bound(L, start, n0);
        if (have_after)
            path_push(L, is_after ? 1 : 2 + i);
        if (is_after)
            lower_body(L, after_body, after, nafter);
        else
            lower_clause(L, list_head(l), &(*out)[i++], false);
        if (have_after)
            path_pop(L);
        scope *s = L->sc;
        if (!acc) {
            acc = cc_alloc(&L->cs->ar, s->nids + 1);
            if (s->nids)
                memcpy(acc, s->bound, s->nids);
            nacc = s->nids;
        } else {
            uint8_t *na = cc_alloc(&L->cs->ar, s->nids + 1);
            for (uint32_t v = 0; v < s->nids; v++)
                na[v] = (v < nacc ? acc[v] : 0) & s->bound[v];
            acc = na;
            nacc = s->nids;
        }
        if (is_after)
            break;
    }
    if (acc)
        restore_bound(L, acc, nacc);
    else
        restore_bound(L, start, n0);
}

static void lower_body(lower *L, term_t body, ir ***out, uint32_t *n)
{
    int64_t nb = cc_list_len(body);
    if (nb < 0)
        cc_fail(L->cs, 0, "internal: bad body");
    *n = (uint32_t)nb;
    *out = cc_alloc(&L->cs->ar, (nb + 1) * sizeof **out);
    uint32_t i = 0;
    for (term_t l = body; term_is_list(l); l = list_tail(l)) {
        term_t x = list_head(l);
        bool last = !term_is_list(list_tail(l));
        L->called_next = !last && calls_bound_fun(L, x, list_head(list_tail(l)));
        ir *e = lower_expr(L, x);
        L->called_next = false;
        if (!last && is_fun_expr(x)) /* a fun made for nothing: OTP drops it */
            drop_fun(L, e);
        (*out)[i++] = e;
    }
}

static ir *lower_guard_expr(lower *L, term_t t)
{
    if (cc_is(t, cca.call, 4))
        return lower_call(L, t, true);
    return lower_expr(L, t);
}

static ir *lower_guard(lower *L, term_t guards)
{
    int64_t ng = cc_list_len(guards);
    if (ng <= 0)
        return NULL;
    ir *seq = new_ir(L, IR_GSEQ, 0, (uint32_t)ng);
    uint32_t i = 0;
    for (term_t g = guards; term_is_list(g); g = list_tail(g)) {
        term_t conj = list_head(g);
        int64_t nt = cc_list_len(conj);
        ir *c = new_ir(L, IR_GCONJ, 0, (uint32_t)(nt > 0 ? nt : 0));
        uint32_t j = 0;
        for (term_t l = conj; term_is_list(l); l = list_tail(l))
            c->k[j++] = lower_guard_expr(L, list_head(l));
        seq->k[i++] = c;
    }
    return seq;
}

/* ---- the expression dispatcher ---- */

/* ---- the size of an after block --------------------------------------------------------
 * v3_core lifts the after body of a try into a function of its own (which
 * takes a number) when it is 20 "intermediate expressions" or more. A
 * model of its count: one per expression of a body, one per part that
 * must be computed into a variable first (a call as an argument, ...),
 * and the clauses, guards and bodies inside cases, funs and the like. */

enum { CK_SAFE, CK_NOVARS, CK_OTHER }; /* what v3_core makes of an expression */

typedef struct csize {
    uint32_t pre;   /* the expressions computed before it */
    uint32_t inner; /* what is inside it (clauses, bodies) */
    int kind;
} csize;

static csize core_expr(lower *L, term_t t);
static uint32_t core_body(lower *L, term_t body);

/* Computed into a variable unless it is a variable, literal, list or tuple. */
static uint32_t core_safe(lower *L, term_t t)
{
    csize c = core_expr(L, t);
    return c.kind == CK_SAFE ? c.pre : c.pre + 1 + c.inner;
}

static uint32_t core_novars(lower *L, term_t t)
{
    csize c = core_expr(L, t);
    return c.kind == CK_OTHER ? c.pre + 1 + c.inner : c.pre;
}

/* Parts computed side by side (safe_list): two or more that need
 * computing make one expression (an #iexprs). */
typedef struct parts {
    uint32_t total, nonempty;
} parts;

static void add_part(lower *L, parts *a, term_t t)
{
    uint32_t p = core_safe(L, t);
    a->total += p;
    a->nonempty += p > 0;
}

static void add_parts(lower *L, parts *a, term_t list)
{
    for (term_t l = list; term_is_list(l); l = list_tail(l))
        add_part(L, a, list_head(l));
}

static uint32_t parts_pre(const parts *a) { return a->nonempty >= 2 ? 1 : a->total; }

static uint32_t core_clauses(lower *L, term_t clauses)
{
    uint32_t n = 0;
    for (term_t l = clauses; term_is_list(l); l = list_tail(l)) {
        term_t c = list_head(l);
        n += 1 + (term_is_list(el(c, 3)) ? 1 : 0) + core_body(L, el(c, 4));
    }
    return n;
}

static uint32_t core_body(lower *L, term_t body)
{
    uint32_t n = 0;
    for (term_t l = body; term_is_list(l); l = list_tail(l)) {
        csize c = core_expr(L, list_head(l));
        n += c.pre + 1 + c.inner;
    }
    return n;
}

static csize core_expr(lower *L, term_t t)
{
    csize r = {0, 0, CK_SAFE};
    if (!is_node(t, 2))
        return r;
    term_t tag = el(t, 0);
    if (abstract_literal(L, t) != THE_NON_VALUE || tag == cca.var || tag == cca.record_index)
        return r;
    parts ps = {0, 0};
    if (tag == cca.cons) {
        term_t c = t;
        for (; cc_is(c, cca.cons, 4); c = el(c, 3))
            add_part(L, &ps, el(c, 2));
        add_part(L, &ps, c);
        r.pre = parts_pre(&ps);
        return r;
    }
    if (tag == cca.tuple) {
        add_parts(L, &ps, el(t, 2));
        r.pre = parts_pre(&ps);
        return r;
    }
    if (tag == cca.record && tuple_arity(t) == 4) { /* a tuple of the fields */
        for (term_t l = el(t, 3); term_is_list(l); l = list_tail(l))
            add_part(L, &ps, el(list_head(l), 3));
        r.pre = parts_pre(&ps);
        return r;
    }
    r.kind = CK_NOVARS;
    if (tag == cca.map) {
        bool update = tuple_arity(t) == 4, lit = true;
        for (term_t l = el(t, update ? 3 : 2); term_is_list(l); l = list_tail(l)) {
            term_t k = el(list_head(l), 2), v = el(list_head(l), 3);
            r.pre += core_safe(L, k) + core_safe(L, v);
            lit &= abstract_literal(L, k) != THE_NON_VALUE && abstract_literal(L, v) != THE_NON_VALUE;
        }
        if (lit && !update)
            r.kind = CK_SAFE; /* a literal map */
        if (update) {
            r.pre += core_safe(L, el(t, 2));
            r.kind = CK_OTHER;
            r.inner = 3;
        }
        return r;
    }
    if (tag == cca.bin) {
        bool lit = true;
        for (term_t l = el(t, 2); term_is_list(l); l = list_tail(l)) {
            term_t be = list_head(l);
            r.pre += core_safe(L, el(be, 2));
            lit &= abstract_literal(L, el(be, 2)) != THE_NON_VALUE;
            if (el(be, 3) != cca.default_) {
                r.pre += core_safe(L, el(be, 3));
                lit &= abstract_literal(L, el(be, 3)) != THE_NON_VALUE;
            }
        }
        if (lit)
            r.kind = CK_SAFE;
        return r;
    }
    if (tag == cca.call) {
        term_t fn = el(t, 2);
        if (cc_is(fn, cca.remote, 4)) {
            add_part(L, &ps, el(fn, 2));
            add_part(L, &ps, el(fn, 3));
        } else if (!cc_is(fn, cca.atom, 3))
            r.pre = core_safe(L, fn);
        add_parts(L, &ps, el(t, 3));
        r.pre += parts_pre(&ps);
        return r;
    }
    if (tag == cca.fun_) {
        term_t body = el(t, 2);
        if (cc_is(body, cca.clauses, 2))
            r.inner = core_clauses(L, el(body, 1));
        else if (cc_is(body, cca.function_, 3)) {
            if (lint_is_auto_bif(el(body, 1), (unsigned)small_value(el(body, 2))))
                r.inner = 2; /* fun (X) -> bif(X) end */
            else
                r.kind = CK_OTHER;
        }
        else if (cc_is(body, cca.function_, 4)) {
            for (unsigned i = 1; i <= 3; i++)
                add_part(L, &ps, el(body, i));
            r.pre = parts_pre(&ps);
        }
        return r;
    }
    if (tag == cca.named_fun) {
        r.inner = core_clauses(L, el(t, 3));
        return r;
    }
    if (tag == cca.op) {
        if (tuple_arity(t) == 4) {
            r.pre = core_safe(L, el(t, 3));
            return r;
        }
        term_t op = el(t, 2);
        if (op == cca.andalso || op == cca.orelse) {
            /* case A of true -> B; false -> false; V -> error(...) end */
            r.kind = CK_OTHER;
            r.pre = core_novars(L, el(t, 3));
            csize b = core_expr(L, el(t, 4));
            r.inner = 1 + b.pre + 1 + b.inner + 2 + 2;
            return r;
        }
        if (op == cca.plusplus && cc_is(el(t, 3), cca.lc, 4)) {
            csize lc = core_expr(L, el(t, 3));
            lc.pre += core_safe(L, el(t, 4));
            return lc;
        }
        add_part(L, &ps, el(t, 3));
        add_part(L, &ps, el(t, 4));
        r.pre = parts_pre(&ps);
        return r;
    }
    r.kind = CK_OTHER;
    if (tag == cca.match) { /* P1 = P2 = E: an alias, one more */
        term_t e = el(t, 3);
        while (cc_is(e, cca.match, 4)) {
            e = el(e, 3);
            r.pre++;
        }
        r.pre += core_novars(L, e);
    } else if (tag == cca.block) {
        term_t last = THE_NON_VALUE;
        for (term_t l = el(t, 2); term_is_list(l); l = list_tail(l)) {
            if (last != THE_NON_VALUE) {
                csize c = core_expr(L, last);
                r.pre += c.pre + 1 + c.inner;
            }
            last = list_head(l);
        }
        if (last != THE_NON_VALUE) {
            csize c = core_expr(L, last);
            c.pre += r.pre;
            return c;
        }
    } else if (tag == cca.case_) {
        r.pre = core_novars(L, el(t, 2));
        r.inner = core_clauses(L, el(t, 3));
    } else if (tag == cca.if_)
        r.inner = core_clauses(L, el(t, 2));
    else if (tag == cca.receive_) {
        r.inner = core_clauses(L, el(t, 2));
        if (tuple_arity(t) == 5)
            r.pre = core_novars(L, el(t, 3));
    } else if (tag == cca.try_) {
        term_t of = el(t, 3), catches = el(t, 4), after = el(t, 5);
        if (term_is_list(after))
            r.inner = core_body(L, after) + 1 + 1;
        else
            r.inner = (term_is_list(of) ? 1 + core_clauses(L, of) : 1) + 1 + core_clauses(L, catches);
    } else if (tag == cca.catch_) {
        csize c = core_expr(L, el(t, 2));
        r.inner = c.pre + 1 + c.inner;
    } else if (tag == cca.lc || tag == cca.bc) {
        term_t q = el(t, 3);
        uint32_t first = 0;
        if (term_is_list(q) && (cc_is(list_head(q), cca.generate, 4) || cc_is(list_head(q), cca.b_generate, 4)))
            first = core_safe(L, el(list_head(q), 3));
        if (tag == cca.bc) {
            r.pre = first + 1;
            r.inner = 1;
        } else
            r.inner = first + 1;
    } else if (tag == cca.record) { /* an update: the values, R, then a case */
        uint32_t n = 0;
        for (term_t l = el(t, 4); term_is_list(l); l = list_tail(l), n++) {
            term_t v = el(list_head(l), 3);
            if (!cc_is(v, cca.var, 3) && abstract_literal(L, v) == THE_NON_VALUE)
                r.pre += core_novars(L, v) + 1;
        }
        r.pre += core_novars(L, el(t, 2)) + 1;
        cc_record *rec = find_record(L->cs, el(t, 3));
        uint32_t nf = rec ? rec->nfields : 0;
        /* setelement calls when few fields change, else a new tuple */
        r.inner = n && n <= nf - n ? 1 + n + 2 : 4;
    } else if (tag == cca.record_field) {
        r.pre = core_novars(L, el(t, 2));
        r.inner = 4;
    }
    return r;
}

/* Is a try's after body one v3_core lifts (and numbers)? */
static bool after_is_large(lower *L, term_t body)
{
    uint32_t n = 0;
    term_t last = THE_NON_VALUE;
    for (term_t l = body; term_is_list(l); l = list_tail(l)) {
        if (last != THE_NON_VALUE) {
            csize c = core_expr(L, last);
            n += c.pre + 1 + c.inner;
        }
        last = list_head(l);
    }
    if (last != THE_NON_VALUE) { /* `_ = Last` */
        if (cc_is(last, cca.match, 4))
            n += core_expr(L, last).pre + 2;
        else
            n += core_novars(L, last) + 1;
    }
    return n >= 20;
}

/* The clauses of `fun (V1, ..., Vn) -> F(V1, ..., Vn) end`, which is what
 * `fun F/N` of an auto-imported BIF means (a local fun, as OTP makes it).
 * The terms go on the literal heap (a few words). */
static term_t bif_wrapper(lower *L, term_t anno, term_t f, unsigned a)
{
    heap_t *h = L->cs->lit;
    term_t vars = NIL;
    for (unsigned i = 0; i < a; i++)
        vars = term_cons(h, term_tuple3(h, cca.var, anno, synth_name(L)), vars);
    term_t call = term_tuple(h, 4, NULL);
    tuple_elems(call)[0] = cca.call;
    tuple_elems(call)[1] = anno;
    tuple_elems(call)[2] = term_tuple3(h, cca.atom, anno, f);
    tuple_elems(call)[3] = vars;
    term_t clause = term_tuple(h, 5, NULL);
    tuple_elems(clause)[0] = cca.clause;
    tuple_elems(clause)[1] = anno;
    tuple_elems(clause)[2] = vars;
    tuple_elems(clause)[3] = NIL;
    tuple_elems(clause)[4] = term_cons(h, call, NIL);
    return term_cons(h, clause, NIL);
}

static ir *lower_expr_1(lower *L, term_t t)
{
    if (!is_node(t, 2))
        cc_fail(L->cs, 0, "internal: bad expression");
    term_t tag = el(t, 0);
    uint32_t line = node_line(t);
    term_t lit = abstract_literal(L, t);
    if (lit != THE_NON_VALUE)
        return mk_lit(L, lit, line);
    if (tag == cca.var)
        return use_var(L, el(t, 2), line);
    if (tag == cca.cons)
        return lower_list(L, t, false, false);
    if (tag == cca.tuple)
        return lower_tuple(L, t, false, false);
    if (tag == cca.map)
        return lower_map(L, t, false, false);
    if (tag == cca.bin)
        return lower_bin(L, t, false, false, false);
    if (tag == cca.op)
        return lower_op(L, t);
    if (tag == cca.match) {
        bool called_next = L->called_next;
        L->called_next = false;
        ir *e = new_ir(L, IR_MATCH, line, 2);
        e->k[1] = lower_expr(L, el(t, 3));
        e->k[0] = lower_pat(L, el(t, 2), false);
        if (e->k[1]->kind == IR_MAKE_FUN && is_fun_expr(el(t, 3))) {
            ir *p = e->k[0];
            if (p->kind == IR_WILD)
                drop_fun(L, e->k[1]);
            else if (p->kind == IR_VAR && (p->flags & IRF_BIND)) {
                scope *s = L->sc;
                s->fvs = grow_arena(L->cs, s->fvs, &s->fvs_cap, s->nfvs, sizeof *s->fvs);
                s->fvs[s->nfvs++] = (fun_var){p->i, e->k[1], called_next};
            }
        }
        return e;
    }
    if (tag == cca.block) {
        ir *e = new_ir(L, IR_BLOCK, line, 0);
        lower_body(L, el(t, 2), &e->k, &e->n);
        return e;
    }
    if (tag == cca.case_) {
        ir *e = new_ir(L, IR_CASE, line, 1);
        e->k[0] = lower_expr(L, el(t, 2));
        lower_branches(L, el(t, 3), &e->cl, &e->ncl, NIL, NULL, NULL);
        return e;
    }
    if (tag == cca.if_) {
        ir *e = new_ir(L, IR_IF, line, 0);
        lower_branches(L, el(t, 2), &e->cl, &e->ncl, NIL, NULL, NULL);
        return e;
    }
    if (tag == cca.receive_) {
        ir *e = new_ir(L, IR_RECEIVE, line, 1);
        if (tuple_arity(t) == 5) {
            reorder_enter(L);
            e->k[0] = lower_ranked(L, el(t, 3), 0);
            lower_branches(L, el(t, 2), &e->cl, &e->ncl, el(t, 4), &e->b, &e->nb);
            reorder_leave(L);
        } else
            lower_branches(L, el(t, 2), &e->cl, &e->ncl, NIL, NULL, NULL);
        return e;
    }
    if (tag == cca.try_) {
        ir *e = new_ir(L, IR_TRY, line, 0);
        uint32_t n0 = L->sc->nids;
        uint8_t *before = save_bound(L);
        lower_body(L, el(t, 2), &e->k, &e->n);
        term_t of = el(t, 3), catches = el(t, 4), after = el(t, 5);
        if (term_is_list(of)) {
            e->flags |= IRF_OF;
            lower_branches(L, of, &e->cl, &e->ncl, NIL, NULL, NULL);
        }
        restore_bound(L, before, n0);
        int64_t ncc = cc_list_len(catches);
        e->ncl2 = (uint32_t)(ncc > 0 ? ncc : 0);
        e->cl2 = cc_alloc(&L->cs->ar, (e->ncl2 + 1) * sizeof *e->cl2);
        uint32_t i = 0;
        for (term_t l = catches; term_is_list(l); l = list_tail(l)) {
            restore_bound(L, before, n0);
            term_t c = list_head(l);
            /* {clause, A, [{tuple, _, [Class, Reason, Stack]}], G, B} */
            term_t pat = list_head(el(c, 2));
            ir_clause *cl = &e->cl2[i++];
            cl->line = node_line(c);
            cl->npats = 3;
            cl->pats = cc_alloc(&L->cs->ar, 3 * sizeof *cl->pats);
            term_t ps = el(pat, 2);
            for (int k = 0; k < 3; k++, ps = list_tail(ps))
                cl->pats[k] = lower_pat(L, list_head(ps), false);
            cl->guard = lower_guard(L, el(c, 3));
            lower_body(L, el(c, 4), &cl->body, &cl->nbody);
        }
        restore_bound(L, before, n0);
        if (term_is_list(after)) {
            e->flags |= IRF_AFTER;
            lower_body(L, after, &e->b, &e->nb);
            restore_bound(L, before, n0);
            if (after_is_large(L, after)) {
                e->j = 1;
                note_event(L, UINT32_MAX); /* v3_core's 'after$^N' */
            }
        }
        return e;
    }
    if (tag == cca.catch_) {
        ir *e = new_ir(L, IR_CATCH, line, 1);
        uint32_t n0 = L->sc->nids;
        uint8_t *before = save_bound(L);
        e->k[0] = lower_expr(L, el(t, 2));
        restore_bound(L, before, n0);
        return e;
    }
    if (tag == cca.call)
        return lower_call(L, t, false);
    if (tag == cca.fun_) {
        term_t body = el(t, 2);
        if (cc_is(body, cca.clauses, 2))
            return lower_fun(L, el(body, 1), THE_NON_VALUE, line);
        if (cc_is(body, cca.function_, 3)) {
            term_t f = el(body, 1);
            unsigned a = (unsigned)small_value(el(body, 2));
            /* in a module, as erl_expand_records: fun (X) -> length(X) end */
            if (lint_is_auto_bif(f, a) && L->cs->shell_local == THE_NON_VALUE)
                return lower_fun(L, bif_wrapper(L, el(t, 1), f, a), THE_NON_VALUE, line);
            int fi = find_func(L->cs, f, a, L->cs->ntop);
            if (fi < 0) /* (lint lets none through but in the shell) */
                return mk_lit(L, term_export(L->cs->lit, cca.erlang, f, a), line);
            note_event(L, UINT32_MAX); /* v3_core numbers it (for a wrapper it does not make) */
            /* a lambda whose code is the local function itself */
            cc_state *cs = L->cs;
            for (uint32_t i = 0; i < cs->nlambdas; i++)
                if (cs->lambdas[i].func == (uint32_t)fi && cs->lambdas[i].num_free == 0 &&
                    cs->funcs[fi].lambda < 0) {
                    ir *e = new_ir(L, IR_MAKE_FUN, line, 0);
                    e->i = i;
                    return e;
                }
            cs->lambdas = cc_grow(cs->lambdas, &cs->lambdas_cap, cs->nlambdas + 1, sizeof *cs->lambdas);
            cs->lambdas[cs->nlambdas] = (cc_lambda){f, a, 0, (uint32_t)fi, 0};
            ir *e = new_ir(L, IR_MAKE_FUN, line, 0);
            e->i = cs->nlambdas++;
            return e;
        }
        if (cc_is(body, cca.function_, 4)) {
            term_t m = el(body, 1), f = el(body, 2), a = el(body, 3);
            if (cc_is(m, cca.atom, 3) && cc_is(f, cca.atom, 3) && cc_is(a, cca.integer, 3) &&
                term_is_small(el(a, 2)) && small_value(el(a, 2)) >= 0 && small_value(el(a, 2)) <= 255)
                return mk_lit(L, term_export(L->cs->lit, el(m, 2), el(f, 2), (unsigned)small_value(el(a, 2))),
                              line);
            ir *e = mk_bif(L, cca.make_fun, 3, line);
            reorder_enter(L); /* v3_core: right to left */
            e->k[0] = lower_ranked(L, m, 2);
            e->k[1] = lower_ranked(L, f, 1);
            e->k[2] = lower_ranked(L, a, 0);
            reorder_leave(L);
            return e;
        }
        cc_fail(L->cs, line, "internal: bad fun");
    }
    if (tag == cca.named_fun)
        return lower_fun(L, el(t, 3), el(t, 2), line);
    if (tag == cca.lc)
        return lower_lc(L, t, false, NULL);
    if (tag == cca.bc)
        return lower_lc(L, t, true, NULL);
    if (tag == cca.record) {
        if (tuple_arity(t) == 4)
            return lower_record_new(L, t, false, false);
        return lower_record_update(L, t);
    }
    if (tag == cca.record_field)
        return lower_record_field(L, t);
    if (tag == cca.record_index)
        return lower_record_index(L, t);
    cc_fail(L->cs, line, "unsupported expression %s", term_is_atom(tag) ? atext(tag) : "?");
}

static ir *lower_expr(lower *L, term_t t)
{
    enter(L, node_line(t));
    ir *e = lower_expr_1(L, t);
    leave(L);
    return e;
}

/* ---- patterns ---- */

/* A pattern's value when it is a constant expression (erl_eval's
 * partial_eval: numbers, atoms and arithmetic on them). */
static term_t const_pattern(lower *L, term_t t)
{
    term_t lit = abstract_literal(L, t);
    if (lit != THE_NON_VALUE)
        return lit;
    if (cc_is(t, cca.op, 4)) {
        term_t a = const_pattern(L, el(t, 3));
        if (a == THE_NON_VALUE)
            return THE_NON_VALUE;
        return fold_op(L, el(t, 2), 1, a, 0);
    }
    if (cc_is(t, cca.op, 5)) {
        term_t a = const_pattern(L, el(t, 3)), b = const_pattern(L, el(t, 4));
        if (a == THE_NON_VALUE || b == THE_NON_VALUE)
            return THE_NON_VALUE;
        return fold_op(L, el(t, 2), 2, a, b);
    }
    return THE_NON_VALUE;
}

/* "abc" ++ T, [$a, $b] ++ T in a pattern: a list pattern ending in T. */
static ir *lower_append_pat(lower *L, term_t t, bool shadow)
{
    uint32_t line = node_line(t);
    term_t left = el(t, 3);
    /* collect the prefix elements */
    uint32_t n = 0;
    term_t prefix;
    if (cc_is(left, cca.string, 3))
        prefix = el(left, 2);
    else
        prefix = THE_NON_VALUE;
    if (prefix != THE_NON_VALUE) {
        int64_t len = cc_list_len(prefix);
        if (len == 0)
            return lower_pat(L, el(t, 4), shadow);
        ir *e = new_ir(L, IR_LIST, line, (uint32_t)len + 1);
        for (term_t l = prefix; term_is_list(l); l = list_tail(l))
            e->k[n++] = mk_lit(L, list_head(l), line);
        e->k[n] = lower_pat(L, el(t, 4), shadow);
        return e;
    }
    /* a cons chain of patterns or nil */
    for (term_t c = left; cc_is(c, cca.cons, 4); c = el(c, 3))
        n++;
    if (n == 0)
        return lower_pat(L, el(t, 4), shadow);
    ir *e = new_ir(L, IR_LIST, line, n + 1);
    uint32_t i = 0;
    for (term_t c = left; cc_is(c, cca.cons, 4); c = el(c, 3))
        e->k[i++] = lower_pat(L, el(c, 2), shadow);
    e->k[n] = lower_pat(L, el(t, 4), shadow);
    return e;
}

static ir *lower_pat_1(lower *L, term_t t, bool shadow)
{
    if (!is_node(t, 2))
        cc_fail(L->cs, 0, "internal: bad pattern");
    term_t tag = el(t, 0);
    uint32_t line = node_line(t);
    if (tag == cca.var) {
        if (el(t, 2) == cca.underscore)
            return new_ir(L, IR_WILD, line, 0);
        return pat_var(L, el(t, 2), line, shadow);
    }
    term_t lit = const_pattern(L, t);
    if (lit != THE_NON_VALUE)
        return mk_lit(L, lit, line);
    if (tag == cca.cons)
        return lower_list(L, t, true, shadow);
    if (tag == cca.tuple)
        return lower_tuple(L, t, true, shadow);
    if (tag == cca.map)
        return lower_map(L, t, true, shadow);
    if (tag == cca.bin)
        return lower_bin(L, t, true, shadow, false);
    if (tag == cca.match) {
        ir *e = new_ir(L, IR_MATCH, line, 2);
        e->k[0] = lower_pat(L, el(t, 2), shadow);
        e->k[1] = lower_pat(L, el(t, 3), shadow);
        return e;
    }
    if (tag == cca.record && tuple_arity(t) == 4)
        return lower_record_new(L, t, true, shadow);
    if (tag == cca.record_index)
        return lower_record_index(L, t);
    if (cc_is(t, cca.op, 5) && el(t, 2) == cca.plusplus)
        return lower_append_pat(L, t, shadow);
    cc_fail(L->cs, line, "illegal pattern");
}

static ir *lower_pat(lower *L, term_t t, bool shadow)
{
    enter(L, node_line(t));
    ir *e = lower_pat_1(L, t, shadow);
    leave(L);
    return e;
}

/* ---- funs ---------------------------------------------------------------------------- */

static scope *new_scope(lower *L, sc_kind kind, uint32_t explicit_arity)
{
    scope *s = cc_alloc(&L->cs->ar, sizeof *s);
    s->parent = L->sc;
    s->kind = kind;
    s->explicit_arity = explicit_arity;
    s->self_name = THE_NON_VALUE;
    s->self_lambda = -1;
    return s;
}

static ir *lower_fun(lower *L, term_t clauses, term_t self, uint32_t line)
{
    cc_state *cs = L->cs;
    int64_t ncl = cc_list_len(clauses);
    if (ncl <= 0)
        cc_fail(cs, line, "internal: bad fun");
    int64_t arity = cc_list_len(el(list_head(clauses), 2));
    uint32_t fi = add_func(cs, THE_NON_VALUE, (unsigned)arity, line);
    cs->lambdas = cc_grow(cs->lambdas, &cs->lambdas_cap, cs->nlambdas + 1, sizeof *cs->lambdas);
    uint32_t li = cs->nlambdas++;
    cs->lambdas[li] = (cc_lambda){THE_NON_VALUE, (unsigned)arity, 0, fi, 0};
    cs->funcs[fi].lambda = (int)li;
    cs->funcs[fi].kind = CC_FUN;
    cs->funcs[fi].owner = L->top;

    scope *s = new_scope(L, SC_LAMBDA, (uint32_t)arity);
    if (self != THE_NON_VALUE && self != cca.underscore) {
        s->self_name = self;
        s->self_lambda = (int32_t)li;
    }
    ir_clause *cl = cc_alloc(&cs->ar, ncl * sizeof *cl);
    scope *outer = L->sc;
    L->sc = s;
    uint32_t i = 0;
    for (term_t l = clauses; term_is_list(l); l = list_tail(l)) {
        clause_reset(L, s);
        lower_clause(L, list_head(l), &cl[i], true);
        cl[i].nvars = s->nids;
        i++;
    }
    settle_fun_vars(L, s);
    L->sc = outer;
    note_event(L, fi); /* numbered after its clauses, so nested funs come first */
    cc_func *f = &cs->funcs[fi];
    f->cl = cl;
    f->ncl = (uint32_t)ncl;
    f->arity = (unsigned)arity + s->nfree;
    f->hdr_arity = (unsigned)arity;
    cs->lambdas[li].arity = f->arity;
    cs->lambdas[li].num_free = s->nfree;
    ir *e = new_ir(L, IR_MAKE_FUN, line, s->nfree);
    e->i = li;
    for (uint32_t k = 0; k < s->nfree; k++)
        e->k[k] = use_var(L, s->free[k], line);
    return e;
}

/* ---- comprehensions ------------------------------------------------------------------- */

/* Names of the variables occurring anywhere in t (explicit stack). */
typedef struct nameset {
    term_t *v;
    uint32_t n, cap;
} nameset;

static void names_add(lower *L, nameset *ns, term_t name)
{
    for (uint32_t i = 0; i < ns->n; i++)
        if (ns->v[i] == name)
            return;
    ns->v = grow_arena(L->cs, ns->v, &ns->cap, ns->n, sizeof *ns->v);
    ns->v[ns->n++] = name;
}

static void collect_names(lower *L, term_t t, nameset *ns)
{
    uint32_t cap = 64, n = 0;
    term_t *st = cc_alloc(&L->cs->ar, cap * sizeof *st);
    st[n++] = t;
    while (n) {
        term_t x = st[--n];
        while (term_is_list(x)) {
            if (n + 1 >= cap)
                st = grow_arena(L->cs, st, &cap, n + 1, sizeof *st);
            st[n++] = list_head(x);
            x = list_tail(x);
        }
        if (!term_is_tuple(x))
            continue;
        if (cc_is(x, cca.var, 3) && term_is_atom(el(x, 2)) && el(x, 2) != cca.underscore) {
            names_add(L, ns, el(x, 2));
            continue;
        }
        uint64_t ar = tuple_arity(x);
        for (uint64_t i = 0; i < ar; i++) {
            term_t y = tuple_get(x, i);
            if (term_is_tuple(y) || term_is_list(y)) {
                if (n + 1 >= cap)
                    st = grow_arena(L->cs, st, &cap, n + 1, sizeof *st);
                st[n++] = y;
            }
        }
    }
}

/* What comes after the current element: [] at the outer level, else a
 * call of the enclosing generator's function on its tail. `home` is the
 * scope where tail is a local variable. */
typedef struct lc_cont {
    bool nil;
    uint32_t func;
    term_t tail;
    scope *home;
} lc_cont;

/* Ranks of a comprehension's parts (v3_core's order): its qualifiers in
 * order (their expressions), then the names of its generators, then its
 * element. `quals` is what follows the qualifier in question. */
static uint32_t qual_rank(lower *L, term_t quals) { return L->lcx->nq - 1 - (uint32_t)cc_list_len(quals); }

static uint32_t generators_before(lower *L, uint32_t qi)
{
    uint32_t n = 0, i = 0;
    for (term_t q = L->lcx->quals; term_is_list(q) && i < qi; q = list_tail(q), i++)
        n += cc_is(list_head(q), cca.generate, 4) || cc_is(list_head(q), cca.b_generate, 4);
    return n;
}

static uint32_t element_rank(lower *L) { return L->lcx->nq + L->lcx->ng; }

static bool is_local_for_guard(void *ctx, term_t f, unsigned a)
{
    lower *L = ctx;
    return is_local_fn(L, f, a) || imported_from(L->cs, f, a) != THE_NON_VALUE;
}

static ir *lower_cont(lower *L, const lc_cont *mc, uint32_t line)
{
    if (mc->nil) {
        if (L->lcx->more_var != THE_NON_VALUE)
            return use_var(L, L->lcx->more_var, line);
        return mk_lit(L, L->lcx->more_lit, line);
    }
    cc_state *cs = L->cs;
    cc_func *g = &cs->funcs[mc->func];
    unsigned total = g->arity; /* 1 + free */
    ir *e = new_ir(L, IR_CALL, line, total);
    e->i = mc->func;
    scope *s = L->sc;
    if (s == mc->home) {
        e->k[0] = use_var(L, mc->tail, line);
        for (unsigned k = 1; k < total; k++)
            e->k[k] = mk_arg(L, s->explicit_arity + k - 1, line);
    } else {
        /* a nested generator's function: its first free arguments are the
         * continuation's tail and the enclosing function's free values */
        for (unsigned k = 0; k < total; k++)
            e->k[k] = mk_arg(L, s->explicit_arity + k, line);
    }
    return e;
}

static ir *lc_tq(lower *L, term_t expr, term_t quals, const lc_cont *mc, bool bc, ir *acc, uint32_t line);

static ir *mk_error_tuple(lower *L, term_t tag, ir *what, uint32_t line)
{
    ir *t = new_ir(L, IR_TUPLE, line, 2);
    t->k[0] = mk_lit(L, tag, line);
    t->k[1] = what;
    ir *e = mk_bif(L, cca.error, 1, line);
    e->k[0] = t;
    return e;
}

static ir **body1(lower *L, ir *e)
{
    ir **b = cc_alloc(&L->cs->ar, sizeof *b);
    b[0] = e;
    return b;
}

/* What the element-level "skip" is: LC: the continuation; BC: the
 * accumulator unchanged. */
static ir *lc_skip(lower *L, const lc_cont *mc, bool bc, ir *acc, uint32_t line)
{
    return bc ? acc : lower_cont(L, mc, line);
}

static ir *lc_filter(lower *L, term_t expr, term_t filter, term_t rest, const lc_cont *mc, bool bc, ir *acc,
                     uint32_t line)
{
    uint32_t fl = node_line(filter);
    bool guard = lint_is_guard_test(filter, is_local_for_guard, L);
    uint32_t n0 = L->sc->nids;
    uint8_t *before = save_bound(L);
    uint32_t qi = qual_rank(L, rest);
    if (guard) {
        /* if Filter -> Rest; true -> Skip end */
        ir *e = new_ir(L, IR_IF, fl, 0);
        e->ncl = 2;
        e->cl = cc_alloc(&L->cs->ar, 2 * sizeof *e->cl);
        ir *g = new_ir(L, IR_GSEQ, fl, 1);
        g->k[0] = new_ir(L, IR_GCONJ, fl, 1);
        path_push(L, qi);
        g->k[0]->k[0] = lower_guard_expr(L, filter);
        path_pop(L);
        e->cl[0].guard = g;
        e->cl[0].line = fl;
        e->cl[0].body = body1(L, lc_tq(L, expr, rest, mc, bc, acc, line));
        e->cl[0].nbody = 1;
        restore_bound(L, before, n0);
        e->cl[1].line = fl;
        e->cl[1].body = body1(L, lc_skip(L, mc, bc, acc, line));
        e->cl[1].nbody = 1;
        restore_bound(L, before, n0);
        return e;
    }
    /* case Filter of true -> Rest; false -> Skip; Other -> error({bad_filter, Other}) end */
    ir *e = new_ir(L, IR_CASE, fl, 1);
    e->k[0] = lower_ranked(L, filter, qi);
    uint32_t n1 = L->sc->nids;
    uint8_t *mid = save_bound(L);
    e->ncl = 3;
    e->cl = cc_alloc(&L->cs->ar, 3 * sizeof *e->cl);
    e->cl[0].npats = 1;
    e->cl[0].pats = body1(L, mk_lit(L, cca.true_, fl));
    e->cl[0].body = body1(L, lc_tq(L, expr, rest, mc, bc, acc, line));
    e->cl[0].nbody = 1;
    restore_bound(L, mid, n1);
    e->cl[1].npats = 1;
    e->cl[1].pats = body1(L, mk_lit(L, cca.false_, fl));
    e->cl[1].body = body1(L, lc_skip(L, mc, bc, acc, line));
    e->cl[1].nbody = 1;
    restore_bound(L, mid, n1);
    term_t other = synth_name(L);
    e->cl[2].npats = 1;
    e->cl[2].pats = body1(L, pat_var(L, other, fl, false));
    e->cl[2].body = body1(L, mk_error_tuple(L, cca.bad_filter, use_var(L, other, fl), fl));
    e->cl[2].nbody = 1;
    for (int c = 0; c < 3; c++)
        e->cl[c].line = fl;
    restore_bound(L, before, n0);
    return e;
}

/* A bitstring accumulator extended with the element: <<Acc/bits, E...>>. */
static ir *bc_append(lower *L, ir *acc, term_t expr, uint32_t line)
{
    ir *first;
    segspec sp = {BS_BINARY, 1, IRF_ALL, true};
    sp.has_unit = false;
    first = make_seg(L, line, acc, NULL, &sp);
    first->seg = 1; /* OTP numbers the element's segments after it */
    if (cc_is(expr, cca.bin, 3)) {
        path_push(L, element_rank(L));
        ir *b = lower_bin(L, expr, false, false, false);
        path_pop(L);
        if (b->kind == IR_BIN) {
            ir *e = new_ir(L, IR_BIN, line, b->n + 1);
            e->k[0] = first;
            for (uint32_t i = 0; i < b->n; i++) {
                e->k[i + 1] = b->k[i];
                e->k[i + 1]->seg++;
            }
            return e;
        }
        ir *e = new_ir(L, IR_BIN, line, 2);
        e->k[0] = first;
        e->k[1] = make_seg(L, line, b, NULL, &sp);
        e->k[1]->seg = 2;
        return e;
    }
    ir *e = new_ir(L, IR_BIN, line, 2);
    e->k[0] = first;
    e->k[1] = make_seg(L, line, lower_ranked(L, expr, element_rank(L)), NULL, &sp);
    e->k[1]->seg = 2;
    return e;
}

/* A generator: makes the function that walks its list (or bitstring) and
 * returns the call that starts it. */
static ir *lc_generator(lower *L, term_t expr, term_t gq, term_t rest, const lc_cont *mc, bool bc, ir *acc,
                        uint32_t line)
{
    cc_state *cs = L->cs;
    bool bingen = el(gq, 0) == cca.b_generate;
    uint32_t gl = node_line(gq);
    term_t pat = el(gq, 2);
    /* guard filters right after the generator go into its clause's guard */
    uint32_t nguard = 0;
    term_t r = rest;
    while (term_is_list(r) && !cc_is(list_head(r), cca.generate, 4) && !cc_is(list_head(r), cca.b_generate, 4) &&
           lint_is_guard_test(list_head(r), is_local_for_guard, L)) {
        nguard++;
        r = list_tail(r);
    }
    term_t after_guard = r;

    /* the list expression is evaluated here, in the creating scope */
    uint32_t qi = qual_rank(L, rest);
    ir *list = lower_ranked(L, el(gq, 3), qi);

    /* the function: explicit arguments [List] (LC) or [List, Acc] (BC) */
    uint32_t explicit = bc ? 2 : 1;
    scope *s = new_scope(L, SC_FIXED, explicit);
    /* continuation values first (LC inside another generator) */
    bool inner_cont = !bc && !mc->nil;
    uint32_t ncont = 0;
    if (inner_cont) {
        cc_func *g = &cs->funcs[mc->func];
        ncont = g->arity; /* its tail + its free values */
    }
    nameset ns = {0};
    collect_names(L, rest, &ns);
    collect_names(L, expr, &ns);
    collect_names(L, pat, &ns);
    if (!bc && L->lcx->more_var != THE_NON_VALUE)
        names_add(L, &ns, L->lcx->more_var);
    s->ncont = ncont;
    s->free = cc_alloc(&cs->ar, (ncont + ns.n + 1) * sizeof *s->free);
    s->free_cap = ncont + ns.n + 1;
    for (uint32_t k = 0; k < ncont; k++)
        s->free[k] = THE_NON_VALUE;
    s->nfree = ncont;
    for (uint32_t k = 0; k < ns.n; k++)
        if (visible(L->sc, ns.v[k]))
            s->free[s->nfree++] = ns.v[k];

    uint32_t fi = add_func(cs, THE_NON_VALUE, explicit + s->nfree, gl);
    cs->funcs[fi].kind = bc ? CC_BC : CC_LC;
    cs->funcs[fi].owner = L->top;
    /* v3_core names the generators after translating all the qualifiers */
    path_push(L, L->lcx->nq + generators_before(L, qi));
    note_event(L, fi);
    path_pop(L);

    /* the call in the creating scope */
    ir *call = new_ir(L, IR_CALL, gl, explicit + s->nfree);
    call->i = fi;
    call->j = bc && qi == 0; /* v3_core hoists the list out of the letrec */
    call->k[0] = list;
    if (bc)
        call->k[1] = acc;
    if (inner_cont) {
        scope *cur = L->sc;
        call->k[explicit] = use_var(L, mc->tail, gl);
        for (uint32_t k = 1; k < ncont; k++)
            call->k[explicit + k] = mk_arg(L, cur->explicit_arity + k - 1, gl);
    }
    for (uint32_t k = ncont; k < s->nfree; k++)
        call->k[explicit + k] = use_var(L, s->free[k], gl);

    /* its clauses */
    scope *outer = L->sc;
    L->sc = s;
    ir_clause cls[4];
    memset(cls, 0, sizeof cls);
    uint32_t ncls = 0;
    term_t tailname = synth_name(L), accname = synth_name(L), othername = synth_name(L);
    /* the clause's own call of itself on the tail */
    lc_cont self = {false, fi, tailname, s};

    /* main clause: [Pat | Tail] (or <<Pat, Tail/bits>>) when guards */
    {
        ir_clause *c = &cls[ncls++];
        clause_reset(L, s);
        c->line = gl;
        c->npats = explicit;
        c->pats = cc_alloc(&cs->ar, explicit * sizeof *c->pats);
        if (bingen) {
            ir *b = lower_bin(L, pat, true, true, false);
            ir *nb = new_ir(L, IR_BIN, gl, b->n + 1);
            if (b->n)
                memcpy(nb->k, b->k, b->n * sizeof *b->k);
            segspec sp = {BS_BINARY, 1, IRF_ALL, false};
            nb->k[b->n] = make_seg(L, gl, pat_var(L, tailname, gl, true), NULL, &sp);
            c->pats[0] = nb;
        } else {
            ir *p = new_ir(L, IR_LIST, gl, 2);
            p->k[0] = lower_pat(L, pat, true);
            p->k[1] = pat_var(L, tailname, gl, true);
            c->pats[0] = p;
        }
        ir *accv = NULL;
        if (bc) {
            c->pats[1] = pat_var(L, accname, gl, true);
            accv = use_var(L, accname, gl);
        }
        if (nguard) {
            ir *g = new_ir(L, IR_GSEQ, gl, 1);
            g->k[0] = new_ir(L, IR_GCONJ, gl, nguard);
            term_t q = rest;
            for (uint32_t k = 0; k < nguard; k++, q = list_tail(q))
                g->k[0]->k[k] = lower_guard_expr(L, list_head(q));
            c->guard = g;
        }
        ir *body;
        if (bc) {
            /* F(Tail, <rest with Acc>, Free...) */
            ir *newacc = lc_tq(L, expr, after_guard, &self, true, accv, gl);
            body = new_ir(L, IR_CALL, gl, explicit + s->nfree);
            body->i = fi;
            body->k[0] = use_var(L, tailname, gl);
            body->k[1] = newacc;
            for (uint32_t k = 0; k < s->nfree; k++)
                body->k[explicit + k] = mk_arg(L, explicit + k, gl);
        } else
            body = lc_tq(L, expr, after_guard, &self, false, NULL, gl);
        c->body = body1(L, body);
        c->nbody = 1;
        c->nvars = s->nids;
    }
    /* skip clause when the pattern or a guard can fail */
    bool refutable = nguard > 0 || bingen || !(cc_is(pat, cca.var, 3));
    if (refutable) {
        ir_clause *c = &cls[ncls++];
        clause_reset(L, s);
        c->line = gl;
        c->npats = explicit;
        c->pats = cc_alloc(&cs->ar, explicit * sizeof *c->pats);
        if (bingen) {
            ir *b = lower_bin(L, pat, true, true, true);
            ir *nb = new_ir(L, IR_BIN, gl, b->n + 1);
            if (b->n)
                memcpy(nb->k, b->k, b->n * sizeof *b->k);
            segspec sp = {BS_BINARY, 1, IRF_ALL, false};
            nb->k[b->n] = make_seg(L, gl, pat_var(L, tailname, gl, true), NULL, &sp);
            c->pats[0] = nb;
        } else {
            ir *p = new_ir(L, IR_LIST, gl, 2);
            p->k[0] = new_ir(L, IR_WILD, gl, 0);
            p->k[1] = pat_var(L, tailname, gl, true);
            c->pats[0] = p;
        }
        if (bc)
            c->pats[1] = pat_var(L, accname, gl, true);
        ir *body = new_ir(L, IR_CALL, gl, explicit + s->nfree);
        body->i = fi;
        body->k[0] = use_var(L, tailname, gl);
        if (bc)
            body->k[1] = use_var(L, accname, gl);
        for (uint32_t k = 0; k < s->nfree; k++)
            body->k[explicit + k] = mk_arg(L, explicit + k, gl);
        c->body = body1(L, body);
        c->nbody = 1;
        c->nvars = s->nids;
    }
    /* end clause: [] (or any bitstring left) */
    {
        ir_clause *c = &cls[ncls++];
        clause_reset(L, s);
        c->line = gl;
        c->npats = explicit;
        c->pats = cc_alloc(&cs->ar, explicit * sizeof *c->pats);
        if (bingen) {
            ir *nb = new_ir(L, IR_BIN, gl, 1);
            segspec sp = {BS_BINARY, 1, IRF_ALL, false};
            nb->k[0] = make_seg(L, gl, new_ir(L, IR_WILD, gl, 0), NULL, &sp);
            c->pats[0] = nb;
        } else
            c->pats[0] = mk_lit(L, NIL, gl);
        ir *body;
        if (bc) {
            c->pats[1] = pat_var(L, accname, gl, true);
            body = use_var(L, accname, gl);
        } else
            body = lower_cont(L, mc, gl);
        c->body = body1(L, body);
        c->nbody = 1;
        c->nvars = s->nids;
    }
    /* anything else: error({bad_generator, Other}) */
    {
        ir_clause *c = &cls[ncls++];
        clause_reset(L, s);
        c->line = gl;
        c->npats = explicit;
        c->pats = cc_alloc(&cs->ar, explicit * sizeof *c->pats);
        c->pats[0] = pat_var(L, othername, gl, true);
        if (bc)
            c->pats[1] = new_ir(L, IR_WILD, gl, 0);
        c->body = body1(L, mk_error_tuple(L, cca.bad_generator, use_var(L, othername, gl), gl));
        c->nbody = 1;
        c->nvars = s->nids;
    }
    settle_fun_vars(L, s);
    L->sc = outer;
    cc_func *f = &cs->funcs[fi];
    f->cl = cc_alloc(&cs->ar, ncls * sizeof *f->cl);
    memcpy(f->cl, cls, ncls * sizeof *cls);
    f->ncl = ncls;
    return call;
}

/* The rest of a comprehension from qualifier list `quals` on: LC: the
 * list of the remaining elements followed by the continuation; BC: the
 * accumulator with the remaining elements appended. */
static ir *lc_tq(lower *L, term_t expr, term_t quals, const lc_cont *mc, bool bc, ir *acc, uint32_t line)
{
    enter(L, line);
    ir *res;
    if (!term_is_list(quals)) {
        if (bc)
            res = bc_append(L, acc, expr, line);
        else {
            ir *e = new_ir(L, IR_LIST, line, 2);
            e->k[0] = lower_ranked(L, expr, element_rank(L));
            e->k[1] = lower_cont(L, mc, line);
            res = e;
        }
    } else {
        term_t q = list_head(quals);
        if (cc_is(q, cca.generate, 4) || cc_is(q, cca.b_generate, 4))
            res = lc_generator(L, expr, q, list_tail(quals), mc, bc, acc, line);
        else
            res = lc_filter(L, expr, q, list_tail(quals), mc, bc, acc, line);
    }
    leave(L);
    return res;
}

/* A comprehension; more: for `[E || Q] ++ More`, More's value (v3_core's
 * way: it is evaluated first and the list ends in it). */
static ir *lower_lc(lower *L, term_t t, bool bc, ir *more)
{
    uint32_t line = node_line(t);
    uint32_t n0 = L->sc->nids;
    uint8_t *before = save_bound(L);
    lc_cont nil = {true, 0, THE_NON_VALUE, NULL};
    ir *acc = bc ? mk_lit(L, bin_new(L->cs->lit, NULL, 0), line) : NULL;
    lc_ctx cx = {el(t, 3), 0, 0, NIL, THE_NON_VALUE};
    ir *bind = NULL;
    if (more && is_lit(more))
        cx.more_lit = more->a;
    else if (more) {
        cx.more_var = synth_name(L);
        bind = new_ir(L, IR_MATCH, line, 2);
        bind->k[1] = more;
        bind->k[0] = pat_var(L, cx.more_var, line, false);
    }
    for (term_t q = cx.quals; term_is_list(q); q = list_tail(q), cx.nq++)
        cx.ng += cc_is(list_head(q), cca.generate, 4) || cc_is(list_head(q), cca.b_generate, 4);
    lc_ctx *outer = L->lcx;
    L->lcx = &cx;
    reorder_enter(L);
    ir *e = lc_tq(L, el(t, 2), el(t, 3), &nil, bc, acc, line);
    reorder_leave(L);
    L->lcx = outer;
    restore_bound(L, before, n0);
    if (bind) {
        ir *b = new_ir(L, IR_BLOCK, line, 2);
        b->k[0] = bind;
        b->k[1] = e;
        return b;
    }
    return e;
}

/* ---- module -------------------------------------------------------------------------- */

static void add_record(cc_state *cs, term_t def)
{
    /* {Name, [Field]} with Field {record_field, A, {atom, _, F}[, Default]}
     * or {typed_record_field, RecordField, Type} */
    term_t name = el(def, 0), fields = el(def, 1);
    int64_t n = cc_list_len(fields);
    if (n < 0 || find_record(cs, name))
        return;
    cs->records = cc_grow(cs->records, &cs->records_cap, cs->nrecords + 1, sizeof *cs->records);
    cc_record *r = &cs->records[cs->nrecords++];
    r->name = name;
    r->nfields = (uint32_t)n;
    r->fields = cc_alloc(&cs->ar, (n + 1) * sizeof *r->fields);
    r->defaults = cc_alloc(&cs->ar, (n + 1) * sizeof *r->defaults);
    uint32_t i = 0;
    for (term_t l = fields; term_is_list(l); l = list_tail(l), i++) {
        term_t f = list_head(l);
        if (cc_is(f, cca.typed_record_field, 3))
            f = el(f, 1);
        r->fields[i] = el(el(f, 2), 2);
        r->defaults[i] = tuple_arity(f) == 4 ? el(f, 3) : THE_NON_VALUE;
    }
}

static void add_compile_opt(cc_state *cs, term_t o)
{
    if (o == cca.export_all)
        cs->export_all = true;
    else if (o == cca.no_auto_import)
        cs->no_auto_all = true;
    else if (term_is_tuple(o) && tuple_arity(o) == 2 && el(o, 0) == cca.no_auto_import) {
        for (term_t l = el(o, 1); term_is_list(l); l = list_tail(l)) {
            term_t fa = list_head(l);
            if (term_is_tuple(fa) && tuple_arity(fa) == 2 && term_is_small(el(fa, 1))) {
                cs->no_auto = cc_grow(cs->no_auto, &cs->no_auto_cap, cs->nno_auto + 1, sizeof *cs->no_auto);
                cs->no_auto[cs->nno_auto].f = el(fa, 0);
                cs->no_auto[cs->nno_auto].a = (unsigned)small_value(el(fa, 1));
                cs->nno_auto++;
            }
        }
    }
}

static void lower_function(lower *L, uint32_t fi, term_t clauses)
{
    cc_state *cs = L->cs;
    cc_func *f = &cs->funcs[fi];
    L->top = fi;
    scope *s = new_scope(L, SC_FUNC, f->arity);
    s->parent = NULL;
    L->sc = s;
    int64_t ncl = cc_list_len(clauses);
    ir_clause *cl = cc_alloc(&cs->ar, (ncl + 1) * sizeof *cl);
    uint32_t i = 0;
    for (term_t l = clauses; term_is_list(l); l = list_tail(l)) {
        clause_reset(L, s);
        lower_clause(L, list_head(l), &cl[i], false);
        cl[i].nvars = s->nids;
        i++;
    }
    settle_fun_vars(L, s);
    f = &cs->funcs[fi]; /* may have moved */
    f->cl = cl;
    f->ncl = (uint32_t)ncl;
    L->sc = NULL;
    number_events(L);
}

/* module_info/0,1: erlang:get_module_info(Module[, Item]). */
static void add_module_info(lower *L)
{
    cc_state *cs = L->cs;
    for (unsigned a = 0; a <= 1; a++) {
        uint32_t fi = add_func(cs, cca.module_info, a, 0);
        cc_func *f = &cs->funcs[fi];
        f->exported = true;
        f->cl = cc_alloc(&cs->ar, sizeof *f->cl);
        f->ncl = 1;
        ir_clause *c = f->cl;
        c->npats = a;
        c->pats = cc_alloc(&cs->ar, 2 * sizeof *c->pats);
        ir *call = mk_bif(L, cca.get_module_info, a + 1, 0);
        call->k[0] = mk_lit(L, cs->module, 0);
        if (a) {
            c->pats[0] = mk_var(L, 0, 0, true);
            call->k[1] = mk_var(L, 0, 0, false);
            c->nvars = 1;
        }
        c->body = body1(L, call);
        c->nbody = 1;
    }
}

void cc_lower_module(cc_state *cs, term_t forms)
{
    lower Lv = {0};
    lower *L = &Lv;
    L->cs = cs;
    /* facts first: records, imports, options, function names */
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (cc_is(f, cca.attribute, 4)) {
            term_t what = el(f, 2), v = el(f, 3);
            if (what == cca.module && term_is_atom(v))
                cs->module = v;
            else if (what == cca.record && term_is_tuple(v) && tuple_arity(v) == 2)
                add_record(cs, v);
            else if (what == cca.import && term_is_tuple(v) && tuple_arity(v) == 2) {
                for (term_t i = el(v, 1); term_is_list(i); i = list_tail(i)) {
                    term_t fa = list_head(i);
                    cs->imports = cc_grow(cs->imports, &cs->imports_cap, cs->nimports + 1, sizeof *cs->imports);
                    cs->imports[cs->nimports].m = el(v, 0);
                    cs->imports[cs->nimports].f = el(fa, 0);
                    cs->imports[cs->nimports].a = (unsigned)small_value(el(fa, 1));
                    cs->nimports++;
                }
            } else if (what == cca.compile) {
                if (term_is_list(v))
                    for (term_t o = v; term_is_list(o); o = list_tail(o))
                        add_compile_opt(cs, list_head(o));
                else
                    add_compile_opt(cs, v);
            }
        } else if (cc_is(f, cca.function_, 5)) {
            add_func(cs, el(f, 2), (unsigned)small_value(el(f, 3)), node_line(f));
        }
    }
    /* module_info/0,1 are functions of the module like the others */
    add_module_info(L);
    L->cs->ntop = cs->nfuncs;
    /* exports (every -export attribute) */
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (cc_is(f, cca.attribute, 4) && el(f, 2) == cca.export) {
            for (term_t e = el(f, 3); term_is_list(e); e = list_tail(e)) {
                term_t fa = list_head(e);
                int fi = find_func(cs, el(fa, 0), (unsigned)small_value(el(fa, 1)), L->cs->ntop);
                if (fi >= 0)
                    cs->funcs[fi].exported = true;
            }
        }
    }
    if (cs->export_all)
        for (uint32_t i = 0; i < L->cs->ntop; i++)
            cs->funcs[i].exported = true;
    /* the clauses of functions 0..nforms are lowered in form order */
    uint32_t fi = 0;
    for (term_t l = forms; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        if (cc_is(f, cca.function_, 5)) {
            lower_function(L, fi, el(f, 4));
            fi++;
        }
    }
}

void cc_lower_exprs(cc_state *cs, term_t exprs, const term_t *bound, size_t nbound, term_t fname)
{
    lower Lv = {0};
    lower *L = &Lv;
    L->cs = cs;
    L->cs->ntop = 0;
    uint32_t fi = add_func(cs, fname, (unsigned)nbound, 0);
    cs->funcs[fi].exported = true;
    L->cs->ntop = 1;
    L->top = fi;
    scope *s = new_scope(L, SC_FUNC, (uint32_t)nbound);
    s->parent = NULL;
    L->sc = s;
    ir_clause *c = cc_alloc(&cs->ar, sizeof *c);
    c->npats = (uint32_t)nbound;
    c->pats = cc_alloc(&cs->ar, (nbound + 1) * sizeof *c->pats);
    for (size_t i = 0; i < nbound; i++)
        c->pats[i] = pat_var(L, bound[i], 0, true);
    int64_t n = cc_list_len(exprs);
    if (n <= 0)
        cc_fail(cs, 0, "no expressions");
    c->body = cc_alloc(&cs->ar, (n + 1) * sizeof *c->body);
    uint32_t i = 0;
    term_t vname_ = synth_name(L);
    for (term_t l = exprs; term_is_list(l); l = list_tail(l), i++) {
        ir *e = lower_expr(L, list_head(l));
        if (i + 1 == (uint32_t)n) {
            ir *m = new_ir(L, IR_MATCH, e->line, 2);
            m->k[1] = e;
            m->k[0] = pat_var(L, vname_, e->line, false);
            e = m;
        }
        c->body[i] = e;
    }
    /* {Value, [{Name, Value}]} for every bound user variable, by name */
    uint32_t nb = 0;
    vname *vs = cc_alloc(&cs->ar, (s->nvars + 1) * sizeof *vs);
    for (uint32_t k = 0; k < s->nvars; k++)
        if (term_is_atom(s->vars[k].name) && s->bound[s->vars[k].id])
            vs[nb++] = s->vars[k];
    /* sort by name text (erl_eval's orddict order) */
    for (uint32_t a = 1; a < nb; a++)
        for (uint32_t b = a; b > 0 && strcmp(atext(vs[b - 1].name), atext(vs[b].name)) > 0; b--) {
            vname t = vs[b];
            vs[b] = vs[b - 1];
            vs[b - 1] = t;
        }
    ir *list = new_ir(L, IR_LIST, 0, nb + 1);
    for (uint32_t k = 0; k < nb; k++) {
        ir *t = new_ir(L, IR_TUPLE, 0, 2);
        t->k[0] = mk_lit(L, vs[k].name, 0);
        t->k[1] = mk_var(L, vs[k].id, 0, false);
        s->reads[vs[k].id] = UINT16_MAX; /* the value is returned */
        list->k[k] = t;
    }
    list->k[nb] = mk_lit(L, NIL, 0);
    ir *res = new_ir(L, IR_TUPLE, 0, 2);
    res->k[0] = use_var(L, vname_, 0);
    res->k[1] = nb ? list : mk_lit(L, NIL, 0);
    c->body = (ir **)c->body;
    ir **nbody = cc_alloc(&cs->ar, (n + 2) * sizeof *nbody);
    if (n)
        memcpy(nbody, c->body, n * sizeof *nbody);
    nbody[n] = res;
    c->body = nbody;
    c->nbody = (uint32_t)n + 1;
    c->nvars = s->nids;
    settle_fun_vars(L, s);
    cs->funcs[fi].cl = c;
    cs->funcs[fi].ncl = 1;
    number_events(L);
}
