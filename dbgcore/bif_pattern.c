/* bif_pattern.c: erlang:trace_pattern/2,3 and what erlang:trace_info/2
 * reports of patterns (functions, send, 'receive', on_load), with OTP
 * 25's arguments, results and badarg cases, on the default session (0).
 * Arguments are checked whole before anything changes. */
#include "engine.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "trace.def"
#undef BIF

/* ---- trace_pattern ------------------------------------------------------------ */

/* Reads {M, F, A} with OTP's wildcard rule ('_' only at the end). */
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
    else if (term_is_small(ta) && small_value(ta) >= 0)
        *a = small_value(ta) > 255 ? 256 : (int)small_value(ta); /* matches nothing */
    else
        return false;
    if (*m == EA.underscore && (*f != EA.underscore || *a >= 0))
        return false;
    if (*f == EA.underscore && *a >= 0)
        return false;
    return true;
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
    if (mfa == EA.send || mfa == EA.receive)
        return message_pattern(p, session, mfa == EA.receive, spec, flags);
    term_t m, f;
    int a;
    if (!read_mfa(mfa, &m, &f, &a))
        return BIF_BADARG(p);
    uint32_t kind = 0;
    for (; term_is_list(flags); flags = list_tail(flags)) {
        term_t x = list_head(flags);
        if (x == EA.global)
            kind |= BPK_GLOBAL;
        else if (x == EA.local)
            kind |= BPK_LOCAL;
        else
            return BIF_BADARG(p);
    }
    if (flags != NIL || kind == (BPK_GLOBAL | BPK_LOCAL))
        return BIF_BADARG(p);
    if (!kind)
        kind = BPK_GLOBAL;
    /* restart and pause act on counters; for call trace they are true */
    bool enable = spec != ATOM_false;
    bool plain = spec == ATOM_true || spec == NIL || spec == EA.restart || spec == EA.pause || !enable;
    if (!plain && !term_is_list(spec))
        return BIF_BADARG(p);
    if (!p->bif_retry) {
        /* as OTP's: the other processes run before the change happens */
        p->bif_retry = true;
        return bif_trap(p, NIL, TRAP_RETRY);
    }
    p->bif_retry = false;
    ms_prog *prog = NULL;
    if (!plain) {
        term_t reason = ATOM_badarg;
        prog = ms_compile(spec, MS_CALL, NULL, NULL, &reason);
        if (!prog)
            return BIF_ERROR(p, reason);
    }
    int n = bp_set(p, session, m, f, a, kind, enable, prog);
    return term_small(n);
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
    if (term_is_tuple(what) && tuple_arity(what) == 3) {
        term_t m = tuple_get(what, 0), f = tuple_get(what, 1), a = tuple_get(what, 2);
        if (!term_is_atom(m) || !term_is_atom(f) || !term_is_small(a) || small_value(a) < 0 || small_value(a) > 255)
            return BIF_BADARG(p);
        bp_info bi;
        bp_get_info(session, m, f, (unsigned)small_value(a), h, &bi);
        if (item == EA.traced)
            return term_tuple2(h, item, bi.traced);
        if (item == EA.match_spec)
            return term_tuple2(h, item, bi.match_spec);
        if (item == EA.meta || item == EA.meta_match_spec || item == EA.call_time || item == EA.call_count)
            return term_tuple2(h, item, bi.traced == ATOM_undefined ? ATOM_undefined : ATOM_false);
        if (item == ATOM_all) {
            if (bi.traced == ATOM_undefined)
                return term_tuple2(h, item, ATOM_undefined);
            if (bi.traced == ATOM_false)
                return term_tuple2(h, item, ATOM_false);
            term_t items[6] = {term_tuple2(h, EA.traced, bi.traced), term_tuple2(h, EA.match_spec, bi.match_spec),
                               term_tuple2(h, EA.meta, ATOM_false), term_tuple2(h, EA.meta_match_spec, ATOM_false),
                               term_tuple2(h, EA.call_time, ATOM_false), term_tuple2(h, EA.call_count, ATOM_false)};
            return term_tuple2(h, item, term_list_from(h, items, 6, NIL));
        }
        return BIF_BADARG(p);
    }
    if (what == EA.send || what == EA.receive) {
        if (item != EA.match_spec)
            return BIF_BADARG(p);
        return term_tuple2(h, item, tev_msg_pattern_info(session, what == EA.receive, h));
    }
    return BIF_BADARG(p);
}
