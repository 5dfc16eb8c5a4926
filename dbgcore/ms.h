/* ms.h: match specifications (DESIGN.md mechanism 6): a compiler from a
 * match spec term to a flat, immutable program, and a runner that executes
 * it on a traced call's arguments, a sent or received message, or a term
 * (the table dialect). OTP 25's guard functions, trace actions, results and
 * error texts; docs/internals/match-specs.md describes the program format.
 * Ownership: ms_compile copies the spec; a program owns its terms and is
 * shared read-only by any number of threads until ms_free. The runner
 * borrows its arguments and builds results on the caller's heap_t. */
#ifndef DBGCORE_MS_H
#define DBGCORE_MS_H

#include <stdbool.h>
#include <stdint.h>

#include "vm/vm.h"

/* What a spec is compiled for; it decides the head's shape and which
 * actions are allowed (OTP's DCOMP_* flags):
 *   MS_CALL     call trace: head [Arg, ...] | '$N' | '_', every action;
 *   MS_SEND     send trace: head [Receiver, Msg], no caller/caller_line;
 *   MS_RECEIVE  'receive' trace: head [Node, Sender, Msg], only message,
 *               return_trace, exception_trace, display, self, node and
 *               the guard functions (get_tcw, set_tcw included);
 *   MS_TABLE    ets dialect: head any term, no trace action; the body's
 *               last value is the result. */
typedef enum ms_kind { MS_CALL, MS_SEND, MS_RECEIVE, MS_TABLE } ms_kind;

typedef struct ms_prog ms_prog;

/* ---- compiling ------------------------------------------------------------- */

/* Nesting cost limit of guard and body expressions: OTP 25 refuses an
 * expression nested deeper than its C stack allows; its depth is the sum
 * of these weights over the enclosing lists, calls, {{tuples}} and maps
 * (measured on erl 25: 3191 lists, 2279 tuples, 1484 map values, 1329
 * map keys). Deeper gives "Excessive nesting" errors, system_limit from
 * ms_compile. Heads have no limit (matched with an explicit stack, as
 * OTP's). */
#define MS_DEPTH_LIMIT 63820u
#define MS_DEPTH_LIST 20u    /* a cons cell, a function call or special form */
#define MS_DEPTH_TUPLE 28u   /* {{...}} */
#define MS_DEPTH_MAP 43u     /* #{K => V}: V */
#define MS_DEPTH_MAP_KEY 48u /* #{K => V}: K */

/* Compiles `spec` (borrowed; copied into the program, so the caller's heap
 * may be collected afterwards) for `kind`. Never runs the GC.
 * On success returns the program and sets *errors to [] (OTP 25 reports no
 * warnings). On failure returns NULL, sets *errors to the list
 * erlang:match_spec_test/3 reports, [{error, "Text"}, ...] built on `h`,
 * and *reason to what a pattern setter raises: badarg, or system_limit
 * when the first problem met is nesting too deep. `errors` may be NULL
 * (nothing is built on h; h may then be NULL too); `reason` may be NULL. */
ms_prog *ms_compile(term_t spec, ms_kind kind, heap_t *h, term_t *errors, term_t *reason);

/* Frees a program. The trace engine calls it only after thread progress,
 * once no runner can be inside it; terms a run returned that point into
 * the program (constants of the spec) must have been copied by then. */
void ms_free(ms_prog *prog);

/* The spec as it was given, on the program's heap (trace_info's
 * match_spec): valid until ms_free; copy it to keep it. */
term_t ms_source(const ms_prog *prog);
ms_kind ms_prog_kind(const ms_prog *prog);
/* Whether a run of prog may build terms; when not, ms_run_trace and
 * ms_run_table take a NULL ctx->heap. */
bool ms_prog_builds(const ms_prog *prog);

/* ---- running ----------------------------------------------------------------- */

/* Side-effecting actions. The runner never acts itself: it calls these,
 * in the order the body evaluates them, and uses what they return as the
 * action's value. A NULL hook (or NULL ms_ctx.hooks) behaves as
 * erlang:match_spec_test/3 does in an untraced process (see ms_test_hooks
 * below). A hook returning THE_NON_VALUE makes the action's value 'EXIT',
 * as a failing action in OTP. Hooks run on the runner's thread, in the
 * context of the traced process, and must not run the GC of ctx->heap's
 * owner. `target` is THE_NON_VALUE for the two-argument forms (the traced
 * process itself), else the term the spec gave (a pid or a name). */
typedef struct ms_ctx ms_ctx;
typedef struct ms_hooks {
    /* {enable_trace, [Target,] Flag} and {disable_trace, ...}: true, or
     * failure for a bad flag or target. */
    term_t (*enable_trace)(ms_ctx *ctx, term_t target, term_t flag, bool enable);
    /* {trace, [Target,] Disable, Enable}: true when the flags or tracer
     * changed, false when not, failure for bad lists or target. */
    term_t (*trace)(ms_ctx *ctx, term_t target, term_t disable, term_t enable);
    /* {get_tcw} and {set_tcw, N} (N already checked: 0..2^32-1): the
     * (old) trace control word as an integer. */
    term_t (*get_tcw)(ms_ctx *ctx);
    term_t (*set_tcw)(ms_ctx *ctx, uint32_t tcw);
    /* {display, T}: prints T as the emulator does (fmt_erts) and "\r\n"
     * on standard output, as erl does; the action's value is true. */
    void (*display)(ms_ctx *ctx, term_t t);
    /* {process_dump}: a binary describing the process. */
    term_t (*process_dump)(ms_ctx *ctx);
    /* {is_seq_trace}, {get_seq_token}, {set_seq_token, Key, Value}. */
    bool (*is_seq_trace)(ms_ctx *ctx);
    term_t (*get_seq_token)(ms_ctx *ctx);
    term_t (*set_seq_token)(ms_ctx *ctx, term_t key, term_t value);
    /* {caller} (line false) and {caller_line} (line true) when ctx gives
     * THE_NON_VALUE for them: worked out only when a body asks. */
    term_t (*caller)(ms_ctx *ctx, bool line);
} ms_hooks;

/* What a run reads and where it builds. The caller fills every field. */
struct ms_ctx {
    heap_t *heap;       /* results and scratch terms; the runner never
                         * collects it and keeps no pointer into it */
    term_t self;        /* {self}: the traced process's pid */
    term_t caller;      /* {caller}: {M, F, A}, or the atom undefined;
                         * THE_NON_VALUE: ask hooks->caller */
    term_t caller_line; /* {caller_line}: {M, F, A, {File, Line}} or
                         * undefined; THE_NON_VALUE: ask hooks->caller */
    const ms_hooks *hooks;
    void *data; /* the hooks' own */
};

/* Flags a matching clause's body set. MS_SILENT_ON/OFF: {silent, true}
 * and {silent, false} (the last one wins): the engine sets or clears the
 * process's silent flag after the run. */
enum {
    MS_RETURN_TRACE = 1u << 0,
    MS_EXCEPTION_TRACE = 1u << 1,
    MS_SILENT_ON = 1u << 2,
    MS_SILENT_OFF = 1u << 3,
};

typedef struct ms_result {
    /* Trace dialects: true when no {message, _} ran, else the last
     * {message, M}'s M (false: send no trace message, but still act on
     * the flags). Table dialect: the value of the body's last expression. */
    term_t message;
    unsigned flags; /* MS_* above; 0 for the table dialect */
} ms_result;

/* Runs a trace program on a call's arguments (MS_CALL), on
 * [Receiver, Msg] (MS_SEND) or on [Node, Sender, Msg] (MS_RECEIVE): false
 * when no clause matched (out untouched), else true with *out filled. Any
 * thread, concurrently with other runs of the same program. Never runs a
 * GC; allocates on ctx->heap only what it builds (none when a guard
 * fails on immediates). Result terms may point into `args` and into the
 * program. */
bool ms_run_trace(const ms_prog *prog, ms_ctx *ctx, const term_t *args, unsigned nargs, ms_result *out);

/* Runs a table program (MS_TABLE) on `obj`, as ets:select/2 would on one
 * object: false when no clause matched, else true with out->message the
 * body's value. */
bool ms_run_table(const ms_prog *prog, ms_ctx *ctx, term_t obj, ms_result *out);

/* ---- the trace control word ----------------------------------------------------- */

/* OTP's system-wide trace control word (erlang:system_flag(
 * trace_control_word, N), {get_tcw}, {set_tcw, N}). Any thread. */
uint32_t ms_tcw_get(void);
/* Sets it; returns the old value. */
uint32_t ms_tcw_set(uint32_t tcw);

/* ---- erlang:match_spec_test/3 ---------------------------------------------------- */

/* The hooks erlang:match_spec_test/3 runs with: OTP's values for the
 * calling process, which is not traced, and nothing changes (OTP's own
 * match_spec_test fakes set_tcw and set_seq_token the same way; its
 * enable_trace/trace act on the caller, ours only check their arguments):
 * enable_trace and disable_trace check the flag and the target (true),
 * trace checks its lists (false), set_tcw returns the current word without
 * setting it, display prints on the VM's standard output, process_dump
 * gives a short binary, no sequential trace token exists. */
extern const ms_hooks ms_test_hooks;

/* erlang:match_spec_test(Term, MatchSpec, trace | table) (ms.def). */
term_t ms_bif_match_spec_test_3(process *p, const term_t *args);

#endif
