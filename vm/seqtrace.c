/* seqtrace.c: sequential tracing's tokens (vm/seqtrace.h,
 * docs/internals/seq-trace.md). The token lives in fields of the process
 * and is built as a tuple only where it is shown or travels with a
 * message. The serial follows OTP's counters, curr_cnt (seq_clock) and
 * prev_cnt (seq_prev):
 *   send, print:  LastSerial := prev_cnt, Serial := ++curr_cnt
 *   receive:      the token := the message's,
 *                 curr_cnt := max(curr_cnt, Serial), prev_cnt := Serial
 * reset_seq_trace moves seq_trace_epoch on: a process whose seq_epoch is
 * behind has no token and zero counters, and a message sent before it
 * carries none. */
#include "seqtrace.h"

#include <stdatomic.h>

#include "atom.h"
#include "bif.h"
#include "cmp.h"
#include "copy.h"
#include "trace.h"

#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "seqtrace.def"
#undef BIF

static _Atomic uint32_t seq_trace_epoch;
static _Atomic term_t a_send, a_label, a_serial, a_print, a_timestamp, a_strict, a_mono, a_token;

static uint32_t epoch_now(void) { return atomic_load_explicit(&seq_trace_epoch, memory_order_acquire); }

void seq_init(process *p)
{
    p->seq_on = false;
    p->seq_flags = 0;
    p->seq_epoch = epoch_now();
    p->seq_label = NIL;
    p->seq_sender = NIL;
    p->seq_serial = p->seq_lastcnt = 0;
    p->seq_clock = p->seq_prev = 0;
}

/* p's token, cleared first when a reset came since p last looked. */
static bool has_token(process *p)
{
    if (p->seq_epoch != epoch_now())
        seq_init(p);
    return p->seq_on;
}

bool seq_active(process *p) { return has_token(p); }

static void clear_token(process *p)
{
    p->seq_on = false;
    p->seq_label = NIL;
}

/* The token as a send or print leaves it. */
static void advance(process *p)
{
    p->seq_lastcnt = p->seq_prev;
    p->seq_serial = ++p->seq_clock;
    p->seq_sender = p->pid;
}

/* Reports {Tag, {LastSerial, Serial}, From, To, What} with p's label. */
static void output(process *p, term_t tag, term_t from, term_t to, term_t what)
{
    if (!trace_hooks.seq_trace)
        return;
    term_t serial[3] = {header_make(2, HDR_TUPLE), term_small(p->seq_lastcnt), term_small(p->seq_serial)};
    term_t info[6] = {header_make(5, HDR_TUPLE), tag, term_boxed(serial), from, to, what};
    trace_hooks.seq_trace(p, p->seq_label, term_boxed(info), p->seq_flags);
}

/* {LastSerial, Serial} on h. */
static term_t serial_term(const process *p, heap_t *h)
{
    return term_tuple2(h, term_small(p->seq_lastcnt), term_small(p->seq_serial));
}

term_t seq_token_term(const process *p, heap_t *h)
{
    if (!p->seq_on || p->seq_epoch != epoch_now())
        return NIL;
    term_t e[5] = {term_small(p->seq_flags), p->seq_label, term_small(p->seq_serial), p->seq_sender,
                   term_small(p->seq_lastcnt)};
    return term_tuple(h, 5, e);
}

term_t seq_send(process *p, term_t to, term_t msg, heap_t *h)
{
    if (!has_token(p))
        return NIL;
    advance(p);
    if (p->seq_flags & SEQ_SEND)
        output(p, atom_cached(&a_send, "send"), p->pid, to, msg);
    term_t e[5] = {term_small(p->seq_flags), copy_term(h, p->seq_label), term_small(p->seq_serial), p->pid,
                   term_small(p->seq_lastcnt)};
    return term_tuple(h, 5, e);
}

void seq_receive(process *p, const message *m)
{
    term_t tok = m->token;
    if (tok == THE_NON_VALUE)
        return;
    has_token(p); /* a reset since p last looked */
    if (tok == NIL || m->token_epoch != p->seq_epoch) {
        clear_token(p);
        return;
    }
    /* The label stays in the message's memory, which joins p's heap. */
    p->seq_on = true;
    p->seq_flags = (uint32_t)small_value(tuple_get(tok, 0));
    p->seq_label = tuple_get(tok, 1);
    p->seq_serial = small_value(tuple_get(tok, 2));
    p->seq_sender = tuple_get(tok, 3);
    p->seq_lastcnt = small_value(tuple_get(tok, 4));
    p->seq_prev = p->seq_serial;
    if (p->seq_clock < p->seq_serial)
        p->seq_clock = p->seq_serial;
    if (p->seq_flags & SEQ_RECEIVE)
        output(p, ATOM_receive_, p->seq_sender, p->pid, m->term);
}

void seq_spawn(process *parent, process *child)
{
    if (!has_token(parent))
        return;
    advance(parent);
    child->seq_on = true;
    child->seq_flags = parent->seq_flags;
    child->seq_label = copy_term(&child->heap, parent->seq_label);
    child->seq_serial = parent->seq_serial;
    child->seq_lastcnt = parent->seq_lastcnt;
    child->seq_sender = parent->pid;
    child->seq_clock = child->seq_prev = parent->seq_serial;
}

void seq_reset_all(void) { atomic_fetch_add_explicit(&seq_trace_epoch, 1, memory_order_acq_rel); }

/* ---- the BIFs ------------------------------------------------------------------- */

/* The flag bit a key names, or 0. */
static uint32_t flag_of(term_t key)
{
    if (key == atom_cached(&a_send, "send"))
        return SEQ_SEND;
    if (key == ATOM_receive_)
        return SEQ_RECEIVE;
    if (key == atom_cached(&a_print, "print"))
        return SEQ_PRINT;
    if (key == atom_cached(&a_timestamp, "timestamp"))
        return SEQ_NOW_TIMESTAMP;
    if (key == atom_cached(&a_strict, "strict_monotonic_timestamp"))
        return SEQ_STRICT_MONOTONIC;
    if (key == atom_cached(&a_mono, "monotonic_timestamp"))
        return SEQ_MONOTONIC;
    return 0;
}

/* A new token: no flags, label 0, serial 0, as OTP makes one. */
static void new_token(process *p)
{
    p->seq_on = true;
    p->seq_flags = 0;
    p->seq_label = term_small(0);
    p->seq_serial = 0;
    p->seq_lastcnt = p->seq_prev;
    p->seq_sender = p->pid;
}

term_t seq_set(process *p, term_t key, term_t value, heap_t *h)
{
    bool on = has_token(p);
    if (key == atom_cached(&a_token, "sequential_trace_token")) {
        if (value != NIL)
            return THE_NON_VALUE;
        term_t old = seq_token_term(p, h);
        clear_token(p);
        return old;
    }
    if (key == atom_cached(&a_label, "label")) {
        term_t old = on ? copy_term(h, p->seq_label) : term_small(0);
        if (!on)
            new_token(p);
        p->seq_label = copy_term(&p->heap, value);
        return old;
    }
    if (key == atom_cached(&a_serial, "serial")) {
        if (!term_is_tuple(value) || tuple_arity(value) != 2 || !term_is_small(tuple_get(value, 0)) ||
            !term_is_small(tuple_get(value, 1)))
            return THE_NON_VALUE;
        if (!on)
            new_token(p);
        term_t old = serial_term(p, h);
        p->seq_lastcnt = p->seq_prev = small_value(tuple_get(value, 0));
        p->seq_serial = p->seq_clock = small_value(tuple_get(value, 1));
        return old;
    }
    uint32_t bit = flag_of(key);
    if (!bit || (value != ATOM_true && value != ATOM_false))
        return THE_NON_VALUE;
    if (!on)
        new_token(p);
    term_t old = (p->seq_flags & bit) ? ATOM_true : ATOM_false;
    p->seq_flags = value == ATOM_true ? p->seq_flags | bit : p->seq_flags & ~bit;
    return old;
}

term_t bif_seq_trace_2(process *p, const term_t *args)
{
    term_t old = seq_set(p, args[0], args[1], &p->heap);
    return old == THE_NON_VALUE ? BIF_BADARG(p) : old;
}

/* erlang:seq_trace_info/1: {Key, Value}; [] for the label and the serial
 * of a process with no token. */
term_t bif_seq_trace_info_1(process *p, const term_t *args)
{
    term_t key = args[0];
    bool on = has_token(p);
    if (key == atom_cached(&a_label, "label"))
        return on ? term_tuple2(&p->heap, key, p->seq_label) : NIL;
    if (key == atom_cached(&a_serial, "serial"))
        return on ? term_tuple2(&p->heap, key, serial_term(p, &p->heap)) : NIL;
    uint32_t bit = flag_of(key);
    if (!bit)
        return BIF_BADARG(p);
    return term_tuple2(&p->heap, key, on && (p->seq_flags & bit) ? ATOM_true : ATOM_false);
}

/* seq_trace_print: true when p's token has the print flag (and, with a
 * label, that label): the serial advances and the event is reported. */
static term_t print(process *p, term_t label, term_t info)
{
    if (!has_token(p) || !(p->seq_flags & SEQ_PRINT))
        return ATOM_false;
    if (label != THE_NON_VALUE && !term_eq_exact(label, p->seq_label))
        return ATOM_false;
    advance(p);
    output(p, atom_cached(&a_print, "print"), p->pid, NIL, info);
    return ATOM_true;
}

term_t bif_seq_trace_print_1(process *p, const term_t *args) { return print(p, THE_NON_VALUE, args[0]); }

term_t bif_seq_trace_print_2(process *p, const term_t *args) { return print(p, args[0], args[1]); }
