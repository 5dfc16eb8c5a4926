/* trace.h: the VM's side of tracing (DESIGN.md: layers, mechanisms 1-3).
 * The VM has trace points; each tests a bit of p->trace_flags inline and,
 * only when it is set, calls through `trace_hooks`, which the trace engine
 * (dbgcore/) fills in before vm_start. An untraced process pays one
 * predictable branch per trace point. Breakpoints: the record head the
 * interpreter reads, the active generation, and the words the engine
 * patches (a function's entry, an export entry's stub). Return-trace
 * frames: call frames that return to a trace instruction, with their
 * records in p->tframes. docs/internals/breakpoints.md has the sequence. */
#ifndef VM_TRACE_H
#define VM_TRACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "code.h"
#include "gc.h"
#include "proc.h"
#include "term.h"

/* Process trace flags. p->trace_flags is the union of the flags every
 * session has set on p (the engine keeps the per-session sets); the VM
 * tests these bits at its trace points. */
enum trace_flag {
    TF_SEND = 1u << 0,
    TF_RECEIVE = 1u << 1,
    TF_PROCS = 1u << 2,
    TF_CALL = 1u << 3,
    TF_RETURN_TO = 1u << 4,
    TF_SILENT = 1u << 5,
    TF_ARITY = 1u << 6,
    TF_RUNNING = 1u << 7,
    TF_EXITING = 1u << 8,
    TF_GC = 1u << 9,
    TF_RUNNING_PROCS = 1u << 10,
    TF_SOS = 1u << 11,  /* set_on_spawn */
    TF_SOFS = 1u << 12, /* set_on_first_spawn */
    TF_SOL = 1u << 13,  /* set_on_link */
    TF_SOFL = 1u << 14, /* set_on_first_link */
    TF_TIMESTAMP = 1u << 15,
    TF_CPU_TIMESTAMP = 1u << 16,
    TF_MONOTONIC = 1u << 17,
    TF_STRICT_MONOTONIC = 1u << 18,
    TF_PORTS = 1u << 19,
    TF_RUNNING_PORTS = 1u << 20,
    TF_SCHEDULER_ID = 1u << 21,
};

/* ---- breakpoints -------------------------------------------------------- */

/* The head of a breakpoint record, as the interpreter reads it. The engine
 * embeds it first in its own record. `flags[g]` says what generation g of
 * the record does: TBP_CALL, call trace for processes with TF_CALL set;
 * TBP_EVERY, work for every process (meta trace, counters). 0: nothing
 * (the breakpoint then only runs `orig`). */
typedef struct trace_bp {
    code_t orig; /* the instruction word the breakpoint replaced */
    uint32_t flags[2];
} trace_bp;
enum { TBP_CALL = 1u << 0, TBP_EVERY = 1u << 1 };

/* The generation of breakpoint data running code reads: 0 or 1. The
 * engine flips it (between thread-progress waits); readers load it
 * relaxed, as ERTS's erts_active_bp_index. */
extern _Atomic unsigned trace_bp_active;

/* The instruction word of OP_breakpoint (vm/opcodes.def). */
code_t trace_breakpoint_word(void);
/* The instruction word of OP_jump, the original instruction of an export
 * stub that leads to a function's code (trace_export_stub). */
code_t trace_jump_word(void);

/* Writes one instruction word of loaded code (a function's entry word, an
 * export stub's first word) as one atomic store: running code sees the
 * old or the new word, never a mix. A release store: what the writer
 * stored before (a breakpoint record's flags) is visible to a thread that
 * sees the new word. Under the engine's code modification permission
 * (code_mod_lock). */
static inline void trace_patch_word(code_t *at, code_t word) { __atomic_store_n(at, word, __ATOMIC_RELEASE); }
/* The word at `at` as last written (a relaxed atomic load). Both inline: a
 * pattern on every function reads and writes a few words per function. */
static inline code_t trace_read_word(const code_t *at) { return __atomic_load_n(at, __ATOMIC_RELAXED); }

/* An export entry's breakpoint place: e->stub, whose header e->header
 * precedes it, as a function's entry follows its header. For a function
 * with code, trace_export_stub sets stub = [jump, entry] and points e->addr
 * at it (the caller then writes the breakpoint over stub[0]); for a BIF the
 * stub already holds [bif_stub, B] and e->addr points at it. Returns the
 * stub, or NULL when e has no code (an undefined function). Under
 * code_mod_lock. trace_export_unstub points e->addr back at the code. */
code_t *trace_export_stub(export_entry *e);
void trace_export_unstub(export_entry *e);

/* ---- return-trace frames ------------------------------------------------ */

/* Sets up the trace-return instruction; the code server's start-up calls
 * it once the interpreter's words are known. */
void trace_init(void);

/* What a return-trace frame reports when its function returns. */
typedef enum trace_frame_kind {
    TFR_RETURN,    /* return_trace: return_from */
    TFR_EXCEPTION, /* exception_trace: return_from, or exception_from */
    TFR_RETURN_TO, /* the return_to flag: return_to, once per tail-call chain */
    /* The engine's own kinds, reported through frame_return and
     * frame_unwind (the engine reads `data`): */
    TFR_META_RETURN,    /* meta trace's return_trace: return_from to the meta tracer */
    TFR_META_EXCEPTION, /* meta trace's exception_trace */
    TFR_CALL_ACC,       /* call_time/call_memory: the return ends the function's share */
} trace_frame_kind;

/* A return-trace frame's record, in p->tframes. The call frame it marks,
 * p->frames[frame], continues at the trace-return instruction with the
 * register base and destination of the frame below it, so a return
 * stores the value where the real caller expects it. */
typedef struct trace_frame {
    uint32_t frame;        /* index of the marked call frame */
    uint32_t dst;          /* where the returned value is: the frame's register */
    const code_t *header;  /* the traced function's header (its MFA) */
    uint32_t session;      /* the engine's session number */
    trace_frame_kind kind;
    uintptr_t data[2];     /* the engine's, for its own kinds (zero for the others) */
} trace_frame;

/* Pushes a return-trace frame for the function whose header is `header`,
 * for `session`, on p, whose current function has just been entered (at
 * its breakpoint). Called by the engine's call hook, with p's state saved.
 * Returns the frame's record (data zeroed; valid until the next push) for
 * the engine to fill in `data`. */
trace_frame *trace_push_frame(process *p, const code_t *header, uint32_t session, trace_frame_kind kind);
/* Whether the continuation frame `f` of p is a return-trace frame. */
bool trace_is_trace_frame(const call_frame *f);
/* Whether p's current function already returns through a return_to
 * frame: the nearest continuation that is not a return_trace or
 * exception_trace frame is one (return_to is reported once per tail-call
 * chain). */
bool trace_returns_to_traced(const process *p);
/* The topmost call frame of p below the frame count `n` that is not a
 * return-trace frame, or NULL: where the current function returns to, for
 * `caller` and return_to. */
const call_frame *trace_real_frame(const process *p, uint32_t n);

/* Whether the frame p's current function returns to is a return-trace
 * frame (call_time and call_memory push their frame only when it is not,
 * as OTP's breakpoints do). */
bool trace_returns_to_trace_frame(const process *p);
/* Words p has allocated on its heap since its last collection (young heap
 * above the high-water mark and heap fragments): call_memory's clock
 * between collections. */
size_t trace_words_since_gc(const process *p);

/* Nonzero when some session gives flags to new processes (erlang:trace(new,
 * ...)): then every spawn calls the spawn hook, traced parent or not. */
extern _Atomic uint32_t trace_new_flags;

/* Engine work that must wait for a safe point: a thread that cannot do it
 * where it is (inside a collection, while a process is freed) calls
 * trace_want_safe_point(), from any thread; the next scheduler to pass its
 * loop then calls trace_hooks.safe_point(), with no process running on
 * it and no lock held, so the hook may block and wait for thread progress.
 * A scheduler asleep looks within 10 ms. */
extern _Atomic bool trace_safe_point_wanted;
void trace_want_safe_point(void);

/* ---- the hook table ------------------------------------------------------ */

/* How a scheduling event happens (running, running_procs). */
typedef enum trace_sched_event { TRACE_IN, TRACE_OUT, TRACE_IN_EXITING, TRACE_OUT_EXITING, TRACE_OUT_EXITED } trace_sched_event;
/* What a link event is, from p's side. */
typedef enum trace_link_event { TRACE_LINK, TRACE_UNLINK, TRACE_GETTING_LINKED, TRACE_GETTING_UNLINKED } trace_link_event;
/* A collection's events; TRACE_GC_MAX_HEAP_SIZE comes between a start and
 * its end (or the process's exit) when the process is over its
 * max_heap_size (proc_over_max_heap). */
typedef enum trace_gc_event {
    TRACE_GC_MINOR_START,
    TRACE_GC_MAJOR_START,
    TRACE_GC_MINOR_END,
    TRACE_GC_MAJOR_END,
    TRACE_GC_MAX_HEAP_SIZE
} trace_gc_event;
/* What a port is scheduled in and out for (running_ports): the Command of
 * {trace, Port, in | out, Command}, as OTP 25 names its port tasks:
 * open, command (port_command/2,3), control, close (port_close/1),
 * connect, info (port_info/1,2). TRACE_PORT_SIGNAL is OTP's 0: a task
 * with no name, an exit signal from a linked process or a trace message
 * written to a tracer port. */
typedef enum trace_port_op {
    TRACE_PORT_OPEN,
    TRACE_PORT_COMMAND,
    TRACE_PORT_CONTROL,
    TRACE_PORT_CLOSE,
    TRACE_PORT_CONNECT,
    TRACE_PORT_INFO,
    TRACE_PORT_SIGNAL,
} trace_port_op;

/* One operation of a traced port, for its events (port_ran, port_closed):
 * the running_ports Command, and what the send and 'receive' events of
 * the port carry (OTP 25's messages, docs/internals/ports.md). Every term
 * is borrowed for the hook's call. */
typedef struct trace_port_run {
    trace_port_op op;
    /* Who asked: a pid (the caller of port_command/port_control/
     * port_connect/port_close, or the linked process whose exit signal
     * the port got); NIL for the runtime's own calls and for trace
     * messages written to a tracer port. */
    term_t caller;
    term_t linked; /* connect: the pid the port linked to now, else NIL */
    /* command: the data as given (iodata) or the trace message (a tuple);
     * connect: the new connected pid; else THE_NON_VALUE. */
    term_t data;
    /* control: its operation and data; `reply` the driver's reply, or
     * THE_NON_VALUE when the control was refused. */
    unsigned ctl_op;
    const uint8_t *ctl_bytes;
    size_t ctl_len;
    term_t reply;
    bool iovec; /* the driver's port_driver.iovec */
} trace_port_run;

/* Every hook runs on the thread that runs p (p's state saved: p->pc,
 * p->base, p->nframes are current), must not run p's GC, and may allocate
 * on p's heap. The table starts with hooks that do nothing. */
typedef struct trace_hook_table {
    /* A breakpoint hit: `entry` is the patched word (a function's entry or
     * an export stub), bp its record, gen the generation read. The
     * arguments are p->stack[p->base ..+ arity). May push return-trace
     * frames. */
    void (*call)(process *p, const code_t *entry, const trace_bp *bp, unsigned gen);
    /* A return-trace frame was returned through with `value` (tf popped). */
    void (*return_from)(process *p, const trace_frame *tf, term_t value);
    /* A return_to frame (tf, popped) was left: by a return into the code
     * at `to`, or by an exception caught by the handler at `to`. `to` is
     * NULL when nothing is below (the process's first function). */
    void (*return_to)(process *p, const trace_frame *tf, const code_t *to);
    /* An exception of class cls and reason unwinds through tf (popped). */
    void (*exception_from)(process *p, const trace_frame *tf, proc_class cls, term_t reason);
    /* p sent msg to `to` (a pid, or the name it was sent to when the
     * name is not registered); `exists` false: nobody got it. */
    void (*send)(process *p, term_t to, term_t msg, bool exists);
    /* msg from `from` entered p's message queue; or p's receive timed
     * out: msg is the atom timeout and from THE_NON_VALUE. */
    void (*receive)(process *p, term_t from, term_t msg);
    /* parent spawned child (which has not run yet) as M:F(Args), linked
     * to it when `linked` (spawn_link); the hook may give child flags
     * (set_on_spawn, set_on_link) and report spawn, spawned and the link. */
    void (*spawn)(process *parent, process *child, term_t m, term_t f, term_t args, bool linked);
    /* p exits with reason. */
    void (*exit)(process *p, term_t reason);
    /* p linked to or unlinked from `other`, or `other` did so to p (p's
     * side of the link signal, in p's context). */
    void (*link)(process *p, term_t other, trace_link_event what);
    /* p got or lost the registered name `name`. */
    void (*reg)(process *p, term_t name, bool unregister);
    void (*sched)(process *p, trace_sched_event what);
    void (*gc)(process *p, trace_gc_event what);
    /* A module version was installed (its previous current version, if
     * any, became old): the engine clears the module's patterns and
     * applies on_load patterns. Under code_mod_lock; any thread. */
    void (*loaded)(const module_code *mc);
    /* p's memory is about to be freed: free p->trace. */
    void (*free)(process *p);
    /* Frames of the engine's own kinds (TFR_META_RETURN and after): tf
     * (popped) was returned through with `value`, or an exception of class
     * cls and reason unwinds through it; cls CLASS_TRAP: the frame went
     * with the whole stack, neither returned nor unwound
     * (erlang:hibernate/3). */
    void (*frame_return)(process *p, const trace_frame *tf, term_t value);
    void (*frame_unwind)(process *p, const trace_frame *tf, proc_class cls, term_t reason);
    /* A time slice of p begins (`in`) or ends, for a process with TF_CALL
     * when the slice began (call_time counts only time p runs). */
    void (*slice)(process *p, bool in);
    /* p, with TF_CALL, is about to be collected (call_memory reads
     * trace_words_since_gc first). */
    void (*collect)(process *p);
    /* Work asked for with trace_want_safe_point(), on a scheduler thread
     * between time slices. */
    void (*safe_point)(void);

    /* Ports (vm/port.c). A port's trace points test its trace flags
     * (port_trace_with, vm/port.h) and call these on whichever thread
     * used the port, with no port locked, after the operation: a port's
     * events never nest in its driver's calls. Each may deliver events
     * to any tracer; the engine delivers one call's events together. */
    /* `owner` opened `port` (its driver's name as an atom: `driver`)
     * while port_new_trace_flags was nonzero: the engine gives the port
     * the flags of new_ports and reports open (ports), in open and out
     * open (running_ports), and getting_linked Owner (ports). On owner's
     * thread, before the port is used. */
    void (*port_open)(term_t port, process *owner, term_t driver);
    /* `port`, with TF_RUNNING_PORTS, TF_PORTS, TF_RECEIVE or TF_SEND,
     * ran run->op: the engine reports in (running_ports), getting_linked
     * run->linked when that is a pid (ports: port_connect linked it), what
     * the port received and sent ('receive', send), then out
     * (running_ports). */
    void (*port_ran)(term_t port, const trace_port_run *run);
    /* `port` closed with `reason` (borrowed) while it had trace state
     * `trace` (non-NULL), which is handed over: the engine reports in for
     * run->op (running_ports; no out follows, as in OTP), what the port
     * received ('receive') and closed (ports) to the tracers the state
     * names, then frees it. Called before the port's links get its exit
     * signal. */
    void (*port_closed)(term_t port, void *trace, const trace_port_run *run, term_t reason);

    /* Sequential tracing (vm/seqtrace.h). p's token, whose flags are
     * `flags` (SEQ_*), made the event `info` ({send, ...}, {'receive',
     * ...} or {print, ...}, built in the caller's frame: borrowed) with
     * label `label`: the engine sends {seq_trace, Label, Info} (with the
     * timestamp the flags ask for) to the system sequential tracer, if
     * there is one. In p's context. */
    void (*seq_trace)(process *p, term_t label, term_t info, uint32_t flags);
    /* The system sequential tracer: the current one (a pid, a port,
     * {Module, State} or false) built on h; when `set` is not
     * THE_NON_VALUE, `set` becomes the tracer (THE_NON_VALUE returned,
     * nothing changed, when it is no tracer). */
    term_t (*seq_tracer)(heap_t *h, term_t set);
} trace_hook_table;

extern trace_hook_table trace_hooks;

#endif
