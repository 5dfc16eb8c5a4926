/* session.c: trace sessions' per-process state: which sessions trace a
 * process, with which flags and tracer (engine.h), and the engine's atoms.
 * A process's entries are changed only by whoever holds its PS_RUNNING
 * bit: the process itself, or a BIF that claimed it (vm/sched.h). */
#include "engine.h"

#include <stdatomic.h>
#include <pthread.h>
#include <string.h>

engine_atoms EA;

void engine_atoms_init(void)
{
#define X(c, text) EA.c = atom_from_cstr(text);
    ENGINE_ATOMS
#undef X
}

/* The process trace flags by name, in the order trace_info(P, flags)
 * lists them (OTP 25's). */
static const struct {
    term_t *name;
    uint32_t bit;
} flag_names[] = {
    {&EA.running_procs, TF_RUNNING_PROCS},
    {&EA.running_ports, TF_RUNNING_PORTS},
    {&EA.ports, TF_PORTS},
    {NULL, TF_SCHEDULER_ID}, /* scheduler_id: looked up by text */
    {&EA.silent, TF_SILENT},
    {&EA.return_to, TF_RETURN_TO},
    {&EA.arity, TF_ARITY},
    {&EA.garbage_collection, TF_GC},
    {&EA.exiting, TF_EXITING},
    {&EA.running, TF_RUNNING},
    {&EA.set_on_first_link, TF_SOFL},
    {&EA.set_on_link, TF_SOL},
    {&EA.set_on_first_spawn, TF_SOFS},
    {&EA.procs, TF_PROCS},
    {&EA.call, TF_CALL},
    {&EA.set_on_spawn, TF_SOS},
    {&EA.receive, TF_RECEIVE},
    {&EA.send, TF_SEND},
    {&EA.cpu_timestamp, TF_CPU_TIMESTAMP},
    {&EA.monotonic_timestamp, TF_MONOTONIC},
    {&EA.strict_monotonic_timestamp, TF_STRICT_MONOTONIC},
    {&EA.timestamp, TF_TIMESTAMP},
};
#define NFLAGS (sizeof flag_names / sizeof flag_names[0])

static _Atomic term_t scheduler_id_atom;

static term_t flag_atom(size_t i)
{
    return flag_names[i].name ? *flag_names[i].name : atom_cached(&scheduler_id_atom, "scheduler_id");
}

uint32_t session_all_flags(void)
{
    uint32_t f = 0;
    for (size_t i = 0; i < NFLAGS; i++)
        f |= flag_names[i].bit;
    return f & ~(uint32_t)TF_CPU_TIMESTAMP;
}

bool session_flag_of(term_t name, uint32_t *bit)
{
    if (name == ATOM_all) {
        *bit = session_all_flags();
        return true;
    }
    for (size_t i = 0; i < NFLAGS; i++)
        if (flag_atom(i) == name) {
            *bit = flag_names[i].bit;
            return true;
        }
    return false;
}

term_t session_flags_list(heap_t *h, uint32_t flags)
{
    term_t l = NIL;
    for (size_t i = NFLAGS; i-- > 0;)
        if (flags & flag_names[i].bit)
            l = term_cons(h, flag_atom(i), l);
    return l;
}

/* p's trace flags: the union of p's entries' flags. */
static void recompute_flags(process *p)
{
    proc_trace *t = p->trace;
    uint32_t all = 0;
    for (uint32_t i = 0; t && i < t->n; i++)
        all |= t->e[i].flags;
    proc_set_trace_flags(p, all);
}

/* Removes p's entries of destroyed sessions. */
static void drop_stale(process *p)
{
    proc_trace *t = p->trace;
    for (uint32_t i = 0; t && i < t->n;) {
        if (session_live(&t->e[i]))
            i++;
        else
            t->e[i] = t->e[--t->n];
    }
    recompute_flags(p);
}

/* ---- the session table ------------------------------------------------------ */

/* Live sessions' settings, under table_lock; session_gens[s] (engine.h)
 * moves on when s is destroyed, so that entries of the old session are
 * seen to be stale. */
typedef struct session_rec {
    bool live;
    bool reserved; /* destroyed, its number not yet free again */
    session_info info;
    uint32_t ref[3];
} session_rec;
static session_rec table[ENGINE_MAX_SESSIONS];
_Atomic uint32_t session_gens[ENGINE_MAX_SESSIONS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

/* A session's handle's magic: when the handle's last copy goes, it waits
 * on `dropped` for a scheduler's safe point, which destroys the session
 * if it is still the one the handle was made for (its number may have
 * been destroyed and reused since: gen tells). */
typedef struct handle_magic {
    vm_magic m;
    struct handle_magic *next;
    uint32_t session, gen;
} handle_magic;
static _Atomic(handle_magic *) dropped;

/* The magic's destructor: runs wherever the last copy went (a collection,
 * a heap freed), so it only queues. */
static void handle_dropped(vm_magic *m)
{
    handle_magic *hm = (handle_magic *)(void *)m;
    handle_magic *head = atomic_load_explicit(&dropped, memory_order_relaxed);
    do
        hm->next = head;
    while (!atomic_compare_exchange_weak_explicit(&dropped, &head, hm, memory_order_release, memory_order_relaxed));
    trace_want_safe_point();
}

term_t session_create(const session_info *info, heap_t *h)
{
    int s = -1;
    uint32_t ref[3];
    handle_magic *hm = alloc_new(ALLOC_TRACE, sizeof *hm);
    pthread_mutex_lock(&table_lock);
    for (uint32_t i = 1; i < ENGINE_MAX_SESSIONS && s < 0; i++)
        if (!table[i].live && !table[i].reserved)
            s = (int)i;
    if (s > 0) {
        proc_new_ref(ref);
        table[s].live = true;
        table[s].info = *info;
        memcpy(table[s].ref, ref, sizeof table[s].ref);
        hm->session = (uint32_t)s;
        hm->gen = session_gen((uint32_t)s);
    }
    pthread_mutex_unlock(&table_lock);
    if (s < 0) {
        alloc_free(ALLOC_TRACE, hm, sizeof *hm);
        return THE_NON_VALUE;
    }
    atomic_init(&hm->m.refc, 0);
    hm->m.destroy = handle_dropped;
    return term_magic_ref(h, ref, &hm->m);
}

int session_of_handle(term_t handle)
{
    if (!term_is_local_ref(handle) || ref_object(handle)->nids != 3)
        return -1;
    const uint32_t *ids = ref_object(handle)->ids;
    int s = -1;
    pthread_mutex_lock(&table_lock);
    for (uint32_t i = 1; i < ENGINE_MAX_SESSIONS && s < 0; i++)
        if (table[i].live && !memcmp(table[i].ref, ids, sizeof table[i].ref))
            s = (int)i;
    pthread_mutex_unlock(&table_lock);
    return s;
}

bool session_get(uint32_t s, session_info *out)
{
    if (s == 0) {
        *out = (session_info){NIL, NIL};
        return true;
    }
    pthread_mutex_lock(&table_lock);
    bool live = s < ENGINE_MAX_SESSIONS && table[s].live;
    if (live)
        *out = table[s].info;
    pthread_mutex_unlock(&table_lock);
    return live;
}

unsigned session_list(uint32_t *out)
{
    unsigned n = 0;
    out[n++] = 0;
    pthread_mutex_lock(&table_lock);
    for (uint32_t i = 1; i < ENGINE_MAX_SESSIONS; i++)
        if (table[i].live)
            out[n++] = i;
    pthread_mutex_unlock(&table_lock);
    return n;
}

/* The number of a destroyed session is free again. */
static void release_number(void *arg)
{
    uint32_t s = (uint32_t)(uintptr_t)arg;
    pthread_mutex_lock(&table_lock);
    table[s].reserved = false;
    pthread_mutex_unlock(&table_lock);
}

/* session_destroy, of generation gen only when `any` is false. */
static void destroy(process *caller, uint32_t s, bool any, uint32_t gen)
{
    pthread_mutex_lock(&table_lock);
    bool live = table[s].live && (any || session_gen(s) == gen);
    table[s].live = table[s].live && !live;
    table[s].reserved = live;
    pthread_mutex_unlock(&table_lock);
    if (!live)
        return;
    /* entries anywhere are stale from here on: dropped on sight */
    atomic_fetch_add_explicit(&session_gens[s], 1, memory_order_relaxed);
    session_new_set(s, 0, NIL);
    tev_set_msg_pattern(s, false, NULL, false);
    tev_set_msg_pattern(s, true, NULL, false);
    bp_clear_session(caller, s);
    /* every entry goes now, so that no process pays for it later */
    if (caller) {
        heap_t h;
        heap_init(&h, ALLOC_TEMP);
        for (term_t l = proc_all_pids(&h); l != NIL; l = list_tail(l)) {
            process *q = list_head(l) == caller->pid ? caller : proc_lookup(list_head(l));
            if (!q || (q != caller && sched_claim(caller, q) == SCHED_CLAIM_GONE))
                continue;
            drop_stale(q);
            if (q != caller)
                sched_release(q);
        }
        heap_destroy(&h);
    }
    progress_defer(release_number, (void *)(uintptr_t)s);
}

void session_destroy(process *caller, uint32_t s) { destroy(caller, s, true, 0); }

void session_reap(void)
{
    handle_magic *hm = atomic_exchange_explicit(&dropped, NULL, memory_order_acquire);
    while (hm) {
        handle_magic *next = hm->next;
        destroy(NULL, hm->session, false, hm->gen);
        alloc_free(ALLOC_TRACE, hm, sizeof *hm);
        hm = next;
    }
}

/* ---- per-process entries -------------------------------------------------------- */

ptrace_entry *session_drop_stale(process *p)
{
    drop_stale(p);
    return NULL;
}

void session_set(process *p, uint32_t s, uint32_t flags, term_t tracer)
{
    if (p->untraced && flags)
        return; /* the shell's own workers make no events */
    proc_trace *t = p->trace;
    ptrace_entry *pe = session_entry(p, s);
    if (flags == 0) {
        if (pe)
            *pe = t->e[--t->n];
    } else if (pe) {
        pe->flags = flags;
        pe->tracer = tracer;
    } else {
        if (!t || t->n == t->cap) {
            uint32_t cap = t ? t->cap * 2 : 2;
            size_t old = t ? sizeof *t + t->cap * sizeof t->e[0] : 0;
            proc_trace *nt = t ? alloc_resize(ALLOC_TRACE, t, old, sizeof *t + cap * sizeof t->e[0])
                               : alloc_new(ALLOC_TRACE, sizeof *t + cap * sizeof t->e[0]);
            if (!t)
                nt->n = 0;
            nt->cap = cap;
            p->trace = t = nt;
        }
        t->e[t->n++] = (ptrace_entry){s, session_gen(s), flags, tracer};
    }
    recompute_flags(p);
}

static pthread_mutex_t new_lock = PTHREAD_MUTEX_INITIALIZER;
static session_new new_settings[ENGINE_MAX_SESSIONS];

session_new session_new_get(uint32_t s)
{
    pthread_mutex_lock(&new_lock);
    session_new n = new_settings[s];
    pthread_mutex_unlock(&new_lock);
    return n;
}

void session_new_set(uint32_t s, uint32_t flags, term_t tracer)
{
    pthread_mutex_lock(&new_lock);
    new_settings[s] = (session_new){flags, flags ? tracer : NIL};
    uint32_t all = 0;
    for (uint32_t i = 0; i < ENGINE_MAX_SESSIONS; i++)
        all |= new_settings[i].flags;
    atomic_store_explicit(&trace_new_flags, all, memory_order_relaxed);
    pthread_mutex_unlock(&new_lock);
}

/* The `free` hook: p's memory goes. */
void session_free_proc(process *p)
{
    proc_trace *t = p->trace;
    alloc_free(ALLOC_TRACE, t, sizeof *t + t->cap * sizeof t->e[0]);
    p->trace = NULL;
}
