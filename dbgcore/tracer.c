/* tracer.c: tracers, where trace events go: a process, a port (a trace
 * port writing dbg's log), or a tracer module written in C (tracer.h)
 * with its state. The engine holds a tracer as one term (engine.h): a
 * local pid, a local port, or a small integer naming an interned
 * {Module, State} pair, so that entries copy and compare as words. */
#include "engine.h"
#include "tracer.h"

#include <pthread.h>
#include <time.h>

/* The registered tracer modules; published with a release store of the
 * count, never removed. */
#define MAX_MODULES 64
static const tracer_module *registry[MAX_MODULES];
static term_t registry_names[MAX_MODULES]; /* their names' atoms */
static _Atomic unsigned nregistered;

/* Interned {Module, State} tracers: the state copied onto the entry's own
 * heap, never freed while the VM runs (a handle may sit in any process's
 * entries). At most MAX_MOD_TRACERS distinct pairs: beyond, erlang:trace
 * raises system_limit. */
#define MAX_MOD_TRACERS 1024
typedef struct mod_tracer {
    const tracer_module *mod;
    term_t name;
    term_t state;
    heap_t heap;
} mod_tracer;
static mod_tracer *_Atomic interned[MAX_MOD_TRACERS];
static unsigned ninterned; /* under lock */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

bool tracer_module_register(const tracer_module *mod)
{
    if (!mod || !mod->name || !mod->enabled || !mod->trace)
        return false;
    term_t name = atom_from_cstr(mod->name);
    pthread_mutex_lock(&lock);
    unsigned n = atomic_load_explicit(&nregistered, memory_order_relaxed);
    bool ok = n < MAX_MODULES;
    for (unsigned i = 0; ok && i < n; i++)
        ok = registry_names[i] != name;
    if (ok) {
        registry[n] = mod;
        registry_names[n] = name;
        atomic_store_explicit(&nregistered, n + 1, memory_order_release);
    }
    pthread_mutex_unlock(&lock);
    return ok;
}

/* The registered module named `name`, or NULL. */
static const tracer_module *module_named(term_t name)
{
    unsigned n = atomic_load_explicit(&nregistered, memory_order_acquire);
    for (unsigned i = 0; i < n; i++)
        if (registry_names[i] == name)
            return registry[i];
    return NULL;
}

/* The interned tracer a handle names. */
static const mod_tracer *mod_tracer_of(term_t handle)
{
    return atomic_load_explicit(&interned[small_value(handle)], memory_order_acquire);
}

/* The handle of {mod, state}: an existing one when an equal state was
 * interned for mod, else a new one; THE_NON_VALUE when the table is full. */
static term_t intern(const tracer_module *mod, term_t name, term_t state)
{
    term_t handle = THE_NON_VALUE;
    pthread_mutex_lock(&lock);
    for (unsigned i = 0; i < ninterned && handle == THE_NON_VALUE; i++)
        if (interned[i]->mod == mod && term_eq_exact(interned[i]->state, state))
            handle = term_small(i);
    if (handle == THE_NON_VALUE && ninterned < MAX_MOD_TRACERS) {
        mod_tracer *t = alloc_new(ALLOC_TRACE, sizeof *t);
        t->mod = mod;
        t->name = name;
        heap_init(&t->heap, ALLOC_TRACE);
        t->state = copy_term(&t->heap, state);
        atomic_store_explicit(&interned[ninterned], t, memory_order_release);
        handle = term_small(ninterned++);
    }
    pthread_mutex_unlock(&lock);
    return handle;
}

tracer_read_result tracer_read(term_t flag, term_t *out)
{
    if (!term_is_tuple(flag) || tuple_get(flag, 0) != EA.tracer)
        return TRACER_BAD;
    if (tuple_arity(flag) == 2) {
        term_t t = tuple_get(flag, 1);
        if (!term_is_local_pid(t) && !term_is_local_port(t))
            return TRACER_BAD;
        *out = t;
        return TRACER_OK;
    }
    if (tuple_arity(flag) != 3 || !term_is_atom(tuple_get(flag, 1)))
        return TRACER_BAD;
    term_t name = tuple_get(flag, 1);
    const tracer_module *mod = module_named(name);
    if (!mod)
        return code_module(name) ? TRACER_BAD : TRACER_UNDEF;
    term_t h = intern(mod, name, tuple_get(flag, 2));
    if (h == THE_NON_VALUE)
        return TRACER_LIMIT;
    *out = h;
    return TRACER_OK;
}

term_t tracer_raise_undef(process *p, term_t module, term_t state, term_t bif, unsigned arity)
{
    static _Atomic term_t a_enabled;
    heap_t *h = &p->heap;
    term_t args = term_list_from(h, (term_t[]){EA.trace_status, p->pid, state}, 3, NIL);
    term_t top = term_tuple(h, 4, (term_t[]){module, atom_cached(&a_enabled, "enabled"), args, NIL});
    term_t self = term_tuple(h, 4, (term_t[]){ATOM_erlang, bif, term_small(arity), NIL});
    bif_raise(p, CLASS_ERROR, ATOM_undef);
    p->fstack = term_cons(h, top, term_cons(h, self, proc_stacktrace(p, NULL, NULL, 0, NULL, NULL)));
    return THE_NON_VALUE;
}

term_t tracer_term(term_t tracer, heap_t *h)
{
    if (!term_is_small(tracer))
        return tracer;
    const mod_tracer *t = mod_tracer_of(tracer);
    return term_tuple2(h, t->name, copy_term(h, t->state));
}

/* The erl_tracer kind of the event `tag` (trace_status: none, -1). */
static int kind_of(term_t tag, term_t tracee)
{
    if (tag == EA.call || tag == EA.return_from || tag == EA.exception_from || tag == EA.return_to)
        return TRACER_KIND_CALL;
    if (tag == EA.send || tag == EA.send_to_non_existing_process)
        return TRACER_KIND_SEND;
    if (tag == EA.receive)
        return TRACER_KIND_RECEIVE;
    bool of_port = term_is_port(tracee);
    if (tag == EA.in || tag == EA.out || tag == EA.in_exiting || tag == EA.out_exiting || tag == EA.out_exited)
        return of_port ? TRACER_KIND_RUNNING_PORTS : TRACER_KIND_RUNNING_PROCS;
    if (tag == EA.gc_minor_start || tag == EA.gc_minor_end || tag == EA.gc_major_start || tag == EA.gc_major_end)
        return TRACER_KIND_GARBAGE_COLLECTION;
    if (tag == EA.trace_status)
        return -1;
    return of_port ? TRACER_KIND_PORTS : TRACER_KIND_PROCS;
}

tracer_answer tracer_enabled(term_t tracer, term_t tag, term_t tracee)
{
    if (term_is_local_pid(tracer)) {
        /* a process's own events never go to itself (OTP's erl_tracer) */
        if (tracer == tracee)
            return tag == EA.trace_status ? TRACER_TRACE : TRACER_DISCARD;
        return proc_lookup(tracer) ? TRACER_TRACE : TRACER_REMOVE;
    }
    if (term_is_local_port(tracer)) {
        /* an event finds out at delivery (tracer_deliver says so): one
         * lookup of the port, not two */
        if (tag != EA.trace_status)
            return TRACER_TRACE;
        return port_alive(tracer) ? TRACER_TRACE : TRACER_REMOVE;
    }
    if (!term_is_small(tracer))
        return TRACER_REMOVE;
    const mod_tracer *t = mod_tracer_of(tracer);
    int k = kind_of(tag, tracee);
    tracer_enabled_fn fn = k >= 0 && t->mod->enabled_kind[k] ? t->mod->enabled_kind[k] : t->mod->enabled;
    return fn(tag, t->state, tracee);
}

/* The timestamp an entry's flags ask for (OTP's precedence: timestamp,
 * then strict_monotonic_timestamp, then monotonic_timestamp), or
 * THE_NON_VALUE. */
static term_t timestamp_of(heap_t *h, uint32_t flags)
{
    struct timespec ts;
    if (flags & TF_TIMESTAMP) {
        clock_gettime((flags & TF_CPU_TIMESTAMP) ? CLOCK_THREAD_CPUTIME_ID : CLOCK_REALTIME, &ts);
        int64_t us = (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
        return term_tuple3(h, term_small(us / 1000000000000), term_small(us / 1000000 % 1000000),
                           term_small(us % 1000000));
    }
    if (flags & (TF_STRICT_MONOTONIC | TF_MONOTONIC)) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        term_t mono = term_int64(h, (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
        if (!(flags & TF_STRICT_MONOTONIC))
            return mono;
        static _Atomic int64_t unique;
        return term_tuple2(h, mono, term_int64(h, atomic_fetch_add(&unique, 1)));
    }
    return THE_NON_VALUE;
}

/* A tracer module's options map for one event. */
static term_t options_of(heap_t *h, uint32_t flags, unsigned n, const term_t *elems, term_t extra)
{
    static _Atomic term_t a_extra, a_msr, a_ts, a_mono, a_strict;
    term_t keys[3], vals[3];
    size_t k = 0;
    if (n >= 2) {
        keys[k] = atom_cached(&a_extra, "extra");
        vals[k++] = elems[1];
    }
    if (extra != THE_NON_VALUE) {
        keys[k] = atom_cached(&a_msr, "match_spec_result");
        vals[k++] = extra;
    }
    if (flags & (TF_TIMESTAMP | TF_STRICT_MONOTONIC | TF_MONOTONIC)) {
        keys[k] = atom_cached(&a_ts, "timestamp");
        vals[k++] = (flags & TF_TIMESTAMP) ? ((flags & TF_CPU_TIMESTAMP) ? EA.cpu_timestamp : EA.timestamp)
                    : (flags & TF_STRICT_MONOTONIC) ? atom_cached(&a_strict, "strict_monotonic")
                                                    : atom_cached(&a_mono, "monotonic");
    }
    return map_from_pairs(h, keys, vals, k);
}

bool tracer_deliver(term_t tracer, term_t tracee, uint32_t flags, term_t tag, unsigned n, const term_t *elems,
                    term_t extra)
{
    if (term_is_small(tracer)) {
        heap_t *h = tev_scratch();
        const mod_tracer *t = mod_tracer_of(tracer);
        int k = kind_of(tag, tracee);
        tracer_trace_fn fn = k >= 0 && t->mod->trace_kind[k] ? t->mod->trace_kind[k] : t->mod->trace;
        fn(tag, t->state, tracee, n ? elems[0] : NIL, options_of(h, flags, n, elems, extra));
        tev_scratch_done(h);
        return true;
    }
    /* a heap only for a timestamp: the message itself is built in words of
     * this frame (a port encodes it, proc_deliver copies it) */
    ASSERT(n <= 3);
    heap_t *h = (flags & (TF_TIMESTAMP | TF_STRICT_MONOTONIC | TF_MONOTONIC)) ? tev_scratch() : NULL;
    term_t ts = h ? timestamp_of(h, flags) : THE_NON_VALUE;
    term_t msg[1 + 8];
    unsigned k = 1;
    msg[k++] = ts == THE_NON_VALUE ? EA.trace : EA.trace_ts;
    msg[k++] = tracee;
    msg[k++] = tag;
    switch (n) { /* not a loop, which the compiler makes a call of memcpy */
    case 3:
        msg[k + 2] = elems[2];
        /* fall through */
    case 2:
        msg[k + 1] = elems[1];
        /* fall through */
    case 1:
        msg[k] = elems[0];
        /* fall through */
    default:
        k += n;
    }
    if (extra != THE_NON_VALUE)
        msg[k++] = extra;
    if (ts != THE_NON_VALUE)
        msg[k++] = ts;
    msg[0] = header_make(k - 1, HDR_TUPLE);
    term_t m = term_boxed(msg);
    bool delivered = true;
    if (term_is_local_port(tracer))
        delivered = port_command(tracer, m);
    else
        proc_deliver(tracer, tracee, m);
    if (h)
        tev_scratch_done(h);
    return delivered;
}

/* ---- sequential tracing ------------------------------------------------------ */

/* The system sequential tracer (a tracer term), NIL for none. */
static _Atomic term_t seq_tracer = NIL;

/* The trace flags that ask for the timestamp a token's flags ask for. */
static uint32_t seq_ts_flags(uint32_t seq)
{
    return ((seq & SEQ_NOW_TIMESTAMP) ? TF_TIMESTAMP : 0) |
           ((seq & SEQ_STRICT_MONOTONIC) ? TF_STRICT_MONOTONIC : 0) |
           ((seq & SEQ_MONOTONIC) ? TF_MONOTONIC : 0);
}

/* {seq_trace, Label, Info[, Ts]} to the system sequential tracer; a
 * process that is the tracer itself is not traced (OTP's rule for every
 * tracer). A module tracer gets trace(seq_trace, State, Label, Info,
 * Opts), as erl_tracer's callback for sequential tracing. */
static void on_seq_trace(process *p, term_t label, term_t info, uint32_t seq_flags)
{
    term_t tracer = atomic_load_explicit(&seq_tracer, memory_order_acquire);
    if (tracer == NIL || tracer_enabled(tracer, EA.seq_trace, p->pid) != TRACER_TRACE)
        return;
    uint32_t flags = seq_ts_flags(seq_flags);
    heap_t *h = tev_scratch();
    if (term_is_small(tracer)) {
        const mod_tracer *t = mod_tracer_of(tracer);
        tracer_trace_fn fn = t->mod->trace;
        fn(EA.seq_trace, t->state, label, info, options_of(h, flags, 0, NULL, THE_NON_VALUE));
    } else {
        term_t ts = timestamp_of(h, flags);
        term_t e[4] = {EA.seq_trace, label, info, ts};
        term_t m = term_tuple(h, ts == THE_NON_VALUE ? 3 : 4, e);
        if (term_is_local_port(tracer))
            port_command(tracer, m);
        else
            proc_deliver(tracer, p->pid, m);
    }
    tev_scratch_done(h);
}

/* trace_hooks.seq_tracer: the tracer as a term; with `set`, the new one
 * (false, a pid, a port or {Module, State}). */
static term_t on_seq_tracer(heap_t *h, term_t set)
{
    term_t now = atomic_load_explicit(&seq_tracer, memory_order_acquire);
    term_t old = now == NIL ? ATOM_false : tracer_term(now, h);
    if (set == THE_NON_VALUE)
        return old;
    term_t tracer;
    if (set == ATOM_false) {
        tracer = NIL;
    } else if (term_is_local_pid(set) || term_is_local_port(set)) {
        tracer = set;
    } else if (term_is_tuple(set) && tuple_arity(set) == 2) {
        term_t flag[4] = {header_make(3, HDR_TUPLE), EA.tracer, tuple_get(set, 0), tuple_get(set, 1)};
        if (tracer_read(term_boxed(flag), &tracer) != TRACER_OK)
            return THE_NON_VALUE;
    } else {
        return THE_NON_VALUE;
    }
    atomic_store_explicit(&seq_tracer, tracer, memory_order_release);
    return old;
}

void tracer_seq_install(void)
{
    trace_hooks.seq_trace = on_seq_trace;
    trace_hooks.seq_tracer = on_seq_tracer;
}
