/* tev_sched.c: the trace events of scheduling and garbage collection, from
 * the VM's sched and gc hooks: in and out (running, running_procs),
 * in_exiting, out_exiting and out_exited (exiting), gc_minor_start ...
 * gc_major_end (garbage_collection). docs/internals/sched-gc-events.md. */
#include "engine.h"

/* ---- scheduling ------------------------------------------------------------ */

/* {M, F, Arity} of a function header, on h. */
static term_t mfa_of(heap_t *h, const code_t *header)
{
    return term_tuple3(h, (term_t)header[FH_MODULE], (term_t)header[FH_NAME],
                       term_small((int64_t)header[FH_ARITY]));
}

/* The function p runs in, as OTP reports it in `in` and `out`: the one
 * its saved pc is in (for a process waiting in receive, the function of
 * the receive); for a BIF that will run again (TRAP_RETRY) the BIF; for
 * a pc in no module (an export stub) the caller's function, or the
 * initial call when p has not run yet. On h. */
static term_t current_mfa(const process *p, heap_t *h)
{
    code_location loc;
    if (code_find(p->pc, &loc))
        return mfa_of(h, loc.header);
    if (p->pc == p->retry_code) {
        const bif_entry *b = (const bif_entry *)p->retry_code[1];
        return term_tuple3(h, atom_from_cstr(b->module), atom_from_cstr(b->name), term_small(b->arity));
    }
    if (p->nframes > 0 && code_find(p->frames[p->nframes - 1].pc - 1, &loc))
        return mfa_of(h, loc.header);
    return term_tuple3(h, p->initial_call[0], p->initial_call[1], p->initial_call[2]);
}

/* {trace, Pid, in | out, {M, F, Arity}} to the sessions with running or
 * running_procs (one event when both are set);
 * {trace, Pid, in_exiting | out_exiting | out_exited, 0} to those with
 * exiting. */
static void on_sched(process *p, trace_sched_event what)
{
    if (what == TRACE_IN || what == TRACE_OUT) {
        heap_t h;
        heap_init(&h, ALLOC_TEMP);
        term_t mfa = current_mfa(p, &h);
        tev_emit(p, TF_RUNNING | TF_RUNNING_PROCS, what == TRACE_IN ? EA.in : EA.out, 1, &mfa);
        heap_destroy(&h);
        return;
    }
    term_t tag = what == TRACE_IN_EXITING    ? EA.in_exiting
                 : what == TRACE_OUT_EXITING ? EA.out_exiting
                                             : EA.out_exited;
    term_t zero = term_small(0);
    tev_emit(p, TF_EXITING, tag, 1, &zero);
}

/* ---- garbage collection ------------------------------------------------------ */

/* The collection in progress on this thread (a collection runs from its
 * first hook to its last on the thread that runs p, and runs no other
 * process meanwhile): the numbers of its start, which a minor collection
 * that ran as a major one reports again after the fact (its gc_minor_end
 * and the gc_major_start that follows, as OTP's). */
static _Thread_local struct {
    term_t pid;
    gc_info before;  /* at the start; wordsize is the need: 0 */
    uint64_t words;  /* words in use in both generations then */
    uint64_t minors; /* p->gc.minor_count then */
    bool open;       /* a start was reported, no major end yet */
} collection;

/* Words in use in p's young and old generations. */
static uint64_t heap_words(const process *p)
{
    return heap_used_words(&p->heap) + heap_used_words(&p->gc.old);
}

/* p's gc_info now, with OTP's stack_size (registers and frames, as
 * process_info's). */
static void info_now(const process *p, gc_info *out)
{
    gc_info_get(&p->heap, &p->gc, p->stack_top + p->nframes, out);
}

/* {trace, Pid, Tag, Info} of gi to the sessions with garbage_collection
 * (Info with {wordsize, W} first except for gc_max_heap_size). Built on a
 * temporary heap: p's heap is being collected. */
static void emit_gc(process *p, term_t tag, const gc_info *gi)
{
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t info = gc_info_list(&h, gi, tag != EA.gc_max_heap_size);
    tev_emit(p, TF_GC, tag, 1, &info);
    heap_destroy(&h);
}

/* gc_minor_start, gc_major_start: the numbers before the collection,
 * wordsize the words asked for (0: the VM collects when the heap is full
 * or asked to, never for a size). gc_minor_end, gc_major_end: the numbers
 * after it, wordsize the words reclaimed (in use before minus in use after,
 * both generations). A minor collection that did not run (the old heap had
 * no room; p->gc.minor_count unchanged) ends with the numbers of its start
 * and wordsize 0, and the major one that follows starts from them. */
static void on_gc(process *p, trace_gc_event what)
{
    bool again = collection.open && collection.pid == p->pid && p->gc.minor_count == collection.minors;
    gc_info gi;
    switch (what) {
    case TRACE_GC_MAX_HEAP_SIZE:
        /* between the start and the end (or the exit), as OTP's */
        info_now(p, &gi);
        emit_gc(p, EA.gc_max_heap_size, &gi);
        return;
    case TRACE_GC_MAJOR_START:
        if (again) {
            emit_gc(p, EA.gc_major_start, &collection.before);
            return;
        }
        /* fall through */
    case TRACE_GC_MINOR_START:
        info_now(p, &collection.before);
        collection.before.wordsize = 0;
        collection.pid = p->pid;
        collection.words = heap_words(p);
        collection.minors = p->gc.minor_count;
        collection.open = true;
        emit_gc(p, what == TRACE_GC_MINOR_START ? EA.gc_minor_start : EA.gc_major_start, &collection.before);
        return;
    case TRACE_GC_MINOR_END:
        if (again) {
            emit_gc(p, EA.gc_minor_end, &collection.before);
            return;
        }
        /* fall through */
    case TRACE_GC_MAJOR_END: {
        info_now(p, &gi);
        uint64_t now = heap_words(p);
        bool ours = collection.open && collection.pid == p->pid;
        gi.wordsize = ours && collection.words > now ? collection.words - now : 0;
        collection.open = false;
        emit_gc(p, what == TRACE_GC_MINOR_END ? EA.gc_minor_end : EA.gc_major_end, &gi);
        return;
    }
    }
}

void tev_sched_install(void)
{
    trace_hooks.sched = on_sched;
    trace_hooks.gc = on_gc;
}
