/* erl_msg_tracer.c: the message-only tracer of OTP's erl_tracer
 * documentation, as a dbgsh tracer module (dbgcore/tracer.h). For every
 * `send` event it sends {trace, Sender, Recipient} to the process given as
 * the tracer's state, nothing else: a lighter message tracer that only
 * records who sends to whom. dbgsh builds it in, so this works as is:
 *
 *   Tracer = spawn(fun F() -> receive M -> io:format("~p~n", [M]), F() end end),
 *   erlang:trace(new, true, [send, {tracer, erl_msg_tracer, Tracer}]).
 *
 * Both callbacks run in the traced process's context at every trace
 * point, so they do as little as they can. */
#include "dbgcore/tracer.h"

/* trace_status: remove this tracer when its process is gone. Otherwise
 * only `send` events of processes other than the tracer are wanted. */
static tracer_answer msg_enabled(term_t tag, term_t state, term_t tracee)
{
    static _Atomic term_t a_trace_status, a_send;
    if (!term_is_local_pid(state) || !proc_lookup(state))
        return tag == atom_cached(&a_trace_status, "trace_status") ? TRACER_REMOVE : TRACER_DISCARD;
    if (state == tracee)
        return TRACER_DISCARD;
    if (tag == atom_cached(&a_send, "send") || tag == atom_cached(&a_trace_status, "trace_status"))
        return TRACER_TRACE;
    return TRACER_DISCARD;
}

/* A send: {trace, Sender, Recipient} to the tracer process; the recipient
 * is the options' extra. */
static void msg_trace(term_t tag, term_t state, term_t tracee, term_t msg, term_t opts)
{
    (void)tag, (void)msg;
    static _Atomic term_t a_extra, a_trace;
    term_t recipient;
    if (!term_is_local_pid(state) || !map_get(opts, atom_cached(&a_extra, "extra"), &recipient))
        return;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    proc_deliver(state, tracee, term_tuple3(&h, atom_cached(&a_trace, "trace"), tracee, recipient));
    heap_destroy(&h);
}

const tracer_module erl_msg_tracer_module = {
    .name = "erl_msg_tracer",
    .enabled = msg_enabled,
    .trace = msg_trace,
};
