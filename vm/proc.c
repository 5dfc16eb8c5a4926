/* proc.c: process lifecycle (the process table, spawn, exit and its
 * propagation to links and monitors), mailboxes and signals, receive
 * timers, registered names, and the growth of a process's stacks. Signals
 * (exit, link, unlink, monitor) travel through the same incoming queue as
 * messages, so between two processes they arrive in the order they were
 * sent, as in OTP. */
#include "proc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "atom.h"
#include "bignum.h"
#include "code.h"
#include "copy.h"
#include "ets.h"
#include "port.h"
#include "progress.h"
#include "report.h"
#include "sched.h"
#include "seqtrace.h"
#include "trace.h"

/* ---- the process table ---------------------------------------------------
 * A slot per live process, indexed by pid number modulo the table size.
 * Lookups take no lock; a process struct is freed only after thread
 * progress (progress_defer), so a scheduler that found it in the current
 * time slice may use it until its next safe point. */

static _Atomic(process *) *table;
/* Pid 0 is the io server `user`. Numbers start where a freshly booted OTP
 * node's user processes do, so that pids print as wide as erl's and ~p
 * breaks lines in the same places. */
static _Atomic uint64_t next_number = 80;
static _Atomic uint32_t live;
static proc_exit_hook exit_hook;

void proc_table_init(proc_exit_hook hook)
{
    if (!table)
        table = alloc_zeroed(ALLOC_PROC_TABLE, PROC_TABLE_SIZE * sizeof *table);
    exit_hook = hook;
}

uint32_t proc_count(void) { return atomic_load(&live); }

process *proc_lookup(term_t pid)
{
    if (!term_is_local_pid(pid))
        return NULL;
    process *p = atomic_load_explicit(&table[pid_number(pid) % PROC_TABLE_SIZE], memory_order_acquire);
    if (!p || p->pid != pid)
        return NULL;
    return p;
}

/* A per-thread cache of the parts of dead processes that every process
 * needs in the same size (the struct, the minimum stack, the first frame
 * array; vm/heap.c keeps their minimum young heaps): spawning and exiting
 * are frequent, and malloc/free dominated them. A process spawning in a
 * loop starts a slice's worth of processes (about a thousand) before they
 * run and exit, so the cache holds that many: at most SHELL_CACHE shells,
 * 2.5 KB each. Cached shells stay allocated and counted (vm/alloc.h). */
#define SHELL_CACHE 1024
#define SHELL_STACK_BYTES (PROC_MIN_STACK_WORDS * sizeof(term_t))
#define SHELL_FRAMES_BYTES (PROC_MIN_FRAMES * sizeof(call_frame))
_Static_assert(PROC_MIN_HEAP_WORDS == HEAP_CACHE_WORDS && GC_MIN_HEAP_WORDS == HEAP_CACHE_WORDS,
               "vm/heap.c caches the young heap every process starts with");
static _Thread_local process *shells[SHELL_CACHE];
static _Thread_local unsigned nshells, shells_cap; /* cap 0: no cache */

/* Marks a cached shell unusable for AddressSanitizer, or usable again. */
static void poison_shell(process *p, bool poison)
{
    if (poison) {
        alloc_poison(p->stack, SHELL_STACK_BYTES);
        alloc_poison(p->frames, SHELL_FRAMES_BYTES);
        alloc_poison(p, sizeof *p);
    } else {
        alloc_unpoison(p, sizeof *p);
        alloc_unpoison(p->stack, SHELL_STACK_BYTES);
        alloc_unpoison(p->frames, SHELL_FRAMES_BYTES);
    }
}

static process *take_shell(void)
{
    process *p;
    term_t *stack;
    call_frame *frames;
    if (nshells) {
        p = shells[--nshells];
        poison_shell(p, false);
        stack = p->stack, frames = p->frames;
        memset(p, 0, sizeof *p);
    } else {
        p = alloc_zeroed(ALLOC_PROC, sizeof *p);
        stack = alloc_new(ALLOC_STACK, SHELL_STACK_BYTES);
        frames = alloc_new(ALLOC_STACK, SHELL_FRAMES_BYTES);
    }
    p->stack = stack, p->stack_words = PROC_MIN_STACK_WORDS;
    p->frames = frames, p->frames_cap = PROC_MIN_FRAMES;
    return p;
}

/* Frees p's struct, stack and frames, or keeps them for take_shell. */
static void drop_shell(process *p)
{
    if (p->stack_words == PROC_MIN_STACK_WORDS && p->frames_cap == PROC_MIN_FRAMES && nshells < shells_cap &&
        !alloc_map_enabled()) {
        poison_shell(p, true);
        shells[nshells++] = p;
        return;
    }
    alloc_free(ALLOC_STACK, p->stack, p->stack_words * sizeof(term_t));
    alloc_free(ALLOC_STACK, p->frames, p->frames_cap * sizeof(call_frame));
    alloc_free(ALLOC_PROC, p, sizeof *p);
}

void proc_use_caches(bool on)
{
    while (nshells) {
        process *p = shells[--nshells];
        poison_shell(p, false);
        alloc_free(ALLOC_STACK, p->stack, SHELL_STACK_BYTES);
        alloc_free(ALLOC_STACK, p->frames, SHELL_FRAMES_BYTES);
        alloc_free(ALLOC_PROC, p, sizeof *p);
    }
    shells_cap = on ? SHELL_CACHE : 0;
    heap_cache_use(on);
}

/* This thread's exited processes, not yet handed to thread progress to be
 * freed (proc_flush_exits), linked by rq_next; the slices since the first. */
static _Thread_local process *exited;
static _Thread_local unsigned exited_age;

/* A new process in the table, with an empty heap and stack; NULL when the
 * table is full (system_limit). It is published initialised, with its
 * PS_RUNNING bit held by the caller (so nobody claims it half-built). */
void proc_default_opts(proc_opts *out)
{
    gc_system_opts(&out->gc);
    out->priority = ATOM_normal;
    out->mq_off_heap = false;
}

static process *new_process(const proc_opts *po)
{
    proc_opts defaults;
    if (!po) {
        proc_default_opts(&defaults);
        po = &defaults;
    }
    if (atomic_fetch_add(&live, 1) >= PROC_TABLE_SIZE) {
        atomic_fetch_sub(&live, 1);
        return NULL;
    }
    process *p = take_shell();
    atomic_init(&p->state, PS_RUNNING);
    heap_init(&p->heap, ALLOC_HEAP);
    gc_init(&p->heap, &p->gc, po->gc.min_heap_words);
    gc_set_opts(&p->gc, &po->gc);
    p->inq_tail = &p->inq;
    p->msgq_tail = &p->msgq;
    p->save = &p->msgq;
    p->registered_name = NIL;
    p->dict = NIL;
    p->group_leader = NIL;
    p->exit_reason = ATOM_normal;
    p->fstack = NIL;
    p->freason = NIL;
    p->finfo = THE_NON_VALUE;
    p->result = NIL;
    p->sched_id = -1;
    p->priority = po->priority;
    p->mq_off_heap = po->mq_off_heap;
    seq_init(p);
    for (;;) {
        uint64_t n = atomic_fetch_add(&next_number, 1);
        p->pid = term_local_pid((uint32_t)n, (uint32_t)(n >> 32) & ((1u << PID_SERIAL_BITS) - 1));
        process *expected = NULL;
        if (atomic_compare_exchange_strong_explicit(&table[n % PROC_TABLE_SIZE], &expected, p,
                                                    memory_order_release, memory_order_relaxed))
            break;
    }
    return p;
}

static void free_message(message *m)
{
    heap_destroy(&m->frag);
    alloc_free(ALLOC_MESSAGE, m, sizeof *m);
}

static void drop_tag(proc_link *l)
{
    if (!l->tag)
        return;
    heap_destroy(&l->tag->heap);
    alloc_free(ALLOC_LINK, l->tag, sizeof *l->tag);
    l->tag = NULL;
}

static void free_link(proc_link *l)
{
    drop_tag(l);
    alloc_free(ALLOC_LINK, l, sizeof *l);
}

/* A copy of t in h, a heap of its own that starts exactly as large as the
 * copy needs (t itself when immediate). */
static term_t copy_off_heap(heap_t *h, term_t t)
{
    size_t words = copy_size(t);
    if (!words)
        return t;
    h->next_words = words;
    return copy_term(h, t);
}

static void free_process(process *p)
{
    for (message *m = p->msgq, *n; m; m = n) {
        n = m->next;
        free_message(m);
    }
    for (message *m = p->inq, *n; m; m = n) {
        n = m->next;
        free_message(m);
    }
    for (proc_link *l = p->links, *n; l; l = n) {
        n = l->next;
        free_link(l);
    }
    if (p->ref_index)
        alloc_free(ALLOC_LINK, p->ref_index, p->ref_cap * sizeof *p->ref_index);
    gc_destroy(&p->heap, &p->gc);
    heap_destroy(&p->heap);
    if (p->catches)
        alloc_free(ALLOC_STACK, p->catches, p->catches_cap * sizeof(catch_entry));
    if (p->trace)
        trace_hooks.free(p);
    if (p->tframes)
        alloc_free(ALLOC_STACK, p->tframes, p->tframes_cap * sizeof(trace_frame));
    drop_shell(p);
}

static size_t message_bytes(const message *m)
{
    size_t n = 0;
    for (; m; m = m->next)
        n += sizeof *m + heap_allocated_bytes(&m->frag);
    return n;
}

size_t proc_memory(process *p)
{
    size_t n = sizeof *p + p->stack_words * sizeof(term_t) + p->frames_cap * sizeof(call_frame) +
               p->catches_cap * sizeof(catch_entry) + p->tframes_cap * sizeof(trace_frame) +
               heap_allocated_bytes(&p->heap) + heap_allocated_bytes(&p->gc.old) + message_bytes(p->msgq);
    for (const proc_link *l = p->links; l; l = l->next)
        n += sizeof *l;
    spinlock_lock(&p->inq_lock);
    n += message_bytes(p->inq);
    spinlock_unlock(&p->inq_lock);
    return n;
}

/* ---- stacks ----------------------------------------------------------- */

void proc_grow_stack(process *p, uint32_t words)
{
    uint32_t n = p->stack_words;
    while (n < words + PROC_CALL_SLACK)
        n *= 2;
    uintptr_t old = (uintptr_t)p->stack;
    p->stack = alloc_resize(ALLOC_STACK, p->stack, p->stack_words * sizeof(term_t), n * sizeof(term_t));
    p->stack_words = n;
    /* the frames point into the stack: move them with it (as integers: the
     * old block is gone) */
    for (uint32_t i = 0; i < p->nframes; i++)
        p->frames[i].regs = (term_t *)((uintptr_t)p->stack + ((uintptr_t)p->frames[i].regs - old));
}

void proc_grow_frames(process *p)
{
    uint32_t n = p->frames_cap * 2;
    p->frames = alloc_resize(ALLOC_STACK, p->frames, p->frames_cap * sizeof(call_frame), n * sizeof(call_frame));
    p->frames_cap = n;
}

void proc_grow_catches(process *p)
{
    uint32_t n = p->catches_cap ? p->catches_cap * 2 : 8;
    p->catches = p->catches ? alloc_resize(ALLOC_STACK, p->catches, p->catches_cap * sizeof(catch_entry),
                                           n * sizeof(catch_entry))
                            : alloc_new(ALLOC_STACK, n * sizeof(catch_entry));
    p->catches_cap = n;
}

/* ---- garbage collection ----------------------------------------------- */

term_t (*proc_backtrace_fn)(heap_t *h, const process *q);

bool proc_over_max_heap(process *p)
{
    gc_max_heap limit = p->gc.max_heap;
    if (limit.words == 0)
        return false;
    proc_heap_report r = {.pid = p->pid, .gl = p->group_leader, .limit = limit};
    gc_info_get(&p->heap, &p->gc, p->stack_top + p->nframes, &r.info);
    r.total = gc_info_total_heap(&r.info) + r.info.stack_size;
    if (r.total <= limit.words)
        return false;
    if (p->trace_flags & TF_GC)
        trace_hooks.gc(p, TRACE_GC_MAX_HEAP_SIZE);
    if (limit.log) {
        r.msgq_len = p->msgq_len;
        spinlock_lock(&p->inq_lock);
        for (const message *m = p->inq; m; m = m->next)
            r.msgq_len += m->kind == MSG_MESSAGE;
        spinlock_unlock(&p->inq_lock);
        report_max_heap(&r);
    }
    return limit.kill;
}

/* The roots of p: its first `stack_words` registers and the fields that
 * hold terms. */
#define PROC_ROOTS 8
static void fill_roots(process *p, uint32_t stack_words, gc_root roots[PROC_ROOTS])
{
    roots[0] = (gc_root){p->stack, stack_words};
    roots[1] = (gc_root){&p->dict, 1};
    roots[2] = (gc_root){&p->exit_reason, 1};
    roots[3] = (gc_root){&p->result, 1};
    roots[4] = (gc_root){&p->freason, 1};
    roots[5] = (gc_root){&p->fstack, 1};
    roots[6] = (gc_root){&p->finfo, 1};
    roots[7] = (gc_root){&p->seq_label, 1};
}

void proc_gc(process *p, size_t need, bool major)
{
    gc_root roots[PROC_ROOTS];
    fill_roots(p, p->stack_top, roots);
    gc_collect(&p->heap, &p->gc, roots, PROC_ROOTS, need, major, NULL, NULL);
    /* The registers above stack_top are dead now but were not updated, and
     * the frames of the callers reach above it: a caller's registers past
     * the window of the call in progress. A caller may later put a call
     * window above one of them without writing it again (a destination
     * reserved before its operands are evaluated: `<<(id(X)):8>>`), and the
     * next collection would follow the stale pointer, into a block freed
     * now and perhaps reused by then. So they are cleared: NIL, or in a
     * GC-stress build a poison word (a header word: never followed by the
     * collector, and caught by the term accessors if a live register was
     * missed). No caller's frame reaches further above stack_top than the
     * largest frame loaded. */
    uint32_t reach = code_max_frame();
    uint32_t end = p->stack_words - p->stack_top > reach ? p->stack_top + reach : p->stack_words;
    for (uint32_t i = p->stack_top; i < end; i++)
        p->stack[i] = DBGSH_GC_STRESS ? HEAP_POISON_WORD : NIL;
}

bool proc_reaches(process *p, const term_t *area, size_t words)
{
    /* The registers above stack_top that a caller's frame may still
     * reach count too (proc_gc says why): one left pointing into a freed
     * area could later be taken for a live one. */
    uint32_t reach = code_max_frame();
    uint32_t scan = p->stack_words - p->stack_top > reach ? p->stack_top + reach : p->stack_words;
    gc_root roots[PROC_ROOTS];
    fill_roots(p, scan, roots);
    return gc_reaches(&p->heap, &p->gc, roots, PROC_ROOTS, area, area + words);
}

bool proc_copy_literal_area(process *p, const term_t *area, size_t words, const offheap_hdr *offheap)
{
    if (!proc_reaches(p, area, words))
        return false;
    /* Collected, the heap is one block whose words can be walked, and
     * the dead registers are cleared. */
    proc_gc(p, 0, true);
    gc_root roots[PROC_ROOTS];
    fill_roots(p, p->stack_top, roots);
    heap_t frag;
    heap_init(&frag, ALLOC_HEAP_FRAG);
    term_t *copy = heap_alloc(&frag, words);
    memcpy(copy, area, words * sizeof(term_t));
    uintptr_t lo = (uintptr_t)area, hi = (uintptr_t)(area + words);
    uint64_t delta = (uint64_t)((uintptr_t)copy - lo);
    gc_offset_pointers(roots, PROC_ROOTS, p->heap.blocks->mem, p->heap.top, lo, hi, delta);
    gc_offset_pointers(NULL, 0, copy, copy + words, lo, hi, delta);
    /* the copies of the area's handles take counts of their own */
    for (const offheap_hdr *o = offheap; o; o = o->next)
        heap_hold_offheap_obj(&frag, (offheap_hdr *)((uintptr_t)o + delta));
    heap_absorb(&p->heap, &frag);
    /* keeps what p uses of the copy, frees the rest */
    proc_gc(p, 0, true);
    return true;
}

/* ---- spawning --------------------------------------------------------- */

/* Links or monitors c and its parent as opts asks, gives c its trace flags,
 * and makes it runnable; c holds its arguments in its registers and was
 * started as module:function/n (args: the argument list, on c's heap, or
 * THE_NON_VALUE to build it from the registers if a trace needs it).
 * Returns c's pid. */
static term_t start_process(process *parent, process *c, term_t module, term_t function, term_t args, uint32_t n,
                            const export_entry *e, unsigned opts, uint32_t mref[3])
{
    c->stack_top = n;
    c->initial_call[0] = module;
    c->initial_call[1] = function;
    c->initial_call[2] = term_small(n);
    c->pc = atomic_load(&e->addr);
    c->group_leader = parent ? parent->group_leader : proc_user_pid();
    c->parent = parent ? parent->pid : proc_user_pid();
    if (parent && (opts & SPAWN_LINK)) {
        proc_add_link(parent, LINK, c->pid, NIL, NULL);
        proc_add_link(c, LINK, parent->pid, NIL, NULL);
    }
    if (parent && (opts & SPAWN_MONITOR)) {
        proc_add_link(parent, MONITOR_OUT, c->pid, NIL, mref);
        proc_add_link(c, MONITOR_IN, parent->pid, NIL, mref);
    }
    if (parent)
        seq_spawn(parent, c);
    c->untraced = (opts & SPAWN_UNTRACED) || (parent && parent->untraced);
    c->reporter = opts & SPAWN_REPORT;
    if (!c->untraced && ((parent && parent->trace_flags_set) ||
                         atomic_load_explicit(&trace_new_flags, memory_order_relaxed))) {
        if (args == THE_NON_VALUE) {
            args = NIL;
            for (uint32_t i = n; i-- > 0;)
                args = term_cons(&c->heap, c->stack[i], args);
        }
        trace_hooks.spawn(parent, c, module, function, args, parent && (opts & SPAWN_LINK));
    }
    /* Signals may have set bits meanwhile: keep them. Once enqueued, c may
     * run, end and be freed before this returns (a caller off the
     * schedulers does not hold thread progress back): read its pid first. */
    term_t pid = c->pid;
    uint32_t st = atomic_load_explicit(&c->state, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&c->state, &st, (st | PS_RUNNABLE) & ~(uint32_t)PS_RUNNING,
                                                  memory_order_release, memory_order_relaxed))
        ;
    sched_enqueue(c);
    return pid;
}

term_t proc_spawn(process *parent, term_t module, term_t function, term_t args, unsigned opts,
                  const proc_opts *po, uint32_t mref[3])
{
    int64_t n = list_length(args);
    ASSERT(n >= 0);
    process *c = new_process(po);
    if (!c)
        return THE_NON_VALUE;
    if ((uint64_t)n + PROC_CALL_SLACK > c->stack_words)
        proc_grow_stack(c, (uint32_t)n);
    term_t a = copy_term(&c->heap, args), copy = a;
    for (int64_t i = 0; i < n; i++, a = list_tail(a))
        c->stack[i] = list_head(a);
    return start_process(parent, c, module, function, copy, (uint32_t)n,
                         code_export_get(module, function, (unsigned)n), opts, mref);
}

term_t proc_spawn_fun(process *parent, term_t fun, unsigned opts, const proc_opts *po, uint32_t mref[3])
{
    /* Export entries are never freed: look erlang:apply/2 up once. */
    static _Atomic(export_entry *) apply2;
    export_entry *e = atomic_load_explicit(&apply2, memory_order_acquire);
    if (!e) {
        e = code_export_get(ATOM_erlang, ATOM_apply, 2);
        atomic_store_explicit(&apply2, e, memory_order_release);
    }
    process *c = new_process(po);
    if (!c)
        return THE_NON_VALUE;
    c->stack[0] = copy_term(&c->heap, fun);
    c->stack[1] = NIL;
    return start_process(parent, c, ATOM_erlang, ATOM_apply, THE_NON_VALUE, 2, e, opts, mref);
}

/* ---- the index of references ------------------------------------------ */

/* A process finds its monitors (either way) and aliases by their
 * reference ids, which signals and BIFs name: a hash index over the
 * entries of its list of links, so that a process with many monitors
 * handles each 'DOWN', demonitor or alias message in constant time.
 * Open addressing with linear probing, at most half full, grown by
 * doubling; a removal shifts the entries after it back (no tombstones).
 * The ids of one reference can be both a MONITOR_OUT (or ALIAS) and a
 * MONITOR_IN entry only in name: lookups name the kind. */
static uint32_t ref_hash(const uint32_t ids[3])
{
    uint64_t h = ((uint64_t)ids[1] << 32 | ids[0]) * 0x9E3779B97F4A7C15ull ^ ids[2];
    return (uint32_t)(h >> 32);
}

static void index_grow(process *p)
{
    uint32_t old_cap = p->ref_cap, cap = old_cap ? old_cap * 2 : 8;
    proc_link **old = p->ref_index;
    p->ref_index = alloc_zeroed(ALLOC_LINK, cap * sizeof *p->ref_index);
    p->ref_cap = cap;
    for (uint32_t i = 0; i < old_cap; i++) {
        if (!old[i])
            continue;
        uint32_t j = ref_hash(old[i]->ref) & (cap - 1);
        while (p->ref_index[j])
            j = (j + 1) & (cap - 1);
        p->ref_index[j] = old[i];
    }
    if (old)
        alloc_free(ALLOC_LINK, old, old_cap * sizeof *old);
}

static void index_put(process *p, proc_link *l)
{
    if ((p->ref_n + 1) * 2 > p->ref_cap)
        index_grow(p);
    uint32_t mask = p->ref_cap - 1, i = ref_hash(l->ref) & mask;
    while (p->ref_index[i])
        i = (i + 1) & mask;
    p->ref_index[i] = l;
    p->ref_n++;
}

static proc_link *index_find(const process *p, link_kind kind, const uint32_t ids[3])
{
    if (!p->ref_n)
        return NULL;
    uint32_t mask = p->ref_cap - 1;
    for (uint32_t i = ref_hash(ids) & mask; p->ref_index[i]; i = (i + 1) & mask) {
        proc_link *l = p->ref_index[i];
        if (l->kind == kind && l->ref[0] == ids[0] && l->ref[1] == ids[1] && l->ref[2] == ids[2])
            return l;
    }
    return NULL;
}

static void index_del(process *p, proc_link *l)
{
    uint32_t mask = p->ref_cap - 1, i = ref_hash(l->ref) & mask;
    while (p->ref_index[i] != l)
        i = (i + 1) & mask;
    p->ref_index[i] = NULL;
    p->ref_n--;
    /* shift back the entries of the run after i that may no longer be
     * reached: those whose home slot is not cyclically in (i, j] */
    for (uint32_t j = (i + 1) & mask; p->ref_index[j]; j = (j + 1) & mask) {
        uint32_t home = ref_hash(p->ref_index[j]->ref) & mask;
        bool reachable = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (reachable)
            continue;
        p->ref_index[i] = p->ref_index[j];
        p->ref_index[j] = NULL;
        i = j;
    }
}

proc_link *proc_add_link(process *p, link_kind kind, term_t other, term_t name, const uint32_t ref[3])
{
    if (kind == LINK) {
        for (proc_link *l = p->links; l; l = l->next)
            if (l->kind == LINK && l->other == other)
                return l;
    }
    proc_link *l = alloc_zeroed(ALLOC_LINK, sizeof *l);
    l->kind = kind;
    l->other = other;
    l->name = name;
    if (ref)
        memcpy(l->ref, ref, sizeof l->ref);
    l->next = p->links;
    if (l->next)
        l->next->pprev = &l->next;
    l->pprev = &p->links;
    p->links = l;
    if (kind != LINK)
        index_put(p, l);
    return l;
}

/* Takes l out of p's list and index and frees it. */
static void unlink_entry(process *p, proc_link *l)
{
    if (l->kind != LINK)
        index_del(p, l);
    *l->pprev = l->next;
    if (l->next)
        l->next->pprev = l->pprev;
    free_link(l);
}

/* Removes the first link entry matching kind and other (and ref for
 * monitors); true if there was one. */
bool proc_remove_link(process *p, link_kind kind, term_t other, const uint32_t ref[3])
{
    proc_link *l = NULL;
    if (kind != LINK) {
        l = index_find(p, kind, ref);
    } else {
        for (l = p->links; l && (l->kind != LINK || l->other != other); l = l->next)
            ;
    }
    if (!l)
        return false;
    unlink_entry(p, l);
    return true;
}

/* ---- monitors' options and aliases ------------------------------------ */

void proc_set_monitor_opts(proc_link *l, alias_mode alias, term_t tag)
{
    ASSERT(l->kind == MONITOR_OUT && !l->tag);
    l->alias = alias;
    if (tag == THE_NON_VALUE)
        return;
    l->tag = alloc_new(ALLOC_LINK, sizeof *l->tag);
    heap_init(&l->tag->heap, ALLOC_HEAP_FRAG);
    l->tag->term = copy_off_heap(&l->tag->heap, tag);
}

proc_link *proc_find_monitor(process *p, const uint32_t ids[3]) { return index_find(p, MONITOR_OUT, ids); }

proc_link *proc_find_alias(process *p, const uint32_t ids[3])
{
    proc_link *l = index_find(p, ALIAS, ids);
    if (l)
        return l;
    l = index_find(p, MONITOR_OUT, ids);
    return l && l->alias != ALIAS_NONE ? l : NULL;
}

void proc_drop_monitor(process *p, proc_link *l)
{
    if (l->alias != ALIAS_EXPLICIT) {
        unlink_entry(p, l);
        return;
    }
    /* the alias outlives its monitor */
    l->kind = ALIAS;
    l->other = NIL;
    l->name = NIL;
    drop_tag(l);
}

void proc_unalias(process *p, proc_link *l)
{
    if (l->kind == ALIAS)
        unlink_entry(p, l);
    else
        l->alias = ALIAS_NONE;
}

/* ---- sending ---------------------------------------------------------- */

/* Sets `bits` in p's state and, when p waits in receive, makes it runnable;
 * true when the caller must enqueue it. Under p's inq_lock (PS_WAITING and
 * PS_EXITING change only under it); a CAS because other bits (PS_RUNNING,
 * PS_TRAP_EXIT, ...) change without the lock. */
static bool wake_locked(process *p, uint32_t bits)
{
    uint32_t st = atomic_load_explicit(&p->state, memory_order_relaxed), next;
    do {
        if (!(st & PS_WAITING) && (st & bits) == bits)
            return false; /* nothing to change (most sends) */
        next = st | bits;
        if (st & PS_WAITING)
            next = (next & ~(uint32_t)PS_WAITING) | PS_RUNNABLE;
    } while (!atomic_compare_exchange_weak_explicit(&p->state, &st, next, memory_order_relaxed,
                                                    memory_order_relaxed));
    return (st & PS_WAITING) != 0;
}

/* Appends m to to's incoming queue and wakes `to` if it waits. False when
 * `to` is exiting (m is then the caller's to free). */
static bool enqueue(process *to, message *m)
{
    spinlock_lock(&to->inq_lock);
    if (atomic_load_explicit(&to->state, memory_order_relaxed) & PS_EXITING) {
        spinlock_unlock(&to->inq_lock);
        return false;
    }
    *to->inq_tail = m;
    to->inq_tail = &m->next;
    bool wake = wake_locked(to, PS_INCOMING | (m->kind != MSG_MESSAGE ? PS_SIGNALS : 0));
    spinlock_unlock(&to->inq_lock);
    if (wake)
        sched_enqueue(to);
    return true;
}

static message *new_message(message_kind kind, term_t from, term_t t)
{
    message *m = alloc_new(ALLOC_MESSAGE, sizeof *m);
    m->next = NULL;
    m->kind = kind;
    m->from = from;
    m->name = NIL;
    m->token = THE_NON_VALUE;
    m->token_epoch = 0;
    memset(m->ref, 0, sizeof m->ref);
    heap_init(&m->frag, ALLOC_HEAP_FRAG);
    m->term = copy_off_heap(&m->frag, t);
    return m;
}

/* A message p sends with `!` to `to` (q's pid, or an alias of q's): it
 * carries p's seq_trace token, or NIL for none. */
static message *sent_message(process *p, message_kind kind, term_t to, term_t t)
{
    message *m = new_message(kind, p->pid, t);
    m->token = seq_send(p, to, t, &m->frag);
    m->token_epoch = p->seq_epoch;
    return m;
}

void proc_deliver(term_t to, term_t from, term_t msg)
{
    process *p = proc_lookup(to);
    if (!p)
        return;
    message *m = new_message(MSG_MESSAGE, from, msg);
    if (!enqueue(p, m))
        free_message(m);
}

/* Alias references carry their owner's slot of the process table in
 * their third id word, above every plain reference's: ALIAS_REF_BASE +
 * slot. Plain references start that word at 2318283045 (proc_new_ref);
 * both print ten digits wide, as OTP's. */
#define ALIAS_REF_BASE 1073741824u

void proc_new_alias_ref(const process *p, uint32_t ids[3])
{
    proc_new_ref(ids);
    ids[2] = ALIAS_REF_BASE + pid_number(p->pid) % PROC_TABLE_SIZE;
}

/* The process in the slot an alias reference names, or NULL. It may not
 * be the alias's owner (which may have died and left its slot to
 * another): the process decides when the message arrives, and drops it
 * unless the alias is one of its own and active. */
static process *alias_owner(term_t ref)
{
    const ref_obj *r = ref_object(ref);
    if (r->nids != 3 || r->ids[2] - ALIAS_REF_BASE >= PROC_TABLE_SIZE)
        return NULL;
    return atomic_load_explicit(&table[r->ids[2] - ALIAS_REF_BASE], memory_order_acquire);
}

static void send_to_alias(process *p, process *q, term_t ref, term_t msg)
{
    message *m = sent_message(p, SIG_ALIAS, ref, msg);
    memcpy(m->ref, ref_object(ref)->ids, sizeof m->ref);
    if (!enqueue(q, m))
        free_message(m);
}

bool proc_send(process *p, term_t to, term_t msg)
{
    term_t given = to;
    if (term_is_atom(to)) {
        to = proc_whereis(to);
    } else if (term_is_tuple(to) && tuple_arity(to) == 2 && term_is_atom(tuple_get(to, 0))) {
        /* {Name, Node}: only the local node exists */
        to = proc_whereis(tuple_get(to, 0));
    } else if (term_is_local_ref(to)) {
        process *q = alias_owner(to);
        if (p->trace_flags & TF_SEND) /* OTP's: a send, whatever the reference */
            trace_hooks.send(p, to, msg, true);
        if (q)
            send_to_alias(p, q, to, msg);
        return true;
    } else if (!term_is_pid(to) && !term_is_port(to)) {
        return bif_raise(p, CLASS_ERROR, ATOM_badarg), false;
    }
    /* send trace reports the receiver as given, even a name nobody has */
    if (p->trace_flags & TF_SEND)
        trace_hooks.send(p, given, msg, to == NIL || term_is_port(to) || proc_lookup(to));
    if (to == NIL) /* as OTP: a missing remote name is silent, a local one badarg */
        return term_is_atom(given) ? (bif_raise(p, CLASS_ERROR, ATOM_badarg), false) : true;
    process *q = proc_lookup(to);
    if (!q)
        return true;
    message *m = sent_message(p, MSG_MESSAGE, to, msg);
    if (!enqueue(q, m))
        free_message(m);
    return true;
}

/* Puts signal m in q's queue; frees it and returns false when q is exiting. */
static bool post(process *q, message *m)
{
    if (enqueue(q, m))
        return true;
    free_message(m);
    return false;
}

/* Sends a signal; false when the target does not exist (or is exiting). */
bool proc_signal(term_t to, message_kind kind, term_t from, term_t reason, const uint32_t ref[3], term_t name)
{
    process *p = proc_lookup(to);
    if (!p)
        return false;
    message *m = new_message(kind, from, reason);
    if (ref)
        memcpy(m->ref, ref, sizeof m->ref);
    m->name = name;
    return post(p, m);
}

/* ref[0] of an exit signal that comes through a link (handle_signal). */
static const uint32_t BY_LINK[3] = {1, 0, 0};

/* An exit signal from `from` (through a link or not), its seq_trace token
 * still to be set. */
static message *exit_message(term_t from, term_t reason, bool by_link)
{
    message *m = new_message(SIG_EXIT, from, reason);
    if (by_link)
        memcpy(m->ref, BY_LINK, sizeof m->ref);
    return m;
}

bool proc_exit_signal(term_t to, term_t from, term_t reason, bool by_link)
{
    process *q = proc_lookup(to);
    if (!q)
        return false;
    message *m = exit_message(from, reason, by_link);
    m->token = NIL;
    return post(q, m);
}

/* The exit signal p sends at its end to linked process `to`: for
 * seq_trace it is a message p sends (OTP's), so it carries p's token or
 * NIL, p's serial moves and a send of {'EXIT', P, Reason} is reported,
 * whether or not `to` traps exits. */
static void send_link_exit(process *p, term_t to, term_t reason)
{
    process *q = proc_lookup(to);
    if (!q)
        return;
    message *m = exit_message(p->pid, reason, true);
    term_t exit_msg[4] = {header_make(3, HDR_TUPLE), ATOM_EXIT, p->pid, reason};
    m->token = seq_send(p, to, term_boxed(exit_msg), &m->frag);
    m->token_epoch = p->seq_epoch;
    post(q, m);
}

/* ---- receiving -------------------------------------------------------- */

/* Whether exit signal m becomes an {'EXIT', From, Reason} message of p:
 * p traps exits, and it is no kill from exit/2 (which is never trapped;
 * ref[0] is 1 for an exit a link caused). */
static bool exit_trapped(const process *p, const message *m)
{
    return (atomic_load_explicit(&p->state, memory_order_relaxed) & PS_TRAP_EXIT) &&
           !(m->term == ATOM_kill && m->ref[0] != 1);
}

/* {Tag, Ref, process, Who, Reason} on h for monitor l, whose process
 * `pid` ended with `reason`: Tag is 'DOWN' unless the monitor has its
 * own; Who the pid, or {Name, Node} for a monitor by name. */
static term_t down_message(heap_t *h, const proc_link *l, term_t pid, term_t reason)
{
    term_t tag = l->tag ? copy_term(h, l->tag->term) : ATOM_DOWN;
    term_t who = l->name != NIL ? term_tuple2(h, l->name, ATOM_nonode_at_nohost) : pid;
    term_t t[5] = {tag, term_ref(h, l->ref, 3), ATOM_process, who, reason};
    return term_tuple(h, 5, t);
}

/* Handles the signal m on p (the owner). Returns true when p must die;
 * false otherwise. Frees m unless it became a message (returned through
 * *keep). */
static bool handle_signal(process *p, message *m, bool *keep)
{
    *keep = false;
    switch (m->kind) {
    case SIG_EXIT: {
        term_t reason = m->term;
        bool linked_exit = m->ref[0] == 1; /* set for exits caused by a link */
        if (linked_exit && !proc_remove_link(p, LINK, m->from, NULL))
            return false; /* the link was removed meanwhile */
        if (linked_exit && (p->trace_flags & TF_PROCS))
            trace_hooks.link(p, m->from, TRACE_GETTING_UNLINKED);
        p->exit_class = CLASS_EXIT;
        if (exit_trapped(p, m)) {
            m->kind = MSG_MESSAGE;
            m->term = term_tuple3(&m->frag, ATOM_EXIT, m->from, reason);
            *keep = true;
            return false;
        }
        if (reason == ATOM_kill && !linked_exit) {
            p->exit_reason = ATOM_killed;
            return true;
        }
        if (reason == ATOM_normal && m->from != p->pid)
            return false;
        p->exit_reason = copy_term(&p->heap, reason);
        return true;
    }
    case SIG_LINK:
        proc_add_link(p, LINK, m->from, NIL, NULL);
        if (p->trace_flags & TF_PROCS)
            trace_hooks.link(p, m->from, TRACE_GETTING_LINKED);
        return false;
    case SIG_UNLINK:
        proc_remove_link(p, LINK, m->from, NULL);
        if (p->trace_flags & TF_PROCS)
            trace_hooks.link(p, m->from, TRACE_GETTING_UNLINKED);
        return false;
    case SIG_MONITOR:
        proc_add_link(p, MONITOR_IN, m->from, m->name, m->ref);
        return false;
    case SIG_DEMONITOR:
        proc_remove_link(p, MONITOR_IN, m->from, m->ref);
        return false;
    case SIG_DOWN: {
        proc_link *l = proc_find_monitor(p, m->ref);
        if (!l)
            return false; /* demonitored meanwhile: no 'DOWN' after demonitor */
        m->term = down_message(&m->frag, l, m->from, m->term);
        proc_drop_monitor(p, l);
        break;
    }
    case SIG_ALIAS: {
        proc_link *l = proc_find_alias(p, m->ref);
        if (!l)
            return false; /* no alias of ours, or no longer active */
        if (l->kind == MONITOR_OUT && l->alias == ALIAS_REPLY_DEMONITOR) {
            proc_signal(l->other, SIG_DEMONITOR, p->pid, NIL, l->ref, NIL);
            proc_drop_monitor(p, l);
        } else if (l->alias == ALIAS_REPLY) {
            proc_unalias(p, l);
        }
        break;
    }
    case MSG_MESSAGE:
        break;
    }
    m->kind = MSG_MESSAGE;
    *keep = true;
    return false;
}

term_t proc_pending_message(process *q, const message *m, heap_t *h)
{
    switch (m->kind) {
    case MSG_MESSAGE:
        return m->term;
    case SIG_EXIT:
        if (!exit_trapped(q, m))
            return THE_NON_VALUE;
        return h ? term_tuple3(h, ATOM_EXIT, m->from, m->term) : NIL;
    case SIG_DOWN: {
        proc_link *l = proc_find_monitor(q, m->ref);
        if (!l)
            return THE_NON_VALUE;
        return h ? down_message(h, l, m->from, m->term) : NIL;
    }
    case SIG_ALIAS:
        return proc_find_alias(q, m->ref) ? m->term : THE_NON_VALUE;
    default:
        return THE_NON_VALUE;
    }
}

/* Puts `list` back at the front of p's incoming queue: the signals after
 * one that ends p, so that proc_exit handles the links and monitors among
 * them (a monitor that came after the kill still gets its 'DOWN'). */
static void requeue_front(process *p, message *list)
{
    if (!list)
        return;
    message **tail = &list->next;
    while (*tail)
        tail = &(*tail)->next;
    spinlock_lock(&p->inq_lock);
    *tail = p->inq;
    if (!p->inq)
        p->inq_tail = tail;
    p->inq = list;
    spinlock_unlock(&p->inq_lock);
}

int proc_fetch_incoming(process *p)
{
    /* Nothing came (most calls): no lock. A sender sets PS_INCOMING under
     * the lock, after appending; one that is appending right now is seen by
     * proc_wait's check under the lock, before p waits. */
    if (!(atomic_load_explicit(&p->state, memory_order_acquire) & PS_INCOMING))
        return 0;
    spinlock_lock(&p->inq_lock);
    message *in = p->inq;
    p->inq = NULL;
    p->inq_tail = &p->inq;
    bool signals = p->state & PS_SIGNALS;
    atomic_fetch_and_explicit(&p->state, ~(uint32_t)(PS_SIGNALS | PS_INCOMING), memory_order_relaxed);
    spinlock_unlock(&p->inq_lock);
    if (!signals) {
        if (in) {
            *p->msgq_tail = in;
            for (message *m = in; m; m = m->next) {
                p->msgq_len++;
                p->msgq_tail = &m->next;
                if (p->trace_flags & TF_RECEIVE)
                    trace_hooks.receive(p, m->from, m->term);
            }
        }
        return 0;
    }
    for (message *m = in, *n; m; m = n) {
        n = m->next;
        m->next = NULL;
        bool keep;
        if (handle_signal(p, m, &keep)) {
            free_message(m);
            requeue_front(p, n);
            return -1;
        }
        if (keep) {
            *p->msgq_tail = m;
            p->msgq_tail = &m->next;
            p->msgq_len++;
            if (p->trace_flags & TF_RECEIVE)
                trace_hooks.receive(p, m->from, m->term);
        } else {
            free_message(m);
        }
    }
    return 0;
}

/* The receive is over: its timer (p->timer_seq is its handle, 0 when
 * none) leaves its timer queue unless it fired already. The handle changes
 * under inq_lock, where a timer that fires anyway looks at it. */
static void end_receive_timer(process *p)
{
    uint32_t st = atomic_load_explicit(&p->state, memory_order_relaxed);
    if (!(st & (PS_TIMER | PS_TIMEOUT)))
        return;
    spinlock_lock(&p->inq_lock);
    uint64_t handle = p->timer_seq;
    p->timer_seq = 0;
    st = atomic_fetch_and_explicit(&p->state, ~(uint32_t)(PS_TIMER | PS_TIMEOUT), memory_order_relaxed);
    spinlock_unlock(&p->inq_lock);
    if (!(st & PS_TIMEOUT))
        sched_timer_cancel(handle);
}

void proc_drop_message(process *p, message **mp)
{
    message *m = *mp;
    *mp = m->next;
    if (p->msgq_tail == &m->next)
        p->msgq_tail = mp;
    if (p->save == &m->next)
        p->save = mp;
    p->msgq_len--;
    /* Joined to the heap, not freed, even when nothing received it: a
     * receive that looked at it may have left registers pointing into
     * it, and the next collection scans them (docs/internals/gc.md,
     * "Roots and dead registers"). */
    heap_absorb(&p->heap, &m->frag);
    alloc_free(ALLOC_MESSAGE, m, sizeof *m);
}

void proc_remove_message(process *p)
{
    seq_receive(p, *p->save);
    proc_drop_message(p, p->save);
    p->save = &p->msgq;
    end_receive_timer(p);
}

bool proc_timeout_ms(term_t t, int64_t *ms)
{
    if (t == ATOM_infinity) {
        *ms = -1;
        return true;
    }
    if (term_is_small(t) && small_value(t) >= 0) {
        *ms = small_value(t);
        return true;
    }
    if (term_is_big(t) && int_cmp(t, term_small(0)) > 0) {
        *ms = INT64_MAX / 1000000; /* beyond any run */
        return true;
    }
    return false;
}

void proc_timeout_done(process *p)
{
    p->save = &p->msgq;
    end_receive_timer(p);
}

void proc_count_reductions(process *p)
{
    p->reds_total += (uint64_t)(SCHED_SLICE_REDS - (p->reds > 0 ? p->reds : 0));
    p->reds = SCHED_SLICE_REDS;
}

int proc_wait(process *p, int64_t ms)
{
    for (;;) {
        if (proc_fetch_incoming(p) < 0)
            return -1;
        if (*p->save)
            return 1;
        if (ms == 0)
            return 2;
        bool arm = ms > 0 && !(atomic_load_explicit(&p->state, memory_order_relaxed) & PS_TIMER);
        uint64_t handle = arm ? sched_timer_receive(p, (uint64_t)ms) : 0;
        spinlock_lock(&p->inq_lock);
        if (arm) {
            p->timer_seq = handle;
            atomic_fetch_or_explicit(&p->state, PS_TIMER, memory_order_relaxed);
        }
        uint32_t st = atomic_load_explicit(&p->state, memory_order_relaxed);
        if (st & PS_TIMEOUT) {
            spinlock_unlock(&p->inq_lock);
            return 2;
        }
        if (p->inq) {
            /* Something arrived since the fetch above: look again. It may
             * be signals only (a monitor, a demonitor, a link) that leave
             * nothing to receive; then the process must still wait, not
             * end its slice without being WAITING (no sender would wake
             * it: it was lost, runnable in no run queue). */
            spinlock_unlock(&p->inq_lock);
            continue;
        }
        /* From the change below a sender may wake p, to run on another
         * scheduler once this one drops p's PS_RUNNING: the slice's
         * bookkeeping is done before it. */
        proc_count_reductions(p);
        uint32_t waiting;
        do
            waiting = (st & ~(uint32_t)PS_RUNNABLE) | PS_WAITING;
        while (!atomic_compare_exchange_weak_explicit(&p->state, &st, waiting, memory_order_relaxed,
                                                      memory_order_relaxed));
        spinlock_unlock(&p->inq_lock);
        return 0;
    }
}

void proc_timer_fired(term_t pid, uint64_t seq)
{
    process *p = proc_lookup(pid);
    if (!p)
        return;
    bool wake = false;
    spinlock_lock(&p->inq_lock);
    uint32_t st = atomic_load_explicit(&p->state, memory_order_relaxed);
    if (p->timer_seq == seq && (st & PS_TIMER) && !(st & PS_EXITING))
        wake = wake_locked(p, PS_TIMEOUT);
    spinlock_unlock(&p->inq_lock);
    if (wake)
        sched_enqueue(p);
}

/* References are #Ref<0.W2.W1.W0> with W0 18 bits, as OTP's; the words
 * start at values of the width OTP's have, so references print as wide as
 * erl's (~p's line breaks depend on it). */
void proc_new_ref(uint32_t ids[3])
{
    static _Atomic uint64_t counter = 100000;
    uint64_t n = atomic_fetch_add(&counter, 1);
    ids[0] = (uint32_t)n & 0x3ffff;
    ids[1] = 2868903939u + (uint32_t)(n >> 18);
    ids[2] = 2318283045u + (uint32_t)(n >> 50);
}

term_t proc_all_pids(heap_t *h)
{
    /* Walks the table by pid number, so the list is in creation order
     * within one wrap of the table, as OTP lists them. */
    term_t l = NIL;
    uint64_t top = atomic_load(&next_number);
    uint64_t from = top > PROC_TABLE_SIZE ? top - PROC_TABLE_SIZE : 0;
    for (uint64_t n = top; n-- > from;) {
        process *p = atomic_load_explicit(&table[n % PROC_TABLE_SIZE], memory_order_acquire);
        if (p && pid_number(p->pid) == (uint32_t)n)
            l = term_cons(h, p->pid, l);
    }
    return l;
}

/* ---- registered names ------------------------------------------------- */

/* An open-addressing table (linear probing, a power of two at most half
 * full) of name -> pid: whereis, register and unregister are O(1) however
 * many names there are. An empty slot has name 0, which no atom is. */
typedef struct name_entry {
    term_t name, pid;
} name_entry;

static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;
static name_entry *names;
static size_t nnames, names_cap;

static size_t name_home(term_t name) { return (size_t)((name >> 6) * UINT64_C(0x9E3779B97F4A7C15) >> 32) & (names_cap - 1); }

/* The slot holding `name`, or the empty slot where it would go. */
static size_t name_slot(term_t name)
{
    size_t i = name_home(name);
    while (names[i].name != 0 && names[i].name != name)
        i = (i + 1) & (names_cap - 1);
    return i;
}

static void grow_names(void)
{
    name_entry *old = names;
    size_t old_cap = names_cap;
    names_cap = old_cap ? old_cap * 2 : 64;
    names = alloc_zeroed(ALLOC_PROC_TABLE, names_cap * sizeof *names);
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].name != 0)
            names[name_slot(old[i].name)] = old[i];
    if (old)
        alloc_free(ALLOC_PROC_TABLE, old, old_cap * sizeof *old);
}

/* Empties slot i, moving later entries of its probe run back (no
 * tombstones). Under names_lock. */
static void remove_slot(size_t i)
{
    size_t mask = names_cap - 1;
    names[i].name = 0;
    for (size_t j = (i + 1) & mask; names[j].name != 0; j = (j + 1) & mask) {
        size_t h = name_home(names[j].name);
        /* move j back to i when its home is not in (i, j] cyclically */
        if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
            names[i] = names[j];
            names[j].name = 0;
            i = j;
        }
    }
    nnames--;
}

term_t proc_whereis(term_t name)
{
    term_t pid = NIL;
    pthread_mutex_lock(&names_lock);
    if (names_cap) {
        size_t i = name_slot(name);
        if (names[i].name == name)
            pid = names[i].pid;
    }
    pthread_mutex_unlock(&names_lock);
    return pid;
}

bool proc_register(process *p, term_t name)
{
    pthread_mutex_lock(&names_lock);
    if ((nnames + 1) * 2 > names_cap)
        grow_names();
    size_t i = name_slot(name);
    /* A process that exits may still be in the table: it gets no name once
     * PS_EXITING is set, and its exit drops one it got before (under this
     * lock, as PS_NAMED below tells it to). */
    bool ok = names[i].name == 0 && p->registered_name == NIL;
    if (ok) {
        /* PS_NAMED tells p's exit to look for its name: set unless p
         * exits already, in one step, so that either its exit sees the
         * bit or we see PS_EXITING. */
        uint32_t st = atomic_load(&p->state);
        do {
            if (st & PS_EXITING) {
                ok = false;
                break;
            }
        } while (!atomic_compare_exchange_weak(&p->state, &st, st | PS_NAMED));
    }
    if (ok) {
        names[i] = (name_entry){name, p->pid};
        nnames++;
        p->registered_name = name;
    }
    pthread_mutex_unlock(&names_lock);
    return ok;
}

term_t proc_registered(heap_t *h)
{
    term_t l = NIL;
    pthread_mutex_lock(&names_lock);
    for (size_t i = 0; i < names_cap; i++)
        if (names[i].name != 0)
            l = term_cons(h, names[i].name, l);
    pthread_mutex_unlock(&names_lock);
    return l;
}

/* Removes p's registered name, if it has one, and returns it (NIL when
 * none). p's own thread: other threads may unregister it meanwhile, so the
 * name is read under the lock. */
static term_t drop_name(process *p)
{
    pthread_mutex_lock(&names_lock);
    term_t name = p->registered_name;
    if (name != NIL && names_cap) {
        size_t i = name_slot(name);
        if (names[i].name == name && names[i].pid == p->pid)
            remove_slot(i);
    }
    p->registered_name = NIL;
    pthread_mutex_unlock(&names_lock);
    return name;
}

bool proc_unregister(term_t name)
{
    bool found = false;
    pthread_mutex_lock(&names_lock);
    if (names_cap) {
        size_t i = name_slot(name);
        if (names[i].name == name) {
            process *p = proc_lookup(names[i].pid);
            if (p)
                p->registered_name = NIL;
            remove_slot(i);
            found = true;
        }
    }
    pthread_mutex_unlock(&names_lock);
    return found;
}

/* ---- exiting ---------------------------------------------------------- */

void proc_exit(process *p)
{
    if (p->trace_flags & TF_PROCS)
        trace_hooks.exit(p, p->exit_reason);
    spinlock_lock(&p->inq_lock);
    uint32_t st = atomic_fetch_or(&p->state, PS_EXITING);
    message *pending = p->inq;
    p->inq = NULL;
    p->inq_tail = &p->inq;
    spinlock_unlock(&p->inq_lock);

    term_t reason = p->exit_reason;
    /* Links and monitors that arrived but were not handled yet still get
     * their exit signal or 'DOWN' message. */
    for (message *m = pending, *n; m; m = n) {
        n = m->next;
        if (m->kind == SIG_LINK)
            proc_add_link(p, LINK, m->from, NIL, NULL);
        else if (m->kind == SIG_MONITOR)
            proc_add_link(p, MONITOR_IN, m->from, m->name, m->ref);
        else if (m->kind == SIG_UNLINK)
            proc_remove_link(p, LINK, m->from, NULL);
        else if (m->kind == SIG_DEMONITOR)
            proc_remove_link(p, MONITOR_IN, m->from, m->ref);
        free_message(m);
    }
    if (st & PS_NAMED) { /* else it never had a name (proc_register) */
        term_t name = drop_name(p);
        if (name != NIL && (p->trace_flags & TF_PROCS))
            trace_hooks.reg(p, name, true);
    }
    end_receive_timer(p);
    port_owner_exited(p, reason);
    /* its tables go (or pass to their heirs) before anyone hears of the
     * exit, as OTP's */
    ets_proc_exit(p);
    /* out_exited (exiting) before anyone hears of the exit: a process that
     * gets the 'DOWN' and then asks trace_delivered(P) finds it delivered */
    if (p->trace_flags & TF_EXITING)
        trace_hooks.sched(p, TRACE_OUT_EXITED);
    for (proc_link *l = p->links; l; l = l->next) {
        switch (l->kind) {
        case LINK:
            send_link_exit(p, l->other, reason);
            break;
        case MONITOR_IN:
            /* the monitoring process makes the 'DOWN' message of it */
            proc_signal(l->other, SIG_DOWN, p->pid, reason, l->ref, l->name);
            break;
        case MONITOR_OUT:
            proc_signal(l->other, SIG_DEMONITOR, p->pid, NIL, l->ref, NIL);
            break;
        case ALIAS:
            break;
        }
    }
    if (exit_hook)
        exit_hook(p);
    atomic_store_explicit(&table[pid_number(p->pid) % PROC_TABLE_SIZE], NULL, memory_order_release);
    atomic_fetch_sub(&live, 1);
    p->rq_next = exited;
    exited = p;
    if (sched_current() < 0)
        proc_flush_exits(true);
}

static void free_processes(void *arg)
{
    for (process *p = arg, *next; p; p = next) {
        next = p->rq_next;
        free_process(p);
    }
}

void proc_flush_exits(bool all)
{
    if (!exited)
        return;
    if (!all && ++exited_age < PROC_EXIT_BATCH)
        return;
    /* They left the table before this request for progress: once every
     * thread has passed a safe point after it, none can still hold them. */
    progress_defer(free_processes, exited);
    exited = NULL;
    exited_age = 0;
}
