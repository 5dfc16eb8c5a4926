/* dbgcore.h: the public header of the trace engine (layer 3, DESIGN.md):
 * trace sessions, flags, breakpoints, match specifications, tracers, trace
 * logs and the dbg/trace/erlang:trace* BIFs. The shell includes only this. */
#ifndef DBGCORE_DBGCORE_H
#define DBGCORE_DBGCORE_H

#include "vm/vm.h"
/* Trace logs (dbg's trace-port file format, plain files and wrap sets) are
 * part of dbgcore's public API: the shell writes and reads them (log
 * --binary, dbgsh --format) through tlog.h's writer and reader. */
#include "dbgcore/tlog.h"

/* Registers the engine with the VM: its BIFs (bif_register), its Erlang
 * modules (dbg, ...: vm_add_library) and the VM's trace hooks. Call once,
 * after atom_table_init and before vm_start. */
void dbgcore_init(void);

/* ---- the trace collector (collector.c) ----------------------------------
 * A tracer the shell reads: a port (its term is the tracer to give
 * erlang:trace/3, dbg or a session) that keeps the most recent trace
 * messages, each as term_to_binary bytes, in a bounded ring. Writers are
 * the traced processes' threads; readers any thread. */
typedef struct collector collector;
typedef struct collector_stats {
    uint64_t events;    /* events kept, ever */
    uint64_t bytes;     /* their encoded bytes, ever */
    uint64_t dropped;   /* events pushed out of the ring (or cleared) */
    uint64_t too_large; /* events bigger than half the ring, not kept */
    uint64_t first, next; /* the sequence numbers in the ring: [first, next) */
} collector_stats;
/* A new collector keeping at most max_events events and max_bytes bytes
 * of them (the oldest go first; both rounded up to a power of two); NULL
 * when no port can be opened. Any thread; free with collector_free. */
collector *collector_open(size_t max_events, size_t max_bytes);
/* Its port: the tracer term. */
term_t collector_port(const collector *c);
/* Calls fn on each event from sequence number `from` on (at most max of
 * them), oldest first, under the collector's lock (fn must be quick and
 * must not trace); stops early when fn returns false (that event counts
 * as read). Returns the sequence number to read from next; *lost (if not
 * NULL) gets how many events from `from` on had already left the ring.
 * fn gets each event's arrival stamp too (collector_stamp_now). The bytes
 * are valid during the call only. */
typedef bool (*collector_fn)(uint64_t seq, uint64_t stamp, const uint8_t *etf, size_t len, void *arg);
uint64_t collector_read(collector *c, uint64_t from, collector_fn fn, void *arg, size_t max, uint64_t *lost);
/* Arrival stamps: every event a collector keeps gets the next value of
 * one process-wide counter, taken under the collector's lock as the event
 * is published, so stamps rise with sequence numbers in each ring and
 * order events across collectors by arrival. This is the stamp the next
 * event will get: every event stamped below it is already readable in
 * its collector, so a reader that takes it first, then reads several
 * collectors and keeps to the events stamped below it, merges them
 * exactly (later ones wait for its next round). Any thread. */
uint64_t collector_stamp_now(void);
/* Waits until an event numbered `after` or later is in the ring, the
 * collector closes, or timeout_ms pass; whether there is one. */
bool collector_wait(collector *c, uint64_t after, int timeout_ms);
void collector_stats_get(collector *c, collector_stats *out);
/* Paused, the collector keeps no event (it answers the tracee at once,
 * before encoding anything), until resumed. Any thread. */
void collector_pause(collector *c, bool paused);
/* Drops every event in the ring (counted as dropped). */
void collector_clear(collector *c);
/* Keeps at most max_events events from now on (rounded up to a power of
 * two, which it returns); when fewer than are in the ring, the oldest are
 * dropped (counted). The byte limit stays. Any thread. */
size_t collector_resize(collector *c, size_t max_events);
/* Closes the port (the processes traced to it lose their flags at their
 * next event) and frees the collector. */
void collector_free(collector *c);

#endif
