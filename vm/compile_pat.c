/* compile_pat.c: the code generator's pattern matching (tuples, lists,
 * maps, literals, variables; binaries are in compile_bin.c) and guards:
 * guard sequences, conjunctions, and boolean tests compiled to jumps,
 * exceptions in a guard making it fail. */
#include "atom.h"
#include "compile_priv.h"

static code_t reg(uint32_t r) { return code_reg(r); }

static void test2(gen *g, opcode op, uint32_t fail, code_t a, code_t b)
{
    cg_op(g, op);
    cg_L(g, fail);
    cg_S(g, a);
    cg_S(g, b);
}

static void test1(gen *g, opcode op, uint32_t fail, code_t a)
{
    cg_op(g, op);
    cg_L(g, fail);
    cg_S(g, a);
}

static bool is_bind(const ir *p) { return p->kind == IR_VAR && (p->flags & IRF_BIND); }

/* The register a sub-pattern's value goes to: the variable's own when the
 * sub-pattern just binds one, else a new temporary. */
static uint32_t target_of(gen *g, ir *p) { return is_bind(p) ? g->varreg[p->i] : cg_temp(g); }

static void match_tuple(gen *g, ir *p, code_t src, uint32_t fail)
{
    uint32_t from = 0;
    if (p->n >= 1 && p->k[0]->kind == IR_LIT && term_is_atom(p->k[0]->a)) {
        cg_op(g, OP_is_tagged_tuple);
        cg_L(g, fail);
        cg_S(g, src);
        cg_I(g, p->n);
        cg_T(g, p->k[0]->a);
        from = 1;
    } else {
        cg_op(g, OP_test_arity);
        cg_L(g, fail);
        cg_S(g, src);
        cg_I(g, p->n);
    }
    for (uint32_t i = from; i < p->n; i++) {
        ir *sub = p->k[i];
        if (sub->kind == IR_WILD)
            continue;
        uint32_t save = g->top;
        uint32_t r = target_of(g, sub);
        cg_op(g, OP_get_tuple_element);
        cg_R(g, r);
        cg_S(g, src);
        cg_I(g, i);
        if (!is_bind(sub))
            cg_match(g, sub, reg(r), fail);
        g->top = save;
    }
}

static void match_list(gen *g, ir *p, code_t src, uint32_t fail)
{
    uint32_t n = p->n - 1;
    uint32_t save = g->top;
    code_t cur = src;
    uint32_t tl = UINT32_MAX; /* the register walking the spine */
    for (uint32_t i = 0; i < n; i++) {
        test1(g, OP_is_nonempty_list, fail, cur);
        ir *h = p->k[i];
        bool last = i + 1 == n;
        ir *tp = p->k[n];
        uint32_t tdst;
        if (last && is_bind(tp))
            tdst = g->varreg[tp->i];
        else if (last && tp->kind == IR_WILD)
            tdst = UINT32_MAX;
        else {
            if (tl == UINT32_MAX)
                tl = cg_temp(g);
            tdst = tl;
        }
        uint32_t hsave = g->top;
        if (h->kind == IR_WILD) {
            if (tdst != UINT32_MAX) {
                cg_op(g, OP_get_tl);
                cg_R(g, tdst);
                cg_S(g, cur);
            }
        } else {
            uint32_t hr = target_of(g, h);
            if (tdst != UINT32_MAX) {
                cg_op(g, OP_get_list);
                cg_R(g, hr);
                cg_R(g, tdst);
                cg_S(g, cur);
            } else {
                cg_op(g, OP_get_hd);
                cg_R(g, hr);
                cg_S(g, cur);
            }
            if (!is_bind(h))
                cg_match(g, h, reg(hr), fail);
        }
        g->top = hsave;
        if (tdst != UINT32_MAX)
            cur = reg(tdst);
    }
    ir *tp = p->k[n];
    if (!(is_bind(tp) || tp->kind == IR_WILD))
        cg_match(g, tp, cur, fail);
    g->top = save;
}

static void match_map(gen *g, ir *p, code_t src, uint32_t fail)
{
    uint32_t save = g->top;
    if (p->n == 0) {
        test1(g, OP_is_map, fail, src);
        return;
    }
    code_t *keys = cc_alloc(&g->cs->ar, p->n * sizeof *keys);
    uint32_t *dsts = cc_alloc(&g->cs->ar, p->n * sizeof *dsts);
    for (uint32_t i = 0; i < p->n; i++)
        keys[i] = cg_val(g, p->k[i]->k[0], NO_DST, fail);
    for (uint32_t i = 0; i < p->n; i++)
        dsts[i] = target_of(g, p->k[i]->k[1]);
    cg_op(g, OP_get_map_elements);
    cg_L(g, fail);
    cg_S(g, src);
    cg_I(g, p->n);
    for (uint32_t i = 0; i < p->n; i++) {
        cg_S(g, keys[i]);
        cg_R(g, dsts[i]);
    }
    for (uint32_t i = 0; i < p->n; i++) {
        ir *v = p->k[i]->k[1];
        if (!is_bind(v) && v->kind != IR_WILD)
            cg_match(g, v, reg(dsts[i]), fail);
    }
    g->top = save;
}

void cg_match(gen *g, ir *p, code_t src, uint32_t fail)
{
    if (++g->depth > CC_MAX_DEPTH)
        cc_fail(g->cs, p->line, "too deeply nested");
    switch ((ir_kind)p->kind) {
    case IR_WILD:
        break;
    case IR_VAR:
        if (p->flags & IRF_BIND)
            cg_to(g, src, (int)g->varreg[p->i]);
        else
            test2(g, OP_is_eq_exact, fail, src, reg(g->varreg[p->i]));
        break;
    case IR_ARG:
        test2(g, OP_is_eq_exact, fail, src, reg(p->i));
        break;
    case IR_SELF_FUN: {
        uint32_t save = g->top;
        code_t v = cg_val(g, p, NO_DST, fail);
        test2(g, OP_is_eq_exact, fail, src, v);
        g->top = save;
        break;
    }
    case IR_LIT:
        if (p->a == NIL)
            test1(g, OP_is_nil, fail, src);
        else
            test2(g, OP_is_eq_exact, fail, src, cc_lit(p->a));
        break;
    case IR_TUPLE:
        match_tuple(g, p, src, fail);
        break;
    case IR_LIST:
        match_list(g, p, src, fail);
        break;
    case IR_MAPPAT:
        match_map(g, p, src, fail);
        break;
    case IR_BIN:
        cg_bin_match(g, p, src, fail);
        break;
    case IR_MATCH:
        cg_match(g, p->k[0], src, fail);
        cg_match(g, p->k[1], src, fail);
        break;
    default:
        cc_fail(g->cs, p->line, "internal: pattern kind %d", p->kind);
    }
    g->depth--;
}

/* ---- guards ---------------------------------------------------------------------- */

static bool comparison(term_t op, opcode *test, opcode *neg, bool *swap)
{
    *swap = false;
    if (op == cca.lt)
        *test = OP_is_lt, *neg = OP_is_ge;
    else if (op == cca.ge)
        *test = OP_is_ge, *neg = OP_is_lt;
    else if (op == cca.gt)
        *test = OP_is_lt, *neg = OP_is_ge, *swap = true;
    else if (op == cca.le)
        *test = OP_is_ge, *neg = OP_is_lt, *swap = true;
    else if (op == cca.eqeq)
        *test = OP_is_eq, *neg = OP_is_ne;
    else if (op == cca.ne)
        *test = OP_is_ne, *neg = OP_is_eq;
    else if (op == cca.eq_exact)
        *test = OP_is_eq_exact, *neg = OP_is_ne_exact;
    else if (op == cca.ne_exact)
        *test = OP_is_ne_exact, *neg = OP_is_eq_exact;
    else
        return false;
    return true;
}

static opcode type_test_op(term_t name)
{
    if (name == cca.is_integer)
        return OP_is_integer;
    if (name == cca.is_float)
        return OP_is_float;
    if (name == cca.is_number)
        return OP_is_number;
    if (name == cca.is_atom)
        return OP_is_atom;
    if (name == cca.is_boolean)
        return OP_is_boolean;
    if (name == cca.is_pid)
        return OP_is_pid;
    if (name == cca.is_reference)
        return OP_is_ref;
    if (name == cca.is_port)
        return OP_is_port;
    if (name == cca.is_list)
        return OP_is_list;
    if (name == cca.is_tuple)
        return OP_is_tuple;
    if (name == cca.is_binary)
        return OP_is_binary;
    if (name == cca.is_bitstring)
        return OP_is_bitstring;
    if (name == cca.is_map)
        return OP_is_map;
    if (name == cca.is_function)
        return OP_is_function;
    return OP_COUNT;
}

/* Is e a test the code can branch on directly (a comparison, a type
 * test, a boolean operator over tests)? */
bool cg_is_test(gen *g, ir *e)
{
    (void)g;
    opcode t, n;
    bool s;
    switch (e->kind) {
    case IR_OP:
        if (e->n == 2 && comparison(e->a, &t, &n, &s))
            return true;
        return e->n == 1 && e->a == cca.not_;
    case IR_BIF:
        return (e->n == 1 && type_test_op(e->a) != OP_COUNT) || (e->n == 2 && e->a == cca.is_function);
    case IR_IS_RECORD:
    case IR_ANDALSO:
    case IR_ORELSE:
        return true;
    case IR_LIT:
        return true;
    default:
        return false;
    }
}

/* A test that cannot raise (comparisons and type tests of variables and
 * literals), so that `and`/`or` may skip its evaluation. */
static bool is_safe_test(ir *e)
{
    opcode t, n;
    bool s;
    if (e->kind == IR_OP && e->n == 2 && comparison(e->a, &t, &n, &s))
        return e->k[0]->kind <= IR_ARG && e->k[1]->kind <= IR_ARG;
    if (e->kind == IR_BIF && e->n == 1 && type_test_op(e->a) != OP_COUNT)
        return e->k[0]->kind <= IR_ARG;
    if (e->kind == IR_LIT)
        return true;
    return false;
}

/* Branches on the boolean value v: not negated, falls through when v is
 * true and jumps to ljump when it is false; negated, the other way round;
 * any other value jumps to lerr. */
static void branch_on_value(gen *g, code_t v, bool neg, uint32_t ljump, uint32_t lerr)
{
    term_t through = neg ? cca.false_ : cca.true_;
    term_t away = neg ? cca.true_ : cca.false_;
    if (ljump == lerr) {
        test2(g, OP_is_eq_exact, lerr, v, through);
        return;
    }
    uint32_t ok = cc_new_label(g->cs);
    test2(g, OP_is_ne_exact, ok, v, through); /* jumps to ok when v is `through` */
    test2(g, OP_is_eq_exact, lerr, v, away);
    cg_op(g, OP_jump);
    cg_L(g, ljump);
    cc_bind_label(g->cs, ok);
}

void cg_cond(gen *g, ir *e, bool neg, uint32_t ljump, uint32_t lerr)
{
    cc_state *cs = g->cs;
    uint32_t save = g->top;
    if (++g->depth > CC_MAX_DEPTH)
        cc_fail(cs, e->line, "too deeply nested");
    opcode t, n;
    bool swap;
    switch (e->kind) {
    case IR_LIT:
        if (e->a == cca.true_ || e->a == cca.false_) {
            bool value = e->a == cca.true_;
            if (value == neg) {
                cg_op(g, OP_jump);
                cg_L(g, ljump);
            }
        } else {
            cg_op(g, OP_jump);
            cg_L(g, lerr);
        }
        goto done;
    case IR_OP:
        if (e->n == 2 && comparison(e->a, &t, &n, &swap)) {
            code_t a = cg_val(g, e->k[0], NO_DST, lerr);
            code_t b = cg_val(g, e->k[1], NO_DST, lerr);
            test2(g, neg ? n : t, ljump, swap ? b : a, swap ? a : b);
            goto done;
        }
        if (e->n == 1 && e->a == cca.not_) {
            cg_cond(g, e->k[0], !neg, ljump, lerr);
            goto done;
        }
        if (e->n == 2 && (e->a == cca.and_ || e->a == cca.or_) && is_safe_test(e->k[1])) {
            ir tmp = *e;
            tmp.kind = e->a == cca.and_ ? IR_ANDALSO : IR_ORELSE;
            cg_cond(g, &tmp, neg, ljump, lerr);
            goto done;
        }
        break;
    case IR_BIF: {
        opcode op = e->n == 1 ? type_test_op(e->a) : OP_COUNT;
        if (op != OP_COUNT || (e->n == 2 && e->a == cca.is_function)) {
            code_t a = cg_val(g, e->k[0], NO_DST, lerr);
            code_t b = e->n == 2 ? cg_val(g, e->k[1], NO_DST, lerr) : 0;
            uint32_t target = neg ? cc_new_label(cs) : ljump;
            if (e->n == 2)
                test2(g, OP_is_function2, target, a, b);
            else
                test1(g, op, target, a);
            if (neg) {
                cg_op(g, OP_jump);
                cg_L(g, ljump);
                cc_bind_label(cs, target);
            }
            goto done;
        }
        break;
    }
    case IR_IS_RECORD: {
        code_t a = cg_val(g, e->k[0], NO_DST, lerr);
        uint32_t target = neg ? cc_new_label(cs) : ljump;
        cg_op(g, OP_is_tagged_tuple);
        cg_L(g, target);
        cg_S(g, a);
        cg_I(g, e->i);
        cg_T(g, e->a);
        if (neg) {
            cg_op(g, OP_jump);
            cg_L(g, ljump);
            cc_bind_label(cs, target);
        }
        goto done;
    }
    case IR_ANDALSO:
    case IR_ORELSE: {
        bool is_and = e->kind == IR_ANDALSO;
        if (is_and != neg) {
            /* and, or "not (A orelse B)": both must hold */
            cg_cond(g, e->k[0], neg, ljump, lerr);
            g->top = save;
            cg_cond(g, e->k[1], neg, ljump, lerr);
        } else {
            /* or, or "not (A andalso B)": the first decides when it holds */
            uint32_t done_l = cc_new_label(cs);
            cg_cond(g, e->k[0], !neg, done_l, lerr);
            g->top = save;
            cg_cond(g, e->k[1], neg, ljump, lerr);
            cc_bind_label(cs, done_l);
        }
        goto done;
    }
    default:
        break;
    }
    {
        code_t v = cg_val(g, e, NO_DST, lerr);
        branch_on_value(g, v, neg, ljump, lerr);
    }
done:
    g->top = save;
    g->depth--;
}

void cg_guard(gen *g, ir *gseq, uint32_t fail)
{
    cc_state *cs = g->cs;
    uint32_t ok = cc_new_label(cs);
    uint32_t save = g->top;
    for (uint32_t i = 0; i < gseq->n; i++) {
        bool last = i + 1 == gseq->n;
        uint32_t next = last ? fail : cc_new_label(cs);
        ir *conj = gseq->k[i];
        for (uint32_t j = 0; j < conj->n; j++) {
            cg_cond(g, conj->k[j], false, next, next);
            g->top = save;
        }
        if (!last) {
            cg_op(g, OP_jump);
            cg_L(g, ok);
            cc_bind_label(cs, next);
        }
    }
    cc_bind_label(cs, ok);
}
