/* interp.c: the interpreter loop. One function, computed goto (a switch
 * where the compiler has no labels-as-values), pc and the register window
 * in locals. Calls, returns and tests are inline; anything longer is a call
 * to a helper below the loop or to proc.c/code.c. */
#include "interp.h"

#include <string.h>

#include "atom.h"
#include "bignum.h"
#include "bits.h"
#include "cmp.h"
#include "gc.h"
#include "map.h"
#include "proc.h"
#include "sched.h"
#include "trace.h"

#if defined(__GNUC__) && !defined(INTERP_SWITCH)
#define INTERP_THREADED 1
#else
#define INTERP_THREADED 0
#endif

static code_t op_words[OP_COUNT];
static bif_fn arith_fn[3]; /* erlang:'+' '-' '*' / 2 */

const char *const code_op_names[OP_COUNT] = {
#define X(name, operands, meaning) #name,
#include "opcodes.def"
#undef X
};
const char *const code_op_operands[OP_COUNT] = {
#define X(name, operands, meaning) operands,
#include "opcodes.def"
#undef X
};

code_t interp_op_word(opcode op) { return op_words[op]; }

opcode interp_word_op(code_t word)
{
    for (int i = 0; i < OP_COUNT; i++)
        if (op_words[i] == word)
            return (opcode)i;
    return OP_COUNT;
}

/* ---- helpers the loop calls ------------------------------------------- */

/* Sets n registers to [] (a frame's registers past its arguments, which
 * the GC scans before the function writes them). Unrolled: most frames
 * clear a handful. */
static inline void clear_regs(term_t *r, uint32_t n)
{
    switch (n) {
    default:
        for (uint32_t i = 8; i < n; i++)
            r[i] = NIL;
        /* fall through */
    case 8: r[7] = NIL; /* fall through */
    case 7: r[6] = NIL; /* fall through */
    case 6: r[5] = NIL; /* fall through */
    case 5: r[4] = NIL; /* fall through */
    case 4: r[3] = NIL; /* fall through */
    case 3: r[2] = NIL; /* fall through */
    case 2: r[1] = NIL; /* fall through */
    case 1: r[0] = NIL; /* fall through */
    case 0: break;
    }
}

/* A tail call's argument move: R[0..a) = R[b..b+a). The source never
 * lies below the destination, so an upward copy is safe when they
 * overlap. Word by word on purpose: the arguments were just stored one
 * word at a time, and a wider load of them (what a compiler makes of
 * "read all, then write all") stalls on store forwarding. */
/* Makes the stack hold `words` registers from R on (growing it, which
 * moves it and the nframes frames that point into it); returns R where it
 * is now. */
static inline term_t *ensure_regs(process *p, term_t *R, uint64_t words, uint32_t nframes)
{
    uint32_t base = (uint32_t)(R - p->stack);
    if (base + words > p->stack_words) {
        p->nframes = nframes;
        proc_grow_stack(p, base + (uint32_t)words);
        R = p->stack + base;
    }
    return R;
}

/* enter's frame: n registers from R, those past the a arguments cleared,
 * the stack's top after them; returns R where it is now. */
static inline term_t *enter_frame(process *p, term_t *R, uint32_t n, uint32_t a, uint32_t nframes)
{
    R = ensure_regs(p, R, n, nframes);
    clear_regs(R + a, n - a);
    p->stack_top = (uint32_t)(R - p->stack) + n;
    return R;
}

static inline void move_args(term_t *R, uint64_t b, uint64_t a)
{
    if (b == 0)
        return; /* computed in place (compile_asm.c: coalesce_tail_args) */
    switch (a) {
    case 4:
        R[0] = R[b], R[1] = R[b + 1], R[2] = R[b + 2], R[3] = R[b + 3];
        return;
    case 3:
        R[0] = R[b], R[1] = R[b + 1], R[2] = R[b + 2];
        return;
    case 2:
        R[0] = R[b], R[1] = R[b + 1];
        return;
    case 1:
        R[0] = R[b];
        return;
    case 0:
        return;
    default:
        for (uint64_t i = 0; i < a; i++)
            R[i] = R[b + i];
    }
}

/* erlang:apply/3 is an instruction, not a BIF; its badarg (a module or
 * function that is no atom, arguments that are no list) still reports an
 * erlang:apply/3 frame with OTP's error_info, as a BIF's does. */
static const bif_entry apply3_frame = {"erlang", "apply", 3, NULL, 0};
/* erlang:hibernate/3 is code too (vm/code.c), and reports its badarg the
 * same way. */
static const bif_entry hibernate3_frame = {"erlang", "hibernate", 3, NULL, 0};

/* erlang:hibernate/3 drops p's whole stack: its call frames, its catches
 * and the records of return-trace frames, which end without a return
 * (the engine's own kinds are told, as CLASS_TRAP). */
static void drop_stack(process *p)
{
    while (p->ntframes) {
        trace_frame tf = p->tframes[--p->ntframes];
        if (tf.kind >= TFR_META_RETURN)
            trace_hooks.frame_unwind(p, &tf, CLASS_TRAP, NIL);
    }
    p->nframes = 0;
    p->ncatches = 0;
    p->base = 0;
}

/* The exception unwinds every frame from `keep` up: report exception_from
 * for the exception_trace frames among them (innermost first) and drop
 * their records; return_trace frames end silently, as OTP's. A return_to
 * frame among them reports the function whose handler catches (none when
 * nothing does: the process dies). */
static void unwind_trace_frames(process *p, uint32_t keep, const code_t *handler)
{
    trace_frame ret_to;
    bool left_return_to = false;
    while (p->ntframes && p->tframes[p->ntframes - 1].frame >= keep) {
        trace_frame tf = p->tframes[--p->ntframes];
        if (tf.kind == TFR_EXCEPTION)
            trace_hooks.exception_from(p, &tf, p->fclass, p->freason);
        else if (tf.kind == TFR_RETURN_TO && !left_return_to)
            ret_to = tf, left_return_to = true;
        else if (tf.kind >= TFR_META_RETURN)
            trace_hooks.frame_unwind(p, &tf, p->fclass, p->freason);
    }
    if (left_return_to && handler)
        trace_hooks.return_to(p, &ret_to, handler);
}

/* The exception's handler, or NULL when none is left (the process dies).
 * Builds the stack trace when the raiser did not; `pc` is where the
 * exception happened, `args`/`nargs` the arguments to report in the top
 * frame (function_clause, BIF errors, undef), `bif` the failing BIF. */
static const code_t *unwind(process *p, const code_t *pc, const term_t *args, unsigned nargs,
                            const bif_entry *bif, const export_entry *undef)
{
    if (p->fstack == THE_NON_VALUE)
        p->fstack = proc_stacktrace(p, pc, args, nargs, bif, undef);
    uint32_t keep = p->ncatches ? p->catches[p->ncatches - 1].nframes : 0;
    if (p->ntframes && p->tframes[p->ntframes - 1].frame >= keep)
        unwind_trace_frames(p, keep, p->ncatches ? p->catches[p->ncatches - 1].handler : NULL);
    if (p->ncatches == 0)
        return NULL;
    catch_entry c = p->catches[--p->ncatches];
    p->nframes = c.nframes;
    p->base = c.base;
    return c.handler;
}

/* A collection of p at a safe point (its state saved), major when asked,
 * with what comes with it: the TF_CALL hook (call_memory), OTP's
 * max_heap_size check (proc_over_max_heap), and for a process with TF_GC
 * the events as OTP reports them: gc_minor_start/gc_minor_end around a
 * minor collection, gc_major_start/gc_major_end around a major one, and
 * all four in that order for a minor collection that ran as a major one
 * (no room in the old heap: gc_collect's GC_MINOR_TO_MAJOR, seen here in
 * p->gc's counts). The hooks read the numbers off p->gc;
 * docs/internals/sched-gc-events.md. False when p is over its
 * max_heap_size with kill set: it was not collected, and exits with
 * reason killed. */
static bool collect(process *p, bool major)
{
    if (p->trace_flags & TF_CALL)
        trace_hooks.collect(p);
    bool traced = p->trace_flags & TF_GC;
    bool minor = !major && p->gc.minor_since_major < p->gc.fullsweep_after;
    uint64_t majors = p->gc.major_count;
    if (traced)
        trace_hooks.gc(p, minor ? TRACE_GC_MINOR_START : TRACE_GC_MAJOR_START);
    if (proc_over_max_heap(p))
        return false;
    proc_gc(p, 0, major);
    if (!traced)
        return true;
    if (minor) {
        trace_hooks.gc(p, TRACE_GC_MINOR_END);
        if (p->gc.major_count == majors)
            return true;
        trace_hooks.gc(p, TRACE_GC_MAJOR_START);
    }
    trace_hooks.gc(p, TRACE_GC_MAJOR_END);
    return true;
}

/* The value of `catch Expr` for the current exception. */
static term_t catch_value(process *p)
{
    heap_t *h = &p->heap;
    switch (p->fclass) {
    case CLASS_THROW:
        return p->freason;
    case CLASS_EXIT:
        return term_tuple2(h, ATOM_EXIT, p->freason);
    default:
        return term_tuple2(h, ATOM_EXIT, term_tuple2(h, p->freason, p->fstack));
    }
}

/* The reason a process dies of when an exception is not caught. */
static term_t exit_reason_of(process *p)
{
    heap_t *h = &p->heap;
    switch (p->fclass) {
    case CLASS_EXIT:
        return p->freason;
    case CLASS_THROW:
        return term_tuple2(h, term_tuple2(h, atom_from_cstr("nocatch"), p->freason), p->fstack);
    default:
        return term_tuple2(h, p->freason, p->fstack);
    }
}

static term_t arith_slow(process *p, int which, term_t a, term_t b)
{
    term_t args[2] = {a, b};
    return arith_fn[which](p, args);
}

/* Whether the add, sub or mul at pc fails without an operator frame
 * (code.h: code_arith_inlined). */
enum arith_op { ARITH_ADD = CODE_ADD, ARITH_SUB = CODE_SUB, ARITH_MUL = CODE_MUL };

static bool inlined_operator(const code_t *pc, enum arith_op op)
{
    return code_arith_inlined((code_arith)op, pc[3], pc[4]);
}

/* The body of a fun that came from binary_to_term: lambda `index` of the
 * current version of its module (loaded now if need be, as a call would),
 * when that version is the one the fun was made by (same MD5); else NULL
 * (badfun, as OTP). */
static const code_lambda *resolve_lambda(const fun_obj *fo)
{
    const module_code *m = code_module_loaded(fo->module);
    if (!m || fo->index >= m->nlambdas)
        return NULL;
    const code_lambda *l = &m->lambdas[fo->index];
    if (memcmp(l->uniq, fo->uniq, sizeof l->uniq) != 0 || l->arity - l->num_free != fo->arity)
        return NULL;
    return l;
}

/* ---- the loop --------------------------------------------------------- */

/* a register operand is its byte offset in the window (code_reg) */
#define REG(w) (*(term_t *)((char *)R + (w)))
#define SRC(w) (code_is_reg(w) ? REG(w) : (term_t)(w))
#define RX(i) R[pc[i]]
#define SX(i) SRC(pc[i])

/* The trace engine patches instruction words while other threads run them
 * (vm/trace.h). Word stores and loads are atomic on the machines we run
 * on; under ThreadSanitizer the loads say so, so it sees no race. */
#if defined(__SANITIZE_THREAD__)
#define OPWORD(pc) __atomic_load_n(&(pc)[0], __ATOMIC_RELAXED)
#else
#define OPWORD(pc) ((pc)[0])
#endif

/* Whether the function whose entry is at `entry` may have a breakpoint
 * there: its header's breakpoint slot holds a record. The trace engine
 * fills the slot before it writes the breakpoint over the entry and
 * empties it only after it has written the entry back, each step a
 * thread-progress wait apart (docs/internals/breakpoints.md), so an empty
 * slot means the entry holds its own word; a zero test is cheaper than a
 * comparison of the entry with the breakpoint's word. */
#define MAY_HAVE_BREAKPOINT(entry) (OPWORD((entry) + FH_BP - FUNC_HEADER_WORDS) != 0)

#if INTERP_THREADED
#define CASE(name) L_##name:
#define DISPATCH() goto *(const void *)OPWORD(pc)
#else
#define CASE(name) case OP_##name:
#define DISPATCH() goto dispatch
#endif
/* `label: COLD;` marks a label rarely reached (GCC then gives the paths
 * that go there no say in its register choices). */
#if defined(__GNUC__) && !defined(__clang__)
#define COLD __attribute__((cold))
#else
#define COLD
#endif
/* HIDE(x): an empty asm that makes x's value unknown to the compiler, so
 * that it updates x in place instead of keeping its old value in another
 * register for a path that could recompute it. */
#if defined(__GNUC__)
#define HIDE(x) __asm__("" : "+r"(x))
#else
#define HIDE(x) ((void)0)
#endif
#define COUNT_REDUCTION()                                                                            \
    do {                                                                                             \
        reds -= 1;                                                                                   \
        HIDE(reds);                                                                                  \
    } while (0)
/* HIDE(pc): GCC would otherwise load the next word before advancing pc
 * (three instructions: load, add, jump) instead of jumping through it
 * (two: add, jump). */
#define NEXT(n)                                                                                      \
    do {                                                                                             \
        pc += (n);                                                                                   \
        HIDE(pc);                                                                                    \
        DISPATCH();                                                                                  \
    } while (0)
/* Save the machine state in the process before calling out: pc, the
 * register window, the frame stack's top (kept in F between calls out),
 * the end of the registers a collection scans (kept in Ftop, set where a
 * collection may follow: an entry that collects or yields, wait, a BIF
 * call, whose trap may collect; stack_top is written only here, for the
 * GC and process_info). */
#define SAVE()                                                                                       \
    (p->pc = pc, p->base = (uint32_t)(R - p->stack), p->nframes = (uint32_t)(F - p->frames), p->reds = reds, \
     p->stack_top = (uint32_t)(Ftop - p->stack))
/* Only the loop grows the stack (ENSURE) or sets stack_top, so Slimit and
 * Ftop need no reloading. */
#define RELOAD()                                                                                     \
    (R = p->stack + p->base, F = p->frames + p->nframes, Flimit = p->frames + p->frames_cap, reds = p->reds)
/* enter clears ENTER_CLEAR registers past the arguments whatever its frame
 * size; those past the frame belong to no frame yet (a caller's registers
 * past its call window are dead across the call: the callee's frame may
 * cover them), so the stack keeps ENTER_CLEAR words of room past every
 * frame: Slimit is where a frame must end. */
#define ENTER_CLEAR 4
#define STACK_LIMIT() (p->stack + p->stack_words - ENTER_CLEAR)
/* Registers in use up to `top`, a pointer into the stack (gc_wanted). */
#define STACK_AT(top) ((size_t)((top)-p->stack))
/* Makes the stack hold `words` registers from R on. */
#define ENSURE(words)                                                                                \
    do {                                                                                             \
        uint32_t top_ = (uint32_t)(Ftop - p->stack);                                                 \
        R = ensure_regs(p, R, (words), (uint32_t)(F - p->frames));                                   \
        Ftop = p->stack + top_, Slimit = STACK_LIMIT();                                              \
    } while (0)
/* Whether a function entry with `r` reductions left (after its own) must
 * end the slice (r <= 0) or ask for a collection ((r & mask) == 0): one
 * test of the sign bit and the mask bits together (|r| < 2^31). */
#define CHECK_DUE(r)                                                                                 \
    (INTERP_GC_CHECK_MASK == 0 || (int32_t)((uint32_t)(r) & (0x80000000u | INTERP_GC_CHECK_MASK)) <= 0)
/* Pushes a call frame: continue at `cont` with the registers at `regs`,
 * the result in register `dst`. */
#define PUSH_FRAME(cont_, regs_, dst_)                                                                \
    do {                                                                                             \
        if (__builtin_expect(F == Flimit, 0)) {                                                      \
            p->nframes = (uint32_t)(F - p->frames);                                                  \
            proc_grow_frames(p);                                                                     \
            F = p->frames + p->nframes, Flimit = p->frames + p->frames_cap;                          \
        }                                                                                            \
        F->pc = (cont_), F->regs = (regs_), F->dst = (dst_);                                         \
        F++;                                                                                         \
    } while (0)
#define RAISE(reason)                                                                                \
    do {                                                                                             \
        bif_raise(p, CLASS_ERROR, (reason));                                                         \
        goto raise;                                                                                  \
    } while (0)
/* A guard-or-raise failure: jump to fail label L or raise. */
#define FAIL_OR_RAISE(L)                                                                             \
    do {                                                                                             \
        if (L) {                                                                                     \
            pc = (const code_t *)(L);                                                                \
            DISPATCH();                                                                              \
        }                                                                                            \
        goto raise;                                                                                  \
    } while (0)
/* A collection at a safe point (enter, wait): the registers up to
 * stack_top are the roots. */
#define COLLECT()                                                                                            \
    do {                                                                                                     \
        SAVE();                                                                                              \
        if (!collect(p, false))                                                                              \
            goto over_max_heap;                                                                              \
        RELOAD();                                                                                            \
    } while (0)
#define JUMP(L)                                                                                      \
    do {                                                                                             \
        pc = (const code_t *)(L);                                                                    \
        DISPATCH();                                                                                  \
    } while (0)
/* Runs the instruction `name` at pc (a superinstruction handing a case
 * its fast path does not take to the first instruction of its pair). */
#if INTERP_THREADED
#define GOTO_OP(name) goto L_##name
#else
#define GOTO_OP(name)                                                                                \
    do {                                                                                             \
        op = OP_##name;                                                                              \
        goto dispatch_op;                                                                            \
    } while (0)
#endif
/* The bodies the superinstructions share with their parts (opcodes.def),
 * for an instruction at pc + o. A call: */
#define DO_CALL(o)                                                                                   \
    do {                                                                                             \
        PUSH_FRAME(pc + (o) + 4, R, (uint32_t)pc[(o) + 3]);                                          \
        R += pc[(o) + 2];                                                                            \
        JUMP(pc[(o) + 1]);                                                                           \
    } while (0)
/* A return of v (the process's last frame: it ends at return_). */
#define DO_RETURN(v)                                                                                 \
    do {                                                                                             \
        if (__builtin_expect(F == p->frames, 0)) {                                                   \
            ta = (v);                                                                                \
            goto return_;                                                                            \
        }                                                                                            \
        POP_RETURN(v);                                                                               \
    } while (0)
/* A return of v to the frame below (there is one). */
#define POP_RETURN(v)                                                                                \
    do {                                                                                             \
        term_t v_ = (v);                                                                             \
        F--;                                                                                         \
        HIDE(F);                                                                                     \
        R = F->regs;                                                                                 \
        R[F->dst] = v_;                                                                              \
        JUMP(F->pc);                                                                                 \
    } while (0)
/* tail_call_in's jump past the callee's enter (its arguments in place),
 * to its label, the instruction after that enter: enter's work is done
 * but for its reduction and GC checks, done here; when one is due, or the
 * callee may have a breakpoint over its entry, tail_call_due takes over
 * (at pc, the label). */
#define DO_TAIL_IN(o)                                                                                \
    do {                                                                                             \
        pc = (const code_t *)pc[(o) + 1];                                                            \
        COUNT_REDUCTION();                                                                           \
        if (__builtin_expect(!CHECK_DUE(reds), 1) && !MAY_HAVE_BREAKPOINT(pc - CODE_ENTER_WORDS))    \
            DISPATCH();                                                                              \
        goto tail_call_due;                                                                          \
    } while (0)
/* enter_nc's fast path: no stack to grow, the slice not over, no
 * collection wanted; else the entry runs as enter_nc (and goes on to the
 * next instruction). */
#define ENTER_NC_FAST()                                                                                      \
    do {                                                                                                     \
        uint64_t n_ = pc[1];                                                                                 \
        COUNT_REDUCTION();                                                                                   \
        if (__builtin_expect(R + n_ > Slimit || CHECK_DUE(reds), 0)) {                                       \
            HIDE(reds);                                                                                      \
            if (R + n_ > Slimit || reds <= 0 || gc_wanted(&p->heap, &p->gc, STACK_AT(R + n_))) {             \
                reds += 1;                                                                                   \
                GOTO_OP(enter_nc);                                                                           \
            }                                                                                                \
        }                                                                                                    \
    } while (0)

static interp_result run(process *p, bool init)
{
#if INTERP_THREADED
    static const void *const labels[OP_COUNT] = {
#define X(name, operands, meaning) &&L_##name,
#include "opcodes.def"
#undef X
    };
    if (init) {
        for (int i = 0; i < OP_COUNT; i++)
            op_words[i] = (code_t)labels[i];
        return RUN_EXIT;
    }
#else
    if (init) {
        for (int i = 0; i < OP_COUNT; i++)
            op_words[i] = (code_t)i;
        return RUN_EXIT;
    }
#endif
    const code_t *pc = p->pc;
    term_t *R = p->stack + p->base;
#if INTERP_THREADED && defined(__x86_64__) && !defined(__clang__)
    /* GCC otherwise keeps the frame stack's top in memory: pin it to a
     * callee-saved register, as OCaml's bytecode interpreter pins pc */
    register call_frame *F __asm__("r15");
    register int64_t reds __asm__("r13");
    F = p->frames + p->nframes;
    reds = p->reds;
#else
    call_frame *F = p->frames + p->nframes;
    int64_t reds = p->reds;
#endif
    call_frame *Flimit = p->frames + p->frames_cap;
    term_t *Slimit = STACK_LIMIT();
    term_t *Ftop = p->stack + p->stack_top;
    /* what a raise reports in its top frame */
    const term_t *fargs = NULL;
    unsigned fnargs = 0;
    const bif_entry *fbif = NULL;
    const export_entry *fundef = NULL;
    term_t tmp[3];
    term_t ta = 0, tb = 0; /* operands handed from a specialised form to the shared body */
    bool tail = false, exact = false; /* variants sharing a body */
    int arith = 0;                    /* arith_ri_slow: ARITH_ADD or ARITH_SUB */
    uint32_t fb = 0, fa = 0, fdst = 0;  /* call_fun: */
    const code_t *fcont = NULL;
#if !INTERP_THREADED
    opcode op;
#endif

    DISPATCH();
#if !INTERP_THREADED
dispatch:
    op = (opcode)OPWORD(pc);
dispatch_op:
    switch (op) {
#endif

    /* ---- functions, calls, returns ---- */
    CASE(func_info)
    {
        fargs = R;
        fnargs = (unsigned)pc[FH_ARITY];
        pc += FUNC_HEADER_WORDS; /* the trace reports the function itself */
        RAISE(ATOM_function_clause);
    }
    CASE(enter)
    {
        /* enter_frame inline: ENTER_CLEAR registers past the arguments
         * cleared whatever the frame's size (no jump on the count), a
         * loop only for larger frames */
        uint64_t n = pc[1], a = pc[2];
        if (R + n > Slimit)
            ENSURE(n + ENTER_CLEAR);
        term_t *c = R + a;
        c[0] = NIL, c[1] = NIL, c[2] = NIL, c[3] = NIL;
        if (__builtin_expect(a + ENTER_CLEAR < n, 0))
            clear_regs(c + ENTER_CLEAR, (uint32_t)(n - a - ENTER_CLEAR));
        reds -= 1;
        if (__builtin_expect(CHECK_DUE(reds), 0)) {
            Ftop = R + n;
            if (reds <= 0) {
                SAVE();
                return RUN_YIELD;
            }
            if (gc_wanted(&p->heap, &p->gc, STACK_AT(Ftop)))
                COLLECT();
        }
        NEXT(CODE_ENTER_WORDS);
    }
    CASE(enter_nc)
    {
        /* enter without the clearing: the function writes R[A..N) before
         * a collection can scan them; they are cleared here only when the
         * entry collects or yields (the frame is then scanned, or saved) */
        uint64_t n = pc[1];
        if (__builtin_expect(R + n > Slimit, 0))
            ENSURE(n + ENTER_CLEAR);
        reds -= 1;
        if (__builtin_expect(CHECK_DUE(reds), 0) &&
            (reds <= 0 || gc_wanted(&p->heap, &p->gc, STACK_AT(R + n)))) {
            Ftop = R + n;
            clear_regs(R + pc[2], (uint32_t)(n - pc[2]));
            if (reds <= 0) {
                SAVE();
                return RUN_YIELD;
            }
            COLLECT();
        }
        NEXT(CODE_ENTER_WORDS);
    }
    CASE(call) { DO_CALL(0); }
    CASE(tail_call)
    {
        move_args(R, pc[2], pc[3]);
        JUMP(pc[1]);
    }
    CASE(tail_call_in)
    {
        move_args(R, pc[2], pc[3]);
        DO_TAIL_IN(0);
    }
    CASE(tail_call_in0) { DO_TAIL_IN(0); }
tail_call_due: COLD;
    {
        /* the call counted, and a reduction or GC check due, or a
         * breakpoint: through the callee's entry, unless only a GC check
         * is due and no collection wanted */
        HIDE(reds); /* (no copies of them kept on the fast path) */
        HIDE(pc);
        const code_t *target = pc - CODE_ENTER_WORDS; /* pc: the instruction after the callee's entry */
        if (reds > 0 && !MAY_HAVE_BREAKPOINT(target) && !gc_wanted(&p->heap, &p->gc, STACK_AT(R)))
            DISPATCH();
        reds += 1; /* the entry counts the call */
        JUMP(target);
    }
    CASE(call_ext)
    {
        const export_entry *e = (const export_entry *)pc[1];
        PUSH_FRAME(pc + 4, R, (uint32_t)pc[3]);
        R += pc[2];
        JUMP(atomic_load_explicit(&e->addr, memory_order_acquire));
    }
    CASE(tail_call_ext)
    {
        const export_entry *e = (const export_entry *)pc[1];
        move_args(R, pc[2], pc[3]);
        JUMP(atomic_load_explicit(&e->addr, memory_order_acquire));
    }
    /* Labels of adjacent CASEs share one address, so each variant has its
     * own entry that says which it is. */
    CASE(call_fun)
    {
        tail = false, fb = (uint32_t)pc[1], fa = (uint32_t)pc[2];
        fcont = pc + 4, fdst = (uint32_t)pc[3];
        goto call_fun;
    }
    CASE(tail_call_fun)
    {
        tail = true, fb = (uint32_t)pc[1], fa = (uint32_t)pc[2];
        goto call_fun;
    }
    CASE(apply_fun_list)
    {
        tail = false, fcont = pc + 3, fdst = (uint32_t)pc[2];
        goto apply_fun_list;
    }
    CASE(tail_apply_fun_list)
    {
        tail = true;
        goto apply_fun_list;
    }
apply_fun_list:
    {
        /* fun R[b], argument list R[b+1]: spread the list from R[b], the
         * fun after it, then call it as call_fun does */
        uint32_t b = (uint32_t)pc[1];
        term_t f = R[b], args = R[b + 1];
        int64_t a = list_length(args);
        if (a < 0)
            RAISE(ATOM_badarg);
        ENSURE(b + (uint64_t)a + 1);
        for (int64_t i = 0; i < a; i++, args = list_tail(args))
            R[b + i] = list_head(args);
        R[b + a] = f;
        fb = b, fa = (uint32_t)a;
        goto call_fun;
    }
    CASE(apply)
    {
        tail = false;
        goto apply;
    }
    CASE(tail_apply)
    {
        tail = true;
        goto apply;
    }
apply:
    {
        uint32_t b = (uint32_t)pc[1], a = (uint32_t)pc[2];
        term_t m = R[b + a], f = R[b + a + 1];
        if (!term_is_atom(m) || !term_is_atom(f)) {
            tmp[0] = m, tmp[1] = f, tmp[2] = term_list_from(&p->heap, R + b, a, NIL);
            fargs = tmp, fnargs = 3, fbif = &apply3_frame;
            RAISE(ATOM_badarg);
        }
        const export_entry *e = code_export_get(m, f, a);
        if (tail) {
            for (uint32_t i = 0; i < a; i++)
                R[i] = R[b + i];
        } else {
            PUSH_FRAME(pc + 4, R, (uint32_t)pc[3]);
            R += b;
        }
        JUMP(atomic_load_explicit(&e->addr, memory_order_acquire));
    }
    CASE(apply_list)
    {
        tail = false;
        goto apply_list;
    }
    CASE(tail_apply_list)
    {
        tail = true;
        goto apply_list;
    }
apply_list:
    {
        uint32_t b = (uint32_t)pc[1];
        term_t m = R[b], f = R[b + 1], args = R[b + 2];
        int64_t a = list_length(args);
        if (!term_is_atom(m) || !term_is_atom(f) || a < 0) {
            tmp[0] = m, tmp[1] = f, tmp[2] = args;
            fargs = tmp, fnargs = 3, fbif = &apply3_frame;
            RAISE(ATOM_badarg);
        }
        ENSURE(b + (uint64_t)a);
        for (int64_t i = 0; i < a; i++, args = list_tail(args))
            R[b + i] = list_head(args);
        const export_entry *e = code_export_get(m, f, (unsigned)a);
        if (tail) {
            for (int64_t i = 0; i < a; i++)
                R[i] = R[b + i];
        } else {
            PUSH_FRAME(pc + 3, R, (uint32_t)pc[2]);
            R += b;
        }
        JUMP(atomic_load_explicit(&e->addr, memory_order_acquire));
    }
    CASE(return)
    {
        ta = SX(1);
        goto return_;
    }
    CASE(return_r) { DO_RETURN(REG(pc[1])); }
return_:
    {
        term_t v = ta;
        if (F == p->frames) {
            SAVE();
            p->exit_reason = ATOM_normal;
            p->result = v;
            return RUN_EXIT;
        }
        call_frame f = *--F;
        R = f.regs;
        R[f.dst] = v;
        JUMP(f.pc);
    }
    CASE(bif_stub)
    {
        const bif_entry *b = (const bif_entry *)pc[1];
        /* the BIF's frame is its arguments (stack_top: process_info's
         * stack_size) */
        Ftop = R + (b->arity ? b->arity : 1);
        SAVE();
        term_t v = b->fn(p, R);
        RELOAD();
        bool trapped = false;
        if (v == THE_NON_VALUE) {
            if (p->fclass != CLASS_TRAP) {
                fargs = R;
                fnargs = b->arity;
                fbif = b;
                goto raise;
            }
            if (p->trap == TRAP_RETRY || p->trap == TRAP_WAIT) {
                p->retry_code[0] = op_words[OP_bif_stub];
                p->retry_code[1] = (code_t)b;
                pc = p->retry_code;
                SAVE();
                if (p->trap == TRAP_RETRY)
                    return RUN_YIELD;
                /* as wait_timeout: asleep until a message or the timeout
                 * wakes it, then the BIF runs again */
                int r = proc_wait(p, small_value(p->freason));
                if (r < 0)
                    goto killed;
                return r == 0 ? RUN_WAIT : RUN_YIELD;
            }
            v = p->freason;
            trapped = true;
        }
        if (F == p->frames) {
            SAVE();
            /* a signal the BIF sent to the process itself comes first */
            if (trapped && proc_fetch_incoming(p) < 0)
                return RUN_EXIT;
            p->exit_reason = ATOM_normal;
            p->result = v;
            return RUN_EXIT;
        }
        /* a trap may collect: the caller's live registers end where this
         * BIF's frame begins, and its result lands at most in the frame's
         * first word; the last enter's stack_top may be below both */
        uint32_t top = (uint32_t)(R - p->stack) + (b->arity ? b->arity : 1);
        call_frame f = *--F;
        R = f.regs;
        R[f.dst] = v;
        pc = f.pc;
        if (trapped) {
            Ftop = p->stack + top;
            goto trap;
        }
        /* Collects as the BIF returns if the process wants it, as OTP
         * does (ERTS_IS_GC_DESIRED; here gc_wanted: a full block, or the
         * block, the fragments and the stack past its size): the result is live
         * then, so a large one (lists:reverse/2 of a long list) makes the
         * young heap grow to hold it, where the next safe point would find
         * it dead and shrink the heap back to its minimum. The caller's
         * registers below the BIF's frame are roots, dead ones too, as at
         * any call (docs/internals/gc.md, "Roots and dead registers"). */
        if (__builtin_expect(gc_wanted(&p->heap, &p->gc, top), 0)) {
            Ftop = p->stack + top;
            COLLECT();
        }
        DISPATCH();
    }
    CASE(breakpoint)
    {
        /* DESIGN.md mechanism 1: the record is in the header's slot; the
         * active generation says whether this process has work here */
        const trace_bp *bp = (const trace_bp *)__atomic_load_n(&pc[FH_BP - FUNC_HEADER_WORDS], __ATOMIC_RELAXED);
        if (reds <= 1 && code_is_enter(interp_word_op(bp->orig))) {
            /* enter would end the slice and the process would come back
             * here: end it first (with enter's frame set up for the GC),
             * so that the breakpoint runs once per call */
            R = enter_frame(p, R, (uint32_t)pc[1], (uint32_t)pc[2], (uint32_t)(F - p->frames));
            Ftop = p->stack + p->stack_top;
            SAVE();
            return RUN_YIELD;
        }
        unsigned g = atomic_load_explicit(&trace_bp_active, memory_order_relaxed);
        uint32_t what = __atomic_load_n(&bp->flags[g], __ATOMIC_RELAXED);
        if ((what & TBP_EVERY) || ((what & TBP_CALL) && (p->trace_flags & TF_CALL))) {
            SAVE();
            trace_hooks.call(p, pc, bp, g);
            RELOAD();
        }
#if INTERP_THREADED
        goto *(const void *)bp->orig;
#else
        op = (opcode)bp->orig;
        goto dispatch_op;
#endif
    }
    CASE(return_trace)
    {
        /* a return-trace frame was returned through: the value is where
         * the real caller wants it; report, then return it there */
        trace_frame tf = p->tframes[--p->ntframes];
        ta = R[tf.dst];
        SAVE();
        if (tf.kind == TFR_RETURN_TO) {
            const call_frame *to = trace_real_frame(p, p->nframes);
            trace_hooks.return_to(p, &tf, to ? to->pc : NULL);
        } else if (tf.kind >= TFR_META_RETURN) {
            trace_hooks.frame_return(p, &tf, ta);
        } else {
            trace_hooks.return_from(p, &tf, ta);
        }
        RELOAD();
        goto return_;
    }
    CASE(call_undef)
    {
        const export_entry *e = (const export_entry *)pc[1];
        SAVE();
        const code_t *addr = code_ensure_loaded(e);
        RELOAD();
        if (addr)
            JUMP(addr);
        fargs = R;
        fnargs = e->arity;
        fundef = e;
        RAISE(ATOM_undef);
    }

    /* ---- inline BIFs ---- */
    CASE(bif0)
    {
        goto bif_n;
    }
    CASE(bif1)
    {
        tmp[0] = SX(4);
        goto bif_n;
    }
    CASE(bif2)
    {
        tmp[0] = SX(4), tmp[1] = SX(5);
        goto bif_n;
    }
    CASE(bif3)
    {
        tmp[0] = SX(4), tmp[1] = SX(5), tmp[2] = SX(6);
        goto bif_n;
    }
bif_n:
    {
        /* Guard BIFs and operators run without the loop's state saved, as
         * the arithmetic's slow paths do: none reads or changes pc, the
         * window, the frames or the reduction count, and none collects.
         * A raise or a trap saves it below. */
        const bif_entry *b = (const bif_entry *)pc[1];
        unsigned n = b->arity;
        term_t v = b->fn(p, tmp);
        if (v == THE_NON_VALUE) {
            if (p->fclass == CLASS_TRAP) {
                /* an inline BIF has no frame to bound the scan: none collects */
                ASSERT(p->trap != TRAP_GC);
                RX(3) = p->freason;
                pc += 4 + n;
                goto trap;
            }
            if (pc[2])
                JUMP(pc[2]);
            if (!(b->flags & BIF_INLINE_NOFRAME))
                fargs = tmp, fnargs = n, fbif = b;
            goto raise;
        }
        RX(3) = v;
        NEXT(4 + n);
    }
    /* Tagged small-integer arithmetic: a small is v << 4 | 0xF, so
     * (a - 0xF) + b is the tagged sum and a - (b - 0xF) the tagged
     * difference, and the 64-bit overflow of the shifted values is exactly
     * "the result is not a small". SMALL_ADD and SMALL_SUB: whether the
     * sum or difference of smalls a and b is one, the tagged value in s. */
#define SMALL_UNTAG(t) ((int64_t)((t) - TAG_IMMED1_SMALL))
#define SMALL_ADD(a, b, s) (!__builtin_add_overflow(SMALL_UNTAG(a), (int64_t)(b), &(s)))
#define SMALL_SUB(a, b, s) (!__builtin_sub_overflow((int64_t)(a), SMALL_UNTAG(b), &(s)))
#define BOTH_SMALL(a, b) (((a) & (b) & TAG_IMMED1_MASK) == TAG_IMMED1_SMALL)
    /* ARITH_RI(op, s, o): the fast path of the add_ri or sub_ri at pc + o
     * into s, else its slow path (at pc + o). Their literal is stored
     * untagged, v << 4 (compile_asm.c, specialise): added to or subtracted
     * from a tagged small, it gives the tagged result. On an overflow the
     * operand is computed back from the wrapped result, so that the fast
     * path need not keep it. */
#define ARITH_RI(op, s, o)                                                                           \
    do {                                                                                             \
        term_t a_ = REG(pc[(o) + 3]);                                                                \
        if (__builtin_expect(!term_is_small(a_), 0)) {                                               \
            ta = a_, arith = ARITH_##op, pc += (o);                                                  \
            goto arith_ri_slow;                                                                      \
        }                                                                                            \
        if (__builtin_expect(ARITH_OVERFLOW_##op((int64_t)a_, (int64_t)pc[(o) + 4], &(s)), 0)) {     \
            HIDE(s);                                                                                 \
            ta = (term_t)ARITH_UNDO_##op((s), (int64_t)pc[(o) + 4]), arith = ARITH_##op, pc += (o);  \
            goto arith_ri_slow;                                                                      \
        }                                                                                            \
    } while (0)
/* The whole add_ri or sub_ri at pc + o: its result into its register. */
#define DO_ARITH_RI(op, o)                                                                           \
    do {                                                                                             \
        int64_t s_;                                                                                  \
        ARITH_RI(op, s_, o);                                                                         \
        RX((o) + 2) = (term_t)s_;                                                                    \
    } while (0)
#define ARITH_OVERFLOW_ADD __builtin_add_overflow
#define ARITH_OVERFLOW_SUB __builtin_sub_overflow
#define ARITH_UNDO_ADD(s, k) ((uint64_t)(s) - (uint64_t)(k))
#define ARITH_UNDO_SUB(s, k) ((uint64_t)(s) + (uint64_t)(k))
    /* The fast paths of the add_rr and sub_rr at pc: true, with the
     * tagged result in s, when both operands and the result are small. */
#define ADD_RR_FAST(s) (BOTH_SMALL(REG(pc[3]), REG(pc[4])) && SMALL_ADD(REG(pc[3]), REG(pc[4]), s))
#define SUB_RR_FAST(s) (BOTH_SMALL(REG(pc[3]), REG(pc[4])) && SMALL_SUB(REG(pc[3]), REG(pc[4]), s))
    CASE(add_rr)
    {
        int64_t s;
        if (__builtin_expect(ADD_RR_FAST(s), 1)) {
            RX(2) = (term_t)s;
            NEXT(5);
        }
        GOTO_OP(add);
    }
    CASE(add_ri)
    {
        DO_ARITH_RI(ADD, 0);
        NEXT(5);
    }
    /* add_rr's slow path comes here too */
    CASE(add)
    {
        int64_t s;
        ta = SX(3), tb = SX(4);
        if (BOTH_SMALL(ta, tb) && SMALL_ADD(ta, tb, s)) {
            RX(2) = (term_t)s;
            NEXT(5);
        }
        tmp[0] = ta, tmp[1] = tb;
        term_t v = arith_slow(p, 0, ta, tb);
        if (v == THE_NON_VALUE) {
            if (!inlined_operator(pc, ARITH_ADD))
                fargs = tmp, fnargs = 2, fbif = bif_lookup(ATOM_erlang, atom_from_cstr("+"), 2);
            FAIL_OR_RAISE(pc[1]);
        }
        RX(2) = v;
        NEXT(5);
    }
    CASE(sub_rr)
    {
        int64_t s;
        if (__builtin_expect(SUB_RR_FAST(s), 1)) {
            RX(2) = (term_t)s;
            NEXT(5);
        }
        GOTO_OP(sub);
    }
    CASE(sub_ri)
    {
        DO_ARITH_RI(SUB, 0);
        NEXT(5);
    }
    /* sub_rr's slow path comes here too */
    CASE(sub)
    {
        int64_t s;
        ta = SX(3), tb = SX(4);
        if (BOTH_SMALL(ta, tb) && SMALL_SUB(ta, tb, s)) {
            RX(2) = (term_t)s;
            NEXT(5);
        }
        tmp[0] = ta, tmp[1] = tb;
        term_t v = arith_slow(p, 1, ta, tb);
        if (v == THE_NON_VALUE) {
            if (!inlined_operator(pc, ARITH_SUB))
                fargs = tmp, fnargs = 2, fbif = bif_lookup(ATOM_erlang, atom_from_cstr("-"), 2);
            FAIL_OR_RAISE(pc[1]);
        }
        RX(2) = v;
        NEXT(5);
    }
arith_ri_slow:
    {
        /* add_ri or sub_ri (arith: ARITH_ADD or ARITH_SUB) on a first
         * operand ta not small, or a result that is not; the literal is
         * stored untagged. A failure has erlang:'-''s frame when OTP does
         * not inline the operator (code_arith_inlined: X - K with K < 0) */
        tb = (term_t)pc[4] + TAG_IMMED1_SMALL;
        tmp[0] = ta, tmp[1] = tb;
        term_t v = arith_slow(p, arith, ta, tb);
        if (v == THE_NON_VALUE) {
            if (!code_arith_inlined((code_arith)arith, pc[3], tb))
                fargs = tmp, fnargs = 2, fbif = bif_lookup(ATOM_erlang, atom_from_cstr("-"), 2);
            FAIL_OR_RAISE(pc[1]);
        }
        RX(2) = v;
        NEXT(5);
    }
    CASE(mul)
    {
        term_t a = SX(3), b = SX(4);
        if (term_is_small(a) && term_is_small(b)) {
            __int128 s = (__int128)small_value(a) * small_value(b);
            if (s >= SMALL_MIN && s <= SMALL_MAX) {
                RX(2) = term_small((int64_t)s);
                NEXT(5);
            }
        }
        tmp[0] = a, tmp[1] = b;
        term_t v = arith_slow(p, 2, a, b);
        if (v == THE_NON_VALUE) {
            if (!inlined_operator(pc, ARITH_MUL))
                fargs = tmp, fnargs = 2, fbif = bif_lookup(ATOM_erlang, atom_from_cstr("*"), 2);
            FAIL_OR_RAISE(pc[1]);
        }
        RX(2) = v;
        NEXT(5);
    }

    CASE(neg)
    {
        term_t a = SX(3);
        int64_t s;
        if (term_is_small(a) && !__builtin_sub_overflow(0, small_value(a), &s) && s >= SMALL_MIN &&
            s <= SMALL_MAX) {
            RX(2) = term_small(s);
            NEXT(4);
        }
        tmp[0] = term_small(0), tmp[1] = a;
        term_t v = arith_slow(p, 1, tmp[0], a);
        if (v == THE_NON_VALUE) {
            tmp[0] = a;
            fargs = tmp, fnargs = 1, fbif = bif_lookup(ATOM_erlang, atom_from_cstr("-"), 1);
            FAIL_OR_RAISE(pc[1]);
        }
        RX(2) = v;
        NEXT(4);
    }

    /* ---- moves and terms ---- */
    CASE(move)
    {
        RX(1) = SX(2);
        NEXT(3);
    }
    CASE(move_r)
    {
        RX(1) = REG(pc[2]);
        NEXT(3);
    }
    CASE(put_list)
    {
        term_t *c = heap_alloc(&p->heap, 2);
        c[0] = SX(2);
        c[1] = SX(3);
        RX(1) = term_list(c);
        NEXT(4);
    }
    CASE(put_tuple)
    {
        uint64_t n = pc[2];
        term_t *t = heap_alloc(&p->heap, n + 1);
        t[0] = header_make(n, HDR_TUPLE);
        for (uint64_t i = 0; i < n; i++)
            t[1 + i] = SX(3 + i);
        RX(1) = term_boxed(t);
        NEXT(3 + n);
    }
    CASE(get_list)
    {
        term_t l = SX(3);
        RX(1) = list_head(l);
        RX(2) = list_tail(l);
        NEXT(4);
    }
    CASE(get_hd)
    {
        RX(1) = list_head(SX(2));
        NEXT(3);
    }
    CASE(get_tl)
    {
        RX(1) = list_tail(SX(2));
        NEXT(3);
    }
    CASE(get_tuple_element)
    {
        RX(1) = boxed_ptr(SX(2))[1 + pc[3]];
        NEXT(4);
    }
    CASE(make_fun)
    {
        /* the loader replaced the lambda index by its code_lambda */
        const code_lambda *l = (const code_lambda *)pc[2];
        uint64_t n = pc[3];
        term_t f = term_fun(&p->heap, l->module, l->arity - l->num_free, l->index, l->old_uniq, l->uniq,
                            p->pid, (unsigned)n, NULL);
        fun_obj *fo = fun_object(f);
        fo->lambda = l;
        for (uint64_t i = 0; i < n; i++)
            fo->env[i] = SX(4 + i);
        RX(1) = f;
        NEXT(4 + n);
    }

    /* ---- tests ---- */
    CASE(jump) { JUMP(pc[1]); }
    /* The tests enter's superinstructions run after the entry (opcodes.def),
     * whole, for the test at pc + o; DO_TEST(o, cond): a type test of x,
     * its operand. */
#define DO_TEST(o, cond)                                                                             \
    do {                                                                                             \
        term_t x = SX((o) + 2);                                                                      \
        if (!(cond))                                                                                 \
            JUMP(pc[(o) + 1]);                                                                       \
        NEXT((o) + 3);                                                                               \
    } while (0)
#define DO_IS_NIL(o) DO_TEST(o, x == NIL)
#define DO_IS_NONEMPTY_LIST(o) DO_TEST(o, term_is_list(x))
#define DO_TEST_ARITY(o)                                                                             \
    do {                                                                                             \
        term_t t_ = SX((o) + 2);                                                                     \
        if (!term_is_tuple(t_) || tuple_arity(t_) != pc[(o) + 3])                                    \
            JUMP(pc[(o) + 1]);                                                                       \
        NEXT((o) + 4);                                                                               \
    } while (0)
#define DO_IS_TAGGED_TUPLE(o)                                                                        \
    do {                                                                                             \
        term_t t_ = SX((o) + 2);                                                                     \
        if (!term_is_tuple(t_) || tuple_arity(t_) != pc[(o) + 3] ||                                  \
            tuple_get(t_, 0) != (term_t)pc[(o) + 4])                                                 \
            JUMP(pc[(o) + 1]);                                                                       \
        NEXT((o) + 5);                                                                               \
    } while (0)
/* is_eq_exact_ri and is_ne_exact_ri: the register against an immediate;
 * `fails` is the comparison that jumps. */
#define DO_EXACT_RI(o, fails)                                                                        \
    do {                                                                                             \
        if (REG(pc[(o) + 2]) fails (term_t)pc[(o) + 3])                                              \
            JUMP(pc[(o) + 1]);                                                                       \
        NEXT((o) + 4);                                                                               \
    } while (0)
#define DO_IS_EQ_EXACT_RI(o) DO_EXACT_RI(o, !=)
#define DO_IS_NE_EXACT_RI(o) DO_EXACT_RI(o, ==)
    /* is_lt_ri and is_ge_ri: a small compared in place (see is_lt), else
     * the test run as is_lt or is_ge (`general`), which read any operands;
     * `fails` is the comparison that jumps. */
#define DO_ORDER_RI(o, general, fails)                                                               \
    do {                                                                                             \
        ta = REG(pc[(o) + 2]);                                                                       \
        if (__builtin_expect(!term_is_small(ta), 0)) {                                               \
            pc += (o);                                                                               \
            GOTO_OP(general);                                                                        \
        }                                                                                            \
        if ((int64_t)ta fails (int64_t)pc[(o) + 3])                                                  \
            JUMP(pc[(o) + 1]);                                                                       \
        NEXT((o) + 4);                                                                               \
    } while (0)
#define DO_IS_LT_RI(o) DO_ORDER_RI(o, is_lt, >=)
#define DO_IS_GE_RI(o) DO_ORDER_RI(o, is_ge, <)
#define TEST(name, cond) CASE(name) { DO_TEST(0, cond); }
    TEST(is_integer, term_is_integer(x))
    TEST(is_float, term_is_float(x))
    TEST(is_number, term_is_number(x))
    TEST(is_atom, term_is_atom(x))
    TEST(is_boolean, x == ATOM_true || x == ATOM_false)
    TEST(is_pid, term_is_pid(x))
    TEST(is_ref, term_is_ref(x))
    TEST(is_port, term_is_port(x))
    CASE(is_nil) { DO_IS_NIL(0); }
    TEST(is_list, term_is_list(x) || x == NIL)
    CASE(is_nonempty_list) { DO_IS_NONEMPTY_LIST(0); }
    TEST(is_tuple, term_is_tuple(x))
    TEST(is_binary, term_is_bitstring(x) && bits_is_binary(x))
    TEST(is_bitstring, term_is_bitstring(x))
    TEST(is_map, term_is_map(x))
    TEST(is_function, term_is_any_fun(x))
#undef TEST
    CASE(is_function2)
    {
        term_t f = SX(2), a = SX(3);
        if (!term_is_small(a) || small_value(a) < 0)
            RAISE(ATOM_badarg);
        uint64_t ar;
        if (term_is_fun(f))
            ar = fun_object(f)->arity;
        else if (term_is_export(f))
            ar = export_object(f)->arity;
        else
            JUMP(pc[1]);
        if (ar != (uint64_t)small_value(a))
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(test_arity) { DO_TEST_ARITY(0); }
    CASE(is_tagged_tuple) { DO_IS_TAGGED_TUPLE(0); }
    CASE(is_eq_exact)
    {
        term_t a = SX(2), b = SX(3);
        if (a != b && (term_is_immed(a) || term_is_immed(b) || !term_eq_exact(a, b)))
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_ne_exact)
    {
        term_t a = SX(2), b = SX(3);
        if (a == b || (!term_is_immed(a) && !term_is_immed(b) && term_eq_exact(a, b)))
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_eq_exact_ri) { DO_IS_EQ_EXACT_RI(0); }
    CASE(is_ne_exact_ri) { DO_IS_NE_EXACT_RI(0); }
    CASE(is_eq)
    {
        term_t a = SX(2), b = SX(3);
        if (a != b && !term_eq(a, b))
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_ne)
    {
        term_t a = SX(2), b = SX(3);
        if (a == b || term_eq(a, b))
            JUMP(pc[1]);
        NEXT(4);
    }
    /* Order tests: tagged smalls compare as signed words. */
    CASE(is_lt)
    {
        ta = SX(2), tb = SX(3);
        goto is_lt;
    }
    CASE(is_lt_rr)
    {
        ta = REG(pc[2]), tb = REG(pc[3]);
        goto is_lt;
    }
    CASE(is_lt_ri) { DO_IS_LT_RI(0); }
    CASE(is_lt_ir)
    {
        ta = (term_t)pc[2], tb = REG(pc[3]);
        goto is_lt;
    }
is_lt:
    {
        bool lt = BOTH_SMALL(ta, tb) ? (int64_t)ta < (int64_t)tb : term_cmp(ta, tb) < 0;
        if (!lt)
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(is_ge)
    {
        ta = SX(2), tb = SX(3);
        goto is_ge;
    }
    CASE(is_ge_rr)
    {
        ta = REG(pc[2]), tb = REG(pc[3]);
        goto is_ge;
    }
    CASE(is_ge_ri) { DO_IS_GE_RI(0); }
    CASE(is_ge_ir)
    {
        ta = (term_t)pc[2], tb = REG(pc[3]);
        goto is_ge;
    }
is_ge:
    {
        bool ge = BOTH_SMALL(ta, tb) ? (int64_t)ta >= (int64_t)tb : term_cmp(ta, tb) >= 0;
        if (!ge)
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(select_val)
    {
        term_t x = SX(1);
        uint64_t n = pc[3];
        const code_t *pairs = pc + 4;
        for (uint64_t i = 0; i < n; i++) {
            term_t v = (term_t)pairs[2 * i];
            if (v == x || (!term_is_immed(v) && !term_is_immed(x) && term_eq_exact(v, x)))
                JUMP(pairs[2 * i + 1]);
        }
        JUMP(pc[2]);
    }
    CASE(select_arity)
    {
        term_t x = SX(1);
        uint64_t n = pc[3], ar = tuple_arity(x);
        const code_t *pairs = pc + 4;
        for (uint64_t i = 0; i < n; i++)
            if (pairs[2 * i] == ar)
                JUMP(pairs[2 * i + 1]);
        JUMP(pc[2]);
    }

    /* ---- exceptions ---- */
    CASE(badmatch)
    {
        RAISE(term_tuple2(&p->heap, ATOM_badmatch, SX(1)));
    }
    CASE(case_end)
    {
        RAISE(term_tuple2(&p->heap, ATOM_case_clause, SX(1)));
    }
    CASE(if_end) { RAISE(ATOM_if_clause); }
    CASE(try_case_end)
    {
        RAISE(term_tuple2(&p->heap, ATOM_try_clause, SX(1)));
    }
    CASE(badrecord)
    {
        RAISE(term_tuple2(&p->heap, ATOM_badrecord, SX(1)));
    }
    CASE(try_)
    {
        if (p->ncatches == p->catches_cap)
            proc_grow_catches(p);
        p->catches[p->ncatches++] =
            (catch_entry){(const code_t *)pc[1], (uint32_t)(F - p->frames), (uint32_t)(R - p->stack)};
        NEXT(2);
    }
    CASE(try_end)
    {
        p->ncatches--;
        NEXT(1);
    }
    CASE(try_case)
    {
        term_t *r = &RX(1);
        r[0] = p->fclass == CLASS_ERROR ? ATOM_error : p->fclass == CLASS_EXIT ? ATOM_exit : ATOM_throw;
        r[1] = p->freason;
        r[2] = p->fstack;
        NEXT(2);
    }
    CASE(catch_value)
    {
        RX(1) = catch_value(p);
        NEXT(2);
    }
    CASE(raise)
    {
        term_t *r = &RX(1);
        proc_class c = r[0] == ATOM_error ? CLASS_ERROR : r[0] == ATOM_exit ? CLASS_EXIT : CLASS_THROW;
        bif_raise(p, c, r[1]);
        p->fstack = r[2];
        goto raise;
    }

    /* ---- messages ---- */
    CASE(send)
    {
        term_t to = SX(2), msg = SX(3);
        SAVE();
        if (!proc_send(p, to, msg)) {
            tmp[0] = to, tmp[1] = msg;
            fargs = tmp, fnargs = 2, fbif = bif_lookup(ATOM_erlang, atom_from_cstr("!"), 2);
            goto raise;
        }
        RELOAD();
        RX(1) = msg;
        NEXT(4);
    }
    CASE(loop_rec)
    {
        if (!*p->save) {
            SAVE();
            int r = proc_fetch_incoming(p);
            RELOAD();
            if (r < 0)
                goto killed;
            if (!*p->save)
                JUMP(pc[1]);
        }
        /* The register, and those the clauses fill from it, keep pointing
         * into the message once the receive leaves it, and collections
         * scan them: the message's memory lasts while p runs (it joins
         * the heap when received or flushed: proc_drop_message). */
        RX(2) = (*p->save)->term;
        NEXT(3);
    }
    CASE(loop_rec_end)
    {
        p->save = &(*p->save)->next;
        JUMP(pc[1]);
    }
    CASE(remove_message)
    {
        proc_remove_message(p);
        NEXT(1);
    }
    CASE(wait)
    {
        /* A process about to sleep collects if it should: a receive loop
         * may make too few calls in a slice to reach enter's check, and
         * would keep its messages' fragments past the heap's size. */
        /* The running frame ends at R + N (after a return, Ftop is where
         * the callee's ended) */
        Ftop = R + pc[2];
        if (gc_wanted(&p->heap, &p->gc, STACK_AT(Ftop)))
            COLLECT();
        /* Resumes here: proc_wait then finds the message that woke it. */
        SAVE();
        int r = proc_wait(p, -1);
        if (r < 0)
            goto killed;
        if (r == 0)
            return RUN_WAIT;
        JUMP(pc[1]);
    }
    CASE(wait_timeout)
    {
        int64_t ms;
        if (!proc_timeout_ms(SX(2), &ms))
            RAISE(ATOM_timeout_value);
        if (atomic_load_explicit(&p->state, memory_order_relaxed) & PS_TIMEOUT)
            NEXT(4); /* the timer fired: on to `timeout` */
        Ftop = R + pc[3]; /* as wait */
        if (gc_wanted(&p->heap, &p->gc, STACK_AT(Ftop)))
            COLLECT();
        SAVE();
        int r = proc_wait(p, ms);
        if (r < 0)
            goto killed;
        if (r == 0)
            return RUN_WAIT;
        if (r == 2)
            NEXT(4);
        JUMP(pc[1]);
    }
    CASE(timeout)
    {
        if (p->trace_flags & TF_RECEIVE) {
            SAVE();
            trace_hooks.receive(p, THE_NON_VALUE, ATOM_timeout);
            RELOAD();
        }
        proc_timeout_done(p);
        NEXT(1);
    }
    CASE(hibernate)
    {
        uint32_t b = (uint32_t)pc[1];
        term_t m = R[b], f = R[b + 1], args = R[b + 2];
        if (!term_is_atom(m) || !term_is_atom(f) || list_length(args) < 0) {
            /* raised from the caller, as a BIF's error is: the frame
             * that called this code goes, and the error is located at
             * its call (pc inside the call instruction, as a stack
             * trace's caller frames are) */
            tmp[0] = m, tmp[1] = f, tmp[2] = args;
            if (F > p->frames) {
                call_frame fr = *--F;
                R = fr.regs;
                pc = fr.pc - 1;
            }
            fargs = tmp, fnargs = 3, fbif = &hibernate3_frame;
            RAISE(ATOM_badarg);
        }
        SAVE();
        drop_stack(p);
        RELOAD();
        R[0] = m, R[1] = f, R[2] = args;
        Ftop = R + 3;
        pc += 2;
        SAVE();
        if (!collect(p, true))
            goto over_max_heap;
        RELOAD();
        DISPATCH();
    }

    /* ---- maps ---- */
    CASE(new_map)
    {
        uint64_t n = pc[2];
        term_t pairs[PROC_SCRATCH], *kv = pairs;
        if (n > PROC_SCRATCH / 2)
            kv = alloc_new(ALLOC_TEMP, 2 * n * sizeof(term_t));
        for (uint64_t i = 0; i < n; i++) {
            kv[i] = SX(3 + 2 * i);
            kv[n + i] = SX(4 + 2 * i);
        }
        RX(1) = map_from_pairs(&p->heap, kv, kv + n, n);
        if (kv != pairs)
            alloc_free(ALLOC_TEMP, kv, 2 * n * sizeof(term_t));
        NEXT(3 + 2 * n);
    }
    CASE(put_map_assoc)
    {
        exact = false;
        goto put_map;
    }
    CASE(put_map_exact)
    {
        exact = true;
        goto put_map;
    }
put_map:
    {
        term_t m = SX(2);
        uint64_t n = pc[3];
        if (!term_is_map(m))
            RAISE(term_tuple2(&p->heap, ATOM_badmap, m));
        for (uint64_t i = 0; i < n; i++) {
            term_t k = SX(4 + 2 * i), v = SX(5 + 2 * i), old;
            if (exact && !map_get(m, k, &old))
                RAISE(term_tuple2(&p->heap, ATOM_badkey, k));
            m = map_put(&p->heap, m, k, v);
        }
        RX(1) = m;
        NEXT(4 + 2 * n);
    }
    CASE(get_map_elements)
    {
        term_t m = SX(2);
        uint64_t n = pc[3];
        if (!term_is_map(m))
            JUMP(pc[1]);
        for (uint64_t i = 0; i < n; i++) {
            term_t v;
            if (!map_get(m, SX(4 + 2 * i), &v))
                JUMP(pc[1]);
            RX(5 + 2 * i) = v;
        }
        NEXT(4 + 2 * n);
    }

    /* ---- superinstructions (opcodes.def): a pair's fast path ---- */
    CASE(enter_is_lt_ri)
    {
        ENTER_NC_FAST();
        DO_IS_LT_RI(CODE_ENTER_WORDS);
    }
    CASE(enter_is_ge_ri)
    {
        ENTER_NC_FAST();
        DO_IS_GE_RI(CODE_ENTER_WORDS);
    }
    CASE(enter_is_eq_exact_ri)
    {
        ENTER_NC_FAST();
        DO_IS_EQ_EXACT_RI(CODE_ENTER_WORDS);
    }
    CASE(enter_is_ne_exact_ri)
    {
        ENTER_NC_FAST();
        DO_IS_NE_EXACT_RI(CODE_ENTER_WORDS);
    }
    CASE(enter_is_nonempty_list)
    {
        ENTER_NC_FAST();
        DO_IS_NONEMPTY_LIST(CODE_ENTER_WORDS);
    }
    CASE(enter_is_nil)
    {
        ENTER_NC_FAST();
        DO_IS_NIL(CODE_ENTER_WORDS);
    }
    CASE(enter_test_arity)
    {
        ENTER_NC_FAST();
        DO_TEST_ARITY(CODE_ENTER_WORDS);
    }
    CASE(enter_is_tagged_tuple)
    {
        ENTER_NC_FAST();
        DO_IS_TAGGED_TUPLE(CODE_ENTER_WORDS);
    }
    CASE(add_ri_call)
    {
        DO_ARITH_RI(ADD, 0);
        DO_CALL(5);
    }
    CASE(add_ri_tail_call_in0)
    {
        DO_ARITH_RI(ADD, 0);
        DO_TAIL_IN(5);
    }
    CASE(add_ri_add_ri_tail_call_in0)
    {
        DO_ARITH_RI(ADD, 0);
        DO_ARITH_RI(ADD, 5);
        DO_TAIL_IN(10);
    }
    /* the result goes to the caller only: the register it would be
     * stored in dies with the frame (the process's last frame: the two
     * instructions, as such) */
    CASE(add_rr_return)
    {
        int64_t s;
        if (__builtin_expect(F == p->frames || !ADD_RR_FAST(s), 0))
            GOTO_OP(add_rr);
        POP_RETURN((term_t)s);
    }
    CASE(add_ri_return)
    {
        int64_t s;
        if (__builtin_expect(F == p->frames, 0))
            GOTO_OP(add_ri);
        ARITH_RI(ADD, s, 0);
        POP_RETURN((term_t)s);
    }
    CASE(sub_rr_return)
    {
        int64_t s;
        if (__builtin_expect(F == p->frames || !SUB_RR_FAST(s), 0))
            GOTO_OP(sub_rr);
        POP_RETURN((term_t)s);
    }
#undef ARITH_RI
#undef DO_ARITH_RI
#undef DO_TEST
#undef DO_IS_NIL
#undef DO_IS_NONEMPTY_LIST
#undef DO_TEST_ARITY
#undef DO_IS_TAGGED_TUPLE
#undef DO_IS_EQ_EXACT_RI
#undef DO_IS_NE_EXACT_RI
#undef DO_IS_LT_RI
#undef DO_IS_GE_RI
#undef DO_EXACT_RI
#undef DO_ORDER_RI
#undef ARITH_OVERFLOW_ADD
#undef ARITH_OVERFLOW_SUB
#undef ARITH_UNDO_ADD
#undef ARITH_UNDO_SUB
#undef ADD_RR_FAST
#undef SUB_RR_FAST
#undef SMALL_UNTAG
#undef SMALL_ADD
#undef SMALL_SUB
#undef BOTH_SMALL

    /* ---- binaries (vm/bits.c) ---- */
    CASE(bs_create)
    {
        uint64_t n = pc[3];
        bs_fail f;
        term_t v = bits_create(p, R, pc + 4, n, &f);
        if (v == THE_NON_VALUE) {
            if (pc[1])
                JUMP(pc[1]);
            bits_create_error(p, &f);
            goto raise;
        }
        RX(2) = v;
        NEXT(4 + 5 * n);
    }
    CASE(bs_start_match)
    {
        term_t v = bits_start_match(p, SX(3));
        if (v == THE_NON_VALUE)
            JUMP(pc[1]);
        RX(2) = v;
        NEXT(4);
    }
    CASE(bs_get)
    {
        term_t v = bits_get_small_int(RX(2), (unsigned)pc[4], (unsigned)pc[5], (unsigned)pc[6], SX(7));
        if (v == THE_NON_VALUE)
            v = bits_get(p, RX(2), (unsigned)pc[4], (unsigned)pc[5], (unsigned)pc[6], SX(7));
        if (v == THE_NON_VALUE)
            JUMP(pc[1]);
        RX(3) = v;
        NEXT(8);
    }
    CASE(bs_skip)
    {
        if (!bits_skip(RX(2), (unsigned)pc[3], SX(4)))
            JUMP(pc[1]);
        NEXT(5);
    }
    CASE(bs_match_string)
    {
        if (!bits_match_string(RX(2), pc[3], (term_t)pc[4]))
            JUMP(pc[1]);
        NEXT(5);
    }
    CASE(bs_test_tail)
    {
        if (bits_left(RX(2)) != pc[3])
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(bs_test_unit)
    {
        if (!bits_left_in_units(RX(2), pc[3]))
            JUMP(pc[1]);
        NEXT(4);
    }
    CASE(bs_get_tail)
    {
        RX(1) = bits_get_tail(p, RX(2));
        NEXT(3);
    }

#if !INTERP_THREADED
    default:
        ASSERT(!"bad opcode");
    }
#endif

call_fun:
    /* the fun in R[fb+fa], its arguments R[fb..fb+fa); tail or not */
    {
        uint32_t b = fb, a = fa;
        term_t f = R[b + a];
        const code_t *target;
        if (term_is_fun(f)) {
            fun_obj *fo = fun_object(f);
            if (fo->arity != a) {
                tmp[0] = f;
                goto badarity;
            }
            /* the code of the version that made it; once that is purged,
             * the current version's if it has the same fun (OTP's fun
             * entries), else badfun */
            /* fo->lambda and eo->entry are caches filled at the first
             * call; a fun in a module's literals is shared by every
             * process, so they are read and filled atomically (every
             * filler stores the same pointer). */
            const code_lambda *cached = __atomic_load_n(&fo->lambda, __ATOMIC_ACQUIRE);
            target = cached ? __atomic_load_n(&cached->entry, __ATOMIC_ACQUIRE) : NULL;
            if (!target) {
                SAVE();
                const code_lambda *l = resolve_lambda(fo);
                RELOAD();
                target = l ? __atomic_load_n(&l->entry, __ATOMIC_ACQUIRE) : NULL;
                if (!target) {
                    tmp[0] = f;
                    goto badfun;
                }
                __atomic_store_n(&fo->lambda, l, __ATOMIC_RELEASE);
            }
            ENSURE(b + a + fo->num_free);
            for (uint64_t i = 0; i < fo->num_free; i++)
                R[b + a + i] = fo->env[i];
            a += (uint32_t)fo->num_free;
        } else if (term_is_export(f)) {
            export_obj *eo = export_object(f);
            if (eo->arity != a) {
                tmp[0] = f;
                goto badarity;
            }
            export_entry *ee = __atomic_load_n(&eo->entry, __ATOMIC_ACQUIRE);
            if (!ee) {
                ee = code_export_get(eo->module, eo->function, (unsigned)eo->arity);
                __atomic_store_n(&eo->entry, ee, __ATOMIC_RELEASE);
            }
            target = atomic_load_explicit(&ee->addr, memory_order_acquire);
        } else {
            tmp[0] = f;
            goto badfun;
        }
        if (tail) {
            for (uint32_t i = 0; i < a; i++)
                R[i] = R[b + i];
        } else {
            PUSH_FRAME(fcont, R, fdst);
            R += b;
        }
        JUMP(target);
    }

    /* A body call of a bad fun fails once its return frame is pushed, as
     * in OTP: the caller then shows twice in the stack trace (where it
     * failed, and where the call would have returned). */
badarity:
    {
        uint32_t b = fb, a = fa;
        term_t args = NIL;
        for (uint32_t i = a; i-- > 0;)
            args = term_cons(&p->heap, R[b + i], args);
        if (!tail)
            PUSH_FRAME(fcont, R, fdst);
        RAISE(term_tuple2(&p->heap, ATOM_badarity, term_tuple2(&p->heap, tmp[0], args)));
    }
badfun:
    if (!tail)
        PUSH_FRAME(fcont, R, fdst);
    RAISE(term_tuple2(&p->heap, ATOM_badfun, tmp[0]));

trap:
    /* A BIF succeeded but asked for something only the loop can do (see
     * bif_trap); its result is in place and pc is past the call. */
    switch (p->trap) {
    case TRAP_GC:
        SAVE();
        if (!collect(p, true))
            goto over_max_heap;
        RELOAD();
        DISPATCH();
    case TRAP_YIELD:
    default:
        SAVE();
        return RUN_YIELD;
    }

killed:
    /* An exit signal killed the process while it ran. */
    return RUN_EXIT;

over_max_heap:
    /* its state saved: it dies as exit(P, kill) would have it */
    p->exit_reason = ATOM_killed;
    p->exit_class = CLASS_EXIT;
    return RUN_EXIT;

raise:
    SAVE();
    {
        const code_t *h = unwind(p, pc, fargs, fnargs, fbif, fundef);
        if (!h) {
            p->exit_reason = exit_reason_of(p);
            /* an uncaught throw ends it as the error {nocatch, Ball} */
            p->exit_class = p->fclass == CLASS_THROW ? CLASS_ERROR : p->fclass;
            return RUN_EXIT;
        }
        RELOAD();
        fargs = NULL, fnargs = 0, fbif = NULL, fundef = NULL;
        JUMP(h);
    }
}

#undef OPWORD
#undef MAY_HAVE_BREAKPOINT
#undef SRC
#undef REG
#undef RX
#undef SX
#undef CASE
#undef DISPATCH
#undef NEXT
#undef SAVE
#undef RELOAD
#undef PUSH_FRAME
#undef CHECK_DUE
#undef RAISE
#undef FAIL_OR_RAISE
#undef JUMP
#undef GOTO_OP
#undef DO_CALL
#undef DO_RETURN
#undef POP_RETURN
#undef DO_TAIL_IN
#undef ENTER_NC_FAST
#undef COUNT_REDUCTION
#undef HIDE
#undef COLD

void interp_init(void)
{
    run(NULL, true);
    static const char *ops[3] = {"+", "-", "*"};
    for (int i = 0; i < 3; i++) {
        const bif_entry *b = bif_lookup(ATOM_erlang, atom_from_cstr(ops[i]), 2);
        ASSERT(b);
        arith_fn[i] = b ? b->fn : NULL;
    }
}

interp_result interp_run(process *p)
{
    /* call_time counts the time a call-traced process runs: the engine
     * hears when its slices begin and end */
    if (!(p->trace_flags & TF_CALL))
        return run(p, false);
    trace_hooks.slice(p, true);
    interp_result r = run(p, false);
    if (r != RUN_EXIT)
        trace_hooks.slice(p, false);
    return r;
}
