/* seqtrace.h: sequential tracing, OTP's seq_trace
 * (docs/internals/seq-trace.md). A process may carry a token: flags, a
 * label, a serial {Previous, Current} and the pid that last passed it on.
 * Every message a process with a token sends with `!` carries a copy,
 * and the process that receives it takes the token over; a message sent
 * without one clears the receiver's. Sends, receives and
 * seq_trace:print/1,2 advance the serial as OTP's counters do and, when
 * the token's flags ask, become {seq_trace, Label, Info} events for the
 * system sequential tracer, which the trace engine delivers
 * (trace_hooks.seq_trace). */
#ifndef VM_SEQTRACE_H
#define VM_SEQTRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "proc.h"
#include "term.h"

/* The token's flags, numbered as OTP's seq_trace.erl numbers them (the
 * first element of the token tuple). */
enum seq_flag {
    SEQ_SEND = 1u << 0,
    SEQ_RECEIVE = 1u << 1,
    SEQ_PRINT = 1u << 2,
    SEQ_NOW_TIMESTAMP = 1u << 3,
    SEQ_STRICT_MONOTONIC = 1u << 4,
    SEQ_MONOTONIC = 1u << 5,
};

/* A new process's token fields: none. */
void seq_init(process *p);

/* p, about to send msg to `to` (an existing process), with the message's
 * heap h: advances p's serial, reports the send when asked, and returns
 * the token the message carries (built on h), or NIL when p has none. */
term_t seq_send(process *p, term_t to, term_t msg, heap_t *h);

/* p received m (before it leaves the queue): takes its token over, or
 * clears p's when m was sent without one. */
void seq_receive(process *p, const message *m);

/* parent spawned child: the child starts with parent's token, as after
 * a message passed it on. */
void seq_spawn(process *parent, process *child);

/* p's token as OTP shows it, {Flags, Label, Serial, From, LastSerial}
 * built on h, or [] when p has none. */
term_t seq_token_term(const process *p, heap_t *h);

/* Whether p has a token (match specs' {is_seq_trace}). */
bool seq_active(process *p);

/* erlang:seq_trace(Key, Value) for p: the old value, built on h, or
 * THE_NON_VALUE when the key or value is bad. A label is copied to p's
 * heap. */
term_t seq_set(process *p, term_t key, term_t value, heap_t *h);

/* erlang:system_flag(reset_seq_trace, true): every process's token
 * cleared and its counters zeroed, also tokens of messages on their way. */
void seq_reset_all(void);

#endif
