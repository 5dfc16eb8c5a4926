/* bif.h: built-in functions written in C, and how the VM calls them.
 * A BIF takes the calling process and its arguments, and returns the result
 * term, or THE_NON_VALUE after recording an exception with bif_raise (or
 * BIF_BADARG). BIFs build their results on `&p->heap` (never running the
 * GC: a BIF may hold terms across any allocation) and borrow their
 * arguments. Each bif_X.c declares its BIFs once, in the bif_X.def beside
 * it: BIF(module, name, arity, c_function, flags). */
#ifndef VM_BIF_H
#define VM_BIF_H

#include "proc.h"
#include "term.h"

typedef term_t (*bif_fn)(process *p, const term_t *args);

enum {
    BIF_GUARD = 1u << 0, /* allowed in guards (erl_internal:guard_bif/2) */
    BIF_AUTO = 1u << 1,  /* auto-imported: callable without its module */
    BIF_RAISE = 1u << 2, /* raises by design (error/1, throw/1, ...): stack
                          * traces start at its caller, not at it */
    BIF_INLINE_NOFRAME = 1u << 3, /* called inline in compiled code, it fails
                                   * without a frame of its own, as OTP's JIT
                                   * inlines it (erlang:'/'/2, '+'/1) */
};

typedef struct bif_entry {
    const char *module, *name;
    unsigned arity;
    bif_fn fn;
    unsigned flags;
} bif_entry;

/* Records an exception of `cls` with `reason` on p; returns THE_NON_VALUE,
 * so a BIF can `return bif_raise(...)`. */
static inline term_t bif_raise(process *p, proc_class cls, term_t reason)
{
    p->fclass = cls;
    p->freason = reason;
    p->fstack = THE_NON_VALUE;
    p->finfo = THE_NON_VALUE;
    return THE_NON_VALUE;
}
/* bif_raise with `info`, an error_info map, for the location of the first
 * frame in the stack trace: the BIF's own (a cause, bif_badopt), or for
 * erlang:error/3's option and a failed binary construction the first
 * frame of code. */
static inline term_t bif_raise_info(process *p, proc_class cls, term_t reason, term_t info)
{
    bif_raise(p, cls, reason);
    p->finfo = info;
    return THE_NON_VALUE;
}
/* What a BIF asks of the interpreter after it succeeded with a result:
 * end the time slice (erlang:yield/0, an exit signal sent to itself, a
 * message that must be seen first), or collect the heap fully once the
 * result is in its register (erlang:garbage_collect/0). */
/* TRAP_RETRY: the call has not happened yet: end the slice, and run the
 * BIF again on the same arguments when the process runs next (the BIF
 * tells its two calls apart with p->bif_retry, which it sets before
 * asking and clears when it acts). OTP's trace_pattern lets the other
 * processes run before its change takes effect; this is how ours does.
 * TRAP_WAIT: as TRAP_RETRY, but the process first waits as a receive does
 * (proc_wait with the timeout in ms that is the trap's result: -1 for
 * infinity) until a message is past its save pointer or the timeout is
 * over; erts_internal:recv_next/1 waits so. */
typedef enum bif_trap_kind { TRAP_YIELD, TRAP_GC, TRAP_RETRY, TRAP_WAIT } bif_trap_kind;
static inline term_t bif_trap(process *p, term_t result, bif_trap_kind kind)
{
    p->fclass = CLASS_TRAP;
    p->freason = result;
    p->trap = kind;
    return THE_NON_VALUE;
}
#define BIF_BADARG(p) bif_raise((p), CLASS_ERROR, ATOM_badarg)
/* badarg for an option or flag the BIF does not know, or a bad list of
 * them: OTP's cause badopt, error_info #{cause => badopt, module =>
 * erl_erts_errors}. */
term_t bif_badopt(process *p);
/* badarg with error_info #{cause => Cause, module => Module}: the cause
 * the module's format_error/2 explains (ets's, vm/ets.c). */
term_t bif_badarg_cause(process *p, term_t cause, term_t module);

/* A heap size option's value (min_heap_size, fullsweep_after, ...): a
 * non-negative integer up to OTP's MAX_SMALL (GC_MAX_HEAP_LIMIT). */
bool bif_size_value(term_t v, uint64_t *out);
/* max_heap_size's value as process_flag/2, spawn_opt and
 * erlang:system_flag/2 take it: a size in words or a map with `size` and
 * optionally `kill` and `error_logger` (other keys are ignored); what it
 * leaves out comes from *defaults. False when it is not one, or when the
 * size is neither 0 nor at least min_heap_words. */
bool bif_max_heap_value(term_t v, const gc_max_heap *defaults, uint64_t min_heap_words, gc_max_heap *out);
/* #{error_logger => L, kill => K, size => S} of m, on h. */
term_t bif_max_heap_term(heap_t *h, const gc_max_heap *m);
#define BIF_ERROR(p, reason) bif_raise((p), CLASS_ERROR, (reason))

/* The BIF module:name/arity, or NULL. Atoms are compared by index. */
const bif_entry *bif_lookup(term_t module, term_t name, unsigned arity);
/* Adds a table of BIFs written in a layer above the VM (format/'s io and
 * io_lib, dbgcore/'s trace BIFs). Call before the first bif_lookup or
 * code_init; the table must outlive the VM. */
void bif_register(const bif_entry *bifs, size_t n);
/* Every BIF, for the code loader's export table; *n receives the count. */
const bif_entry *bif_all(size_t *n);
/* Whether module:name/arity is a BIF of OTP 25 (erlang:is_builtin/3's
 * table), whether or not this VM implements it in C (bif_misc.c). */
bool bif_is_otp_builtin(term_t module, term_t name, unsigned arity);
/* The module and name of bif_all's entry i, as atoms. */
void bif_atoms(size_t i, term_t *module, term_t *name);

#endif
