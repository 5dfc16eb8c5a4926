/* session.c: trace sessions' per-process state: which sessions trace a
 * process, with which flags and tracer (engine.h), and the engine's atoms.
 * A process's entries are changed only by whoever holds its PS_RUNNING
 * bit: the process itself, or a BIF that claimed it (vm/sched.h). */
#include "engine.h"

#include <pthread.h>

engine_atoms EA;

void engine_atoms_init(void)
{
#define X(c, text) EA.c = atom_from_cstr(text);
    ENGINE_ATOMS
#undef X
}

ptrace_entry *session_entry(process *p, uint32_t s)
{
    proc_trace *t = p->trace;
    if (!t)
        return NULL;
    for (uint32_t i = 0; i < t->n; i++)
        if (t->e[i].session == s)
            return &t->e[i];
    return NULL;
}

void session_set(process *p, uint32_t s, uint32_t flags, term_t tracer)
{
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
        t->e[t->n++] = (ptrace_entry){s, flags, tracer};
    }
    uint32_t all = 0;
    for (uint32_t i = 0; t && i < t->n; i++)
        all |= t->e[i].flags;
    p->trace_flags = all;
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
