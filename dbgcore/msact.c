/* msact.c: what match spec actions do in a traced process. ms_run_trace
 * never acts itself; call trace (bp.c) and send/receive trace run it with
 * these hooks, which change trace flags ({enable_trace}, {disable_trace},
 * {trace}), read and set the trace control word, and work out {caller}
 * and {caller_line} from the traced process's continuation. */
#include "engine.h"

/* ms_ctx.data for the hooks: the traced process (its state saved, run by
 * the calling thread), the session whose spec runs, and whether an action
 * may have changed the process's own entries. */
typedef struct msact_data {
    process *p;
    uint32_t session;
    bool changed;
} msact_data;

/* The process `target` names (THE_NON_VALUE: the traced process itself; a
 * pid; a registered name), or NULL when there is none. */
static process *target_process(process *p, term_t target)
{
    if (target == THE_NON_VALUE || target == p->pid)
        return p;
    if (term_is_atom(target))
        target = proc_whereis(target);
    if (!term_is_local_pid(target))
        return NULL;
    return proc_lookup(target);
}

/* Changes session's flags on the process `target` names: sets `on`,
 * clears `off`, with `tracer` (THE_NON_VALUE: keep the process's own, or
 * take the traced process's when it has none). -1 when there is no such
 * process or it has another tracer, else 1 when its flags or tracer
 * changed, 0 when not. */
static int change_flags(msact_data *d, term_t target, uint32_t on, uint32_t off, term_t tracer)
{
    process *p = d->p;
    d->changed = true; /* even a lookup may drop p's stale entries */
    ptrace_entry *own = session_entry(p, d->session);
    term_t own_tracer = own ? own->tracer : NIL;
    process *q = target_process(p, target);
    if (!q)
        return -1;
    if (q != p && sched_claim(p, q) == SCHED_CLAIM_GONE)
        return -1;
    ptrace_entry *pe = session_entry(q, d->session);
    uint32_t old = pe ? pe->flags : 0;
    term_t old_tracer = pe ? pe->tracer : NIL;
    term_t new_tracer = tracer != THE_NON_VALUE ? tracer : pe ? old_tracer : own_tracer;
    int r;
    if (pe && on && tracer == THE_NON_VALUE && q != p && old_tracer != own_tracer) {
        r = -1; /* traced by someone else: not ours to add to */
    } else {
        uint32_t now = (old | on) & ~off;
        if (now && new_tracer == NIL)
            now = 0; /* no tracer to send to: nothing can be traced */
        r = now != old || (now && new_tracer != old_tracer);
        if (r)
            session_set(q, d->session, now, new_tracer);
    }
    if (q != p)
        sched_release(q);
    return r;
}

static term_t act_enable_trace(ms_ctx *ctx, term_t target, term_t flag, bool enable)
{
    uint32_t bit;
    if (!session_flag_of(flag, &bit))
        return THE_NON_VALUE;
    int r = change_flags(ctx->data, target, enable ? bit : 0, enable ? 0 : bit, THE_NON_VALUE);
    return r < 0 ? THE_NON_VALUE : ATOM_true;
}

/* Reads a {trace, ...} flag list; a tracer ({tracer, Pid | Port} or
 * {tracer, Module, State}) only where `tracer` is given. False on
 * anything else. */
static bool read_list(term_t l, uint32_t *flags, term_t *tracer)
{
    *flags = 0;
    for (; term_is_list(l); l = list_tail(l)) {
        term_t f = list_head(l);
        uint32_t bit;
        if (tracer && tracer_read(f, tracer) == TRACER_OK)
            continue;
        if (!session_flag_of(f, &bit))
            return false;
        *flags |= bit;
    }
    return l == NIL;
}

static term_t act_trace(ms_ctx *ctx, term_t target, term_t disable, term_t enable)
{
    uint32_t on, off;
    term_t tracer = THE_NON_VALUE;
    if (!read_list(disable, &off, NULL) || !read_list(enable, &on, &tracer))
        return THE_NON_VALUE;
    int r = change_flags(ctx->data, target, on, off & ~on, tracer);
    return r < 0 ? THE_NON_VALUE : r ? ATOM_true : ATOM_false;
}

static term_t act_get_tcw(ms_ctx *ctx) { return term_small(ms_tcw_get()); }
static term_t act_set_tcw(ms_ctx *ctx, uint32_t tcw) { return term_small(ms_tcw_set(tcw)); }

/* {caller}: {M, F, A} of the function the traced one returns to (return
 * trace frames skipped); {caller_line} adds {File, Line}. undefined when
 * it returns nowhere (its process's first function). */
static term_t act_caller(ms_ctx *ctx, bool line)
{
    const msact_data *d = ctx->data;
    const call_frame *f = trace_real_frame(d->p, d->p->nframes);
    code_location loc;
    if (!f || !code_find(f->pc, &loc))
        return ATOM_undefined;
    term_t m = (term_t)loc.header[FH_MODULE], fn = (term_t)loc.header[FH_NAME];
    term_t a = term_small((int64_t)loc.header[FH_ARITY]);
    if (!line)
        return term_tuple3(ctx->heap, m, fn, a);
    term_t where = ATOM_undefined;
    if (loc.line && loc.module->file) {
        const char *file = loc.module->file;
        where = term_tuple2(ctx->heap, term_utf8_string(ctx->heap, file, strlen(file)), term_small(loc.line));
    }
    return term_tuple(ctx->heap, 4, (term_t[]){m, fn, a, where});
}

/* The sequential trace token of the traced process (vm/seqtrace.h):
 * {set_seq_token, Key, Value} is seq_trace:set_token/2 that answers true,
 * or false for a bad key or value, as OTP's. */
static bool act_is_seq_trace(ms_ctx *ctx) { return seq_active(((msact_data *)ctx->data)->p); }
static term_t act_get_seq_token(ms_ctx *ctx)
{
    return seq_token_term(((msact_data *)ctx->data)->p, ctx->heap);
}
static term_t act_set_seq_token(ms_ctx *ctx, term_t key, term_t value)
{
    return seq_set(((msact_data *)ctx->data)->p, key, value, ctx->heap) == THE_NON_VALUE ? ATOM_false
                                                                                         : ATOM_true;
}

static const ms_hooks msact_hooks = {
    .enable_trace = act_enable_trace,
    .trace = act_trace,
    .get_tcw = act_get_tcw,
    .set_tcw = act_set_tcw,
    .caller = act_caller,
    .is_seq_trace = act_is_seq_trace,
    .get_seq_token = act_get_seq_token,
    .set_seq_token = act_set_seq_token,
    /* display and process_dump: as match_spec_test's (ms.h) */
};

bool msact_run_prog(const ms_prog *prog, process *p, uint32_t session, heap_t *h, const term_t *args,
                    unsigned nargs, msact_verdict *out)
{
    *out = MSACT_PLAIN;
    msact_data d = {p, session, false};
    ms_ctx ctx = {h, p->pid, THE_NON_VALUE, THE_NON_VALUE, &msact_hooks, &d};
    ms_result res;
    if (!ms_run_trace(prog, &ctx, args, nargs, &res))
        return false;
    out->flags = res.flags;
    out->changed = d.changed;
    out->send = res.message != ATOM_false;
    if (res.message != ATOM_true && res.message != ATOM_false)
        out->extra = res.message;
    return true;
}
