/* tport_ip.h: the ip trace port (dbg:trace_port(ip, {PortNo, QueueSize})),
 * OTP's trace_ip_drv: trace messages framed as dbg's trace records (tlog.h's
 * <<0, Size:32, ETF>> and <<1, Dropped:32>>) and sent over TCP to one
 * client at a time, dbg:trace_client(ip, ...) of a real OTP node, through
 * a bounded queue. docs/internals/trace-logs.md, "The ip trace port".
 * Ownership: records are plain bytes (ALLOC_TRACE_BUF) that the queue owns
 * once put; framing borrows the term for the call. Nothing here runs the
 * GC or keeps a pointer into a heap. */
#ifndef DBGCORE_TPORT_IP_H
#define DBGCORE_TPORT_IP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vm/vm.h"

/* dbg:trace_port(ip, PortNo)'s queue size. */
#define TPORT_IP_DEFAULT_QUEUE 200

/* One record of the wire format: `len` bytes, the op byte, the 32-bit
 * big-endian size (op 0) or drop count (op 1), then for op 0 the payload. */
typedef struct tport_ip_rec {
    struct tport_ip_rec *next;
    size_t len;
    uint8_t bytes[];
} tport_ip_rec;

/* The queue between the port's output and its network thread, with the
 * rule of OTP's trace_ip_drv (a ring of QueueSize + 1 slots whose last one
 * only ever holds a drop record): a message is queued while fewer than
 * `capacity` records wait; at `capacity` a drop record <<1, 1:32>> is
 * added instead; past it the last record (that drop record) counts one
 * more. So a burst of N messages before any client connects gives the
 * client min(N, capacity) messages, then {drop, N - capacity} when N >
 * capacity; once the client took some, messages queue again after the
 * drop record. The record being written to the client (taken, OTP's
 * message written straight to the socket) no longer counts. At most
 * capacity + 1 records wait (one more drop record per 2^32-1 messages
 * dropped in a row). Not thread-safe: the port guards it with a mutex. */
typedef struct tport_ip_queue {
    tport_ip_rec *head, *tail;
    uint64_t held;     /* records in the list */
    bool in_flight;    /* a record taken and not yet done */
    uint64_t capacity; /* QueueSize */
    uint64_t dropped;  /* messages counted in drop records, in all */
} tport_ip_queue;

void tport_ip_queue_init(tport_ip_queue *q, uint64_t capacity);
/* Frees every record held (not the one in flight: its taker frees it). */
void tport_ip_queue_destroy(tport_ip_queue *q);
/* Puts a message record (op 0) under the rule above. True: queued, the
 * queue owns rec. False: dropped and counted; rec is freed here. */
bool tport_ip_queue_put(tport_ip_queue *q, tport_ip_rec *rec);
/* Takes the oldest record for writing; NULL when none is queued. At most
 * one record is in flight at a time: the caller owns it, frees it once
 * written (or given up), then calls tport_ip_queue_done. */
tport_ip_rec *tport_ip_queue_take(tport_ip_queue *q);
/* The record in flight is gone (written, or given up). */
void tport_ip_queue_done(tport_ip_queue *q);

/* The record for a message given to the port: a trace message (any term
 * but iodata) as <<0, Size:32, term_to_binary(Msg)>>, OTP 25's bytes;
 * iodata (port_command/2's data: a binary or an iolist, already checked)
 * as <<0, Size:32, Bytes>>, as trace_ip_drv frames whatever it is sent.
 * NULL when the term has no external form or is 2^32 bytes or more. */
tport_ip_rec *tport_ip_record(term_t msg);
/* tport_ip_record with the heads of recent messages cached in `heads`
 * (vm/ext.h's ext_encode_headed; NULL: no cache): the same bytes, a
 * message whose head is cached encodes faster. One thread at a time per
 * cache (the port's output, under its lock). */
tport_ip_rec *tport_ip_record_headed(ext_heads *heads, term_t msg);
/* A drop record <<1, Count:32>>. */
tport_ip_rec *tport_ip_drop_record(uint32_t count);
void tport_ip_rec_free(tport_ip_rec *r);

/* dbgsh_trace:open_port(ip, {PortNo, QueueSize}): listens on TCP PortNo of
 * every IPv4 address (0: a port the system picks; PortNo is taken modulo
 * 65536, as OTP's driver does) and returns the port, linked to p, whose
 * port_control $p answers <<0, ListenPort:16>>. Starts the port's network
 * thread. Errors: badarg for a spec of another shape, error einval (OTP's
 * answer to a driver that fails to start) for a negative number, one past
 * 2^31-1, or a socket that cannot be bound (the port number is in use). */
term_t tport_ip_open(process *p, term_t spec);

/* The same from C: an ip trace port linked to `owner` (NULL: a port of the
 * runtime, linked to nobody, as port_open). THE_NON_VALUE with errno set
 * when it cannot start: EINVAL for a number out of 0..2^31-1, bind's or
 * socket's error, ENFILE when PORT_TABLE_SIZE ports are open. Any thread
 * (owner: see port_open). */
term_t tport_ip_port_open(int64_t portno, int64_t queue_size, process *owner);

#endif
