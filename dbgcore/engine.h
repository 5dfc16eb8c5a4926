/* engine.h: the trace engine's private interface, shared by its modules:
 * the atoms it names, sessions and per-process trace state (session.c),
 * trace events and their delivery (tev.c), function patterns and
 * breakpoints (bp.c). The shell sees none of it (dbgcore.h is public). */
#ifndef DBGCORE_ENGINE_H
#define DBGCORE_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "vm/vm.h"

#include "ms.h"
#include "tracer.h"

/* ---- atoms ---------------------------------------------------------------- */

#define ENGINE_ATOMS                                                                                 \
    X(trace, "trace")                                                                                \
    X(trace_ts, "trace_ts")                                                                          \
    X(call, "call")                                                                                  \
    X(return_from, "return_from")                                                                    \
    X(exception_from, "exception_from")                                                              \
    X(return_to, "return_to")                                                                        \
    X(send, "send")                                                                                  \
    X(send_to_non_existing_process, "send_to_non_existing_process")                                  \
    X(receive, "receive")                                                                            \
    X(procs, "procs")                                                                                \
    X(ports, "ports")                                                                                \
    X(silent, "silent")                                                                              \
    X(arity, "arity")                                                                                \
    X(running, "running")                                                                            \
    X(exiting, "exiting")                                                                            \
    X(running_procs, "running_procs")                                                                \
    X(running_ports, "running_ports")                                                                \
    X(garbage_collection, "garbage_collection")                                                      \
    X(timestamp, "timestamp")                                                                        \
    X(cpu_timestamp, "cpu_timestamp")                                                                \
    X(monotonic_timestamp, "monotonic_timestamp")                                                    \
    X(strict_monotonic_timestamp, "strict_monotonic_timestamp")                                      \
    X(set_on_spawn, "set_on_spawn")                                                                  \
    X(set_on_first_spawn, "set_on_first_spawn")                                                      \
    X(set_on_link, "set_on_link")                                                                    \
    X(set_on_first_link, "set_on_first_link")                                                        \
    X(tracer, "tracer")                                                                              \
    X(flags, "flags")                                                                                \
    X(global, "global")                                                                              \
    X(local, "local")                                                                                \
    X(meta, "meta")                                                                                  \
    X(call_count, "call_count")                                                                      \
    X(call_time, "call_time")                                                                        \
    X(call_memory, "call_memory")                                                                    \
    X(on_load, "on_load")                                                                            \
    X(restart, "restart")                                                                            \
    X(pause, "pause")                                                                                \
    X(traced, "traced")                                                                              \
    X(match_spec, "match_spec")                                                                      \
    X(meta_match_spec, "meta_match_spec")                                                            \
    X(existing, "existing")                                                                          \
    X(new_, "new")                                                                                   \
    X(new_processes, "new_processes")                                                                \
    X(existing_processes, "existing_processes")                                                      \
    X(processes, "processes")                                                                        \
    X(new_ports, "new_ports")                                                                        \
    X(existing_ports, "existing_ports")                                                              \
    X(message, "message")                                                                            \
    X(spawn, "spawn")                                                                                \
    X(spawned, "spawned")                                                                            \
    X(link, "link")                                                                                  \
    X(unlink, "unlink")                                                                              \
    X(getting_linked, "getting_linked")                                                              \
    X(getting_unlinked, "getting_unlinked")                                                          \
    X(register_, "register")                                                                        \
    X(unregister, "unregister")                                                                      \
    X(in, "in")                                                                                      \
    X(out, "out")                                                                                    \
    X(in_exiting, "in_exiting")                                                                      \
    X(out_exiting, "out_exiting")                                                                    \
    X(out_exited, "out_exited")                                                                      \
    X(gc_minor_start, "gc_minor_start")                                                              \
    X(gc_major_start, "gc_major_start")                                                              \
    X(gc_minor_end, "gc_minor_end")                                                                  \
    X(gc_major_end, "gc_major_end")                                                                  \
    X(gc_max_heap_size, "gc_max_heap_size")                                                          \
    X(trace_delivered, "trace_delivered")                                                            \
    X(trace_status, "trace_status")                                                                  \
    X(seq_trace, "seq_trace")                                                                        \
    X(sequential_tracer, "sequential_tracer")                                                        \
    X(underscore, "_")

typedef struct engine_atoms {
#define X(c, text) term_t c;
    ENGINE_ATOMS
#undef X
} engine_atoms;
extern engine_atoms EA;
/* Interns EA's atoms; dbgcore_init calls it. */
void engine_atoms_init(void);

/* ---- sessions and per-process trace state (session.c) ---------------------- */

/* Session 0 is the default session, which erlang:trace/3,
 * erlang:trace_pattern/2,3 and dbg act on. At most ENGINE_MAX_SESSIONS
 * live at once; a number is reused only after thread progress. */
#define ENGINE_MAX_SESSIONS 64

/* One session's settings on one process: its flags (TF_* of vm/trace.h)
 * and the tracer that gets its events (a tracer term, tracer.c; for the
 * default session each process has its own tracer, as in OTP 25). */
typedef struct ptrace_entry {
    uint32_t session;
    uint32_t gen; /* the session's generation when set (session_live) */
    uint32_t flags;
    term_t tracer;
} ptrace_entry;

/* p->trace: the entries of every session that traces p. Owned by p; read
 * and changed only by whoever holds p's PS_RUNNING bit. */
typedef struct proc_trace {
    uint32_t n, cap;
    ptrace_entry e[];
} proc_trace;

/* Each session's generation, which moves on when it is destroyed
 * (session.c's; read it through the functions below). */
extern _Atomic uint32_t session_gens[ENGINE_MAX_SESSIONS];

/* Whether pe belongs to the live session it names: a session's number is
 * reused only after every entry of it is gone or stale (its generation
 * moved on at session_destroy). */
static inline bool session_live(const ptrace_entry *pe)
{
    return pe->gen == atomic_load_explicit(&session_gens[pe->session], memory_order_relaxed);
}

/* The generation session s has now: what an entry set now carries. */
static inline uint32_t session_gen(uint32_t s)
{
    return atomic_load_explicit(&session_gens[s], memory_order_relaxed);
}

/* session_entry's slow path: drops p's entries of destroyed sessions;
 * NULL. */
ptrace_entry *session_drop_stale(process *p);

/* p's entry for session s, or NULL (an entry left by a destroyed session
 * is dropped on sight). Inline: every traced call asks it. */
static inline ptrace_entry *session_entry(process *p, uint32_t s)
{
    proc_trace *t = p->trace;
    for (uint32_t i = 0; t && i < t->n; i++)
        if (t->e[i].session == s)
            return session_live(&t->e[i]) ? &t->e[i] : session_drop_stale(p);
    return NULL;
}
/* Sets p's flags of session s to `flags` with `tracer` (flags 0 removes
 * the entry), and recomputes p->trace_flags. p owned by the caller. */
void session_set(process *p, uint32_t s, uint32_t flags, term_t tracer);

/* The process trace flag named `name` (an atom of trace_info's flag
 * list, or `all`: every flag but cpu_timestamp) as TF_* bits; false for
 * any other term. */
bool session_flag_of(term_t name, uint32_t *bit);
uint32_t session_all_flags(void);
/* The flags as trace_info(P, flags) lists them, in OTP 25's order, on h. */
term_t session_flags_list(heap_t *h, uint32_t flags);

/* The `free` hook: frees p->trace. */
void session_free_proc(process *p);

/* Sessions of the trace module (trace:session_create/3): a number
 * (1 .. ENGINE_MAX_SESSIONS-1) with a name, a tracer, and a handle, a
 * magic reference: when the last copy of the handle is gone (collected,
 * or its process's heap freed), the session is destroyed as by
 * session_destroy, at the next scheduler safe point. The default session
 * 0 always exists, with no name and no handle. */
typedef struct session_info {
    term_t name;   /* an atom */
    term_t tracer; /* a tracer term */
} session_info;
/* A new session and its handle, built on h; THE_NON_VALUE when
 * ENGINE_MAX_SESSIONS are live. */
term_t session_create(const session_info *info, heap_t *h);
/* The live session a handle names, or -1. Any reference with the handle's
 * ids names it (a copy decoded from ETF too), but only copies of the handle
 * itself keep the session alive. */
int session_of_handle(term_t handle);
/* The `safe_point` hook: destroys the sessions whose handles are gone. */
void session_reap(void);
/* Session s's settings; false when s is not live. */
bool session_get(uint32_t s, session_info *out);
/* Every live session's number into out (ENGINE_MAX_SESSIONS room); count. */
unsigned session_list(uint32_t *out);
/* Destroys session s: its flags on every process, its settings for new
 * processes, its function and message patterns go; its number is reused
 * after thread progress. `caller` (a process, or NULL off the schedulers)
 * may be parked meanwhile. */
void session_destroy(process *caller, uint32_t s);

/* The flags and tracer `new` processes of session s get (erlang:trace(new,
 * ...)); under the engine's settings lock. */
typedef struct session_new {
    uint32_t flags;
    term_t tracer;
} session_new;
session_new session_new_get(uint32_t s);
void session_new_set(uint32_t s, uint32_t flags, term_t tracer);

/* ---- tracers (tracer.c) ------------------------------------------------------ */

/* A tracer term: a local pid, a local port, or a small integer naming an
 * interned {Module, State} tracer module pair (held for the VM's life).
 * Tracer terms compare equal exactly when they are the same tracer. */
typedef enum tracer_read_result { TRACER_OK, TRACER_BAD, TRACER_UNDEF, TRACER_LIMIT } tracer_read_result;
/* Reads the tracer of a trace flag list's {tracer, Pid | Port} or
 * {tracer, Module, State}. TRACER_BAD: not one (badarg; also a loaded
 * Erlang module that is no C tracer module); TRACER_UNDEF: Module is not
 * loaded (OTP's erlang:trace/3 then calls Module:enabled(trace_status,
 * self(), State), which raises undef); TRACER_LIMIT: too many distinct
 * module tracers (system_limit). */
tracer_read_result tracer_read(term_t flag, term_t *tracer);
/* Raises what OTP's erlang:BIF/Arity (trace/3, trace_pattern/3) raises for
 * a tracer module that is not loaded: undef from Module:enabled(trace_status,
 * self(), State), with that call and the BIF on top of p's stack trace. */
term_t tracer_raise_undef(process *p, term_t module, term_t state, term_t bif, unsigned arity);
/* What trace_info(P, tracer) shows of a tracer: the pid, the port, or
 * {Module, State} (copied to h). */
term_t tracer_term(term_t tracer, heap_t *h);
/* Whether the tracer wants the event `tag` (EA.trace_status: whether it
 * still wants anything) of `tracee`: a process tracer that is gone answers
 * TRACER_REMOVE (a port tracer for trace_status; for an event,
 * tracer_deliver finds out), a process tracing itself TRACER_DISCARD; a
 * module tracer's enabled callbacks answer. In the tracee's context. */
tracer_answer tracer_enabled(term_t tracer, term_t tag, term_t tracee);
/* Hands the event {trace, Tracee, Tag, E1..En[, Extra][, Ts]} to the
 * tracer: sent to a process, written to a port, or given to a module's
 * trace callback (E1 as its message, E2 as extra, Extra as
 * match_spec_result); `flags` are the tracee's trace flags (timestamps).
 * False when the tracer turned out to be gone (a closed port: the
 * enabled check does not look a port up for an event). */
bool tracer_deliver(term_t tracer, term_t tracee, uint32_t flags, term_t tag, unsigned n, const term_t *elems,
                    term_t extra);
/* Installs the hooks of sequential tracing (vm/seqtrace.h): the system
 * sequential tracer, and the delivery of {seq_trace, Label, Info} to it. */
void tracer_seq_install(void);

/* ---- trace events (tev.c) ---------------------------------------------------- */

/* A scratch heap for one event's terms on the calling thread, empty,
 * without a malloc once warm; give it back with tev_scratch_done, last
 * taken first done (events nest: a spec's message, then the delivery). */
heap_t *tev_scratch(void);
void tev_scratch_done(heap_t *h);
/* Sends the trace message {trace, Pid, Tag, E1 ... En} (n <= 3 elements
 * after the tag; with `extra` != THE_NON_VALUE appended as the message's
 * last element before a timestamp) from process p to the tracer of its
 * entry `pe`, as trace_ts with the entry's timestamp flags, when the
 * tracer is enabled for it. The elements are borrowed (any heap). A
 * tracer that is gone or answers remove clears pe's flags on p (OTP's
 * behaviour): look pe up again after. */
void tev_send(process *p, ptrace_entry *pe, term_t tag, unsigned n, const term_t *elems, term_t extra);
/* tev_send without asking the tracer (tracer_enabled): for a call event
 * whose tracer was asked before its match spec ran, and for return_from,
 * return_to and exception_from, which OTP reports without asking (a
 * tracer module's `enabled` runs once per call, never for these). Only
 * p's own pid as tracer is dropped; a tracer process that is gone gets
 * nothing (its flags go at the next event that asks), a tracer port
 * found closed clears pe's flags on p. */
void tev_send_unasked(process *p, ptrace_entry *pe, term_t tag, unsigned n, const term_t *elems, term_t extra);
/* tev_send to every session whose flags on p include `flag` (the common
 * case of the process events: spawn, exit, link, ...). */
void tev_emit(process *p, uint32_t flag, term_t tag, unsigned n, const term_t *elems);
/* Sets session's send (recv false) or 'receive' pattern: every message
 * (prog NULL, none false), no message (none true), or the messages the
 * match spec `prog` matches (taken over; freed after thread progress once
 * replaced). */
void tev_set_msg_pattern(uint32_t session, bool recv, ms_prog *prog, bool none);
/* trace_info(send | 'receive', match_spec)'s value: true, false or the
 * spec (a copy on h). */
term_t tev_msg_pattern_info(uint32_t session, bool recv, heap_t *h);
/* Installs the VM's trace hooks. */
void tev_init(void);

/* ---- tracing ports (tev_port.c) ---------------------------------------------- */

/* The trace flags that concern ports, and those that concern processes
 * (OTP 25): erlang:trace(all | existing | ..., ...) changes the ports only
 * when the flags include a port flag and the processes only when they
 * include a process flag; new ports and new processes get only theirs. */
#define TEV_PORT_FLAGS                                                                                  \
    (TF_PORTS | TF_RUNNING_PORTS | TF_SEND | TF_RECEIVE | TF_SILENT | TF_SCHEDULER_ID | TF_TIMESTAMP | \
     TF_MONOTONIC | TF_STRICT_MONOTONIC)
#define TEV_PROC_FLAGS (~(uint32_t)(TF_PORTS | TF_RUNNING_PORTS | TF_CPU_TIMESTAMP))
/* Installs the port hooks of vm/trace.h; tev_init calls it. */
void tev_port_install(void);
/* erlang:trace/3's ports, on session: spec a port (every flag as given),
 * or all, existing, new, ports, existing_ports, new_ports (their ports,
 * when the flags include a port flag; new ports get only the port flags);
 * any other spec concerns no port: 0. `tracer` is the tracer named (by a
 * flag, or the session's), or THE_NON_VALUE: then the caller, when turning
 * on. Returns how many ports changed (1 for a port), or -1 for badarg,
 * with nothing changed: a port not open or traced by another tracer,
 * cpu_timestamp (which `all` ignores). Runs no GC. */
int tev_port_trace(process *caller, uint32_t session, term_t spec, bool on, uint32_t flags, term_t tracer);
/* erlang:trace_info(Port | new_ports, flags | tracer) on session: the
 * answer on p's heap (undefined for a port that is not open, whatever the
 * item), or badarg raised on p. */
term_t tev_port_info(process *p, uint32_t session, term_t what, term_t item);

/* ---- scheduling and garbage collection events (tev_sched.c) ------------------ */

/* Installs the VM's sched and gc hooks; tev_init calls it. */
void tev_sched_install(void);

/* ---- match spec actions in traced processes (msact.c) ------------------------- */

/* What a trace spec said about one event. */
typedef struct msact_verdict {
    bool send;      /* a trace message goes out ({message, false}: no) */
    term_t extra;   /* {message, M}'s M to append, or THE_NON_VALUE */
    unsigned flags; /* MS_RETURN_TRACE, MS_SILENT_ON, ... (ms.h) */
    bool changed;   /* the actions may have changed p's entries (pointers to them are stale) */
} msact_verdict;

/* The verdict of an event no spec changes: a plain trace message. */
#define MSACT_PLAIN ((msact_verdict){.send = true, .extra = THE_NON_VALUE, .flags = 0, .changed = false})

/* Runs `prog` (NULL: no spec, every event traced) for session's event in
 * p on `args` (a call's arguments, [To, Msg], [Node, Sender, Msg]) with
 * the actions acting on p for real; results on h. False when no clause
 * matched (nothing is traced, no action ran); else *out says what to do.
 * When out->changed, the actions may have changed p's entries: look them up
 * again. msact_run_prog is its part for a spec. */
bool msact_run_prog(const ms_prog *prog, process *p, uint32_t session, heap_t *h, const term_t *args,
                    unsigned nargs, msact_verdict *out);
static inline bool msact_run(const ms_prog *prog, process *p, uint32_t session, heap_t *h, const term_t *args,
                             unsigned nargs, msact_verdict *out)
{
    if (!prog) { /* no spec (true): the common case, inline */
        *out = MSACT_PLAIN;
        return true;
    }
    return msact_run_prog(prog, p, session, h, args, nargs, out);
}

/* ---- function patterns (bp.c) -------------------------------------------------- */

/* Kinds of function pattern of one session on one function. */
enum {
    BPK_GLOBAL = 1u << 0,
    BPK_LOCAL = 1u << 1,
    BPK_META = 1u << 2,
    BPK_COUNT = 1u << 3,
    BPK_TIME = 1u << 4,
    BPK_MEMORY = 1u << 5,
};

/* The settings of one session on one function, in one generation of its
 * breakpoint record (immutable once published). */
typedef struct bp_setting {
    uint32_t session;
    uint32_t kinds;      /* BPK_* */
    struct bp_spec *ms;  /* call trace match spec (bp.c), or NULL (true) */
    /* meta trace, counters (bp.c; shared by the generations that have
     * them, with reference counts) */
    uint32_t paused;          /* BPK_COUNT, BPK_TIME, BPK_MEMORY kept but not counting */
    struct bp_spec *meta_ms;  /* meta trace's match spec, or NULL (true) */
    struct bp_meta *meta;     /* meta trace's tracer */
    struct bp_count *count;   /* call_count */
    struct bp_ctr *time;      /* call_time, per process */
    struct bp_ctr *memory;    /* call_memory, per process */
} bp_setting;

typedef struct bp_gen {
    uint32_t n, cap;       /* settings, and room for them */
    _Atomic uint32_t refs; /* records holding it (one generation may serve
                              many records: bp.c shares the settings of a
                              plain call-trace pattern set on fresh ones) */
    bp_setting s[];
} bp_gen;

/* A breakpoint record: the VM's head first (vm/trace.h). */
typedef struct bp_rec {
    trace_bp vm;
    bp_gen *gen[2];
    code_t *at;           /* the patched word */
    const code_t *header; /* the function's header: its MFA */
    export_entry *e;      /* an export entry's record: the entry */
    term_t module;        /* whose code it is in */
    bool installed;       /* the breakpoint word is written */
    struct bp_rec *next, *prev; /* every record, under code_mod_lock */
    uint64_t stage_epoch;       /* the staging list it is in (bp.c) */
    struct bp_rec *stage_next;  /* the next record of that list */
} bp_rec;

/* Sets (enable) or clears kind `kind` (BPK_GLOBAL or BPK_LOCAL) of
 * session's patterns on every loaded function matching m:f/arity ('_'
 * wildcards; arity -1 for any), with the compiled call match spec `prog`
 * (NULL for true; taken over: bp_set frees it when no pattern keeps it).
 * Returns how many functions matched. `caller` (NULL off the schedulers)
 * is parked while the change waits for thread progress. */
int bp_set(process *caller, uint32_t session, term_t m, term_t f, int arity, uint32_t kind, bool enable,
           ms_prog *prog);

/* What trace_info({M,F,A}, Item) reports of session's patterns on one
 * function: traced (global, local, false, or undefined when there is no
 * such function) and the call match spec (a copy on h; [] for true). */
typedef struct bp_info {
    term_t traced;
    term_t match_spec;
} bp_info;
void bp_get_info(uint32_t session, term_t m, term_t f, unsigned arity, heap_t *h, bp_info *out);

/* erlang:trace_info/2 of a function ({M, F, A}), send, 'receive' or
 * on_load for p, of session's patterns (bif_pattern.c): the result on p's
 * heap, or a raise. */
term_t bif_pattern_info(process *p, uint32_t session, term_t what, term_t item);
/* erlang:trace_pattern/3 and trace:function/4, send/3, recv/3 on
 * session (bif_pattern.c): mfa {M, F, A}, send or 'receive'. */
term_t bif_pattern_set(process *p, uint32_t session, term_t mfa, term_t spec, term_t flags);
/* erlang:trace/3 and trace:process/4 on session (bif_trace.c): for a
 * session other than 0, session_tracer is the tracer and a tracer flag is
 * badarg. */
term_t bif_trace_processes(process *p, uint32_t session, term_t session_tracer, term_t spec, term_t how,
                           term_t flag_list);
/* erlang:trace_info/2 and trace:info/3 on session. */
term_t bif_trace_info(process *p, uint32_t session, term_t what, term_t item);

/* ---- meta trace, call counters, on_load (bp.c; the patterns task) ----------- */

#define BPK_ALL (BPK_GLOBAL | BPK_LOCAL | BPK_META | BPK_COUNT | BPK_TIME | BPK_MEMORY)
/* What a trace_pattern call does to the kinds it names: false, true (or a
 * match spec), restart, pause (OTP's erts_break_op). */
typedef enum bp_op { BP_OFF, BP_ON, BP_RESTART, BP_PAUSE } bp_op;
/* One trace_pattern call's request: `kinds` is BPK_GLOBAL alone or any of
 * the others; `prog` the compiled match spec (NULL for true; taken over),
 * used by global, local and meta; `meta_tracer` the tracer of meta. */
typedef struct bp_request {
    uint32_t kinds;
    bp_op op;
    ms_prog *prog;
    term_t meta_tracer;
} bp_request;
/* erlang:trace_pattern(MFA, ...) on m:f/arity ('_' wildcards; arity -1
 * for any, out of 0..255 for none) with OTP's semantics (global excludes
 * the others and the reverse; restart and pause on counters); how many
 * functions matched. `caller` as for bp_set. */
int bp_set_request(process *caller, uint32_t session, term_t m, term_t f, int arity, bp_request *rq);
/* erlang:trace_pattern(on_load, ...): the pattern set on every function
 * of each module loaded from now on. */
void bp_set_on_load(uint32_t session, bp_request *rq);
/* erlang:trace_info({M, F, A}, Item) and trace_info(on_load, Item)'s
 * value for session (on h); THE_NON_VALUE when Item is badarg. */
term_t bp_function_item(uint32_t session, term_t m, term_t f, int64_t arity, term_t item, heap_t *h);
term_t bp_on_load_item(uint32_t session, term_t item, heap_t *h);
/* Removes every function pattern and the on_load pattern of session. */
void bp_clear_session(process *caller, uint32_t session);
/* Installs bp.c's trace hooks (frames of meta trace and call_time/
 * call_memory, slices, collections, process free); after tev_init. */
void bp_init(void);

/* The call hook: runs the settings of generation `gen` of bp for p. */
void bp_call(process *p, const code_t *entry, const trace_bp *bp, unsigned gen);
/* The `loaded` hook: drops every pattern on the module's previous code. */
void bp_loaded(const module_code *mc);

#endif
