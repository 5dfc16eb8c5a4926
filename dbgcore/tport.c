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

/* A port's state. The driver is the port's own copy, so that its name
 * can be OTP's open command (port_info(P, name)). */
typedef struct tport {
    port_driver drv;
    char *name; /* drv.name; name_size bytes, ALLOC_TRACE */
    size_t name_size;
    tlog_writer *w;
} tport;

/* A trace message: appended as one record. */
static bool tport_output(void *state, term_t msg, size_t *written)
{
    tport *t = state;
    tlog_result r = tlog_writer_append_counted(t->w, msg, written, NULL);
    return r == TLOG_OK || r == TLOG_NOT_ENCODABLE || r == TLOG_TOO_LARGE;
}

/* The buffered records to the file: dbg:flush_trace_port/0 (port_control
 * $f, below) and the runtime's halt (OTP's driver's flush at
 * erlang:halt/1). */
static void tport_flush(void *state)
{
    tport *t = state;
    tlog_writer_flush(t->w, NULL);
}

/* port_control: $f writes out the buffer ([0], as OTP's trace_file_drv
 * answers); every other op is badarg, as there. */
static bool tport_control(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply)
{
    (void)data, (void)len;
    if (op != 'f')
        return false;
    tport_flush(state);
    *reply = term_cons(h, term_small(0), NIL);
    return true;
}

static void tport_close(void *state)
{
    tport *t = state;
    tlog_writer_close(t->w, NULL);
    alloc_free(ALLOC_TRACE, t->name, t->name_size);
    alloc_free(ALLOC_TRACE, t, sizeof *t);
}

/* The characters (UTF-8 sequences) of the file name s. */
static size_t count_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* The port's name: the command dbg:trace_port/2's fun opens OTP's driver
 * with, as bytes (UTF-8 names stay UTF-8): "trace_file_drv n Path", or
 * for a wrap set "trace_file_drv w Size Count TimeMs Len n PathTail",
 * Len the characters of Path. Allocated with ALLOC_TRACE, *size bytes. */
static char *port_name(const char *path, const char *tail, const tlog_wrap *wrap, size_t *size)
{
    char head[96] = "";
    if (tail)
        snprintf(head, sizeof head, "w %u %u %u %zu ", wrap->size, wrap->count, wrap->time_ms,
                 count_chars(path));
    *size = strlen("trace_file_drv ") + strlen(head) + strlen("n ") + strlen(path) +
            (tail ? strlen(tail) : 0) + 1;
    char *name = alloc_new(ALLOC_TRACE, *size);
    snprintf(name, *size, "trace_file_drv %sn %s%s", head, path, tail ? tail : "");
    return name;
}

/* The rotation timer of a time-wrapped log: ticks the writer every
 * period while the port is open (the tick runs under the port's lock, so
 * it never meets a closed writer; as OTP's driver timer, it is no port
 * operation: no trace event). */
typedef struct rotation {
    term_t port;
    uint32_t period_ms;
} rotation;

static void tick_writer(void *state, void *arg)
{
    (void)arg;
    tport *t = state;
    tlog_writer_tick(t->w, NULL);
}

static void rotation_tick(void *arg)
{
    rotation *rt = arg;
    if (port_with_lock(rt->port, tick_writer, NULL))
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
    /* OTP's driver refuses a wrap set without a suffix (its name's tail
     * must start within the file name) */
    if (!path || (wrapped && (!suffix || !*suffix))) {
        vm_file_name_free(path);
        vm_file_name_free(suffix);
        return BIF_BADARG(p);
    }
    tlog_writer *w;
    tlog_error err;
    tlog_result r =
        wrapped ? tlog_writer_open_wrap(&w, path, suffix, &wrap, &err) : tlog_writer_open(&w, path, &err);
    tport *t = NULL;
    if (r == TLOG_OK) {
        t = alloc_new(ALLOC_TRACE, sizeof *t);
        t->name = port_name(path, suffix, &wrap, &t->name_size);
        t->drv = (port_driver){.name = t->name,
                               .iovec = true,
                               .output = tport_output,
                               .control = tport_control,
                               .close = tport_close,
                               .flush = tport_flush};
        t->w = w;
    }
    vm_file_name_free(path);
    vm_file_name_free(suffix);
    if (r == TLOG_BADARG)
        return BIF_BADARG(p);
    if (r != TLOG_OK)
        return BIF_ERROR(p, vm_errno_atom(err.sys_errno));
    tlog_writer_serialized(w); /* the port's lock serializes its driver */
    term_t port = port_open(&t->drv, t, p);
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
