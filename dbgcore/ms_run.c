/* ms_run.c: the match program runner (OTP's "PAM"): matches a clause's
 * head against a call's arguments or a term, evaluates its guards and
 * body on an evaluation stack, and reports the result and the actions.
 * Runs on the traced process's thread for every traced call: one switch
 * loop with its registers in locals, guard functions inline for the usual
 * cases (small integers, atoms), the VM's BIFs for the rest. */
#include "ms_priv.h"

#include <string.h>


/* A VM BIF called on arguments of the evaluation stack, building on the
 * run's heap: BIFs build on p->heap and report errors through p, so they
 * get a process of their own whose heap is the run's heap for the call.
 * THE_NON_VALUE when the BIF raised. */
static __attribute__((noinline)) term_t call_bif(heap_t *h, bif_fn fn, const term_t *args)
{
    process p;
    memset(&p, 0, sizeof p);
    p.heap = *h;
    term_t r = fn(&p, args);
    *h = p.heap;
    return r;
}

static inline term_t make_bool(bool b) { return b ? ATOM_true : ATOM_false; }

/* Arguments of an n-ary op as a BIF wants them, the first at [0]: the
 * evaluation stack holds them the first on top. */
static inline void bif_args(const term_t *top, unsigned n, term_t *out)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = top[-1 - (int)i];
}

/* Arity of each guard op on the stack (how many it pops). */
static const uint8_t guard_arity[MS_OP_COUNT] = {
#define X(name, nops, meaning)
#define G(op, name, arity) [MS_OP_##op] = arity,
    MS_OPS
#undef X
#undef G
};

/* The guard ops: the result, or THE_NON_VALUE when the function fails.
 * `top` points just above the op's arguments (the first at top[-1]). */
static term_t guard_op(heap_t *h, uint32_t op, const term_t *top)
{
    if (op == MS_OP_NODE0)
        return call_bif(h, ms_guard_bifs[op], NULL);
    term_t a = top[-1];
    switch (op) {
    case MS_OP_IS_ATOM:
        return make_bool(term_is_atom(a));
    case MS_OP_IS_FLOAT:
        return make_bool(term_is_float(a));
    case MS_OP_IS_INTEGER:
        return make_bool(term_is_integer(a));
    case MS_OP_IS_LIST:
        return make_bool(term_is_cons_or_nil(a));
    case MS_OP_IS_NUMBER:
        return make_bool(term_is_number(a));
    case MS_OP_IS_PID:
        return make_bool(term_is_pid(a));
    case MS_OP_IS_PORT:
        return make_bool(term_is_port(a));
    case MS_OP_IS_REFERENCE:
        return make_bool(term_is_ref(a));
    case MS_OP_IS_TUPLE:
        return make_bool(term_is_tuple(a));
    case MS_OP_IS_MAP:
        return make_bool(term_is_map(a));
    case MS_OP_IS_BINARY: {
        if (!term_is_bitstring(a))
            return ATOM_false;
        bin_view v;
        bin_view_of(a, &v);
        return make_bool(v.bitsize == 0);
    }
    case MS_OP_IS_FUNCTION:
        return make_bool(term_is_any_fun(a));
    case MS_OP_HD:
        return term_is_list(a) ? list_head(a) : THE_NON_VALUE;
    case MS_OP_TL:
        return term_is_list(a) ? list_tail(a) : THE_NON_VALUE;
    case MS_OP_ELEMENT: {
        term_t t = top[-2];
        if (term_is_small(a) && term_is_tuple(t)) {
            int64_t i = small_value(a);
            if (i >= 1 && (uint64_t)i <= tuple_arity(t))
                return tuple_elems(t)[i - 1];
        }
        return THE_NON_VALUE;
    }
    case MS_OP_MAP_GET: {
        term_t m = top[-2], v;
        if (term_is_map(m) && map_get(m, a, &v))
            return v;
        return THE_NON_VALUE;
    }
    case MS_OP_IS_MAP_KEY: {
        term_t m = top[-2], v;
        if (!term_is_map(m))
            return THE_NON_VALUE;
        return make_bool(map_get(m, a, &v));
    }
    case MS_OP_MAP_SIZE:
        if (!term_is_map(a))
            return THE_NON_VALUE;
        return term_int64(h, (int64_t)map_size(a));
    case MS_OP_NOT:
        if (a == ATOM_true)
            return ATOM_false;
        return a == ATOM_false ? ATOM_true : THE_NON_VALUE;
    case MS_OP_XOR: {
        term_t b = top[-2];
        if ((a != ATOM_true && a != ATOM_false) || (b != ATOM_true && b != ATOM_false))
            return THE_NON_VALUE;
        return make_bool(a != b);
    }
    case MS_OP_GT:
        return make_bool(term_cmp(a, top[-2]) > 0);
    case MS_OP_GE:
        return make_bool(term_cmp(a, top[-2]) >= 0);
    case MS_OP_LT:
        return make_bool(term_cmp(a, top[-2]) < 0);
    case MS_OP_LE:
        return make_bool(term_cmp(a, top[-2]) <= 0);
    case MS_OP_EXACT_EQ:
        return make_bool(a == top[-2] || term_eq_exact(a, top[-2]));
    case MS_OP_EXACT_NE:
        return make_bool(!(a == top[-2] || term_eq_exact(a, top[-2])));
    case MS_OP_EQ_EQ:
        return make_bool(a == top[-2] || term_eq(a, top[-2]));
    case MS_OP_NE:
        return make_bool(!(a == top[-2] || term_eq(a, top[-2])));
    case MS_OP_PLUS:
    case MS_OP_MINUS: {
        term_t b = top[-2];
        if (term_is_small(a) && term_is_small(b)) {
            int64_t r = op == MS_OP_PLUS ? small_value(a) + small_value(b) : small_value(a) - small_value(b);
            return term_int64(h, r); /* two 60-bit values: no int64 overflow */
        }
        break;
    }
    default:
        break;
    }
    /* everything else, and the slow cases above: the VM's BIF */
    bif_fn fn = ms_guard_bifs[op];
    ASSERT(fn);
    unsigned arity = guard_arity[op];
    term_t args[3];
    bif_args(top, arity, args);
    return call_bif(h, fn, args);
}

/* TEST's operand: a variable or a literal (ms_priv.h). */
static inline term_t operand(const term_t *vars, const term_t *lits, uint32_t x)
{
    return (x & 1) ? vars[x >> 1] : lits[x >> 1];
}

/* TEST's comparison: whether `a cmp b` holds, small integers inline. */
static inline bool test_holds(uint32_t cmp, term_t a, term_t b)
{
    if (term_is_small(a) && term_is_small(b)) { /* the words order as the values */
        int64_t x = (int64_t)a, y = (int64_t)b;
        switch (cmp) {
        case MS_OP_LT:
            return x < y;
        case MS_OP_LE:
            return x <= y;
        case MS_OP_GT:
            return x > y;
        case MS_OP_GE:
            return x >= y;
        case MS_OP_EXACT_EQ:
        case MS_OP_EQ_EQ:
            return x == y;
        default: /* =/= and /= */
            return x != y;
        }
    }
    const term_t top[2] = {b, a};
    return guard_op(NULL, cmp, top + 2) == ATOM_true; /* comparisons build nothing */
}

/* ---- actions through the hooks ------------------------------------------------------- */

static term_t list_of(heap_t *h, const term_t *v, unsigned n) { return term_list_from(h, v, n, NIL); }

/* A value for {set_tcw, N}: N a non-negative integer below 2^32. */
static bool get_tcw_arg(term_t t, uint32_t *out)
{
    int64_t v;
    if (!term_is_integer(t) || !int_to_int64(t, &v) || v < 0 || v > UINT32_MAX)
        return false;
    *out = (uint32_t)v;
    return true;
}

static const ms_hooks *hooks_of(const ms_ctx *ctx) { return ctx->hooks ? ctx->hooks : &ms_test_hooks; }

/* {caller} / {caller_line} worked out by the hooks, undefined without. */
static term_t caller_of(ms_ctx *ctx, bool line)
{
    const ms_hooks *h = hooks_of(ctx);
    return h->caller ? h->caller(ctx, line) : ATOM_undefined;
}

/* ---- the loop -------------------------------------------------------------------------- */

/* Direct threading: each op ends by jumping to the next op's label. */
#define CASE(name) L_##name:
#define NEXT() goto *labels[op = *pc++]

/* Runs `prog` on the arguments (trace) or on *obj (table). */
static bool run(const ms_prog *prog, ms_ctx *ctx, const term_t *args, unsigned nargs, const term_t *obj,
                ms_result *out)
{
    term_t local[MS_LOCAL_WORDS];
    const term_t *mlocal[MS_LOCAL_WORDS / 4];
    term_t *vars = local;
    const term_t **mstack = mlocal;
    if (__builtin_expect(prog->big, 0)) {
        vars = alloc_new(ALLOC_TEMP, prog->nwords * sizeof *vars);
        mstack = alloc_new(ALLOC_TEMP, (prog->mdepth + 1) * sizeof *mstack);
    }
    term_t *slots = vars + prog->nvars;
    term_t *stack = slots + prog->nslots;

    const uint32_t *code = prog->code;
    const term_t *lits = prog->lits;
    heap_t *h = ctx->heap;
    ASSERT(h || !prog->builds);
    const uint32_t *pc = code;
    const uint32_t *fail_pc;
    const term_t *ep;
    const term_t **msp;
    term_t *sp;
    term_t ret, t;
    unsigned flags;
    bool catching, matched = false;
    uint32_t op;
    static const void *const labels[MS_OP_COUNT] = {
#define X(name, nops, meaning) [MS_OP_##name] = &&L_##name,
#define G(gop, name, arity) [MS_OP_##gop] = &&L_guard,
        MS_OPS
#undef X
#undef G
    };

restart:
    fail_pc = NULL;
    ep = obj;
    msp = mstack;
    sp = stack;
    ret = ATOM_true;
    flags = 0;
    catching = false;

    NEXT();
    CASE(TRY)
    {
        fail_pc = code + *pc++;
        NEXT();
    }
    CASE(HALT)
    {
        matched = true;
        goto done;
    }
    CASE(ANY)
    {
        pc++;
        NEXT();
    }
    CASE(ARRAY)
    {
        if (nargs != *pc++)
            goto fail;
        ep = args;
        NEXT();
    }
    CASE(ARRAY_BIND)
    {
        vars[*pc++] = list_of(h, args, nargs);
        NEXT();
    }
    CASE(TUPLE)
    {
        if (!term_is_tuple(*ep) || tuple_arity(*ep) != *pc++)
            goto fail;
        ep = tuple_elems(*ep);
        NEXT();
    }
    CASE(PUSH_TUPLE)
    {
        if (!term_is_tuple(*ep) || tuple_arity(*ep) != *pc++)
            goto fail;
        *msp++ = ep + 1;
        ep = tuple_elems(*ep);
        NEXT();
    }
    CASE(LIST)
    {
        if (!term_is_list(*ep))
            goto fail;
        ep = list_ptr(*ep);
        NEXT();
    }
    CASE(PUSH_LIST)
    {
        if (!term_is_list(*ep))
            goto fail;
        *msp++ = ep + 1;
        ep = list_ptr(*ep);
        NEXT();
    }
    CASE(PUSH_MAP)
    {
        *msp++ = ep + 1;
        /* fall through */
    }
    CASE(MAP)
    {
        if (!term_is_map(*ep) || map_size(*ep) < pc[0])
            goto fail;
        slots[pc[1]] = *ep;
        pc += 2;
        NEXT();
    }
    CASE(KEY)
    {
        if (!map_get(slots[pc[1]], lits[pc[0]], &slots[pc[2]]))
            goto fail;
        ep = &slots[pc[2]];
        pc += 3;
        NEXT();
    }
    CASE(POP)
    {
        ep = *--msp;
        NEXT();
    }
    CASE(BIND)
    {
        vars[*pc++] = *ep++;
        NEXT();
    }
    CASE(CMP)
    {
        t = vars[*pc++];
        if (t != *ep && !term_eq_exact(t, *ep))
            goto fail;
        ep++;
        NEXT();
    }
    CASE(EQ)
    {
        if (*ep++ != lits[*pc++])
            goto fail;
        NEXT();
    }
    CASE(EQ_TERM)
    {
        t = lits[*pc++];
        if (term_is_float(t)) { /* bit for bit: 0.0 is not -0.0 in a head */
            if (!term_is_float(*ep) || memcmp(boxed_ptr(t) + 1, boxed_ptr(*ep) + 1, sizeof(double)))
                goto fail;
        } else if (!term_eq_exact(t, *ep)) {
            goto fail;
        }
        ep++;
        NEXT();
    }
    CASE(SKIP)
    {
        ep++;
        NEXT();
    }

    CASE(CATCH)
    {
        catching = true;
        NEXT();
    }
    CASE(PUSHC)
    {
        *sp++ = lits[*pc++];
        NEXT();
    }
    CASE(PUSHV)
    {
        *sp++ = vars[*pc++];
        NEXT();
    }
    CASE(PUSH_ARGS)
    {
        *sp++ = list_of(h, args, nargs);
        NEXT();
    }
    CASE(PUSH_OBJ)
    {
        *sp++ = *obj;
        NEXT();
    }
    CASE(PUSH_ALL)
    {
        uint32_t n = *pc++;
        term_t l = NIL;
        for (uint32_t i = n; i-- > 0;)
            l = term_cons(h, vars[pc[i]], l);
        pc += n;
        *sp++ = l;
        NEXT();
    }
    CASE(CONS_A)
    {
        sp--;
        sp[-1] = term_cons(h, sp[-1], sp[0]);
        NEXT();
    }
    CASE(CONS_B)
    {
        sp--;
        sp[-1] = term_cons(h, sp[0], sp[-1]);
        NEXT();
    }
    CASE(MKTUPLE)
    {
        uint32_t n = *pc++;
        term_t tup = term_tuple(h, n, NULL);
        for (uint32_t i = 0; i < n; i++)
            tuple_elems(tup)[i] = *--sp;
        *sp++ = tup;
        NEXT();
    }
    CASE(MKMAP)
    {
        uint32_t n = *pc++;
        term_t keys = *--sp;
        term_t vals[MS_LOCAL_WORDS];
        term_t *v = n <= MS_LOCAL_WORDS ? vals : alloc_new(ALLOC_TEMP, n * sizeof *v);
        for (uint32_t i = 0; i < n; i++)
            v[i] = *--sp;
        *sp++ = map_from_pairs(h, tuple_elems(keys), v, n);
        if (v != vals)
            alloc_free(ALLOC_TEMP, v, n * sizeof *v);
        NEXT();
    }
    CASE(TRUE)
    {
        if (*--sp != ATOM_true)
            goto fail;
        NEXT();
    }
    CASE(TEST)
    {
        if (!test_holds(pc[0], operand(vars, lits, pc[1]), operand(vars, lits, pc[2])))
            goto fail;
        pc += 3;
        NEXT();
    }
    CASE(WASTE)
    {
        sp--;
        NEXT();
    }
    CASE(RETURN)
    {
        ret = *--sp;
        NEXT();
    }
    CASE(AND)
    CASE(OR)
    {
        uint32_t n = *pc++;
        bool is_and = op == MS_OP_AND;
        term_t r = is_and ? ATOM_true : ATOM_false;
        for (uint32_t i = 0; i < n; i++) {
            t = *--sp;
            if (t == (is_and ? ATOM_false : ATOM_true)) {
                r = t;
            } else if (t != (is_and ? ATOM_true : ATOM_false)) {
                sp -= n - 1 - i;
                if (!catching)
                    goto fail;
                r = MS_FAIL_TERM;
                break;
            }
        }
        *sp++ = r;
        NEXT();
    }
    CASE(ANDALSO)
    CASE(ORELSE)
    {
        uint32_t off = *pc++;
        t = *--sp;
        term_t stop = op == MS_OP_ANDALSO ? ATOM_false : ATOM_true;
        term_t go = op == MS_OP_ANDALSO ? ATOM_true : ATOM_false;
        if (t == stop) {
            sp++;
            pc += off;
        } else if (t != go) {
            if (!catching)
                goto fail;
            *sp++ = MS_FAIL_TERM;
            pc += off;
        }
        NEXT();
    }
    CASE(JUMP)
    {
        uint32_t off = *pc++;
        pc += off;
        NEXT();
    }

    CASE(SELF)
    {
        *sp++ = ctx->self;
        NEXT();
    }
    CASE(CALLER)
    {
        *sp++ = ctx->caller != THE_NON_VALUE ? ctx->caller : caller_of(ctx, false);
        NEXT();
    }
    CASE(CALLER_LINE)
    {
        *sp++ = ctx->caller_line != THE_NON_VALUE ? ctx->caller_line : caller_of(ctx, true);
        NEXT();
    }
    CASE(RETURN_TRACE)
    {
        flags |= MS_RETURN_TRACE;
        *sp++ = ATOM_true;
        NEXT();
    }
    CASE(EXCEPTION_TRACE)
    {
        flags |= MS_EXCEPTION_TRACE;
        *sp++ = ATOM_true;
        NEXT();
    }
    CASE(SILENT)
    {
        t = *--sp;
        if (t == ATOM_true)
            flags = (flags & ~(unsigned)MS_SILENT_OFF) | MS_SILENT_ON;
        else if (t == ATOM_false)
            flags = (flags & ~(unsigned)MS_SILENT_ON) | MS_SILENT_OFF;
        NEXT();
    }
    CASE(DISPLAY)
    {
        const ms_hooks *hk = hooks_of(ctx);
        (hk->display ? hk->display : ms_test_hooks.display)(ctx, sp[-1]);
        sp[-1] = ATOM_true;
        NEXT();
    }
    CASE(PROCESS_DUMP)
    {
        const ms_hooks *hk = hooks_of(ctx);
        t = (hk->process_dump ? hk->process_dump : ms_test_hooks.process_dump)(ctx);
        *sp++ = t == THE_NON_VALUE ? MS_FAIL_TERM : t;
        NEXT();
    }
    CASE(IS_SEQ_TRACE)
    {
        const ms_hooks *hk = hooks_of(ctx);
        *sp++ = make_bool(hk->is_seq_trace && hk->is_seq_trace(ctx));
        NEXT();
    }
    CASE(GET_SEQ_TOKEN)
    {
        const ms_hooks *hk = hooks_of(ctx);
        t = (hk->get_seq_token ? hk->get_seq_token : ms_test_hooks.get_seq_token)(ctx);
        *sp++ = t == THE_NON_VALUE ? MS_FAIL_TERM : t;
        NEXT();
    }
    CASE(SET_SEQ_TOKEN)
    {
        const ms_hooks *hk = hooks_of(ctx);
        t = (hk->set_seq_token ? hk->set_seq_token : ms_test_hooks.set_seq_token)(ctx, sp[-1], sp[-2]);
        sp--;
        sp[-1] = t == THE_NON_VALUE ? MS_FAIL_TERM : t;
        NEXT();
    }
    CASE(ENABLE_TRACE)
    CASE(DISABLE_TRACE)
    {
        const ms_hooks *hk = hooks_of(ctx);
        t = (hk->enable_trace ? hk->enable_trace : ms_test_hooks.enable_trace)(ctx, THE_NON_VALUE, sp[-1],
                                                                               op == MS_OP_ENABLE_TRACE);
        sp[-1] = t == THE_NON_VALUE ? MS_FAIL_TERM : t;
        NEXT();
    }
    CASE(ENABLE_TRACE2)
    CASE(DISABLE_TRACE2)
    {
        const ms_hooks *hk = hooks_of(ctx);
        t = (hk->enable_trace ? hk->enable_trace : ms_test_hooks.enable_trace)(ctx, sp[-1], sp[-2],
                                                                               op == MS_OP_ENABLE_TRACE2);
        sp--;
        sp[-1] = t == THE_NON_VALUE ? MS_FAIL_TERM : t;
        NEXT();
    }
    CASE(TRACE2)
    CASE(TRACE3)
    {
        const ms_hooks *hk = hooks_of(ctx);
        term_t target = THE_NON_VALUE;
        if (op == MS_OP_TRACE3)
            target = *--sp;
        t = (hk->trace ? hk->trace : ms_test_hooks.trace)(ctx, target, sp[-1], sp[-2]);
        sp--;
        sp[-1] = t == THE_NON_VALUE ? MS_FAIL_TERM : t;
        NEXT();
    }
    CASE(GET_TCW)
    {
        const ms_hooks *hk = hooks_of(ctx);
        *sp++ = (hk->get_tcw ? hk->get_tcw : ms_test_hooks.get_tcw)(ctx);
        NEXT();
    }
    CASE(SET_TCW)
    {
        const ms_hooks *hk = hooks_of(ctx);
        uint32_t v;
        if (!get_tcw_arg(sp[-1], &v))
            t = THE_NON_VALUE;
        else
            t = (hk->set_tcw ? hk->set_tcw : ms_test_hooks.set_tcw)(ctx, v);
        if (t == THE_NON_VALUE) {
            if (!catching)
                goto fail;
            t = MS_FAIL_TERM;
        }
        sp[-1] = t;
        NEXT();
    }

    CASE(guard) /* a guard function */
    {
        unsigned n = guard_arity[op];
        t = guard_op(h, op, sp);
        if (t == THE_NON_VALUE) {
            if (!catching)
                goto fail;
            t = MS_FAIL_TERM;
        }
        sp -= n;
        *sp++ = t;
        NEXT();
    }

fail:
    if (fail_pc) {
        pc = fail_pc;
        goto restart;
    }
done:
    if (matched) {
        out->message = ret;
        out->flags = flags;
    }
    if (prog->big) {
        alloc_free(ALLOC_TEMP, vars, prog->nwords * sizeof *vars);
        alloc_free(ALLOC_TEMP, mstack, (prog->mdepth + 1) * sizeof *mstack);
    }
    return matched;
}

#undef CASE
#undef NEXT

bool ms_run_trace(const ms_prog *prog, ms_ctx *ctx, const term_t *args, unsigned nargs, ms_result *out)
{
    ASSERT(prog->kind != MS_TABLE);
    return run(prog, ctx, args, nargs, NULL, out);
}

bool ms_run_table(const ms_prog *prog, ms_ctx *ctx, term_t obj, ms_result *out)
{
    ASSERT(prog->kind == MS_TABLE);
    return run(prog, ctx, NULL, 0, &obj, out);
}
