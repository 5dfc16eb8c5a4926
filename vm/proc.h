/* proc.h: Erlang processes: identity, heap, register stack and call frames,
 * mailbox, links, monitors, and the state word that schedulers and senders
 * share. Ownership: a process belongs to the scheduler thread running it;
 * other threads touch only its incoming queue (under `inq_lock`) and its
 * state word (atomically). Terms of a process live on its own heap; nothing
 * outside the process keeps a pointer into that heap. */
#ifndef VM_PROC_H
#define VM_PROC_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "gc.h"
#include "heap.h"
#include "spinlock.h"
#include "term.h"

typedef struct bif_entry bif_entry; /* vm/bif.h */

/* One word of threaded code: an instruction's handler address or an
 * operand (vm/code.h). */
typedef uintptr_t code_t;

/* Terms a VM operation keeps in a local array before it allocates. */
#define PROC_SCRATCH 64

typedef struct process process;
typedef struct export_entry export_entry; /* vm/code.h */

/* A message in a mailbox. The message's term lives in `frag` (nothing when
 * it is immediate); when a receive removes the message, `frag` joins the
 * receiver's heap as a heap fragment. */
typedef enum message_kind {
    MSG_MESSAGE, /* an ordinary message */
    SIG_EXIT,    /* exit signal: term is the reason, from the sender */
    SIG_LINK,
    SIG_UNLINK,
    SIG_MONITOR, /* from monitors us: ref ids in `ref` */
    SIG_DEMONITOR,
    SIG_DOWN,  /* a process we monitor (`from`, by `name` when not NIL) ended:
                  term is the reason, ref the monitor's ids */
    SIG_ALIAS, /* a message sent to one of our aliases: term is the message,
                  ref the alias's ids */
} message_kind;

typedef struct message {
    struct message *next;
    term_t term;
    heap_t frag;
    message_kind kind;
    term_t from;     /* signals: the sending pid */
    uint32_t ref[3]; /* monitor signals */
    term_t name;     /* monitor by name */
    /* The sender's seq_trace token (vm/seqtrace.h): a 5-tuple in frag,
     * NIL for a message sent without one (receiving it clears the
     * receiver's), THE_NON_VALUE for messages no process sent with `!`
     * (signals, timers, trace messages), which leave it alone. */
    term_t token;
    uint32_t token_epoch; /* seq_trace_epoch when it was sent */
} message;

/* A call frame: where to continue when the callee returns. Frames live in
 * their own array, beside the register stack, so the GC never sees them.
 * `regs` points into the register stack (a return restores it without
 * arithmetic); proc_grow_stack moves every frame's pointer with it. */
typedef struct call_frame {
    const code_t *pc;  /* continuation: the instruction after the call */
    term_t *regs;      /* the caller's registers: p->stack + its base */
    uint32_t dst;      /* the caller's register that receives the result */
} call_frame;

/* An active try/catch: where an exception unwinds to. */
typedef struct catch_entry {
    const code_t *handler;
    uint32_t nframes; /* frames to keep */
    uint32_t base;    /* register base of the frame that installed it */
} catch_entry;

/* Exception classes; CLASS_TRAP is not an exception: a BIF that returns
 * THE_NON_VALUE with it succeeded, with its result in `freason`, and asks
 * the interpreter for p->trap (bif_trap in vm/bif.h). */
typedef enum proc_class { CLASS_ERROR, CLASS_EXIT, CLASS_THROW, CLASS_TRAP } proc_class;

/* Process states, bits of `state`. RUNNABLE: in a run queue or running;
 * RUNNING: a scheduler executes it now, or a thread claimed it to read or
 * change it (sched_claim, vm/sched.h); WAITING: blocked in receive;
 * EXITING: finished, its exit is being propagated; FREE: slot reusable.
 * Bit 16 is SCHED_PARKED (vm/sched.h): waiting inside sched_claim. */
enum {
    PS_RUNNABLE = 1u << 0,
    PS_RUNNING = 1u << 1,
    PS_WAITING = 1u << 2,
    PS_EXITING = 1u << 3,
    PS_TIMEOUT = 1u << 4, /* the receive timer fired */
    PS_TRAP_EXIT = 1u << 5,
    PS_TIMER = 1u << 6,   /* a receive timer runs */
    PS_SIGNALS = 1u << 7, /* the incoming queue holds signals */
    PS_INCOMING = 1u << 8, /* the incoming queue holds something */
    PS_NAMED = 1u << 9,    /* was registered once: its exit looks for its name */
    PS_LITERALS = 1u << 10, /* uses a literal area being freed (vm/pterm.c) but
                               was parked when asked: it copies what it uses
                               when its next time slice starts */
};

/* A link, a monitor or an alias, kept in a process's own list (off-heap:
 * references are kept as their id words). ALIAS: an active alias of the
 * process that is no monitor's (alias/0,1, or a monitor's alias that
 * outlived it); a monitor's alias is its MONITOR_OUT entry's `alias`. */
typedef enum link_kind { LINK, MONITOR_OUT, MONITOR_IN, ALIAS } link_kind;

/* When an alias stops working, besides unalias/1 (erlang:alias/1 and
 * monitor/3's options): ALIAS_NONE, no alias; EXPLICIT, only by unalias/1;
 * REPLY, at the first message that arrives through it; DEMONITOR, when
 * its monitor goes (demonitor/1,2 or the 'DOWN' message); REPLY_DEMONITOR,
 * either, and the first message through it removes the monitor too. */
typedef enum alias_mode {
    ALIAS_NONE,
    ALIAS_EXPLICIT,
    ALIAS_REPLY,
    ALIAS_DEMONITOR,
    ALIAS_REPLY_DEMONITOR,
} alias_mode;

/* A monitor's tag ({tag, T}: its 'DOWN' message is {T, Ref, ...}), kept
 * off the heap with its own. */
typedef struct monitor_tag {
    heap_t heap;
    term_t term;
} monitor_tag;

typedef struct proc_link {
    struct proc_link *next;
    struct proc_link **pprev; /* the `next` (or list head) that points here */
    term_t other;     /* the other process's pid */
    term_t name;      /* monitors by registered name: the name; else NIL */
    uint32_t ref[3];  /* monitors and aliases: the reference's ids */
    link_kind kind;   /* MONITOR_OUT: we monitor `other`; IN: it monitors us */
    alias_mode alias; /* MONITOR_OUT: the monitor's alias; ALIAS: its mode */
    monitor_tag *tag; /* MONITOR_OUT with a tag, else NULL */
} proc_link;

struct process {
    term_t pid;
    _Atomic uint32_t state;

    /* scheduling (vm/sched.c); after its exit, the link of its thread's
     * list of processes waiting to be freed (vm/proc.c) */
    process *rq_next;
    int sched_id;      /* run queue the process belongs to */
    int32_t reds;      /* reductions left in this time slice */
    uint64_t reds_total;
    uint64_t timer_seq; /* the running receive timer's handle (sched_timer_receive), 0 when none */

    /* execution (vm/interp.c) */
    const code_t *pc; /* where to resume */
    uint32_t base;    /* register base of the running frame */
    term_t *stack;    /* registers of every frame, from 0 up */
    uint32_t stack_words;
    uint32_t stack_top; /* words of `stack` the GC scans (the interpreter
                           keeps it in a local and writes it here when it
                           saves its state: before any call out) */
    call_frame *frames;
    uint32_t nframes, frames_cap;
    catch_entry *catches;
    uint32_t ncatches, catches_cap;

    /* heap: `heap` is the young generation, its first block the young heap
     * and later blocks heap fragments; the rest of the GC's state is in
     * `gc` (vm/gc.h). */
    heap_t heap;
    gc_state gc;

    /* the current exception */
    proc_class fclass;
    term_t freason;
    term_t fstack; /* stack trace term, built lazily */
    term_t finfo;  /* an error_info map for the trace's first code frame,
                      or THE_NON_VALUE; taken when the trace is built */

    /* mailbox: senders append to the incoming queue under inq_lock; the
     * owner moves it to the private queue, where receive matches. */
    spinlock inq_lock;
    message *inq, **inq_tail;
    message *msgq, **msgq_tail;
    message **save; /* receive's position in msgq */
    uint32_t msgq_len;

    proc_link *links;
    /* every entry of `links` but LINKs, by its reference ids: open
     * addressing, at most half full (vm/proc.c, "The index of
     * references"); NULL until the first */
    proc_link **ref_index;
    uint32_t ref_cap, ref_n;
    term_t registered_name; /* atom or NIL */
    term_t group_leader;
    term_t dict;  /* process dictionary: a list of {Key, Value} */
    term_t exit_reason;
    proc_class exit_class; /* how it died when an exception ended it (an
                              uncaught throw: error, {nocatch, Ball}) */
    term_t result;         /* the value the initial call returned */
    int trap;              /* bif_trap_kind of a CLASS_TRAP (vm/bif.h) */
    bool bif_retry;        /* TRAP_RETRY asked; the BIF runs again */
    code_t retry_code[2];  /* where a TRAP_RETRY resumes: bif_stub B */

    term_t priority;        /* low | normal | high | max (not acted on) */
    term_t initial_call[3]; /* M, F, A */
    term_t parent;          /* the spawner's pid; <0.0.0> when started
                               from outside, as erl's init for -eval */
    bool mq_off_heap;       /* message_queue_data off_heap: shown and kept,
                               not acted on (messages always arrive in
                               fragments of their own here) */

    /* seq_trace's token (vm/seqtrace.h), held as fields: valid while
     * seq_on and seq_epoch is seq_trace_epoch (reset_seq_trace moves it
     * on); seq_clock and seq_prev are OTP's curr_cnt and prev_cnt */
    bool seq_on;
    uint32_t seq_flags;
    uint32_t seq_epoch;
    term_t seq_label; /* NIL when off: a root */
    term_t seq_sender;
    int64_t seq_serial, seq_lastcnt;
    int64_t seq_clock, seq_prev;

    /* tracing (vm/trace.h): the flags events are made for (0 when
     * untraced or sensitive), the union of every session's flags on p
     * (proc_set_trace_flags keeps the two), the engine's per-process
     * state, and the records of return-trace frames, innermost last */
    uint32_t trace_flags;
    uint32_t trace_flags_set;
    bool sensitive; /* process_flag(sensitive, true): no trace events of
                       any kind, its queue and dictionary not shown */
    bool untraced; /* the shell's own worker: the trace engine never gives
                      it flags (set at spawn, never changed) */
    bool reporter; /* logs one of the emulator's reports (SPAWN_REPORT):
                      its end is counted (report_exit) */
    void *trace;
    struct trace_frame *tframes;
    uint32_t ntframes, tframes_cap;

    /* ets tables it owns (vm/ets.c): its exit looks for them when not 0 */
    _Atomic uint32_t ets_tables;
    /* the persistent term table it read last (vm/pterm.c), 0 for none:
     * it can refer to no entry stored later */
    uint64_t pterm_epoch;
};

/* Knobs: the table holds at most PROC_TABLE_SIZE processes (OTP's default
 * process limit); stacks start at PROC_MIN_STACK_WORDS words; heaps at
 * PROC_MIN_HEAP_WORDS (OTP's min_heap_size). */
#define PROC_TABLE_SIZE (1u << 18)
#define PROC_MIN_STACK_WORDS 64u
#define PROC_MIN_FRAMES 8u
#define PROC_CALL_SLACK 64u
#define PROC_MIN_HEAP_WORDS 233u

/* SPAWN_UNTRACED: the new process is one of the shell's own workers
 * (process.untraced); its children are too. SPAWN_REPORT: it logs one of
 * the emulator's reports (vm/report.h; process.reporter). */
enum { SPAWN_LINK = 1, SPAWN_MONITOR = 2, SPAWN_UNTRACED = 4, SPAWN_REPORT = 8 };

typedef void (*proc_exit_hook)(process *p);

/* The group leader of processes started from outside: the `user` io
 * server, pid <0.0.0>, which has no process of its own; io BIFs write what
 * is sent to it on the VM's output (vm_write). */
static inline term_t proc_user_pid(void) { return term_local_pid(0, 0); }

/* Sets p's trace flags to `all`, the union of its sessions' flags (the
 * trace engine does, when they change): events are made for them unless
 * p is sensitive, when they stay set and nothing is traced, as OTP. */
static inline void proc_set_trace_flags(process *p, uint32_t all)
{
    p->trace_flags_set = all;
    p->trace_flags = p->sensitive ? 0 : all;
}

/* The process table; `hook` runs for every process that exits, on the
 * thread that ran it, before it leaves the table. */
void proc_table_init(proc_exit_hook hook);
uint32_t proc_count(void);
/* The live process with this pid, or NULL. Safe on a scheduler thread until
 * its next safe point (processes are freed after thread progress). */
process *proc_lookup(term_t pid);
/* What spawn_opt sets on a new process besides links and monitors: its
 * collector's options and its priority. */
typedef struct proc_opts {
    gc_opts gc;
    term_t priority;
    bool mq_off_heap; /* {message_queue_data, off_heap} */
} proc_opts;
/* The options of a plain spawn: the system's (gc_system_opts), priority
 * normal, message_queue_data on_heap. */
void proc_default_opts(proc_opts *out);

/* Spawns module:function(args...) (args a proper list, copied) with the
 * options po (NULL: proc_default_opts); links or monitors the parent as
 * `opts` asks (mref: the monitor's reference ids). THE_NON_VALUE when the
 * process table is full (system_limit). */
term_t proc_spawn(process *parent, term_t module, term_t function, term_t args, unsigned opts,
                  const proc_opts *po, uint32_t mref[3]);
/* proc_spawn(parent, erlang, apply, [Fun, []], ...) without building the
 * argument list: fun is a fun of arity 0 (or an export), copied. */
term_t proc_spawn_fun(process *parent, term_t fun, unsigned opts, const proc_opts *po, uint32_t mref[3]);

/* Bytes p holds, as allocated (vm/alloc.h): its struct, stacks, heaps,
 * messages and links; process_info(P, memory). p is the caller's own or
 * claimed (vm/sched.h). */
size_t proc_memory(process *p);

/* Grows p's register stack to hold at least `words` registers (and
 * PROC_CALL_SLACK more); it moves, and the first p->nframes call frames,
 * which point into it, move with it: p->nframes must be current. */
void proc_grow_stack(process *p, uint32_t words);
void proc_grow_frames(process *p);
void proc_grow_catches(process *p);
/* Collects p's heap with every root of p (registers up to stack_top);
 * may move every term of p; then clears the dead registers above
 * stack_top (vm/proc.c says why). */
void proc_gc(process *p, size_t need, bool major);
/* Makes p hold nothing in [area, area + words), a literal area that is
 * about to be freed (vm/pterm.c): what copy_term built in one block
 * (walkable, pointing nowhere outside itself but at the off-heap data of
 * the handles on `offheap`). When p's roots reach into it, p is collected,
 * the area is copied onto p's heap as a heap fragment (its handles taking
 * counts of their own) with p's pointers moved to the copy, and p is
 * collected again, keeping what it uses of it, sharing included: OTP's
 * literal area collection. Returns whether p reached the area. p is the
 * caller's own at a safe point (a BIF called through bif_stub that holds
 * no term of p's heap afterwards) or claimed and not parked (vm/sched.h),
 * or parked where it holds no term of its heap either. */
bool proc_copy_literal_area(process *p, const term_t *area, size_t words, const offheap_hdr *offheap);
/* Whether p's roots (its registers, those a caller's frame may still
 * reach above stack_top included, dictionary, exception, results) reach
 * into [area, area + words) through its heap; reads only, so p may be
 * any process whose state is saved: the caller's own, claimed, parked. */
bool proc_reaches(process *p, const term_t *area, size_t words);
/* OTP's max_heap_size, checked as p is about to collect (a no-op for a
 * process without a limit): when its heap and stack (process_info's
 * total_heap_size plus stack_size) are over p->gc.max_heap, reports it
 * (gc_max_heap_size to the trace engine when p has TF_GC; the error
 * logger's report, report_max_heap, when the limit says log) and
 * returns true when the limit says kill: p must then exit with reason
 * killed instead of collecting. */
bool proc_over_max_heap(process *p);

/* What the error logger's report of a process over its max_heap_size
 * tells (vm/report.h: report_max_heap). */
typedef struct proc_heap_report {
    term_t pid, gl;
    gc_max_heap limit;
    uint64_t total; /* the words counted against limit.words */
    uint32_t msgq_len;
    gc_info info; /* p's numbers (wordsize 0) */
} proc_heap_report;
/* The text of process_info(Q, backtrace) (vm_set_backtrace), or NULL. */
extern term_t (*proc_backtrace_fn)(heap_t *h, const process *q);

/* Adds a link, monitor or alias entry to p's list (a link only once) and
 * returns it. */
proc_link *proc_add_link(process *p, link_kind kind, term_t other, term_t name, const uint32_t ref[3]);
bool proc_remove_link(process *p, link_kind kind, term_t other, const uint32_t ref[3]);
/* Gives p's monitor l (a MONITOR_OUT entry) an alias and a tag (NIL:
 * none, its 'DOWN' message is 'DOWN'), as monitor/3's options ask. */
void proc_set_monitor_opts(proc_link *l, alias_mode alias, term_t tag);
/* p's monitor with reference ids (MONITOR_OUT), or NULL. */
proc_link *proc_find_monitor(process *p, const uint32_t ids[3]);
/* Removes p's monitor l (a MONITOR_OUT entry of p) as demonitor does: an
 * alias that outlives it (EXPLICIT) stays as an ALIAS entry. The target
 * is not told (the caller sends SIG_DEMONITOR when it must). */
void proc_drop_monitor(process *p, proc_link *l);
/* An active alias of p with reference ids: an ALIAS entry, or a monitor
 * with an alias; NULL when none. */
proc_link *proc_find_alias(process *p, const uint32_t ids[3]);
/* Deactivates alias l of p (unalias/1): an ALIAS entry goes, a monitor
 * keeps monitoring without its alias. */
void proc_unalias(process *p, proc_link *l);

/* p ! msg, as erlang:send/2 (to a pid, a registered name, or {Name, Node});
 * false with badarg recorded on p for an unregistered name. */
bool proc_send(process *p, term_t to, term_t msg);
/* Delivers a copy of msg to the process `to` if it lives. Any thread. */
void proc_deliver(term_t to, term_t from, term_t msg);
/* Sends a signal (exit, link, unlink, monitor, demonitor); false when the
 * target is gone. */
bool proc_signal(term_t to, message_kind kind, term_t from, term_t reason, const uint32_t ref[3], term_t name);
/* An exit signal from `from` that carries no seq_trace token (exit/2's, a
 * port's): the {'EXIT', From, Reason} a trapping receiver makes of it
 * clears the receiver's token, as OTP's does. `by_link`: the signal comes
 * through a link, which the receiver drops. False when `to` is gone. */
bool proc_exit_signal(term_t to, term_t from, term_t reason, bool by_link);

/* Receive support for the interpreter. fetch_incoming moves the incoming
 * queue to the message queue, handling signals (-1: p must die now).
 * wait: 1 a message is there, 2 timed out, 0 p now waits (the caller ends
 * its slice), -1 p must die. */
int proc_fetch_incoming(process *p);
void proc_remove_message(process *p);
int proc_wait(process *p, int64_t ms);
/* A receive's timeout as proc_wait takes it: ms, or -1 for infinity; false
 * for a bad value (the receive raises timeout_value). */
bool proc_timeout_ms(term_t t, int64_t *ms);
/* Adds the reductions of the slice so far to p's total and starts the
 * count again (the scheduler at the end of a slice; proc_wait before p
 * can be woken). */
void proc_count_reductions(process *p);
void proc_timeout_done(process *p);
/* A receive timer of p with sequence `seq` expired (timer thread). */
void proc_timer_fired(term_t pid, uint64_t seq);

/* Removes the message *mp from p's message queue, as a receive does: its
 * heap joins p's heap, where the next collection frees what nothing
 * points to (a register may still point into it: vm/proc.c says why). */
void proc_drop_message(process *p, message **mp);

/* Fresh reference ids, unique in this VM run (any thread). */
void proc_new_ref(uint32_t ids[3]);
/* Fresh reference ids for an alias of p: unique as proc_new_ref's, and
 * a send to the reference finds p's slot of the process table from them
 * (p decides, when the message arrives, whether the alias is active). */
void proc_new_alias_ref(const process *p, uint32_t ids[3]);
/* What an incoming signal m of q will be once q handles it: the message
 * q will receive, built on h (only told, as any term but THE_NON_VALUE,
 * when h is NULL), or THE_NON_VALUE when it will be no message. q is the
 * caller's own or claimed (vm/sched.h); q's inq_lock is held. */
term_t proc_pending_message(process *q, const message *m, heap_t *h);
/* Lists on h: every live pid (in pid order), every registered name. */
term_t proc_all_pids(heap_t *h);
term_t proc_registered(heap_t *h);

term_t proc_whereis(term_t name);
bool proc_register(process *p, term_t name);
bool proc_unregister(term_t name);

/* Propagates p's exit (p->exit_reason) to links and monitors, unregisters
 * it, reports out_exited (before the links and monitors hear of it), and
 * frees it after thread progress. Called by its scheduler: p stays
 * valid until the thread's next safe point, and is freed later, with the
 * thread's other exited processes, once proc_flush_exits hands them over. */
void proc_exit(process *p);
/* Hands this thread's exited processes to thread progress to be freed
 * (vm/progress.h), in one batch: when `all`, all of them; else only when
 * the batch is old enough (PROC_EXIT_BATCH slices since its first) that
 * memory should not wait longer. The scheduler calls it between slices,
 * with `all` before it sleeps or stops. Any thread; cheap when empty. */
#define PROC_EXIT_BATCH 64
void proc_flush_exits(bool all);
/* Gives the calling thread caches of the parts of dead processes (shells:
 * vm/proc.c; young heaps: vm/heap.c) that its spawns reuse (on: a
 * scheduler thread that starts), or frees what they hold and ends them
 * (off: before it stops). Threads have none by default. */
void proc_use_caches(bool on);

/* The stack trace term of an exception raised at pc: [{M,F,ArityOrArgs,
 * Location}...], OTP's shape (vm/code.c). */
term_t proc_stacktrace(process *p, const code_t *pc, const term_t *args, unsigned nargs, const bif_entry *bif,
                       const export_entry *undef);
/* process_info(Q, current_stacktrace) on h: the frames of q's function at
 * its saved pc and of its callers, as a stack trace shows them, up to the
 * backtrace depth. q is the caller's own or claimed. */
term_t proc_current_stacktrace(heap_t *h, const process *q);
/* A frame of process_info(Q, backtrace): where it is kept, the code
 * address it runs at (the innermost) or returns to (its callers), the
 * header of the function around that address (NULL when it is in none:
 * an export stub, return_trace's frame), and the frame's registers. */
typedef struct proc_bt_frame {
    const void *at; /* the frame's own address: its call frame for a
                       caller, NULL for the running function */
    const code_t *pc;
    const code_t *header;
    const term_t *regs;
    uint32_t nregs;
} proc_bt_frame;
/* Calls fn on each frame of q, innermost first: the running function at
 * its saved pc, then every caller, down to the process's first; stops
 * when fn returns false. A frame's registers are its window's: for a
 * caller those below its call's arguments, live or not; the frame of a
 * return_trace (no function, no registers) comes before its caller's.
 * q is the caller's own or claimed. */
void proc_backtrace_walk(const process *q, bool (*fn)(void *ctx, const proc_bt_frame *f), void *ctx);
/* erlang:system_flag(backtrace_depth, N): the most frames a stack trace
 * keeps from now on, OTP's default 8, at most PROC_BACKTRACE_MAX (a
 * larger N is that); the first frame is kept even at 0. Returns the old
 * depth. Any thread. */
#define PROC_BACKTRACE_MAX 64
unsigned proc_set_backtrace_depth(uint64_t n);

#endif
