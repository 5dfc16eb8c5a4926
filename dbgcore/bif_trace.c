/* bif_trace.c: erlang:trace/3, erlang:trace_info/2 (of processes; patterns:
 * bif_pattern.c) and erlang:trace_delivered/1 with OTP 25's arguments,
 * results and badarg cases, acting on the default session (0). Arguments
 * are checked whole before anything changes. */
#include "engine.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "trace.def"
#undef BIF

/* Reads erlang:trace/3's flag list: the flags and the tracer (THE_NON_VALUE
 * when none is given). TRACER_BAD on a bad list; TRACER_UNDEF and
 * TRACER_LIMIT for a tracer module (tracer_read), with *mod_flag the
 * {tracer, Module, State} element. */
static tracer_read_result read_flags(term_t list, uint32_t *flags, term_t *tracer, term_t *mod_flag)
{
    *flags = 0;
    *tracer = THE_NON_VALUE;
    for (; term_is_list(list); list = list_tail(list)) {
        term_t f = list_head(list);
        if (term_is_tuple(f) && tuple_arity(f) >= 1 && tuple_get(f, 0) == EA.tracer) {
            tracer_read_result r = tracer_read(f, tracer);
            if (r != TRACER_OK) {
                *mod_flag = f;
                return r;
            }
            continue;
        }
        uint32_t bit;
        if (!session_flag_of(f, &bit))
            return TRACER_BAD;
        *flags |= bit;
    }
    return list == NIL ? TRACER_OK : TRACER_BAD;
}

/* Applies the change to q's default-session entry; false when q is traced
 * by another tracer (OTP's badarg; skipped for all/existing). q is owned
 * by the caller. */
static bool change_process(process *q, uint32_t session, bool on, uint32_t flags, term_t tracer, bool tracer_given)
{
    ptrace_entry *pe = session_entry(q, session);
    if (pe && tracer_enabled(pe->tracer, EA.trace_status, q->pid) == TRACER_REMOVE) {
        /* its tracer is gone: as if untraced (OTP clears it on sight) */
        session_set(q, session, 0, NIL);
        pe = NULL;
    }
    if (pe && tracer_given && pe->tracer != tracer)
        return false;
    uint32_t old = pe ? pe->flags : 0;
    uint32_t now = on ? old | flags : old & ~flags;
    term_t t = pe ? pe->tracer : tracer;
    /* a tracer module is asked at once whether it wants to trace at all
     * (OTP 25; a process tracer that is gone is accepted until its
     * first event) */
    if (now && term_is_small(t) && tracer_enabled(t, EA.trace_status, q->pid) == TRACER_REMOVE)
        now = 0;
    session_set(q, session, now, t);
    return true;
}

/* Claims and changes the process `pid` for caller p; -1 bad (dead, or
 * traced by another tracer), else 1. */
static int change_pid(process *p, uint32_t session, term_t pid, bool on, uint32_t flags, term_t tracer,
                      bool tracer_given)
{
    if (pid == p->pid)
        return change_process(p, session, on, flags, tracer, tracer_given) ? 1 : -1;
    process *q = proc_lookup(pid);
    if (!q || sched_claim(p, q) == SCHED_CLAIM_GONE)
        return -1;
    bool ok = change_process(q, session, on, flags, tracer, tracer_given);
    sched_release(q);
    return ok ? 1 : -1;
}

/* erlang:trace/3 (session 0: the tracer is the caller unless a flag names
 * one) and trace:process/4 (session_tracer: the session's; a tracer flag
 * is badarg). */
term_t bif_trace_processes(process *p, uint32_t session, term_t session_tracer, term_t spec, term_t how,
                           term_t flag_list)
{
    uint32_t flags;
    term_t tracer, mod_flag;
    if (how != ATOM_true && how != ATOM_false)
        return BIF_BADARG(p);
    switch (read_flags(flag_list, &flags, &tracer, &mod_flag)) {
    case TRACER_OK:
        break;
    case TRACER_BAD:
        return BIF_BADARG(p);
    case TRACER_UNDEF:
        if (session == 0)
            return tracer_raise_undef(p, tuple_get(mod_flag, 1), tuple_get(mod_flag, 2), EA.trace, 3);
        return BIF_BADARG(p);
    case TRACER_LIMIT:
        return BIF_ERROR(p, ATOM_system_limit);
    }
    bool on = how == ATOM_true, given = tracer != THE_NON_VALUE;
    /* cpu_timestamp is a node-wide setting in OTP 25, taken with `all` only
     * (and not kept among a process's flags); elsewhere it is badarg */
    if (flags & TF_CPU_TIMESTAMP) {
        if (spec != ATOM_all)
            return BIF_BADARG(p);
        flags &= ~(uint32_t)TF_CPU_TIMESTAMP;
    }
    if (session != 0) {
        if (given)
            return BIF_BADARG(p);
        tracer = session_tracer;
        given = true;
    } else if (!given) {
        tracer = p->pid;
    }
    /* The ports first (tev_port.c): the only part that can refuse. A
     * tracer that is gone is accepted (OTP 25: its flags go at the first
     * event), and so is a tracer tracing itself (its own events are
     * discarded). */
    int nports = tev_port_trace(p, session, spec, on, flags, given ? tracer : THE_NON_VALUE);
    if (nports < 0)
        return BIF_BADARG(p);
    if (term_is_port(spec))
        return term_small(1);
    if (term_is_local_pid(spec)) {
        return change_pid(p, session, spec, on, flags, tracer, given || on) < 0 ? BIF_BADARG(p) : term_small(1);
    }
    bool existing = spec == ATOM_all || spec == EA.existing || spec == EA.processes || spec == EA.existing_processes;
    bool new_ = spec == ATOM_all || spec == EA.new_ || spec == EA.processes || spec == EA.new_processes;
    bool ports_only = spec == EA.ports || spec == EA.existing_ports || spec == EA.new_ports;
    if (!existing && !new_ && !ports_only)
        return BIF_BADARG(p);
    int64_t n = nports;
    if (existing && (flags & TEV_PROC_FLAGS)) {
        heap_t h;
        heap_init(&h, ALLOC_TEMP);
        for (term_t l = proc_all_pids(&h); l != NIL; l = list_tail(l)) {
            term_t pid = list_head(l);
            if (change_pid(p, session, pid, on, flags, tracer, given || on) > 0)
                n++;
        }
        heap_destroy(&h);
    }
    if (new_ && (flags & TEV_PROC_FLAGS)) {
        /* turning flags off for new processes turns them all off (OTP 25:
         * the new-process setting loses its tracer) */
        session_new cur = session_new_get(session);
        uint32_t now = on ? cur.flags | (flags & TEV_PROC_FLAGS) : 0;
        session_new_set(session, now, on ? tracer : cur.tracer);
    }
    return term_small(n);
}

term_t bif_trace_trace_3(process *p, const term_t *args)
{
    return bif_trace_processes(p, 0, NIL, args[0], args[1], args[2]);
}

/* ---- trace_info ------------------------------------------------------------------ */

/* erlang:trace_info/2 (session 0) and trace:info/3. */
term_t bif_trace_info(process *p, uint32_t session, term_t what, term_t item)
{
    heap_t *h = &p->heap;
    if (term_is_tuple(what) || what == EA.send || what == EA.receive || what == EA.on_load)
        return bif_pattern_info(p, session, what, item);
    if (term_is_port(what) || what == EA.new_ports)
        return tev_port_info(p, session, what, item);
    uint32_t flags = 0;
    term_t tracer = NIL;
    /* flags and tracer only (OTP 25: all is badarg for a process) */
    if (item != EA.flags && item != EA.tracer)
        return BIF_BADARG(p);
    if (term_is_local_pid(what)) {
        process *q = what == p->pid ? p : proc_lookup(what);
        if (!q)
            return ATOM_undefined;
        if (q != p && sched_claim(p, q) == SCHED_CLAIM_GONE)
            return ATOM_undefined;
        ptrace_entry *pe = session_entry(q, session);
        if (pe)
            flags = pe->flags, tracer = pe->tracer;
        if (q != p)
            sched_release(q);
    } else if (what == EA.new_ || what == EA.new_processes) {
        session_new n = session_new_get(session);
        flags = n.flags, tracer = n.flags ? n.tracer : NIL;
    } else {
        return BIF_BADARG(p);
    }
    if (item == EA.flags)
        return term_tuple2(h, item, session_flags_list(h, flags));
    if (item == EA.tracer)
        return term_tuple2(h, item, flags ? tracer_term(tracer, h) : NIL);
    return BIF_BADARG(p);
}

term_t bif_trace_trace_info_2(process *p, const term_t *args) { return bif_trace_info(p, 0, args[0], args[1]); }

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
