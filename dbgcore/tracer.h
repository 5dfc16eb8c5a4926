/* tracer.h: tracer modules written in C, with the contract of OTP's
 * erl_tracer behaviour. A tracer module decides, in the traced process's
 * context, whether an event is wanted (`enabled`: trace, discard or
 * remove) and then receives it (`trace`). Users select one with
 * erlang:trace(Pids, true, [{tracer, Module, State} | Flags]) or
 * dbg:tracer(module, {Module, State}); Module names a registered
 * tracer_module. docs/internals/tracers.md; docs/examples/erl_msg_tracer.c
 * is a whole one. */
#ifndef DBGCORE_TRACER_H
#define DBGCORE_TRACER_H

#include "vm/vm.h"

/* What `enabled` answers: generate the event, drop it, or drop it and
 * remove the tracer's flags from the traced process. */
typedef enum tracer_answer { TRACER_TRACE, TRACER_DISCARD, TRACER_REMOVE } tracer_answer;

/* The event kinds of enabled_<kind>/trace_<kind>: which trace flag
 * produced the event. */
typedef enum tracer_kind {
    TRACER_KIND_CALL,               /* call, return_from, exception_from, return_to */
    TRACER_KIND_SEND,               /* send, send_to_non_existing_process */
    TRACER_KIND_RECEIVE,            /* 'receive' */
    TRACER_KIND_PROCS,              /* spawn, spawned, exit, link, ..., register */
    TRACER_KIND_PORTS,              /* open, closed, link, ... of ports */
    TRACER_KIND_RUNNING_PROCS,      /* in, out, in_exiting, ... */
    TRACER_KIND_RUNNING_PORTS,      /* in, out of ports */
    TRACER_KIND_GARBAGE_COLLECTION, /* gc_minor_start, ... */
    TRACER_KINDS
} tracer_kind;

/* Answers whether the event `tag` (or trace_status: is the tracer still
 * wanted at all?) of `tracee` should be traced. Runs in the tracee's
 * context at every trace point: it must be fast and have no side effects.
 * `state` is the State given with the tracer (read-only). */
typedef tracer_answer (*tracer_enabled_fn)(term_t tag, term_t state, term_t tracee);
/* Receives one event: `msg` is what OTP's trace message carries after the
 * tag (the MFA of a call, the message sent, ...) and `opts` a map with
 * extra (the second element, as the receiver of a send), match_spec_result
 * ({message, X}'s X), scheduler_id and timestamp (timestamp |
 * cpu_timestamp | monotonic | strict_monotonic: the tracer makes its own)
 * when they apply. Every term is borrowed for the call: copy what you keep
 * (to send a message, proc_deliver copies). Runs in the tracee's context;
 * it must not send to the tracee. */
typedef void (*tracer_trace_fn)(term_t tag, term_t state, term_t tracee, term_t msg, term_t opts);

typedef struct tracer_module {
    const char *name;          /* the module name users give */
    tracer_enabled_fn enabled; /* required */
    tracer_trace_fn trace;     /* required */
    /* Optional per kind (NULL: enabled/trace are used), as erl_tracer's
     * enabled_call/3, trace_call/5, ... */
    tracer_enabled_fn enabled_kind[TRACER_KINDS];
    tracer_trace_fn trace_kind[TRACER_KINDS];
} tracer_module;

/* Makes `mod` available as a tracer module by its name (which must not be
 * registered already); mod must live as long as the VM. Any thread.
 * Returns false when the name is taken or the table is full. */
bool tracer_module_register(const tracer_module *mod);

#endif
