/* bif_session.c: the trace module of OTP 27 (trace:session_create/3,
 * session_destroy/1, session_info/1, process/4, port/4, function/4,
 * send/3, recv/3, info/3, delivered/2): isolated trace sessions, each
 * with its own tracer, flags and patterns (session.c keeps the table).
 * A handle is a reference; the erlang:trace* BIFs act on session 0. */
#include "engine.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "session.def"
#include "trace.def"
#undef BIF

/* The live session a handle names, with its settings; -1 when none. */
static int session_arg(term_t handle, session_info *info)
{
    int s = session_of_handle(handle);
    if (s < 0 || !session_get((uint32_t)s, info))
        return -1;
    return s;
}

/* trace:session_create(Name, Tracer, []) -> Handle. */
term_t bif_session_create_3(process *p, const term_t *args)
{
    term_t name = args[0], t = args[1], tracer;
    if (!term_is_atom(name) || args[2] != NIL)
        return BIF_BADARG(p);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t flag = term_is_tuple(t) && tuple_arity(t) == 2 ? term_tuple3(&h, EA.tracer, tuple_get(t, 0), tuple_get(t, 1))
                                                          : term_tuple2(&h, EA.tracer, t);
    tracer_read_result r = tracer_read(flag, &tracer);
    heap_destroy(&h);
    if (r == TRACER_LIMIT)
        return BIF_ERROR(p, ATOM_system_limit);
    if (r != TRACER_OK)
        return BIF_BADARG(p);
    session_info info = {name, tracer};
    term_t handle = session_create(&info, &p->heap);
    return handle != THE_NON_VALUE ? handle : BIF_ERROR(p, ATOM_system_limit);
}

/* trace:session_destroy(Handle) -> ok, also for a session destroyed
 * already. */
term_t bif_session_destroy_1(process *p, const term_t *args)
{
    if (!term_is_ref(args[0]))
        return BIF_BADARG(p);
    int s = session_of_handle(args[0]);
    if (s > 0)
        session_destroy(p, (uint32_t)s);
    return ATOM_ok;
}

/* Whether session s affects `what` (session_info/1). */
static bool affects(process *p, uint32_t s, term_t what, heap_t *h)
{
    if (what == ATOM_all)
        return true;
    if (term_is_local_pid(what)) {
        process *q = what == p->pid ? p : proc_lookup(what);
        if (!q || (q != p && sched_claim(p, q) == SCHED_CLAIM_GONE))
            return false;
        bool yes = session_entry(q, s) != NULL;
        if (q != p)
            sched_release(q);
        return yes;
    }
    if (what == EA.new_ || what == EA.new_processes)
        return session_new_get(s).flags != 0;
    if (what == EA.send || what == EA.receive)
        return tev_msg_pattern_info(s, what == EA.receive, h) != ATOM_true;
    if (term_is_tuple(what)) {
        bp_info bi;
        bp_get_info(s, tuple_get(what, 0), tuple_get(what, 1), (unsigned)small_value(tuple_get(what, 2)), h, &bi);
        return bi.traced == EA.global || bi.traced == EA.local;
    }
    return false;
}

/* trace:session_info(PidPortFuncEvent) -> [Name] | undefined: the named
 * sessions whose settings concern it. */
term_t bif_session_info_1(process *p, const term_t *args)
{
    term_t what = args[0];
    bool mfa = term_is_tuple(what) && tuple_arity(what) == 3 && term_is_atom(tuple_get(what, 0)) &&
               term_is_atom(tuple_get(what, 1)) && term_is_small(tuple_get(what, 2)) &&
               small_value(tuple_get(what, 2)) >= 0 && small_value(tuple_get(what, 2)) <= 255;
    if (!mfa && !term_is_local_pid(what) && what != ATOM_all && what != EA.new_ && what != EA.new_processes &&
        what != EA.send && what != EA.receive && what != EA.on_load && what != EA.new_ports &&
        !term_is_local_port(what))
        return BIF_BADARG(p);
    if (term_is_local_pid(what) && what != p->pid && !proc_lookup(what))
        return ATOM_undefined;
    if (term_is_local_port(what) && !port_alive(what))
        return ATOM_undefined;
    uint32_t live[ENGINE_MAX_SESSIONS];
    unsigned n = session_list(live);
    term_t names = NIL;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    for (unsigned i = n; i-- > 1;) { /* live[0] is the default session */
        session_info info;
        if (session_get(live[i], &info) && affects(p, live[i], what, &h))
            names = term_cons(&p->heap, info.name, names);
    }
    heap_destroy(&h);
    return names;
}

/* trace:process(Session, Procs, How, Flags). */
term_t bif_session_process_4(process *p, const term_t *args)
{
    session_info info;
    int s = session_arg(args[0], &info);
    if (s < 0)
        return BIF_BADARG(p);
    return bif_trace_processes(p, (uint32_t)s, info.tracer, args[1], args[2], args[3]);
}

/* trace:port(Session, Ports, How, Flags): Ports a port, all, existing or
 * new (the ports of erlang:trace/3's ports, existing_ports, new_ports). */
term_t bif_session_port_4(process *p, const term_t *args)
{
    session_info info;
    int s = session_arg(args[0], &info);
    if (s < 0 || (args[2] != ATOM_true && args[2] != ATOM_false))
        return BIF_BADARG(p);
    uint32_t flags = 0, bit;
    term_t l = args[3];
    for (; term_is_list(l); l = list_tail(l)) {
        if (!session_flag_of(list_head(l), &bit))
            return BIF_BADARG(p);
        flags |= bit;
    }
    term_t spec = args[1] == ATOM_all        ? EA.ports
                  : args[1] == EA.existing ? EA.existing_ports
                  : args[1] == EA.new_     ? EA.new_ports
                  : term_is_port(args[1])  ? args[1]
                                           : THE_NON_VALUE;
    if (l != NIL || spec == THE_NON_VALUE)
        return BIF_BADARG(p);
    int n = tev_port_trace(p, (uint32_t)s, spec, args[2] == ATOM_true, flags, info.tracer);
    return n < 0 ? BIF_BADARG(p) : term_small(n);
}

/* trace:function(Session, MFA | on_load, MatchSpec, Flags). */
term_t bif_session_function_4(process *p, const term_t *args)
{
    session_info info;
    int s = session_arg(args[0], &info);
    if (s < 0 || args[1] == EA.send || args[1] == EA.receive)
        return BIF_BADARG(p);
    return bif_pattern_set(p, (uint32_t)s, args[1], args[2], args[3]);
}

/* trace:send/3 and trace:recv/3: the session's pattern on `event`. */
static term_t message_pattern(process *p, const term_t *args, term_t event)
{
    session_info info;
    int s = session_arg(args[0], &info);
    if (s < 0)
        return BIF_BADARG(p);
    return bif_pattern_set(p, (uint32_t)s, event, args[1], args[2]);
}

/* trace:send(Session, MatchSpec, []). */
term_t bif_session_send_3(process *p, const term_t *args) { return message_pattern(p, args, EA.send); }

/* trace:recv(Session, MatchSpec, []). */
term_t bif_session_recv_3(process *p, const term_t *args) { return message_pattern(p, args, EA.receive); }

/* trace:info(Session, PidPortFuncEvent, Item). */
term_t bif_session_info_3(process *p, const term_t *args)
{
    session_info info;
    int s = session_arg(args[0], &info);
    if (s < 0)
        return BIF_BADARG(p);
    return bif_trace_info(p, (uint32_t)s, args[1], args[2]);
}

/* trace:delivered(Session, Tracee) -> Ref: events are delivered as they
 * happen, so {trace_delivered, Tracee, Ref} comes at once. */
term_t bif_session_delivered_2(process *p, const term_t *args)
{
    session_info info;
    if (session_arg(args[0], &info) < 0)
        return BIF_BADARG(p);
    return bif_trace_trace_delivered_1(p, args + 1);
}
