/* sched.h: scheduler threads. Each owns a run queue and a timer queue;
 * processes run a time slice (SCHED_SLICE_REDS reductions) at a time; an
 * idle scheduler steals from the others, then sleeps until work or its next
 * timer. Every scheduler reports thread progress between slices and before
 * sleeping (vm/progress.h). With one scheduler a run is deterministic.
 *
 * Who may touch a process's private state (heap, registers, frames, links,
 * message queue, dictionary): the thread that holds its PS_RUNNING bit. A
 * scheduler takes the bit for a time slice; another thread takes it with
 * sched_claim to read or change a process that is not running (process_info,
 * group_leader/2, code purging). A thread holding a claim never waits for
 * another one, so claims cannot deadlock. */
#ifndef VM_SCHED_H
#define VM_SCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "proc.h"

#define SCHED_SLICE_REDS 4000
#define SCHED_MAX 64

/* A bit of process.state beside proc.h's PS_* bits: the process runs a BIF
 * that waits in sched_claim for another process, and has let go of its
 * PS_RUNNING bit meanwhile so that others may claim it in turn (which
 * breaks cycles of processes inspecting each other). Only its own thread
 * resumes it. */
#define SCHED_PARKED (1u << 16)

/* Sets up n schedulers (1..SCHED_MAX) and starts their threads. */
void sched_start(unsigned n);
/* Stops every scheduler thread, waits for them, drops pending timers and
 * destroys the thread-progress state (running what was deferred). Processes
 * still alive are not freed. */
void sched_stop(void);
unsigned sched_count(void);
/* The calling thread's scheduler id, or -1 off the schedulers. */
int sched_current(void);
/* Makes p runnable on its scheduler's run queue (any thread). */
void sched_enqueue(process *p);

/* Starts a receive timer for p in the calling scheduler's timer queue (a
 * scheduler thread only) and returns its handle, never 0. When it expires
 * it calls proc_timer_fired(p->pid, handle). */
uint64_t sched_timer_receive(process *p, uint64_t ms);
/* Removes timer `handle` (from sched_timer_receive or sched_timer_call)
 * from its queue: at once when it is in the calling scheduler's queue,
 * else at that scheduler's next loop (it may still fire meanwhile: timer
 * callbacks check that their timer is still wanted). Any thread; does
 * nothing for a timer that fired already. */
void sched_timer_cancel(uint64_t handle);
/* Calls fn(arg) once on the calling scheduler's thread: in ms milliseconds
 * (erlang:send_after and friends), or earlier, on the thread that owns the
 * queue, when the timer is cancelled (sched_timer_cancel), so fn must tell
 * the two apart by arg's own state. fn owns arg. Returns the timer's
 * handle, never 0. */
uint64_t sched_timer_call(uint64_t ms, void (*fn)(void *), void *arg);

/* How sched_claim went. */
typedef enum sched_claim_result {
    SCHED_CLAIM_GONE,    /* q exits or has exited: not claimed */
    SCHED_CLAIM_IDLE,    /* claimed; q was waiting or runnable */
    SCHED_CLAIM_RUNNING, /* claimed; q was running (parked, or the caller
                          * waited for its time slice to end) */
} sched_claim_result;

/* Takes q's PS_RUNNING bit for the calling thread, waiting (without
 * holding anything) while a scheduler runs q or another thread has claimed
 * it. `self` is the calling process (NULL off the schedulers); it is parked
 * while the call waits (SCHED_PARKED), so self must have saved its state
 * and must not touch its own heap until the call returns, and q != self.
 * With q claimed, the caller may read and change q's private state (q's
 * heap included, never running its GC) until sched_release(q); it must not
 * claim another process meanwhile, nor wait for anything another claimer
 * may hold. q must stay allocated: call on a scheduler thread with q from
 * proc_lookup in this time slice. */
sched_claim_result sched_claim(process *self, process *q);
/* For a BIF that blocks its thread (the trace engine waiting for thread
 * progress): parks `self` as sched_claim does while it waits, so other
 * threads can claim it meanwhile; self must have saved its state and must
 * not touch its private state until sched_unpark(self) returns. */
void sched_park(process *self);
void sched_unpark(process *self);
/* Makes q (claimed by the caller, parked in a BIF) end its time slice at
 * its first function call after the BIF returns, as if it had used up its
 * reductions (they count as used): its next slice starts soon, with what
 * run_slice does first (PS_LITERALS, vm/proc.h). */
void sched_yield_soon(process *q);
/* Gives q's PS_RUNNING bit back (q claimed by the caller). */
void sched_release(process *q);
/* Kills q (claimed by the caller) as exit(q, kill) from `self` would: from
 * now on q counts as dead (is_process_alive, process_info, whereis and
 * signals to it fail) and its scheduler runs its exit with reason `killed`
 * (links and monitors told) without running its code again. A parked q
 * finishes the BIF it is in first: it gets the kill as an exit signal. */
void sched_kill(process *self, process *q);

#endif
