/* port.h: ports, OTP's other kind of process-like entity: a port is a
 * driver in C (in dbgsh, always inside the VM: a file trace port writes
 * dbg's trace log) that Erlang code addresses as #Port<0.N> with
 * port_command/port_control/port_close, and that the trace engine uses as
 * a tracer. The design (lock-free lookup, lifetime, differences from OTP)
 * is in docs/internals/ports.md.
 * Ownership: a port owns its driver state from port_open on and hands it
 * back to the driver's close exactly once. Messages passed to port_command
 * are borrowed for the call. Nothing here runs the GC; replies are built on
 * the heap the caller passes. A traced port's operations report trace
 * events (trace_hooks' port hooks, vm/trace.h) once its lock is released:
 * they may deliver messages to any tracer. */
#ifndef VM_PORT_H
#define VM_PORT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"
#include "proc.h"
#include "term.h"

/* A port is named by its term everywhere: the struct behind it is private
 * to vm/port.c (and recycled once the port closes), so no caller can hold
 * a stale handle to it. */

/* What a port does: the functions of its driver. Every call happens with
 * the port's lock held, so the calls on one port are serialized (but may
 * come from any thread, one after another); a driver must not call port_*
 * on its own port from inside them. output and close are required. The
 * driver struct is read until close
 * returns: a driver may embed it in its state to give each port its own
 * name (OTP's port names carry the open command: "trace_file_drv n /tmp/f"). */
typedef struct port_driver {
    /* port_info(P, name), as a latin1 string (bytes), e.g.
     * "trace_file_drv n /tmp/f". */
    const char *name;
    /* A term for the port: the data of port_command/2,3 (a binary or a
     * list: iodata already checked, passed as the caller gave it, not
     * flattened) or, when the port is a tracer, a trace message (a tuple:
     * {trace, ...}, {trace_ts, ...}, {drop, N}). `msg` is valid during the
     * call only. Adds the bytes it wrote to *written (0 on entry) for
     * port_info(P, output). Returns false when the port fails; it then sets
     * errno to the failure's code (ENOSPC, EIO, ...) and the port closes
     * with that code's POSIX name as reason (enospc, eio), as OTP's
     * driver_failure_posix, or `einval` when errno is 0. */
    bool (*output)(void *state, term_t msg, size_t *written);
    /* port_control(Port, Op, Data): Data flattened to `len` bytes. Builds
     * the reply on h (a list of bytes or a binary, as the OTP driver it
     * stands for answers; trace_file_drv's flush answers [0]) and stores
     * it in *reply. False: badarg (an unknown op, bad data); the port stays
     * open. NULL when the driver has no controls (every call is badarg). */
    bool (*control)(void *state, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply);
    /* The port closes: flush, release everything, free `state`. Called
     * exactly once per port, with the port's lock held; after it the port
     * no longer touches the state or the driver struct. */
    void (*close)(void *state);
    /* The runtime halts (erlang:halt with {flush, true}, its default):
     * write out what the driver buffers, as OTP's driver flush callback.
     * With the port's lock held; the port stays open. NULL: the driver
     * buffers nothing. */
    void (*flush)(void *state);
    /* Whether the OTP driver it stands for takes commands as I/O vectors
     * (outputv, as trace_file_drv): a traced port's 'receive' event then
     * shows a command's data as a list of binaries, else as one binary. */
    bool iovec;
} port_driver;

/* Port numbers: the first port is #Port<0.5> (a freshly booted `erl
 * -noshell` node's first user port); numbers grow by one per port, skipping
 * numbers whose table slot (number % PORT_TABLE_SIZE) is still held by an
 * open port, and are never reused within a run. At most PORT_TABLE_SIZE
 * ports are open at once (OTP's default port_limit). */
#define PORT_FIRST_NUMBER 5u
#define PORT_TABLE_SIZE (1u << 16)

/* Opens a port driven by drv with `state`, which the port owns from now
 * on, and links it with `owner`, the process that opens it and becomes
 * its connected process (port_info's `connected`). `owner` must be the
 * process the calling thread runs (a BIF's process): the link is added to
 * its link list directly. `owner` NULL opens a port of the runtime itself
 * (the shell's trace collectors): linked to nobody, connected to
 * `undefined`, closed only by port_close. Returns the port's term #Port<0.N>, or
 * THE_NON_VALUE when PORT_TABLE_SIZE ports are open (system_limit; the
 * state is then closed with drv->close at once). Any thread. A port that
 * a process opens while port_new_trace_flags is set may be born traced
 * (trace_hooks.port_open); the runtime's own ports never are. */
term_t port_open(const port_driver *drv, void *state, process *owner);

/* Passes msg to the port's output. False when the port is not open (closed,
 * never opened, not a local port) or when output failed (the port is then
 * closed: its links get an exit signal with the failure's reason).
 * Safe from any thread, concurrently with port_close: the trace hot path
 * takes no global lock (one table load, then the port's own lock). May
 * send exit signals (proc_signal) when the port fails. */
bool port_command(term_t port, term_t msg);

/* port_command asked by `caller` (a pid), whom the port's 'receive'
 * event names ({Caller, {command, Data}}); port_command is this with
 * caller NIL (no process: a trace message, the runtime's own data). */
bool port_command_from(term_t port, term_t caller, term_t msg);

/* Whether `port` is an open port. Lock-free (two atomic loads); any thread.
 * Only a hint when another thread may close the port concurrently. */
bool port_alive(term_t port);

/* Closes the port with reason `normal`: the driver's close runs (once),
 * the port leaves erlang:ports(), and every process linked to it gets the
 * exit signal {'EXIT', Port, normal} (seen by those trapping exits), as
 * OTP's port_close/1. False when it was not open. Any thread where
 * proc_signal may be called. */
bool port_close(term_t port);
/* port_close asked by `caller` (a pid; NIL: the runtime), whom the port's
 * 'receive' event names ({Caller, close}). */
bool port_close_from(term_t port, term_t caller);

/* Runs the driver's control under the port's lock, the reply built on h.
 * False (badarg): the port is not open, its driver has no control, or the
 * control refused (op or data). Any thread that owns h. */
bool port_control(term_t port, unsigned op, const uint8_t *data, size_t len, heap_t *h, term_t *reply);
/* port_control asked by `caller` (a pid; NIL: the runtime's own control,
 * which reports no send or 'receive' event), whom the port's events name:
 * 'receive' {Caller, {control, {Op, Data}}}, then on success send
 * {Port, {control, Reply}} to Caller. */
bool port_control_from(term_t port, term_t caller, unsigned op, const uint8_t *data, size_t len, heap_t *h,
                       term_t *reply);

/* Runs fn(state, arg) under the port's lock, serialized with its output
 * and close: a driver's own readers (the trace collector's) need no lock
 * of their own. False, fn not run, when the port is not open. Any thread. */
bool port_with_lock(term_t port, void (*fn)(void *state, void *arg), void *arg);

/* Runs the flush of every open port whose driver has one (vm_halt: what
 * erlang:halt/1 does before the runtime ends). Any thread that holds no
 * port's lock. */
void port_flush_all(void);

/* Makes `pid` the port's connected process and links them (when not yet
 * linked: a link signal to pid, so the port shows in pid's links once it
 * handled it), as erlang:port_connect/2. The old connected process stays
 * linked. False (badarg): the port is not open, or pid is not a live local
 * process. On a scheduler thread (it looks pid up). */
bool port_connect(term_t port, term_t pid);
/* port_connect asked by `caller` (a pid; NIL: the runtime), whom the
 * port's events name: 'receive' {Caller, {connect, Pid}}, then send
 * {Port, connected} to Caller (OTP traces that reply although
 * port_connect/2 never delivers it). */
bool port_connect_from(term_t port, term_t caller, term_t pid);

/* A snapshot of an open port for port_info/1,2. */
typedef struct port_view {
    term_t name;      /* the driver's name as a string (on h) */
    term_t links;     /* [Pid]: linked processes in the order linked (on h) */
    term_t connected; /* the connected pid */
    uint64_t number;  /* N of #Port<0.N> */
    uint64_t input;   /* bytes received from the port: always 0 here */
    uint64_t output;  /* bytes the driver reported writing */
    size_t memory;    /* bytes the port holds: its struct, its link array */
} port_view;

/* Fills *out for an open port, its terms built on h; false when the port
 * is not open. Any thread that owns h. */
bool port_view_of(term_t port, heap_t *h, port_view *out);

/* All open ports, on h, oldest (lowest number) first: erlang:ports/0. Any
 * thread that owns h. */
term_t port_all(heap_t *h);

/* How many ports are open (system_info(port_count)). Any thread. */
size_t port_count(void);

/* The process p exits with `reason` (on p's heap; copied where needed):
 * for every port in p's link list, p's link goes away, and the port closes
 * with `reason` when p is its connected process or the reason is not
 * `normal` (OTP: a normal exit of a linked process that is not the
 * connected one leaves the port open). The other processes linked to a
 * closing port get its exit signal. Called by proc_exit on p's scheduler
 * thread, before p's links and monitors get their signals (so whoever
 * gets p's 'DOWN' finds its ports closed). */
void port_owner_exited(process *p, term_t reason);

/* ---- tracing ports --------------------------------------------------------------
 * Each port carries trace state for the trace engine, as a process does
 * (p->trace, p->trace_flags): `trace`, the engine's (its per-session
 * entries; opaque here, owned by the engine), and `flags`, the union of
 * the TF_* bits of vm/trace.h those entries hold. The port's trace points
 * (open, command, control, connect, info, an exit signal, close) test
 * `flags` inline, one predictable branch each, and call trace_hooks'
 * port hooks only when a bit is set, after the port's lock is released:
 * no event is delivered with a port locked (docs/internals/ports.md,
 * "Tracing ports"). */

/* A function run on a port's trace state under its lock (port_trace_with):
 * it may read and replace both the state and the flags. It must not call
 * port_* nor deliver trace events (the port is locked), and must be quick. */
typedef void port_trace_fn(void **trace, uint32_t *flags, void *arg);

/* Runs fn on the open port's trace state under the port's lock; the flags
 * fn leaves are what the port's trace points test from then on. False, fn
 * not run, when the port is not open (a port's state goes with it:
 * trace_hooks.port_closed gets it). Any thread. */
bool port_trace_with(term_t port, port_trace_fn *fn, void *arg);

/* Nonzero while some trace session gives flags to new ports
 * (erlang:trace(new_ports, ...)): then port_open calls
 * trace_hooks.port_open for each port a process opens, before the port's
 * first trace point. Written by the trace engine, read relaxed. */
extern _Atomic uint32_t port_new_trace_flags;

#endif
