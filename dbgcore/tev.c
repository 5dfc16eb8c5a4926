/* tev.c: trace events: the trace messages OTP documents
 * ({trace, Pid, Tag, ...} and {trace_ts, ..., Ts}), built and handed to
 * the tracer, and the VM's trace hooks that produce them. */
#include "engine.h"

#include <pthread.h>

/* Each thread's scratch heaps, one per nesting level; a heap that grew
 * past SCRATCH_KEEP words is freed rather than kept. */
#define SCRATCH_DEPTH 8
#define SCRATCH_KEEP (64 * 1024)
static _Thread_local heap_t scratch[SCRATCH_DEPTH];
static _Thread_local unsigned scratch_ready, scratch_used;

/* A thread that leaves frees its scratch heaps (schedulers live as long
 * as the VM; other threads that trace, e.g. tests' writers, may not). */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void free_scratch(void *unused)
{
    (void)unused;
    for (unsigned i = 0; i < scratch_ready; i++)
        heap_destroy(&scratch[i]);
    scratch_ready = 0;
}

static void make_scratch_key(void) { pthread_key_create(&scratch_key, free_scratch); }

heap_t *tev_scratch(void)
{
    unsigned i = scratch_used++;
    if (i >= SCRATCH_DEPTH) {
        /* deeper than any event nests: a heap of its own */
        heap_t *h = alloc_new(ALLOC_TEMP, sizeof *h);
        heap_init(h, ALLOC_TEMP);
        return h;
    }
    if (i >= scratch_ready) {
        if (scratch_ready == 0) {
            pthread_once(&scratch_once, make_scratch_key);
            pthread_setspecific(scratch_key, scratch);
        }
        heap_init(&scratch[i], ALLOC_TEMP);
        scratch_ready = i + 1;
    }
    return &scratch[i];
}

void tev_scratch_done(heap_t *h)
{
    unsigned i = --scratch_used;
    if (i >= SCRATCH_DEPTH) {
        heap_destroy(h);
        alloc_free(ALLOC_TEMP, h, sizeof *h);
        return;
    }
    heap_block *b = h->blocks;
    if (!b) /* nothing built (a match spec that failed, say) */
        return;
    if (!b->next && !h->offheap && b->words <= SCRATCH_KEEP) {
        /* one block and nothing off-heap (every event but large ones):
         * heap_reset's work is moving the top back */
        h->top = b->mem;
        return;
    }
    size_t words = 0;
    for (b = h->blocks; b; b = b->next)
        words += b->words;
    if (words > SCRATCH_KEEP) {
        heap_destroy(h);
        heap_init(h, ALLOC_TEMP);
    } else {
        heap_reset(h);
    }
}

/* A sensitive process's flags stay set and make no events (OTP); its
 * effective flags are 0 (proc_set_trace_flags), so this test is for the
 * events of breakpoints and return frames, which read its entries. */
void tev_send(process *p, ptrace_entry *pe, term_t tag, unsigned n, const term_t *elems, term_t extra)
{
    if (p->sensitive)
        return;
    switch (tracer_enabled(pe->tracer, tag, p->pid)) {
    case TRACER_TRACE:
        if (!tracer_deliver(pe->tracer, p->pid, pe->flags, tag, n, elems, extra))
            session_set(p, pe->session, 0, NIL); /* a port that closed */
        break;
    case TRACER_DISCARD:
        break;
    case TRACER_REMOVE:
        /* the tracer is gone or done: its flags go (OTP checks at each event) */
        session_set(p, pe->session, 0, NIL);
        break;
    }
}

void tev_send_unasked(process *p, ptrace_entry *pe, term_t tag, unsigned n, const term_t *elems, term_t extra)
{
    if (pe->tracer == p->pid || p->sensitive)
        return; /* a process's own events never go to itself */
    if (!tracer_deliver(pe->tracer, p->pid, pe->flags, tag, n, elems, extra))
        session_set(p, pe->session, 0, NIL); /* a port that closed */
}

void tev_emit(process *p, uint32_t flag, term_t tag, unsigned n, const term_t *elems)
{
    /* downwards: a gone tracer's entry is replaced by the last, seen already */
    for (uint32_t i = p->trace ? ((proc_trace *)p->trace)->n : 0; i-- > 0;) {
        ptrace_entry *pe = &((proc_trace *)p->trace)->e[i];
        if ((pe->flags & flag) && session_live(pe))
            tev_send(p, pe, tag, n, elems, THE_NON_VALUE);
    }
}

/* {M, F, Arity} of a function header, on h. */
static term_t mfa_of(heap_t *h, const code_t *header)
{
    return term_tuple3(h, (term_t)header[FH_MODULE], (term_t)header[FH_NAME],
                       term_small((int64_t)header[FH_ARITY]));
}

static void on_return_from(process *p, const trace_frame *tf, term_t value)
{
    ptrace_entry *pe = session_entry(p, tf->session);
    if (!pe || !(pe->flags & TF_CALL) || (pe->flags & TF_SILENT))
        return;
    heap_t *h = tev_scratch();
    term_t e[2] = {mfa_of(h, tf->header), value};
    tev_send_unasked(p, pe, EA.return_from, 2, e, THE_NON_VALUE);
    tev_scratch_done(h);
}

/* Left a return_to frame: {trace, Pid, return_to, {M, F, A}} of the
 * function that continues (undefined when it is not known). */
static void on_return_to(process *p, const trace_frame *tf, const code_t *to)
{
    ptrace_entry *pe = session_entry(p, tf->session);
    if (!pe || !(pe->flags & TF_CALL) || !(pe->flags & TF_RETURN_TO) || (pe->flags & TF_SILENT))
        return;
    code_location loc;
    heap_t *h = tev_scratch();
    term_t mfa = to && code_find(to, &loc) ? mfa_of(h, loc.header) : ATOM_undefined;
    tev_send_unasked(p, pe, EA.return_to, 1, &mfa, THE_NON_VALUE);
    tev_scratch_done(h);
}

static void on_exception_from(process *p, const trace_frame *tf, proc_class cls, term_t reason)
{
    ptrace_entry *pe = session_entry(p, tf->session);
    if (!pe || !(pe->flags & TF_CALL) || (pe->flags & TF_SILENT))
        return;
    term_t c = cls == CLASS_ERROR ? ATOM_error : cls == CLASS_EXIT ? ATOM_exit : ATOM_throw;
    heap_t *h = tev_scratch();
    term_t e[2] = {mfa_of(h, tf->header), term_tuple2(h, c, reason)};
    tev_send_unasked(p, pe, EA.exception_from, 2, e, THE_NON_VALUE);
    tev_scratch_done(h);
}

/* ---- send and receive ------------------------------------------------------ */

/* Each session's send and 'receive' pattern (trace_pattern(send | 'receive',
 * ...)): NULL traces every message (true), MSG_NONE none (false), else a
 * match spec program. Swapped under pattern_lock; a replaced program is
 * freed after thread progress, when no event can still be running it. */
#define MSG_NONE ((ms_prog *)1)
static _Atomic(ms_prog *) msg_patterns[2][ENGINE_MAX_SESSIONS];
static pthread_mutex_t pattern_lock = PTHREAD_MUTEX_INITIALIZER;

static void free_prog(void *prog) { ms_free(prog); }

void tev_set_msg_pattern(uint32_t session, bool recv, ms_prog *prog, bool none)
{
    pthread_mutex_lock(&pattern_lock);
    ms_prog *old = atomic_exchange(&msg_patterns[recv][session], none ? MSG_NONE : prog);
    pthread_mutex_unlock(&pattern_lock);
    if (old && old != MSG_NONE)
        progress_defer(free_prog, old);
}

term_t tev_msg_pattern_info(uint32_t session, bool recv, heap_t *h)
{
    pthread_mutex_lock(&pattern_lock);
    ms_prog *prog = atomic_load(&msg_patterns[recv][session]);
    term_t r = !prog ? ATOM_true : prog == MSG_NONE ? ATOM_false : copy_term(h, ms_source(prog));
    pthread_mutex_unlock(&pattern_lock);
    return r;
}

/* One message event of p for every session whose flags include `flag`
 * and whose pattern lets it through: {trace, Pid, Tag, E1, E2} (E2
 * omitted when THE_NON_VALUE), with a match spec's message appended.
 * `ms_args` is what the pattern's head matches. */
static void message_event(process *p, uint32_t flag, bool recv, term_t tag, term_t e1, term_t e2,
                          const term_t *ms_args, unsigned nargs)
{
    /* the sessions first: a spec's actions may change p's entries */
    uint32_t sessions[ENGINE_MAX_SESSIONS], n = 0;
    proc_trace *t = p->trace;
    for (uint32_t i = 0; t && i < t->n; i++)
        if ((t->e[i].flags & flag) && session_live(&t->e[i]))
            sessions[n++] = t->e[i].session;
    for (uint32_t i = 0; i < n; i++) {
        ms_prog *prog = atomic_load_explicit(&msg_patterns[recv][sessions[i]], memory_order_acquire);
        if (prog == MSG_NONE)
            continue;
        heap_t *h = tev_scratch();
        msact_verdict v;
        bool send = msact_run(prog, p, sessions[i], h, ms_args, nargs, &v) && v.send;
        ptrace_entry *pe = session_entry(p, sessions[i]);
        if (send && pe)
            tev_send(p, pe, tag, e2 == THE_NON_VALUE ? 1 : 2, (term_t[]){e1, e2}, v.extra);
        tev_scratch_done(h);
    }
}

/* p sent msg to `to` (as given): send, or send_to_non_existing_process
 * when nobody got it; the pattern's head is [To, Msg]. */
static void on_send(process *p, term_t to, term_t msg, bool exists)
{
    term_t tag = exists ? EA.send : EA.send_to_non_existing_process;
    message_event(p, TF_SEND, false, tag, msg, to, (term_t[]){to, msg}, 2);
}

/* msg from `from` reached p's queue, or p's receive timed out (from
 * THE_NON_VALUE): 'receive'; the pattern's head is [Node, Sender, Msg]. */
static void on_receive(process *p, term_t from, term_t msg)
{
    term_t sender = from == THE_NON_VALUE ? ATOM_undefined : from;
    message_event(p, TF_RECEIVE, true, EA.receive, msg, THE_NON_VALUE,
                  (term_t[]){ATOM_nonode_at_nohost, sender, msg}, 3);
}

/* A new process: flags of `new` settings, of set_on_spawn (the child
 * gets the parent's flags; set_on_first_spawn: the first child only, and
 * the parent loses the flag) and, for spawn_link, of set_on_link and
 * set_on_first_link the same way (OTP 25 passes these on at spawn_link
 * only). Then the procs events: spawn and link from the parent, spawned
 * and getting_linked from the child. The child has not run: owned by the
 * caller. */
static void on_spawn(process *parent, process *child, term_t m, term_t f, term_t args, bool linked)
{
    for (uint32_t s = 0; s < ENGINE_MAX_SESSIONS; s++) {
        session_new n = session_new_get(s);
        if (n.flags && n.tracer != child->pid)
            session_set(child, s, n.flags, n.tracer);
    }
    proc_trace *t = parent ? parent->trace : NULL;
    for (uint32_t i = 0; t && i < t->n; i++) {
        ptrace_entry *pe = &t->e[i];
        if (!session_live(pe))
            continue;
        uint32_t every = TF_SOS | (linked ? TF_SOL : 0), first = TF_SOFS | (linked ? TF_SOFL : 0);
        if (pe->flags & every) {
            session_set(child, pe->session, pe->flags & ~(first & ~every), pe->tracer);
        } else if (pe->flags & first) {
            session_set(child, pe->session, pe->flags & ~first, pe->tracer);
            session_set(parent, pe->session, pe->flags & ~first, pe->tracer);
            t = parent->trace;
        }
    }
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t mfa = term_tuple3(&h, m, f, args);
    if (parent) {
        tev_emit(parent, TF_PROCS, EA.spawn, 2, (term_t[]){child->pid, mfa});
        if (linked)
            tev_emit(parent, TF_PROCS, EA.link, 1, &child->pid);
    }
    tev_emit(child, TF_PROCS, EA.spawned, 2, (term_t[]){parent ? parent->pid : child->pid, mfa});
    if (linked)
        tev_emit(child, TF_PROCS, EA.getting_linked, 1, &parent->pid);
    heap_destroy(&h);
}

/* link, unlink, getting_linked, getting_unlinked. */
static void on_link(process *p, term_t other, trace_link_event what)
{
    term_t tag = what == TRACE_LINK     ? EA.link
                 : what == TRACE_UNLINK ? EA.unlink
                 : what == TRACE_GETTING_LINKED ? EA.getting_linked
                                                : EA.getting_unlinked;
    tev_emit(p, TF_PROCS, tag, 1, &other);
}

/* register, unregister. */
static void on_reg(process *p, term_t name, bool unregister)
{
    tev_emit(p, TF_PROCS, unregister ? EA.unregister : EA.register_, 1, &name);
}

/* p exits: {trace, Pid, exit, Reason} to every session with procs. */
static void on_exit(process *p, term_t reason) { tev_emit(p, TF_PROCS, ATOM_exit, 1, &reason); }

void tev_init(void)
{
    trace_hooks.call = bp_call;
    trace_hooks.return_from = on_return_from;
    trace_hooks.return_to = on_return_to;
    trace_hooks.exception_from = on_exception_from;
    trace_hooks.loaded = bp_loaded;
    trace_hooks.free = session_free_proc;
    trace_hooks.safe_point = session_reap;
    trace_hooks.spawn = on_spawn;
    trace_hooks.link = on_link;
    trace_hooks.reg = on_reg;
    trace_hooks.send = on_send;
    trace_hooks.receive = on_receive;
    trace_hooks.exit = on_exit;
    tev_sched_install();
    tev_port_install();
    tracer_seq_install();
}
