/* trace.c: the VM's tracing mechanics that are not in the interpreter
 * loop: the hook table with its do-nothing defaults, the active
 * breakpoint generation, patching instruction words, export stubs, and
 * return-trace frames (vm/trace.h). */
#include "trace.h"

#include <stddef.h>

#include "alloc.h"
#include "interp.h"

_Atomic unsigned trace_bp_active;
_Atomic uint32_t trace_new_flags;
_Atomic bool trace_safe_point_wanted;

void trace_want_safe_point(void) { atomic_store_explicit(&trace_safe_point_wanted, true, memory_order_release); }

/* ---- the default hooks: nothing is traced ------------------------------- */

static void no_call(process *p, const code_t *entry, const trace_bp *bp, unsigned gen) {}
static void no_return(process *p, const trace_frame *tf, term_t value) {}
static void no_return_to(process *p, const trace_frame *tf, const code_t *to) {}
static void no_exception(process *p, const trace_frame *tf, proc_class cls, term_t reason) {}
static void no_send(process *p, term_t to, term_t msg, bool exists) {}
static void no_receive(process *p, term_t from, term_t msg) {}
static void no_spawn(process *parent, process *child, term_t m, term_t f, term_t args, bool linked) {}
static void no_exit(process *p, term_t reason) {}
static void no_link(process *p, term_t other, trace_link_event what) {}
static void no_reg(process *p, term_t name, bool unregister) {}
static void no_sched(process *p, trace_sched_event what) {}
static void no_gc(process *p, trace_gc_event what) {}
static void no_loaded(const module_code *mc) {}
static void no_free(process *p) {}
static void no_frame_return(process *p, const trace_frame *tf, term_t value) {}
static void no_frame_unwind(process *p, const trace_frame *tf, proc_class cls, term_t reason) {}
static void no_slice(process *p, bool in) {}
static void no_collect(process *p) {}
static void no_safe_point(void) {}
static void no_port_open(term_t port, process *owner, term_t driver) {}
static void no_port_ran(term_t port, const trace_port_run *run) {}
static void no_port_closed(term_t port, void *trace, const trace_port_run *run, term_t reason) {}

trace_hook_table trace_hooks = {
    .call = no_call,     .return_from = no_return, .return_to = no_return_to, .exception_from = no_exception,
    .send = no_send,     .receive = no_receive,    .spawn = no_spawn,         .exit = no_exit,
    .link = no_link,     .reg = no_reg,            .sched = no_sched,         .gc = no_gc,
    .loaded = no_loaded, .free = no_free,
    .frame_return = no_frame_return, .frame_unwind = no_frame_unwind,
    .slice = no_slice,   .collect = no_collect, .safe_point = no_safe_point,
    .port_open = no_port_open, .port_ran = no_port_ran, .port_closed = no_port_closed,
};

/* ---- patching code -------------------------------------------------------- */

code_t trace_breakpoint_word(void) { return interp_op_word(OP_breakpoint); }
code_t trace_jump_word(void) { return interp_op_word(OP_jump); }


/* The breakpoint handler finds an export stub's record where it finds a
 * function's: FUNC_HEADER_WORDS words before the patched word. */
_Static_assert(offsetof(export_entry, stub) == offsetof(export_entry, header) + FUNC_HEADER_WORDS * sizeof(code_t),
               "an export entry's header must precede its stub");

code_t *trace_export_stub(export_entry *e)
{
    if (e->bif)
        return e->stub;
    const code_t *addr = atomic_load_explicit(&e->addr, memory_order_acquire);
    if (addr == e->stub) /* no code; or already a stub */
        return trace_read_word(&e->stub[0]) == interp_op_word(OP_call_undef) ? NULL : e->stub;
    trace_patch_word(&e->stub[1], (code_t)addr);
    trace_patch_word(&e->stub[0], interp_op_word(OP_jump));
    atomic_store_explicit(&e->addr, e->stub, memory_order_release);
    return e->stub;
}

void trace_export_unstub(export_entry *e)
{
    if (e->bif || atomic_load_explicit(&e->addr, memory_order_relaxed) != e->stub)
        return;
    if (trace_read_word(&e->stub[0]) == interp_op_word(OP_call_undef))
        return;
    atomic_store_explicit(&e->addr, (const code_t *)trace_read_word(&e->stub[1]), memory_order_release);
    /* a process that loaded the old address still runs the stub: leave it
     * whole, pointing at the code, until it is reused */
}

/* ---- return-trace frames -------------------------------------------------- */

/* The continuation of every return-trace frame: one instruction. */
static code_t return_trace_code[1];

void trace_init(void) { return_trace_code[0] = interp_op_word(OP_return_trace); }

trace_frame *trace_push_frame(process *p, const code_t *header, uint32_t session, trace_frame_kind kind)
{
    if (p->nframes == p->frames_cap)
        proc_grow_frames(p);
    if (p->ntframes == p->tframes_cap) {
        uint32_t n = p->tframes_cap ? p->tframes_cap * 2 : 8;
        p->tframes = p->tframes ? alloc_resize(ALLOC_STACK, p->tframes, p->tframes_cap * sizeof *p->tframes,
                                               n * sizeof *p->tframes)
                                : alloc_new(ALLOC_STACK, n * sizeof *p->tframes);
        p->tframes_cap = n;
    }
    /* the value lands where the real caller expects it */
    call_frame below = p->nframes ? p->frames[p->nframes - 1] : (call_frame){NULL, p->stack, 0};
    trace_frame *tf = &p->tframes[p->ntframes++];
    *tf = (trace_frame){p->nframes, below.dst, header, session, kind, {0, 0}};
    p->frames[p->nframes++] = (call_frame){return_trace_code, below.regs, below.dst};
    return tf;
}

bool trace_is_trace_frame(const call_frame *f) { return f->pc == return_trace_code; }

bool trace_returns_to_trace_frame(const process *p)
{
    return p->nframes > 0 && p->frames[p->nframes - 1].pc == return_trace_code;
}

size_t trace_words_since_gc(const process *p)
{
    /* after a collection the young heap holds what survived, up to the
     * high-water mark, and no fragment */
    size_t kept = (size_t)(p->gc.high_water - p->gc.young_heap);
    size_t used = heap_used_words(&p->heap);
    return used > kept ? used - kept : 0;
}

bool trace_returns_to_traced(const process *p)
{
    uint32_t t = p->ntframes;
    for (uint32_t n = p->nframes; n > 0 && p->frames[n - 1].pc == return_trace_code; n--) {
        while (t > 0 && p->tframes[t - 1].frame > n - 1)
            t--;
        if (t > 0 && p->tframes[t - 1].frame == n - 1 && p->tframes[t - 1].kind == TFR_RETURN_TO)
            return true;
    }
    return false;
}

const call_frame *trace_real_frame(const process *p, uint32_t n)
{
    while (n > 0) {
        const call_frame *f = &p->frames[--n];
        if (f->pc != return_trace_code)
            return f;
    }
    return NULL;
}
