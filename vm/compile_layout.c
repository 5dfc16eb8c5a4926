/* compile_layout.c: the module's layout as OTP's compiler makes it: the
 * names and numbers of lifted functions (generators, named funs), the
 * order of the module's functions and of its lambda table, and which funs
 * OTP would drop or inline. compile_gen.c generates code in this order. */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "cmp.h"
#include "compile_priv.h"

/* ---- layout: OTP's names, function order and lambda table ------------------------
 * OTP's kernel pass (v3_kernel) walks each module function in evaluation
 * order; at a generator's letrec it names the generator's function (M, a
 * counter per module function, shared with named funs that call
 * themselves and large after blocks), walks its body, then lifts it; at a
 * fun it walks the body, then lifts it. The module's code is its own
 * functions in order, then the lifted ones, the last lifted first; the
 * lambda table numbers funs in the order the code makes them. The walks
 * below follow the IR in evaluation order, which is the order of OTP's
 * Core Erlang for what its optimiser keeps (cc_fate, IR_MAKE_FUN.j). */

/* ---- the order of clauses ----
 * v3_kernel's match compiler does not keep the clauses of a function,
 * case, receive or try in order: it splits them into runs whose first
 * pattern is or is not a variable, the runs of constructors by type
 * (binary, cons, tuple, map, atom, float, integer, []) and value, and goes
 * on with the next pattern. Its first pass (which numbers letrecs) visits
 * the runs last first, the types and values in order; its second pass
 * (which lifts funs) the runs in order, the types and values last first,
 * and at the end the guarded clauses last first before the first
 * unguarded one; the code has the runs and types in order, the values
 * from the greatest (as far as types inferred do not move it). clause_order
 * gives the clauses in one of these orders (those OTP drops, after an
 * unguarded clause with the same patterns, at the end). */

typedef enum morder { MO_NUMBER, MO_LIFT, MO_CODE } morder;

typedef enum pcon {
    PC_VAR,
    PC_LIT,
    PC_BIN,
    PC_CONS,
    PC_TUPLE,
    PC_MAP,
    PC_ATOM,
    PC_FLOAT,
    PC_INT,
    PC_NIL,
    PC_N
} pcon;

/* A pattern: IR (a list from its element `off` on), or a literal term. */
typedef struct pcol {
    const ir *p;
    term_t lit;
    uint32_t off;
} pcol;

typedef struct mrow {
    uint32_t id;
    bool guarded;
    pcol *cols;
} mrow;

typedef struct mctx {
    cc_state *cs;
    morder mode;
    uint32_t *out;
    uint32_t nout;
} mctx;

/* Without aliases and list prefixes already matched. */
static pcol pat_deref(pcol c)
{
    for (;;) {
        if (!c.p)
            return c;
        if (c.p->kind == IR_MATCH) {
            const ir *a = c.p->k[0];
            c.p = (a->kind == IR_VAR || a->kind == IR_WILD) ? c.p->k[1] : a;
            c.off = 0;
        } else if (c.p->kind == IR_LIST && c.off + 1 >= c.p->n) { /* k[n - 1]: the tail */
            c.p = c.p->k[c.p->n - 1];
            c.off = 0;
        } else if (c.p->kind == IR_LIT) {
            c.lit = c.p->a;
            c.p = NULL;
        } else
            return c;
    }
}

static pcon pat_con(pcol c)
{
    c = pat_deref(c);
    if (c.p) {
        switch (c.p->kind) {
        case IR_LIST:
            return PC_CONS;
        case IR_TUPLE:
            return PC_TUPLE;
        case IR_MAPPAT:
            return PC_MAP;
        case IR_BIN:
            return PC_BIN;
        default:
            return PC_VAR;
        }
    }
    term_t t = c.lit;
    if (t == NIL)
        return PC_NIL;
    if (term_is_atom(t))
        return PC_ATOM;
    if (term_is_integer(t))
        return PC_INT;
    if (term_is_float(t))
        return PC_FLOAT;
    if (term_is_list(t))
        return PC_CONS;
    if (term_is_tuple(t))
        return PC_TUPLE;
    if (term_is_bitstring(t))
        return PC_BIN;
    return PC_LIT;
}

/* Does the pattern compare a variable bound before (a guard to OTP)? */
static bool pat_compares(const ir *p)
{
    if (!p)
        return false;
    if (p->kind == IR_VAR)
        return !(p->flags & IRF_BIND);
    if (p->kind == IR_PAIR)
        return pat_compares(p->k[1]);
    if (p->kind == IR_SEG)
        return pat_compares(p->k[0]);
    for (uint32_t i = 0; i < p->n; i++)
        if (pat_compares(p->k[i]))
            return true;
    return false;
}

/* The sub-patterns of a cons or tuple pattern. */
static uint32_t pat_subs(pcol c, pcon con, pcol *subs)
{
    c = pat_deref(c);
    if (con == PC_CONS) {
        if (c.p) {
            subs[0] = (pcol){c.p->k[c.off], 0, 0};
            subs[1] = (pcol){c.p, 0, c.off + 1};
        } else {
            subs[0] = (pcol){NULL, list_head(c.lit), 0};
            subs[1] = (pcol){NULL, list_tail(c.lit), 0};
        }
        return 2;
    }
    if (con == PC_TUPLE) {
        uint32_t n = c.p ? c.p->n : (uint32_t)tuple_arity(c.lit);
        for (uint32_t i = 0; i < n; i++)
            subs[i] = c.p ? (pcol){c.p->k[i], 0, 0} : (pcol){NULL, tuple_elems(c.lit)[i], 0};
        return n;
    }
    return 0;
}

static uint32_t pat_nsubs(pcol c, pcon con)
{
    c = pat_deref(c);
    if (con == PC_CONS)
        return 2;
    if (con == PC_TUPLE)
        return c.p ? c.p->n : (uint32_t)tuple_arity(c.lit);
    return 0;
}

/* Two patterns of the same type with the same value (OTP groups them). */
static bool pat_same_value(pcol a, pcol b, pcon con)
{
    a = pat_deref(a);
    b = pat_deref(b);
    if (con == PC_ATOM || con == PC_INT || con == PC_FLOAT)
        return term_eq_exact(a.lit, b.lit);
    if (con == PC_TUPLE)
        return pat_nsubs(a, con) == pat_nsubs(b, con);
    return true;
}

/* The order of two values of a type (tuples by size). */
static int value_cmp(pcol a, pcol b, pcon con)
{
    a = pat_deref(a);
    b = pat_deref(b);
    if (con == PC_ATOM || con == PC_INT || con == PC_FLOAT)
        return term_cmp(a.lit, b.lit);
    if (con == PC_TUPLE) {
        uint32_t x = pat_nsubs(a, con), y = pat_nsubs(b, con);
        return x < y ? -1 : x > y;
    }
    return 0;
}

static void emit_rows(mctx *mc, mrow *rows, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        mc->out[mc->nout++] = rows[i].id;
}

static void match_order(mctx *mc, mrow *rows, uint32_t n, uint32_t ncols, unsigned depth);

static void match_leaf(mctx *mc, mrow *rows, uint32_t n)
{
    uint32_t k = 0;
    while (k < n && rows[k].guarded)
        k++;
    if (mc->mode != MO_LIFT) {
        emit_rows(mc, rows, k < n ? k + 1 : n);
        return;
    }
    for (uint32_t i = k; i-- > 0;)
        mc->out[mc->nout++] = rows[i].id;
    if (k < n)
        mc->out[mc->nout++] = rows[k].id;
}

/* The rows of one value of type `con` (rows[sel[0..ns)]): their
 * sub-patterns become the first columns. */
static void match_value(mctx *mc, mrow *rows, const uint32_t *sel, uint32_t ns, uint32_t ncols, pcon con,
                        unsigned depth)
{
    uint32_t nsub = pat_nsubs(rows[sel[0]].cols[0], con);
    mrow *sub = cc_alloc(&mc->cs->ar, ns * sizeof *sub);
    for (uint32_t i = 0; i < ns; i++) {
        mrow *r = &rows[sel[i]];
        sub[i] = *r;
        sub[i].cols = cc_alloc(&mc->cs->ar, (nsub + ncols) * sizeof *sub[i].cols);
        pat_subs(r->cols[0], con, sub[i].cols);
        memcpy(sub[i].cols + nsub, r->cols + 1, (ncols - 1) * sizeof *r->cols);
    }
    match_order(mc, sub, ns, nsub + ncols - 1, depth + 1);
}

/* A run of rows whose first patterns are constructors. */
static void match_cons(mctx *mc, mrow *rows, uint32_t n, uint32_t ncols, unsigned depth)
{
    static const pcon type_order[] = {PC_BIN,   PC_CONS, PC_TUPLE, PC_MAP, PC_ATOM,
                                      PC_FLOAT, PC_INT,  PC_NIL,   PC_LIT};
    enum { NT = sizeof type_order / sizeof *type_order };
    pcon *con = cc_alloc(&mc->cs->ar, n * sizeof *con);
    uint32_t count[PC_N] = {0};
    for (uint32_t i = 0; i < n; i++)
        count[con[i] = pat_con(rows[i].cols[0])]++;
    /* a type with one clause matching a compound literal goes first */
    pcon types[NT + 1];
    uint32_t nt = 0;
    bool litfirst[PC_N] = {false};
    for (uint32_t t = 0; t < NT; t++) {
        pcon c = type_order[t];
        if (count[c] != 1 || c == PC_ATOM || c == PC_INT || c == PC_FLOAT || c == PC_NIL)
            continue;
        for (uint32_t i = 0; i < n; i++)
            if (con[i] == c && !pat_deref(rows[i].cols[0]).p)
                litfirst[c] = true;
    }
    bool bin_first = count[PC_BIN] && !litfirst[PC_BIN];
    if (bin_first)
        types[nt++] = PC_BIN;
    for (uint32_t t = 0; t < NT; t++)
        if (litfirst[type_order[t]])
            types[nt++] = type_order[t];
    for (uint32_t t = 0; t < NT; t++)
        if (count[type_order[t]] && !litfirst[type_order[t]] && !(bin_first && type_order[t] == PC_BIN))
            types[nt++] = type_order[t];
    uint32_t *sel = cc_alloc(&mc->cs->ar, (n + 1) * sizeof *sel);
    uint8_t *done = cc_alloc(&mc->cs->ar, n + 1);
    for (uint32_t ti = 0; ti < nt; ti++) {
        pcon c = types[mc->mode == MO_LIFT ? nt - 1 - ti : ti];
        /* the values of this type, in order of their first clause */
        uint32_t *firsts = cc_alloc(&mc->cs->ar, (n + 1) * sizeof *firsts);
        uint32_t nv = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (con[i] != c || done[i])
                continue;
            firsts[nv++] = i;
            for (uint32_t j = i; j < n; j++)
                if (con[j] == c && !done[j] && pat_same_value(rows[i].cols[0], rows[j].cols[0], c))
                    done[j] = 1;
        }
        if (mc->mode == MO_CODE) /* the code tests values from the greatest */
            for (uint32_t a = 1; a < nv; a++)
                for (uint32_t b = a;
                     b > 0 && value_cmp(rows[firsts[b - 1]].cols[0], rows[firsts[b]].cols[0], c) < 0; b--) {
                    uint32_t t = firsts[b];
                    firsts[b] = firsts[b - 1];
                    firsts[b - 1] = t;
                }
        for (uint32_t vi = 0; vi < nv; vi++) {
            uint32_t first = firsts[mc->mode == MO_LIFT ? nv - 1 - vi : vi];
            uint32_t ns = 0;
            for (uint32_t j = first; j < n; j++)
                if (con[j] == c && pat_same_value(rows[first].cols[0], rows[j].cols[0], c))
                    sel[ns++] = j;
            match_value(mc, rows, sel, ns, ncols, c, depth);
        }
    }
}

static void match_order(mctx *mc, mrow *rows, uint32_t n, uint32_t ncols, unsigned depth)
{
    if (n == 0)
        return;
    if (ncols == 0) {
        match_leaf(mc, rows, n);
        return;
    }
    if (depth > 64) { /* deep literal patterns: give up on the detail */
        emit_rows(mc, rows, n);
        return;
    }
    /* runs of variable and constructor first patterns */
    uint32_t *starts = cc_alloc(&mc->cs->ar, (n + 1) * sizeof *starts);
    uint32_t nruns = 0;
    for (uint32_t i = 0; i < n; i++)
        if (i == 0 || (pat_con(rows[i].cols[0]) == PC_VAR) != (pat_con(rows[i - 1].cols[0]) == PC_VAR))
            starts[nruns++] = i;
    starts[nruns] = n;
    for (uint32_t ri = 0; ri < nruns; ri++) {
        uint32_t r = mc->mode == MO_NUMBER ? nruns - 1 - ri : ri;
        mrow *run = rows + starts[r];
        uint32_t m = starts[r + 1] - starts[r];
        if (pat_con(run[0].cols[0]) == PC_VAR) {
            mrow *sub = cc_alloc(&mc->cs->ar, m * sizeof *sub);
            for (uint32_t i = 0; i < m; i++) {
                sub[i] = run[i];
                sub[i].cols = run[i].cols + 1;
            }
            match_order(mc, sub, m, ncols - 1, depth + 1);
        } else
            match_cons(mc, run, m, ncols, depth);
    }
}

/* A guard other than none or `true`. */
static bool has_guard(const ir *g)
{
    if (!g)
        return false;
    if (g->n == 1 && g->k[0]->n == 1) {
        const ir *t = g->k[0]->k[0];
        return !(t->kind == IR_LIT && t->a == cca.true_);
    }
    return true;
}

/* Does a clause match anything (variables, no guard)? */
static bool catches_all(const ir_clause *c)
{
    if (has_guard(c->guard))
        return false;
    for (uint32_t i = 0; i < c->npats; i++) {
        const ir *p = c->pats[i];
        while (p->kind == IR_MATCH &&
               (p->k[0]->kind == IR_WILD || (p->k[0]->kind == IR_VAR && (p->k[0]->flags & IRF_BIND))))
            p = p->k[1];
        if (!(p->kind == IR_WILD || (p->kind == IR_VAR && (p->flags & IRF_BIND))))
            return false;
    }
    return true;
}

/* The order (a permutation of 0..n) in which OTP sees clauses cl[0..n).
 * fc: a fun's clauses, which OTP follows with one matching anything (its
 * function_clause failure), given as number n (dropped when a clause
 * catches all). */
static uint32_t *clause_order(cc_state *cs, ir_clause *cl, uint32_t n, morder mode, bool fc)
{
    static const ir wild = {.kind = IR_WILD};
    uint32_t *out = cc_alloc(&cs->ar, (n + 2) * sizeof *out);
    if (n == 0)
        return out;
    uint32_t ncols = cl[0].npats, nrows = n + fc;
    if (n > 256) { /* big tables: in order (the analysis is quadratic) */
        for (uint32_t i = 0; i < nrows; i++)
            out[i] = i;
        return out;
    }
    mrow *rows = cc_alloc(&cs->ar, nrows * sizeof *rows);
    for (uint32_t i = 0; i < nrows; i++) {
        rows[i].id = i;
        rows[i].guarded = i < n && has_guard(cl[i].guard);
        rows[i].cols = cc_alloc(&cs->ar, (ncols + 1) * sizeof *rows[i].cols);
        for (uint32_t c = 0; c < ncols; c++) {
            rows[i].cols[c] = (pcol){i < n ? cl[i].pats[c] : &wild, NIL, 0};
            rows[i].guarded |= i < n && pat_compares(cl[i].pats[c]);
        }
    }
    mctx mc = {cs, mode, out, 0};
    match_order(&mc, rows, nrows, ncols, 0);
    /* the clauses OTP drops, in order */
    uint8_t *seen = cc_alloc(&cs->ar, nrows);
    for (uint32_t i = 0; i < mc.nout; i++)
        seen[out[i]] = 1;
    for (uint32_t i = 0; i < n; i++)
        if (!seen[i])
            out[mc.nout++] = i;
    return out;
}

typedef struct unit {
    uint32_t func; /* a function of ours */
    ir *after;     /* or: the after body of this try, a function to OTP */
} unit;

typedef struct layout {
    cc_state *cs;
    morder mode;     /* MO_NUMBER: naming letrecs; MO_LIFT: lifting */
    uint8_t *walked; /* per function: reached by the walk */
    unit *lifted;    /* in the order of lifting */
    uint32_t nlifted, lifted_cap;
    uint32_t m; /* the letrec counter of the module function walked */
    uint32_t next_index;
} layout;

static void lift(layout *ly, uint32_t fi, ir *after)
{
    if (ly->nlifted == ly->lifted_cap) {
        uint32_t cap = ly->lifted_cap ? 2 * ly->lifted_cap : 16;
        unit *n = cc_alloc(&ly->cs->ar, cap * sizeof *n);
        if (ly->nlifted)
            memcpy(n, ly->lifted, ly->nlifted * sizeof *n);
        ly->lifted = n;
        ly->lifted_cap = cap;
    }
    ly->lifted[ly->nlifted++] = (unit){fi, after};
}

/* OTP's name of lifted function fi; m: its letrec number (unused for
 * plain funs). */
static void name_lifted(cc_state *cs, uint32_t fi, uint32_t m)
{
    cc_func *f = &cs->funcs[fi];
    const cc_func *o = &cs->funcs[f->owner];
    size_t len;
    const char *on = atom_text(o->name, &len);
    if (f->kind == CC_LC || f->kind == CC_BC)
        f->name = cc_fmt_atom(cs, "-%s/%u-%s$^%u/%u-%u-", on, o->hdr_arity, f->kind == CC_BC ? "lbc" : "lc",
                              f->core_n, f->kind == CC_BC ? 2u : 1u, m);
    else if (f->self_name != THE_NON_VALUE)
        f->name = cc_fmt_atom(cs, "-%s/%u-%s/%u-%u-", on, o->hdr_arity, atom_text(f->self_name, &len),
                              f->hdr_arity, m);
    else
        f->name = cc_fmt_atom(cs, "-%s/%u-fun-%u-", on, o->hdr_arity, f->core_n);
    if (f->lambda >= 0)
        cs->lambdas[f->lambda].name = f->name;
}

static bool takes_letrec(const cc_func *f)
{
    return f->kind == CC_LC || f->kind == CC_BC || (f->kind == CC_FUN && f->self_name != THE_NON_VALUE);
}

static void kwalk(layout *ly, ir *e);

/* A call of a fun OTP inlines: F(A...) or apply(F, [A...]). */
static bool calls_inlined(cc_state *cs, const ir *e)
{
    if (e->kind != IR_FCALL && !(e->kind == IR_BIF && e->a == cca.apply && e->n == 2))
        return false;
    return e->k[0]->kind == IR_MAKE_FUN && cs->funcs[cs->lambdas[e->k[0]->i].func].fate == CC_INLINED;
}

/* fun: the clauses of a fun, which has a function_clause failure of its
 * own (unless a clause catches all); to v3_kernel that failure is an
 * inlined function, and takes a letrec number. */
static void kwalk_clauses_of(layout *ly, ir_clause *cl, uint32_t n, bool fun)
{
    bool fc = false;
    if (fun) {
        fc = true;
        for (uint32_t c = 0; c < n; c++)
            fc &= !catches_all(&cl[c]);
    }
    uint32_t *order = clause_order(ly->cs, cl, n, ly->mode, fc);
    for (uint32_t k = 0; k < n + fc; k++) {
        if (order[k] == n) {
            if (ly->mode == MO_NUMBER)
                ly->m++;
            continue;
        }
        ir_clause *c = &cl[order[k]];
        kwalk(ly, c->guard);
        for (uint32_t i = 0; i < c->nbody; i++)
            kwalk(ly, c->body[i]);
    }
}

static void kwalk_clauses(layout *ly, ir_clause *cl, uint32_t n) { kwalk_clauses_of(ly, cl, n, false); }

/* A lifted function reached where it is made: named first, or lifted
 * after its body. */
static void kwalk_lifted(layout *ly, uint32_t fi)
{
    cc_state *cs = ly->cs;
    ly->walked[fi] = 1;
    if (ly->mode == MO_NUMBER)
        name_lifted(cs, fi, takes_letrec(&cs->funcs[fi]) ? ly->m++ : 0);
    kwalk_clauses_of(ly, cs->funcs[fi].cl, cs->funcs[fi].ncl, cs->funcs[fi].kind == CC_FUN);
    if (ly->mode == MO_LIFT)
        lift(ly, fi, NULL);
}

static void kwalk(layout *ly, ir *e)
{
    if (!e)
        return;
    cc_state *cs = ly->cs;
    switch (e->kind) {
    case IR_CALL:
        /* a generator's function: its letrec comes before the list,
         * except for a binary comprehension's first */
        if ((cs->funcs[e->i].kind == CC_LC || cs->funcs[e->i].kind == CC_BC) && !ly->walked[e->i]) {
            if (e->j) {
                for (uint32_t i = 0; i < e->n; i++)
                    kwalk(ly, e->k[i]);
                kwalk_lifted(ly, e->i);
                return;
            }
            kwalk_lifted(ly, e->i);
        }
        break;
    case IR_MAKE_FUN: {
        uint32_t fi = cs->lambdas[e->i].func;
        cc_func *f = &cs->funcs[fi];
        if (f->kind != CC_FUN || ly->walked[fi] || f->fate == CC_DROPPED)
            return;
        if (f->fate == CC_INLINED) { /* its body is where it is made */
            ly->walked[fi] = 1;
            if (ly->mode == MO_NUMBER)
                name_lifted(cs, fi, 0);
            kwalk_clauses_of(ly, f->cl, f->ncl, true);
        } else
            kwalk_lifted(ly, fi);
        return;
    }
    case IR_FCALL:
    case IR_BIF:
        if (calls_inlined(cs, e)) {
            for (uint32_t i = 1; i < e->n; i++) /* the arguments, then the body */
                kwalk(ly, e->k[i]);
            kwalk(ly, e->k[0]);
            return;
        }
        break;
    case IR_MATCH:
        kwalk(ly, e->k[1]);
        return; /* patterns make no funs */
    case IR_REC_SET:
        for (uint32_t i = 1; i < e->n; i++)
            kwalk(ly, e->k[i]->k[1]);
        kwalk(ly, e->k[0]);
        return;
    case IR_TRY:
        if (e->j) { /* a letrec around the try: the after body first */
            if (ly->mode == MO_NUMBER)
                ly->m++;
            for (uint32_t i = 0; i < e->nb; i++)
                kwalk(ly, e->b[i]);
            if (ly->mode == MO_LIFT)
                lift(ly, UINT32_MAX, e);
        }
        break;
    default:
        break;
    }
    for (uint32_t i = 0; i < e->n; i++)
        kwalk(ly, e->k[i]);
    kwalk_clauses(ly, e->cl, e->ncl);
    kwalk_clauses(ly, e->cl2, e->ncl2);
    if (!(e->kind == IR_TRY && e->j))
        for (uint32_t i = 0; i < e->nb; i++)
            kwalk(ly, e->b[i]);
}

/* The lambda table: numbers in the order the code makes funs. */
static void iwalk(layout *ly, ir *e);

static void iwalk_clauses(layout *ly, ir_clause *cl, uint32_t n)
{
    uint32_t *order = clause_order(ly->cs, cl, n, MO_CODE, false);
    for (uint32_t k = 0; k < n; k++) {
        ir_clause *c = &cl[order[k]];
        for (uint32_t i = 0; i < c->nbody; i++)
            iwalk(ly, c->body[i]);
    }
}

static void iwalk(layout *ly, ir *e)
{
    if (!e)
        return;
    cc_state *cs = ly->cs;
    if (e->kind == IR_MATCH) {
        iwalk(ly, e->k[1]);
        return;
    }
    if (e->kind == IR_REC_SET) {
        for (uint32_t i = 1; i < e->n; i++)
            iwalk(ly, e->k[i]->k[1]);
        iwalk(ly, e->k[0]);
        return;
    }
    if (calls_inlined(cs, e)) {
        for (uint32_t i = 1; i < e->n; i++)
            iwalk(ly, e->k[i]);
        iwalk(ly, e->k[0]);
        return;
    }
    if (e->kind == IR_FCALL && e->k[0]->kind == IR_SELF_FUN) { /* a named fun calling itself */
        for (uint32_t i = 1; i < e->n; i++)
            iwalk(ly, e->k[i]);
        return;
    }
    for (uint32_t i = 0; i < e->n; i++)
        iwalk(ly, e->k[i]);
    if (e->kind == IR_MAKE_FUN || e->kind == IR_SELF_FUN) {
        cc_func *f = &cs->funcs[cs->lambdas[e->i].func];
        if (f->fate == CC_INLINED && !ly->walked[cs->lambdas[e->i].func]) {
            /* OTP has its body here and no fun: the index comes last */
            ly->walked[cs->lambdas[e->i].func] = 1;
            iwalk_clauses(ly, f->cl, f->ncl);
            return;
        }
        if (f->fate != CC_KEEP || e->j) /* OTP makes no fun here */
            return;
        if (cs->lambdas[e->i].index == UINT32_MAX)
            cs->lambdas[e->i].index = ly->next_index++;
    }
    iwalk_clauses(ly, e->cl, e->ncl);
    iwalk_clauses(ly, e->cl2, e->ncl2);
    if (!(e->kind == IR_TRY && e->j))
        for (uint32_t i = 0; i < e->nb; i++)
            iwalk(ly, e->b[i]);
}

/* The functions OTP keeps (beam_clean): reachable by calls and funs from
 * the exported ones. */
typedef struct reach {
    cc_state *cs;
    uint8_t *used;
    uint32_t *work;
    uint32_t nwork;
} reach;

static void reach_func(reach *rc, uint32_t fi)
{
    if (!rc->used[fi]) {
        rc->used[fi] = 1;
        rc->work[rc->nwork++] = fi;
    }
}

static void reach_ir(reach *rc, ir *e)
{
    if (!e)
        return;
    cc_state *cs = rc->cs;
    if (e->kind == IR_CALL)
        reach_func(rc, e->i);
    if (e->kind == IR_MAKE_FUN || e->kind == IR_SELF_FUN) {
        uint32_t fi = cs->lambdas[e->i].func;
        if (cs->funcs[fi].fate != CC_DROPPED)
            reach_func(rc, fi);
    }
    for (uint32_t i = 0; i < e->n; i++)
        reach_ir(rc, e->k[i]);
    for (uint32_t i = 0; i < e->nb; i++)
        reach_ir(rc, e->b[i]);
    for (int pass = 0; pass < 2; pass++) {
        ir_clause *cl = pass ? e->cl2 : e->cl;
        uint32_t n = pass ? e->ncl2 : e->ncl;
        for (uint32_t c = 0; c < n; c++)
            for (uint32_t i = 0; i < cl[c].nbody; i++)
                reach_ir(rc, cl[c].body[i]);
    }
}

static uint8_t *reachable(cc_state *cs)
{
    reach rc = {cs, cc_alloc(&cs->ar, cs->nfuncs + 1), cc_alloc(&cs->ar, (cs->nfuncs + 1) * sizeof(uint32_t)),
                0};
    for (uint32_t fi = 0; fi < cs->ntop; fi++)
        if (cs->funcs[fi].exported)
            reach_func(&rc, fi);
    while (rc.nwork) {
        cc_func *f = &cs->funcs[rc.work[--rc.nwork]];
        for (uint32_t c = 0; c < f->ncl; c++)
            for (uint32_t i = 0; i < f->cl[c].nbody; i++)
                reach_ir(&rc, f->cl[c].body[i]);
    }
    return rc.used;
}

/* Decides names, code order (*order, nfuncs entries) and lambda indices. */
void cc_lay_out(cc_state *cs, uint32_t *order)
{
    layout lv = {0};
    layout *ly = &lv;
    ly->cs = cs;
    /* names (the kernel pass's first walk) */
    ly->mode = MO_NUMBER;
    ly->walked = cc_alloc(&cs->ar, cs->nfuncs + 1);
    uint32_t *mnext = cc_alloc(&cs->ar, (cs->ntop + 1) * sizeof *mnext);
    for (uint32_t fi = 0; fi < cs->ntop; fi++) {
        ly->walked[fi] = 1;
        ly->m = 0;
        kwalk_clauses(ly, cs->funcs[fi].cl, cs->funcs[fi].ncl);
        mnext[fi] = ly->m;
    }
    /* what the walk did not reach (nothing, unless OTP would drop it) */
    for (uint32_t fi = cs->ntop; fi < cs->nfuncs; fi++)
        if (!ly->walked[fi]) {
            cc_func *f = &cs->funcs[fi];
            name_lifted(cs, fi, takes_letrec(f) ? mnext[f->owner]++ : 0);
        }
    /* lifting (its second walk) */
    ly->mode = MO_LIFT;
    ly->walked = cc_alloc(&cs->ar, cs->nfuncs + 1);
    for (uint32_t fi = 0; fi < cs->ntop; fi++) {
        ly->walked[fi] = 1;
        kwalk_clauses(ly, cs->funcs[fi].cl, cs->funcs[fi].ncl);
    }
    /* code order: ours, then the lifted ones from the last, then what OTP
     * drops or inlines */
    uint32_t n = 0;
    uint8_t *placed = cc_alloc(&cs->ar, cs->nfuncs + 1);
    unit *units = cc_alloc(&cs->ar, (cs->nfuncs + ly->nlifted + 1) * sizeof *units);
    uint32_t nunits = 0;
    for (uint32_t fi = 0; fi < cs->ntop; fi++) {
        order[n++] = fi;
        placed[fi] = 1;
        units[nunits++] = (unit){fi, NULL};
    }
    for (uint32_t i = ly->nlifted; i-- > 0;) {
        if (ly->lifted[i].func != UINT32_MAX) {
            order[n++] = ly->lifted[i].func;
            placed[ly->lifted[i].func] = 1;
        }
        units[nunits++] = ly->lifted[i];
    }
    for (uint32_t fi = cs->ntop; fi < cs->nfuncs; fi++)
        if (!placed[fi]) {
            order[n++] = fi;
            units[nunits++] = (unit){fi, NULL};
        }
    /* lambda indices: OTP's code lacks the functions nothing uses */
    ly->walked = cc_alloc(&cs->ar, cs->nfuncs + 1);
    uint8_t *used = reachable(cs);
    for (uint32_t li = 0; li < cs->nlambdas; li++)
        cs->lambdas[li].index = UINT32_MAX;
    for (uint32_t u = 0; u < nunits; u++) {
        if (!units[u].after && !used[units[u].func])
            continue;
        if (units[u].after) {
            for (uint32_t i = 0; i < units[u].after->nb; i++)
                iwalk(ly, units[u].after->b[i]);
        } else
            iwalk_clauses(ly, cs->funcs[units[u].func].cl, cs->funcs[units[u].func].ncl);
    }
    /* what OTP drops or inlines, in the order of our code */
    for (uint32_t u = 0; u < nunits; u++)
        if (!units[u].after && cs->funcs[units[u].func].lambda >= 0) {
            cc_lambda *l = &cs->lambdas[cs->funcs[units[u].func].lambda];
            if (l->index == UINT32_MAX)
                l->index = ly->next_index++;
        }
    for (uint32_t li = 0; li < cs->nlambdas; li++)
        if (cs->lambdas[li].index == UINT32_MAX)
            cs->lambdas[li].index = ly->next_index++;
}

/* Puts cs->funcs in code order and cs->lambdas in index order. */
void cc_reorder_tables(cc_state *cs, const uint32_t *order)
{
    uint32_t *where = cc_alloc(&cs->ar, (cs->nfuncs + 1) * sizeof *where);
    cc_func *funcs = cc_alloc(&cs->ar, (cs->nfuncs + 1) * sizeof *funcs);
    for (uint32_t i = 0; i < cs->nfuncs; i++) {
        funcs[i] = cs->funcs[order[i]];
        where[order[i]] = i;
        if (funcs[i].lambda >= 0)
            funcs[i].lambda = (int)cs->lambdas[funcs[i].lambda].index;
    }
    if (cs->nfuncs)
        memcpy(cs->funcs, funcs, cs->nfuncs * sizeof *funcs);
    cc_lambda *lambdas = cc_alloc(&cs->ar, (cs->nlambdas + 1) * sizeof *lambdas);
    for (uint32_t li = 0; li < cs->nlambdas; li++) {
        cc_lambda l = cs->lambdas[li];
        l.func = where[l.func];
        lambdas[l.index] = l;
    }
    if (cs->nlambdas)
        memcpy(cs->lambdas, lambdas, cs->nlambdas * sizeof *lambdas);
}
