/* bp.c: function patterns and the breakpoints that carry them (DESIGN.md
 * mechanism 1; docs/internals/breakpoints.md): call trace (global, local),
 * meta trace, call_count, call_time, call_memory, and the on_load pattern
 * that new modules get. A traced function has a breakpoint record in its
 * header's slot (local patterns, meta, counters) and/or in its export
 * entry's (global patterns). A record holds two generations of settings;
 * trace_bp_active says which one running code reads. Changing patterns
 * stages the other generation, writes breakpoint instructions, flips the
 * index and restores the instructions of records left empty, with
 * thread-progress waits between, under the code modification permission.
 * Schedulers never stop. */
#include "engine.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

/* A call or meta trace match spec as patterns hold it: the compiled
 * program (its source is what trace_info reports), shared by the settings
 * and generations that use it, freed with the last one: after thread
 * progress, once no breakpoint can be running it. */
typedef struct bp_spec {
    _Atomic uint32_t refs;
    ms_prog *prog;
} bp_spec;

/* A meta trace's tracer, shared by the generations of one setting. It
 * becomes NIL once the tracer is found gone at a call (trace_info then
 * says [], as OTP's). */
typedef struct bp_meta {
    _Atomic uint32_t refs;
    _Atomic term_t tracer;
} bp_meta;

/* call_count's counter: every scheduler adds to it with a relaxed atomic
 * add; trace_info reads it without stopping anyone. */
typedef struct bp_count {
    _Atomic uint32_t refs;
    _Atomic uint64_t n;
} bp_count;

/* call_time's or call_memory's figures of one function, per process:
 * calls and nanoseconds (or words). Referenced by the generations that
 * have the pattern, by the processes whose time (allocation) runs in the
 * function now, and by call-accounting frames; freed with the last
 * reference. `lock` guards the table (held for a few instructions by the
 * scheduler that adds, and by trace_info while it reads). */
typedef struct ctr_item {
    term_t pid; /* THE_NON_VALUE: free slot */
    uint64_t count, acc;
} ctr_item;
typedef struct bp_ctr {
    _Atomic uint32_t refs;
    pthread_mutex_t lock;
    ctr_item *items;
    uint32_t cap, used; /* cap a power of two */
} bp_ctr;

static bp_rec *records; /* every record, under code_mod_lock */

/* Records come from a pool: a pattern on every function makes and later
 * drops tens of thousands at once, each a slow malloc and free. */
static pool record_pool = POOL_INIT(ALLOC_BREAKPOINT, sizeof(bp_rec), 1024);

/* ---- shared objects -------------------------------------------------------- */

static uint32_t ref_of(_Atomic uint32_t *refs)
{
    return atomic_fetch_add_explicit(refs, 1, memory_order_relaxed);
}
static bool unref_of(_Atomic uint32_t *refs)
{
    return atomic_fetch_sub_explicit(refs, 1, memory_order_acq_rel) == 1;
}

static bp_spec *spec_new(ms_prog *prog)
{
    bp_spec *s = alloc_zeroed(ALLOC_MATCH_SPEC, sizeof *s);
    atomic_init(&s->refs, 1);
    s->prog = prog;
    return s;
}

static bp_spec *spec_ref(bp_spec *s)
{
    if (s)
        ref_of(&s->refs);
    return s;
}

static void spec_unref(bp_spec *s)
{
    if (!s || !unref_of(&s->refs))
        return;
    ms_free(s->prog);
    alloc_free(ALLOC_MATCH_SPEC, s, sizeof *s);
}

static bp_meta *meta_new(term_t tracer)
{
    bp_meta *m = alloc_zeroed(ALLOC_BREAKPOINT, sizeof *m);
    atomic_init(&m->tracer, tracer);
    return m;
}

static void meta_unref(bp_meta *m)
{
    if (m && unref_of(&m->refs))
        alloc_free(ALLOC_BREAKPOINT, m, sizeof *m);
}

static bp_count *count_new(void) { return alloc_zeroed(ALLOC_BREAKPOINT, sizeof(bp_count)); }

static void count_unref(bp_count *c)
{
    if (c && unref_of(&c->refs))
        alloc_free(ALLOC_BREAKPOINT, c, sizeof *c);
}

static bp_ctr *ctr_new(void)
{
    bp_ctr *c = alloc_zeroed(ALLOC_BREAKPOINT, sizeof *c);
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

static bp_ctr *ctr_ref(bp_ctr *c)
{
    if (c)
        ref_of(&c->refs);
    return c;
}

static void ctr_unref(bp_ctr *c)
{
    if (!c || !unref_of(&c->refs))
        return;
    pthread_mutex_destroy(&c->lock);
    if (c->items)
        alloc_free(ALLOC_BREAKPOINT, c->items, c->cap * sizeof *c->items);
    alloc_free(ALLOC_BREAKPOINT, c, sizeof *c);
}

static uint32_t slot_of_pid(term_t pid, uint32_t cap)
{
    return (uint32_t)((pid >> 4) * 0x9E3779B97F4A7C15u >> 40) & (cap - 1);
}

/* The item of pid in c's table, made when missing; under c->lock. */
static ctr_item *ctr_item_of(bp_ctr *c, term_t pid)
{
    if ((c->used + 1) * 4 > c->cap * 3) {
        uint32_t cap = c->cap ? c->cap * 2 : 16;
        ctr_item *items = alloc_zeroed(ALLOC_BREAKPOINT, cap * sizeof *items);
        for (uint32_t i = 0; i < c->cap; i++) {
            if (c->items[i].pid == THE_NON_VALUE)
                continue;
            uint32_t j = slot_of_pid(c->items[i].pid, cap);
            while (items[j].pid != THE_NON_VALUE)
                j = (j + 1) & (cap - 1);
            items[j] = c->items[i];
        }
        if (c->items)
            alloc_free(ALLOC_BREAKPOINT, c->items, c->cap * sizeof *c->items);
        c->items = items;
        c->cap = cap;
    }
    uint32_t j = slot_of_pid(pid, c->cap);
    while (c->items[j].pid != pid && c->items[j].pid != THE_NON_VALUE)
        j = (j + 1) & (c->cap - 1);
    if (c->items[j].pid == THE_NON_VALUE) {
        c->items[j].pid = pid;
        c->used++;
    }
    return &c->items[j];
}

/* Adds `count` calls and `acc` nanoseconds (words) to pid's figures. */
static void ctr_add(bp_ctr *c, term_t pid, uint64_t count, uint64_t acc)
{
    pthread_mutex_lock(&c->lock);
    ctr_item *it = ctr_item_of(c, pid);
    it->count += count;
    it->acc += acc;
    pthread_mutex_unlock(&c->lock);
}

/* call_time's [{Pid, Count, S, Us}] or call_memory's [{Pid, Count, Words}]
 * of c, on h. */
static term_t ctr_list(bp_ctr *c, bool time, heap_t *h)
{
    term_t l = NIL;
    pthread_mutex_lock(&c->lock);
    for (uint32_t i = 0; i < c->cap; i++) {
        const ctr_item *it = &c->items[i];
        if (it->pid == THE_NON_VALUE)
            continue;
        term_t t;
        if (time) {
            uint64_t us = it->acc / 1000;
            t = term_tuple(h, 4,
                           (term_t[]){it->pid, term_uint64(h, it->count), term_uint64(h, us / 1000000),
                                      term_small((int64_t)(us % 1000000))});
        } else {
            t = term_tuple3(h, it->pid, term_uint64(h, it->count), term_uint64(h, it->acc));
        }
        l = term_cons(h, t, l);
    }
    pthread_mutex_unlock(&c->lock);
    return l;
}

/* ---- settings and generations ------------------------------------------------ */

/* Takes (setting_ref) or drops a reference on everything s holds. */
static void setting_ref(const bp_setting *s)
{
    spec_ref(s->ms);
    spec_ref(s->meta_ms);
    if (s->meta)
        ref_of(&s->meta->refs);
    if (s->count)
        ref_of(&s->count->refs);
    ctr_ref(s->time);
    ctr_ref(s->memory);
}

static void setting_unref(const bp_setting *s)
{
    spec_unref(s->ms);
    spec_unref(s->meta_ms);
    meta_unref(s->meta);
    count_unref(s->count);
    ctr_unref(s->time);
    ctr_unref(s->memory);
}

static size_t gen_bytes(uint32_t n) { return sizeof(bp_gen) + n * sizeof(bp_setting); }

/* Drops n holds on g (records', or a staging list's), freeing it with
 * the last. */
static void gen_release(bp_gen *g, uint32_t n)
{
    if (!g || atomic_fetch_sub_explicit(&g->refs, n, memory_order_acq_rel) != n)
        return;
    for (uint32_t i = 0; i < g->n; i++)
        setting_unref(&g->s[i]);
    alloc_free(ALLOC_BREAKPOINT, g, gen_bytes(g->cap));
}

static void gen_free(bp_gen *g) { gen_release(g, 1); }

/* What running code has to do at a record, for the interpreter's test:
 * call trace, call_time and call_memory concern processes with the call
 * flag; meta trace and call_count every process. Paused counters cost
 * nothing. */
static uint32_t gen_vm_flags(const bp_gen *g)
{
    uint32_t f = 0;
    for (uint32_t i = 0; g && i < g->n; i++) {
        uint32_t k = g->s[i].kinds & ~g->s[i].paused;
        if (k & (BPK_GLOBAL | BPK_LOCAL | BPK_TIME | BPK_MEMORY))
            f |= TBP_CALL;
        if (k & (BPK_META | BPK_COUNT))
            f |= TBP_EVERY;
    }
    return f;
}

/* One change of one session's setting in one record: the kinds cleared,
 * then the kinds set (OTP's order: local, meta, count, time, memory). */
typedef struct change {
    uint32_t set, clear;
    bp_op op;         /* for the counters */
    bp_spec *ms;      /* global or local's spec (borrowed) */
    bp_spec *meta_ms; /* meta's */
    term_t meta_tracer;
} change;

/* Applies c to s; `found`: s was there before. OTP's rules for a counter:
 * true (or a match spec) starts it afresh, existing or not; restart
 * starts an existing one afresh; pause stops an existing one, keeping
 * its figures; restart and pause make a new one only on a function where
 * the session already has some breakpoint (they then start it). */
static void setting_apply(bp_setting *s, const change *c, bool found)
{
    uint32_t gone = s->kinds & c->clear;
    s->kinds &= ~c->clear;
    s->paused &= ~gone;
    if ((gone & (BPK_GLOBAL | BPK_LOCAL)) && !(s->kinds & (BPK_GLOBAL | BPK_LOCAL)))
        s->ms = NULL;
    if (gone & BPK_META)
        s->meta = NULL, s->meta_ms = NULL;
    if (gone & BPK_COUNT)
        s->count = NULL;
    if (gone & BPK_TIME)
        s->time = NULL;
    if (gone & BPK_MEMORY)
        s->memory = NULL;
    bool has_bp = found && (s->kinds & ~(uint32_t)BPK_GLOBAL);
    if (c->set & BPK_GLOBAL) {
        s->kinds |= BPK_GLOBAL;
        s->ms = c->ms;
    }
    if (c->set & BPK_LOCAL) {
        s->kinds |= BPK_LOCAL;
        s->ms = c->ms;
        has_bp = true;
    }
    if (c->set & BPK_META) {
        s->kinds |= BPK_META;
        s->meta_ms = c->meta_ms;
        s->meta = meta_new(c->meta_tracer);
        has_bp = true;
    }
    static const uint32_t counters[] = {BPK_COUNT, BPK_TIME, BPK_MEMORY};
    for (size_t i = 0; i < 3; i++) {
        uint32_t k = counters[i];
        if (!(c->set & k))
            continue;
        if (s->kinds & k) {
            if (c->op == BP_PAUSE) {
                s->paused |= k;
                continue;
            }
        } else if (!has_bp && c->op != BP_ON) {
            continue;
        }
        s->kinds |= k;
        s->paused &= ~k;
        has_bp = true;
        if (k == BPK_COUNT)
            s->count = count_new();
        else if (k == BPK_TIME)
            s->time = ctr_new();
        else
            s->memory = ctr_new();
    }
}

/* A copy of g in which `session`'s setting has had c applied; a setting
 * left with no kind is dropped. NULL when nothing is left. */
static bp_gen *gen_with(const bp_gen *g, uint32_t session, const change *c)
{
    uint32_t n = g ? g->n : 0;
    if (!c->set) { /* a clear: when it leaves nothing, no copy to make */
        uint32_t left = 0;
        for (uint32_t i = 0; i < n; i++)
            left |= g->s[i].session == session ? g->s[i].kinds & ~c->clear : g->s[i].kinds;
        if (!left)
            return NULL;
    }
    bp_gen *ng = alloc_new(ALLOC_BREAKPOINT, gen_bytes(n + 1));
    ng->cap = n + 1;
    atomic_init(&ng->refs, 1);
    uint32_t k = 0;
    bool found = false;
    for (uint32_t i = 0; i < n; i++) {
        bp_setting s = g->s[i];
        if (s.session == session) {
            found = true;
            setting_apply(&s, c, true);
            if (!s.kinds)
                continue;
        }
        setting_ref(&s);
        ng->s[k++] = s;
    }
    if (!found) {
        bp_setting s = {.session = session};
        setting_apply(&s, c, false);
        if (s.kinds) {
            setting_ref(&s);
            ng->s[k++] = s;
        }
    }
    ng->n = k;
    if (k == 0) {
        alloc_free(ALLOC_BREAKPOINT, ng, gen_bytes(n + 1));
        return NULL;
    }
    return ng;
}

/* Whether c would change session's setting in g. */
static bool changes(const bp_gen *g, uint32_t session, const change *c)
{
    if (c->set)
        return true;
    for (uint32_t i = 0; g && i < g->n; i++)
        if (g->s[i].session == session)
            return (g->s[i].kinds & c->clear) != 0;
    return false;
}

/* ---- records ----------------------------------------------------------------- */

static code_t *slot_of(bp_rec *r) { return r->e ? &r->e->header[FH_BP] : (code_t *)r->header + FH_BP; }

static void record_free(void *arg)
{
    bp_rec *r = arg;
    gen_free(r->gen[0]);
    if (r->gen[1] != r->gen[0])
        gen_free(r->gen[1]);
    pool_put(&record_pool, r);
}

static size_t export_records; /* records of export entries, under code_mod_lock */

static void record_unlink(bp_rec *r)
{
    export_records -= r->e != NULL;
    if (r->prev)
        r->prev->next = r->next;
    else
        records = r->next;
    if (r->next)
        r->next->prev = r->prev;
    r->next = r->prev = NULL;
}

/* Records to give back to the pool at once, linked through their first
 * word (the pool's link). */
typedef struct rec_chain {
    void *first, *last;
    size_t n;
} rec_chain;

/* Takes r (holding no generation any more) out of the engine: its slot
 * is cleared, it goes on ch for the pool. No thread may still be inside
 * its breakpoint. */
static void record_discard(rec_chain *ch, bp_rec *r)
{
    record_unlink(r);
    trace_patch_word(slot_of(r), 0);
    *(void **)r = ch->first;
    ch->first = r;
    if (!ch->last)
        ch->last = r;
    ch->n++;
}

static void rec_chain_put(rec_chain *ch)
{
    if (ch->n)
        pool_put_chain(&record_pool, ch->first, ch->last, ch->n);
    *ch = (rec_chain){0};
}

/* References dropped from one generation after another, counted while
 * the generation stays the same (records changed together share theirs)
 * and released with one atomic subtraction. */
typedef struct gen_run {
    bp_gen *g;
    uint32_t n;
} gen_run;

static void gen_run_drop(gen_run *run, bp_gen *g)
{
    if (!g)
        return;
    if (g == run->g) {
        run->n++;
        return;
    }
    gen_release(run->g, run->n);
    run->g = g;
    run->n = 1;
}

static void gen_run_end(gen_run *run)
{
    gen_release(run->g, run->n);
    *run = (gen_run){0};
}

/* ---- staging ------------------------------------------------------------------- */

/* One staged generation for many records. gen_with(from, session, c) is
 * the same list for every record whose active generation is `from` when
 * c sets no kind that has an object of each function's own (a counter, a
 * meta tracer): records changed together then share one new list, made
 * once, its flags worked out once and its references counted once. */
typedef struct derived {
    const bp_gen *from; /* the active generation it is made from (NULL: a new record's) */
    const change *c;
    bp_gen *to;     /* the new one (NULL: none); the list holds a reference */
    uint32_t flags; /* gen_vm_flags(to) */
    uint32_t holds; /* records given `to` and not yet counted in its refs */
    bool changes;   /* changes(from, session, c) */
} derived;

#define STAGE_DERIVED 8

/* A trace_pattern call's changes, at most one per record: the records
 * are linked through their stage_next, and a record knows the list it is
 * in by its epoch, so staging is constant time however many functions
 * match. Each record's new settings are written into its inactive
 * generation as it is staged. Under code_mod_lock. */
typedef struct stage_list {
    bp_rec *first, **last;
    size_t n;
    size_t install, restore; /* of them: breakpoint words to write, to restore */
    uint64_t epoch;
    unsigned active, staging; /* the generations */
    uint32_t session;
    derived d[STAGE_DERIVED];
    unsigned nd, lastd, nextd; /* used, the last found, the next to replace */
    void *spare;               /* records from the pool not used yet, chained */
    size_t nspare, want;       /* and how many to take when they run out */
} stage_list;

static uint64_t stage_epochs; /* under code_mod_lock */

static void stage_begin(stage_list *l, uint32_t session)
{
    *l = (stage_list){.last = &l->first, .epoch = ++stage_epochs, .session = session, .want = 1};
    l->active = atomic_load_explicit(&trace_bp_active, memory_order_relaxed);
    l->staging = 1 - l->active;
}

/* The holds of d counted into its generation. */
static void derived_flush(derived *d)
{
    if (d->holds && d->to)
        atomic_fetch_add_explicit(&d->to->refs, d->holds, memory_order_relaxed);
    d->holds = 0;
}

/* The list's own reference on d's generation given up (its records keep
 * theirs). */
static void derived_end(derived *d)
{
    derived_flush(d);
    gen_free(d->to);
    *d = (derived){0};
}

/* derive's search, and the new entry when none matches. */
static __attribute__((noinline)) derived *derive_new(stage_list *l, const bp_gen *from, const change *c)
{
    derived *d;
    if (c->set & ~(uint32_t)(BPK_GLOBAL | BPK_LOCAL))
        return NULL;
    for (unsigned i = 0; i < l->nd; i++) {
        if (l->d[i].c == c && l->d[i].from == from) {
            l->lastd = i;
            return &l->d[i];
        }
    }
    unsigned i = l->nd < STAGE_DERIVED ? l->nd++ : l->nextd++ % STAGE_DERIVED;
    d = &l->d[i];
    if (d->c)
        derived_end(d);
    l->lastd = i;
    d->from = from;
    d->c = c;
    d->changes = changes(from, l->session, c);
    d->to = d->changes ? gen_with(from, l->session, c) : NULL;
    d->flags = gen_vm_flags(d->to);
    return d;
}

/* The shared generation for c on records whose active one is `from`;
 * NULL when c makes each function a list of its own. Records staged one
 * after another mostly share theirs: the last one found is tried first. */
static inline derived *derive(stage_list *l, const bp_gen *from, const change *c)
{
    derived *d = &l->d[l->lastd];
    if (d->c == c && d->from == from)
        return d;
    return derive_new(l, from, c);
}

/* r's staged flags: what the commit writes (a breakpoint word where there
 * is none; the saved word back where nothing is left) is counted, and an
 * export entry gets its stub ([jump, code], whose first word is then what
 * the record saves) before it gets a breakpoint. */
static inline __attribute__((always_inline)) void stage_flags(stage_list *l, bp_rec *r, uint32_t flags)
{
    if (flags && !r->installed) {
        if (r->e) {
            if (trace_export_stub(r->e))
                r->vm.orig = trace_read_word(r->at);
            else /* no code: nothing to stop at (cannot happen for a loaded function) */
                flags = 0;
        }
        if (flags)
            l->install++;
    } else if (!flags && r->installed) {
        l->restore++;
    }
    __atomic_store_n(&r->vm.flags[l->staging], flags, __ATOMIC_RELAXED);
}

/* c again on a record this list has staged already (one reached twice
 * in a request): applied to what was staged. */
static __attribute__((noinline)) void restage(stage_list *l, bp_rec *r, const change *c)
{
    for (unsigned i = 0; i < l->nd; i++)
        derived_flush(&l->d[i]); /* the staged list may be a shared one */
    uint32_t was = r->vm.flags[l->staging];
    if (was && !r->installed)
        l->install--;
    else if (!was && r->installed)
        l->restore--;
    bp_gen *old = r->gen[l->staging];
    bp_gen *g = gen_with(old, l->session, c);
    gen_free(old);
    r->gen[l->staging] = g;
    stage_flags(l, r, gen_vm_flags(g));
}

static inline __attribute__((always_inline)) void stage(stage_list *l, bp_rec *r, const change *c)
{
    if (r->stage_epoch == l->epoch) {
        restage(l, r, c);
        return;
    }
    const bp_gen *from = r->gen[l->active];
    bp_gen *to;
    uint32_t flags;
    derived *d = derive(l, from, c);
    if (d) {
        if (!d->changes)
            return;
        to = d->to;
        flags = d->flags;
        d->holds += to != NULL;
    } else {
        if (!changes(from, l->session, c))
            return;
        to = gen_with(from, l->session, c);
        flags = gen_vm_flags(to);
    }
    r->gen[l->staging] = to;
    r->stage_epoch = l->epoch;
    r->stage_next = NULL;
    *l->last = r;
    l->last = &r->stage_next;
    l->n++;
    stage_flags(l, r, flags);
}

/* A new record for the header slot `slot`, from the list's spare ones:
 * both generations empty, the word `at` (where its breakpoint goes)
 * saved. */
static __attribute__((noinline)) bp_rec *record_new(stage_list *l, code_t *slot, code_t *at,
                                                    const code_t *header, export_entry *e)
{
    if (!l->nspare) {
        l->nspare = l->want ? l->want : 1;
        l->spare = pool_get_chain(&record_pool, l->nspare);
    }
    bp_rec *r = l->spare;
    l->spare = *(void **)r;
    l->nspare--;
    r->vm.orig = trace_read_word(at);
    r->vm.flags[0] = r->vm.flags[1] = 0;
    r->gen[0] = r->gen[1] = NULL;
    r->at = at;
    r->header = header;
    r->e = e;
    r->module = (term_t)header[FH_MODULE];
    r->installed = false;
    r->next = records;
    r->prev = NULL;
    r->stage_epoch = 0;
    if (records)
        records->prev = r;
    records = r;
    export_records += e != NULL;
    trace_patch_word(slot, (code_t)r);
    return r;
}

/* Stages c on the record in `slot` (made when c sets something). */
static inline __attribute__((always_inline)) void
stage_at(stage_list *l, code_t *slot, code_t *at, const code_t *header, export_entry *e, const change *c)
{
    bp_rec *r = (bp_rec *)trace_read_word(slot);
    if (!r) {
        if (!c->set)
            return;
        r = record_new(l, slot, at, header, e);
    }
    stage(l, r, c);
}

/* Staging is over: the shared generations' references are counted, the
 * spare records go back. */
static void stage_end(stage_list *l)
{
    for (unsigned i = 0; i < l->nd; i++)
        derived_end(&l->d[i]);
    l->nd = 0;
    if (l->nspare) {
        void *last = l->spare;
        while (*(void **)last)
            last = *(void **)last;
        pool_put_chain(&record_pool, l->spare, last, l->nspare);
        l->spare = NULL;
        l->nspare = 0;
    }
}

static void wait_progress(void) { progress_wait(progress_later()); }

/* The sequence of breakpoints.md for every staged record (staged: the new
 * settings are in the inactive generations): wait, write breakpoints,
 * wait, flip, wait, consolidate (the old lists freed) and restore the
 * instructions of emptied records, wait, free those records. A wait with
 * nothing to wait for is skipped. Under code_mod_lock; blocks the calling
 * thread (the caller parks its process). */
static void commit(stage_list *l)
{
    stage_end(l);
    if (l->n == 0)
        return;
    unsigned active = l->active, staging = l->staging;
    wait_progress();
    if (l->install) {
        code_t bp = trace_breakpoint_word();
        for (bp_rec *r = l->first; r; r = r->stage_next) {
            if (!r->installed && r->vm.flags[staging]) {
                trace_patch_word(r->at, bp);
                r->installed = true;
            }
        }
        wait_progress();
    }
    atomic_store_explicit(&trace_bp_active, staging, memory_order_relaxed);
    wait_progress();
    /* No thread reads the old generation now: it becomes the new one, the
     * old lists go; breakpoints left with nothing to do are restored, and
     * their records freed after one more wait. */
    code_t bp = l->restore ? trace_breakpoint_word() : 0;
    gen_run run = {0};
    rec_chain freed = {0};
    bp_rec *gone = NULL, **gone_last = &gone;
    for (bp_rec *r = l->first, *next; r; r = next) {
        next = r->stage_next;
        bp_gen *old = r->gen[active], *now = r->gen[staging];
        uint32_t flags = r->vm.flags[staging];
        r->gen[active] = now;
        __atomic_store_n(&r->vm.flags[active], flags, __ATOMIC_RELAXED);
        if (old != now)
            gen_run_drop(&run, old);
        if (r->installed) {
            if (flags)
                continue;
            if (trace_read_word(r->at) == bp)
                trace_patch_word(r->at, r->vm.orig);
            if (r->e)
                trace_export_unstub(r->e);
            r->installed = false;
            if (!now) { /* freed once no thread is inside its breakpoint */
                *gone_last = r;
                gone_last = &r->stage_next;
            }
        } else if (!now) {
            record_discard(&freed, r); /* never reached: freed now */
        }
    }
    *gone_last = NULL;
    gen_run_end(&run);
    if (gone) {
        wait_progress();
        for (bp_rec *r = gone, *next; r; r = next) {
            next = r->stage_next;
            record_discard(&freed, r);
        }
    }
    rec_chain_put(&freed);
}

/* For a module just loaded (bp_loaded), whose records are all new: both
 * generations get the settings and the breakpoints are written at once.
 * No wait: the code has only just become callable, and a record is whole
 * before its breakpoint word is stored (with release order; the loads
 * that follow a breakpoint word depend on it). Under code_mod_lock. */
static void commit_new(stage_list *l)
{
    stage_end(l);
    code_t bp = trace_breakpoint_word();
    rec_chain freed = {0};
    for (bp_rec *r = l->first, *next; r; r = next) {
        next = r->stage_next;
        ASSERT(!r->gen[l->active] && !r->installed);
        uint32_t flags = r->vm.flags[l->staging];
        __atomic_store_n(&r->vm.flags[l->active], flags, __ATOMIC_RELAXED);
        if (flags) { /* the flags before the word (a release store) */
            r->gen[l->active] = r->gen[l->staging];
            trace_patch_word(r->at, bp);
            r->installed = true;
        } else {
            gen_free(r->gen[l->staging]);
            r->gen[l->staging] = NULL;
            record_discard(&freed, r);
        }
    }
    rec_chain_put(&freed);
}

/* ---- matching functions ------------------------------------------------------- */

static bool name_matches(term_t pat, term_t name) { return pat == EA.underscore || pat == name; }

/* The changes one request makes: to export entries (global) and to
 * functions' code (the other kinds). A BIF has one record, its export
 * entry's, for both. */
typedef struct plan {
    change exp, code;
    bool global; /* matches count exported functions only */
} plan;

static void plan_of(const bp_request *rq, bp_spec *spec, bp_spec *meta_spec, plan *pl)
{
    memset(pl, 0, sizeof *pl);
    pl->global = rq->kinds == BPK_GLOBAL;
    if (rq->op == BP_OFF) {
        pl->exp.clear = rq->kinds & BPK_GLOBAL;
        pl->code.clear = rq->kinds & ~(uint32_t)BPK_GLOBAL;
    } else if (pl->global) {
        /* global excludes the others: they go from every matching function */
        pl->exp = (change){.set = BPK_GLOBAL, .ms = spec};
        pl->code.clear = BPK_ALL & ~(uint32_t)BPK_GLOBAL;
    } else {
        pl->exp.clear = BPK_GLOBAL;
        pl->code = (change){.set = rq->kinds & ~(uint32_t)BPK_GLOBAL,
                            .op = rq->op,
                            .ms = spec,
                            .meta_ms = meta_spec,
                            .meta_tracer = rq->meta_tracer};
    }
}

/* The modules BIFs are in (erlang, lists, ...), found at the first
 * pattern: a pattern on a module that is none of them skips the BIF
 * table. nbif_modules 0: not found yet; past the array's room: every
 * module may have BIFs. Under code_mod_lock. */
static term_t bif_modules[64];
static size_t nbif_modules;

static bool has_bifs(term_t m)
{
    if (!nbif_modules) {
        size_t nb;
        bif_all(&nb);
        for (size_t i = 0; i < nb && nbif_modules <= 64; i++) {
            term_t mod, name;
            bif_atoms(i, &mod, &name);
            size_t j = 0;
            while (j < nbif_modules && j < 64 && bif_modules[j] != mod)
                j++;
            if (j == nbif_modules) {
                if (j < 64)
                    bif_modules[j] = mod;
                nbif_modules++;
            }
        }
        if (!nbif_modules)
            nbif_modules = 65;
    }
    if (nbif_modules > 64)
        return true;
    for (size_t j = 0; j < nbif_modules; j++)
        if (bif_modules[j] == m)
            return true;
    return false;
}

/* Stages pl on every function of module mc matching f/arity; how many
 * matched. */
static int stage_module(stage_list *l, const module_code *mc, term_t f, int arity, const plan *pl)
{
    /* no export entry has a record: clearing global finds nothing */
    bool exp = pl->exp.set || (pl->exp.clear && export_records), code = pl->code.set || pl->code.clear;
    bool any = f == EA.underscore, bifs = has_bifs(mc->name);
    /* the records this module may need, taken from the pool at once */
    l->want = f == EA.underscore ? mc->nfuncs * ((pl->exp.set != 0) + (pl->code.set != 0)) : 4;
    int matched = 0;
    for (size_t i = 0; i < mc->nfuncs; i++) {
        const code_func *fn = &mc->funcs[i];
        if ((!any && f != fn->name) || (arity >= 0 && (unsigned)arity != fn->arity))
            continue;
        export_entry *e = fn->exported ? fn->export : NULL;
        ASSERT(!e || bifs || !e->bif); /* has_bifs knows every module with BIFs */
        if (e && bifs && e->bif)
            continue; /* a BIF's name: the BIF is what runs */
        code_t *header = mc->code + fn->header;
        if (e && exp)
            stage_at(l, &e->header[FH_BP], e->stub, header, e, &pl->exp);
        if (code)
            stage_at(l, header + FH_BP, header + FUNC_HEADER_WORDS, header, NULL, &pl->code);
        if (e || !pl->global)
            matched++;
    }
    return matched;
}

/* Stages pl on every BIF matching m:f/arity; how many matched. */
static int stage_bifs(stage_list *l, term_t m, term_t f, int arity, const plan *pl)
{
    if (m != EA.underscore && !has_bifs(m))
        return 0;
    size_t nb;
    const bif_entry *bifs = bif_all(&nb);
    /* a BIF's one record: the export change first (global clears, or
     * sets), then the code change */
    change both = pl->code;
    both.set |= pl->exp.set;
    both.clear |= pl->exp.clear;
    if (pl->exp.set)
        both.ms = pl->exp.ms;
    if (!both.set && !both.clear)
        return 0;
    l->want = 4;
    int matched = 0;
    for (size_t i = 0; i < nb; i++) {
        term_t mod, name;
        bif_atoms(i, &mod, &name);
        if (!name_matches(m, mod) || !name_matches(f, name) ||
            (arity >= 0 && (unsigned)arity != bifs[i].arity))
            continue;
        export_entry *e = code_export_get(mod, name, bifs[i].arity);
        if (!e->bif)
            continue;
        stage_at(l, &e->header[FH_BP], e->stub, e->header, e, &both);
        matched++;
    }
    /* `both` is this frame's: the list may not look it up again */
    for (unsigned i = 0; i < l->nd; i++)
        if (l->d[i].c == &both)
            derived_end(&l->d[i]);
    return matched;
}

int bp_set_request(process *caller, uint32_t session, term_t m, term_t f, int arity, bp_request *rq)
{
    bp_spec *spec = NULL;
    if (rq->prog && rq->op != BP_OFF)
        spec = spec_new(rq->prog);
    else if (rq->prog)
        ms_free(rq->prog);
    rq->prog = NULL;
    plan pl;
    plan_of(rq, spec, spec, &pl);
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    int matched = 0;
    if (caller)
        sched_park(caller);
    code_mod_lock();
    stage_list l;
    stage_begin(&l, session);
    if (arity <= 255) {
        if (m != EA.underscore) {
            const module_code *mc = code_module(m);
            if (mc)
                matched += stage_module(&l, mc, f, arity, &pl);
        } else {
            for (term_t ms = code_all_loaded(&h); ms != NIL; ms = list_tail(ms)) {
                const module_code *mc = code_module(list_head(ms));
                if (mc)
                    matched += stage_module(&l, mc, f, arity, &pl);
            }
        }
        matched += stage_bifs(&l, m, f, arity, &pl);
    }
    commit(&l);
    code_mod_unlock();
    if (caller)
        sched_unpark(caller);
    spec_unref(spec);
    heap_destroy(&h);
    return matched;
}

int bp_set(process *caller, uint32_t session, term_t m, term_t f, int arity, uint32_t kind, bool enable,
           ms_prog *prog)
{
    bp_request rq = {kind, enable ? BP_ON : BP_OFF, prog, NIL};
    return bp_set_request(caller, session, m, f, arity, &rq);
}

/* ---- on_load ---------------------------------------------------------------------- */

/* A session's on_load pattern (OTP's default trace pattern): `on`, and
 * the breakpoint kinds it sets (none: global), with the call and meta
 * specs and the meta tracer (NIL: none, or cleared). Under code_mod_lock.
 * Changed by the state machine of OTP's trace_pattern(on_load, ...). */
typedef struct on_load_pattern {
    bool on;
    uint32_t kinds;
    bp_spec *ms, *meta_ms;
    term_t meta_tracer;
} on_load_pattern;
static on_load_pattern on_load[ENGINE_MAX_SESSIONS];

static void replace_spec(bp_spec **at, bp_spec *s)
{
    spec_unref(*at);
    *at = spec_ref(s);
}

void bp_set_on_load(uint32_t session, bp_request *rq)
{
    bp_spec *spec = rq->prog ? spec_new(rq->prog) : NULL;
    rq->prog = NULL;
    uint32_t flags = rq->kinds & ~(uint32_t)BPK_GLOBAL;
    bool brk = flags != 0;
    bp_op on = rq->op;
    code_mod_lock();
    on_load_pattern *o = &on_load[session];
    if ((flags & BPK_LOCAL) || !brk)
        replace_spec(&o->ms, spec);
    if (flags & BPK_META) {
        replace_spec(&o->meta_ms, spec);
        o->meta_tracer = rq->meta_tracer;
    } else if (!brk) {
        replace_spec(&o->meta_ms, NULL);
        o->meta_tracer = NIL;
    }
    const uint32_t counters = BPK_COUNT | BPK_TIME | BPK_MEMORY;
    if (o->kinds && brk) { /* breakpoints to breakpoints */
        if (on != BP_OFF) {
            o->kinds |= flags & (BPK_LOCAL | BPK_META);
            if (on == BP_ON)
                o->kinds |= flags & counters;
        } else {
            o->kinds &= ~flags;
            if (!o->kinds)
                o->on = false;
        }
    } else if (!o->kinds && !brk) { /* global to global */
        o->on = on != BP_OFF;
    } else if (o->kinds && !brk) { /* breakpoints to global */
        if (on != BP_OFF) {
            o->kinds = 0;
            o->on = true;
        }
    } else if (on != BP_OFF) { /* global (or nothing) to breakpoints */
        if (on != BP_ON)
            flags &= ~counters;
        o->kinds = flags;
        o->on = flags != 0;
    }
    code_mod_unlock();
    spec_unref(spec);
}

/* Sets session's on_load pattern on the module just loaded. */
static void apply_on_load(const module_code *mc, uint32_t session)
{
    const on_load_pattern *o = &on_load[session];
    plan pl;
    memset(&pl, 0, sizeof pl);
    if (o->kinds) {
        pl.code = (change){
            .set = o->kinds, .op = BP_ON, .ms = o->ms, .meta_ms = o->meta_ms, .meta_tracer = o->meta_tracer};
    } else {
        pl.exp = (change){.set = BPK_GLOBAL, .ms = o->ms};
        pl.global = true;
    }
    stage_list l;
    stage_begin(&l, session);
    stage_module(&l, mc, EA.underscore, -1, &pl);
    commit_new(&l);
}

void bp_clear_session(process *caller, uint32_t session)
{
    bp_request rq = {BPK_ALL, BP_OFF, NULL, NIL};
    bp_set_request(caller, session, EA.underscore, EA.underscore, -1, &rq);
    code_mod_lock();
    on_load_pattern *o = &on_load[session];
    replace_spec(&o->ms, NULL);
    replace_spec(&o->meta_ms, NULL);
    *o = (on_load_pattern){.meta_tracer = NIL};
    code_mod_unlock();
}

/* ---- call_time and call_memory: per process ------------------------------------ */

/* What call_time and call_memory know of one process in one session:
 * the function whose share runs now (a reference, or NULL) and since
 * when. Kept in a table by pid, made at the process's first accounted
 * call, dropped when the process is freed; only the process's own thread
 * changes its entries. */
typedef struct pstate {
    struct pstate *next;
    term_t pid;
    uint32_t session;
    bp_ctr *tcur;    /* call_time */
    int64_t tsince;  /* monotonic nanoseconds */
    bp_ctr *mcur;    /* call_memory */
    uint64_t msince; /* the words clock */
    uint64_t words;  /* words allocated up to the last collection */
} pstate;

#define PSTATE_BUCKETS 1024u
static pstate *pstates[PSTATE_BUCKETS];
static _Atomic uint32_t npstates;
static pthread_mutex_t pstate_lock = PTHREAD_MUTEX_INITIALIZER;

static uint32_t bucket_of(term_t pid) { return slot_of_pid(pid, PSTATE_BUCKETS); }

/* p's entry for session, made when `create`. */
static pstate *pstate_get(process *p, uint32_t session, bool create)
{
    if (!create && !atomic_load_explicit(&npstates, memory_order_relaxed))
        return NULL;
    pthread_mutex_lock(&pstate_lock);
    pstate **b = &pstates[bucket_of(p->pid)], *s = *b;
    while (s && (s->pid != p->pid || s->session != session))
        s = s->next;
    if (!s && create) {
        s = alloc_zeroed(ALLOC_BREAKPOINT, sizeof *s);
        s->pid = p->pid;
        s->session = session;
        s->next = *b;
        *b = s;
        atomic_fetch_add_explicit(&npstates, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&pstate_lock);
    return s;
}

/* p's entries of every session, into out (ENGINE_MAX_SESSIONS room). */
static unsigned pstates_of(process *p, pstate **out)
{
    if (!atomic_load_explicit(&npstates, memory_order_relaxed))
        return 0;
    unsigned n = 0;
    pthread_mutex_lock(&pstate_lock);
    for (pstate *s = pstates[bucket_of(p->pid)]; s; s = s->next)
        if (s->pid == p->pid && n < ENGINE_MAX_SESSIONS)
            out[n++] = s;
    pthread_mutex_unlock(&pstate_lock);
    return n;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* p's words clock in entry s: what it allocated, ever (as counted). */
static uint64_t words_clock(const process *p, const pstate *s) { return s->words + trace_words_since_gc(p); }

/* The time since s->tsince goes to the function running now. */
static void time_settle(process *p, pstate *s, int64_t now)
{
    if (s->tcur && now > s->tsince)
        ctr_add(s->tcur, p->pid, 0, (uint64_t)(now - s->tsince));
    s->tsince = now;
}

static void memory_settle(process *p, pstate *s, uint64_t clock)
{
    if (s->mcur && clock > s->msince)
        ctr_add(s->mcur, p->pid, 0, clock - s->msince);
    s->msince = clock;
}

/* A call-accounting frame's data: the function whose share ran before
 * the call (a reference moved from the process's entry), tagged with
 * ACC_ON when the kind was counted at the call. */
#define ACC_ON ((uintptr_t)1)

/* p enters the function of setting s, which counts `kinds` (BPK_TIME,
 * BPK_MEMORY) for it: the running function's share ends, this one's
 * starts, and (unless p returns to a return-trace frame: OTP's rule) a
 * frame makes the return give the share back to the caller's function. */
static void call_acc(process *p, const bp_setting *s, const code_t *header, uint32_t kinds)
{
    pstate *ps = pstate_get(p, s->session, true);
    uintptr_t prev[2] = {0, 0};
    if (kinds & BPK_TIME) {
        time_settle(p, ps, now_ns());
        ctr_add(s->time, p->pid, 1, 0);
        prev[0] = (uintptr_t)ps->tcur | ACC_ON;
        ps->tcur = ctr_ref(s->time);
    }
    if (kinds & BPK_MEMORY) {
        memory_settle(p, ps, words_clock(p, ps));
        ctr_add(s->memory, p->pid, 1, 0);
        prev[1] = (uintptr_t)ps->mcur | ACC_ON;
        ps->mcur = ctr_ref(s->memory);
    }
    if (!trace_returns_to_trace_frame(p)) {
        trace_frame *tf = trace_push_frame(p, header, s->session, TFR_CALL_ACC);
        tf->data[0] = prev[0];
        tf->data[1] = prev[1];
    } else {
        ctr_unref((bp_ctr *)(prev[0] & ~ACC_ON));
        ctr_unref((bp_ctr *)(prev[1] & ~ACC_ON));
    }
}

/* Returned through a call-accounting frame: the function's share ends and
 * the caller's (the frame's) goes on. Only for a process the session
 * still traces (OTP's). */
static void acc_return(process *p, const trace_frame *tf)
{
    pstate *ps = session_entry(p, tf->session) ? pstate_get(p, tf->session, false) : NULL;
    bp_ctr *prev_t = (bp_ctr *)(tf->data[0] & ~ACC_ON), *prev_m = (bp_ctr *)(tf->data[1] & ~ACC_ON);
    if (!ps) {
        ctr_unref(prev_t);
        ctr_unref(prev_m);
        return;
    }
    if (tf->data[0] & ACC_ON) {
        time_settle(p, ps, now_ns());
        ctr_unref(ps->tcur);
        ps->tcur = prev_t;
    }
    if (tf->data[1] & ACC_ON) {
        memory_settle(p, ps, words_clock(p, ps));
        ctr_unref(ps->mcur);
        ps->mcur = prev_m;
    }
}

static void drop_frame_data(const trace_frame *tf)
{
    if (tf->kind != TFR_CALL_ACC)
        return;
    ctr_unref((bp_ctr *)(tf->data[0] & ~ACC_ON));
    ctr_unref((bp_ctr *)(tf->data[1] & ~ACC_ON));
}

/* The slice hook: time p spends scheduled out counts for no function (as
 * OTP's schedule-out and -in). */
static void on_slice(process *p, bool in)
{
    pstate *v[ENGINE_MAX_SESSIONS];
    unsigned n = pstates_of(p, v);
    if (!n)
        return;
    int64_t now = now_ns();
    for (unsigned i = 0; i < n; i++) {
        if (in)
            v[i]->tsince = now;
        else
            time_settle(p, v[i], now);
    }
}

/* The collect hook: the words allocated since the last collection join
 * the clock before the collection forgets them. */
static void on_collect(process *p)
{
    pstate *v[ENGINE_MAX_SESSIONS];
    unsigned n = pstates_of(p, v);
    size_t since = n ? trace_words_since_gc(p) : 0;
    for (unsigned i = 0; i < n; i++)
        v[i]->words += since;
}

/* ---- meta trace -------------------------------------------------------------------- */

/* {M, F, Arity} of a function header, on h. */
static term_t mfa_of(heap_t *h, const code_t *header)
{
    return term_tuple3(h, (term_t)header[FH_MODULE], (term_t)header[FH_NAME],
                       term_small((int64_t)header[FH_ARITY]));
}

/* Whether an event of p goes to the meta tracer `tracer`: not to p itself
 * (OTP's tracers drop events of their own process), nor to one that is
 * gone; `gone` says the latter. */
static bool meta_wants(process *p, term_t tracer, term_t tag, bool *gone)
{
    *gone = false;
    if (tracer == NIL || tracer == p->pid)
        return false;
    switch (tracer_enabled(tracer, tag, p->pid)) {
    case TRACER_TRACE:
        return true;
    case TRACER_REMOVE:
        *gone = true;
        return false;
    case TRACER_DISCARD:
        break;
    }
    return false;
}

/* Meta trace of the call of `header` in p, whatever p's trace flags:
 * {trace_ts, Pid, call, {M, F, Args}[, Extra], Ts} to the meta tracer,
 * always with the arguments and a timestamp, silent or not (OTP's meta
 * trace); the spec's return_trace/exception_trace send return_from and
 * exception_from there too. A tracer found gone is cleared. */
static void meta_trace(process *p, const bp_setting *s, const code_t *header, const term_t *args)
{
    bp_meta *mt = s->meta;
    term_t tracer = atomic_load_explicit(&mt->tracer, memory_order_relaxed);
    bool gone;
    if (p->sensitive)
        return;
    if (!meta_wants(p, tracer, EA.call, &gone)) {
        if (gone)
            atomic_compare_exchange_strong(&mt->tracer, &tracer, NIL);
        return;
    }
    unsigned arity = (unsigned)header[FH_ARITY];
    heap_t *h = tev_scratch();
    msact_verdict v;
    if (!msact_run(s->meta_ms ? s->meta_ms->prog : NULL, p, s->session, h, args, arity, &v)) {
        tev_scratch_done(h);
        return;
    }
    if (v.send) {
        term_t mfa = term_tuple3(h, (term_t)header[FH_MODULE], (term_t)header[FH_NAME],
                                 term_list_from(h, args, arity, NIL));
        if (!tracer_deliver(tracer, p->pid, TF_TIMESTAMP, EA.call, 1, &mfa, v.extra))
            atomic_compare_exchange_strong(&mt->tracer, &tracer, NIL); /* a port that closed */
    }
    tev_scratch_done(h);
    if (v.flags & (MS_EXCEPTION_TRACE | MS_RETURN_TRACE)) {
        trace_frame_kind k = (v.flags & MS_EXCEPTION_TRACE) ? TFR_META_EXCEPTION : TFR_META_RETURN;
        trace_push_frame(p, header, s->session, k)->data[0] = (uintptr_t)tracer;
    }
}

/* A meta return frame's event: {trace_ts, Pid, Tag, {M, F, A}, What, Ts}
 * to the tracer the call had. */
static void meta_report(process *p, const trace_frame *tf, term_t tag, term_t what)
{
    term_t tracer = (term_t)tf->data[0];
    bool gone;
    /* a tracer module is not asked again (OTP asks at the call only) */
    if (p->sensitive || (!term_is_small(tracer) && !meta_wants(p, tracer, tag, &gone)))
        return;
    heap_t *h = tev_scratch();
    term_t e[2] = {mfa_of(h, tf->header), what};
    tracer_deliver(tracer, p->pid, TF_TIMESTAMP, tag, 2, e, THE_NON_VALUE);
    tev_scratch_done(h);
}

/* ---- the hooks ------------------------------------------------------------------ */

/* Calls of at most this many arguments have their message built in words
 * on the C stack (tracers copy what they keep): no scratch heap. */
#define CALL_WORDS_ARITY 8

/* One session's call trace of the function `header` in p: its match
 * spec's verdict and actions, the call message, the return frames. */
static void call_trace(process *p, const bp_setting *s, const code_t *header, const term_t *args, bool local,
                       ptrace_entry *entry)
{
    ptrace_entry before = *entry;
    unsigned arity = (unsigned)header[FH_ARITY];
    /* the tracer first, before any work (OTP asks it before the spec runs) */
    switch (tracer_enabled(before.tracer, EA.call, p->pid)) {
    case TRACER_TRACE:
        break;
    case TRACER_DISCARD:
        return;
    case TRACER_REMOVE:
        session_set(p, s->session, 0, NIL);
        return;
    }
    /* a scratch heap for the terms the spec builds, when it builds any;
     * the message of a call of few arguments is built in words of this
     * frame */
    const ms_prog *prog = s->ms ? s->ms->prog : NULL;
    heap_t *h = prog && ms_prog_builds(prog) ? tev_scratch() : NULL;
    msact_verdict v;
    if (!msact_run(prog, p, s->session, h, args, arity, &v)) {
        if (h)
            tev_scratch_done(h);
        return;
    }
    unsigned act = v.flags;
    /* The actions may have changed p's entries: this call's message goes
     * out as its flags now say (arity, silent) to the tracer it had, even
     * when they took the call flag away (as OTP's). */
    ptrace_entry *pe = v.changed ? session_entry(p, s->session) : entry;
    if (pe && (act & (MS_SILENT_ON | MS_SILENT_OFF))) {
        uint32_t fl = (act & MS_SILENT_ON) ? pe->flags | TF_SILENT : pe->flags & ~(uint32_t)TF_SILENT;
        session_set(p, s->session, fl, pe->tracer);
        pe = session_entry(p, s->session);
    }
    ptrace_entry now = pe ? *pe : before;
    if (v.send && !(now.flags & TF_SILENT)) {
        term_t words[4 + 2 * CALL_WORDS_ARITY], what;
        if (now.flags & TF_ARITY) {
            what = term_small(arity);
        } else if (arity <= CALL_WORDS_ARITY) {
            what = NIL;
            for (unsigned i = arity; i-- > 0;) {
                words[4 + 2 * i] = args[i];
                words[4 + 2 * i + 1] = what;
                what = term_list(&words[4 + 2 * i]);
            }
        } else {
            if (!h)
                h = tev_scratch();
            what = term_list_from(h, args, arity, NIL);
        }
        words[0] = header_make(3, HDR_TUPLE);
        words[1] = (term_t)header[FH_MODULE];
        words[2] = (term_t)header[FH_NAME];
        words[3] = what;
        term_t mfa = term_boxed(words);
        if (!pe)
            now.tracer = before.tracer;
        /* the tracer was asked above; one the actions put in its place
         * is asked now */
        if (now.tracer == before.tracer)
            tev_send_unasked(p, pe ? pe : &now, EA.call, 1, &mfa, v.extra);
        else
            tev_send(p, pe ? pe : &now, EA.call, 1, &mfa, v.extra);
    }
    uint32_t flags = now.flags;
    if (h)
        tev_scratch_done(h);
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
        uint32_t live = s->kinds & ~s->paused;
        /* OTP reads the call flag once, before the call trace's actions;
         * a sensitive process has it set and is not traced */
        ptrace_entry *pe = session_entry(p, s->session);
        bool calls = pe && (pe->flags & TF_CALL) && !p->sensitive;
        if ((live & (BPK_GLOBAL | BPK_LOCAL)) && calls)
            call_trace(p, s, r->header, args, (live & BPK_LOCAL) != 0, pe);
        if (live & BPK_META)
            meta_trace(p, s, r->header, args);
        if (live & BPK_COUNT)
            atomic_fetch_add_explicit(&s->count->n, 1, memory_order_relaxed);
        if ((live & (BPK_TIME | BPK_MEMORY)) && calls)
            call_acc(p, s, r->header, live & (BPK_TIME | BPK_MEMORY));
    }
}

static void on_frame_return(process *p, const trace_frame *tf, term_t value)
{
    if (tf->kind == TFR_CALL_ACC)
        acc_return(p, tf);
    else
        meta_report(p, tf, EA.return_from, value);
}

/* An exception unwinds through one of bp.c's frames: exception_from for
 * meta's exception_trace; return_trace frames end silently (as the call
 * trace's); a call-accounting frame is dropped, its function keeping the
 * share until the next accounted call or return (as OTP's). A frame that
 * goes with the stack (hibernate, cls CLASS_TRAP) ends silently. */
static void on_frame_unwind(process *p, const trace_frame *tf, proc_class cls, term_t reason)
{
    if (tf->kind == TFR_META_EXCEPTION && cls != CLASS_TRAP) {
        term_t c = cls == CLASS_ERROR ? ATOM_error : cls == CLASS_EXIT ? ATOM_exit : ATOM_throw;
        heap_t h;
        heap_init(&h, ALLOC_TEMP);
        meta_report(p, tf, EA.exception_from, term_tuple2(&h, c, reason));
        heap_destroy(&h);
    }
    drop_frame_data(tf);
}

static void (*next_free)(process *p);

/* The free hook: drops p's accounting entries and what its remaining
 * frames hold, then the engine's own free. */
static void on_free(process *p)
{
    for (uint32_t i = 0; i < p->ntframes; i++)
        drop_frame_data(&p->tframes[i]);
    if (atomic_load_explicit(&npstates, memory_order_relaxed)) {
        pthread_mutex_lock(&pstate_lock);
        for (pstate **pp = &pstates[bucket_of(p->pid)]; *pp;) {
            pstate *s = *pp;
            if (s->pid != p->pid) {
                pp = &s->next;
                continue;
            }
            *pp = s->next;
            ctr_unref(s->tcur);
            ctr_unref(s->mcur);
            alloc_free(ALLOC_BREAKPOINT, s, sizeof *s);
            atomic_fetch_sub_explicit(&npstates, 1, memory_order_relaxed);
        }
        pthread_mutex_unlock(&pstate_lock);
    }
    next_free(p);
}

void bp_init(void)
{
    trace_hooks.frame_return = on_frame_return;
    trace_hooks.frame_unwind = on_frame_unwind;
    trace_hooks.slice = on_slice;
    trace_hooks.collect = on_collect;
    next_free = trace_hooks.free;
    trace_hooks.free = on_free;
    for (uint32_t s = 0; s < ENGINE_MAX_SESSIONS; s++)
        on_load[s].meta_tracer = NIL;
}

void bp_loaded(const module_code *mc)
{
    /* The module's previous code and its exports lose their patterns at
     * once (no flip: nothing needs to change atomically with them); the
     * records go after thread progress. */
    for (bp_rec *r = records, *next; r; r = next) {
        next = r->next;
        if (r->module != mc->name)
            continue;
        record_unlink(r);
        if (r->installed && trace_read_word(r->at) == trace_breakpoint_word())
            trace_patch_word(r->at, r->vm.orig);
        __atomic_store_n(&r->vm.flags[0], 0, __ATOMIC_RELAXED);
        __atomic_store_n(&r->vm.flags[1], 0, __ATOMIC_RELAXED);
        trace_patch_word(slot_of(r), 0);
        progress_defer(record_free, r);
    }
    /* then the on_load patterns go on the new version */
    for (uint32_t s = 0; s < ENGINE_MAX_SESSIONS; s++)
        if (on_load[s].on)
            apply_on_load(mc, s);
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

/* The settings of session on m:f/arity: whether the function exists, its
 * global setting (export entry) and its other settings (its code; a BIF's
 * are in its export entry too). Under code_mod_lock. */
static bool function_settings(uint32_t session, term_t m, term_t f, int64_t arity, const bp_setting **glob,
                              const bp_setting **code)
{
    *glob = *code = NULL;
    if (arity < 0 || arity > 255)
        return false;
    const code_t *code_slot = NULL;
    export_entry *e = NULL;
    bool exists = false;
    const module_code *mc = code_module(m);
    for (size_t i = 0; mc && i < mc->nfuncs; i++)
        if (mc->funcs[i].name == f && mc->funcs[i].arity == (unsigned)arity) {
            exists = true;
            code_slot = mc->code + mc->funcs[i].header + FH_BP;
            if (mc->funcs[i].exported)
                e = code_export_get(m, f, (unsigned)arity);
        }
    if (bif_lookup(m, f, (unsigned)arity)) {
        e = code_export_get(m, f, (unsigned)arity);
        if (e->bif) {
            exists = true;
            code_slot = &e->header[FH_BP];
        }
    }
    if (e && !e->bif)
        *glob = active_setting(&e->header[FH_BP], session);
    if (code_slot)
        *code = active_setting(code_slot, session);
    if (*glob && !((*glob)->kinds & BPK_GLOBAL))
        *glob = NULL;
    if (*code && ((*code)->kinds & BPK_GLOBAL)) /* a BIF's global pattern */
        *glob = *code, *code = NULL;
    return exists;
}

/* The value of trace_info's item for the settings found (OTP's
 * trace_info_func): THE_NON_VALUE for an unknown item. */
static term_t function_item(const bp_setting *glob, const bp_setting *code, term_t item, heap_t *h)
{
    const bp_setting *traced_by = glob ? glob : code && (code->kinds & BPK_LOCAL) ? code : NULL;
    term_t traced = glob ? EA.global : traced_by ? EA.local : ATOM_false;
    term_t match_spec = ATOM_false;
    if (traced_by)
        match_spec = traced_by->ms ? copy_term(h, ms_source(traced_by->ms->prog)) : NIL;
    uint32_t k = glob ? 0 : code ? code->kinds : 0;
    term_t meta = ATOM_false; /* the tracer, as all shows it */
    if (k & BPK_META) {
        term_t t = atomic_load_explicit(&code->meta->tracer, memory_order_relaxed);
        meta = t == NIL ? ATOM_false : tracer_term(t, h);
    }
    term_t meta_ms = ATOM_false, count = ATOM_false, time = ATOM_false, memory = ATOM_false;
    if (k & BPK_META)
        meta_ms = code->meta_ms ? copy_term(h, ms_source(code->meta_ms->prog)) : NIL;
    if (k & BPK_COUNT)
        count = term_uint64(h, atomic_load_explicit(&code->count->n, memory_order_relaxed));
    if (item == EA.traced)
        return traced;
    if (item == EA.match_spec)
        return match_spec;
    if (item == EA.meta) /* OTP: [] for a traced function with no (live) meta tracer */
        return meta == ATOM_false ? NIL : meta;
    if (item == EA.meta_match_spec)
        return meta_ms;
    if (item == EA.call_count)
        return count;
    if (item == EA.call_time)
        return (k & BPK_TIME) ? ctr_list(code->time, true, h) : ATOM_false;
    if (item == EA.call_memory)
        return (k & BPK_MEMORY) ? ctr_list(code->memory, false, h) : ATOM_false;
    if (item != ATOM_all)
        return THE_NON_VALUE;
    if (k & BPK_TIME)
        time = ctr_list(code->time, true, h);
    term_t items[7];
    unsigned n = 0;
    items[n++] = term_tuple2(h, EA.traced, traced);
    items[n++] = term_tuple2(h, EA.match_spec, match_spec);
    items[n++] = term_tuple2(h, EA.meta, meta);
    items[n++] = term_tuple2(h, EA.meta_match_spec, meta_ms);
    /* OTP 25's list has no call_memory (OTP 26's has it here): only a
     * function with call_memory shows it */
    if (k & BPK_MEMORY) {
        memory = ctr_list(code->memory, false, h);
        items[n++] = term_tuple2(h, EA.call_memory, memory);
    }
    items[n++] = term_tuple2(h, EA.call_time, time);
    items[n++] = term_tuple2(h, EA.call_count, count);
    return term_list_from(h, items, n, NIL);
}

term_t bp_function_item(uint32_t session, term_t m, term_t f, int64_t arity, term_t item, heap_t *h)
{
    code_mod_lock();
    const bp_setting *glob, *code;
    term_t v;
    if (!function_settings(session, m, f, arity, &glob, &code))
        v = ATOM_undefined; /* for any item, as OTP's */
    else if (!glob && !code)
        v = ATOM_false;
    else
        v = function_item(glob, code, item, h);
    code_mod_unlock();
    return v;
}

void bp_get_info(uint32_t session, term_t m, term_t f, unsigned arity, heap_t *h, bp_info *out)
{
    out->traced = bp_function_item(session, m, f, arity, EA.traced, h);
    out->match_spec = bp_function_item(session, m, f, arity, EA.match_spec, h);
}

term_t bp_on_load_item(uint32_t session, term_t item, heap_t *h)
{
    code_mod_lock();
    const on_load_pattern *o = &on_load[session];
    term_t v = THE_NON_VALUE;
    bool brk = o->kinds != 0, local = o->kinds & BPK_LOCAL, meta = o->kinds & BPK_META;
    term_t ms = o->ms ? copy_term(h, ms_source(o->ms->prog)) : NIL;
    term_t meta_ms = o->meta_ms ? copy_term(h, ms_source(o->meta_ms->prog)) : NIL;
    term_t tracer = meta && o->meta_tracer != NIL ? tracer_term(o->meta_tracer, h) : ATOM_false;
    if (!o->on)
        v = ATOM_false; /* for any item, as OTP's */
    else if (item == EA.traced)
        v = !brk ? EA.global : local ? EA.local : ATOM_false;
    else if (item == EA.match_spec)
        v = !brk || local ? ms : ATOM_false;
    else if (item == EA.meta)
        v = tracer;
    else if (item == EA.meta_match_spec)
        v = meta ? meta_ms : ATOM_false;
    else if (item == EA.call_count)
        v = (o->kinds & BPK_COUNT) ? ATOM_true : ATOM_false;
    else if (item == EA.call_time)
        v = (o->kinds & BPK_TIME) ? ATOM_true : ATOM_false;
    else if (item == EA.call_memory)
        v = (o->kinds & BPK_MEMORY) ? ATOM_true : ATOM_false;
    else if (item == ATOM_all) {
        /* OTP's list: five items, and the specs as they are kept even
         * when the kind they belong to is off */
        term_t all_ms = o->ms ? ms : (local || !brk) ? NIL : ATOM_false;
        term_t all_meta_ms = o->meta_ms ? meta_ms : meta ? NIL : ATOM_false;
        term_t items[5] = {term_tuple2(h, EA.traced,
                                       !brk    ? EA.global
                                       : local ? EA.local
                                               : ATOM_false),
                           term_tuple2(h, EA.match_spec, all_ms), term_tuple2(h, EA.meta, tracer),
                           term_tuple2(h, EA.meta_match_spec, all_meta_ms),
                           term_tuple2(h, EA.call_count, (o->kinds & BPK_COUNT) ? ATOM_true : ATOM_false)};
        v = term_list_from(h, items, 5, NIL);
    }
    code_mod_unlock();
    return v;
}
