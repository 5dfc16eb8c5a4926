/* bp.c: function patterns and the breakpoints that carry them (DESIGN.md
 * mechanism 1; docs/internals/breakpoints.md). A traced function has a
 * breakpoint record in its header's slot (local patterns, meta, counters)
 * and/or in its export entry's (global patterns). A record holds two
 * generations of settings; trace_bp_active says which one running code
 * reads. Changing patterns stages the other generation, writes breakpoint
 * instructions, flips the index and restores the instructions of records
 * left empty, with thread-progress waits between, under the code
 * modification permission. Schedulers never stop. */
#include "engine.h"

#include <string.h>

/* A call match spec as patterns hold it: the compiled program (its source
 * is what trace_info reports), shared by the settings and generations
 * that use it, freed with the last one: after thread progress, once no
 * breakpoint can be running it. */
typedef struct bp_spec {
    _Atomic uint32_t refs;
    ms_prog *prog;
} bp_spec;

static bp_rec *records; /* every record, under code_mod_lock */

/* ---- specs and generations ----------------------------------------------- */

static bp_spec *spec_ref(bp_spec *s)
{
    if (s)
        atomic_fetch_add_explicit(&s->refs, 1, memory_order_relaxed);
    return s;
}

static void spec_unref(bp_spec *s)
{
    if (!s || atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) != 1)
        return;
    ms_free(s->prog);
    alloc_free(ALLOC_MATCH_SPEC, s, sizeof *s);
}

static size_t gen_bytes(uint32_t n) { return sizeof(bp_gen) + n * sizeof(bp_setting); }

static void gen_free(bp_gen *g)
{
    if (!g)
        return;
    for (uint32_t i = 0; i < g->n; i++)
        spec_unref(g->s[i].ms);
    alloc_free(ALLOC_BREAKPOINT, g, gen_bytes(g->n));
}

static uint32_t gen_vm_flags(const bp_gen *g)
{
    uint32_t f = 0;
    for (uint32_t i = 0; g && i < g->n; i++) {
        if (g->s[i].kinds & (BPK_GLOBAL | BPK_LOCAL))
            f |= TBP_CALL;
        if (g->s[i].kinds & (BPK_META | BPK_COUNT | BPK_TIME | BPK_MEMORY))
            f |= TBP_EVERY;
    }
    return f;
}

/* A copy of g in which `session`'s setting has kinds `on` set (with spec,
 * replacing the call spec) and `off` cleared; a setting left with no kind
 * is dropped. NULL when nothing is left. */
static bp_gen *gen_with(const bp_gen *g, uint32_t session, uint32_t on, uint32_t off, bp_spec *spec)
{
    uint32_t n = g ? g->n : 0;
    bp_gen *ng = alloc_new(ALLOC_BREAKPOINT, gen_bytes(n + 1));
    uint32_t k = 0;
    bool found = false;
    for (uint32_t i = 0; i < n; i++) {
        bp_setting s = g->s[i];
        if (s.session == session) {
            found = true;
            s.kinds = (s.kinds | on) & ~off;
            if (on & (BPK_GLOBAL | BPK_LOCAL))
                s.ms = spec;
            else if (!(s.kinds & (BPK_GLOBAL | BPK_LOCAL)))
                s.ms = NULL;
            if (!s.kinds)
                continue;
        }
        spec_ref(s.ms);
        ng->s[k++] = s;
    }
    if (!found && on) {
        ng->s[k] = (bp_setting){.session = session, .kinds = on};
        ng->s[k++].ms = spec_ref(spec);
    }
    ng->n = k;
    if (k == 0) {
        alloc_free(ALLOC_BREAKPOINT, ng, gen_bytes(n + 1));
        return NULL;
    }
    return ng;
}

/* ---- records ----------------------------------------------------------------- */

/* The record in the header slot `slot` (a function's, or an export
 * entry's), made when `create` and there is none. `at` is the word a
 * breakpoint goes over. */
static bp_rec *record_at(code_t *slot, code_t *at, const code_t *header, export_entry *e, bool create)
{
    bp_rec *r = (bp_rec *)trace_read_word(slot);
    if (r || !create)
        return r;
    r = alloc_zeroed(ALLOC_BREAKPOINT, sizeof *r);
    r->vm.orig = trace_read_word(at);
    r->at = at;
    r->header = header;
    r->e = e;
    r->module = (term_t)header[FH_MODULE];
    r->next = records;
    records = r;
    trace_patch_word(slot, (code_t)r);
    return r;
}

static void record_free(void *arg)
{
    bp_rec *r = arg;
    gen_free(r->gen[0]);
    if (r->gen[1] != r->gen[0])
        gen_free(r->gen[1]);
    alloc_free(ALLOC_BREAKPOINT, r, sizeof *r);
}

static void record_unlink(bp_rec *r)
{
    for (bp_rec **pp = &records; *pp; pp = &(*pp)->next)
        if (*pp == r) {
            *pp = r->next;
            return;
        }
}

static code_t *slot_of(bp_rec *r)
{
    return r->e ? &r->e->header[FH_BP] : (code_t *)r->header + FH_BP;
}

/* ---- staging ------------------------------------------------------------------- */

/* One record's change in a trace_pattern call. */
typedef struct staged {
    bp_rec *rec;
    bp_gen *gen; /* the new settings (NULL: none) */
} staged;

typedef struct stage_list {
    staged *v;
    size_t n, cap;
} stage_list;

static void stage(stage_list *l, bp_rec *r, uint32_t session, uint32_t on, uint32_t off, bp_spec *spec)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].rec == r) {
            bp_gen *g = gen_with(l->v[i].gen, session, on, off, spec);
            gen_free(l->v[i].gen);
            l->v[i].gen = g;
            return;
        }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        l->v = l->v ? alloc_resize(ALLOC_TEMP, l->v, l->cap * sizeof *l->v, cap * sizeof *l->v)
                    : alloc_new(ALLOC_TEMP, cap * sizeof *l->v);
        l->cap = cap;
    }
    unsigned active = atomic_load_explicit(&trace_bp_active, memory_order_relaxed);
    l->v[l->n++] = (staged){r, gen_with(r->gen[active], session, on, off, spec)};
}

static void wait_progress(void) { progress_wait(progress_later()); }

/* The sequence of the tracing implementation notes for every staged
 * change: stage, wait, write breakpoints, wait, flip, wait, restore the
 * instructions of emptied records, wait, consolidate, free. Under
 * code_mod_lock; blocks the calling thread (the caller parks its process). */
static void commit(stage_list *l)
{
    if (l->n == 0)
        return;
    unsigned active = atomic_load_explicit(&trace_bp_active, memory_order_relaxed);
    unsigned staging = 1 - active;
    for (size_t i = 0; i < l->n; i++) {
        bp_rec *r = l->v[i].rec;
        r->gen[staging] = l->v[i].gen;
        __atomic_store_n(&r->vm.flags[staging], gen_vm_flags(l->v[i].gen), __ATOMIC_RELAXED);
        /* an export entry's breakpoint goes over its stub: [jump, code]
         * for a function, whose first word is then what it saved */
        if (r->e && !r->installed && r->vm.flags[staging]) {
            if (trace_export_stub(r->e))
                r->vm.orig = trace_read_word(r->at);
            else /* no code: nothing to stop at (cannot happen for a loaded function) */
                __atomic_store_n(&r->vm.flags[staging], 0, __ATOMIC_RELAXED);
        }
    }
    wait_progress();
    bool wrote = false;
    for (size_t i = 0; i < l->n; i++) {
        bp_rec *r = l->v[i].rec;
        if (!r->installed && r->vm.flags[staging]) {
            trace_patch_word(r->at, trace_breakpoint_word());
            r->installed = wrote = true;
        }
    }
    if (wrote)
        wait_progress();
    atomic_store_explicit(&trace_bp_active, staging, memory_order_relaxed);
    wait_progress();
    bool restored = false;
    for (size_t i = 0; i < l->n; i++) {
        bp_rec *r = l->v[i].rec;
        if (r->installed && !r->vm.flags[staging]) {
            if (trace_read_word(r->at) == trace_breakpoint_word())
                trace_patch_word(r->at, r->vm.orig);
            if (r->e)
                trace_export_unstub(r->e);
            r->installed = false;
            restored = true;
        }
    }
    if (restored)
        wait_progress();
    for (size_t i = 0; i < l->n; i++) {
        bp_rec *r = l->v[i].rec;
        bp_gen *old = r->gen[active];
        r->gen[active] = r->gen[staging];
        __atomic_store_n(&r->vm.flags[active], r->vm.flags[staging], __ATOMIC_RELAXED);
        if (old != r->gen[staging])
            gen_free(old);
        if (!r->gen[staging] && !r->installed) {
            record_unlink(r);
            trace_patch_word(slot_of(r), 0);
            r->gen[0] = r->gen[1] = NULL;
            record_free(r);
        }
    }
    alloc_free(ALLOC_TEMP, l->v, l->cap * sizeof *l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

/* ---- matching functions ------------------------------------------------------- */

/* What a trace_pattern call asks, as bp_set takes it. */
static bool name_matches(term_t pat, term_t name) { return pat == EA.underscore || pat == name; }

/* Stages `on`/`off` of kind `kind` (BPK_GLOBAL or BPK_LOCAL) for one
 * function: its code place (header, entry) and its export entry e (NULL
 * when not exported), or a BIF's export entry. */
static void stage_function(stage_list *l, uint32_t session, code_t *header, export_entry *e, uint32_t kind,
                           bool enable, bp_spec *spec)
{
    code_t *entry = header ? header + FUNC_HEADER_WORDS : NULL;
    if (!header) { /* a BIF: both kinds sit in its export entry */
        bp_rec *r = record_at(&e->header[FH_BP], e->stub, e->header, e, enable);
        if (r)
            stage(l, r, session, enable ? kind : 0, enable ? (BPK_GLOBAL | BPK_LOCAL) & ~kind : kind, spec);
        return;
    }
    bp_rec *code_rec = record_at(header + FH_BP, entry, header, NULL, enable && kind == BPK_LOCAL);
    bp_rec *exp_rec = e ? record_at(&e->header[FH_BP], e->stub, header, e, enable && kind == BPK_GLOBAL) : NULL;
    bp_rec *mine = kind == BPK_LOCAL ? code_rec : exp_rec;
    bp_rec *other = kind == BPK_LOCAL ? exp_rec : code_rec;
    uint32_t other_kind = kind == BPK_LOCAL ? BPK_GLOBAL : BPK_LOCAL;
    if (mine)
        stage(l, mine, session, enable ? kind : 0, enable ? 0 : kind, spec);
    if (enable && other) /* global and local exclude each other */
        stage(l, other, session, 0, other_kind, NULL);
}

int bp_set(process *caller, uint32_t session, term_t m, term_t f, int arity, uint32_t kind, bool enable,
           ms_prog *prog)
{
    bp_spec *spec = NULL;
    if (prog && enable) {
        spec = alloc_zeroed(ALLOC_MATCH_SPEC, sizeof *spec);
        atomic_init(&spec->refs, 1);
        spec->prog = prog;
    } else if (prog) {
        ms_free(prog);
    }
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    stage_list l = {0};
    int matched = 0;
    if (caller)
        sched_park(caller);
    code_mod_lock();
    for (term_t ms = code_all_loaded(&h); ms != NIL; ms = list_tail(ms)) {
        term_t mod = list_head(ms);
        if (!name_matches(m, mod))
            continue;
        const module_code *mc = code_module(mod);
        if (!mc)
            continue;
        for (size_t i = 0; i < mc->nfuncs; i++) {
            const code_func *fn = &mc->funcs[i];
            if (!name_matches(f, fn->name) || (arity >= 0 && (unsigned)arity != fn->arity))
                continue;
            if (kind == BPK_GLOBAL && !fn->exported)
                continue;
            export_entry *e = fn->exported ? code_export_get(mod, fn->name, fn->arity) : NULL;
            if (e && e->bif)
                continue; /* a BIF's name: the BIF is what runs */
            stage_function(&l, session, mc->code + fn->header, e, kind, enable, spec);
            matched++;
        }
    }
    size_t nb;
    const bif_entry *bifs = bif_all(&nb);
    for (size_t i = 0; i < nb; i++) {
        term_t mod = atom_from_cstr(bifs[i].module), name = atom_from_cstr(bifs[i].name);
        if (!name_matches(m, mod) || !name_matches(f, name) || (arity >= 0 && (unsigned)arity != bifs[i].arity))
            continue;
        export_entry *e = code_export_get(mod, name, bifs[i].arity);
        if (!e->bif)
            continue;
        stage_function(&l, session, NULL, e, kind, enable, spec);
        matched++;
    }
    commit(&l);
    code_mod_unlock();
    if (caller)
        sched_unpark(caller);
    spec_unref(spec);
    heap_destroy(&h);
    return matched;
}

/* ---- the hooks ------------------------------------------------------------------ */

/* One session's call trace of the function `header` in p: its match
 * spec's verdict and actions, the call message, the return frames. */
static void call_trace(process *p, const bp_setting *s, const code_t *header, const term_t *args, bool local,
                       ptrace_entry before)
{
    unsigned arity = (unsigned)header[FH_ARITY];
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    msact_verdict v;
    if (!msact_run(s->ms ? s->ms->prog : NULL, p, s->session, &h, args, arity, &v)) {
        heap_destroy(&h);
        return;
    }
    unsigned act = v.flags;
    /* The actions may have changed p's entries: this call's message goes
     * out as its flags now say (arity, silent) to the tracer it had, even
     * when they took the call flag away (as OTP's). */
    ptrace_entry *pe = session_entry(p, s->session);
    if (pe && (act & (MS_SILENT_ON | MS_SILENT_OFF))) {
        uint32_t fl = (act & MS_SILENT_ON) ? pe->flags | TF_SILENT : pe->flags & ~(uint32_t)TF_SILENT;
        session_set(p, s->session, fl, pe->tracer);
        pe = session_entry(p, s->session);
    }
    ptrace_entry now = pe ? *pe : before;
    if (v.send && !(now.flags & TF_SILENT)) {
        term_t what = (now.flags & TF_ARITY) ? term_small(arity) : term_list_from(&h, args, arity, NIL);
        term_t mfa = term_tuple3(&h, (term_t)header[FH_MODULE], (term_t)header[FH_NAME], what);
        if (!pe)
            now.tracer = before.tracer;
        tev_send(p, pe ? pe : &now, EA.call, 1, &mfa, v.extra);
    }
    uint32_t flags = now.flags;
    heap_destroy(&h);
    /* return_to below the return frame: return_from comes first */
    if ((flags & TF_RETURN_TO) && local && !trace_returns_to_traced(p))
        trace_push_frame(p, header, s->session, TFR_RETURN_TO);
    if (act & MS_EXCEPTION_TRACE)
        trace_push_frame(p, header, s->session, TFR_EXCEPTION);
    else if (act & MS_RETURN_TRACE)
        trace_push_frame(p, header, s->session, TFR_RETURN);
}

void bp_call(process *p, const code_t *entry, const trace_bp *bp, unsigned gen)
{
    const bp_rec *r = (const bp_rec *)bp;
    const bp_gen *g = r->gen[gen];
    if (!g)
        return;
    const term_t *args = p->stack + p->base;
    for (uint32_t i = 0; i < g->n; i++) {
        const bp_setting *s = &g->s[i];
        if (!(s->kinds & (BPK_GLOBAL | BPK_LOCAL)))
            continue;
        ptrace_entry *pe = session_entry(p, s->session);
        if (pe && (pe->flags & TF_CALL))
            call_trace(p, s, r->header, args, (s->kinds & BPK_LOCAL) != 0, *pe);
    }
}

void bp_loaded(const module_code *mc)
{
    /* The module's previous code and its exports lose their patterns at
     * once (no flip: nothing needs to change atomically with them); the
     * records go after thread progress. */
    for (bp_rec **pp = &records; *pp;) {
        bp_rec *r = *pp;
        if (r->module != mc->name) {
            pp = &r->next;
            continue;
        }
        *pp = r->next;
        if (r->installed && trace_read_word(r->at) == trace_breakpoint_word())
            trace_patch_word(r->at, r->vm.orig);
        __atomic_store_n(&r->vm.flags[0], 0, __ATOMIC_RELAXED);
        __atomic_store_n(&r->vm.flags[1], 0, __ATOMIC_RELAXED);
        trace_patch_word(slot_of(r), 0);
        progress_defer(record_free, r);
    }
}

/* ---- trace_info ------------------------------------------------------------------ */

/* session's setting in the active generation of the record in `slot`. */
static const bp_setting *active_setting(const code_t *slot, uint32_t session)
{
    const bp_rec *r = (const bp_rec *)trace_read_word(slot);
    if (!r)
        return NULL;
    const bp_gen *g = r->gen[atomic_load_explicit(&trace_bp_active, memory_order_relaxed)];
    for (uint32_t i = 0; g && i < g->n; i++)
        if (g->s[i].session == session)
            return &g->s[i];
    return NULL;
}

void bp_get_info(uint32_t session, term_t m, term_t f, unsigned arity, heap_t *h, bp_info *out)
{
    out->traced = ATOM_undefined;
    out->match_spec = ATOM_undefined;
    code_mod_lock();
    const code_t *code_slot = NULL, *exp_slot = NULL;
    export_entry *e = NULL;
    const module_code *mc = code_module(m);
    for (size_t i = 0; mc && i < mc->nfuncs; i++)
        if (mc->funcs[i].name == f && mc->funcs[i].arity == arity) {
            code_slot = mc->code + mc->funcs[i].header + FH_BP;
            if (mc->funcs[i].exported)
                e = code_export_get(m, f, arity);
        }
    const bif_entry *b = bif_lookup(m, f, arity);
    if (b)
        e = code_export_get(m, f, arity);
    if (e)
        exp_slot = &e->header[FH_BP];
    if (code_slot || exp_slot) {
        const bp_setting *g = exp_slot ? active_setting(exp_slot, session) : NULL;
        const bp_setting *l = code_slot ? active_setting(code_slot, session) : NULL;
        const bp_setting *s = NULL;
        out->traced = ATOM_false;
        out->match_spec = ATOM_false;
        if (g && (g->kinds & (BPK_GLOBAL | BPK_LOCAL))) {
            s = g;
            out->traced = (g->kinds & BPK_LOCAL) ? EA.local : EA.global;
        } else if (l && (l->kinds & BPK_LOCAL)) {
            s = l;
            out->traced = EA.local;
        }
        if (s) {
            const bp_spec *spec = s->ms;
            out->match_spec = spec ? copy_term(h, ms_source(spec->prog)) : NIL;
        }
    }
    code_mod_unlock();
}
