/* tport.c: trace ports: VM ports whose driver writes the trace messages
 * given to it to a log in dbg's trace-port file format (tlog.c), one file
 * or a wrap set, and dbgsh_trace:open_port/2, which dbg:trace_port/2's fun
 * calls to open one (file here, ip in tport_ip.c). A process traced with
 * {tracer, Port} has its events written here by tracer_deliver (tracer.c).
 * docs/internals/trace-logs.md. */
#include "engine.h"
#include "tlog.h"
#include "tport_ip.h"


#define BIF(m, f, a, fn, flags) term_t fn(process *p, const term_t *args);
#include "tport.def"
#undef BIF

typedef struct tport {
    tlog_writer *w;
} tport;

/* A trace message: appended as one record. */
static bool tport_output(void *state, term_t msg, size_t *written)
{
    tport *t = state;
    tlog_result r = tlog_writer_append_counted(t->w, msg, written, NULL);
    return r == TLOG_OK || r == TLOG_NOT_ENCODABLE || r == TLOG_TOO_LARGE;
}

/* port_control: $f writes out the buffer ([0], as OTP's trace_file_drv
 * answers); $t is the rotation timer's tick. */
static bool tport_control(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply)
{
    (void)data, (void)len;
    tport *t = state;
    if (op == 'f')
        tlog_writer_flush(t->w, NULL);
    else if (op == 't')
        tlog_writer_tick(t->w, NULL);
    else
        return false;
    *reply = term_cons(h, term_small(0), NIL);
    return true;
}

static void tport_close(void *state)
{
    tport *t = state;
    tlog_writer_close(t->w, NULL);
    alloc_free(ALLOC_TRACE, t, sizeof *t);
}

static const port_driver trace_file_driver = {
    .name = "trace_file_drv",
    .output = tport_output,
    .control = tport_control,
    .close = tport_close,
};

/* The rotation timer of a time-wrapped log: ticks the writer every
 * period while the port is open (the tick goes through the port, so it
 * never meets a closed writer). */
typedef struct rotation {
    term_t port;
    uint32_t period_ms;
} rotation;

static void rotation_tick(void *arg)
{
    rotation *rt = arg;
    heap_t h;
    heap_init(&h, ALLOC_TEMP);
    term_t reply;
    bool open = port_control(rt->port, 't', NULL, 0, &h, &reply);
    heap_destroy(&h);
    if (open)
        sched_timer_call(rt->period_ms, rotation_tick, rt);
    else
        alloc_free(ALLOC_TRACE, rt, sizeof *rt);
}

/* Reads a non-negative integer below 2^32. */
static bool read_u32(term_t t, uint32_t *out)
{
    if (!term_is_small(t) || small_value(t) < 0 || small_value(t) > (int64_t)UINT32_MAX)
        return false;
    *out = (uint32_t)small_value(t);
    return true;
}

/* Opens the writer `spec` asks for: AbsName, or {AbsName, wrap, Tail,
 * WrapSize, WrapCount, WrapTimeMs}. */
static term_t open_file_port(process *p, term_t spec)
{
    term_t name = spec, tail = NIL;
    tlog_wrap wrap = {0, 0, 0};
    bool wrapped = term_is_tuple(spec);
    if (wrapped) {
        if (tuple_arity(spec) != 6 || tuple_get(spec, 1) != atom_from_cstr("wrap") ||
            !read_u32(tuple_get(spec, 3), &wrap.size) || !read_u32(tuple_get(spec, 4), &wrap.count) ||
            !read_u32(tuple_get(spec, 5), &wrap.time_ms) || wrap.count == 0)
            return BIF_BADARG(p);
        name = tuple_get(spec, 0);
        tail = tuple_get(spec, 2);
    }
    char *path = vm_file_name(name);
    char *suffix = wrapped ? vm_file_name(tail) : NULL;
    if (!path || (wrapped && !suffix && tail != NIL)) {
        vm_file_name_free(path);
        vm_file_name_free(suffix);
        return BIF_BADARG(p);
    }
    tlog_writer *w;
    tlog_error err;
    tlog_result r = wrapped ? tlog_writer_open_wrap(&w, path, suffix ? suffix : "", &wrap, &err)
                            : tlog_writer_open(&w, path, &err);
    vm_file_name_free(path);
    vm_file_name_free(suffix);
    if (r == TLOG_BADARG)
        return BIF_BADARG(p);
    if (r != TLOG_OK)
        return BIF_ERROR(p, vm_errno_atom(err.sys_errno));
    tport *t = alloc_new(ALLOC_TRACE, sizeof *t);
    t->w = w;
    tlog_writer_serialized(w); /* the port's lock serializes its driver */
    term_t port = port_open(&trace_file_driver, t, p);
    if (wrap.time_ms) {
        rotation *rt = alloc_new(ALLOC_TRACE, sizeof *rt);
        *rt = (rotation){port, wrap.time_ms};
        sched_timer_call(wrap.time_ms, rotation_tick, rt);
    }
    return port;
}

/* dbgsh_trace:open_port(file, Spec) and (ip, {PortNo, QueueSize}): a trace
 * port linked to the caller. */
term_t bif_tport_open_port_2(process *p, const term_t *args)
{
    static _Atomic term_t a_file, a_ip;
    if (args[0] == atom_cached(&a_file, "file"))
        return open_file_port(p, args[1]);
    if (args[0] == atom_cached(&a_ip, "ip"))
        return tport_ip_open(p, args[1]);
    return BIF_BADARG(p);
}
