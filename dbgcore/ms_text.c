/* ms_text.c: erlang:match_spec_test/3 and the hooks it runs its programs
 * with. */
#include "ms_priv.h"

#include "format/format.h"

#include <stdio.h>
#include <string.h>

/* ---- match_spec_test's hooks ------------------------------------------------------------ */

/* The flags {enable_trace, F} and erlang:trace/3's lists accept (OTP 25's
 * erts_trace_flag2bit: cpu_timestamp is no such flag). */
static const char *const trace_flag_names[] = {
    "all",
    "send",
    "receive",
    "set_on_spawn",
    "procs",
    "ports",
    "call",
    "arity",
    "return_to",
    "running",
    "exiting",
    "running_procs",
    "running_ports",
    "garbage_collection",
    "timestamp",
    "monotonic_timestamp",
    "strict_monotonic_timestamp",
    "set_on_first_spawn",
    "set_on_link",
    "set_on_first_link",
    "silent",
};

static bool trace_flag(term_t t)
{
    if (!term_is_atom(t))
        return false;
    size_t n;
    const char *s = atom_text(t, &n);
    for (size_t i = 0; i < sizeof trace_flag_names / sizeof trace_flag_names[0]; i++)
        if (strlen(trace_flag_names[i]) == n && !memcmp(trace_flag_names[i], s, n))
            return true;
    return false;
}

/* A process a trace action names: a live local pid or a registered name. */
static bool live_target(term_t t)
{
    if (term_is_local_pid(t))
        return proc_lookup(t) != NULL;
    if (term_is_atom(t))
        return proc_whereis(t) != NIL;
    return false;
}

static term_t test_enable_trace(ms_ctx *ctx, term_t target, term_t flag, bool enable)
{
    if (!trace_flag(flag))
        return THE_NON_VALUE;
    if (target != THE_NON_VALUE && target != ctx->self && !live_target(target))
        return THE_NON_VALUE;
    return ATOM_true;
}

/* Reads a flag list of {trace, D, E}: every element a flag or {tracer,
 * T}; *tracer set when one is given. */
static bool trace_list(term_t l, bool *tracer, bool *flags)
{
    static _Atomic term_t tracer_atom;
    term_t ta = atom_cached(&tracer_atom, "tracer");
    for (; term_is_list(l); l = list_tail(l)) {
        term_t e = list_head(l);
        if (term_is_tuple(e) && tuple_arity(e) >= 2 && tuple_arity(e) <= 3 && tuple_elems(e)[0] == ta) {
            term_t tr = tuple_elems(e)[1];
            if (tuple_arity(e) == 2 ? !(term_is_local_pid(tr) || term_is_local_port(tr)) : !term_is_atom(tr))
                return false;
            *tracer = true;
        } else if (trace_flag(e)) {
            *flags = true;
        } else {
            return false;
        }
    }
    return l == NIL;
}

static term_t test_trace(ms_ctx *ctx, term_t target, term_t disable, term_t enable)
{
    bool tracer = false, dflags = false, eflags = false;
    if (!trace_list(disable, &tracer, &dflags) || !trace_list(enable, &tracer, &eflags))
        return THE_NON_VALUE;
    if (target != THE_NON_VALUE && target != ctx->self && !live_target(target))
        return THE_NON_VALUE;
    /* an untraced process: only a tracer with flags to enable changes it */
    return tracer && eflags ? ATOM_true : ATOM_false;
}

static term_t test_get_tcw(ms_ctx *ctx) { return term_int64(ctx->heap, ms_tcw_get()); }

/* OTP's match_spec_test runs set_tcw "fake": the current word, unchanged. */
static term_t test_set_tcw(ms_ctx *ctx, uint32_t tcw) { return term_int64(ctx->heap, ms_tcw_get()); }

static void test_display(ms_ctx *ctx, term_t t)
{
    fmt_buf b;
    fmt_buf_init(&b);
    fmt_erts(&b, t, SIZE_MAX);
    fmt_buf_put(&b, "\r\n", 2);
    vm_write(VM_STDOUT, b.data, b.len);
    fmt_buf_free(&b);
}

static term_t test_process_dump(ms_ctx *ctx)
{
    char text[96];
    int n = snprintf(text, sizeof text, "=proc:<0.%u.%u>\nState: Running\n",
                     term_is_local_pid(ctx->self) ? pid_number(ctx->self) : 0,
                     term_is_local_pid(ctx->self) ? pid_serial(ctx->self) : 0);
    return bin_new(ctx->heap, (const uint8_t *)text, (size_t)n);
}

static bool test_is_seq_trace(ms_ctx *ctx) { return false; }
static term_t test_get_seq_token(ms_ctx *ctx) { return NIL; }

/* OTP's fake set_seq_token: what seq_trace:get_token(Key) gives with no
 * token: [] for label and serial, {Key, false} for a flag, else badarg. */
static term_t test_set_seq_token(ms_ctx *ctx, term_t key, term_t value)
{
    static const char *const flag_keys[] = {
        "send", "receive", "print", "timestamp", "monotonic_timestamp", "strict_monotonic_timestamp", "spawn",
    };
    if (!term_is_atom(key))
        return THE_NON_VALUE;
    size_t n;
    const char *s = atom_text(key, &n);
    if ((n == 5 && !memcmp(s, "label", 5)) || (n == 6 && !memcmp(s, "serial", 6)))
        return NIL;
    for (size_t i = 0; i < sizeof flag_keys / sizeof flag_keys[0]; i++)
        if (strlen(flag_keys[i]) == n && !memcmp(flag_keys[i], s, n))
            return term_tuple2(ctx->heap, key, ATOM_false);
    return THE_NON_VALUE;
}

const ms_hooks ms_test_hooks = {
    .enable_trace = test_enable_trace,
    .trace = test_trace,
    .get_tcw = test_get_tcw,
    .set_tcw = test_set_tcw,
    .display = test_display,
    .process_dump = test_process_dump,
    .is_seq_trace = test_is_seq_trace,
    .get_seq_token = test_get_seq_token,
    .set_seq_token = test_set_seq_token,
};

/* ---- erlang:match_spec_test/3 --------------------------------------------------------------- */

/* {ok, Result, Flags, Warnings} | {error, Errors}; badarg for a Kind that
 * is neither trace nor table, or trace with a Term that is not a list.
 * The arguments of a trace run are the list's elements (an improper
 * tail is ignored, as OTP ignores it). */
term_t ms_bif_match_spec_test_3(process *p, const term_t *args)
{
    static _Atomic term_t trace_atom, table_atom, return_trace_atom, exception_trace_atom, error_atom;
    term_t kind = args[2];
    bool trace = kind == atom_cached(&trace_atom, "trace");
    if (!trace && kind != atom_cached(&table_atom, "table"))
        return BIF_BADARG(p);
    if (trace && !term_is_cons_or_nil(args[0]))
        return BIF_BADARG(p);
    heap_t *h = &p->heap;
    term_t errors;
    ms_prog *prog = ms_compile(args[1], trace ? MS_CALL : MS_TABLE, h, &errors, NULL);
    if (!prog)
        return term_tuple2(h, atom_cached(&error_atom, "error"), errors);

    ms_ctx ctx = {
        .heap = h,
        .self = p->pid,
        .caller = ATOM_undefined,
        .caller_line = ATOM_undefined,
        .hooks = &ms_test_hooks,
    };
    ms_result r;
    bool matched;
    if (trace) {
        unsigned n = 0;
        for (term_t l = args[0]; term_is_list(l); l = list_tail(l))
            n++;
        term_t small[16];
        term_t *v = n <= 16 ? small : alloc_new(ALLOC_TEMP, n * sizeof *v);
        unsigned i = 0;
        for (term_t l = args[0]; term_is_list(l); l = list_tail(l))
            v[i++] = list_head(l);
        matched = ms_run_trace(prog, &ctx, v, n, &r);
        if (v != small)
            alloc_free(ALLOC_TEMP, v, n * sizeof *v);
    } else {
        matched = ms_run_table(prog, &ctx, args[0], &r);
    }
    term_t result = ATOM_false, flags = NIL;
    if (matched) {
        result = copy_term(h, r.message); /* it may point into the program */
        if (r.flags & MS_EXCEPTION_TRACE)
            flags = term_cons(h, atom_cached(&exception_trace_atom, "exception_trace"), flags);
        if (r.flags & MS_RETURN_TRACE)
            flags = term_cons(h, atom_cached(&return_trace_atom, "return_trace"), flags);
    }
    ms_free(prog);
    term_t tup[4] = {ATOM_ok, result, flags, NIL};
    return term_tuple(h, 4, tup);
}
