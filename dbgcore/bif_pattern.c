/* bif_pattern.c: erlang:trace_pattern/2,3 (global, local, meta, call_count,
 * call_time, call_memory, on_load, send, 'receive') and what
 * erlang:trace_info/2 reports of patterns, with OTP 25's arguments, results
 * and badarg cases (call_memory: OTP 26's), for a session (the erlang BIFs:
 * the default one, 0). Arguments are checked whole before anything
 * changes; bp.c does the rest. */
#include "engine.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "trace.def"
#undef BIF

/* ---- trace_pattern ------------------------------------------------------------ */

/* Reads {M, F, A} with OTP's wildcard rule ('_' only at the end); an
 * arity out of 0..255 matches nothing (256). */
static bool read_mfa(term_t mfa, term_t *m, term_t *f, int *a)
{
    if (!term_is_tuple(mfa) || tuple_arity(mfa) != 3)
        return false;
    *m = tuple_get(mfa, 0), *f = tuple_get(mfa, 1);
    term_t ta = tuple_get(mfa, 2);
    if (!term_is_atom(*m) || !term_is_atom(*f))
        return false;
    if (ta == EA.underscore)
        *a = -1;
    else if (term_is_small(ta))
        *a = small_value(ta) < 0 || small_value(ta) > 255 ? 256 : (int)small_value(ta);
    else
        return false;
    if (*m == EA.underscore && (*f != EA.underscore || *a != -1))
        return false;
    if (*f == EA.underscore && *a != -1)
        return false;
    return true;
}

/* OTP's erlang:trace_pattern/3 first calls Module:enabled(trace_status,
 * self(), State) for the flag list's first {meta, ...} when it is {meta,
 * Module, State} and Module is not loaded: undef, with that call on top of
 * the stack trace. THE_NON_VALUE (raised) then, else NIL. */
static term_t check_meta_module(process *p, term_t flags)
{
    for (; term_is_list(flags); flags = list_tail(flags)) {
        term_t x = list_head(flags);
        if (!term_is_tuple(x) || tuple_arity(x) < 1 || tuple_get(x, 0) != EA.meta)
            continue;
        if (tuple_arity(x) != 3 || !term_is_atom(tuple_get(x, 1)))
            return NIL;
        term_t tracer;
        term_t flag = term_tuple3(&p->heap, EA.tracer, tuple_get(x, 1), tuple_get(x, 2));
        if (tracer_read(flag, &tracer) != TRACER_UNDEF)
            return NIL;
        static _Atomic term_t a_trace_pattern;
        return tracer_raise_undef(p, tuple_get(x, 1), tuple_get(x, 2), atom_cached(&a_trace_pattern, "trace_pattern"),
                                  3);
    }
    return NIL;
}

/* Reads trace_pattern's flag list as OTP does: global alone, or any of
 * local, meta ({meta, Pid | Port} and {meta, Module, State} in the default
 * session; `meta` alone means the caller there, the session's tracer in
 * another), call_count, call_time, call_memory. *kinds is 0 for global.
 * TRACER_BAD: badarg; TRACER_LIMIT: system_limit. */
static tracer_read_result read_pattern_flags(process *p, uint32_t session, term_t flags, uint32_t *kinds,
                                             term_t *meta_tracer)
{
    bool global = false;
    *kinds = 0;
    *meta_tracer = NIL;
    for (; term_is_list(flags); flags = list_tail(flags)) {
        term_t x = list_head(flags);
        if (term_is_tuple(x)) {
            /* {meta, Pid | Port} or {meta, Module, State}, read as a tracer */
            unsigned n = tuple_arity(x);
            if (session != 0 || (n != 2 && n != 3) || tuple_get(x, 0) != EA.meta)
                return TRACER_BAD;
            term_t flag = n == 2 ? term_tuple2(&p->heap, EA.tracer, tuple_get(x, 1))
                                 : term_tuple3(&p->heap, EA.tracer, tuple_get(x, 1), tuple_get(x, 2));
            tracer_read_result r = tracer_read(flag, meta_tracer);
            if (r != TRACER_OK)
                return r == TRACER_UNDEF ? TRACER_BAD : r;
            *kinds |= BPK_META;
            continue;
        }
        uint32_t k = x == EA.local         ? BPK_LOCAL
                     : x == EA.meta        ? BPK_META
                     : x == EA.call_count  ? BPK_COUNT
                     : x == EA.call_time   ? BPK_TIME
                     : x == EA.call_memory ? BPK_MEMORY
                                           : 0;
        if (x == EA.global) {
            if (*kinds)
                return TRACER_BAD;
            global = true;
        } else if (!k || global) {
            return TRACER_BAD;
        }
        *kinds |= k;
        if (k == BPK_META && *meta_tracer == NIL) {
            session_info info;
            if (session == 0)
                *meta_tracer = p->pid;
            else if (session_get(session, &info))
                *meta_tracer = info.tracer;
            else
                return TRACER_BAD;
        }
    }
    return flags == NIL ? TRACER_OK : TRACER_BAD;
}

/* trace_pattern(send | 'receive', Spec, []): the session's message
 * pattern; always 1. */
static term_t message_pattern(process *p, uint32_t session, bool recv, term_t spec, term_t flags)
{
    if (flags != NIL)
        return BIF_BADARG(p);
    ms_prog *prog = NULL;
    bool none = spec == ATOM_false;
    if (spec != ATOM_true && spec != NIL && !none) {
        if (!term_is_list(spec))
            return BIF_BADARG(p);
        term_t reason = ATOM_badarg;
        prog = ms_compile(spec, recv ? MS_RECEIVE : MS_SEND, NULL, NULL, &reason);
        if (!prog)
            return BIF_ERROR(p, reason);
    }
    tev_set_msg_pattern(session, recv, prog, none);
    return term_small(1);
}

term_t bif_pattern_set(process *p, uint32_t session, term_t mfa, term_t spec, term_t flags)
{
    if (session == 0 && check_meta_module(p, flags) == THE_NON_VALUE)
        return THE_NON_VALUE;
    if (mfa == EA.send || mfa == EA.receive)
        return message_pattern(p, session, mfa == EA.receive, spec, flags);
    uint32_t kinds;
    term_t meta_tracer;
    switch (read_pattern_flags(p, session, flags, &kinds, &meta_tracer)) {
    case TRACER_OK:
        break;
    case TRACER_LIMIT:
        return BIF_ERROR(p, ATOM_system_limit);
    default:
        return BIF_BADARG(p);
    }
    bp_op op = spec == ATOM_false   ? BP_OFF
               : spec == EA.restart ? BP_RESTART
               : spec == EA.pause   ? BP_PAUSE
                                    : BP_ON;
    bool plain = spec == ATOM_true || spec == NIL || op != BP_ON;
    if (!plain && !term_is_list(spec))
        return BIF_BADARG(p);
    /* a match spec only for call or meta trace */
    if (!plain && !(kinds & (BPK_LOCAL | BPK_META)) && (kinds & (BPK_COUNT | BPK_TIME | BPK_MEMORY)))
        return BIF_BADARG(p);
    term_t m = NIL, f = NIL;
    int a = -1;
    bool on_load = mfa == EA.on_load;
    if (!on_load && !read_mfa(mfa, &m, &f, &a))
        return BIF_BADARG(p);
    if (!on_load && !p->bif_retry) {
        /* as OTP's: the other processes run before the change happens */
        p->bif_retry = true;
        return bif_trap(p, NIL, TRAP_RETRY);
    }
    p->bif_retry = false;
    bp_request rq = {kinds ? kinds : BPK_GLOBAL, op, NULL, meta_tracer};
    if (!plain) {
        term_t reason = ATOM_badarg;
        rq.prog = ms_compile(spec, MS_CALL, NULL, NULL, &reason);
        if (!rq.prog)
            return BIF_ERROR(p, reason);
    }
    if (on_load) {
        /* it may wait for the code modification permission */
        sched_park(p);
        bp_set_on_load(session, &rq);
        sched_unpark(p);
        return term_small(0);
    }
    return term_small(bp_set_request(p, session, m, f, a, &rq));
}

term_t bif_trace_trace_pattern_2(process *p, const term_t *args)
{
    return bif_pattern_set(p, 0, args[0], args[1], NIL);
}
term_t bif_trace_trace_pattern_3(process *p, const term_t *args)
{
    return bif_pattern_set(p, 0, args[0], args[1], args[2]);
}

/* ---- trace_info ------------------------------------------------------------------ */

term_t bif_pattern_info(process *p, uint32_t session, term_t what, term_t item)
{
    heap_t *h = &p->heap;
    term_t v = THE_NON_VALUE;
    if (term_is_tuple(what) && tuple_arity(what) == 3) {
        term_t m = tuple_get(what, 0), f = tuple_get(what, 1), a = tuple_get(what, 2);
        if (!term_is_atom(m) || !term_is_atom(f) || !term_is_small(a))
            return BIF_BADARG(p);
        v = bp_function_item(session, m, f, small_value(a), item, h);
    } else if (what == EA.on_load) {
        v = bp_on_load_item(session, item, h);
    } else if ((what == EA.send || what == EA.receive) && item == EA.match_spec) {
        v = tev_msg_pattern_info(session, what == EA.receive, h);
    }
    if (v == THE_NON_VALUE)
        return BIF_BADARG(p);
    return term_tuple2(h, item, v);
}

/* dbgsh_trace:tail_recursive({M, F, A}) -> boolean(): whether the loaded
 * function calls itself in tail position (vm_tail_recursive), so that
 * return tracing on it keeps a frame per call. */
term_t bif_trace_tail_recursive_1(process *p, const term_t *args)
{
    term_t mfa = args[0];
    if (!term_is_tuple(mfa) || tuple_arity(mfa) != 3 || !term_is_atom(tuple_get(mfa, 0)) ||
        !term_is_atom(tuple_get(mfa, 1)) || !term_is_small(tuple_get(mfa, 2)) || small_value(tuple_get(mfa, 2)) < 0 ||
        small_value(tuple_get(mfa, 2)) > 255)
        return BIF_BADARG(p);
    return vm_tail_recursive(tuple_get(mfa, 0), tuple_get(mfa, 1), (unsigned)small_value(tuple_get(mfa, 2)))
               ? ATOM_true
               : ATOM_false;
}
