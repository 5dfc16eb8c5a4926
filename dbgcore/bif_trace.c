/* bif_trace.c: erlang:trace/3, erlang:trace_pattern/2,3,
 * erlang:trace_info/2 and erlang:trace_delivered/1 with OTP 25's arguments,
 * results and badarg cases, acting on the default session (0). Arguments
 * are checked whole before anything changes. */
#include "engine.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "trace.def"
#undef BIF

/* Reads erlang:trace/3's flag list: the flags and the tracer (THE_NON_VALUE
 * when none is given); false on a bad list. */
static bool read_flags(term_t list, uint32_t *flags, term_t *tracer)
{
    *flags = 0;
    *tracer = THE_NON_VALUE;
    for (; term_is_list(list); list = list_tail(list)) {
        term_t f = list_head(list);
        if (term_is_tuple(f) && tuple_arity(f) == 2 && tuple_get(f, 0) == EA.tracer) {
            term_t t = tuple_get(f, 1);
            if (!term_is_local_pid(t))
                return false;
            *tracer = t;
            continue;
        }
        uint32_t bit;
        if (!session_flag_of(f, &bit))
            return false;
        *flags |= bit;
    }
    return list == NIL;
}

/* Applies the change to q's default-session entry; false when q is traced
 * by another tracer (OTP's badarg; skipped for all/existing). q is owned
 * by the caller. */
static bool change_process(process *q, bool on, uint32_t flags, term_t tracer, bool tracer_given)
{
    ptrace_entry *pe = session_entry(q, 0);
    if (pe && term_is_pid(pe->tracer) && !proc_lookup(pe->tracer)) {
        /* its tracer is gone: as if untraced (OTP clears it on sight) */
        session_set(q, 0, 0, NIL);
        pe = NULL;
    }
    if (pe && tracer_given && pe->tracer != tracer)
        return false;
    uint32_t old = pe ? pe->flags : 0;
    uint32_t now = on ? old | flags : old & ~flags;
    session_set(q, 0, now, pe ? pe->tracer : tracer);
    return true;
}

/* Claims and changes the process `pid` for caller p; -1 bad (dead, or
 * traced by another tracer), else 1. */
static int change_pid(process *p, term_t pid, bool on, uint32_t flags, term_t tracer, bool tracer_given)
{
    if (pid == p->pid)
        return change_process(p, on, flags, tracer, tracer_given) ? 1 : -1;
    process *q = proc_lookup(pid);
    if (!q || sched_claim(p, q) == SCHED_CLAIM_GONE)
        return -1;
    bool ok = change_process(q, on, flags, tracer, tracer_given);
    sched_release(q);
    return ok ? 1 : -1;
}

term_t bif_trace_trace_3(process *p, const term_t *args)
{
    term_t spec = args[0], how = args[1];
    uint32_t flags;
    term_t tracer;
    if ((how != ATOM_true && how != ATOM_false) || !read_flags(args[2], &flags, &tracer))
        return BIF_BADARG(p);
    bool on = how == ATOM_true, given = tracer != THE_NON_VALUE;
    if (!given)
        tracer = p->pid;
    /* a tracer that is gone is accepted (OTP 25): its flags go at the
     * first event */
    if (term_is_local_pid(spec)) {
        if (on && spec == tracer)
            return BIF_BADARG(p);
        return change_pid(p, spec, on, flags, tracer, given || on) < 0 ? BIF_BADARG(p) : term_small(1);
    }
    bool existing = spec == ATOM_all || spec == EA.existing || spec == EA.processes || spec == EA.existing_processes;
    bool new_ = spec == ATOM_all || spec == EA.new_ || spec == EA.processes || spec == EA.new_processes;
    bool ports_only = spec == EA.ports || spec == EA.existing_ports || spec == EA.new_ports;
    if (!existing && !new_ && !ports_only)
        return BIF_BADARG(p);
    int64_t n = 0;
    if (existing) {
        heap_t h;
        heap_init(&h, ALLOC_TEMP);
        for (term_t l = proc_all_pids(&h); l != NIL; l = list_tail(l)) {
            term_t pid = list_head(l);
            if (pid == tracer && on)
                continue;
            if (change_pid(p, pid, on, flags, tracer, given || on) > 0)
                n++;
        }
        heap_destroy(&h);
    }
    if (new_) {
        session_new cur = session_new_get(0);
        uint32_t now = on ? cur.flags | flags : cur.flags & ~flags;
        session_new_set(0, now, on ? tracer : cur.tracer);
    }
    return term_small(n);
}

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
static term_t message_pattern(process *p, bool recv, term_t spec, term_t flags)
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
    tev_set_msg_pattern(0, recv, prog, none);
    return term_small(1);
}

static term_t trace_pattern(process *p, term_t mfa, term_t spec, term_t flags)
{
    if (mfa == EA.send || mfa == EA.receive)
        return message_pattern(p, mfa == EA.receive, spec, flags);
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
    int n = bp_set(p, 0, m, f, a, kind, enable, prog);
    return term_small(n);
}

term_t bif_trace_trace_pattern_2(process *p, const term_t *args) { return trace_pattern(p, args[0], args[1], NIL); }
term_t bif_trace_trace_pattern_3(process *p, const term_t *args)
{
    return trace_pattern(p, args[0], args[1], args[2]);
}

/* ---- trace_info ------------------------------------------------------------------ */

term_t bif_trace_trace_info_2(process *p, const term_t *args)
{
    term_t what = args[0], item = args[1];
    heap_t *h = &p->heap;
    if (term_is_tuple(what) && tuple_arity(what) == 3) {
        term_t m = tuple_get(what, 0), f = tuple_get(what, 1), a = tuple_get(what, 2);
        if (!term_is_atom(m) || !term_is_atom(f) || !term_is_small(a) || small_value(a) < 0 || small_value(a) > 255)
            return BIF_BADARG(p);
        bp_info bi;
        bp_get_info(0, m, f, (unsigned)small_value(a), h, &bi);
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
        return term_tuple2(h, item, tev_msg_pattern_info(0, what == EA.receive, h));
    }
    uint32_t flags = 0;
    term_t tracer = NIL;
    if (term_is_local_pid(what)) {
        if (item != EA.flags && item != EA.tracer && item != ATOM_all)
            return BIF_BADARG(p);
        process *q = what == p->pid ? p : proc_lookup(what);
        if (!q)
            return ATOM_undefined;
        if (q != p && sched_claim(p, q) == SCHED_CLAIM_GONE)
            return ATOM_undefined;
        ptrace_entry *pe = session_entry(q, 0);
        if (pe)
            flags = pe->flags, tracer = pe->tracer;
        if (q != p)
            sched_release(q);
    } else if (what == EA.new_ || what == EA.new_processes) {
        session_new n = session_new_get(0);
        flags = n.flags, tracer = n.flags ? n.tracer : NIL;
    } else {
        return BIF_BADARG(p);
    }
    if (item == EA.flags)
        return term_tuple2(h, item, session_flags_list(h, flags));
    if (item == EA.tracer)
        return term_tuple2(h, item, tracer);
    if (item == ATOM_all) {
        if (!flags)
            return term_tuple2(h, item, ATOM_false);
        term_t l = term_list_from(h, (term_t[]){term_tuple2(h, EA.flags, session_flags_list(h, flags)),
                                                 term_tuple2(h, EA.tracer, tracer)},
                                  2, NIL);
        return term_tuple2(h, item, l);
    }
    return BIF_BADARG(p);
}

term_t bif_trace_trace_delivered_1(process *p, const term_t *args)
{
    term_t what = args[0];
    if (!term_is_local_pid(what) && what != ATOM_all)
        return BIF_BADARG(p);
    /* events are delivered as they happen: the answer comes at once */
    uint32_t ids[3];
    proc_new_ref(ids);
    term_t ref = term_ref(&p->heap, ids, 3);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    proc_deliver(p->pid, p->pid, term_tuple3(&h, EA.trace_delivered, what, ref));
    heap_destroy(&h);
    return ref;
}
