/* timer.h: the timers of one scheduler (`receive ... after`,
 * erlang:send_after/start_timer, timer:sleep): a binary min-heap ordered
 * by (deadline, insertion order) plus a hash index from timer id to heap
 * position, so insert, cancel and expiring one timer are O(log n) and
 * memory follows the number of live timers (both arrays shrink).
 * Ownership: a timer_queue belongs to one thread (its scheduler) and is not
 * thread-safe; it copies the caller's key and seq and owns nothing else. */
#ifndef VM_TIMER_H
#define VM_TIMER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A deadline that never comes; timer_next_deadline of an empty queue. */
#define TIMER_NEVER UINT64_MAX
/* No timer: timer ids are never 0. */
#define TIMER_NONE 0

/* A timer's handle: unique within its queue for the queue's lifetime,
 * increasing in insertion order. */
typedef uint64_t timer_id;

/* What a timer holds; the caller's key (say, a pid or a timer object's
 * number) and seq (say, the process's timer_seq, to spot stale timers)
 * come back unchanged. */
typedef struct timer_info {
    uint64_t deadline; /* ns of timer_now_ns()'s clock */
    timer_id id;
    uint64_t key;
    uint64_t seq;
} timer_info;

/* Heap index slot: id 0 is empty. */
typedef struct timer_slot {
    timer_id id;
    size_t pos;
} timer_slot;

typedef struct timer_queue {
    timer_info *heap; /* heap[0] is the earliest */
    size_t count, cap;
    timer_slot *index; /* open addressing, linear probing, power of 2 */
    size_t index_cap;
    timer_id next_id;
} timer_queue;

/* Called by timer_expire once per due timer, after the timer left the
 * queue (so the callback may insert into or cancel from the same queue). */
typedef void timer_fire_fn(void *arg, const timer_info *timer);

/* An empty queue; allocates nothing until the first insert. */
void timer_init(timer_queue *t);

/* Frees the queue's memory; pending timers are dropped without firing. */
void timer_destroy(timer_queue *t);

/* Adds a timer due at deadline_ns and returns its id (never TIMER_NONE).
 * A deadline in the past fires at the next timer_expire. O(log n). */
timer_id timer_insert(timer_queue *t, uint64_t deadline_ns, uint64_t key, uint64_t seq);

/* Removes timer `id` if it is pending and copies it to *out (out may be
 * NULL). false, leaving *out alone, when it already fired, was cancelled or
 * never existed. O(log n). */
bool timer_cancel(timer_queue *t, timer_id id, timer_info *out);

/* Copies pending timer `id` to *out; false if it is not pending. O(1). */
bool timer_lookup(const timer_queue *t, timer_id id, timer_info *out);

/* The earliest deadline, or TIMER_NEVER when no timer is pending. O(1). */
uint64_t timer_next_deadline(const timer_queue *t);

/* Pending timers. */
size_t timer_count(const timer_queue *t);

/* Bytes the queue holds now (its two arrays). */
size_t timer_memory(const timer_queue *t);

/* Fires every timer with deadline <= now_ns, earliest deadline first and
 * equal deadlines in insertion order, each removed before fire(arg, timer)
 * runs. Timers the callbacks insert with deadline <= now_ns fire in the
 * same call, in their place in that order. Returns how many fired. */
size_t timer_expire(timer_queue *t, uint64_t now_ns, timer_fire_fn *fire, void *arg);

/* Nanoseconds of CLOCK_MONOTONIC: the clock of every deadline. */
uint64_t timer_now_ns(void);

#endif
