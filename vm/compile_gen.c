/* compile_gen.c: the code generator's expressions and control flow: calls
 * (local, remote, BIFs, funs, apply), tail calls, case/if/receive/try/
 * catch, andalso/orelse, records, maps, funs, and the function frame
 * (header, prologue, clause selection, out-of-line failures, a recursion's
 * base case last). Patterns and guards are in compile_pat.c, the bit
 * syntax in compile_bin.c. */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "cmp.h"
#include "compile_priv.h"

/* ---- emitting --------------------------------------------------------------- */

void cg_use(gen *g, uint32_t r)
{
    if (r + 1 > g->maxreg)
        g->maxreg = r + 1;
}

void cg_op(gen *g, opcode op) { cc_emit(g->cs, (code_t)op); }
void cg_R(gen *g, uint32_t r)
{
    cg_use(g, r);
    cc_emit(g->cs, (code_t)r);
}
void cg_S(gen *g, code_t s)
{
    if (code_is_reg(s))
        cg_use(g, (uint32_t)code_reg_index(s));
    cc_emit(g->cs, s);
}
void cg_L(gen *g, uint32_t label)
{
    if (label == 0)
        cc_emit(g->cs, 0);
    else
        cc_emit_label_ref(g->cs, label);
}
void cg_I(gen *g, uint64_t n) { cc_emit(g->cs, (code_t)n); }
void cg_T(gen *g, term_t t) { cc_emit(g->cs, (code_t)t); }

uint32_t cg_temp(gen *g)
{
    uint32_t r = g->top++;
    cg_use(g, r);
    return r;
}

static code_t reg(uint32_t r) { return code_reg(r); }
static uint32_t regno(code_t s) { return (uint32_t)code_reg_index(s); }

code_t cg_to(gen *g, code_t src, int dst)
{
    if (dst < 0 || src == reg((uint32_t)dst))
        return src;
    cg_op(g, OP_move);
    cg_R(g, (uint32_t)dst);
    cg_S(g, src);
    return reg((uint32_t)dst);
}

static uint32_t dst_or_temp(gen *g, int dst) { return dst >= 0 ? (uint32_t)dst : cg_temp(g); }

/* The register for a value computed from operands evaluated since `save`
 * (g->top then): dst, or the first temporary they made, reused. */
static uint32_t result_reg(gen *g, int dst, uint32_t save)
{
    if (dst >= 0)
        return (uint32_t)dst;
    g->top = save;
    return cg_temp(g);
}

uint32_t cg_cold(gen *g, uint8_t kind, code_t src, uint32_t line)
{
    g->cold = cc_grow(g->cold, &g->cold_cap, g->ncold + 1, sizeof *g->cold);
    uint32_t l = cc_new_label(g->cs);
    g->cold[g->ncold++] = (cc_cold){l, kind, src, g->top, line};
    return l;
}

static void line(gen *g, uint32_t l) { cc_set_line(g->cs, l); }

static void emit_return(gen *g, code_t v)
{
    cg_op(g, OP_return);
    cg_S(g, v);
}

/* ---- BIFs ---------------------------------------------------------------------- */

/* The BIF entry of erlang:name/arity for an inline bif op, or NULL when it
 * has to be called through its export entry. Guard BIFs and operators
 * (erl_internal's facts) go inline when the VM has them. */
const bif_entry *cg_bif(gen *g, term_t name, unsigned arity, bool guard, uint32_t ln)
{
    const bif_entry *b = bif_lookup(cca.erlang, name, arity);
    bool inl = lint_is_guard_bif(name, arity) || lint_is_guard_op(name, arity) || (b && (b->flags & BIF_GUARD));
    if (b && inl && arity <= 3)
        return b;
    if (guard) {
        size_t len;
        cc_fail(g->cs, ln, "erlang:%s/%u is not available in guards", atom_text(name, &len), arity);
    }
    return NULL;
}

static void emit_bif(gen *g, const bif_entry *b, uint32_t fail, uint32_t d, const code_t *args, unsigned n)
{
    static const opcode ops[4] = {OP_bif0, OP_bif1, OP_bif2, OP_bif3};
    cg_op(g, ops[n]);
    cg_I(g, (uint64_t)(uintptr_t)b);
    cg_L(g, fail);
    cg_R(g, d);
    for (unsigned i = 0; i < n; i++)
        cg_S(g, args[i]);
}

/* ---- calls ------------------------------------------------------------------------ */

/* Evaluates n expressions into R[b..b+n). */
static void args_into(gen *g, ir **args, uint32_t n, uint32_t b)
{
    for (uint32_t i = 0; i < n; i++) {
        g->top = b + i + 1;
        cg_use(g, b + i);
        cg_val(g, args[i], (int)(b + i), 0);
    }
    g->top = b + n;
}

static export_entry *ext(gen *g, term_t m, term_t f, unsigned a)
{
    export_entry *e = code_export_get(m, f, a);
    if (!e)
        cc_fail(g->cs, 0, "no export entry");
    return e;
}

/* The window of a body call whose result goes to dst: the next free
 * register, or dst itself when dst is the register just below it (reserved
 * for this result and not yet written: an argument of an enclosing call, a
 * temporary, a variable bound by the call). A destination below the
 * window would be a register the callee's collections scan before anything
 * writes it, and its function's entry would have to clear it (compile_asm.c:
 * mark_enter_nc). */
static uint32_t call_window(gen *g, int dst, bool tail)
{
    if (!tail && dst >= 0 && (uint32_t)dst + 1 == g->top)
        g->top = (uint32_t)dst;
    return g->top;
}

/* The first free register after a body call at window b with its result
 * in dst (NO_DST: in R[b]). */
static uint32_t after_call(int dst, uint32_t b) { return dst >= 0 && (uint32_t)dst != b ? b : b + 1; }

/* The common end of a call: the instruction, and the result register. */
static code_t finish_call(gen *g, uint32_t b, int dst, bool tail, opcode op, opcode top, uint64_t x, bool x_is_label,
                          uint32_t a)
{
    uint32_t d = dst >= 0 ? (uint32_t)dst : b;
    if (tail) {
        cg_op(g, top);
        if (x_is_label)
            cg_L(g, (uint32_t)x);
        else
            cg_I(g, x);
        cg_I(g, b);
        cg_I(g, a);
        return 0;
    }
    cg_op(g, op);
    if (x_is_label)
        cg_L(g, (uint32_t)x);
    else
        cg_I(g, x);
    cg_I(g, b);
    cg_R(g, d);
    g->top = after_call(dst, b);
    cg_use(g, d);
    return reg(d);
}

static code_t call_local(gen *g, uint32_t fi, ir **args, uint32_t n, ir **extra_args, uint32_t nextra, int dst,
                         bool tail, uint32_t ln)
{
    uint32_t b = call_window(g, dst, tail);
    args_into(g, args, n, b);
    for (uint32_t i = 0; i < nextra; i++) {
        g->top = b + n + i + 1;
        cg_use(g, b + n + i);
        cg_val(g, extra_args[i], (int)(b + n + i), 0);
    }
    g->top = b + n + nextra;
    line(g, ln);
    return finish_call(g, b, dst, tail, OP_call, OP_tail_call, g->cs->funcs[fi].entry_label, true, n + nextra);
}

static code_t call_ext(gen *g, term_t m, term_t f, ir **args, uint32_t n, int dst, bool tail, uint32_t ln)
{
    if (tail && bif_is_otp_builtin(m, f, n) && !(m == cca.erlang && f == cca.apply)) {
        /* OTP's loader makes a BIF called in tail position a body call and
         * a return (BIFs have no frame of their own): the caller stays in
         * stack traces, and return_to names it */
        code_t v = call_ext(g, m, f, args, n, NO_DST, false, ln);
        emit_return(g, v);
        return 0;
    }
    uint32_t b = call_window(g, dst, tail);
    args_into(g, args, n, b);
    line(g, ln);
    export_entry *e = ext(g, m, f, n);
    return finish_call(g, b, dst, tail, OP_call_ext, OP_tail_call_ext, (uint64_t)(uintptr_t)e, false, n);
}

/* A known-length argument list of apply: its element expressions. */
static bool list_elems(gen *g, ir *l, ir ***out, uint32_t *n)
{
    if (l->kind == IR_LIT) {
        int64_t len = list_length(l->a);
        if (len < 0)
            return false;
        ir **v = cc_alloc(&g->cs->ar, (len + 1) * sizeof *v);
        term_t x = l->a;
        for (int64_t i = 0; i < len; i++, x = list_tail(x)) {
            ir *e = cc_alloc(&g->cs->ar, sizeof *e);
            e->kind = IR_LIT;
            e->a = list_head(x);
            e->line = l->line;
            v[i] = e;
        }
        *out = v;
        *n = (uint32_t)len;
        return true;
    }
    if (l->kind == IR_LIST) {
        /* nested IR_LISTs or a literal tail */
        uint32_t cnt = 0;
        ir *c = l;
        while (c->kind == IR_LIST) {
            cnt += c->n - 1;
            c = c->k[c->n - 1];
        }
        int64_t tl = c->kind == IR_LIT ? list_length(c->a) : -1;
        if (tl < 0)
            return false;
        ir **v = cc_alloc(&g->cs->ar, (cnt + tl + 1) * sizeof *v);
        uint32_t i = 0;
        for (c = l; c->kind == IR_LIST; c = c->k[c->n - 1])
            for (uint32_t j = 0; j + 1 < c->n; j++)
                v[i++] = c->k[j];
        for (term_t x = c->a; term_is_list(x); x = list_tail(x)) {
            ir *e = cc_alloc(&g->cs->ar, sizeof *e);
            e->kind = IR_LIT;
            e->a = list_head(x);
            v[i++] = e;
        }
        *out = v;
        *n = i;
        return true;
    }
    return false;
}

static code_t gen_call_fun(gen *g, ir *fun, ir **args, uint32_t n, int dst, bool tail, uint32_t ln)
{
    /* a named fun calling itself: a direct call with its free values */
    if (fun->kind == IR_SELF_FUN && g->f->lambda == (int)fun->i) {
        uint32_t nfree = g->f->arity - g->f->hdr_arity;
        ir **extra = cc_alloc(&g->cs->ar, (nfree + 1) * sizeof *extra);
        for (uint32_t k = 0; k < nfree; k++) {
            ir *a = cc_alloc(&g->cs->ar, sizeof *a);
            a->kind = IR_ARG;
            a->i = g->f->hdr_arity + k;
            extra[k] = a;
        }
        return call_local(g, g->fi, args, n, extra, nfree, dst, tail, ln);
    }
    uint32_t b = call_window(g, dst, tail);
    args_into(g, args, n, b);
    g->top = b + n + 1;
    cg_val(g, fun, (int)(b + n), 0);
    g->top = b + n + 1;
    line(g, ln);
    uint32_t d = dst >= 0 ? (uint32_t)dst : b;
    if (tail) {
        cg_op(g, OP_tail_call_fun);
        cg_I(g, b);
        cg_I(g, n);
        return 0;
    }
    cg_op(g, OP_call_fun);
    cg_I(g, b);
    cg_I(g, n);
    cg_R(g, d);
    g->top = after_call(dst, b);
    return reg(d);
}

/* apply/3 or apply/2 with an argument list not known at compile time: its
 * nargs operands (e->k) go to a fresh call area, then `op` (or `tail_op`
 * in tail position) spreads the list at run time. */
static code_t apply_list(gen *g, ir *e, uint32_t nargs, opcode op, opcode tail_op, int dst, bool tail)
{
    uint32_t b = call_window(g, dst, tail);
    args_into(g, e->k, nargs, b);
    line(g, e->line);
    if (tail) {
        cg_op(g, tail_op);
        cg_I(g, b);
        return 0;
    }
    uint32_t d = dst >= 0 ? (uint32_t)dst : b;
    cg_op(g, op);
    cg_I(g, b);
    cg_R(g, d);
    g->top = after_call(dst, b);
    return reg(d);
}

static code_t gen_apply3(gen *g, ir *e, int dst, bool tail)
{
    ir *m = e->k[0], *f = e->k[1];
    ir **args;
    uint32_t n;
    if (list_elems(g, e->k[2], &args, &n)) {
        if (m->kind == IR_LIT && term_is_atom(m->a) && f->kind == IR_LIT && term_is_atom(f->a))
            return call_ext(g, m->a, f->a, args, n, dst, tail, e->line);
        uint32_t b = call_window(g, dst, tail);
        args_into(g, args, n, b);
        g->top = b + n + 2;
        cg_val(g, m, (int)(b + n), 0);
        g->top = b + n + 2;
        cg_val(g, f, (int)(b + n + 1), 0);
        line(g, e->line);
        uint32_t d = dst >= 0 ? (uint32_t)dst : b;
        if (tail) {
            cg_op(g, OP_tail_apply);
            cg_I(g, b);
            cg_I(g, n);
            return 0;
        }
        cg_op(g, OP_apply);
        cg_I(g, b);
        cg_I(g, n);
        cg_R(g, d);
        g->top = after_call(dst, b);
        return reg(d);
    }
    return apply_list(g, e, 3, OP_apply_list, OP_tail_apply_list, dst, tail);
}

static code_t gen_apply2(gen *g, ir *e, int dst, bool tail)
{
    ir **args;
    uint32_t n;
    if (list_elems(g, e->k[1], &args, &n))
        return gen_call_fun(g, e->k[0], args, n, dst, tail, e->line);
    return apply_list(g, e, 2, OP_apply_fun_list, OP_tail_apply_fun_list, dst, tail);
}

/* A test instruction turned into true/false. */
static code_t test_value(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    uint32_t d = dst_or_temp(g, dst);
    uint32_t lf = cc_new_label(g->cs), le = cc_new_label(g->cs);
    cg_cond(g, e, false, lf, fail ? fail : lf);
    cg_op(g, OP_move);
    cg_R(g, d);
    cg_S(g, cca.true_);
    cg_op(g, OP_jump);
    cg_L(g, le);
    cc_bind_label(g->cs, lf);
    cg_op(g, OP_move);
    cg_R(g, d);
    cg_S(g, cca.false_);
    cc_bind_label(g->cs, le);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static bool is_comparison(term_t op)
{
    return op == cca.lt || op == cca.gt || op == cca.le || op == cca.ge || op == cca.eqeq || op == cca.ne ||
           op == cca.eq_exact || op == cca.ne_exact;
}

/* erlang:name(args) */
static code_t gen_bif_call(gen *g, ir *e, int dst, uint32_t fail, bool tail)
{
    term_t name = e->a;
    unsigned n = e->n;
    if (name == cca.apply && n == 3 && !fail)
        return gen_apply3(g, e, dst, tail);
    if (name == cca.apply && n == 2 && !fail)
        return gen_apply2(g, e, dst, tail);
    const bif_entry *b = cg_bif(g, name, n, false, e->line);
    if (!b && fail == 0 && !(lint_is_type_test(name, n) && bif_lookup(cca.erlang, name, n) == NULL)) {
        return call_ext(g, cca.erlang, name, e->k, n, dst, tail, e->line);
    }
    if (!b) {
        if (lint_is_type_test(name, n) && name != cca.is_record) {
            code_t v = test_value(g, e, dst, fail);
            if (tail) {
                emit_return(g, v);
                return 0;
            }
            return v;
        }
        cg_bif(g, name, n, true, e->line); /* reports */
    }
    uint32_t save = g->top;
    code_t args[3];
    for (unsigned i = 0; i < n; i++)
        args[i] = cg_val(g, e->k[i], NO_DST, fail);
    uint32_t d = dst >= 0 ? (uint32_t)dst : (g->top = save, cg_temp(g));
    line(g, e->line);
    emit_bif(g, b, fail, d, args, n);
    g->top = dst >= 0 ? save : d + 1;
    if (tail) {
        emit_return(g, reg(d));
        return 0;
    }
    return reg(d);
}

/* An inline arithmetic instruction (add, sub, mul: two operands; neg:
 * one): fail label, result register, the operands. */
static code_t gen_arith(gen *g, ir *e, opcode opc, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    code_t a[2];
    for (uint32_t i = 0; i < e->n; i++)
        a[i] = cg_val(g, e->k[i], NO_DST, fail);
    uint32_t d = result_reg(g, dst, save);
    line(g, e->line);
    cg_op(g, opc);
    cg_L(g, fail);
    cg_R(g, d);
    for (uint32_t i = 0; i < e->n; i++)
        cg_S(g, a[i]);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static code_t gen_op(gen *g, ir *e, int dst, uint32_t fail, bool tail)
{
    term_t op = e->a;
    if (g->cs->shell_local != THE_NON_VALUE && !fail &&
        (op == cca.plus || op == cca.minus || op == cca.times || op == cca.slash)) {
        /* erl's shell evaluates an operator by calling its BIF, so a
         * failing one always has its frame there (compiled code inlines
         * some of them without one): shell code calls them too */
        return call_ext(g, cca.erlang, op, e->k, e->n, dst, tail, e->line);
    }
    if (op == cca.bang && e->n == 2) {
        uint32_t save = g->top;
        code_t a = cg_val(g, e->k[0], NO_DST, fail);
        code_t b = cg_val(g, e->k[1], NO_DST, fail);
        uint32_t d = dst >= 0 ? (uint32_t)dst : save;
        line(g, e->line);
        cg_op(g, OP_send);
        cg_R(g, d);
        cg_S(g, a);
        cg_S(g, b);
        g->top = dst >= 0 ? save : d + 1;
        return reg(d);
    }
    if (e->n == 2 && (op == cca.plus || op == cca.minus || op == cca.times))
        return gen_arith(g, e, op == cca.plus ? OP_add : op == cca.minus ? OP_sub : OP_mul, dst, fail);
    if (e->n == 1 && op == cca.minus) {
        /* OTP's compiled -X: 0 - X when the compiler knows X is a float
         * (so -(0.0) is 0.0), erlang:'-'(X) otherwise; neg computes 0 - X
         * and fails as '-'(X) */
        return gen_arith(g, e, OP_neg, dst, fail);
    }
    if (op == cca.plusplus || op == cca.minusminus) {
        if (fail)
            cc_fail(g->cs, e->line, "illegal guard expression");
        return call_ext(g, cca.erlang, op, e->k, e->n, dst, tail, e->line);
    }
    if (is_comparison(op) && !cg_bif(g, op, 2, false, e->line))
        return test_value(g, e, dst, fail);
    const bif_entry *b = cg_bif(g, op, e->n, fail != 0, e->line);
    if (!b)
        return call_ext(g, cca.erlang, op, e->k, e->n, dst, false, e->line);
    uint32_t save = g->top;
    code_t args[2];
    for (uint32_t i = 0; i < e->n; i++)
        args[i] = cg_val(g, e->k[i], NO_DST, fail);
    g->top = save;
    uint32_t d = dst >= 0 ? (uint32_t)dst : cg_temp(g);
    line(g, e->line);
    emit_bif(g, b, fail, d, args, e->n);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

/* ---- control flow -------------------------------------------------------------------- */

static code_t gen_tail_or_val(gen *g, ir *e, int dst, bool tail);

static void gen_body(gen *g, ir **body, uint32_t n, int dst, bool tail)
{
    for (uint32_t i = 0; i + 1 < n; i++) {
        ir *e = body[i];
        if (e->kind == IR_LIT || e->kind == IR_VAR || e->kind == IR_ARG)
            continue;
        uint32_t save = g->top;
        cg_val(g, e, NO_DST, 0);
        g->top = save;
    }
    if (n)
        gen_tail_or_val(g, body[n - 1], dst, tail);
}

/* Is position p of the clause's patterns the only one that tests, with an
 * atomic literal? */
static bool dispatch_lit(const ir_clause *c, uint32_t p, uint32_t np, term_t *lit)
{
    if (c->guard || c->npats < np)
        return false;
    for (uint32_t i = 0; i < np; i++) {
        ir *x = c->pats[i];
        if (i == p) {
            if (x->kind != IR_LIT || !(term_is_small(x->a) || term_is_atom(x->a)))
                return false;
            *lit = x->a;
        } else if (!(x->kind == IR_WILD || (x->kind == IR_VAR && (x->flags & IRF_BIND))))
            return false;
    }
    return true;
}

/* Clause selection: srcs[0..np) are the values matched; each clause's
 * body is generated by `body_fn`; the last failure goes to `fail`. Runs
 * of clauses that differ by one atomic literal go through select_val. */
typedef void (*body_fn)(gen *g, ir_clause *c, void *ctx);

static void gen_clauses(gen *g, ir_clause *cl, uint32_t ncl, const code_t *srcs, uint32_t np, uint32_t fail,
                        body_fn fn, void *ctx)
{
    uint32_t i = 0;
    while (i < ncl) {
        /* a select_val run from clause i? */
        uint32_t run = 0, pos = 0;
        term_t lit;
        for (uint32_t p = 0; p < np && run < 2; p++) {
            uint32_t j = i;
            while (j < ncl && dispatch_lit(&cl[j], p, np, &lit)) {
                bool dup = false;
                for (uint32_t k = i; k < j; k++)
                    if (cl[k].pats[p]->a == lit)
                        dup = true;
                if (dup)
                    break;
                j++;
            }
            if (j - i >= 2) {
                run = j - i;
                pos = p;
            }
        }
        bool last = i + (run ? run : 1) >= ncl;
        uint32_t next = last ? fail : cc_new_label(g->cs);
        uint32_t save = g->top;
        if (run) {
            uint32_t *labels = cc_alloc(&g->cs->ar, run * sizeof *labels);
            cg_op(g, OP_select_val);
            cg_S(g, srcs[pos]);
            cg_L(g, next);
            cg_I(g, run);
            for (uint32_t k = 0; k < run; k++) {
                labels[k] = cc_new_label(g->cs);
                cg_T(g, cl[i + k].pats[pos]->a);
                cg_L(g, labels[k]);
            }
            for (uint32_t k = 0; k < run; k++) {
                cc_bind_label(g->cs, labels[k]);
                ir_clause *c = &cl[i + k];
                for (uint32_t p = 0; p < np; p++)
                    if (p != pos)
                        cg_match(g, c->pats[p], srcs[p], next);
                fn(g, c, ctx);
                g->top = save;
            }
            i += run;
        } else {
            ir_clause *c = &cl[i];
            for (uint32_t p = 0; p < np && p < c->npats; p++)
                cg_match(g, c->pats[p], srcs[p], next);
            if (c->guard)
                cg_guard(g, c->guard, next);
            fn(g, c, ctx);
            g->top = save;
            i++;
        }
        if (!last)
            cc_bind_label(g->cs, next);
    }
}

typedef struct branch_ctx {
    int dst;
    bool tail;
    uint32_t end;
    bool remove_message;
} branch_ctx;

static void branch_body(gen *g, ir_clause *c, void *ctx)
{
    branch_ctx *b = ctx;
    if (b->remove_message)
        cg_op(g, OP_remove_message);
    gen_body(g, c->body, c->nbody, b->dst, b->tail);
    if (!b->tail) {
        cg_op(g, OP_jump);
        cg_L(g, b->end);
    }
}

static code_t gen_case(gen *g, ir *e, int dst, bool tail)
{
    uint32_t save = g->top;
    code_t s = cg_val(g, e->k[0], NO_DST, 0);
    uint32_t d = tail ? 0 : dst_or_temp(g, dst);
    uint32_t end = cc_new_label(g->cs);
    uint32_t fail = cg_cold(g, COLD_CASE_END, s, e->line);
    branch_ctx bc = {tail ? NO_DST : (int)d, tail, end, false};
    gen_clauses(g, e->cl, e->ncl, &s, 1, fail, branch_body, &bc);
    cc_bind_label(g->cs, end);
    if (tail)
        return 0;
    g->top = dst >= 0 ? save : d + 1;
    if (dst < 0 && d != save) {
        cg_op(g, OP_move);
        cg_R(g, save);
        cg_S(g, reg(d));
        g->top = save + 1;
        return reg(save);
    }
    return reg(d);
}

static code_t gen_if(gen *g, ir *e, int dst, bool tail)
{
    uint32_t save = g->top;
    uint32_t d = tail ? 0 : dst_or_temp(g, dst);
    uint32_t end = cc_new_label(g->cs);
    uint32_t fail = cg_cold(g, COLD_IF_END, 0, e->line);
    branch_ctx bc = {tail ? NO_DST : (int)d, tail, end, false};
    gen_clauses(g, e->cl, e->ncl, NULL, 0, fail, branch_body, &bc);
    cc_bind_label(g->cs, end);
    if (tail)
        return 0;
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static code_t gen_receive(gen *g, ir *e, int dst, bool tail)
{
    cc_state *cs = g->cs;
    uint32_t save = g->top;
    uint32_t d = tail ? 0 : dst_or_temp(g, dst);
    code_t tmo = 0;
    uint32_t tmo_line = e->line;
    if (e->k[0]) {
        tmo = cg_val(g, e->k[0], NO_DST, 0);
        /* a bad timeout is reported at the line in effect before the
         * receive (OTP emits no line of its own for it): the timeout
         * expression's last call, or the code before it */
        if (cs->code.nlines)
            tmo_line = cs->code.lines[cs->code.nlines - 1].line;
    }
    uint32_t m = cg_temp(g);
    uint32_t loop = cc_new_label(cs), wait = cc_new_label(cs), end = cc_new_label(cs), nomatch = cc_new_label(cs);
    cc_bind_label(cs, loop);
    line(g, e->line);
    cg_op(g, OP_loop_rec);
    cg_L(g, wait);
    cg_R(g, m);
    code_t src = reg(m);
    branch_ctx bc = {tail ? NO_DST : (int)d, tail, end, true};
    if (e->ncl)
        gen_clauses(g, e->cl, e->ncl, &src, 1, nomatch, branch_body, &bc);
    cc_bind_label(cs, nomatch);
    cg_op(g, OP_loop_rec_end);
    cg_L(g, loop);
    cc_bind_label(cs, wait);
    if (e->k[0]) {
        line(g, tmo_line);
        cg_op(g, OP_wait_timeout);
        cg_L(g, loop);
        cg_S(g, tmo);
        cg_I(g, 0); /* the frame size: compile_asm.c fills it in */
        cg_op(g, OP_timeout);
        gen_body(g, e->b, e->nb, tail ? NO_DST : (int)d, tail);
    } else {
        /* where a process waiting here is (current_stacktrace) */
        line(g, e->line);
        cg_op(g, OP_wait);
        cg_L(g, loop);
        cg_I(g, 0); /* the frame size: compile_asm.c fills it in */
    }
    cc_bind_label(cs, end);
    if (tail)
        return 0;
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

typedef struct try_ctx {
    int dst;
    bool tail;
    uint32_t end;
} try_ctx;

static code_t gen_try(gen *g, ir *e, int dst, bool tail)
{
    cc_state *cs = g->cs;
    bool has_after = e->flags & IRF_AFTER;
    bool inner_tail = tail && !has_after;
    uint32_t save = g->top;
    uint32_t d = inner_tail ? 0 : dst_or_temp(g, dst);
    uint32_t after_h = 0;
    if (has_after) {
        after_h = cc_new_label(cs);
        cg_op(g, OP_try_);
        cg_L(g, after_h);
    }
    uint32_t base = g->top; /* registers from here on are free at handlers */
    if (e->ncl2 || (e->flags & IRF_OF)) {
        uint32_t h = e->ncl2 ? cc_new_label(cs) : 0;
        uint32_t end = cc_new_label(cs);
        uint32_t v = cg_temp(g);
        if (h) {
            cg_op(g, OP_try_);
            cg_L(g, h);
        }
        gen_body(g, e->k, e->n, (int)v, false);
        if (h)
            cg_op(g, OP_try_end);
        branch_ctx bc = {inner_tail ? NO_DST : (int)d, inner_tail, end, false};
        if (e->flags & IRF_OF) {
            code_t s = reg(v);
            uint32_t fail = cg_cold(g, COLD_TRY_CASE_END, s, e->line);
            gen_clauses(g, e->cl, e->ncl, &s, 1, fail, branch_body, &bc);
        } else if (inner_tail)
            emit_return(g, reg(v));
        else {
            cg_to(g, reg(v), (int)d);
            cg_op(g, OP_jump);
            cg_L(g, end);
        }
        if (h) {
            cc_bind_label(cs, h);
            g->top = base;
            uint32_t c = cg_temp(g);
            cg_temp(g);
            cg_temp(g);
            cg_op(g, OP_try_case);
            cg_R(g, c);
            code_t srcs[3] = {reg(c), reg(c + 1), reg(c + 2)};
            uint32_t reraise = cc_new_label(cs);
            gen_clauses(g, e->cl2, e->ncl2, srcs, 3, reraise, branch_body, &bc);
            cc_bind_label(cs, reraise);
            cg_op(g, OP_raise);
            cg_R(g, c);
        }
        cc_bind_label(cs, end);
        g->top = base;
    } else {
        gen_body(g, e->k, e->n, inner_tail ? NO_DST : (int)d, inner_tail);
    }
    if (has_after) {
        uint32_t end = cc_new_label(cs);
        cg_op(g, OP_try_end);
        g->top = base;
        gen_body(g, e->b, e->nb, NO_DST, false);
        if (tail)
            emit_return(g, reg(d));
        else {
            cg_op(g, OP_jump);
            cg_L(g, end);
        }
        cc_bind_label(cs, after_h);
        g->top = base;
        uint32_t c = cg_temp(g);
        cg_temp(g);
        cg_temp(g);
        cg_op(g, OP_try_case);
        cg_R(g, c);
        /* the after body must not clobber the exception */
        g->top = c + 3;
        gen_body(g, e->b, e->nb, NO_DST, false);
        cg_op(g, OP_raise);
        cg_R(g, c);
        cc_bind_label(cs, end);
    }
    if (tail)
        return 0;
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static code_t gen_catch(gen *g, ir *e, int dst)
{
    cc_state *cs = g->cs;
    uint32_t save = g->top;
    uint32_t d = dst_or_temp(g, dst);
    uint32_t h = cc_new_label(cs), end = cc_new_label(cs);
    cg_op(g, OP_try_);
    cg_L(g, h);
    cg_val(g, e->k[0], (int)d, 0);
    cg_op(g, OP_try_end);
    cg_op(g, OP_jump);
    cg_L(g, end);
    cc_bind_label(cs, h);
    cg_op(g, OP_catch_value);
    cg_R(g, d);
    cc_bind_label(cs, end);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

/* A andalso B / A orelse B as a value; the right side may be a tail call. */
static code_t gen_andalso(gen *g, ir *e, int dst, uint32_t fail, bool tail)
{
    cc_state *cs = g->cs;
    bool is_and = e->kind == IR_ANDALSO;
    uint32_t save = g->top;
    uint32_t d = dst_or_temp(g, dst);
    code_t a = cg_val(g, e->k[0], NO_DST, fail);
    uint32_t other = cc_new_label(cs), end = cc_new_label(cs);
    term_t go_on = is_and ? cca.true_ : cca.false_;
    term_t stop = is_and ? cca.false_ : cca.true_;
    uint32_t bad = fail ? fail : cg_cold(g, COLD_BADARG, a, e->line);
    cg_op(g, OP_is_eq_exact);
    cg_L(g, other);
    cg_S(g, a);
    cg_S(g, go_on);
    g->top = d + 1;
    if (tail)
        gen_tail_or_val(g, e->k[1], NO_DST, true);
    else {
        cg_val(g, e->k[1], (int)d, fail);
        cg_op(g, OP_jump);
        cg_L(g, end);
    }
    cc_bind_label(cs, other);
    cg_op(g, OP_is_eq_exact);
    cg_L(g, bad);
    cg_S(g, a);
    cg_S(g, stop);
    if (tail)
        emit_return(g, stop);
    else {
        cg_op(g, OP_move);
        cg_R(g, d);
        cg_S(g, stop);
    }
    cc_bind_label(cs, end);
    g->top = dst >= 0 ? save : d + 1;
    return tail ? 0 : reg(d);
}

/* ---- terms ---------------------------------------------------------------------------- */

static code_t gen_tuple(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    code_t *ops = cc_alloc(&g->cs->ar, (e->n + 1) * sizeof *ops);
    for (uint32_t i = 0; i < e->n; i++)
        ops[i] = cg_val(g, e->k[i], NO_DST, fail);
    uint32_t d = result_reg(g, dst, save);
    cg_op(g, OP_put_tuple);
    cg_R(g, d);
    cg_I(g, e->n);
    for (uint32_t i = 0; i < e->n; i++)
        cg_S(g, ops[i]);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static code_t gen_list(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    uint32_t n = e->n - 1;
    code_t *ops = cc_alloc(&g->cs->ar, (n + 1) * sizeof *ops);
    for (uint32_t i = 0; i < n; i++)
        ops[i] = cg_val(g, e->k[i], NO_DST, fail);
    code_t tl = cg_val(g, e->k[n], NO_DST, fail);
    /* built from the last cell: the register written first must not hold
     * an element a later put_list still reads */
    uint32_t d = dst >= 0 ? (uint32_t)dst : save;
    uint32_t w = d;
    for (uint32_t i = 0; i + 1 < n; i++)
        if (ops[i] == reg(d))
            w = cg_temp(g);
    for (uint32_t i = n; i-- > 0;) {
        cg_op(g, OP_put_list);
        cg_R(g, w);
        cg_S(g, ops[i]);
        cg_S(g, tl);
        tl = reg(w);
    }
    if (w != d) {
        cg_op(g, OP_move);
        cg_R(g, d);
        cg_S(g, reg(w));
    }
    g->top = dst >= 0 ? save : save + 1;
    cg_use(g, d);
    return reg(d);
}

static code_t gen_map(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    uint32_t npairs = e->n - 1;
    code_t base = e->k[0] ? cg_val(g, e->k[0], NO_DST, fail) : 0;
    code_t *ks = cc_alloc(&g->cs->ar, (2 * npairs + 1) * sizeof *ks);
    code_t *vs = ks + npairs;
    uint32_t nexact = 0;
    for (uint32_t i = 0; i < npairs; i++) {
        ir *p = e->k[1 + i];
        ks[i] = cg_val(g, p->k[0], NO_DST, fail);
        vs[i] = cg_val(g, p->k[1], NO_DST, fail);
        if (p->flags & IRF_EXACT)
            nexact++;
    }
    uint32_t d = dst >= 0 ? (uint32_t)dst : cg_temp(g);
    line(g, e->line);
    if (!e->k[0]) {
        cg_op(g, OP_new_map);
        cg_R(g, d);
        cg_I(g, npairs);
        for (uint32_t i = 0; i < npairs; i++) {
            cg_S(g, ks[i]);
            cg_S(g, vs[i]);
        }
    } else {
        if (fail) {
            /* in a guard a bad update fails instead of raising */
            uint32_t scratch = cg_temp(g);
            cg_op(g, OP_is_map);
            cg_L(g, fail);
            cg_S(g, base);
            if (nexact) {
                cg_op(g, OP_get_map_elements);
                cg_L(g, fail);
                cg_S(g, base);
                cg_I(g, nexact);
                for (uint32_t i = 0; i < npairs; i++)
                    if (e->k[1 + i]->flags & IRF_EXACT) {
                        cg_S(g, ks[i]);
                        cg_R(g, scratch);
                    }
            }
        }
        code_t cur = base;
        for (int pass = 0; pass < 2; pass++) {
            bool exact = pass == 0;
            uint32_t cnt = exact ? nexact : npairs - nexact;
            if (!cnt)
                continue;
            cg_op(g, exact ? OP_put_map_exact : OP_put_map_assoc);
            cg_R(g, d);
            cg_S(g, cur);
            cg_I(g, cnt);
            for (uint32_t i = 0; i < npairs; i++)
                if (((e->k[1 + i]->flags & IRF_EXACT) != 0) == exact) {
                    cg_S(g, ks[i]);
                    cg_S(g, vs[i]);
                }
            cur = reg(d);
        }
        if (npairs == 0) {
            /* M#{}: still checks that M is a map */
            cg_op(g, OP_put_map_assoc);
            cg_R(g, d);
            cg_S(g, base);
            cg_I(g, 0);
        }
    }
    if (dst >= 0) {
        g->top = save;
        return reg(d);
    }
    if (d != save) {
        cg_op(g, OP_move);
        cg_R(g, save);
        cg_S(g, reg(d));
    }
    g->top = save + 1;
    return reg(save);
}

static code_t gen_rec_get(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    code_t r = cg_val(g, e->k[0], NO_DST, fail);
    uint32_t bad = fail ? fail : cg_cold(g, COLD_BADRECORD, r, e->line);
    cg_op(g, OP_is_tagged_tuple);
    cg_L(g, bad);
    cg_S(g, r);
    cg_I(g, e->i);
    cg_T(g, e->a);
    uint32_t d = dst >= 0 ? (uint32_t)dst : (g->top = save, cg_temp(g));
    cg_op(g, OP_get_tuple_element);
    cg_R(g, d);
    cg_S(g, r);
    cg_I(g, e->j);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static code_t gen_rec_set(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    uint32_t size = e->i;
    code_t *el = cc_alloc(&g->cs->ar, (size + 1) * sizeof *el);
    /* which fields the update gives (no value of el can say: every word is
     * a register or a literal) */
    bool *given = cc_alloc(&g->cs->ar, (size + 1) * sizeof *given);
    for (uint32_t i = 0; i < size; i++)
        given[i] = false;
    /* the new values first, then the record (erl_expand_records' order) */
    for (uint32_t i = 1; i < e->n; i++) {
        ir *p = e->k[i];
        el[p->i] = cg_val(g, p->k[1], NO_DST, fail);
        given[p->i] = true;
    }
    code_t r = cg_val(g, e->k[0], NO_DST, fail);
    uint32_t bad = fail ? fail : cg_cold(g, COLD_BADRECORD, r, e->line);
    cg_op(g, OP_is_tagged_tuple);
    cg_L(g, bad);
    cg_S(g, r);
    cg_I(g, size);
    cg_T(g, e->a);
    el[0] = e->a;
    for (uint32_t i = 1; i < size; i++)
        if (!given[i]) {
            uint32_t t = cg_temp(g);
            cg_op(g, OP_get_tuple_element);
            cg_R(g, t);
            cg_S(g, r);
            cg_I(g, i);
            el[i] = reg(t);
        }
    uint32_t d = dst >= 0 ? (uint32_t)dst : cg_temp(g);
    cg_op(g, OP_put_tuple);
    cg_R(g, d);
    cg_I(g, size);
    for (uint32_t i = 0; i < size; i++)
        cg_S(g, el[i]);
    if (dst >= 0) {
        g->top = save;
        return reg(d);
    }
    if (d != save) {
        cg_op(g, OP_move);
        cg_R(g, save);
        cg_S(g, reg(d));
    }
    g->top = save + 1;
    return reg(save);
}

static code_t gen_make_fun(gen *g, ir *e, int dst, uint32_t fail)
{
    uint32_t save = g->top;
    uint32_t n = e->kind == IR_SELF_FUN ? g->f->arity - g->f->hdr_arity : e->n;
    code_t *caps = cc_alloc(&g->cs->ar, (n + 1) * sizeof *caps);
    for (uint32_t i = 0; i < n; i++)
        caps[i] = e->kind == IR_SELF_FUN ? reg(g->f->hdr_arity + i) : cg_val(g, e->k[i], NO_DST, fail);
    uint32_t d = dst >= 0 ? (uint32_t)dst : (g->top = save, cg_temp(g));
    cg_op(g, OP_make_fun);
    cg_R(g, d);
    cg_I(g, g->cs->lambdas[e->i].index);
    cg_I(g, n);
    for (uint32_t i = 0; i < n; i++)
        cg_S(g, caps[i]);
    g->top = dst >= 0 ? save : d + 1;
    return reg(d);
}

static code_t gen_match_expr(gen *g, ir *e, int dst, uint32_t fail)
{
    ir *p = e->k[0];
    if (p->kind == IR_VAR && (p->flags & IRF_BIND)) {
        uint32_t r = g->varreg[p->i];
        cg_val(g, e->k[1], (int)r, fail);
        return cg_to(g, reg(r), dst);
    }
    uint32_t save = g->top;
    code_t v = cg_val(g, e->k[1], NO_DST, fail);
    uint32_t bad = fail ? fail : cg_cold(g, COLD_BADMATCH, v, e->line);
    cg_match(g, p, v, bad);
    if (dst >= 0) {
        cg_to(g, v, dst);
        g->top = save;
        return reg((uint32_t)dst);
    }
    if (code_is_reg(v) && regno(v) >= save && regno(v) != save) {
        cg_op(g, OP_move);
        cg_R(g, save);
        cg_S(g, v);
        g->top = save + 1;
        return reg(save);
    }
    if (!code_is_reg(v) || regno(v) < save)
        g->top = save;
    else
        g->top = save + 1;
    return v;
}

static void enter_depth(gen *g, uint32_t ln)
{
    if (++g->depth > CC_MAX_DEPTH)
        cc_fail(g->cs, ln, "too deeply nested");
}

code_t cg_val(gen *g, ir *e, int dst, uint32_t fail)
{
    code_t r;
    enter_depth(g, e->line);
    switch ((ir_kind)e->kind) {
    case IR_LIT:
        r = cg_to(g, cc_lit(e->a), dst);
        break;
    case IR_VAR:
        r = cg_to(g, reg(g->varreg[e->i]), dst);
        break;
    case IR_ARG:
        r = cg_to(g, reg(e->i), dst);
        break;
    case IR_TUPLE:
        r = gen_tuple(g, e, dst, fail);
        break;
    case IR_LIST:
        r = gen_list(g, e, dst, fail);
        break;
    case IR_MAP:
        r = gen_map(g, e, dst, fail);
        break;
    case IR_BIN:
        r = cg_bin_build(g, e, dst, fail);
        break;
    case IR_OP:
        r = gen_op(g, e, dst, fail, false);
        break;
    case IR_ANDALSO:
    case IR_ORELSE:
        r = gen_andalso(g, e, dst, fail, false);
        break;
    case IR_MATCH:
        r = gen_match_expr(g, e, dst, fail);
        break;
    case IR_CALL:
        r = call_local(g, e->i, e->k, e->n, NULL, 0, dst, false, e->line);
        break;
    case IR_BIF:
        r = gen_bif_call(g, e, dst, fail, false);
        break;
    case IR_RCALL:
        if (e->k[0]->kind == IR_LIT && term_is_atom(e->k[0]->a) && e->k[1]->kind == IR_LIT &&
            term_is_atom(e->k[1]->a))
            r = call_ext(g, e->k[0]->a, e->k[1]->a, e->k + 2, e->n - 2, dst, false, e->line);
        else {
            ir a = *e;
            a.kind = IR_BIF;
            a.a = cca.apply;
            a.n = 3;
            ir *l = cc_alloc(&g->cs->ar, sizeof *l);
            l->kind = IR_LIST;
            l->n = e->n - 1;
            l->k = cc_alloc(&g->cs->ar, (e->n) * sizeof *l->k);
            for (uint32_t i = 2; i < e->n; i++)
                l->k[i - 2] = e->k[i];
            ir *nil = cc_alloc(&g->cs->ar, sizeof *nil);
            nil->kind = IR_LIT;
            nil->a = NIL;
            l->k[e->n - 2] = nil;
            ir *k3[3] = {e->k[0], e->k[1], l};
            a.k = k3;
            r = gen_apply3(g, &a, dst, false);
        }
        break;
    case IR_FCALL:
        r = gen_call_fun(g, e->k[0], e->k + 1, e->n - 1, dst, false, e->line);
        break;
    case IR_SELF_FUN:
    case IR_MAKE_FUN:
        r = gen_make_fun(g, e, dst, fail);
        break;
    case IR_CASE:
        r = gen_case(g, e, dst, false);
        break;
    case IR_IF:
        r = gen_if(g, e, dst, false);
        break;
    case IR_RECEIVE:
        r = gen_receive(g, e, dst, false);
        break;
    case IR_TRY:
        r = gen_try(g, e, dst, false);
        break;
    case IR_CATCH:
        r = gen_catch(g, e, dst);
        break;
    case IR_BLOCK: {
        uint32_t save = g->top;
        uint32_t d = dst_or_temp(g, dst);
        gen_body(g, e->k, e->n, (int)d, false);
        g->top = dst >= 0 ? save : d + 1;
        r = reg(d);
        break;
    }
    case IR_REC_GET:
        r = gen_rec_get(g, e, dst, fail);
        break;
    case IR_REC_SET:
        r = gen_rec_set(g, e, dst, fail);
        break;
    case IR_IS_RECORD:
        r = test_value(g, e, dst, fail);
        break;
    default:
        cc_fail(g->cs, e->line, "internal: expression kind %d", e->kind);
    }
    g->depth--;
    return r;
}

/* e in tail position: returns or tail calls. With tail false, the value
 * goes to dst. */
static code_t gen_tail_or_val(gen *g, ir *e, int dst, bool tail)
{
    if (!tail)
        return cg_val(g, e, dst, 0);
    enter_depth(g, e->line);
    switch ((ir_kind)e->kind) {
    case IR_CALL:
        call_local(g, e->i, e->k, e->n, NULL, 0, NO_DST, true, e->line);
        break;
    case IR_BIF:
        gen_bif_call(g, e, NO_DST, 0, true);
        break;
    case IR_RCALL:
        if (e->k[0]->kind == IR_LIT && term_is_atom(e->k[0]->a) && e->k[1]->kind == IR_LIT &&
            term_is_atom(e->k[1]->a))
            call_ext(g, e->k[0]->a, e->k[1]->a, e->k + 2, e->n - 2, NO_DST, true, e->line);
        else
            emit_return(g, cg_val(g, e, NO_DST, 0));
        break;
    case IR_FCALL:
        gen_call_fun(g, e->k[0], e->k + 1, e->n - 1, NO_DST, true, e->line);
        break;
    case IR_OP:
        if (e->a == cca.plusplus || e->a == cca.minusminus)
            gen_op(g, e, NO_DST, 0, true);
        else
            emit_return(g, cg_val(g, e, NO_DST, 0));
        break;
    case IR_CASE:
        gen_case(g, e, NO_DST, true);
        break;
    case IR_IF:
        gen_if(g, e, NO_DST, true);
        break;
    case IR_RECEIVE:
        gen_receive(g, e, NO_DST, true);
        break;
    case IR_TRY:
        gen_try(g, e, NO_DST, true);
        break;
    case IR_BLOCK:
        gen_body(g, e->k, e->n, NO_DST, true);
        break;
    case IR_ANDALSO:
    case IR_ORELSE:
        gen_andalso(g, e, NO_DST, 0, true);
        break;
    default:
        emit_return(g, cg_val(g, e, NO_DST, 0));
        break;
    }
    g->depth--;
    return 0;
}

/* ---- the recursive path first -------------------------------------------------------
 * A function whose first clause is a recursion's base case (`loop(0, Acc)
 * -> Acc; loop(N, Acc) -> loop(N - 1, Acc + 1).`) would jump over that
 * clause on every recursive call: its first test fails into the next
 * clause, and a jump costs the interpreter a load of its target that the
 * next instruction waits for. When the function opens with a test that has
 * a negated form, the code between the test and its fail label is reached
 * from the test only, ends without going on (a return, a tail call, a
 * raise) and does not call the function, and the code after the label
 * does, the test is negated and that code moved to the function's end:
 * the recursive path falls through, the base case is jumped to. The same
 * instructions run, in the same order, with the same lines. */

static opcode negated_test(opcode op)
{
    switch (op) {
    case OP_is_eq_exact: return OP_is_ne_exact;
    case OP_is_ne_exact: return OP_is_eq_exact;
    case OP_is_eq: return OP_is_ne;
    case OP_is_ne: return OP_is_eq;
    case OP_is_lt: return OP_is_ge; /* term order is total */
    case OP_is_ge: return OP_is_lt;
    default: return OP_COUNT;
    }
}

static bool ends_the_path(opcode op)
{
    switch (op) {
    case OP_return: case OP_tail_call: case OP_tail_call_ext: case OP_tail_call_fun: case OP_tail_apply:
    case OP_tail_apply_list: case OP_tail_apply_fun_list: case OP_badmatch: case OP_case_end: case OP_if_end:
    case OP_try_case_end: case OP_badrecord: case OP_raise: case OP_jump:
        return true;
    default:
        return false;
    }
}

static int cmp_fixup(const void *a, const void *b)
{
    uint32_t x = ((const cc_fixup *)a)->pos, y = ((const cc_fixup *)b)->pos;
    return x < y ? -1 : x > y;
}

static int cmp_line(const void *a, const void *b)
{
    uint32_t x = ((const code_line *)a)->offset, y = ((const code_line *)b)->offset;
    return x < y ? -1 : x > y;
}

/* The line in effect at code offset off (0 when none): the last entry at
 * or before it (the table is sorted). */
static uint32_t line_at(const cc_code *c, size_t off)
{
    size_t lo = 0, hi = c->nlines;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->lines[mid].offset <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo ? c->lines[lo - 1].line : 0;
}

/* The function's code is [.., end) with its first instruction after the
 * enter at `first`; the labels it made are those from label0 on; its
 * fixups and line entries are the last ones. */
static void put_base_case_last(gen *g, size_t first, uint32_t label0)
{
    cc_code *c = &g->cs->code;
    size_t end = c->n;
    opcode neg = first < end ? negated_test((opcode)c->w[first]) : OP_COUNT;
    if (neg == OP_COUNT)
        return;
    /* the fixups of this function: a suffix, in code order */
    size_t f0 = c->nfix;
    while (f0 > 0 && c->fix[f0 - 1].pos >= first)
        f0--;
    if (f0 == c->nfix || c->fix[f0].pos != first + 1)
        return;
    size_t b0 = first + 4, fail = c->labels[c->fix[f0].label];
    if (fail <= b0 || fail >= end)
        return;
    for (size_t k = f0; k < c->nfix; k++) {
        uint32_t to = c->labels[c->fix[k].label];
        if (to != UINT32_MAX && ((to >= b0 && to < fail) || to == end))
            return; /* a jump into the code that would move, or past the end */
    }
    size_t last = b0;
    for (size_t i = b0; i < fail; i = cc_walk_instr(c->w, i, NULL, NULL))
        last = i;
    if (cc_walk_instr(c->w, last, NULL, NULL) != fail || !ends_the_path((opcode)c->w[last]))
        return;
    uint32_t self = g->f->entry_label;
    bool calls_before = false, calls_after = false;
    for (size_t k = f0; k < c->nfix; k++)
        if (c->fix[k].label == self) {
            if (c->fix[k].pos < fail)
                calls_before = true;
            else
                calls_after = true;
        }
    if (calls_before || !calls_after)
        return;

    /* [b0, fail) moves to the end, [fail, end) up to b0 */
    size_t moved = fail - b0, rest = end - fail;
    uint32_t line_b0 = line_at(c, b0), line_fail = line_at(c, fail);
    code_t *tmp = alloc_new(ALLOC_TEMP, moved * sizeof *tmp);
    memcpy(tmp, c->w + b0, moved * sizeof *tmp);
    memmove(c->w + b0, c->w + fail, rest * sizeof *tmp);
    memcpy(c->w + b0 + rest, tmp, moved * sizeof *tmp);
    alloc_free(ALLOC_TEMP, tmp, moved * sizeof *tmp);
#define MOVED(off) ((off) >= fail ? (off) - moved : (off) + rest)
    for (uint32_t l = label0; l < c->nlabels; l++)
        if (c->labels[l] != UINT32_MAX && c->labels[l] >= b0 && c->labels[l] < end)
            c->labels[l] = (uint32_t)MOVED(c->labels[l]);
    for (size_t k = f0; k < c->nfix; k++)
        if (c->fix[k].pos >= b0)
            c->fix[k].pos = (uint32_t)MOVED(c->fix[k].pos);
    qsort(c->fix + f0, c->nfix - f0, sizeof *c->fix, cmp_fixup);
    /* the lines: entries move with their code; each moved block starts
     * with the line in effect at its old start */
    size_t l0 = c->nlines;
    while (l0 > 0 && c->lines[l0 - 1].offset >= b0)
        l0--;
    for (size_t i = l0; i < c->nlines; i++)
        if (c->lines[i].offset < end) /* (one at the end is the next code's) */
            c->lines[i].offset = (uint32_t)MOVED(c->lines[i].offset);
#undef MOVED
    bool at_b0 = false, at_base = false; /* an entry where a block starts now */
    for (size_t i = l0; i < c->nlines; i++)
        at_b0 |= c->lines[i].offset == b0, at_base |= c->lines[i].offset == b0 + rest;
    if (!at_b0 && line_fail)
        cc_add_line(c, (uint32_t)b0, line_fail);
    if (!at_base && line_b0)
        cc_add_line(c, (uint32_t)(b0 + rest), line_b0);
    qsort(c->lines + l0, c->nlines - l0, sizeof *c->lines, cmp_line);
    /* the test, negated, jumps to the base case where it is now */
    uint32_t base = cc_new_label(g->cs);
    c->labels[base] = (uint32_t)(b0 + rest);
    c->w[first] = (code_t)neg;
    c->fix[f0].label = base;
}

/* ---- functions -------------------------------------------------------------------------- */

static void emit_cold(gen *g)
{
    for (uint32_t i = 0; i < g->ncold; i++) {
        cc_cold *c = &g->cold[i];
        cc_bind_label(g->cs, c->label);
        line(g, c->line);
        switch (c->kind) {
        case COLD_BADMATCH:
            cg_op(g, OP_badmatch);
            cg_S(g, c->src);
            break;
        case COLD_CASE_END:
            cg_op(g, OP_case_end);
            cg_S(g, c->src);
            break;
        case COLD_TRY_CASE_END:
            cg_op(g, OP_try_case_end);
            cg_S(g, c->src);
            break;
        case COLD_BADRECORD:
            cg_op(g, OP_badrecord);
            cg_S(g, c->src);
            break;
        case COLD_IF_END:
            cg_op(g, OP_if_end);
            break;
        case COLD_BADARG: {
            /* erlang:error({badarg, V}) */
            uint32_t b = c->b;
            cg_op(g, OP_put_tuple);
            cg_R(g, b);
            cg_I(g, 2);
            cg_S(g, cca.badarg);
            cg_S(g, c->src);
            cg_op(g, OP_call_ext);
            cg_I(g, (uint64_t)(uintptr_t)ext(g, cca.erlang, cca.error, 1));
            cg_I(g, b);
            cg_R(g, b);
            break;
        }
        }
    }
    g->ncold = 0;
}

/* Registers of a clause's variables: a variable the head binds at the top
 * of argument i lives in R[i]; the others follow the arguments. */
static void alias_head(gen *g, ir *p, uint32_t i)
{
    if (p->kind == IR_VAR && (p->flags & IRF_BIND))
        g->varreg[p->i] = i;
    else if (p->kind == IR_MATCH) {
        alias_head(g, p->k[0], i);
        alias_head(g, p->k[1], i);
    }
}

static void func_clause_body(gen *g, ir_clause *c, void *ctx)
{
    (void)ctx;
    gen_body(g, c->body, c->nbody, NO_DST, true);
}

static void setup_clause_regs(gen *g, ir_clause *c)
{
    g->nvars = c->nvars;
    g->varreg = cc_alloc(&g->cs->ar, (c->nvars + 1) * sizeof *g->varreg);
    for (uint32_t v = 0; v < c->nvars; v++)
        g->varreg[v] = UINT32_MAX;
    for (uint32_t i = 0; i < c->npats; i++)
        alias_head(g, c->pats[i], i);
    uint32_t next = g->f->arity;
    for (uint32_t v = 0; v < c->nvars; v++)
        if (g->varreg[v] == UINT32_MAX)
            g->varreg[v] = next++;
    g->top = next;
    cg_use(g, next ? next - 1 : 0);
}

/* Clause selection for a function: like gen_clauses, but each clause has
 * its own variable registers. */
static void gen_function(cc_state *cs, uint32_t fi)
{
    gen gv = {0};
    gen *g = &gv;
    g->cs = cs;
    g->fi = fi;
    g->f = &cs->funcs[fi];
    cc_func *f = g->f;
    uint32_t label0 = cs->code.nlabels; /* the labels this function makes */
    cc_set_line(cs, f->line);
    cc_bind_label(cs, f->header_label);
    cg_op(g, OP_func_info);
    cg_T(g, cs->module);
    cg_T(g, f->name);
    cg_I(g, f->hdr_arity);
    cg_I(g, f->line);
    cg_I(g, 0);
    cg_I(g, f->lambda >= 0 ? (uint64_t)cs->lambdas[f->lambda].index : ~(uint64_t)0);
    cc_bind_label(cs, f->entry_label);
    size_t entry = cs->code.n;
    cg_op(g, OP_enter);
    cg_I(g, 0); /* N: set once the code is made */
    cg_I(g, f->arity);
    g->maxreg = f->arity;

    code_t *srcs = cc_alloc(&cs->ar, (f->arity + 1) * sizeof *srcs);
    for (uint32_t i = 0; i < f->arity; i++)
        srcs[i] = reg(i);
    uint32_t np = f->ncl ? f->cl[0].npats : 0;
    uint32_t i = 0;
    while (i < f->ncl) {
        /* clauses sharing variable registers can share a select_val run:
         * runs only hold clauses whose variables all sit in arguments */
        uint32_t j = i + 1;
        term_t lit;
        uint32_t pos = UINT32_MAX;
        for (uint32_t p = 0; p < np && pos == UINT32_MAX; p++)
            if (dispatch_lit(&f->cl[i], p, np, &lit)) {
                uint32_t k = i + 1;
                while (k < f->ncl && dispatch_lit(&f->cl[k], p, np, &lit))
                    k++;
                if (k - i >= 2) {
                    pos = p;
                    j = k;
                }
            }
        bool last = j >= f->ncl;
        uint32_t fail = last ? f->header_label : cc_new_label(cs);
        if (pos != UINT32_MAX) {
            /* each clause of the run gets its registers in its branch */
            uint32_t n = j - i;
            uint32_t *labels = cc_alloc(&cs->ar, n * sizeof *labels);
            /* distinct literals only: cut the run at the first repeat */
            uint32_t m = 0;
            for (; m < n; m++) {
                bool dup = false;
                for (uint32_t q = 0; q < m; q++)
                    if (f->cl[i + q].pats[pos]->a == f->cl[i + m].pats[pos]->a)
                        dup = true;
                if (dup)
                    break;
            }
            if (m < 2)
                pos = UINT32_MAX;
            else {
                n = m;
                j = i + n;
                last = j >= f->ncl;
                if (last)
                    fail = f->header_label;
                cg_op(g, OP_select_val);
                cg_S(g, srcs[pos]);
                cg_L(g, fail);
                cg_I(g, n);
                for (uint32_t k = 0; k < n; k++) {
                    labels[k] = cc_new_label(cs);
                    cg_T(g, f->cl[i + k].pats[pos]->a);
                    cg_L(g, labels[k]);
                }
                for (uint32_t k = 0; k < n; k++) {
                    cc_bind_label(cs, labels[k]);
                    ir_clause *c = &f->cl[i + k];
                    setup_clause_regs(g, c);
                    for (uint32_t p = 0; p < np; p++)
                        if (p != pos)
                            cg_match(g, c->pats[p], srcs[p], fail);
                    func_clause_body(g, c, NULL);
                }
            }
        }
        if (pos == UINT32_MAX) {
            j = i + 1;
            last = j >= f->ncl;
            if (last)
                fail = f->header_label;
            ir_clause *c = &f->cl[i];
            setup_clause_regs(g, c);
            for (uint32_t p = 0; p < np && p < c->npats; p++)
                cg_match(g, c->pats[p], srcs[p], fail);
            if (c->guard)
                cg_guard(g, c->guard, fail);
            func_clause_body(g, c, NULL);
        }
        if (!last)
            cc_bind_label(cs, fail);
        i = j;
    }
    emit_cold(g);
    put_base_case_last(g, entry + CODE_ENTER_WORDS, label0);
    cs->code.w[entry + 1] = g->maxreg > f->arity ? g->maxreg : f->arity;
    alloc_free(ALLOC_TEMP, g->cold, g->cold_cap * sizeof *g->cold);
}

void cc_gen_module(cc_state *cs)
{
    uint32_t *order = cc_alloc(&cs->ar, (cs->nfuncs + 1) * sizeof *order);
    cc_lay_out(cs, order);
    (void)cc_new_label(cs); /* label 0: "no label" */
    for (uint32_t i = 0; i < cs->nfuncs; i++) {
        cs->funcs[i].header_label = cc_new_label(cs);
        cs->funcs[i].entry_label = cc_new_label(cs);
    }
    for (uint32_t i = 0; i < cs->nfuncs; i++)
        gen_function(cs, order[i]);
    cc_reorder_tables(cs, order);
}
