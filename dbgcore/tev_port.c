/* tev_port.c: tracing ports: each port's per-session entries (flags and
 * tracer, as a process's), the settings of new ports, the port hooks of
 * vm/trace.h that report open, closed, getting_linked (ports), in/out
 * (running_ports), 'receive' and send, and the port parts of erlang:trace/3
 * and trace_info/2 with OTP 25's answers. docs/internals/ports.md,
 * "Tracing ports". */
#include "engine.h"

#include <pthread.h>
#include <string.h>

/* A port's trace state (vm/port.h's opaque `trace`) is a proc_trace, the
 * shape of a process's: one ptrace_entry per session that traces the port.
 * It is read and changed only under the port's lock (port_trace_with),
 * and freed once it holds no entry or the port closes. */

/* Atoms of the port events not in EA. */
static term_t a_open, a_closed, a_command, a_control, a_close, a_connect, a_info, a_connected;

/* Port events being delivered on this thread: a tracer that is a port
 * runs its own trace points when it is written to, and their events could
 * come back (two ports tracing each other): a port event raised while a
 * port event is being delivered is dropped. */
static _Thread_local unsigned delivering;

/* ---- the entries, under the port's lock --------------------------------------- */

static size_t trace_bytes(uint32_t cap) { return sizeof(proc_trace) + cap * sizeof(ptrace_entry); }

/* Removes entries of destroyed sessions, frees the state when none is
 * left, and recomputes the flags the port's trace points test. */
static void tidy(void **trace, uint32_t *flags)
{
    proc_trace *t = *trace;
    uint32_t all = 0;
    for (uint32_t i = 0; t && i < t->n;) {
        if (t->e[i].flags && session_live(&t->e[i])) {
            all |= t->e[i].flags;
            i++;
        } else {
            t->e[i] = t->e[--t->n];
        }
    }
    if (t && t->n == 0) {
        alloc_free(ALLOC_TRACE, t, trace_bytes(t->cap));
        *trace = NULL;
    }
    *flags = all;
}

/* The live entry of session s, or NULL. */
static ptrace_entry *entry_of(proc_trace *t, uint32_t s)
{
    for (uint32_t i = 0; t && i < t->n; i++)
        if (t->e[i].session == s && session_live(&t->e[i]))
            return &t->e[i];
    return NULL;
}

/* Sets session s's entry to flags and tracer (flags 0 removes it). */
static void set_entry(void **trace, uint32_t *flags, uint32_t s, uint32_t f, term_t tracer)
{
    tidy(trace, flags); /* no stale entry of an earlier session s is left */
    proc_trace *t = *trace;
    ptrace_entry *pe = entry_of(t, s);
    if (pe) {
        pe->flags = f; /* 0: tidy drops it */
        pe->tracer = tracer;
    } else if (f) {
        if (!t || t->n == t->cap) {
            uint32_t cap = t ? t->cap * 2 : 1;
            proc_trace *nt = t ? alloc_resize(ALLOC_TRACE, t, trace_bytes(t->cap), trace_bytes(cap))
                               : alloc_new(ALLOC_TRACE, trace_bytes(cap));
            if (!t)
                nt->n = 0;
            nt->cap = cap;
            *trace = t = nt;
        }
        t->e[t->n++] = (ptrace_entry){s, session_gen(s), f, tracer};
    }
    tidy(trace, flags);
}

/* A copy of some entries, taken under the lock and used without it. */
typedef struct snapshot {
    uint32_t want;    /* entries with one of these flags (take_entries) */
    uint32_t session; /* the entry of this session (take_session) */
    uint32_t n;
    ptrace_entry e[ENGINE_MAX_SESSIONS];
} snapshot;

static void take_entries(void **trace, uint32_t *flags, void *arg)
{
    snapshot *sn = arg;
    tidy(trace, flags);
    proc_trace *t = *trace;
    sn->n = 0;
    for (uint32_t i = 0; t && i < t->n; i++)
        if (t->e[i].flags & sn->want)
            sn->e[sn->n++] = t->e[i];
}

static void take_session(void **trace, uint32_t *flags, void *arg)
{
    snapshot *sn = arg;
    tidy(trace, flags);
    ptrace_entry *pe = entry_of(*trace, sn->session);
    sn->n = pe ? 1 : 0;
    if (pe)
        sn->e[0] = *pe;
}

/* A change of one session's entry: to `flags` and `tracer`, made only if
 * the entry is still what was seen (`seen`, or none when !had), so that a
 * change decided without the lock never undoes another's; `done` says
 * whether it was made. */
typedef struct change {
    uint32_t session;
    bool had;
    ptrace_entry seen;
    uint32_t flags;
    term_t tracer;
    bool done;
} change;

static void commit_change(void **trace, uint32_t *flags, void *arg)
{
    change *c = arg;
    tidy(trace, flags);
    ptrace_entry *pe = entry_of(*trace, c->session);
    c->done = c->had
                  ? pe && pe->gen == c->seen.gen && pe->flags == c->seen.flags && pe->tracer == c->seen.tracer
                  : !pe;
    if (c->done)
        set_entry(trace, flags, c->session, c->flags, c->tracer);
}

/* ---- delivery ------------------------------------------------------------------- */

/* One port's events are delivered under its stripe's lock, so that the
 * events of one operation reach the tracers together and none comes after
 * the port's closed event, whichever threads use the port. Taken with no
 * port locked, and never nested (see `delivering`). */
#define STRIPES 64
static pthread_mutex_t stripes[STRIPES];
static pthread_once_t stripes_once = PTHREAD_ONCE_INIT;
static void init_stripes(void)
{
    for (int i = 0; i < STRIPES; i++)
        pthread_mutex_init(&stripes[i], NULL);
}
static pthread_mutex_t *stripe_of(term_t port) { return &stripes[port_number(port) % STRIPES]; }

/* Hands {trace, Port, Tag, E1..En} to the tracer of each entry of sn
 * whose flags include `flag`: a port's own events never go to itself (OTP
 * drops them), and an entry whose tracer is gone or answers remove loses
 * its flags, if the port (`open`) still has it. */
static void deliver(term_t port, const snapshot *sn, uint32_t flag, term_t tag, unsigned n,
                    const term_t *elems, bool open)
{
    for (uint32_t i = 0; i < sn->n; i++) {
        const ptrace_entry *pe = &sn->e[i];
        if (!(pe->flags & flag) || pe->tracer == port)
            continue;
        tracer_answer a = tracer_enabled(pe->tracer, tag, port);
        if (a == TRACER_TRACE && !tracer_deliver(pe->tracer, port, pe->flags, tag, n, elems, THE_NON_VALUE))
            a = TRACER_REMOVE; /* a tracer port that closed */
        switch (a) {
        case TRACER_TRACE:
        case TRACER_DISCARD:
            break;
        case TRACER_REMOVE:
            if (open) {
                change c = {pe->session, true, *pe, 0, NIL, false};
                port_trace_with(port, commit_change, &c);
            }
            break;
        }
    }
}

static term_t op_atom(trace_port_op op)
{
    switch (op) {
    case TRACE_PORT_OPEN:
        return a_open;
    case TRACE_PORT_COMMAND:
        return a_command;
    case TRACE_PORT_CONTROL:
        return a_control;
    case TRACE_PORT_CLOSE:
        return a_close;
    case TRACE_PORT_CONNECT:
        return a_connect;
    case TRACE_PORT_INFO:
        return a_info;
    case TRACE_PORT_SIGNAL:
        break;
    }
    return term_small(0);
}

/* ---- what a port receives and sends ------------------------------------------------ */

/* OTP's sender of what a port gets from no process (a trace message
 * written to a tracer port): its invalid pid, printed <0.32767.8191>. */
#define NO_PROCESS_NUMBER 32767u
#define NO_PROCESS_SERIAL 8191u

/* Binaries longer than this (OTP's heap binary limit) go into a port's
 * I/O vector as they are; shorter data is copied into runs. */
#define IOVEC_COPY_LIMIT 64

/* The bytes collected in `run` become one binary of `parts` (terms). */
static void end_run(heap_t *h, alloc_buf *run, alloc_buf *parts)
{
    if (run->n == 0)
        return;
    term_t b = bin_new(h, (const uint8_t *)run->p, run->n);
    alloc_buf_put(parts, &b, sizeof b);
    run->n = 0;
}

static void push_term(alloc_buf *b, term_t t) { alloc_buf_put(b, &t, sizeof t); }

/* Iodata as the I/O vector OTP hands an outputv driver (and shows in the
 * port's 'receive' event): a list of binaries, where each byte-aligned
 * binary of more than IOVEC_COPY_LIMIT bytes is an element of its own and
 * the bytes between them (characters, small binaries) are copied into one
 * binary per stretch; [] when there is no byte. An explicit stack walks
 * the lists. */
static term_t iovec_of(heap_t *h, term_t data)
{
    alloc_buf stack = {0}, run = {0}, parts = {0};
    push_term(&stack, data);
    while (stack.n > 0) {
        stack.n -= sizeof(term_t);
        term_t t = *(const term_t *)(const void *)(stack.p + stack.n);
        if (term_is_list(t)) {
            push_term(&stack, list_tail(t));
            push_term(&stack, list_head(t));
        } else if (term_is_small(t)) {
            uint8_t c = (uint8_t)small_value(t);
            alloc_buf_put(&run, &c, 1);
        } else if (term_is_bitstring(t)) {
            bin_view v;
            bin_view_of(t, &v);
            if (v.bitoffset == 0 && v.size > IOVEC_COPY_LIMIT) {
                end_run(h, &run, &parts);
                push_term(&parts, t);
            } else {
                for (uint64_t i = 0; i < v.size; i++) {
                    uint8_t c = bin_byte_at(&v, i);
                    alloc_buf_put(&run, &c, 1);
                }
            }
        } /* [] adds nothing */
    }
    end_run(h, &run, &parts);
    term_t list = term_list_from(h, (const term_t *)(const void *)parts.p, parts.n / sizeof(term_t), NIL);
    alloc_buf_free(&stack);
    alloc_buf_free(&run);
    alloc_buf_free(&parts);
    return list;
}

/* A command's data as the port's 'receive' event shows it: the bytes of
 * iodata, or term_to_binary of a trace message, as an I/O vector (iovec
 * drivers) or one binary. THE_NON_VALUE when a trace message has no
 * external form. */
static term_t command_data(heap_t *h, term_t data, bool iovec)
{
    term_t bin;
    if (term_is_tuple(data)) {
        ext_error xe;
        if (ext_term_to_binary(h, data, NULL, &bin, &xe) != EXT_OK)
            return THE_NON_VALUE;
        return iovec ? term_cons(h, bin, NIL) : bin;
    }
    return iovec ? iovec_of(h, data) : bin_of_iodata(h, data);
}

/* What the port got for `run`, as its 'receive' event carries it:
 * {Caller, {command, Data}}, {Caller, {control, {Op, Data}}},
 * {Caller, {connect, Pid}} or {Caller, close} (port_close, or an exit
 * signal from Caller); THE_NON_VALUE when the port got nothing a process
 * sent (the runtime's own calls, port_info). */
static term_t received_of(heap_t *h, const trace_port_run *run)
{
    term_t from = run->caller, what;
    if (from == NIL) {
        /* only a trace message comes from no process */
        if (run->data == THE_NON_VALUE || !term_is_tuple(run->data))
            return THE_NON_VALUE;
        from = term_local_pid(NO_PROCESS_NUMBER, NO_PROCESS_SERIAL);
    }
    switch (run->op) {
    case TRACE_PORT_COMMAND:
    case TRACE_PORT_SIGNAL:
        if (run->data == THE_NON_VALUE) {
            what = a_close; /* an exit signal */
            break;
        }
        what = command_data(h, run->data, run->iovec);
        if (what == THE_NON_VALUE)
            return THE_NON_VALUE;
        what = term_tuple2(h, a_command, what);
        break;
    case TRACE_PORT_CONTROL: {
        term_t op = term_uint64(h, run->ctl_op);
        const uint8_t *bytes = run->ctl_len ? run->ctl_bytes : (const uint8_t *)"";
        what = term_tuple2(h, a_control, term_tuple2(h, op, bin_new(h, bytes, run->ctl_len)));
        break;
    }
    case TRACE_PORT_CONNECT:
        what = term_tuple2(h, a_connect, run->data);
        break;
    case TRACE_PORT_CLOSE:
        what = a_close;
        break;
    default:
        return THE_NON_VALUE;
    }
    return term_tuple2(h, from, what);
}

/* What the port sent for `run` (*to the receiver), as its send event
 * carries it: {Port, {control, Reply}} after a control that answered,
 * {Port, connected} after a connect (OTP traces that reply although
 * port_connect/2 never delivers it). A control's reply shows as a binary
 * of the bytes of a list reply; a binary reply shows as <<>> (OTP 25's
 * trace of trace_ip_drv's binary answer). THE_NON_VALUE: nothing sent. */
static term_t sent_of(heap_t *h, term_t port, const trace_port_run *run, term_t *to)
{
    *to = run->caller;
    if (!term_is_pid(run->caller))
        return THE_NON_VALUE;
    if (run->op == TRACE_PORT_CONNECT)
        return term_tuple2(h, port, a_connected);
    if (run->op != TRACE_PORT_CONTROL || run->reply == THE_NON_VALUE)
        return THE_NON_VALUE;
    term_t reply = term_is_bitstring(run->reply) ? THE_NON_VALUE : bin_of_iodata(h, run->reply);
    if (reply == THE_NON_VALUE)
        reply = bin_new(h, (const uint8_t *)"", 0);
    return term_tuple2(h, port, term_tuple2(h, a_control, reply));
}

/* The flags of sn's entries together. */
static uint32_t flags_of(const snapshot *sn)
{
    uint32_t all = 0;
    for (uint32_t i = 0; i < sn->n; i++)
        all |= sn->e[i].flags;
    return all;
}

/* {trace, Port, 'receive', Msg} to the entries with 'receive'. */
static void deliver_received(term_t port, const snapshot *sn, const trace_port_run *run, bool open)
{
    if (!(flags_of(sn) & TF_RECEIVE))
        return;
    heap_t *h = tev_scratch();
    term_t msg = received_of(h, run);
    if (msg != THE_NON_VALUE)
        deliver(port, sn, TF_RECEIVE, EA.receive, 1, &msg, open);
    tev_scratch_done(h);
}

/* {trace, Port, send, Msg, To} to the entries with send. */
static void deliver_sent(term_t port, const snapshot *sn, const trace_port_run *run)
{
    if (!(flags_of(sn) & TF_SEND))
        return;
    heap_t *h = tev_scratch();
    term_t e[2];
    e[0] = sent_of(h, port, run, &e[1]);
    if (e[0] != THE_NON_VALUE)
        deliver(port, sn, TF_SEND, EA.send, 2, e, true);
    tev_scratch_done(h);
}

/* ---- the port hooks ------------------------------------------------------------------ */

#define RAN_FLAGS (TF_RUNNING_PORTS | TF_PORTS | TF_RECEIVE | TF_SEND)

/* The port ran run->op: {trace, Port, in, Command} (running_ports),
 * {trace, Port, getting_linked, Pid} (ports; when run->linked is a pid),
 * {trace, Port, 'receive', Msg}, {trace, Port, send, Msg, To}, then
 * {trace, Port, out, Command} (running_ports): OTP 25's order. */
static void on_port_ran(term_t port, const trace_port_run *run)
{
    if (delivering)
        return;
    pthread_mutex_t *stripe = stripe_of(port);
    pthread_mutex_lock(stripe);
    delivering++;
    snapshot sn;
    sn.want = RAN_FLAGS;
    if (port_trace_with(port, take_entries, &sn) && sn.n > 0) {
        term_t cmd = op_atom(run->op);
        deliver(port, &sn, TF_RUNNING_PORTS, EA.in, 1, &cmd, true);
        if (term_is_pid(run->linked))
            deliver(port, &sn, TF_PORTS, EA.getting_linked, 1, &run->linked, true);
        deliver_received(port, &sn, run, true);
        deliver_sent(port, &sn, run);
        deliver(port, &sn, TF_RUNNING_PORTS, EA.out, 1, &cmd, true);
    }
    delivering--;
    pthread_mutex_unlock(stripe);
}

/* {trace, Port, in, Command} (running_ports), {trace, Port, 'receive',
 * Msg}, then {trace, Port, closed, Reason} (ports), from the state the
 * closed port handed over; then the state goes. */
static void on_port_closed(term_t port, void *trace, const trace_port_run *run, term_t reason)
{
    uint32_t flags;
    snapshot sn;
    sn.want = RAN_FLAGS;
    take_entries(&trace, &flags, &sn);
    proc_trace *t = trace;
    if (t)
        alloc_free(ALLOC_TRACE, t, trace_bytes(t->cap));
    if (delivering || sn.n == 0)
        return;
    pthread_mutex_t *stripe = stripe_of(port);
    pthread_mutex_lock(stripe);
    delivering++;
    term_t cmd = op_atom(run->op);
    deliver(port, &sn, TF_RUNNING_PORTS, EA.in, 1, &cmd, false);
    deliver_received(port, &sn, run, false);
    deliver(port, &sn, TF_PORTS, a_closed, 1, &reason, false);
    delivering--;
    pthread_mutex_unlock(stripe);
}

/* ---- new ports --------------------------------------------------------------------- */

/* Each session's settings for new ports (erlang:trace(new_ports, ...)):
 * an entry whose generation says whether its session still lives. Under
 * new_lock; port_new_trace_flags is the union of their flags. */
static pthread_mutex_t new_lock = PTHREAD_MUTEX_INITIALIZER;
static ptrace_entry new_ports[ENGINE_MAX_SESSIONS];

/* The live settings of session s (flags 0: none). Under new_lock. */
static ptrace_entry new_setting(uint32_t s)
{
    ptrace_entry e = new_ports[s];
    if (!e.flags || !session_live(&e))
        e.flags = 0, e.tracer = NIL;
    return e;
}

/* Sets session s's settings for new ports. Under new_lock. */
static void set_new_locked(uint32_t s, uint32_t flags, term_t tracer)
{
    new_ports[s] = (ptrace_entry){s, session_gen(s), flags, flags ? tracer : NIL};
    uint32_t all = 0;
    for (uint32_t i = 0; i < ENGINE_MAX_SESSIONS; i++)
        all |= new_setting(i).flags;
    atomic_store_explicit(&port_new_trace_flags, all, memory_order_relaxed);
}

typedef struct born {
    uint32_t n;
    ptrace_entry e[ENGINE_MAX_SESSIONS];
} born;

static void set_born(void **trace, uint32_t *flags, void *arg)
{
    const born *b = arg;
    for (uint32_t i = 0; i < b->n; i++)
        set_entry(trace, flags, b->e[i].session, b->e[i].flags, b->e[i].tracer);
}

/* A process opened a port: the flags of new_ports, then
 * {trace, Port, open, Pid, Driver} (ports), in open and out open
 * (running_ports) and {trace, Port, getting_linked, Pid} (ports), in
 * OTP 25's order. */
static void on_port_open(term_t port, process *owner, term_t driver)
{
    born b = {.n = 0};
    pthread_mutex_lock(&new_lock);
    for (uint32_t s = 0; s < ENGINE_MAX_SESSIONS; s++) {
        ptrace_entry e = new_setting(s);
        if (e.flags)
            b.e[b.n++] = e;
    }
    pthread_mutex_unlock(&new_lock);
    if (b.n == 0 || !port_trace_with(port, set_born, &b) || delivering)
        return;
    pthread_mutex_t *stripe = stripe_of(port);
    pthread_mutex_lock(stripe);
    delivering++;
    snapshot sn;
    sn.want = TF_RUNNING_PORTS | TF_PORTS;
    if (port_trace_with(port, take_entries, &sn)) {
        term_t cmd = op_atom(TRACE_PORT_OPEN);
        deliver(port, &sn, TF_PORTS, a_open, 2, (term_t[]){owner->pid, driver}, true);
        deliver(port, &sn, TF_RUNNING_PORTS, EA.in, 1, &cmd, true);
        deliver(port, &sn, TF_RUNNING_PORTS, EA.out, 1, &cmd, true);
        deliver(port, &sn, TF_PORTS, EA.getting_linked, 1, &owner->pid, true);
    }
    delivering--;
    pthread_mutex_unlock(stripe);
}

/* ---- erlang:trace/3 and trace_info/2 --------------------------------------------------- */

/* Changes session's flags on the port as erlang:trace/3 does; `tracer`
 * THE_NON_VALUE when none was named (the caller's pid then, if on).
 * 1 done; 0 skipped (traced by another tracer, when `skip`); -1 badarg
 * (not open, or traced by another tracer). Never holds the port's lock
 * while asking a tracer. */
static int change_port(term_t caller, term_t port, uint32_t session, bool on, uint32_t flags, term_t tracer,
                       bool skip)
{
    term_t mine = tracer != THE_NON_VALUE ? tracer : caller;
    for (;;) {
        snapshot sn;
        sn.session = session;
        if (!port_trace_with(port, take_session, &sn))
            return -1;
        change c = {.session = session, .had = sn.n == 1};
        if (c.had)
            c.seen = sn.e[0];
        bool live = c.had && tracer_enabled(c.seen.tracer, EA.trace_status, port) != TRACER_REMOVE;
        if (live && (tracer != THE_NON_VALUE || on) && c.seen.tracer != mine)
            return skip ? 0 : -1;
        uint32_t old = live ? c.seen.flags : 0;
        c.flags = on ? old | flags : old & ~flags;
        c.tracer = live ? c.seen.tracer : mine;
        /* a tracer that is gone (a dead process, a closed port, a module
         * answering remove) leaves the port untraced, at once (OTP 25) */
        if (c.flags && tracer_enabled(c.tracer, EA.trace_status, port) == TRACER_REMOVE)
            c.flags = 0;
        if (!port_trace_with(port, commit_change, &c))
            return -1;
        if (c.done)
            return 1;
        /* changed meanwhile by another caller: again, from what it did */
    }
}

int tev_port_trace(process *caller, uint32_t session, term_t spec, bool on, uint32_t flags, term_t tracer)
{
    if (term_is_port(spec)) {
        if (!term_is_local_port(spec) || (flags & TF_CPU_TIMESTAMP))
            return -1;
        return change_port(caller->pid, spec, session, on, flags, tracer, false);
    }
    bool all = spec == ATOM_all;
    bool existing = all || spec == EA.existing || spec == EA.ports || spec == EA.existing_ports;
    bool new_ = all || spec == EA.new_ || spec == EA.ports || spec == EA.new_ports;
    if (!existing && !new_)
        return 0;
    /* OTP 25 has no cpu_timestamp: all ignores it, the others refuse it */
    if (flags & TF_CPU_TIMESTAMP) {
        if (!all)
            return -1;
        flags &= ~(uint32_t)TF_CPU_TIMESTAMP;
    }
    int n = 0;
    if (existing && (flags & TEV_PORT_FLAGS)) {
        heap_t h;
        heap_init(&h, ALLOC_TEMP);
        for (term_t l = port_all(&h); l != NIL; l = list_tail(l))
            if (change_port(caller->pid, list_head(l), session, on, flags, tracer, true) > 0)
                n++;
        heap_destroy(&h);
    }
    if (new_ && (flags & TEV_PORT_FLAGS)) {
        /* OTP 25: new ports get only the port flags, and the settings
         * change only when some are named; they take the tracer named, the
         * caller's pid when turning on without one, and none when turning
         * off without one (which leaves no flag at all) */
        term_t t = tracer != THE_NON_VALUE ? tracer : on ? caller->pid : NIL;
        flags &= TEV_PORT_FLAGS;
        pthread_mutex_lock(&new_lock);
        ptrace_entry cur = new_setting(session);
        uint32_t now = on ? cur.flags | flags : cur.flags & ~flags;
        set_new_locked(session, t == NIL ? 0 : now, t);
        pthread_mutex_unlock(&new_lock);
    }
    return n;
}

term_t tev_port_info(process *p, uint32_t session, term_t what, term_t item)
{
    heap_t *h = &p->heap;
    uint32_t flags = 0;
    term_t tracer = NIL;
    if (term_is_port(what)) {
        if (!term_is_local_port(what))
            return BIF_BADARG(p);
        snapshot sn;
        sn.session = session;
        /* a port that is not open: undefined, whatever the item (OTP) */
        if (!port_trace_with(what, take_session, &sn))
            return ATOM_undefined;
        if (item != EA.flags && item != EA.tracer)
            return BIF_BADARG(p);
        if (sn.n == 1 && tracer_enabled(sn.e[0].tracer, EA.trace_status, what) == TRACER_REMOVE) {
            change c = {session, true, sn.e[0], 0, NIL, false};
            port_trace_with(what, commit_change, &c);
            sn.n = 0;
        }
        if (sn.n == 1)
            flags = sn.e[0].flags, tracer = sn.e[0].tracer;
    } else if (what == EA.new_ports) {
        if (item != EA.flags && item != EA.tracer)
            return BIF_BADARG(p);
        pthread_mutex_lock(&new_lock);
        ptrace_entry e = new_setting(session);
        pthread_mutex_unlock(&new_lock);
        flags = e.flags, tracer = e.tracer;
    } else {
        return BIF_BADARG(p);
    }
    if (item == EA.flags)
        return term_tuple2(h, item, session_flags_list(h, flags));
    return term_tuple2(h, item, flags ? tracer_term(tracer, h) : NIL);
}

void tev_port_install(void)
{
    a_open = atom_from_cstr("open");
    a_closed = atom_from_cstr("closed");
    a_command = atom_from_cstr("command");
    a_control = atom_from_cstr("control");
    a_close = atom_from_cstr("close");
    a_connect = atom_from_cstr("connect");
    a_info = atom_from_cstr("info");
    a_connected = atom_from_cstr("connected");
    pthread_once(&stripes_once, init_stripes);
    trace_hooks.port_open = on_port_open;
    trace_hooks.port_ran = on_port_ran;
    trace_hooks.port_closed = on_port_closed;
}
